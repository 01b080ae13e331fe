//! Parity with the ecosystem's samplers: every golden case made by accelerate 1.15.0,
//! pytorch-lightning 2.6.6 and torchdata 0.11.0 (see `tests/golden/ecosystem/README.md`), and
//! the quirks each library has, spelled out with the Python that shows them.

mod common;

use common::check_golden;
use sampler_viz::sampler::{
    AccelerateConfig, BatchSampler, Config, Inner, Prepared, Resume, SamplerError, Unrepeated,
    Wrapper,
};

const ACCELERATE: &str = include_str!("golden/ecosystem/accelerate.jsonl");
const LIGHTNING: &str = include_str!("golden/ecosystem/lightning.jsonl");
const TORCHDATA: &str = include_str!("golden/ecosystem/torchdata.jsonl");
const WORKERS: &str = include_str!("golden/ecosystem/workers.jsonl");

/// ```python
/// torch.manual_seed(manual_seed)
/// dl = DataLoader(range(n), batch_size, shuffle, drop_last=loader_drop_last)
/// p = prepare_data_loader(dl, num_processes=W, process_index=r, split_batches, even_batches,
///                         use_seedable_sampler, data_seed, rng_types=["generator"])
/// for e in range(epochs): p.set_epoch(e) if set_epoch; [b.tolist() for b in p]
/// ```
#[test]
fn accelerate_matches_the_library() {
    check_golden(ACCELERATE, 140);
}

/// ```python
/// DistributedSamplerWrapper(SequentialSampler | RandomSampler(generator=g), W, rank, shuffle, seed, drop_last)
/// UnrepeatedDistributedSampler(range(n), W, rank, shuffle, seed)
/// ```
#[test]
fn lightning_matches_the_library() {
    check_golden(LIGHTNING, 150);
}

/// ```python
/// s = StatefulDistributedSampler(...); s.set_epoch(epoch); dl = StatefulDataLoader(..., sampler=s)
/// before = [next(it) for _ in range(consumed)]; state = dl.state_dict()
/// s2 = StatefulDistributedSampler(...); s2.set_epoch(resume_set_epoch)?; dl2.load_state_dict(state)
/// ```
#[test]
fn torchdata_matches_the_library() {
    check_golden(TORCHDATA, 90);
}

/// ```python
/// DataLoader(range(n), batch_size, sampler=DistributedSampler(...), num_workers=k)  # map-style
/// DataLoader(IterableRange(n, sharding), batch_size, num_workers=k)                 # iterable
/// ```
/// The batches in the order yielded, and the worker that loaded each.
#[test]
fn workers_match_pytorch() {
    check_golden(WORKERS, 90);
}

fn accelerate(n: u64, w: usize, bs: i64, drop_last: bool, split: bool, even: bool) -> Prepared {
    let config = AccelerateConfig {
        n,
        num_processes: w,
        batch_size: bs,
        shuffle: false,
        drop_last,
        split_batches: split,
        even_batches: even,
        use_seedable_sampler: false,
        data_seed: None,
        manual_seed: 0,
    };
    Prepared::new(&config).unwrap()
}

#[track_caller]
fn check_deal(prepared: &Prepared, want: &[&[&[u32]]]) {
    let got = prepared.epoch(0).unwrap();
    let want: Vec<Vec<Vec<u32>>> =
        want.iter().map(|p| p.iter().map(|b| b.to_vec()).collect()).collect();
    assert_eq!(got, want);
}

/// `DataLoader(range(10), batch_size=3)` on two processes; run with accelerate 1.15.0.
#[test]
fn accelerate_deals_whole_batches_and_completes_the_last_round() {
    // even_batches=True: the short batch [9] is completed from the epoch's start.
    check_deal(
        &accelerate(10, 2, 3, false, false, true),
        &[&[&[0, 1, 2], &[6, 7, 8]], &[&[3, 4, 5], &[9, 0, 1]]],
    );
    // even_batches=False: it stays short.
    check_deal(
        &accelerate(10, 2, 3, false, false, false),
        &[&[&[0, 1, 2], &[6, 7, 8]], &[&[3, 4, 5], &[9]]],
    );
    // drop_last=True drops the short batch and the whole unfinished round: 6, 7, 8 too.
    check_deal(&accelerate(10, 2, 3, true, false, true), &[&[&[0, 1, 2]], &[&[3, 4, 5]]]);
}

