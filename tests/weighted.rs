//! Weighted sampling across GPUs, against the libraries: every golden case made by torch
//! 2.15.0, pytorch-lightning 2.6.6 and monai 1.6.1 (`tests/golden/ecosystem/weighted.jsonl`,
//! `gen_golden_weighted.py`), a few of them spelt out with the Python that printed them, the
//! refusals word for word, and the invariants that hold for any weights.

mod common;

use common::check_golden;
use proptest::prelude::*;
use sampler_viz::sampler::{
    Config, DistributedWeightedRandomSampler, Generator, NoWrapper, Number, SamplerError, Seeding,
    Shape, WeightedRandomSampler, WeightedWrapper, Weights,
};

const WEIGHTED: &str = include_str!("golden/ecosystem/weighted.jsonl");

/// ```python
/// g = torch.Generator(); g.manual_seed(generator_seed)
/// s = WeightedRandomSampler(weights, num_samples, replacement, generator=g)  # alone, or
/// DistributedSamplerWrapper(s, num_replicas, rank, shuffle, seed, drop_last)  # per process, or
/// DistributedWeightedRandomSampler(range(n), weights, num_samples_per_rank, generator=g, ...)
/// ```
#[test]
fn weighted_sampling_matches_the_libraries() {
    check_golden(WEIGHTED, 167);
}

/// `[list(s) for _ in range(len(want))]` for `s = WeightedRandomSampler(weights, num_samples,
/// replacement, generator=g)`, `g.manual_seed(seed)`.
#[track_caller]
fn check_listings(
    weights: &[f64],
    num_samples: i64,
    replacement: bool,
    seed: i128,
    want: &[&[u32]],
) {
    let s = WeightedRandomSampler::new(weights.to_vec(), num_samples, replacement).unwrap();
    let got = s.listings(seed, want.len()).unwrap();
    assert_eq!(got, want, "weights={weights:?} num_samples={num_samples}");
}

/// Printed by torch 2.15.0 (weighted.jsonl lines 20, 77, 51, 33, 68, 92, 156):
/// ```python
/// g = torch.Generator(); g.manual_seed(2024)
/// s = WeightedRandomSampler([3.0, 0.0, 1.0, 1.0, 1.0, 1.0, 0.0, 3.0], 4, replacement=True, generator=g)
/// [list(s) for _ in range(2)]   # [[0, 7, 2, 7], [7, 0, 2, 3]]
/// ```
/// and the same with the arguments of each row below.
#[test]
fn listings_match_pytorch_on_both_roads() {
    // With replacement, two samples or more: running sums searched per sample.
    check_listings(
        &[3.0, 0.0, 1.0, 1.0, 1.0, 1.0, 0.0, 3.0],
        4,
        true,
        2024,
        &[&[0, 7, 2, 7], &[7, 0, 2, 3]],
    );
    check_listings(
        &[2.0, 0.0, 3.0, 2.0],
        7,
        true,
        1,
        &[&[0, 0, 0, 0, 2, 0, 2], &[2, 2, 2, 2, 2, 3, 2], &[0, 0, 2, 0, 2, 2, 3]],
    );
    check_listings(&[1.0, 1.0, 10.0, 0.001], 4, true, 1, &[&[0, 2, 2, 2], &[2, 1, 2, 2]]);
    // Without replacement: the largest weight / exponential draw, one draw per weight.
    check_listings(&[1.0, 3.0, 0.0, 1.0, 1.0], 4, false, 1, &[&[0, 1, 3, 4], &[0, 1, 4, 3]]);
    check_listings(&[1.0, 0.5, 0.5, 0.5, 0.5], 2, false, 0, &[&[2, 4], &[1, 4], &[1, 0]]);
    let sevenths =
        [1.0 / 7.0, 1.0 / 7.0, 1.0 / 7.0, 1.0 / 7.0, 1.0, 1.0 / 7.0, 1.0 / 7.0, 1.0 / 7.0];
    check_listings(&sevenths, 4, false, 42, &[&[3, 0, 1, 4], &[0, 1, 2, 4], &[4, 0, 7, 6]]);
    check_listings(&[0.1; 4], 4, false, 42, &[&[3, 0, 1, 2], &[1, 0, 3, 2], &[0, 1, 2, 3]]);
}

