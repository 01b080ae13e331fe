//! The weighted samplers' three pitfalls: each side's rows against what the real packages
//! print (torch 2.15.0, lightning-fabric 2.6.6, monai 1.6.1; the Python that printed them is
//! quoted above each test, the scheme's own panel: `cargo run --example python_script --
//! QUERY --scheme NAME`), and every number counted here from those lists.

mod scenario_check;

use sampler_viz::model::scenario::Scenario;
use sampler_viz::sampler::SamplerError;
use scenario_check::Which::{Broken, Fixed};
use scenario_check::{check, compare, rows, samples};

/// Samples drawn by two GPUs or more, and those no GPU draws, in lists over `n` samples.
fn spread(n: usize, lists: &[Vec<u32>]) -> (u64, Vec<u32>) {
    let mut gpus = vec![0u64; n];
    for list in lists {
        let mut mine = vec![false; n];
        list.iter().for_each(|&i| mine[i as usize] = true);
        gpus.iter_mut().zip(mine).for_each(|(g, m)| *g += u64::from(m));
    }
    let several = gpus.iter().filter(|&&g| g >= 2).count() as u64;
    let never = (0u32..).zip(&gpus).filter(|&(_, &g)| g == 0).map(|(i, _)| i).collect();
    (several, never)
}

/// ```python
/// labels = [0] * 18 + [1] * 2  # 90 % / 10 %
/// counts = [labels.count(c) for c in (0, 1)]
/// weights = [1.0 / counts[c] for c in labels]
/// for rank in range(2):
///     g = torch.Generator(); g.manual_seed(0)  # alike in every process
///     sampler = WeightedRandomSampler(weights, num_samples=len(weights), replacement=True, generator=g)
///     # broken: as it is; fixed: DistributedSamplerWrapper(sampler, num_replicas=2, rank=rank, shuffle=True, seed=0)
///     loader = DataLoader(dataset, batch_size=4, sampler=sampler)
///     sampler.set_epoch(0)  # the wrapper only
///     print(f"GPU {rank}:", [i for batch in loader for i in batch.tolist()])
/// ```
#[test]
fn without_a_wrapper_every_gpu_draws_the_same_whole_epoch() {
    let s = Scenario::WeightedNoWrapper;
    let drawn = vec![19, 18, 16, 19, 18, 19, 6, 12, 18, 10, 16, 6, 12, 18, 17, 15, 14, 7, 18, 19];
    let broken = vec![drawn.clone(), drawn];
    let fixed = vec![
        vec![18, 18, 12, 19, 10, 6, 14, 16, 15, 18],
        vec![19, 19, 17, 6, 7, 16, 18, 12, 18, 19],
    ];
    assert_eq!(rows(s, Broken), broken);
    assert_eq!(rows(s, Fixed), fixed);
    // 20 draws on each GPU (5 batches of 4) against 10 (3 batches, the last of 2).
    check(s, Broken, "trained", 40);
    check(s, Broken, "most-steps", 5);
    check(s, Fixed, "trained", 20);
    check(s, Fixed, "most-steps", 3);
    check(s, Broken, "identical-lists", 2);
    check(s, Fixed, "identical-lists", 0);
    check(s, Broken, "several-gpus", spread(20, &broken).0);
    check(s, Fixed, "several-gpus", spread(20, &fixed).0);
    assert_eq!(spread(20, &broken).0, 10, "every sample drawn is on both GPUs");
}

