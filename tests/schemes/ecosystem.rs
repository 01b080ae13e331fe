//! The ecosystem's schemes against the vectors their own libraries made
//! (`tests/golden/ecosystem/`): every lane is what the library gave that process.

use sampler_viz::model::scheme::{self, Shared};
use sampler_viz::model::{InnerSampler, Params};
use sampler_viz::sampler::Sharding;
use serde_json::Value;

use super::{check_lane, deal, golden, int, ints};

const ACCELERATE: &str = include_str!("../golden/ecosystem/accelerate.jsonl");
const LIGHTNING: &str = include_str!("../golden/ecosystem/lightning.jsonl");
const TORCHDATA: &str = include_str!("../golden/ecosystem/torchdata.jsonl");

fn flag(case: &Value, key: &str) -> bool {
    case[key].as_bool().unwrap_or_else(|| panic!("{key}"))
}

/// ```python
/// torch.manual_seed(manual_seed); dl = DataLoader(range(n), batch_size, shuffle, drop_last)
/// p = prepare_data_loader(dl, num_processes, process_index=r, split_batches, even_batches,
///                         use_seedable_sampler, data_seed); [[b.tolist() for b in p] for e in epochs]
/// ```
pub fn accelerate_matches_the_library() -> usize {
    let mut checked = 0;
    for case in golden(ACCELERATE, "accelerate_prepare") {
        let base = Params {
            n: int(&case["n"]) as u64,
            num_replicas: int(&case["num_processes"]) as i64,
            batch_size: int(&case["batch_size"]) as i64,
            shuffle: flag(&case, "shuffle"),
            loader_drop_last: flag(&case, "loader_drop_last"),
            split_batches: flag(&case, "split_batches"),
            even_batches: flag(&case, "even_batches"),
            use_seedable_sampler: flag(&case, "use_seedable_sampler"),
            data_seed: (!case["data_seed"].is_null()).then(|| int(&case["data_seed"])),
            manual_seed: int(&case["manual_seed"]),
            set_epoch: flag(&case, "set_epoch"),
            ..Params::default()
        };
        let accelerate = scheme::by_name("accelerate").expect("registered");
        if let Some(message) = case["message"].as_str() {
            let errors = accelerate.deal(&base, &Shared::default()).expect_err("refused");
            let shown = errors[0].message(sampler_viz::i18n::Lang::En);
            assert_eq!(shown, format!("{}: {message}", case["error"].as_str().unwrap()));
            checked += 1;
            continue;
        }
        for (rank, epochs) in case["batches"].as_array().expect("batches").iter().enumerate() {
            for (epoch, batches) in epochs.as_array().expect("epochs").iter().enumerate() {
                let params = Params { epoch: epoch as u64, ..base.clone() };
                let deal = deal("accelerate", &params);
                let batches: Vec<Vec<i128>> =
                    batches.as_array().expect("a list").iter().map(ints).collect();
                let flat = batches.concat();
                check_lane(&deal, rank, &flat, flat.len(), "accelerate");
                assert_eq!(deal.lanes[rank].loader_len, batches.len(), "accelerate steps");
                // The lane breaks where the library's batches do.
                let size = deal.batch_size;
                assert!(batches.iter().rev().skip(1).all(|b| b.len() == size), "{case}");
            }
        }
        checked += 1;
    }
    checked
}

/// The lightning cases of `kind`, as the page's parameters, with `indices[rank][epoch]`.
fn lightning(kind: &str, check: impl Fn(&Value, Params)) -> usize {
    let mut checked = 0;
    for case in golden(LIGHTNING, kind) {
        let base = Params {
            n: int(&case["n"]) as u64,
            num_replicas: int(&case["num_replicas"]) as i64,
            shuffle: flag(&case, "shuffle"),
            seed: int(&case["seed"]),
            drop_last: case["drop_last"].as_bool().unwrap_or(false),
            batch_size: 1,
            set_epoch: true,
            inner: match case["inner"].as_str() {
                Some("sequential") => InnerSampler::Sequential,
                _ => InnerSampler::Random,
            },
            inner_seed: case.get("inner_seed").map_or(0, int),
            ..Params::default()
        };
        check(&case, base);
        checked += 1;
    }
    checked
}

/// ```python
/// DistributedSamplerWrapper(SequentialSampler | RandomSampler(generator=g), W, rank, shuffle, seed, drop_last)
/// ```
pub fn wrapper_matches_the_library() -> usize {
    lightning("lightning_wrapper", check_ranks("lightning_wrapper"))
}

/// ```python
/// UnrepeatedDistributedSampler(range(n), W, rank, shuffle, seed); s.set_epoch(e); list(s)
/// ```
pub fn unrepeated_matches_the_library() -> usize {
    lightning("lightning_unrepeated", check_ranks("lightning_unrepeated"))
}

fn check_ranks(name: &'static str) -> impl Fn(&Value, Params) {
    move |case, base| {
        for (rank, epochs) in case["indices"].as_array().expect("indices").iter().enumerate() {
            for (epoch, want) in epochs.as_array().expect("epochs").iter().enumerate() {
                let deal = deal(name, &Params { epoch: epoch as u64, ..base.clone() });
                let want = ints(want);
                check_lane(&deal, rank, &want, want.len(), name);
            }
        }
    }
}

