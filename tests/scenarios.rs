//! The nine pitfall scenarios: every number against a brute-force count over the core, every
//! side's parameters through the URL and the main picture, and the small examples against
//! PyTorch 2.15's own outputs (the Python that made each vector is quoted above its test).

mod scenario_brute;
mod scenario_check;
mod scenario_golden;

use std::collections::HashSet;

use sampler_viz::i18n::Lang;
use sampler_viz::model::scenario::Scenario;
use sampler_viz::model::scheme::Distributed;
use sampler_viz::model::story;
use sampler_viz::model::{Field, Params, Picture};
use sampler_viz::sampler::{BatchSampler, Config, DistributedSampler, SamplerError};
use scenario_brute::{brute_coverage, python_list};
use scenario_golden::{golden_head, golden_no_sampler_epoch0, golden_sampler};

use scenario_check::Which::{Broken, Fixed};
use scenario_check::{check, compare, rows, samples, side};

#[test]
fn names_round_trip_and_are_unique() {
    let names: HashSet<&str> = Scenario::ALL.iter().map(|s| s.name()).collect();
    assert_eq!(names.len(), Scenario::ALL.len());
    for s in Scenario::ALL {
        assert_eq!(Scenario::from_name(s.name()), Some(s));
    }
    for bad in ["", "No_Set_Epoch", "<script>", "resume2"] {
        assert_eq!(Scenario::from_name(bad), None, "{bad}");
    }
}

/// ```python
/// s = DistributedSampler(Idx(8), num_replicas=2, rank=r, shuffle=True, seed=0)
/// s.set_epoch(e); list(s)          # e = 0 and 1; without set_epoch, e stays 0
/// ```
#[test]
fn set_epoch_never_called_repeats_epoch_0() {
    let epoch = |e| (0..2).map(|r| golden_sampler(8, 2, r, 0, e)).collect::<Vec<_>>();
    let (e0, e1) = (epoch(0), epoch(1));
    assert_eq!(rows(Scenario::NoSetEpoch, Fixed)[..4], [&e0[..], &e1[..]].concat()[..]);
    assert_eq!(rows(Scenario::NoSetEpoch, Broken)[..4], [&e0[..], &e0[..]].concat()[..]);
    check(Scenario::NoSetEpoch, Broken, "repeats", 2);
    check(Scenario::NoSetEpoch, Broken, "distinct-seeds", 1);
    check(Scenario::NoSetEpoch, Fixed, "repeats", 0);
    check(Scenario::NoSetEpoch, Fixed, "distinct-seeds", 3);
}

#[test]
fn a_seed_per_rank_counted_by_brute_force() {
    let (n, w) = (16, 4);
    let lists: Vec<Vec<u32>> = (0..w).map(|r| python_list(n, w, r, r.into(), 0)).collect();
    let (never, twice) = brute_coverage(n as u32, &lists);
    assert!(never > 0 && twice > 0, "the example shows the problem");
    check(Scenario::SeedPerRank, Broken, "never-seen", never);
    check(Scenario::SeedPerRank, Broken, "seen-twice", twice);
    assert_eq!(rows(Scenario::SeedPerRank, Broken), lists);
    let lists: Vec<Vec<u32>> = (0..w).map(|r| python_list(n, w, r, 0, 0)).collect();
    assert_eq!(brute_coverage(n as u32, &lists), (0, 0));
    check(Scenario::SeedPerRank, Fixed, "never-seen", 0);
    check(Scenario::SeedPerRank, Fixed, "seen-twice", 0);
}

#[test]
fn padding_in_validation_counts_the_padded_sample_twice() {
    // The issue's numbers: 21 samples on 2 GPUs become 22 predictions.
    check(Scenario::EvalPadding, Broken, "predictions", 22);
    check(Scenario::EvalPadding, Fixed, "predictions", 21);
    check(Scenario::EvalPadding, Fixed, "counted-twice", 0);
    // shuffle=False pads with the first index: sample 0 is gathered twice.
    let padded = |r| Config { n: 21, rank: r, shuffle: false, ..Config::default() };
    let lists: Vec<Vec<u32>> = (0..2)
        .map(|r| DistributedSampler::new(&padded(r)).and_then(|s| s.indices()).expect("valid"))
        .collect();
    let (_, twice) = brute_coverage(21, &lists);
    check(Scenario::EvalPadding, Broken, "counted-twice", twice);
    assert_eq!(samples(Scenario::EvalPadding, Broken, "counted-twice"), vec![0]);
    // The fix puts every sample back once, in the dataset's order here (no shuffling).
    let gathered = rows(Scenario::EvalPadding, Fixed).pop().unwrap_or_default();
    assert_eq!(gathered, (0..21).collect::<Vec<u32>>());
}