/// Lightning's wrapper strides positions of each process's *own* draws (weighted.jsonl
/// line 29, pytorch-lightning 2.6.6):
/// ```python
/// for r in range(2):
///     g = torch.Generator(); g.manual_seed(7)
///     inner = WeightedRandomSampler([0.5, 1/3, 1/3, 0.5, 1/3], 5, replacement=False, generator=g)
///     ws = DistributedSamplerWrapper(inner, num_replicas=2, rank=r, shuffle=True, seed=11)
///     for e in range(2): ws.set_epoch(e); print(r, e, list(ws))
/// # 0 0 [1, 3, 2]   0 1 [0, 1, 3]   1 0 [4, 0, 1]   1 1 [4, 2, 0]
/// ```
/// Five positions on two GPUs: the padding repeats one, so with replacement off sample 1
/// still goes to both GPUs in epoch 0.
#[test]
fn the_wrapper_stripes_each_processs_own_draws() {
    let sampler =
        WeightedRandomSampler::new(vec![0.5, 1.0 / 3.0, 1.0 / 3.0, 0.5, 1.0 / 3.0], 5, false)
            .unwrap();
    let config = Config {
        n: 0,
        num_replicas: 2,
        rank: 0,
        shuffle: true,
        seed: 11,
        drop_last: false,
        epoch: 0,
    };
    let wrapper = WeightedWrapper { sampler, generator_seed: 7, seeding: Seeding::Alike, config };
    let epoch = |e: u64| {
        WeightedWrapper {
            config: Config { epoch: e.into(), ..wrapper.config.clone() },
            ..wrapper.clone()
        }
        .ranks()
        .unwrap()
    };
    assert_eq!(epoch(0), [vec![1, 3, 2], vec![4, 0, 1]]);
    assert_eq!(epoch(1), [vec![0, 1, 3], vec![4, 2, 0]]);
}

/// Without a wrapper every GPU draws a whole epoch; seeded alike, they draw the same one
/// (weighted.jsonl line 4, `torch.manual_seed(7)` in each of 3 processes, no generator):
/// ```python
/// s = WeightedRandomSampler([1.0, 0.5, 0.5, 1.0], 2, replacement=False)
/// [list(s) for _ in range(2)]   # [[0, 1], [2, 3]] in every process
/// ```
#[test]
fn without_a_wrapper_alike_processes_draw_the_same_list() {
    let sampler = WeightedRandomSampler::new(vec![1.0, 0.5, 0.5, 1.0], 2, false).unwrap();
    let processes =
        NoWrapper { sampler, generator_seed: 7, seeding: Seeding::Alike, num_replicas: 3 };
    assert_eq!(processes.ranks(0).unwrap(), [[0, 1]; 3]);
    assert_eq!(processes.ranks(1).unwrap(), [[2, 3]; 3]);
}

fn monai(
    weights: &[f64],
    per_rank: Option<i64>,
    gseed: i128,
    even: bool,
    w: i64,
    shuffle: bool,
    seed: i128,
) -> DistributedWeightedRandomSampler {
    DistributedWeightedRandomSampler {
        weights: weights.to_vec(),
        num_samples_per_rank: per_rank,
        generator_seed: gseed,
        even_divisible: even,
        num_replicas: w,
        shuffle,
        seed,
    }
}

/// MONAI draws only from each rank's slice, so a slice of zero weights raises on that rank
/// alone (weighted.jsonl line 57, monai 1.6.1):
/// ```python
/// for r in range(4):
///     g = torch.Generator(); g.manual_seed(1)
///     s = DistributedWeightedRandomSampler(list(range(5)), [0.0, 1.0, 3.0, 0.0, 0.0],
///             num_samples_per_rank=5, generator=g, num_replicas=4, rank=r, shuffle=False)
///     s.set_epoch(0); print(r, list(s))
/// # 0 RuntimeError: invalid multinomial distribution (sum of probabilities <= 0)
/// # 1 [1, 1, 1, 1, 1]   2 [2, 2, 2, 2, 2]   3 [2, 2, 2, 2, 2]
/// ```
/// Rank 0's slice is `[0, 4]`; rank 3's is `[3, 2]` (padded), so sample 2 fills two GPUs.
#[test]
fn monai_raises_on_the_rank_whose_slice_weighs_nothing() {
    let s = monai(&[0.0, 1.0, 3.0, 0.0, 0.0], Some(5), 1, true, 4, false, 0);
    let ranks = s.ranks(0).unwrap();
    assert_eq!(
        ranks[0].as_ref().unwrap_err().to_string(),
        "invalid multinomial distribution (sum of probabilities <= 0)"
    );
    assert_eq!(ranks[1..], [Ok(vec![1; 5]), Ok(vec![2; 5]), Ok(vec![2; 5])]);
}

