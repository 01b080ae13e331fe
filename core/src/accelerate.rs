//! Accelerate 1.15's `accelerator.prepare(DataLoader(dataset, batch_size, shuffle, drop_last))`
//! (`prepare_data_loader`, then `BatchSamplerShard` in each of `num_processes` processes).
//!
//! The loader's own batches are made once per epoch, alike in every process, then dealt:
//! - `split_batches=False`: whole batches in turn, batch `i` to process `i % num_processes`;
//!   a round that not every process completes is dropped with `drop_last`, else left uneven
//!   (`even_batches=False`) or completed with samples from the start of the epoch;
//! - `split_batches=True`: every full batch cut into `num_processes` slices.
//!
//! The shuffle comes from one of three generators:
//! - `use_seedable_sampler`: reseeded every epoch with `data_seed` (else the process's
//!   `torch.initial_seed()`) plus the epoch;
//! - several processes: one generator seeded from the global RNG when the loader is prepared,
//!   shared by every process and continued across epochs (each epoch's `RandomSampler` draws
//!   two permutations from it and uses the first);
//! - one process: nothing is sharded and the loader draws a new seed from the global RNG every
//!   epoch, as a plain `DataLoader` does ([`NoSampler`]).

use super::{
    BatchSampler, Generator, LoaderConfig, NoSampler, RunsOn, SamplerError, randperm, unpack_seed,
};

/// What `accelerator.prepare` is given, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AccelerateConfig {
    /// `len(dataset)`.
    pub n: u64,
    /// `num_processes`.
    pub num_processes: usize,
    /// `DataLoader(batch_size=...)`.
    pub batch_size: i64,
    /// `DataLoader(shuffle=...)`.
    pub shuffle: bool,
    /// `DataLoader(drop_last=...)`.
    pub drop_last: bool,
    /// `Accelerator(split_batches=...)` (via `DataLoaderConfiguration`).
    pub split_batches: bool,
    /// `even_batches=` (default `True`).
    pub even_batches: bool,
    /// `use_seedable_sampler=` (default `False`).
    pub use_seedable_sampler: bool,
    /// `data_seed=` (default `None`: the process's initial seed).
    pub data_seed: Option<i128>,
    /// `torch.manual_seed(...)` (`accelerate.utils.set_seed`) in every process.
    pub manual_seed: i128,
}

/// A prepared loader, the same in every process but for what each is dealt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Prepared {
    config: AccelerateConfig,
    loader: BatchSampler,
    /// The process's `torch.initial_seed()`.
    initial_seed: u64,
}

impl Prepared {
    /// Builds the `DataLoader` and prepares it, raising what the libraries raise.
    pub fn new(config: &AccelerateConfig) -> Result<Self, SamplerError> {
        // In Python's order: `torch.manual_seed`, then `DataLoader` (its `RandomSampler`, then
        // its `BatchSampler`), then `prepare_data_loader`.
        let initial_seed = unpack_seed(config.manual_seed)?;
        let loader = LoaderConfig {
            batch_size: config.batch_size,
            shuffle: config.shuffle,
            drop_last: config.drop_last,
        }
        .check(config.n, false)?;
        if config.n > u64::from(super::MAX_LEN) {
            return Err(SamplerError::DatasetTooLarge { n: config.n.into() });
        }
        let (bs, w) = (loader.batch_size(), config.num_processes);
        if config.split_batches && w > 0 {
            let error = |shard| SamplerError::SplitBatches {
                batch_size: config.batch_size,
                num_processes: w as i64,
                shard,
            };
            // `prepare_data_loader` lets a batch of 1 through; `BatchSamplerShard` does not.
            if bs > 1 && bs % w != 0 {
                return Err(error(false));
            }
            if w > 1 && bs % w != 0 {
                return Err(error(true));
            }
        }
        let prepared = Self { config: *config, loader, initial_seed };
        // A short last round is completed to whole batches: what the processes hold in all
        // must fit this tool, however large `batch_size` is.
        let dealt = prepared.dealt();
        if dealt > u128::from(super::MAX_TOTAL_SIZE) {
            return Err(SamplerError::TotalSizeTooLarge { total_size: dealt });
        }
        Ok(prepared)
    }