#[test]
fn drop_last_on_the_sampler_and_on_the_loader() {
    // Loader: 22 padded indices, 11 per rank, batches of 4 keep 8: 3 dropped per rank.
    check(Scenario::DropLast, Broken, "padding", 1);
    check(Scenario::DropLast, Broken, "loader-dropped", 3);
    check(Scenario::DropLast, Broken, "sampler-dropped", 0);
    let loader = BatchSampler::new(4, true).expect("valid");
    let trained: Vec<Vec<u32>> = (0..2)
        .map(|r| {
            let list = python_list(21, 2, r, 0, 0);
            loader.batches(&list).flatten().copied().collect()
        })
        .collect();
    let (never, twice) = brute_coverage(21, &trained);
    check(Scenario::DropLast, Broken, "never-seen", never);
    check(Scenario::DropLast, Broken, "seen-twice", twice);
    // Sampler: 21 trimmed to 20, nothing padded, one sample left out.
    check(Scenario::DropLast, Fixed, "sampler-dropped", 1);
    check(Scenario::DropLast, Fixed, "padding", 0);
    check(Scenario::DropLast, Fixed, "never-seen", 1);
    check(Scenario::DropLast, Fixed, "seen-twice", 0);
}

/// ```python
/// [list(DistributedSampler(Idx(3), num_replicas=8, rank=r, shuffle=True, seed=0)) for r in range(8)]
/// ```
#[test]
fn a_tiny_dataset_repeats_the_whole_list_as_pytorch_does() {
    let golden: Vec<Vec<u32>> = (0..8).map(|r| golden_sampler(3, 8, r, 0, 0)).collect();
    assert_eq!(rows(Scenario::TinyDataset, Broken), golden);
    check(Scenario::TinyDataset, Broken, "padding", 5);
    check(Scenario::TinyDataset, Broken, "most-times", 3);
    check(Scenario::TinyDataset, Broken, "drop-last-len", 0);
    // `if rank == 0: evaluate(DataLoader(ds3))` reads the dataset in order.
    assert_eq!(rows(Scenario::TinyDataset, Fixed), vec![vec![0, 1, 2]]);
    check(Scenario::TinyDataset, Fixed, "padding", 0);
    check(Scenario::TinyDataset, Fixed, "most-times", 1);
}

/// ```python
/// torch.manual_seed(0)
/// [b.tolist() for b in DataLoader(Idx(8), batch_size=4, shuffle=True)]   # in each process
/// ```
#[test]
fn no_sampler_walks_the_whole_dataset_on_every_gpu_as_pytorch_does() {
    let golden = golden_no_sampler_epoch0(8, 4);
    assert_eq!(rows(Scenario::NoSampler, Broken), vec![golden.clone(), golden]);
    check(Scenario::NoSampler, Broken, "work", 16);
    check(Scenario::NoSampler, Broken, "identical-batches", 2);
    check(Scenario::NoSampler, Broken, "steps", 2);
    check(Scenario::NoSampler, Fixed, "work", 8);
    check(Scenario::NoSampler, Fixed, "identical-batches", 0);
    check(Scenario::NoSampler, Fixed, "steps", 1);
}

/// ```python
/// s = DistributedSampler(Idx(50000), num_replicas=2, rank=r, shuffle=True, seed=0)
/// dl = DataLoader(Idx(50000), batch_size=64, sampler=s); len(dl), len(s), list(s)[:16]
/// ```
#[test]
fn the_three_lengths_of_cifar10_on_two_gpus() {
    for which in [Broken, Fixed] {
        check(Scenario::Lengths, which, "loader-len", 391);
        check(Scenario::Lengths, which, "sampler-len", 25_000);
        check(Scenario::Lengths, which, "dataset-len", 50_000);
    }
    let heads: Vec<Vec<u32>> = (0..2).map(|r| golden_head(50_000, 2, r)).collect();
    for (row, head) in rows(Scenario::Lengths, Fixed).iter().zip(&heads) {
        assert_eq!(row[..], head[..row.len()]);
    }
}

