//! The scheme registry: every registered scheme is checked against PyTorch's own vectors, has
//! its texts in both languages and a Python panel; and the comparison's deals keep their
//! invariants (the closed-form `distributed` deal equals the generic one; `dup` marks exactly
//! the samples held by two lanes or more).

use proptest::prelude::*;
use sampler_viz::i18n::Lang;
use sampler_viz::model::scheme::{self, Deal, LANE_CAP, Origin, SCHEMES, Scheme, Shared};
use sampler_viz::model::{Params, Seeding};
use sampler_viz::sampler::{
    BatchSampler, DistributedSampler, NoSampler, unpack_seed, unseeded_process_seeds,
};
use serde_json::Value;

const SAMPLER: &str = include_str!("golden/pytorch-2.15/distributed_sampler.jsonl");
const LOADER: &str = include_str!("golden/pytorch-2.15/dataloader.jsonl");

/// A scheme's parity check against the golden vectors: how many cases it ran.
type ParityCheck = fn() -> usize;

/// Each registered scheme's parity check, by the scheme's name.
const PARITY: &[(&str, ParityCheck)] = &[
    ("distributed", distributed_matches_pytorch),
    ("no_sampler", no_sampler_matches_pytorch),
    ("seed_per_rank", seed_per_rank_matches_pytorch),
];

#[test]
fn every_registered_scheme_has_parity_cases() {
    for scheme in SCHEMES {
        let check = PARITY.iter().find(|(name, _)| *name == scheme.name());
        let (_, check) = check.unwrap_or_else(|| panic!("{} has no parity cases", scheme.name()));
        assert!(check() > 0, "{} checked no case", scheme.name());
    }
    for (name, _) in PARITY {
        assert!(scheme::by_name(name).is_some(), "{name} has parity cases but is not registered");
    }
}

#[test]
fn every_registered_scheme_has_texts_and_python() {
    let mut names: Vec<&str> = SCHEMES.iter().map(|s| s.name()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), SCHEMES.len(), "two schemes share a name");
    for scheme in SCHEMES {
        for lang in [Lang::En, Lang::Zh] {
            for key in [scheme.title(), scheme.summary()] {
                assert!(!key.text(lang).trim().is_empty(), "{} lacks a text", scheme.name());
            }
            let python = scheme.python(&Params::default(), lang);
            assert!(python.contains("DataLoader(") && python.contains("print("), "{python}");
        }
        assert!(!scheme.steps().is_empty());
    }
}

#[test]
fn compare_takes_two_or_three_registered_names() {
    let names = |v: &str| scheme::parse_compare(v).map(|s| scheme::compare_value(&s));
    assert_eq!(names("distributed,seed_per_rank"), Ok("distributed,seed_per_rank".into()));
    assert_eq!(
        names(" no_sampler , distributed ,seed_per_rank"),
        Ok("no_sampler,distributed,seed_per_rank".into())
    );
    assert_eq!(names("distributed"), Err(scheme::CompareError::Count { got: 1 }));
    let four = "distributed,no_sampler,seed_per_rank,distributed";
    assert_eq!(names(four), Err(scheme::CompareError::Count { got: 4 }));
    let unknown_first = scheme::CompareError::Unknown { name: "foo".into() };
    assert_eq!(names("foo"), Err(unknown_first));
    let unknown = scheme::CompareError::Unknown { name: "accelerate".into() };
    assert_eq!(names("distributed,accelerate"), Err(unknown));
}

/// The deal of a registered scheme, or a panic naming what was refused.
#[track_caller]
fn deal(name: &str, params: &Params) -> Deal {
    let scheme = scheme::by_name(name).expect("registered");
    scheme.deal(params, &Shared::default()).unwrap_or_else(|e| panic!("{name} refused: {e:?}"))
}

/// A lane's processed indices shown (at most [`LANE_CAP`]) equal `expected`'s start, and its
/// length is `len`.
#[track_caller]
fn check_lane(deal: &Deal, rank: usize, expected: &[i128], len: usize, what: &str) {
    let lane = &deal.lanes[rank];
    let shown: Vec<i128> = lane.tiles.iter().map(|t| i128::from(t.index)).collect();
    let k = shown.len().min(expected.len());
    assert_eq!(shown[..k], expected[..k], "{what}: rank {rank}");
    assert_eq!(shown.len(), len.min(LANE_CAP), "{what}: rank {rank} shows too few");
    assert_eq!(lane.len, len, "{what}: rank {rank}'s length");
}

fn golden(text: &str, case: &str) -> Vec<Value> {
    let all = text.lines().filter_map(|l| serde_json::from_str::<Value>(l).ok());
    all.filter(|v| v["case"] == case).collect()
}

fn int(v: &Value) -> i128 {
    v.as_i64().map(i128::from).or_else(|| v.as_str()?.parse().ok()).expect("an integer")
}

fn ints(v: &Value) -> Vec<i128> {
    v.as_array().expect("a list").iter().map(int).collect()
}

