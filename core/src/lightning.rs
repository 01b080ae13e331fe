//! Lightning's samplers (pytorch-lightning 2.6.6 and its `lightning_fabric`):
//! - `DistributedSamplerWrapper(sampler, ...)`: the user's sampler is listed afresh every
//!   epoch, and `DistributedSampler` then shuffles, pads and strides *positions* in that list.
//!   Its docstring says `shuffle` and `seed` have no effect; they do.
//! - `UnrepeatedDistributedSampler(dataset, ...)` (used for prediction): no padding, so ranks
//!   hold `len(range(rank, n, num_replicas))` samples; its shuffle is seeded with the epoch
//!   alone (`manual_seed(epoch)`), whatever `seed` says.

use super::{Config, DistributedSampler, Generator, RunsOn, SamplerError, randperm};

/// The sampler a `DistributedSamplerWrapper` wraps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Inner {
    /// `SequentialSampler(dataset)`.
    Sequential,
    /// `RandomSampler(dataset, generator=g)` with `g.manual_seed(seed)` once, at start.
    Random { seed: i128 },
}

/// `DistributedSamplerWrapper(inner, num_replicas, rank, shuffle, seed, drop_last)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wrapper {
    /// The wrapped sampler.
    pub inner: Inner,
    /// `DistributedSampler`'s arguments; `n` is `len(inner)`, `epoch` the one set.
    pub config: Config,
}

impl Wrapper {
    /// What the inner sampler lists in epoch `epoch`: `list(inner)` made once per epoch, from
    /// the start. A `RandomSampler` draws two permutations per listing and yields the first.
    pub fn inner_order(&self, epoch: u64) -> Result<Vec<u32>, SamplerError> {
        let n = self.config.n;
        if n > u64::from(super::MAX_LEN) {
            return Err(SamplerError::DatasetTooLarge { n: n.into() });
        }
        let n = n as u32;
        match self.inner {
            Inner::Sequential => Ok((0..n).collect()),
            Inner::Random { .. } if n == 0 => {
                Err(SamplerError::InvalidNumSamples { num_samples: 0 })
            }
            Inner::Random { seed } => {
                Ok(RunsOn::new(n, 2, Generator::manual_seed(seed)?).order(epoch))
            }
        }
    }

    /// Every rank's indices in the configured epoch, `set_epoch(epoch)` before each epoch.
    pub fn ranks(&self) -> Result<Vec<Vec<u32>>, SamplerError> {
        self.ranks_after(self.config.epoch.max(0) as u64)
    }

    /// Every rank's indices when `listed` epochs were listed before this one (the inner
    /// sampler moves on every epoch, whatever epoch the wrapper is told).
    pub fn ranks_after(&self, listed: u64) -> Result<Vec<Vec<u32>>, SamplerError> {
        wrap_listing(&self.config, &self.inner_order(listed)?)
    }

    /// This rank's indices.
    pub fn indices(&self) -> Result<Vec<u32>, SamplerError> {
        let rank = usize::try_from(self.config.rank).unwrap_or_default();
        Ok(self.ranks()?.swap_remove(rank))
    }
}

/// What every rank of a `DistributedSamplerWrapper` yields in `config.epoch` when the inner
/// sampler listed `listed` this time: `DistributedSampler` shuffles, pads and stripes the
/// *positions* `0 .. len(listed)` (`config.n` is taken to be that length), and each position
/// reads the listed index.
pub fn wrap_listing(config: &Config, listed: &[u32]) -> Result<Vec<Vec<u32>>, SamplerError> {
    let config = Config { n: listed.len() as u64, ..config.clone() };
    let epoch = DistributedSampler::new(&config)?.epoch()?;
    Ok(epoch.ranks().into_iter().map(|r| r.iter().map(|&i| listed[i as usize]).collect()).collect())
}

/// `UnrepeatedDistributedSampler(dataset, num_replicas, rank, shuffle, seed)` told `epoch`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unrepeated {
    /// `DistributedSampler`'s arguments (`seed` and `drop_last` are taken and ignored).
    pub config: Config,
}

impl Unrepeated {
    /// Checks the arguments as the constructor does, for this rank.
    pub fn check(&self) -> Result<(), SamplerError> {
        DistributedSampler::new(&self.config)?;
        let c = &self.config;
        if c.n > 0 && self.num_samples(c.rank) == 0 {
            // `assert self.num_samples >= 1 or self.total_size == 0`
            return Err(SamplerError::UnrepeatedEmptyRank);
        }
        Ok(())
    }

    /// `len(range(rank, n, num_replicas))`.
    pub fn num_samples(&self, rank: i64) -> usize {
        let (n, w) = (self.config.n, self.config.num_replicas.max(1) as u64);
        let rank = rank.max(0) as u64;
        if rank >= n { 0 } else { (n - rank).div_ceil(w) as usize }
    }

    /// The order every rank strides: `randperm(n)` seeded with the epoch alone, or `0..n`.
    pub fn order(&self) -> Result<Vec<u32>, SamplerError> {
        let c = &self.config;
        if c.n > u64::from(super::MAX_LEN) {
            return Err(SamplerError::DatasetTooLarge { n: c.n.into() });
        }
        if !c.shuffle {
            return Ok((0..c.n as u32).collect());
        }
        Ok(randperm(c.n as u32, &mut Generator::manual_seed(c.epoch)?))
    }

    /// Every rank's indices (`order[rank::num_replicas]`), rank 0 first.
    pub fn ranks(&self) -> Result<Vec<Vec<u32>>, SamplerError> {
        self.check()?;
        let order = self.order()?;
        let w = self.config.num_replicas as usize;
        Ok((0..w).map(|r| order.iter().skip(r).step_by(w).copied().collect()).collect())
    }

    /// This rank's indices.
    pub fn indices(&self) -> Result<Vec<u32>, SamplerError> {
        let rank = usize::try_from(self.config.rank).unwrap_or_default();
        Ok(self.ranks()?.swap_remove(rank))
    }
}
