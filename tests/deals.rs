//! What a scheme's deal adds up to, for any scheme: the shortcuts equal the generic deal,
//! `dup` marks exactly the samples two lanes hold, the verdicts, and the epochs until every GPU
//! has seen every sample.

use proptest::prelude::*;
use sampler_viz::model::scheme::{self, Deal, LANE_CAP, Origin, SCHEMES, Scheme, Shared};
use sampler_viz::model::{Params, Seeding};
use sampler_viz::sampler::{
    BatchSampler, DistributedSampler, NoSampler, unpack_seed, unseeded_process_seeds,
};

/// The deal of a registered scheme, or a panic naming what was refused.
#[track_caller]
fn deal(name: &str, params: &Params) -> Deal {
    let scheme = scheme::by_name(name).expect("registered");
    scheme.deal(params, &Shared::default()).unwrap_or_else(|e| panic!("{name} refused: {e:?}"))
}

/// `seed=rank` on 16 samples and 4 GPUs, epoch 0: the pitfall's numbers.
#[test]
fn seed_per_rank_loses_and_repeats_samples() {
    let params = Params { n: 16, num_replicas: 4, ..Params::default() };
    let deal = deal("seed_per_rank", &params);
    assert_eq!((deal.unseen_len(), deal.duplicated()), (5, 4));
    assert_eq!(scheme::Verdict::of(&deal), scheme::Verdict::Missing { never: 5, more: 4 });
}

fn arb_params() -> impl Strategy<Value = Params> {
    // Ranks: a few, or as many as the page allows (the lanes' marks are seven bits).
    let ranks = prop_oneof![4 => 1i64..6, 1 => 62i64..=64];
    let sampler = (0u64..40, ranks, any::<bool>(), 0i128..4, any::<bool>(), 0u64..4, any::<bool>());
    let loader = (1i64..7, any::<bool>(), any::<bool>(), 0u64..1000);
    // Accelerate's own options.
    let prepare = (any::<bool>(), any::<bool>(), any::<bool>());
    (sampler, loader, prepare).prop_map(|(s, l, a)| Params {
        n: s.0,
        num_replicas: s.1,
        shuffle: s.2,
        seed: s.3,
        drop_last: s.4,
        epoch: s.5,
        set_epoch: s.6,
        batch_size: l.0,
        loader_drop_last: l.1,
        seeding: if l.2 { Seeding::Unseeded } else { Seeding::Alike },
        os_seed: l.3,
        split_batches: a.0,
        even_batches: a.1,
        use_seedable_sampler: a.2,
        ..Params::default()
    })
}

