//! Properties of the sampler core that hold for every configuration, not only the golden ones.
//!
//! Where a property restates PyTorch, the Python it restates is quoted (or mirrored by
//! [`python_padded`]) so a failure can be read against `torch/utils/data/distributed.py`.

use proptest::prelude::*;
use sampler_viz::sampler::generator::{SEED_MAX, SEED_MIN};
use sampler_viz::sampler::{
    BatchSampler, Config, DistributedSampler, Epoch, Generator, LoaderConfig, MAX_LEN, NoSampler,
    SamplerError, randperm,
};

/// Any Python integer a user might pass as a seed: mostly 64-bit, some just outside the range
/// `manual_seed` accepts, some far outside.
fn seed() -> impl Strategy<Value = i128> {
    prop_oneof![
        4 => any::<i64>().prop_map(i128::from),
        2 => SEED_MIN - 8..=SEED_MAX + 8,
        1 => prop::sample::select(vec![SEED_MIN - 1, SEED_MIN, -1, SEED_MAX, SEED_MAX + 1]),
        1 => any::<i128>(),
    ]
}

/// An epoch passed to `set_epoch`: mostly small, sometimes any 64-bit value.
fn epoch() -> impl Strategy<Value = i128> {
    prop_oneof![0..=20i128, any::<i64>().prop_map(i128::from)]
}

/// `len(dataset)`: sometimes empty, mostly small enough to draw, now and then past [`MAX_LEN`].
fn dataset_len(drawable: u64) -> impl Strategy<Value = u64> {
    prop_oneof![1 => Just(0), 8 => 1..=drawable, 1 => 0..=(1u64 << 25)]
}

/// A count such as `num_replicas` or `rank`: mostly small, sometimes any `i64`.
fn count() -> impl Strategy<Value = i64> {
    prop_oneof![3 => -2..=12i64, 1 => any::<i64>()]
}

prop_compose! {
    /// Any configuration at all.
    fn config()(
        n in dataset_len(5000), num_replicas in count(), rank in count(), shuffle in any::<bool>(),
        seed in seed(), drop_last in any::<bool>(), epoch in seed(),
    ) -> Config {
        Config { n, num_replicas, rank, shuffle, seed, drop_last, epoch }
    }
}

prop_compose! {
    /// A configuration PyTorch accepts, small enough to draw every rank.
    fn valid_config()(num_replicas in 1..=12i64)(
        num_replicas in Just(num_replicas), rank in 0..num_replicas, n in 0..=300u64,
        (shuffle, drop_last) in any::<(bool, bool)>(), seed in any::<i64>(), epoch in 0..=20i128,
    ) -> Config {
        Config { n, num_replicas, rank, shuffle, seed: seed.into(), drop_last, epoch }
    }
}

/// The sampler and its epoch for a configuration known to be valid.
fn draw(config: &Config) -> (DistributedSampler, Epoch) {
    let sampler = DistributedSampler::new(config).expect("valid config");
    let epoch = sampler.epoch().expect("seed + epoch in range");
    (sampler, epoch)
}

/// `DistributedSampler.__iter__` between shuffling and striping, as the Python writes it:
/// ```python
/// if not self.drop_last:
///     padding_size = self.total_size - len(indices)
///     if padding_size <= len(indices):
///         indices += indices[:padding_size]
///     else:
///         indices += (indices * math.ceil(padding_size / len(indices)))[:padding_size]
/// else:
///     indices = indices[:self.total_size]
/// ```
fn python_padded(order: &[u32], total_size: usize) -> Vec<u32> {
    let mut indices = order.to_vec();
    let padding = total_size.saturating_sub(order.len());
    if padding <= order.len() {
        indices.extend_from_slice(&order[..padding]);
    } else {
        indices.extend(order.iter().cycle().take(padding));
    }
    indices.truncate(total_size);
    indices
}