    /// How many indices the processes get in all, at most (a completed round counted whole).
    fn dealt(&self) -> u128 {
        let (n, w) = (u128::from(self.config.n), self.config.num_processes.max(1) as u128);
        let bs = self.loader.batch_size() as u128;
        let batches = self.loader.len(self.config.n as usize) as u128;
        if w == 1 || self.config.drop_last || !self.config.even_batches {
            return n;
        }
        if self.config.split_batches { batches * bs } else { batches.div_ceil(w) * w * bs }
    }

    /// The loader's batches in epoch `epoch` (what `DataLoader` yields before any dealing).
    pub fn loader_batches(&self, epoch: u64) -> Result<Vec<Vec<u32>>, SamplerError> {
        Ok(self.batches_of(&self.order(epoch)?))
    }

    /// The loader's batches of one epoch's `order` ([`Prepared::order`]).
    pub fn batches_of(&self, order: &[u32]) -> Vec<Vec<u32>> {
        self.loader.batches(order).map(<[u32]>::to_vec).collect()
    }

    /// The order the loader walks in epoch `epoch` (0-based, counted from `prepare`).
    pub fn order(&self, epoch: u64) -> Result<Vec<u32>, SamplerError> {
        let c = &self.config;
        let n = c.n as u32;
        if !c.shuffle {
            return Ok((0..n).collect());
        }
        if c.use_seedable_sampler {
            // `SeedableRandomSampler`: `manual_seed(initial_seed + epoch)` every epoch.
            let initial = c.data_seed.unwrap_or(i128::from(self.initial_seed));
            let seed = initial.checked_add(i128::from(epoch));
            let seed = seed.ok_or(SamplerError::SeedOverflow { seed: initial })?;
            let mut g = Generator::manual_seed(seed)?;
            return Ok(randperm(n, &mut g));
        }
        match self.runs_on() {
            Some(mut runs) => Ok(runs.order(epoch)),
            // One process: a new seed from the global RNG every epoch.
            None => Ok(NoSampler::with_process_seed(c.n, true, self.initial_seed)?.epoch(epoch)),
        }
    }

    /// The sampler's generator when it runs on across epochs (several processes shuffling
    /// without a seedable sampler): seeded once from the global RNG by `prepare_data_loader`,
    /// two permutations drawn from it each epoch ([`Prepared::order`] is the first).
    pub fn runs_on(&self) -> Option<RunsOn> {
        let c = &self.config;
        (c.shuffle && !c.use_seedable_sampler && c.num_processes > 1).then(|| {
            let mut global = Generator::from_seed(self.initial_seed);
            RunsOn::new(c.n as u32, 2, Generator::from_seed(global.random_int64()))
        })
    }

    /// The batches every process gets in epoch `epoch`, process 0 first.
    pub fn epoch(&self, epoch: u64) -> Result<Vec<Vec<Vec<u32>>>, SamplerError> {
        Ok(self.deal_all(&self.loader_batches(epoch)?))
    }

    /// What every process gets of the loader's `batches`, process 0 first.
    pub fn deal_all(&self, batches: &[Vec<u32>]) -> Vec<Vec<Vec<u32>>> {
        (0..self.config.num_processes).map(|p| self.deal(batches, p)).collect()
    }

    /// What process `p` gets of the loader's `batches`.
    pub fn deal(&self, batches: &[Vec<u32>], p: usize) -> Vec<Vec<u32>> {
        let c = &self.config;
        if c.num_processes <= 1 {
            // Nothing is sharded for a single process.
            return batches.to_vec();
        }
        let shard = Shard {
            w: c.num_processes,
            p,
            bs: self.loader.batch_size(),
            drop_last: c.drop_last,
            even: c.even_batches,
        };
        if c.split_batches { shard.split(batches) } else { shard.whole(batches) }
    }

