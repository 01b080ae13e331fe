//! Parity with PyTorch 2.15: every public golden case, plus a few cases spelled out here so
//! that a reader sees what the rules mean. The vectors were made by real PyTorch (see
//! `tests/golden/README.md`); the Python behind each group is quoted above its test.

mod common;

use common::check_golden;
use sampler_viz::conformance::check_line;
use sampler_viz::sampler::{Config, DistributedSampler, Generator, NoSampler, randperm};

const RANDPERM: &str = include_str!("golden/pytorch-2.15/randperm.jsonl");
const SAMPLER: &str = include_str!("golden/pytorch-2.15/distributed_sampler.jsonl");
const LOADER: &str = include_str!("golden/pytorch-2.15/dataloader.jsonl");
const ERRORS: &str = include_str!("golden/pytorch-2.15/errors.jsonl");

/// Every case of a golden file matches, and the file holds the cases we expect.
/// ```python
/// g = torch.Generator(); g.manual_seed(seed); torch.randperm(n, generator=g)
/// ```
#[test]
fn randperm_matches_pytorch() {
    check_golden(RANDPERM, 103);
}

/// ```python
/// s = DistributedSampler(Idx(n), num_replicas=w, rank=rank, shuffle=shuffle, seed=seed, drop_last=drop_last)
/// s.set_epoch(epoch); list(s), len(s)
/// ```
#[test]
fn distributed_sampler_matches_pytorch() {
    check_golden(SAMPLER, 2382);
}

/// ```python
/// dl = DataLoader(Idx(n), batch_size=bs, sampler=s, drop_last=loader_drop_last)   # with a sampler
/// torch.manual_seed(S); dl = DataLoader(Idx(n), batch_size=bs, shuffle=shuffle, drop_last=...)
/// [[b.tolist() for b in dl] for _ in range(3)]                                     # without one
/// ```
#[test]
fn dataloader_matches_pytorch() {
    check_golden(LOADER, 76);
}

/// ```python
/// try: DistributedSampler(...) / DataLoader(...)
/// except Exception as e: type(e).__name__, str(e)
/// ```
#[test]
fn errors_match_pytorch() {
    check_golden(ERRORS, 8);
}

/// The checker itself fails on a wrong vector, so the tests above can fail.
#[test]
fn a_tampered_vector_is_reported() {
    let good = r#"{"case":"randperm","n":10,"seed":"0","perm":[4,1,7,5,3,9,0,8,6,2]}"#;
    let bad = good.replace("[4,1,", "[1,4,");
    assert_eq!(check_line(good), Ok(()));
    assert_eq!(check_line(&bad), Err("perm[0]: expected 1, got 4".to_string()));
}

#[track_caller]
fn check_ranks(config: Config, expect: &[&[u32]]) {
    let epoch = DistributedSampler::new(&config).and_then(|s| s.epoch()).expect("valid config");
    assert_eq!(epoch.ranks(), expect);
}

/// ```python
/// for rank in range(w): list(DistributedSampler(Idx(n), num_replicas=w, rank=rank, seed=seed, drop_last=...))
/// ```
#[test]
fn spelled_out_examples() {
    let toy = Config { n: 8, num_replicas: 2, ..Config::default() };
    // The classic toy example: 8 samples on 2 GPUs, seed 0.
    check_ranks(toy.clone(), &[&[4, 7, 2, 1], &[0, 3, 5, 6]]);
    // set_epoch(1) reshuffles.
    check_ranks(Config { epoch: 1, ..toy }, &[&[5, 2, 7, 1], &[4, 6, 3, 0]]);
    // 10 samples on 3 ranks with drop_last: the shuffled list loses its last index.
    let trimmed = Config { n: 10, num_replicas: 3, drop_last: true, ..Config::default() };
    check_ranks(trimmed, &[&[4, 5, 0], &[1, 3, 8], &[7, 9, 6]]);
    // 5 samples on 8 ranks: the padding wraps the whole list around.
    let tiny = Config { n: 5, num_replicas: 8, seed: 42, epoch: 3, ..Config::default() };
    let ranks = DistributedSampler::new(&tiny).and_then(|s| s.epoch()).expect("valid config");
    assert_eq!(
        ranks.rank(0).chain(ranks.rank(1)).chain(ranks.rank(2)).collect::<Vec<_>>(),
        [2, 3, 1]
    );
}

/// ```python
/// g = torch.Generator(); g.manual_seed(s); torch.randperm(10, generator=g)
/// ```
/// Only the low 32 bits of the seed matter, and a negative seed wraps modulo 2^64.
#[test]
fn seeds_that_give_the_same_permutation() {
    let perm = |seed: i128| randperm(10, &mut Generator::manual_seed(seed).expect("in range"));
    assert_eq!(perm(0), [4, 1, 7, 5, 3, 9, 0, 8, 6, 2]);
    assert_eq!(perm(1 << 32), perm(0));
    assert_eq!(perm(-1), [1, 4, 6, 2, 0, 5, 8, 7, 9, 3]);
    assert_eq!(perm(u64::MAX.into()), perm(-1));
}

/// ```python
/// torch.manual_seed(0); dl = DataLoader(Idx(8), batch_size=4, shuffle=True)
/// [[b.tolist() for b in dl] for _ in range(3)]
/// ```
#[test]
fn no_sampler_epochs_follow_the_global_generator() {
    let process = NoSampler::new(8, true, 0).expect("valid loader");
    let epochs: Vec<Vec<u32>> = process.epochs().take(3).collect();
    assert_eq!(
        epochs,
        [[2, 0, 5, 3, 1, 4, 7, 6], [0, 3, 7, 1, 6, 2, 5, 4], [5, 7, 1, 6, 2, 0, 3, 4]]
    );
    assert_eq!(process.epoch(2), epochs[2]);
}
