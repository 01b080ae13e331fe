//! `torch.utils.data.BatchSampler`, the part of `DataLoader` that cuts a sampler's indices
//! into batches of `batch_size`, dropping a short last batch when `drop_last=True`.

use super::SamplerError;

/// A validated `BatchSampler(sampler, batch_size, drop_last)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BatchSampler {
    batch_size: usize,
    drop_last: bool,
}

impl BatchSampler {
    /// Checks `batch_size` as PyTorch does: it must be a positive integer.
    pub fn new(batch_size: i64, drop_last: bool) -> Result<Self, SamplerError> {
        match usize::try_from(batch_size) {
            Ok(size) if size > 0 => Ok(Self { batch_size: size, drop_last }),
            _ => Err(SamplerError::InvalidBatchSize { batch_size }),
        }
    }

    /// How many indices a full batch holds.
    pub fn batch_size(&self) -> usize {
        self.batch_size
    }

    /// Whether a short last batch is dropped.
    pub fn drop_last(&self) -> bool {
        self.drop_last
    }

    /// `len(loader)` for a sampler of `sampler_len` indices: ceil, or floor with `drop_last`.
    pub fn len(&self, sampler_len: usize) -> usize {
        if self.drop_last {
            sampler_len / self.batch_size
        } else {
            sampler_len.div_ceil(self.batch_size)
        }
    }

    /// The batches a `DataLoader` yields over `indices`, in order.
    pub fn batches<'a>(&self, indices: &'a [u32]) -> impl Iterator<Item = &'a [u32]> + use<'a> {
        indices.chunks(self.batch_size).take(self.len(indices.len()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check(n: u32, batch_size: i64, drop_last: bool, expect: &[&[u32]]) {
        let indices: Vec<u32> = (0..n).collect();
        let sampler = BatchSampler::new(batch_size, drop_last).expect("valid batch size");
        let got: Vec<&[u32]> = sampler.batches(&indices).collect();
        assert_eq!(got, expect);
        assert_eq!(sampler.len(indices.len()), expect.len());
    }

    #[test]
    fn batches_and_lengths() {
        check(5, 2, false, &[&[0, 1], &[2, 3], &[4]]);
        check(5, 2, true, &[&[0, 1], &[2, 3]]);
        check(4, 2, true, &[&[0, 1], &[2, 3]]);
        check(1, 4, true, &[]);
        check(0, 3, false, &[]);
    }

    #[test]
    fn batch_size_must_be_positive() {
        for bad in [0, -3, i64::MIN] {
            assert_eq!(
                BatchSampler::new(bad, false),
                Err(SamplerError::InvalidBatchSize { batch_size: bad })
            );
        }
    }
}