/// `even_divisible=False`: no padding, the ranks' lengths differ (weighted.jsonl line 108):
/// ```python
/// DistributedWeightedRandomSampler(list(range(5)), [0.25, 0.25, 0.25, 0.25, 1.0], generator=g,
///     even_divisible=False, num_replicas=2, rank=r, shuffle=True, seed=0)   # g.manual_seed(1)
/// # rank 0: [4, 4, 4], [0, 2, 0]   rank 1: [0, 0], [4, 4]
/// ```
#[test]
fn monai_uneven_slices_draw_uneven_lengths() {
    let s = monai(&[0.25, 0.25, 0.25, 0.25, 1.0], None, 1, false, 2, true, 0);
    assert_eq!(s.rank_epochs(0, 2), (vec![vec![4, 4, 4], vec![0, 2, 0]], None));
    assert_eq!(s.rank_epochs(1, 2), (vec![vec![0, 0], vec![4, 4]], None));
}

/// What constructing and listing refuses: the exception and torch 2.15.0's message.
#[track_caller]
fn check_refusal(
    weights: Weights,
    num_samples: Number,
    replacement: bool,
    exception: &str,
    message: &str,
) {
    let e = WeightedRandomSampler::new(weights, num_samples, replacement)
        .and_then(|s| s.list(&mut Generator::manual_seed(0)?))
        .unwrap_err();
    assert_eq!((e.exception(), e.to_string().as_str()), (Some(exception), message));
}

/// weighted.jsonl's `weighted_error` lines:
/// ```python
/// g = torch.Generator(); g.manual_seed(0)
/// list(WeightedRandomSampler(weights, num_samples, replacement=replacement, generator=g))
/// ```
#[test]
fn refusals_are_pytorchs_word_for_word() {
    let two = || Weights::from(vec![1.0, 2.0]);
    let positive = "num_samples should be a positive integer value, but got num_samples=";
    check_refusal(two(), Number::Int(0), true, "ValueError", &format!("{positive}0"));
    check_refusal(two(), Number::Int(-1), true, "ValueError", &format!("{positive}-1"));
    check_refusal(two(), Number::Float(2.5), true, "ValueError", &format!("{positive}2.5"));
    let without = "cannot sample n_sample > prob_dist.size(-1) samples without replacement";
    check_refusal(two(), Number::Int(3), false, "RuntimeError", without);
    let zero = "invalid multinomial distribution (sum of probabilities <= 0)";
    check_refusal(vec![0.0, 0.0].into(), Number::Int(1), true, "RuntimeError", zero);
    let range = "probability tensor contains either `inf`, `nan` or element < 0";
    check_refusal(vec![1.0, -1.0].into(), Number::Int(1), true, "RuntimeError", range);
    let column = Weights { values: vec![1.0, 2.0], shape: Shape(vec![2, 1]) };
    let shape = "weights should be a 1d sequence but given weights have shape (2, 1)";
    check_refusal(column, Number::Int(1), true, "ValueError", shape);
}