/// The list PyTorch printed, or its first items when the file stores a digest.
fn indices(case: &Value) -> Vec<i128> {
    if case["indices"].is_array() { ints(&case["indices"]) } else { ints(&case["head"]) }
}

fn sampler_params(case: &Value) -> Params {
    Params {
        n: int(&case["n"]) as u64,
        num_replicas: int(&case["num_replicas"]) as i64,
        shuffle: case["shuffle"].as_bool().expect("shuffle"),
        seed: int(&case["seed"]),
        drop_last: case["drop_last"].as_bool().expect("drop_last"),
        epoch: int(&case["epoch"]) as u64,
        set_epoch: true,
        ..Params::default()
    }
}

/// ```python
/// s = DistributedSampler(Idx(n), num_replicas=w, rank=rank, shuffle=shuffle, seed=seed, drop_last=drop_last)
/// s.set_epoch(epoch); list(s)
/// DataLoader(Idx(n), batch_size=bs, sampler=s, drop_last=loader_drop_last)   # and its batches
/// ```
fn distributed_matches_pytorch() -> usize {
    let mut checked = 0;
    for case in golden(SAMPLER, "distributed_sampler").iter().filter(|c| int(&c["n"]) <= 1 << 17) {
        let deal = deal("distributed", &sampler_params(case));
        let len = int(&case["len"]) as usize;
        check_lane(&deal, int(&case["rank"]) as usize, &indices(case), len, "distributed");
        checked += 1;
    }
    for case in golden(LOADER, "dataloader_distributed") {
        let params = Params {
            batch_size: int(&case["batch_size"]) as i64,
            loader_drop_last: case["loader_drop_last"].as_bool().expect("loader_drop_last"),
            ..sampler_params(&case)
        };
        let deal = deal("distributed", &params);
        let batches: Vec<Vec<i128>> =
            case["batches"].as_array().expect("batches").iter().map(ints).collect();
        let flat: Vec<i128> = batches.concat();
        let rank = int(&case["rank"]) as usize;
        check_lane(&deal, rank, &flat, flat.len(), "dataloader_distributed");
        assert_eq!(deal.lanes[rank].loader_len, int(&case["len"]) as usize);
        checked += 1;
    }
    checked
}

/// ```python
/// torch.manual_seed(S); dl = DataLoader(Idx(n), batch_size=bs, shuffle=shuffle, drop_last=...)
/// [[b.tolist() for b in dl] for _ in range(3)]
/// ```
/// Every rank seeded alike walks the order PyTorch printed.
fn no_sampler_matches_pytorch() -> usize {
    let mut checked = 0;
    for case in golden(LOADER, "dataloader_no_sampler") {
        for (epoch, batches) in
            case["batches_per_epoch"].as_array().expect("epochs").iter().enumerate()
        {
            let params = Params {
                n: int(&case["n"]) as u64,
                num_replicas: 3,
                shuffle: case["shuffle"].as_bool().expect("shuffle"),
                batch_size: int(&case["batch_size"]) as i64,
                loader_drop_last: case["loader_drop_last"].as_bool().expect("loader_drop_last"),
                manual_seed: int(&case["manual_seed"]),
                seeding: Seeding::Alike,
                epoch: epoch as u64,
                ..Params::default()
            };
            let deal = deal("no_sampler", &params);
            let flat: Vec<i128> =
                batches.as_array().expect("batches").iter().flat_map(ints).collect();
            for rank in 0..3 {
                check_lane(&deal, rank, &flat, flat.len(), "no_sampler");
                assert_eq!(deal.lanes[rank].loader_len, int(&case["len"]) as usize);
            }
            checked += 1;
        }
    }
    checked
}

/// Each process of `seed_per_rank` is PyTorch's sampler with `seed=rank`, so its lane is the
/// golden case with `seed == rank`:
/// ```python
/// s = DistributedSampler(Idx(n), num_replicas=w, rank=rank, shuffle=shuffle, seed=rank, drop_last=drop_last)
/// s.set_epoch(epoch); list(s)
/// ```
fn seed_per_rank_matches_pytorch() -> usize {
    let mut checked = 0;
    let cases = golden(SAMPLER, "distributed_sampler");
    for case in
        cases.iter().filter(|c| int(&c["seed"]) == int(&c["rank"]) && int(&c["n"]) <= 1 << 17)
    {
        let deal = deal("seed_per_rank", &sampler_params(case));
        let len = int(&case["len"]) as usize;
        check_lane(&deal, int(&case["rank"]) as usize, &indices(case), len, "seed_per_rank");
        checked += 1;
    }
    checked
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
    let sampler =
        (0u64..40, 1i64..6, any::<bool>(), 0i128..4, any::<bool>(), 0u64..4, any::<bool>());
    let loader = (1i64..7, any::<bool>(), any::<bool>(), 0u64..1000);
    (sampler, loader).prop_map(|(s, l)| Params {
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
    use scheme::Verdict::{AtLeastOnce, EachOnce, Empty, EveryGpuAll, Missing};
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
}
