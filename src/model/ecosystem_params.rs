//! The ecosystem's calls as the page's [`Params`] spell them: what `accelerator.prepare` is
//! given, torchdata's save and resume, and the loaders of an iterable dataset (shared by the
//! schemes and the pitfalls).

use super::Params;
use crate::sampler::{AccelerateConfig, BatchSampler, IterableLoader, Resume};

impl Params {
    /// What `accelerator.prepare(DataLoader(...))` is given, on `num_replicas` processes
    /// (which must be positive).
    pub fn accelerate_config(&self) -> AccelerateConfig {
        AccelerateConfig {
            n: self.n,
            num_processes: self.num_replicas.max(0) as usize,
            batch_size: self.batch_size,
            shuffle: self.shuffle,
            drop_last: self.loader_drop_last,
            split_batches: self.split_batches,
            even_batches: self.even_batches,
            use_seedable_sampler: self.use_seedable_sampler,
            data_seed: self.data_seed,
            manual_seed: self.manual_seed,
        }
    }

    /// torchdata's save after `consumed` batches of the epoch told, and the resume (told the
    /// same epoch when `restore_epoch`), for every rank.
    pub fn resume(&self, loader: BatchSampler) -> Resume {
        Resume {
            config: self.sampler_config(0),
            loader,
            consumed: usize::try_from(self.consumed).unwrap_or(usize::MAX),
            resume_epoch: self.restore_epoch.then_some(i128::from(self.sampler_epoch())),
        }
    }

    /// Each rank's `DataLoader` over an `IterableDataset` of `range(n)` sharded by
    /// `sharding`, batched by `loader` and read by `num_workers` workers (both already checked).
    pub fn iterable_loaders(
        &self,
        loader: BatchSampler,
        num_workers: usize,
    ) -> Vec<IterableLoader> {
        let w = self.num_replicas.max(0) as usize;
        (0..w)
            .map(|rank| IterableLoader {
                n: self.n,
                num_replicas: w,
                rank,
                sharding: self.sharding,
                loader,
                num_workers,
            })
            .collect()
    }
}
