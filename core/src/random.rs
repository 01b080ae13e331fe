//! "No sampler": `DataLoader(dataset, shuffle=...)` in every process, which walks the whole
//! dataset on every rank. With `shuffle=True` the loader builds a `RandomSampler`; each time an
//! epoch's iterator is made PyTorch draws, from the process's global generator:
//! 1. the loader's `_base_seed` (one 64-bit draw, unused here but it advances the generator);
//! 2. the `RandomSampler`'s own seed (`random64() % 2^63`), which seeds a fresh generator
//!    for `randperm(n)`.
//!
//! So processes that called `torch.manual_seed(S)` with the same `S` walk the same order.

use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64;

use super::{Generator, MAX_LEN, SamplerError, randperm_prefix, unpack_seed};

/// A process's `DataLoader` without a sampler, after `torch.manual_seed(manual_seed)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoSampler {
    n: u32,
    shuffle: bool,
    process_seed: u64,
}

impl NoSampler {
    /// `torch.manual_seed(manual_seed)` then `DataLoader(dataset_of_len_n, shuffle=shuffle)`.
    pub fn new(n: u64, shuffle: bool, manual_seed: i128) -> Result<Self, SamplerError> {
        let process_seed = unpack_seed(manual_seed)?;
        Self::with_process_seed(n, shuffle, process_seed)
    }

    /// The same loader in a process whose global seed is `process_seed` (`torch.initial_seed()`).
    pub fn with_process_seed(
        n: u64,
        shuffle: bool,
        process_seed: u64,
    ) -> Result<Self, SamplerError> {
        if shuffle && n == 0 {
            return Err(SamplerError::InvalidNumSamples { num_samples: n });
        }
        if n > u64::from(MAX_LEN) {
            return Err(SamplerError::DatasetTooLarge { n: n.into() });
        }
        Ok(Self { n: n as u32, shuffle, process_seed })
    }

    /// `len(loader.sampler)`: every rank walks the whole dataset.
    pub fn len(&self) -> usize {
        self.n as usize
    }

    /// True for an empty dataset.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The 64-bit seed of the process's global generator.
    pub fn process_seed(&self) -> u64 {
        self.process_seed
    }

    /// The order of each epoch in turn (the `k`-th item is the `k`-th `for batch in loader`).
    pub fn epochs(&self) -> impl Iterator<Item = Vec<u32>> + use<> {
        let loader = *self;
        let mut global = Generator::from_seed(self.process_seed);
        std::iter::repeat_with(move || loader.next_epoch(&mut global, loader.n))
    }

    /// The order of epoch `k` (0-based).
    pub fn epoch(&self, k: u64) -> Vec<u32> {
        self.epoch_prefix(k, self.n)
    }

    /// The first `len` indices of epoch `k` (0-based), skipping the draws of the `k` epochs
    /// before it (one or two 64-bit draws each, so the cost grows with `k`).
    pub fn epoch_prefix(&self, k: u64, len: u32) -> Vec<u32> {
        let mut global = Generator::from_seed(self.process_seed);
        let draws_per_epoch = if self.shuffle { 2 } else { 1 };
        for _ in 0..k.saturating_mul(draws_per_epoch) {
            global.random64();
        }
        self.next_epoch(&mut global, len)
    }

    /// Makes one epoch's iterator (the base seed draw, then the `RandomSampler`'s) and takes
    /// the first `len` indices.
    fn next_epoch(&self, global: &mut Generator, len: u32) -> Vec<u32> {
        let _base_seed = global.random_int64();
        if !self.shuffle {
            return (0..len.min(self.n)).collect();
        }
        let sampler_seed = global.random_int64();
        randperm_prefix(self.n, len, &mut Generator::from_seed(sampler_seed))
    }
}

/// Simulated `torch.initial_seed()` of `num_replicas` processes that never call
/// `torch.manual_seed`: PyTorch seeds each from the OS, so here a PCG generator seeded with
/// `shown_seed` stands in, letting the page name one number that reproduces the picture.
pub fn unseeded_process_seeds(shown_seed: u64, num_replicas: usize) -> Vec<u64> {
    let mut rng = Pcg64::seed_from_u64(shown_seed);
    (0..num_replicas).map(|_| rng.next_u64()).collect()
}
