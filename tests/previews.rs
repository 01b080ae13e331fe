//! Shortcuts the page takes for large datasets give exactly what the full computation gives:
//! a permutation's prefix, each rank's first indices, and a no-sampler epoch's first indices.

use proptest::prelude::*;
use sampler_viz::sampler::{
    Config, DistributedSampler, Generator, NoSampler, randperm, randperm_prefix,
};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// `randperm_prefix(n, len)` is the first `len` items of `randperm(n)`.
    #[test]
    fn a_prefix_is_the_start_of_randperm(n in 0..=3000u32, len in 0..=3100u32, seed in any::<u64>()) {
        let full = randperm(n, &mut Generator::from_seed(seed));
        let prefix = randperm_prefix(n, len, &mut Generator::from_seed(seed));
        prop_assert_eq!(&prefix[..], &full[..len.min(n) as usize]);
    }

    /// `preview(k)` is the first `k` indices of every rank's full list.
    #[test]
    fn a_preview_is_the_start_of_every_rank(
        n in 0..=2000u64, num_replicas in 1..=16i64, k in 0..=40usize,
        shuffle in any::<bool>(), drop_last in any::<bool>(), seed in any::<i64>(), epoch in 0..=9i128,
    ) {
        let config = Config { n, num_replicas, rank: 0, shuffle, seed: seed.into(), drop_last, epoch };
        let sampler = DistributedSampler::new(&config).expect("valid config");
        let epoch = sampler.epoch().expect("seed in range");
        let full: Vec<Vec<u32>> = epoch.ranks().into_iter().map(|r| r.into_iter().take(k).collect()).collect();
        prop_assert_eq!(sampler.preview(k).expect("seed in range"), full);
    }

    /// `epoch_prefix(k, len)` is the start of the `k`-th epoch a process walks.
    #[test]
    fn a_no_sampler_prefix_is_the_start_of_its_epoch(
        n in 1..=2000u64, shuffle in any::<bool>(), seed in any::<i64>(), k in 0..4u64, len in 0..=2100u32,
    ) {
        let process = NoSampler::new(n, shuffle, seed.into()).expect("valid loader");
        let full = process.epochs().nth(k as usize).expect("epochs never end");
        prop_assert_eq!(&process.epoch_prefix(k, len)[..], &full[..(len as usize).min(full.len())]);
    }
}
