//! `torch.utils.data.DataLoader`'s own checks on the arguments this tool models
//! (`batch_size`, `shuffle`, `sampler`, `drop_last`), in the order PyTorch makes them.

use super::{BatchSampler, SamplerError};

/// The `DataLoader(dataset, batch_size, shuffle, sampler, drop_last)` arguments this tool models.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoaderConfig {
    /// Indices per batch.
    pub batch_size: i64,
    /// `shuffle=True`: a `RandomSampler` when no sampler is given.
    pub shuffle: bool,
    /// Drop a short last batch.
    pub drop_last: bool,
}

impl Default for LoaderConfig {
    /// Batch 4 without shuffling or dropping, as in the classic toy example.
    fn default() -> Self {
        Self { batch_size: 4, shuffle: false, drop_last: false }
    }
}

impl LoaderConfig {
    /// Checks the arguments as `DataLoader(dataset_of_len_n, ...)` would, with or without a
    /// `sampler=`, and returns the batch sampler it builds.
    pub fn check(&self, n: u64, with_sampler: bool) -> Result<BatchSampler, SamplerError> {
        if with_sampler && self.shuffle {
            return Err(SamplerError::SamplerWithShuffle);
        }
        if !with_sampler && self.shuffle && n == 0 {
            return Err(SamplerError::InvalidNumSamples { num_samples: n });
        }
        BatchSampler::new(self.batch_size, self.drop_last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check(n: u64, config: LoaderConfig, with_sampler: bool, expect: Result<(), SamplerError>) {
        assert_eq!(config.check(n, with_sampler).map(|_| ()), expect);
    }

    #[test]
    fn checks_in_pytorch_order() {
        let shuffled = LoaderConfig { batch_size: 0, shuffle: true, drop_last: false };
        check(10, shuffled, true, Err(SamplerError::SamplerWithShuffle));
        check(0, shuffled, false, Err(SamplerError::InvalidNumSamples { num_samples: 0 }));
        check(10, shuffled, false, Err(SamplerError::InvalidBatchSize { batch_size: 0 }));
        check(0, LoaderConfig::default(), false, Ok(()));
        check(10, LoaderConfig::default(), true, Ok(()));
    }
}