proptest! {
    /// The closed-form `distributed` deal is the generic deal of its ranks' lists.
    #[test]
    fn distributed_deal_is_the_generic_deal(params in arb_params()) {
        let epoch = DistributedSampler::new(&params.sampler_config(0)).and_then(|s| s.epoch()).unwrap();
        let loader = BatchSampler::new(params.batch_size, params.loader_drop_last).unwrap();
        let (n, w) = (params.n as usize, params.num_replicas as usize);
        let origin = |r: usize, k: usize| if r + k * w < n { Origin::Sample } else { Origin::Padding };
        let mut generic = Deal::from_lists(n, &epoch.ranks(), origin, &loader, LANE_CAP);
        generic.repeats = deal("distributed", &params).repeats;
        prop_assert_eq!(deal("distributed", &params), generic);
    }

    /// The no-sampler deal's shortcuts (one list for ranks seeded alike, first items only when
    /// nothing is dropped) give the generic deal of every rank's whole list.
    #[test]
    fn no_sampler_deal_is_the_generic_deal(params in arb_params()) {
        let w = params.num_replicas as usize;
        let seeds = match params.seeding {
            Seeding::Alike => vec![unpack_seed(params.manual_seed).unwrap(); w],
            Seeding::Unseeded => unseeded_process_seeds(params.os_seed, w),
        };
        let lists: Result<Vec<Vec<u32>>, _> = seeds
            .iter()
            .map(|&s| NoSampler::with_process_seed(params.n, params.shuffle, s).map(|p| p.epoch(params.epoch)))
            .collect();
        prop_assume!(lists.is_ok());
        let lists = lists.unwrap();
        let loader = BatchSampler::new(params.batch_size, params.loader_drop_last).unwrap();
        let sample = |_: usize, _: usize| Origin::Sample;
        let mut generic = Deal::from_lists(params.n as usize, &lists, sample, &loader, LANE_CAP);
        let shown = deal("no_sampler", &params);
        generic.repeats = shown.repeats;
        prop_assert_eq!(shown, generic);
    }

    /// In every scheme, `dup` marks exactly the tiles whose index another lane also holds,
    /// and the visit counts add up to what the lanes process.
    #[test]
    fn dup_marks_exactly_the_shared_samples(params in arb_params(), pick in 0usize..3) {
        let scheme: &dyn Scheme = SCHEMES[pick % SCHEMES.len()];
        // An empty dataset with shuffle=True is refused (RandomSampler's num_samples rule).
        let deal = scheme.deal(&params, &Shared::default());
        prop_assume!(deal.is_ok());
        let deal = deal.unwrap();
        let held = |rank: usize, index: u32| deal.lanes[rank].tiles.iter().any(|t| t.index == index);
        prop_assume!(deal.lanes.iter().all(|l| l.len <= LANE_CAP));
        for (rank, lane) in deal.lanes.iter().enumerate() {
            for tile in &lane.tiles {
                let elsewhere = (0..deal.lanes.len()).any(|r| r != rank && held(r, tile.index));
                prop_assert_eq!(tile.dup, elsewhere, "rank {} index {}", rank, tile.index);
            }
        }
        let processed: usize = deal.lanes.iter().map(|l| l.len).sum();
        prop_assert_eq!(deal.visits.processed(), processed as u64);
    }

    /// In any scheme (one picked at random per case), a deal listing up to `cap` samples per
    /// lane lists the first `cap` of the whole deal's lanes, each tile marked alike (its
    /// origin, `dup`).
    #[test]
    fn a_capped_deal_lists_the_head_of_the_whole_deal(
        params in arb_params(),
        pick in 0usize..64,
        cap in 0usize..12,
    ) {
        let scheme: &dyn Scheme = SCHEMES[pick % SCHEMES.len()];
        let whole = scheme.deal_up_to(&params, &Shared::default(), usize::MAX);
        prop_assume!(whole.is_ok());
        let whole = whole.unwrap();
        let capped = scheme.deal_up_to(&params, &Shared::default(), cap).unwrap();
        prop_assert_eq!(whole.lanes.len(), capped.lanes.len());
        for (rank, (whole, capped)) in whole.lanes.iter().zip(&capped.lanes).enumerate() {
            let head = &whole.tiles[..whole.tiles.len().min(cap)];
            prop_assert_eq!(&capped.tiles[..], head, "{} rank {}", scheme.name(), rank);
        }
    }
}

