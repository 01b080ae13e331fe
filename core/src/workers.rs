//! `DataLoader(num_workers=k)`: which worker process loads each batch, and what an
//! `IterableDataset` yields when every worker iterates its own copy of it.
//!
//! PyTorch (2.15) hands the loader's tasks to its workers in turn (`itertools.cycle` over the
//! worker ids, skipping a worker whose iterable has ended) and yields results in task order:
//! - map-style: batch `b` is loaded by worker `b % k`, and the batches are the usual ones;
//! - iterable: each worker batches its own stream (dropping its own short last batch with
//!   `drop_last`), and the loader yields one batch of each worker in turn until all have ended.
//!
//! With `num_workers=0` the main process loads everything (an iterable's worker 0 of 1).

use super::{BatchSampler, SamplerError};

/// The loader's `base_seed` in each of the first `epochs` epochs of a process that called
/// `torch.manual_seed(manual_seed)` and draws nothing else from its global generator: each
/// `iter(loader)` draws one (`random_()` on an int64); worker `w` then seeds `torch` and
/// `random` with `base_seed + w` (its `torch.initial_seed()`).
pub fn base_seeds(manual_seed: i128, epochs: usize) -> Result<Vec<u64>, SamplerError> {
    let mut global = super::Generator::manual_seed(manual_seed)?;
    Ok((0..epochs).map(|_| global.random_int64()).collect())
}

/// The loader's `base_seed` in epoch `epoch` (0-based), as [`base_seeds`] draws it.
pub fn base_seed(manual_seed: i128, epoch: u64) -> Result<u64, SamplerError> {
    let mut global = super::Generator::manual_seed(manual_seed)?;
    (0..epoch).for_each(|_| {
        global.random_int64();
    });
    Ok(global.random_int64())
}

/// `DataLoader(num_workers=...)`, refused below 0 as PyTorch refuses it.
pub fn check_num_workers(num_workers: i64) -> Result<usize, SamplerError> {
    if num_workers < 0 {
        return Err(SamplerError::NegativeWorkers);
    }
    // Beyond a 32-bit page's usize there are more workers than batches anyway.
    Ok(usize::try_from(num_workers).unwrap_or(usize::MAX))
}

/// The worker that loads each of `batches` batches of a map-style dataset (`None`: the main
/// process, with `num_workers=0`).
pub fn map_workers(batches: usize, num_workers: usize) -> Vec<Option<usize>> {
    (0..batches).map(|b| (num_workers > 0).then(|| b % num_workers)).collect()
}

/// How an `IterableDataset` of `range(n)` splits its items among workers and ranks (the
/// `get_worker_info()` code in its `__iter__`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sharding {
    /// Every worker of every rank yields every item.
    None,
    /// Worker `w` of `k` keeps `i % k == w` (every rank alike).
    Worker,
    /// Worker `w` of rank `r` keeps `i % (num_replicas * k) == r * k + w`.
    RankAndWorker,
}

impl Sharding {
    /// Every sharding, as the page lists them.
    pub const ALL: [Sharding; 3] = [Sharding::None, Sharding::Worker, Sharding::RankAndWorker];

    /// Its name (`none`, `worker`, `rank_and_worker`).
    pub fn name(self) -> &'static str {
        match self {
            Sharding::None => "none",
            Sharding::Worker => "worker",
            Sharding::RankAndWorker => "rank_and_worker",
        }
    }

    /// The sharding called `name`.
    pub fn from_name(name: &str) -> Option<Sharding> {
        Sharding::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// `DataLoader(IterableRange(n, sharding), batch_size, drop_last, num_workers)` on `rank`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IterableLoader {
    /// The stream's length, `range(n)`.
    pub n: u64,
    /// Ranks (for `RankAndWorker`).
    pub num_replicas: usize,
    /// This rank.
    pub rank: usize,
    /// How `__iter__` shards.
    pub sharding: Sharding,
    /// The loader's batching.
    pub loader: BatchSampler,
    /// `num_workers` (0: the main process).
    pub num_workers: usize,
}

impl IterableLoader {
    /// The items worker `w` yields.
    pub fn stream(&self, w: usize) -> Vec<u32> {
        let k = self.num_workers.max(1);
        let keep = |i: u64| match self.sharding {
            Sharding::None => true,
            Sharding::Worker => i % k as u64 == w as u64,
            Sharding::RankAndWorker => {
                let slots = (self.num_replicas * k) as u64;
                i % slots == (self.rank * k + w) as u64
            }
        };
        (0..self.n).filter(|&i| keep(i)).map(|i| i as u32).collect()
    }

    /// The batches in the order the loader yields them, each with the worker that made it.
    pub fn batches(&self) -> Vec<(Vec<u32>, usize)> {
        let k = self.num_workers.max(1);
        let per_worker: Vec<Vec<Vec<u32>>> = (0..k)
            .map(|w| self.loader.batches(&self.stream(w)).map(<[u32]>::to_vec).collect())
            .collect();
        let rounds = per_worker.iter().map(Vec::len).max().unwrap_or(0);
        let mut out = Vec::new();
        for round in 0..rounds {
            for (w, batches) in per_worker.iter().enumerate() {
                if let Some(batch) = batches.get(round) {
                    out.push((batch.clone(), w));
                }
            }
        }
        out
    }
}