#[test]
fn resuming_mid_epoch_counted_by_brute_force() {
    // 16 samples, 2 GPUs, batch 2; crash after 2 batches of epoch 1.
    let batch = |list: &[u32], from: usize, to: usize| list[from * 2..to * 2].to_vec();
    let lists = |epoch| (0..2).map(|r| python_list(16, 2, r, 0, epoch)).collect::<Vec<_>>();
    let (e1, e0) = (lists(1), lists(0));
    let before: Vec<Vec<u32>> = e1.iter().map(|l| batch(l, 0, 2)).collect();
    let resumed = |order: &[Vec<u32>], from| -> Vec<Vec<u32>> {
        before.iter().cloned().chain(order.iter().map(|l| batch(l, from, 4))).collect()
    };
    let (never, twice) = brute_coverage(16, &resumed(&e0, 2));
    assert!(never > 0 && twice > 0, "the example shows the problem");
    check(Scenario::Resume, Broken, "never-seen", never);
    check(Scenario::Resume, Broken, "seen-twice", twice);
    let (_, restart_twice) = brute_coverage(16, &resumed(&e1, 0));
    assert_eq!(restart_twice, 2 * 2 * 2, "the first 2 batches of 2 on 2 GPUs, again");
    check(Scenario::Resume, Broken, "restart-twice", restart_twice);
    assert_eq!(brute_coverage(16, &resumed(&e1, 2)), (0, 0));
    check(Scenario::Resume, Fixed, "never-seen", 0);
    check(Scenario::Resume, Fixed, "seen-twice", 0);
}

#[test]
fn shuffle_twice_is_pytorchs_error() {
    let c = compare(Scenario::DoubleShuffle);
    assert_eq!(c.broken.error, Some(SamplerError::SamplerWithShuffle));
    let error = c.broken.error.as_ref().map(|e| (e.exception(), e.to_string()));
    let message = "sampler option is mutually exclusive with shuffle".to_string();
    assert_eq!(error, Some((Some("ValueError"), message)));
    assert_eq!(c.fixed.error, None);
    check(Scenario::DoubleShuffle, Fixed, "loader-len", 1);
}

/// Each side's parameters survive the URL, and the main picture computes them, or (scenario 9's
/// broken side) shows PyTorch's error against the DataLoader's shuffle control.
#[test]
fn every_side_loads_into_the_picture() {
    for s in Scenario::ALL {
        let c = compare(s);
        for which in [Broken, Fixed] {
            let Some(params) = side(&c, which).params.clone() else { continue };
            let query = params.to_query();
            let pairs = query.split('&').filter_map(|p| p.split_once('='));
            assert_eq!(Params::from_pairs(pairs), Ok(params.clone()), "{} {which:?}", s.name());
            let raised_on = side(&c, which).raised_on;
            match (Picture::compute(&params), side(&c, which).error.as_ref()) {
                (Ok(_), None) => {}
                // One GPU's process raises while the others train: the set-up itself loads.
                (Ok(_), Some(_)) if raised_on.is_some() => {}
                (Err(errors), Some(e)) => {
                    assert_eq!(errors.len(), 1);
                    assert_eq!(errors[0].field, Field::LoaderShuffle);
                    assert_eq!(
                        errors[0].message(sampler_viz::i18n::Lang::En),
                        format!("ValueError: {e}")
                    );
                }
                (got, want) => panic!("{} {which:?}: {got:?} but {want:?}", s.name()),
            }
        }
    }
}

/// The main picture shows the same numbers as the scenario it was loaded from.
#[test]
fn the_picture_agrees_with_the_scenarios() {
    let picture = |s: Scenario, which| {
        let params = side(&compare(s), which).params.clone().expect("shown in the picture");
        Picture::compute(&params).expect("computes")
    };
    let lengths = picture(Scenario::Lengths, Fixed).lengths;
    assert_eq!((lengths.loader, lengths.sampler, lengths.dataset), (391, 25_000, 50_000));
    assert_eq!(picture(Scenario::EvalPadding, Broken).lengths.total_size, 22);
    assert_eq!(picture(Scenario::TinyDataset, Broken).lengths.padding, 5);
    // The story's step 3 counts the later epochs that repeat epoch 0 for the side loaded.
    let repeating = |which| {
        let params = side(&compare(Scenario::NoSetEpoch), which).params.clone().expect("shown");
        story::repeating(&Distributed, &params)
    };
    assert_eq!(repeating(Broken), Some((3, 3)));
    assert_eq!(repeating(Fixed), Some((0, 3)));
}

/// Every sentence is filled in both languages, and both sides say something.
#[test]
fn every_text_is_complete() {
    for s in Scenario::ALL {
        let c = compare(s);
        for lang in [Lang::En, Lang::Zh] {
            let mut texts = vec![c.setup.text(lang)];
            for side in [&c.broken, &c.fixed] {
                texts.extend(side.rows.iter().map(|r| r.label.text(lang)));
                texts.extend(side.facts.iter().map(|f| f.phrase.text(lang)));
            }
            for text in texts {
                assert!(!text.contains('{') && !text.is_empty(), "{}: {text}", s.name());
            }
        }
        for side in [&c.broken, &c.fixed] {
            assert!(!side.code.is_empty());
            assert!(!side.rows.is_empty() || side.error.is_some(), "{}", s.name());
        }
    }
}