/// How many epochs until every GPU has seen every sample: a table through one helper.
#[test]
fn epochs_until_every_gpu_has_seen_everything() {
    use sampler_viz::model::scheme::coverage::{Cover, epochs_to_cover};
    #[track_caller]
    fn check(name: &str, query: &str, expect: Option<Cover>) {
        let params =
            Params::from_pairs(query.split('&').filter_map(|p| p.split_once('='))).unwrap();
        let scheme = scheme::by_name(name).unwrap();
        assert_eq!(epochs_to_cover(scheme, &params, 1 << 21), expect, "{name} {query}");
    }
    // Without a sampler every GPU walks the whole dataset in its first epoch.
    check("no_sampler", "n=8&num_replicas=2", Some(Cover::After(1)));
    // Without shuffling the loader drops the same short batch every epoch: never seen.
    check(
        "no_sampler",
        "n=10&num_replicas=2&batch_size=3&loader_drop_last=1&shuffle=0",
        Some(Cover::Never),
    );
    // Without set_epoch (or without shuffling) each GPU keeps its half forever.
    check("distributed", "n=8&num_replicas=2&set_epoch=0", Some(Cover::Never));
    check("distributed", "n=8&num_replicas=2&shuffle=0", Some(Cover::Never));
    // One GPU sees everything in one epoch.
    check("distributed", "n=8&num_replicas=1", Some(Cover::After(1)));
    // The budget: 2^21 positions are 20 epochs of 50,000 on 2, enough to see everything.
    check("distributed", "n=50000&num_replicas=2&batch_size=64", Some(Cover::After(18)));
    check("distributed", "n=100000&num_replicas=2", Some(Cover::NotWithin(10)));
    check("distributed", "n=0", None);
    check("distributed", "n=1281167&num_replicas=8", None);
    check("distributed", "n=16777216&num_replicas=64&set_epoch=0", None);
    // Accelerate's shared generator moves on every epoch; without shuffling it never covers.
    let brute = accelerate_cover_by_hand(8, 2, 2);
    check("accelerate", "n=8&num_replicas=2&batch_size=2", Some(Cover::After(brute)));
    check("accelerate", "n=8&num_replicas=2&batch_size=2&shuffle=0", Some(Cover::Never));
    // A resume is one event, not something every epoch does: no such fact.
    check("torchdata_resume", "n=8&num_replicas=2&batch_size=2", None);
    // By design, at any size: one epoch is every epoch.
    check("distributed", "n=1281167&num_replicas=8&set_epoch=0", Some(Cover::Never));
    check("no_sampler", "n=1281167&num_replicas=8", Some(Cover::After(1)));
    // Two samples: epoch 1 may deal what epoch 0 dealt by chance, which is no reason for never.
    for seed in 0..8 {
        let query = format!("n=2&num_replicas=2&seed={seed}");
        let params =
            Params::from_pairs(query.split('&').filter_map(|p| p.split_once('='))).unwrap();
        let cover = epochs_to_cover(&scheme::Distributed, &params, 1 << 20);
        assert!(matches!(cover, Some(Cover::After(_))), "{query}: {cover:?}");
    }
}

/// With `set_epoch`, the epochs until every GPU has seen everything are exactly those a
/// brute-force walk over each rank's PyTorch indices finds.
#[test]
fn cover_agrees_with_a_walk_over_the_ranks() {
    use sampler_viz::model::scheme::coverage::{Cover, epochs_to_cover};
    for (n, w) in [(8u64, 2i64), (10, 3), (7, 4), (16, 4)] {
        let params = Params { n, num_replicas: w, ..Params::default() };
        let mut seen = vec![vec![false; n as usize]; w as usize];
        let mut expected = None;
        for epoch in 0..64u64 {
            let ranks =
                DistributedSampler::new(&Params { epoch, ..params.clone() }.sampler_config(0))
                    .and_then(|s| s.epoch())
                    .unwrap()
                    .ranks();
            for (r, list) in ranks.iter().enumerate() {
                list.iter().for_each(|&i| seen[r][i as usize] = true);
            }
            if seen.iter().all(|s| s.iter().all(|&b| b)) {
                expected = Some(Cover::After(epoch + 1));
                break;
            }
        }
        assert!(expected.is_some());
        assert_eq!(epochs_to_cover(&scheme::Distributed, &params, 1 << 20), expected, "{n} on {w}");
    }
}