/// ```python
/// for rank in range(2):
///     g = torch.Generator()
///     g.manual_seed(0 + rank)  # broken; fixed: g.manual_seed(0)
///     inner = WeightedRandomSampler(weights, num_samples=len(weights), replacement=False, generator=g)
///     sampler = DistributedSamplerWrapper(inner, num_replicas=2, rank=rank, shuffle=True, seed=0, drop_last=False)
///     loader = DataLoader(dataset, batch_size=4, sampler=sampler, drop_last=False)
///     sampler.set_epoch(0)
///     print(f"GPU {rank}:", [i for batch in loader for i in batch.tolist()])
/// ```
#[test]
fn a_seed_per_rank_gives_stripes_of_different_lists() {
    let s = Scenario::WeightedSeedPerRank;
    let gpu0 = vec![17, 8, 12, 6, 15, 2, 1, 10, 4, 19];
    let broken = vec![gpu0.clone(), vec![19, 12, 10, 3, 16, 14, 7, 6, 1, 0]];
    let fixed = vec![gpu0, vec![9, 0, 13, 7, 5, 11, 3, 14, 16, 18]];
    assert_eq!(rows(s, Broken), broken);
    assert_eq!(rows(s, Fixed), fixed);
    let (several, never) = spread(20, &broken);
    assert!(several > 0 && !never.is_empty(), "the example shows the problem");
    check(s, Broken, "several-gpus", several);
    check(s, Broken, "never-seen", never.len() as u64);
    assert_eq!(samples(s, Broken, "never-seen"), never);
    assert_eq!(spread(20, &fixed), (0, vec![]));
    check(s, Fixed, "several-gpus", 0);
    check(s, Fixed, "never-seen", 0);
    for which in [Broken, Fixed] {
        check(s, which, "trained", 20);
    }
}

/// ```python
/// weights = [1.0, 0.0] * 5
/// for rank in range(2):
///     g = torch.Generator(); g.manual_seed(0)
///     sampler = DistributedWeightedRandomSampler(dataset, weights, num_samples_per_rank=None, generator=g, even_divisible=True, num_replicas=2, rank=rank, shuffle=False, seed=0)  # fixed: shuffle=True
///     loader = DataLoader(dataset, batch_size=2, sampler=sampler, drop_last=False)
///     try:
///         sampler.set_epoch(0)
///         print(f"GPU {rank}:", [i for batch in loader for i in batch.tolist()])
///     except Exception as e:
///         print(f"GPU {rank}: {type(e).__name__}: {e}")
/// # broken:  GPU 0: [8, 6, 4, 8, 6]
/// #          GPU 1: RuntimeError: invalid multinomial distribution (sum of probabilities <= 0)
/// # fixed:   GPU 0: [6, 6, 0, 6, 0]
/// #          GPU 1: [2, 2, 8, 2, 2]
/// ```
#[test]
fn a_monai_slice_that_weighs_nothing_raises_on_its_gpu_alone() {
    let s = Scenario::MonaiEmptySlice;
    assert_eq!(rows(s, Broken), [vec![8, 6, 4, 8, 6], vec![]]);
    assert_eq!(rows(s, Fixed), [vec![6, 6, 0, 6, 0], vec![2, 2, 8, 2, 2]]);
    let c = compare(s);
    assert_eq!(c.broken.error, Some(SamplerError::MultinomialZeroSum));
    let error = c.broken.error.as_ref().map(|e| (e.exception(), e.to_string()));
    let message = "invalid multinomial distribution (sum of probabilities <= 0)".to_string();
    assert_eq!(error, Some((Some("RuntimeError"), message)));
    assert_eq!(c.broken.raised_on, Some(1));
    assert_eq!((c.fixed.error, c.fixed.raised_on), (None, None));
    check(s, Broken, "raised", 1);
    check(s, Broken, "trained", 5);
    check(s, Fixed, "raised", 0);
    check(s, Fixed, "trained", 10);
}

/// Each side loads into the comparison with its scheme on top, the broken one first.
#[test]
fn each_side_is_drawn_by_its_scheme_at_the_top() {
    let panels = |s: Scenario| s.panels().map(|p| p[0]);
    assert_eq!(
        Scenario::WeightedNoWrapper.schemes(),
        Some(["weighted_no_wrapper", "weighted_wrapper"])
    );
    assert_eq!(panels(Scenario::WeightedSeedPerRank), Some("weighted_wrapper"));
    assert_eq!(panels(Scenario::MonaiEmptySlice), Some("monai_weighted"));
    for name in ["weighted_no_wrapper", "weighted_seed_per_rank", "monai_empty_slice"] {
        let s = Scenario::from_name(name).expect("registered");
        assert!(Scenario::ALL.contains(&s), "{name} is in Scenario::ALL");
    }
}