fn sorted(mut v: Vec<u32>) -> Vec<u32> {
    v.sort_unstable();
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// Any configuration gives `Ok` or `Err`, never a panic; once built, only `seed + epoch`
    /// outside `manual_seed`'s range can still fail, and every rank gets `len()` indices.
    #[test]
    fn any_config_is_ok_or_err(config in config()) {
        let Ok(sampler) = DistributedSampler::new(&config) else { return Ok(()) };
        prop_assert!(config.n <= u64::from(MAX_LEN));
        if config.n > 5000 {
            return Ok(()); // a permutation this large is too slow in a debug build
        }
        let sum = config.seed.checked_add(config.epoch);
        let overflows = config.shuffle && sum.is_none_or(|s| !(SEED_MIN..=SEED_MAX).contains(&s));
        match sampler.indices() {
            Ok(indices) => prop_assert!(!overflows && indices.len() == sampler.len(), "{config:?}"),
            Err(e) => {
                prop_assert!(overflows && matches!(e, SamplerError::SeedOverflow { .. }), "{e}")
            }
        }
    }

    /// `DataLoader`'s checks and `BatchSampler` accept exactly the positive batch sizes, and
    /// `NoSampler` accepts any `n`, `shuffle` and seed that PyTorch does.
    #[test]
    fn loader_checks_are_ok_or_err(
        n in dataset_len(2000),
        batch_size in prop_oneof![-3..=8i64, any::<i64>()],
        (shuffle, drop_last, with_sampler) in any::<(bool, bool, bool)>(),
        manual_seed in seed(),
    ) {
        prop_assert_eq!(BatchSampler::new(batch_size, drop_last).is_ok(), batch_size > 0);
        let loader = LoaderConfig { batch_size, shuffle, drop_last }.check(n, with_sampler);
        // `sampler=` with `shuffle=True`, or a `RandomSampler` over nothing.
        let refused = shuffle && (with_sampler || n == 0);
        prop_assert_eq!(loader.is_ok(), !refused && batch_size > 0);
        let no_sampler = NoSampler::new(n, shuffle, manual_seed);
        let accepted = (SEED_MIN..=SEED_MAX).contains(&manual_seed) && !(shuffle && n == 0);
        prop_assert_eq!(no_sampler.is_ok(), accepted && n <= u64::from(MAX_LEN));
        if let Some(no_sampler) = no_sampler.ok().filter(|_| n <= 2000) {
            prop_assert_eq!(no_sampler.epoch(1).len(), no_sampler.len());
        }
    }

    /// Rank `r` is valid exactly when `0 <= r < num_replicas`; otherwise the error is
    /// `InvalidRank` with PyTorch's message, whatever the other arguments.
    #[test]
    fn invalid_rank_is_reported_as_pytorch_does(config in config()) {
        let (rank, w) = (config.rank, config.num_replicas);
        let result = DistributedSampler::new(&config);
        if (0..w).contains(&rank) {
            prop_assert!(!matches!(result, Err(SamplerError::InvalidRank { .. })), "{result:?}");
        } else {
            let message = format!(
                "Invalid rank {rank}, rank should be in the interval [0, {}]",
                i128::from(w) - 1
            );
            prop_assert_eq!(result.as_ref().map_err(ToString::to_string), Err(message));
            prop_assert_eq!(result, Err(SamplerError::InvalidRank { rank, num_replicas: w }));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// An epoch handed over by its list before padding, whole or in slices of any sizes, is
    /// the epoch drawn; anything but a permutation of the dataset's indices is refused, and a
    /// refused slice leaves the receiver as it was.
    #[test]
    fn an_epoch_handed_over_is_the_one_drawn(
        config in valid_config(),
        at in any::<prop::sample::Index>(),
        cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..4),
    ) {
        let (sampler, epoch) = draw(&config);
        let order = epoch.order();
        let whole = sampler.epoch_from(order);
        prop_assert_eq!(whole.as_ref(), Some(&epoch));
        let n = order.len();
        let mut cuts: Vec<usize> = cuts.iter().map(|c| c.index(n + 1)).collect();
        cuts.extend([0, n]);
        cuts.sort_unstable();
        let mut receiver = sampler.receive_epoch();
        for pair in cuts.windows(2) {
            prop_assert!(receiver.take(&order[pair[0]..pair[1]]));
            prop_assert_eq!(receiver.received(), pair[1]);
        }
        let sliced = receiver.finish();
        prop_assert_eq!(sliced.as_ref(), Some(&epoch));
        if n > 0 {
            prop_assert!(sampler.epoch_from(&order[..n - 1]).is_none(), "one short");
            let mut out_of_range = order.to_vec();
            out_of_range[at.index(n)] = n as u32;
            prop_assert!(sampler.epoch_from(&out_of_range).is_none());
            // A slice refused half-way keeps nothing: the right one is then taken.
            let mut receiver = sampler.receive_epoch();
            prop_assert!(!receiver.take(&out_of_range));
            prop_assert_eq!(receiver.received(), 0);
            prop_assert!(receiver.take(order));
            prop_assert!(!receiver.take(&order[..1]), "more than the dataset holds");
            // After a first slice, one that repeats an index of it is refused whole, and the
            // right rest is then taken.
            let k = at.index(n);
            let mut receiver = sampler.receive_epoch();
            prop_assert!(receiver.take(&order[..k]));
            if 0 < k && k < n {
                // As long as the rest, its last index one of the first slice's: the rest's
                // other indices are marked before the repeat is met, and must be given back.
                let mut again = order[k..n - 1].to_vec();
                again.push(order[0]);
                prop_assert!(!receiver.take(&again));
                prop_assert_eq!(receiver.received(), k);
            }
            prop_assert!(receiver.take(&order[k..]));
            let rest = receiver.finish();
            prop_assert_eq!(rest.as_ref(), Some(&epoch));
        }
        if n > 1 {
            let mut repeated = order.to_vec();
            let k = at.index(n - 1);
            repeated[k] = repeated[k + 1];
            prop_assert!(sampler.epoch_from(&repeated).is_none());
        }
    }

    /// Every rank gets exactly `len(sampler)` indices, and `total_size = len * num_replicas`.
    #[test]
    fn every_rank_gets_len_indices(config in valid_config()) {
        let (sampler, epoch) = draw(&config);
        let w = config.num_replicas as usize;
        for r in 0..w {
            prop_assert_eq!(epoch.rank(r).count(), sampler.len());
        }
        prop_assert_eq!(sampler.total_size(), sampler.len() * w);
        prop_assert_eq!(epoch.total_size(), sampler.total_size());
        prop_assert_eq!(sampler.indices().expect("valid").len(), sampler.len());
    }

    /// Without `drop_last`, the ranks hold every index at least once, and the padded list is
    /// the order wrapped around: position `j` is `order[j % n]`, as Python's padding builds it.
    #[test]
    fn padding_wraps_around(config in valid_config(), n in 1..=300u64) {
        let (sampler, epoch) = draw(&Config { n, drop_last: false, ..config });
        let order = epoch.order();
        let padded = python_padded(order, sampler.total_size());
        for (j, &index) in padded.iter().enumerate() {
            prop_assert_eq!(index, order[j % order.len()]);
        }
        prop_assert_eq!(epoch.padded().collect::<Vec<_>>(), padded.clone());
        let held = sorted(epoch.ranks().concat());
        prop_assert!((0..n as u32).all(|index| held.binary_search(&index).is_ok()));
        prop_assert_eq!(held, sorted(padded));
    }

    /// With `drop_last`, no index is handed out twice and `floor(n / w) * w` are kept.
    #[test]
    fn drop_last_never_repeats(config in valid_config()) {
        let (sampler, epoch) = draw(&Config { drop_last: true, ..config });
        let w = config.num_replicas as usize;
        let kept = sorted(epoch.ranks().concat());
        prop_assert_eq!(kept.len(), config.n as usize / w * w);
        prop_assert_eq!(sampler.total_size(), kept.len());
        prop_assert!(kept.windows(2).all(|pair| pair[0] != pair[1]));
        prop_assert_eq!(kept, sorted(epoch.order()[..sampler.total_size()].to_vec()));
    }

    /// Rank `r`'s `k`-th index is position `r + k * num_replicas` of the padded list
    /// (`indices[self.rank:self.total_size:self.num_replicas]`).
    #[test]
    fn ranks_are_stripes(config in valid_config()) {
        let (sampler, epoch) = draw(&config);
        let padded = python_padded(epoch.order(), sampler.total_size());
        let w = config.num_replicas as usize;
        for r in 0..w {
            let stripe: Vec<u32> = padded.iter().skip(r).step_by(w).copied().collect();
            prop_assert_eq!(epoch.rank(r).collect::<Vec<_>>(), stripe);
        }
        let own: Vec<u32> = epoch.rank(config.rank as usize).collect();
        prop_assert_eq!(sampler.indices().expect("valid"), own);
    }

    /// The same `(seed, epoch)` gives the same order, and shuffling seeds the generator with
    /// `seed + epoch` (`g.manual_seed(self.seed + self.epoch)`), so only the sum matters.
    #[test]
    fn the_order_depends_on_seed_plus_epoch(config in valid_config(), a in seed(), b in epoch()) {
        prop_assume!(a.checked_add(b).is_some());
        let at = |seed, epoch| DistributedSampler::new(&Config { seed, epoch, ..config.clone() })
            .expect("valid config")
            .epoch();
        prop_assert_eq!(at(a, b), at(a, b));
        prop_assert_eq!(at(a, b), at(a + b, 0));
        let mut later = DistributedSampler::new(&Config { seed: a, epoch: 0, ..config.clone() })
            .expect("valid config");
        later.set_epoch(b);
        prop_assert_eq!(later.epoch(), at(a, b));
        let expected = match config.shuffle {
            true => Generator::manual_seed(a + b).map(|mut g| randperm(config.n as u32, &mut g)),
            false => Ok((0..config.n as u32).collect()),
        };
        prop_assert_eq!(at(a, b).map(|e| e.order().to_vec()), expected);
    }

    /// `torch.randperm(n)` is a permutation of `0..n` for every seed.
    #[test]
    fn randperm_is_a_permutation(n in 0..=3000u32, seed in any::<u64>()) {
        let perm = randperm(n, &mut Generator::from_seed(seed));
        prop_assert_eq!(sorted(perm), (0..n).collect::<Vec<_>>());
    }

    /// Batches put the indices back together (all of them, or the first `len * batch_size`
    /// with `drop_last`), and every batch but the last is full.
    #[test]
    fn batches_cover_the_indices(
        indices in prop::collection::vec(any::<u32>(), 0..200),
        batch_size in 1..=20i64,
        drop_last in any::<bool>(),
    ) {
        let sampler = BatchSampler::new(batch_size, drop_last).expect("positive batch size");
        let batches: Vec<&[u32]> = sampler.batches(&indices).collect();
        let size = batch_size as usize;
        prop_assert_eq!(batches.len(), sampler.len(indices.len()));
        let kept = if drop_last { batches.len() * size } else { indices.len() };
        prop_assert_eq!(batches.concat(), &indices[..kept]);
        if let Some((last, full)) = batches.split_last() {
            prop_assert!(full.iter().all(|batch| batch.len() == size));
            prop_assert!(!last.is_empty() && last.len() <= size);
            prop_assert!(!drop_last || last.len() == size);
        }
    }

    /// Without a sampler, `epoch(k)` is the `k`-th epoch of the loop, the same `manual_seed`
    /// gives every process the same orders, and each order is a permutation of `0..n`.
    #[test]
    fn no_sampler_epochs_agree(n in 1..=300u64, shuffle in any::<bool>(), seed in any::<i64>()) {
        let loader = NoSampler::new(n, shuffle, seed.into()).expect("valid loader");
        let epochs: Vec<Vec<u32>> = loader.epochs().take(4).collect();
        for (k, order) in epochs.iter().enumerate() {
            prop_assert_eq!(&loader.epoch(k as u64), order);
            prop_assert_eq!(sorted(order.clone()), (0..n as u32).collect::<Vec<_>>());
        }
        let other_process = NoSampler::new(n, shuffle, seed.into()).expect("valid loader");
        prop_assert_eq!(other_process.epochs().take(4).collect::<Vec<_>>(), epochs);
    }
}