/// ```python
/// s.set_epoch(epoch); dl = StatefulDataLoader(range(n), batch_size, sampler=s, drop_last)
/// before = [next(it) for _ in range(consumed)]; state = dl.state_dict()
/// s2.set_epoch(resume_set_epoch)?; dl2.load_state_dict(state); after = list(dl2)
/// ```
pub fn resume_matches_the_library() -> usize {
    let mut checked = 0;
    for case in golden(TORCHDATA, "torchdata_resume") {
        let params = Params {
            n: int(&case["n"]) as u64,
            num_replicas: int(&case["num_replicas"]) as i64,
            shuffle: flag(&case, "shuffle"),
            seed: int(&case["seed"]),
            drop_last: flag(&case, "drop_last"),
            batch_size: int(&case["batch_size"]) as i64,
            loader_drop_last: flag(&case, "loader_drop_last"),
            epoch: int(&case["epoch"]) as u64,
            set_epoch: true,
            consumed: int(&case["consumed"]) as u64,
            restore_epoch: !case["resume_set_epoch"].is_null(),
            ..Params::default()
        };
        let deal = deal("torchdata_resume", &params);
        let before: Vec<i128> =
            case["before"].as_array().expect("before").iter().flat_map(ints).collect();
        let after: Vec<i128> =
            case["after"].as_array().expect("after").iter().flat_map(ints).collect();
        let rank = int(&case["rank"]) as usize;
        let all = [before.clone(), after].concat();
        check_lane(&deal, rank, &all, all.len(), "torchdata_resume");
        assert_eq!(deal.lanes[rank].resumed_at, Some(before.len()));
        checked += 1;
    }
    checked
}

const WORKERS: &str = include_str!("../golden/ecosystem/workers.jsonl");

/// ```python
/// DataLoader(Stream(n, W, rank, sharding), batch_size, drop_last=loader_drop_last, num_workers)
/// ```
/// The lane of `rank` is the batches in the order yielded; each batch's worker is PyTorch's.
pub fn iterable_matches_pytorch() -> usize {
    let mut checked = 0;
    for case in golden(WORKERS, "loader_workers_iterable") {
        let params = Params {
            n: int(&case["n"]) as u64,
            num_replicas: int(&case["num_replicas"]) as i64,
            batch_size: int(&case["batch_size"]) as i64,
            loader_drop_last: flag(&case, "loader_drop_last"),
            num_workers: int(&case["num_workers"]) as i64,
            sharding: Sharding::from_name(case["sharding"].as_str().expect("sharding"))
                .expect("known"),
            ..Params::default()
        };
        let deal = deal("iterable", &params);
        let batches: Vec<Vec<i128>> =
            case["batches"].as_array().expect("batches").iter().map(ints).collect();
        let flat = batches.concat();
        let rank = int(&case["rank"]) as usize;
        check_lane(&deal, rank, &flat, flat.len(), "iterable");
        let workers: Vec<i128> = deal.lanes[rank].workers.iter().map(|&w| w as i128).collect();
        assert_eq!(workers, ints(&case["workers"]), "{case}");
        // The lane breaks where PyTorch's batches do, short ones mid-epoch included.
        let lane = &deal.lanes[rank];
        let shown: Vec<i128> = lane.tiles.iter().map(|t| i128::from(t.index)).collect();
        let mut starts = lane.batch_starts(deal.batch_size, shown.len());
        starts.push(shown.len());
        let cut: Vec<Vec<i128>> = starts.windows(2).map(|w| shown[w[0]..w[1]].to_vec()).collect();
        let want: Vec<Vec<i128>> = batches.iter().take(cut.len()).cloned().collect();
        let whole = cut.len().saturating_sub(1);
        assert_eq!(cut[..whole], want[..whole], "{case}");
        checked += 1;
    }
    checked
}

/// ```python
/// DataLoader(range(n), batch_size, sampler=DistributedSampler(...), num_workers=k)
/// ```
/// A map-style loader's batch `b` is loaded by worker `b % k`: the lane of `rank` tags each
/// batch with PyTorch's worker.
#[test]
fn distributed_lanes_name_pytorchs_workers() {
    let mut checked = 0;
    for case in golden(WORKERS, "loader_workers_map") {
        let params = Params {
            n: int(&case["n"]) as u64,
            num_replicas: int(&case["num_replicas"]) as i64,
            shuffle: flag(&case, "shuffle"),
            seed: int(&case["seed"]),
            epoch: int(&case["epoch"]) as u64,
            drop_last: flag(&case, "drop_last"),
            batch_size: int(&case["batch_size"]) as i64,
            loader_drop_last: flag(&case, "loader_drop_last"),
            num_workers: int(&case["num_workers"]) as i64,
            ..Params::default()
        };
        let deal = deal("distributed", &params);
        let batches: Vec<Vec<i128>> =
            case["batches"].as_array().expect("batches").iter().map(ints).collect();
        let flat = batches.concat();
        let rank = int(&case["rank"]) as usize;
        check_lane(&deal, rank, &flat, flat.len(), "distributed with workers");
        let workers: Vec<i128> = deal.lanes[rank].workers.iter().map(|&w| w as i128).collect();
        assert_eq!(workers, ints(&case["workers"]), "{case}");
        checked += 1;
    }
    assert_eq!(checked, 45);
}