/// `split_batches=True`, `even_batches=False`: `len(p)` counts a slice two processes never get.
#[test]
fn accelerate_split_len_counts_a_slice_some_processes_never_get() {
    let p = accelerate(10, 4, 4, false, true, false);
    check_deal(&p, &[&[&[0], &[4], &[8]], &[&[1], &[5], &[9]], &[&[2], &[6]], &[&[3], &[7]]]);
    assert_eq!((0..4).map(|r| p.len(r)).collect::<Vec<_>>(), [3, 3, 3, 3]);
}

#[test]
fn accelerate_split_refuses_a_batch_the_processes_do_not_divide() {
    let config = AccelerateConfig {
        n: 10,
        num_processes: 4,
        batch_size: 6,
        shuffle: false,
        drop_last: false,
        split_batches: true,
        even_batches: true,
        use_seedable_sampler: false,
        data_seed: None,
        manual_seed: 0,
    };
    let e = Prepared::new(&config).unwrap_err();
    assert_eq!(
        e.to_string(),
        "To use a `DataLoader` in `split_batches` mode, the batch size (6) needs to be a round \
         multiple of the number of processes (4)."
    );
    let one = AccelerateConfig { batch_size: 1, ..config };
    assert!(matches!(Prepared::new(&one), Err(SamplerError::SplitBatches { shard: true, .. })));
}

fn config(n: u64, w: i64, rank: i64, shuffle: bool, seed: i128, epoch: i128) -> Config {
    Config { n, num_replicas: w, rank, shuffle, seed, drop_last: false, epoch }
}

/// `UnrepeatedDistributedSampler` shuffles with `manual_seed(epoch)`: its `seed` changes nothing.
#[test]
fn unrepeated_ignores_its_seed_and_pads_nothing() {
    let a = Unrepeated { config: config(10, 3, 0, true, 0, 2) }.ranks().unwrap();
    let b = Unrepeated { config: config(10, 3, 0, true, 12345, 2) }.ranks().unwrap();
    assert_eq!(a, b);
    assert_eq!(a.iter().map(Vec::len).collect::<Vec<_>>(), [4, 3, 3]);
    let too_few = Unrepeated { config: config(2, 3, 2, false, 0, 0) };
    assert_eq!(too_few.check(), Err(SamplerError::UnrepeatedEmptyRank));
}

/// The wrapper's docstring says `shuffle` and `seed` have no effect; they reorder positions.
#[test]
fn the_wrapper_shuffles_positions_despite_its_docstring() {
    let sequential = |shuffle, seed| {
        Wrapper { inner: Inner::Sequential, config: config(8, 2, 0, shuffle, seed, 0) }
            .ranks()
            .unwrap()
    };
    assert_eq!(sequential(false, 0), [vec![0, 2, 4, 6], vec![1, 3, 5, 7]]);
    assert_ne!(sequential(true, 0), sequential(false, 0));
    assert_ne!(sequential(true, 0), sequential(true, 1));
}

/// Resuming without `set_epoch`: the saved count is applied to epoch 0's order.
#[test]
fn resume_skips_the_saved_count_of_whatever_epoch_is_set() {
    let resume = |resume_epoch| Resume {
        config: config(16, 1, 0, true, 0, 3),
        loader: BatchSampler::new(4, false).unwrap(),
        consumed: 2,
        resume_epoch,
    };
    let restored = resume(Some(3)).run().unwrap();
    let forgot = resume(None).run().unwrap();
    assert_eq!(restored.before, forgot.before);
    let all = |r: &sampler_viz::sampler::Resumed| {
        let mut v: Vec<u32> = r.before.iter().chain(&r.after).flatten().copied().collect();
        v.sort_unstable();
        v
    };
    assert_eq!(all(&restored), (0..16).collect::<Vec<_>>());
    assert_ne!(all(&forgot), (0..16).collect::<Vec<_>>());
    let beyond = Resume { consumed: 5, ..resume(None) };
    assert!(matches!(beyond.run(), Err(SamplerError::ConsumedBeyondEpoch { len: 4, .. })));
}

