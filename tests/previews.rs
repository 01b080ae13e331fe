//! Shortcuts the page takes for large datasets give exactly what the full computation gives:
//! a permutation's prefix, each rank's first indices, a no-sampler epoch's first indices, the
//! per-sample counts in closed form, and a picture drawn in slices.

use proptest::prelude::*;
use sampler_viz::model::{Params, Picture, visits};
use sampler_viz::sampler::{
    BatchSampler, Config, DistributedSampler, Generator, NoSampler, randperm, randperm_prefix,
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

    /// The closed-form visit counts equal counting every index each rank's loader yields.
    #[test]
    fn visits_in_closed_form_equal_counting(
        n in 0..=300u64, num_replicas in 1..=9i64, drop_last in any::<bool>(),
        batch_size in 1..=7i64, loader_drop_last in any::<bool>(), seed in any::<i64>(),
    ) {
        let config = Config { n, num_replicas, rank: 0, drop_last, seed: seed.into(), ..Config::default() };
        let epoch = DistributedSampler::new(&config).and_then(|s| s.epoch()).expect("valid config");
        let loader = BatchSampler::new(batch_size, loader_drop_last).expect("positive batch size");
        let mut counts = vec![0u32; n as usize];
        for rank in 0..epoch.num_replicas() {
            for batch in loader.batches(&epoch.rank(rank).collect::<Vec<_>>()) {
                batch.iter().for_each(|&i| counts[i as usize] += 1);
            }
        }
        let counted = (0..=counts.iter().copied().max().unwrap_or(0))
            .map(|t| (t, counts.iter().filter(|&&c| c == t).count() as u64))
            .filter(|&(_, samples)| samples > 0)
            .collect::<Vec<_>>();
        prop_assert_eq!(visits::distributed(&epoch, &loader).histogram, counted);
    }

    /// A picture drawn in slices is the picture drawn in one go.
    #[test]
    fn a_picture_in_slices_is_the_same_picture(n in 0..=3000u64, num_replicas in 1..=8i64, slice in 1..=500u32) {
        let params = Params { n, num_replicas, ..Params::default() };
        let mut task = Picture::start(&params).expect("valid params");
        while !task.advance(slice) {}
        prop_assert_eq!(task.finish(), Picture::compute(&params).expect("valid params"));
    }
}