/// The verdict under each scheme's lanes, read off its deal alone.
#[test]
fn verdicts() {
    use scheme::Verdict::{
        AtLeastOnce, Drawn, EachOnce, Empty, EveryGpuAll, Missing, SameDraws, Times,
    };
    #[track_caller]
    fn check(name: &str, query: &str, expect: scheme::Verdict) {
        let params =
            Params::from_pairs(query.split('&').filter_map(|p| p.split_once('='))).unwrap();
        assert_eq!(scheme::Verdict::of(&deal(name, &params)), expect, "{name} {query}");
    }
    check("distributed", "n=8&num_replicas=2", EachOnce);
    check("distributed", "n=10&num_replicas=3", AtLeastOnce { more: 2 });
    check("distributed", "n=10&num_replicas=3&drop_last=1", Missing { never: 1, more: 0 });
    check(
        "distributed",
        "n=10&num_replicas=2&batch_size=3&loader_drop_last=1",
        Missing { never: 4, more: 0 },
    );
    check("distributed", "n=0", Empty);
    check("no_sampler", "n=8&num_replicas=2", EveryGpuAll { n: 8, w: 2 });
    check("no_sampler", "n=8&num_replicas=1", EachOnce);
    check("seed_per_rank", "n=8&num_replicas=1", EachOnce);
    // An unsharded stream: every worker of every GPU yields every sample (2 × 2 = 4 times).
    check("iterable", "n=8&num_replicas=2&num_workers=2", Times { times: 4 });
    check(
        "iterable",
        "n=8&num_replicas=2&num_workers=2&sharding=worker",
        EveryGpuAll { n: 8, w: 2 },
    );
    check("iterable", "n=8&num_replicas=2&num_workers=2&sharding=rank_and_worker", EachOnce);
    // Weighted draws: GPUs seeded alike draw the very same list, whatever the counts; else the
    // samples drawn by no GPU and more than once are said as draws, not as samples lost.
    check("weighted_no_wrapper", "n=10&num_replicas=2", SameDraws { w: 2 });
    check("weighted_no_wrapper", "n=10&num_replicas=3&replacement=0", SameDraws { w: 3 });
    check("weighted_wrapper", "n=8&num_replicas=1&weights=uniform&replacement=0", EachOnce);
    // Each GPU its own permutation of all ten: every GPU trains on all of them.
    check(
        "weighted_no_wrapper",
        "n=10&num_replicas=2&generator=per_rank&replacement=0",
        EveryGpuAll { n: 10, w: 2 },
    );
    for (name, query) in [
        ("weighted_no_wrapper", "n=10&num_replicas=2&generator=per_rank"),
        ("weighted_wrapper", "n=20&num_replicas=2"),
        ("monai_weighted", "n=20&num_replicas=2"),
    ] {
        let params =
            Params::from_pairs(query.split('&').filter_map(|p| p.split_once('='))).unwrap();
        let dealt = deal(name, &params);
        let (never, more) = (dealt.unseen_len(), dealt.duplicated());
        assert!(never > 0 && more > 0, "{name} {query}: a case with both");
        check(name, query, Drawn { never, more });
    }
}

/// Epochs until each of `w` Accelerate processes has seen all `n` samples, walking the core's
/// prepared loader epoch by epoch (the default seed, shuffled).
fn accelerate_cover_by_hand(n: u64, w: usize, batch_size: i64) -> u64 {
    use sampler_viz::sampler::{AccelerateConfig, Prepared};
    let config = AccelerateConfig {
        n,
        num_processes: w,
        batch_size,
        shuffle: true,
        drop_last: false,
        split_batches: false,
        even_batches: true,
        use_seedable_sampler: false,
        data_seed: None,
        manual_seed: 0,
    };
    let prepared = Prepared::new(&config).unwrap();
    let mut seen = vec![vec![false; n as usize]; w];
    (0..64)
        .find(|&epoch| {
            for (p, batches) in prepared.epoch(epoch).unwrap().iter().enumerate() {
                batches.iter().flatten().for_each(|&i| seen[p][i as usize] = true);
            }
            seen.iter().all(|s| s.iter().all(|&b| b))
        })
        .map(|epoch| epoch + 1)
        .expect("covered within 64 epochs")
}

/// Accelerate's epochs asked in any order, for two loaders in turn (each asking anew from the
/// generator it keeps, or from the start), deal what a loader prepared afresh deals.
#[test]
fn accelerate_epochs_in_any_order_are_dealt_as_afresh() {
    let accelerate = scheme::by_name("accelerate").expect("registered");
    for (epoch, seed) in [(3, 0), (0, 1), (5, 0), (5, 1), (2, 0), (6, 1), (1, 1), (4, 0)] {
        let params = Params {
            n: 30,
            num_replicas: 3,
            batch_size: 4,
            epoch,
            manual_seed: seed,
            ..Params::default()
        };
        let prepared = sampler_viz::sampler::Prepared::new(&params.accelerate_config()).unwrap();
        let fresh = prepared.epoch(epoch).unwrap();
        let deal = accelerate.deal_up_to(&params, &Shared::default(), usize::MAX).unwrap();
        let dealt: Vec<Vec<u32>> =
            deal.lanes.iter().map(|l| l.tiles.iter().map(|t| t.index).collect()).collect();
        let expected: Vec<Vec<u32>> = fresh.iter().map(|batches| batches.concat()).collect();
        assert_eq!(dealt, expected, "epoch {epoch}, manual_seed {seed}");
    }
}