/// `every_rank` (one permutation per epoch for all ranks) is `run` rank by rank, on every
/// configuration of the torchdata vectors.
#[test]
fn resuming_every_rank_at_once_is_resuming_each() {
    for line in TORCHDATA.lines() {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let int =
            |k: &str| case[k].as_i64().map(i128::from).or_else(|| case[k].as_str()?.parse().ok());
        let w = int("num_replicas").unwrap() as i64;
        let resume = Resume {
            config: Config {
                n: int("n").unwrap() as u64,
                num_replicas: w,
                rank: 0,
                shuffle: case["shuffle"].as_bool().unwrap(),
                seed: int("seed").unwrap(),
                drop_last: case["drop_last"].as_bool().unwrap(),
                epoch: int("epoch").unwrap(),
            },
            loader: BatchSampler::new(
                int("batch_size").unwrap() as i64,
                case["loader_drop_last"].as_bool().unwrap(),
            )
            .unwrap(),
            consumed: int("consumed").unwrap() as usize,
            resume_epoch: int("resume_set_epoch"),
        };
        let all = resume.every_rank().unwrap();
        for rank in 0..w {
            let one = Resume { config: Config { rank, ..resume.config.clone() }, ..resume.clone() };
            assert_eq!(all[rank as usize], one.run().unwrap(), "{line}");
        }
    }
}

/// Refusals come in Python's order, and no argument can make the core hold more than it may.
#[test]
fn accelerate_refuses_in_pythons_order_and_within_the_tools_limits() {
    let base = AccelerateConfig {
        n: 0,
        num_processes: 2,
        batch_size: 0,
        shuffle: true,
        drop_last: false,
        split_batches: false,
        even_batches: true,
        use_seedable_sampler: true,
        data_seed: None,
        manual_seed: 0,
    };
    // torch.manual_seed, then RandomSampler, then BatchSampler.
    let overflow = AccelerateConfig { manual_seed: 1 << 70, ..base };
    assert!(matches!(Prepared::new(&overflow), Err(SamplerError::SeedOverflow { .. })));
    assert!(matches!(Prepared::new(&base), Err(SamplerError::InvalidNumSamples { .. })));
    let huge = AccelerateConfig { n: 1, batch_size: 1_000_000_000_000, ..base };
    assert!(matches!(Prepared::new(&huge), Err(SamplerError::TotalSizeTooLarge { .. })));
    let uneven = AccelerateConfig { even_batches: false, ..huge };
    assert_eq!(Prepared::new(&uneven).unwrap().epoch(0).unwrap(), [vec![vec![0]], vec![]]);
    let far = AccelerateConfig { n: 4, batch_size: 2, data_seed: Some(i128::MAX), ..base };
    assert!(matches!(
        Prepared::new(&far).unwrap().epoch(1),
        Err(SamplerError::SeedOverflow { .. })
    ));
}

/// Each worker's `torch.initial_seed()`: the loader's `base_seed`, drawn from the global
/// generator at every `iter(loader)`, plus the worker's id. Printed by torch 2.15.0:
/// ```python
/// torch.manual_seed(7)
/// s = DistributedSampler(D(), num_replicas=2, rank=0)   # D()[i] = get_worker_info().seed
/// dl = DataLoader(D(), batch_size=2, sampler=s, num_workers=2)
/// for e in range(3): s.set_epoch(e); print(e, [int(b[0]) for b in dl])
/// # 0 [1407639518939636932, 1407639518939636933]
/// # 1 [5163590386780219894, 5163590386780219895]
/// # 2 [8087222774582268115, 8087222774582268116]
/// ```
#[test]
fn worker_seeds_match_pytorch() {
    let base = sampler_viz::sampler::workers::base_seeds(7, 3).unwrap();
    assert_eq!(
        base,
        [1_407_639_518_939_636_932, 5_163_590_386_780_219_894, 8_087_222_774_582_268_115]
    );
}
