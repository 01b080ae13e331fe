//! The scheme registry: every registered scheme is checked against PyTorch's own vectors, has
//! its texts in both languages and a Python panel, and `compare=` takes registered names only.
//! What a deal adds up to is in `tests/deals.rs`.

use sampler_viz::i18n::Lang;
use sampler_viz::model::scheme::{self, Deal, LANE_CAP, SCHEMES, Shared};
use sampler_viz::model::{Params, Seeding};
use serde_json::Value;

#[path = "schemes/ecosystem.rs"]
mod ecosystem;
#[path = "schemes/weighted.rs"]
mod weighted;

const SAMPLER: &str = include_str!("golden/pytorch-2.15/distributed_sampler.jsonl");
const LOADER: &str = include_str!("golden/pytorch-2.15/dataloader.jsonl");

/// A scheme's parity check against the golden vectors: how many cases it ran.
type ParityCheck = fn() -> usize;

/// Each registered scheme's parity check, by the scheme's name.
const PARITY: &[(&str, ParityCheck)] = &[
    ("distributed", distributed_matches_pytorch),
    ("no_sampler", no_sampler_matches_pytorch),
    ("seed_per_rank", seed_per_rank_matches_pytorch),
    ("accelerate", ecosystem::accelerate_matches_the_library),
    ("lightning_wrapper", ecosystem::wrapper_matches_the_library),
    ("lightning_unrepeated", ecosystem::unrepeated_matches_the_library),
    ("torchdata_resume", ecosystem::resume_matches_the_library),
    ("iterable", ecosystem::iterable_matches_pytorch),
    ("weighted_no_wrapper", weighted::no_wrapper_matches_torch),
    ("weighted_wrapper", weighted::wrapper_matches_lightning),
    ("monai_weighted", weighted::monai_matches_monai),
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
        assert!(!scheme.steps(&Params::default()).is_empty());
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
    let unknown = scheme::CompareError::Unknown { name: "horovod".into() };
    assert_eq!(names("distributed,horovod"), Err(unknown));
    assert_eq!(names("accelerate,distributed"), Ok("accelerate,distributed".into()));
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

/// Accelerate's `len()` with `split_batches` and `even_batches=False` counts a slice GPUs 2 and
/// 3 never get (`DataLoader(range(10), batch_size=4)` on 4 processes: run with accelerate 1.15).
#[test]
fn accelerate_says_when_its_len_is_not_the_steps_taken() {
    let params = Params {
        n: 10,
        num_replicas: 4,
        batch_size: 4,
        shuffle: false,
        split_batches: true,
        even_batches: false,
        ..Params::default()
    };
    let uneven = deal("accelerate", &params);
    let steps: Vec<usize> = uneven.lanes.iter().map(|l| l.loader_len).collect();
    let reported: Vec<Option<usize>> = uneven.lanes.iter().map(|l| l.reported_len).collect();
    assert_eq!(steps, [3, 3, 2, 2]);
    assert_eq!(reported, [None, None, Some(3), Some(3)]);
    let even = deal("accelerate", &Params { even_batches: true, ..params });
    assert!(even.lanes.iter().all(|l| l.reported_len.is_none()));
}

/// The workers' seeds under the lanes are torch 2.15.0's (the printout quoted in
/// `tests/ecosystem.rs`: `torch.manual_seed(7)`, epochs 0, 1, 2).
#[test]
fn the_lanes_know_their_workers_seeds() {
    let at = |epoch| Params { n: 8, num_workers: 2, manual_seed: 7, epoch, ..Params::default() };
    assert_eq!(deal("distributed", &at(2)).base_seed, Some(8_087_222_774_582_268_115));
    assert_eq!(deal("iterable", &at(0)).base_seed, Some(1_407_639_518_939_636_932));
    let without = Params { num_workers: 0, ..at(0) };
    assert_eq!(deal("distributed", &without).base_seed, None);
    // A shuffling loader without a sampler draws its RandomSampler's seed there too: unknown.
    assert_eq!(deal("no_sampler", &at(1)).base_seed, None);
}

#[test]
fn a_pictured_scheme_deals_what_the_picture_draws() {
    // The pipeline plays the picture stage by stage for the scheme that says it is pictured:
    // its lanes must be the picture's ranks, for shuffled, padded and trimmed lists alike.
    use sampler_viz::model::picture::Picture;
    let pictured: Vec<&str> = SCHEMES.iter().filter(|s| s.pictured()).map(|s| s.name()).collect();
    assert_eq!(pictured, ["distributed"]);
    for query in ["n=10&num_replicas=4", "n=23&num_replicas=3&drop_last=1&epoch=2", "n=8&shuffle=0"]
    {
        let pairs = query.split('&').filter_map(|p| p.split_once('='));
        let params = Params::from_pairs(pairs).expect("valid");
        let picture = Picture::compute(&params).expect("drawn");
        for name in &pictured {
            let dealt = deal(name, &params);
            let lanes: Vec<Vec<u32>> =
                dealt.lanes.iter().map(|l| l.tiles.iter().map(|t| t.index).collect()).collect();
            assert_eq!(lanes, picture.epoch.ranks(), "{name} {query}");
        }
    }
}

#[test]
fn every_registered_scheme_has_its_epochs_charted() {
    // The charts that compare epochs draw whichever scheme the story follows, from its own
    // deals: for every registered scheme they must agree with the epoch history under the
    // comparison (an epoch is all bright against epoch 0 exactly when every GPU gets its
    // epoch-0 list again), and be a similarity map and coverage curves at all.
    use sampler_viz::chart::{self, data::PaddingData, data::VisitsData, deals::DealsTask};
    use sampler_viz::model::scheme::history;
    for scheme in SCHEMES {
        for query in [
            "n=12&num_replicas=3",
            "n=12&num_replicas=3&set_epoch=0",
            "n=7&num_replicas=2&shuffle=0",
        ] {
            let pairs = query.split('&').filter_map(|p| p.split_once('='));
            let params = Params::from_pairs(pairs).expect("valid");
            let name = scheme.name();
            let charted = DealsTask::start(*scheme, &params)
                .unwrap_or_else(|e| panic!("{name} {query}: {e:?}"))
                .finish();
            assert!(charted.is_complete(), "{name} {query}: every cell");
            assert_eq!(charted.error, None, "{name} {query}");
            let rows = history::history(*scheme, &params, history::ROW_CAP)
                .unwrap_or_else(|e| panic!("{name} {query}: {e:?}"));
            assert_eq!(rows.len(), charted.epochs(), "{name} {query}: one range of epochs");
            for (e, epoch) in rows.iter().enumerate() {
                assert_eq!(charted.similarity(e, e), Some(1.0), "{name} {query}: diagonal");
                let bright = charted.matches[0][e] == Some(charted.total_size);
                let repeats = e == 0 || epoch.every_gpu_repeats_first();
                assert_eq!(bright, repeats, "{name} {query}: epoch {e} against epoch 0");
            }
            let seen = &charted.seen[0];
            assert!(
                seen.windows(2).all(|w| w[0] <= w[1]),
                "{name} {query}: coverage grows or stays"
            );
            // The one-epoch charts, from its whole deal, and all four drawn in both languages.
            let whole = scheme.deal_up_to(&params, &Shared::default(), usize::MAX).expect("dealt");
            let visits = VisitsData::from_deal(*scheme, &whole, 3, None);
            let padding = PaddingData::from_deal(&whole);
            let kinds = [padding.once, padding.repeated, padding.trimmed, padding.loader_lost];
            assert_eq!(kinds.iter().sum::<u64>(), params.n, "{name} {query}: every sample once");
            assert_eq!(visits.scheme().name(), name, "{name} {query}: the legend's scheme");
            for lang in [Lang::En, Lang::Zh] {
                let title = scheme.title().text(lang);
                let drawn = [
                    chart::visits::svg(&visits, lang).map(|svg| unescaped(&svg).contains(title)),
                    chart::padding::svg(&padding, lang).map(|_| true),
                    chart::similarity::svg(&charted, lang).map(|_| true),
                    chart::coverage::svg(&charted, lang).map(|_| true),
                ];
                for svg in drawn {
                    assert_eq!(svg, Ok(true), "{name} {query} {lang:?}: drawn, the scheme named");
                }
                let said = chart::summary::visits(&visits, lang);
                assert!(said.contains(title), "{name} {lang:?}: {said}");
            }
        }
    }
}

/// An SVG's text with XML's escapes undone.
fn unescaped(svg: &str) -> String {
    let escapes = [("&apos;", "'"), ("&#39;", "'"), ("&quot;", "\""), ("&lt;", "<"), ("&gt;", ">")];
    let once = escapes.iter().fold(svg.to_string(), |s, (from, to)| s.replace(from, to));
    once.replace("&amp;", "&")
}