/// Any weights, zeros and all: 1 to 24 samples, a few weight values.
fn weights() -> impl Strategy<Value = Vec<f64>> {
    prop::collection::vec(prop::sample::select(vec![0.0, 0.001, 0.1, 0.5, 1.0, 2.0, 10.0]), 1..=24)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Without replacement no index repeats, and while there are positive weights enough no
    /// zero-weight sample is drawn; with replacement a zero-weight sample never is.
    #[test]
    fn draws_respect_replacement_and_zero_weights(
        weights in weights(), k in 1..=30i64, replacement in any::<bool>(), seed in any::<i64>(),
    ) {
        let positive = weights.iter().filter(|&&w| w > 0.0).count();
        let Ok(s) = WeightedRandomSampler::new(weights.clone(), k, replacement) else {
            return Err(TestCaseError::fail("a positive num_samples is accepted"));
        };
        match s.listing(seed.into(), 0) {
            Ok(drawn) => {
                prop_assert_eq!(drawn.len(), k as usize);
                prop_assert!(drawn.iter().all(|&i| (i as usize) < weights.len()));
                if !replacement {
                    let mut seen = drawn.clone();
                    seen.sort_unstable();
                    seen.dedup();
                    prop_assert_eq!(seen.len(), drawn.len());
                }
                if replacement || k as usize <= positive {
                    prop_assert!(drawn.iter().all(|&i| weights[i as usize] > 0.0), "{drawn:?}");
                }
            }
            Err(e) => {
                let too_many = !replacement && k as usize > weights.len();
                let expect = if too_many {
                    SamplerError::MultinomialTooManyWithoutReplacement
                } else {
                    SamplerError::MultinomialZeroSum
                };
                prop_assert!(too_many || positive == 0);
                prop_assert_eq!(e, expect);
            }
        }
    }

    /// The generator runs on: epoch `e` is the `e`-th listing, and skipping `e` listings by
    /// their draw count lands where listing them does.
    #[test]
    fn epochs_are_successive_listings(weights in weights(), k in 1..=8i64, replacement in any::<bool>(), seed in any::<u32>()) {
        let s = WeightedRandomSampler::new(weights, k, replacement).unwrap();
        if let Ok(all) = s.listings(seed.into(), 3) {
            for (e, want) in all.iter().enumerate() {
                prop_assert_eq!(&s.listing(seed.into(), e as u64).unwrap(), want);
            }
        }
    }

    /// Seeded alike, the wrapper's GPUs share one draw: together (no padding, no trimming)
    /// they hold exactly that epoch's listing.
    #[test]
    fn alike_wrapped_ranks_hold_the_listing(
        weights in weights(), per_rank in 1..=6u64, w in 1..=4i64, replacement in any::<bool>(),
        seed in any::<u32>(), epoch in 0..3u64,
    ) {
        let k = (per_rank * w as u64) as i64;
        let s = WeightedRandomSampler::new(weights, k, replacement).unwrap();
        let Ok(listed) = s.listing(seed.into(), epoch) else { return Ok(()) };
        let config = Config { n: 0, num_replicas: w, rank: 0, shuffle: true, seed: 3, drop_last: false, epoch: epoch.into() };
        let wrapper = WeightedWrapper { sampler: s, generator_seed: seed.into(), seeding: Seeding::Alike, config };
        let mut together: Vec<u32> = wrapper.ranks().unwrap().concat();
        let mut listed = listed;
        together.sort_unstable();
        listed.sort_unstable();
        prop_assert_eq!(together, listed);
    }

    /// MONAI's ranks draw only from their own slice, and `len(sampler)` indices each epoch.
    #[test]
    fn monai_ranks_draw_inside_their_slices(
        weights in weights(), per_rank in prop::option::of(1..=6i64), w in 1..=4i64,
        even in any::<bool>(), shuffle in any::<bool>(), epoch in 0..3u64,
    ) {
        let s = monai(&weights, per_rank, 5, even, w, shuffle, 1);
        let ranks = match s.ranks(epoch) {
            Ok(ranks) => ranks,
            Err(e) => {
                prop_assert!(!even && weights.len() < w as usize);
                prop_assert_eq!(e, SamplerError::MonaiShortDataset);
                return Ok(());
            }
        };
        for (rank, drawn) in ranks.into_iter().enumerate() {
            let rank = rank as i64;
            match drawn {
                Ok(drawn) => {
                    let slice = s.slice(rank, epoch).unwrap();
                    prop_assert_eq!(drawn.len() as i64, s.len(rank).unwrap());
                    prop_assert!(drawn.iter().all(|i| slice.contains(i) && weights[*i as usize] > 0.0));
                }
                Err(e) => prop_assert_eq!(e, SamplerError::MultinomialZeroSum),
            }
        }
    }
}
