//! torchdata 0.11's resumable loading: `StatefulDistributedSampler` with a
//! `StatefulDataLoader`. `state_dict()` records how many indices the sampler has yielded this
//! epoch, not the epoch: a process that resumes skips that many indices of whatever epoch its
//! own sampler is told (epoch 0 unless it calls `set_epoch` again before loading).

use super::{BatchSampler, Config, DistributedSampler, SamplerError};

/// Train `consumed` batches of `config.epoch`, save, and resume in a new process.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resume {
    /// The sampler's arguments, with the epoch being trained.
    pub config: Config,
    /// `StatefulDataLoader(batch_size, drop_last)`.
    pub loader: BatchSampler,
    /// Batches taken before `state_dict()`.
    pub consumed: usize,
    /// The epoch the new process gives `set_epoch` before `load_state_dict`, or `None`.
    pub resume_epoch: Option<i128>,
}

/// The batches before the save and after the resume, on one rank.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resumed {
    /// The batches taken before `state_dict()`.
    pub before: Vec<Vec<u32>>,
    /// The rest of the epoch in the resumed process.
    pub after: Vec<Vec<u32>>,
}

impl Resume {
    /// What this rank trains, before and after; `consumed` beyond `len(loader)` is refused
    /// (Python's `next` would raise `StopIteration`).
    pub fn run(&self) -> Result<Resumed, SamplerError> {
        let sampler = DistributedSampler::new(&self.config)?;
        let total = self.loader.len(sampler.len());
        if self.consumed > total {
            return Err(SamplerError::ConsumedBeyondEpoch { consumed: self.consumed, len: total });
        }
        let again = self.resumed_sampler()?.indices()?;
        Ok(self.split(&sampler.indices()?, &again))
    }

    /// [`Resume::run`] for every rank at once (rank 0 first), drawing each epoch's
    /// permutation once for all of them; `config.rank` is ignored.
    pub fn every_rank(&self) -> Result<Vec<Resumed>, SamplerError> {
        let first = Resume { config: Config { rank: 0, ..self.config.clone() }, ..self.clone() };
        first.run()?;
        let trained = DistributedSampler::new(&first.config)?.epoch()?.ranks();
        let again = first.resumed_sampler()?.epoch()?.ranks();
        Ok(trained.iter().zip(&again).map(|(t, a)| self.split(t, a)).collect())
    }

    /// The sampler the new process builds, told the restored epoch or none (0).
    fn resumed_sampler(&self) -> Result<DistributedSampler, SamplerError> {
        let epoch = self.resume_epoch.unwrap_or(0);
        DistributedSampler::new(&Config { epoch, ..self.config.clone() })
    }

    /// The first `consumed` batches of `trained`, then the batches of `again` past the indices
    /// those batches yielded.
    fn split(&self, trained: &[u32], again: &[u32]) -> Resumed {
        let before: Vec<Vec<u32>> =
            self.loader.batches(trained).take(self.consumed).map(<[u32]>::to_vec).collect();
        let yielded: usize = before.iter().map(Vec::len).sum();
        let rest = again.get(yielded..).unwrap_or_default();
        let after = self.loader.batches(rest).map(<[u32]>::to_vec).collect();
        Resumed { before, after }
    }
}