    /// The per-process batch size: `batch_size`, or its slice with `split_batches`.
    pub fn process_batch_size(&self) -> usize {
        let bs = self.loader.batch_size();
        if self.config.split_batches && self.config.num_processes > 1 {
            bs / self.config.num_processes
        } else {
            bs
        }
    }

    /// `len(prepared_loader)` in process `p`, as the library reports it (with `split_batches`
    /// and `even_batches=False` it can count a batch the process never gets).
    pub fn len(&self, p: usize) -> usize {
        let c = &self.config;
        let l = self.loader.len(c.n as usize);
        let w = c.num_processes.max(1);
        if w == 1 || c.split_batches {
            return l;
        }
        let length = l / w;
        let extra = !l.is_multiple_of(w) && !c.drop_last && (c.even_batches || p < l % w);
        length + usize::from(extra)
    }
}

/// `BatchSamplerShard` for one process.
struct Shard {
    w: usize,
    p: usize,
    bs: usize,
    drop_last: bool,
    even: bool,
}

impl Shard {
    /// `_iter_with_no_split`: whole batches in turn.
    fn whole(&self, batches: &[Vec<u32>]) -> Vec<Vec<u32>> {
        let (w, p, bs) = (self.w, self.p, self.bs);
        let mut out = Vec::new();
        let mut initial: Vec<u32> = Vec::new();
        let mut to_yield: Option<&Vec<u32>> = None;
        for (idx, batch) in batches.iter().enumerate() {
            if !self.drop_last && idx < w {
                initial.extend(batch);
            }
            if idx % w == p {
                to_yield = Some(batch);
            }
            if idx % w == w - 1 && batch.len() == bs {
                out.extend(to_yield.take().cloned());
            }
        }
        if self.drop_last || initial.is_empty() {
            return out;
        }
        if !self.even {
            out.extend(to_yield.cloned());
            return out;
        }
        if let Some(batch) = to_yield.filter(|b| b.len() == bs) {
            out.push(batch.clone());
        }
        while initial.len() < w * bs {
            initial.extend_from_within(..);
        }
        // Complete the last round from the start of the epoch, one batch per missing process.
        let last = batches.last().map(Vec::as_slice).unwrap_or_default();
        let mut idx = batches.len() - 1;
        let mut batch = last.to_vec();
        if batch.len() == bs {
            batch.clear();
            idx += 1;
        }
        let mut cycle = 0;
        while !idx.is_multiple_of(w) || !batch.is_empty() {
            let end = cycle + bs - batch.len();
            batch.extend_from_slice(&initial[cycle..end]);
            if idx % w == p {
                out.push(std::mem::take(&mut batch));
            }
            batch.clear();
            cycle = end;
            idx += 1;
        }
        out
    }

    /// `_iter_with_split`: each full batch cut into one slice per process.
    fn split(&self, batches: &[Vec<u32>]) -> Vec<Vec<u32>> {
        let (bs, part) = (self.bs, self.bs / self.w);
        let (from, to) = (part * self.p, part * (self.p + 1));
        let mut out: Vec<Vec<u32>> =
            batches.iter().filter(|b| b.len() == bs).map(|b| b[from..to].to_vec()).collect();
        let (Some(first), Some(last)) = (batches.first(), batches.last()) else {
            return out;
        };
        if self.drop_last || last.len() >= bs {
            return out;
        }
        if !self.even {
            if last.len() > from {
                out.push(last[from..to.min(last.len())].to_vec());
            }
        } else {
            let mut initial = first.clone();
            while initial.len() < bs {
                initial.extend_from_within(..);
            }
            // The first batch is the short last one when there is only one (Python doubles
            // that very list, so the batch grows with it).
            let mut batch = if batches.len() == 1 { initial.clone() } else { last.clone() };
            batch.extend_from_slice(&initial);
            out.push(batch[from..to].to_vec());
        }
        out
    }
}
