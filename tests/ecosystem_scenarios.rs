//! The ecosystem's four pitfalls: each number is what the library's own behaviour gives, worked
//! out here by hand from the core's pieces (a brute-force count where it is more than arithmetic).

mod scenario_check;

use sampler_viz::model::scenario::Scenario;
use sampler_viz::sampler::{Config, DistributedSampler};
use scenario_check::Which::{Broken, Fixed};
use scenario_check::{check, compare, rows, samples};

/// `DataLoader(range(32), batch_size=8)` on 2 GPUs: 4 batches. Split, each GPU gets 4 per step
/// for 4 steps; whole, 8 per step for 2 steps.
#[test]
fn split_batches_halves_each_gpus_batch_and_doubles_the_steps() {
    let s = Scenario::SplitBatches;
    for (which, per_gpu, effective, steps) in [(Broken, 4, 8, 4), (Fixed, 8, 16, 2)] {
        check(s, which, "per-gpu-batch", per_gpu);
        check(s, which, "effective-batch", effective);
        check(s, which, "fewest-steps", steps);
        check(s, which, "most-steps", steps);
        check(s, which, "seen-twice", 0);
    }
    assert_eq!(rows(s, Broken)[0][..8], [0, 1, 2, 3, 8, 9, 10, 11]);
    assert_eq!(rows(s, Fixed)[1][..8], [8, 9, 10, 11, 12, 13, 14, 15]);
}

/// 20 samples, batch 4, 3 GPUs: 5 batches. Uneven, GPU 2 gets one; even, it gets a second
/// batch made of samples 0–3, which the epoch then trains twice.
#[test]
fn even_batches_false_leaves_a_gpu_a_step_short() {
    let s = Scenario::EvenBatches;
    check(s, Broken, "fewest-steps", 1);
    check(s, Broken, "most-steps", 2);
    check(s, Broken, "seen-twice", 0);
    check(s, Fixed, "fewest-steps", 2);
    check(s, Fixed, "most-steps", 2);
    check(s, Fixed, "seen-twice", 4);
    assert_eq!(samples(s, Fixed, "seen-twice"), [0, 1, 2, 3]);
    assert_eq!(rows(s, Broken)[2], [8, 9, 10, 11]);
    assert_eq!(rows(s, Fixed)[2], [8, 9, 10, 11, 0, 1, 2, 3]);
}

/// 21 validation samples on 4 GPUs: `DistributedSampler` pads to 24 (samples 0, 1, 2 twice);
/// the unrepeated sampler gives 6, 5, 5, 5.
#[test]
fn lightning_validation_pads_and_the_unrepeated_sampler_does_not() {
    let s = Scenario::LightningEval;
    check(s, Broken, "predictions", 24);
    check(s, Broken, "counted-twice", 3);
    assert_eq!(samples(s, Broken, "counted-twice"), [0, 1, 2]);
    check(s, Broken, "fewest-samples", 6);
    check(s, Fixed, "predictions", 21);
    check(s, Fixed, "counted-twice", 0);
    check(s, Fixed, "fewest-samples", 5);
    check(s, Fixed, "most-samples", 6);
    assert_eq!(rows(s, Fixed)[1], [1, 5, 9, 13, 17]);
    assert!(compare(s).fixed.params.is_none(), "the picture draws DistributedSampler only");
}

/// The resumed process skips the 4 indices already trained (2 batches of 2), of epoch 1 when
/// it restores the epoch and of epoch 0 when it does not; counted here by brute force.
#[test]
fn a_resume_without_the_epoch_trains_some_samples_twice_and_others_never() {
    let s = Scenario::StatefulResume;
    let ranks = |epoch| {
        (0..2)
            .map(|rank| {
                let config = Config { n: 16, num_replicas: 2, rank, epoch, ..Config::default() };
                DistributedSampler::new(&config).unwrap().indices().unwrap()
            })
            .collect::<Vec<_>>()
    };
    let (one, zero) = (ranks(1), ranks(0));
    let mut seen = [0u32; 16];
    for r in 0..2 {
        one[r][..4].iter().chain(&zero[r][4..]).for_each(|&i| seen[i as usize] += 1);
    }
    let twice = seen.iter().filter(|&&c| c > 1).count() as u64;
    let never = seen.iter().filter(|&&c| c == 0).count() as u64;
    assert!(twice > 0, "this example shows the bug");
    check(s, Broken, "seen-twice", twice);
    check(s, Broken, "never-seen", never);
    check(s, Fixed, "seen-twice", 0);
    check(s, Fixed, "never-seen", 0);
    assert_eq!(rows(s, Fixed)[1], one[0][4..]);
    assert_eq!(rows(s, Broken)[1], zero[0][4..]);
}

/// 8 samples, 2 GPUs, 2 workers each: unsharded, each sample is read by all 4 copies.
#[test]
fn an_unsharded_stream_is_read_by_every_worker_of_every_gpu() {
    let s = Scenario::IterableNoShard;
    check(s, Broken, "trained", 32);
    check(s, Broken, "most-times", 4);
    check(s, Fixed, "trained", 8);
    check(s, Fixed, "most-times", 1);
    check(s, Fixed, "never-seen", 0);
    // Rank 0's workers 0 and 1 (batch 2) take turns: [0, 1] from each, then [2, 3] ...
    assert_eq!(rows(s, Broken)[0][..8], [0, 1, 0, 1, 2, 3, 2, 3]);
    assert_eq!(rows(s, Fixed), [vec![0, 4, 1, 5], vec![2, 6, 3, 7]]);
}

/// PyTorch refuses a sampler for an IterableDataset (its message, the address elided).
#[test]
fn a_sampler_for_a_stream_is_refused() {
    let c = compare(Scenario::IterableSampler);
    let error = c.broken.error.expect("refused");
    assert_eq!(error.exception(), Some("ValueError"));
    assert!(error.to_string().starts_with(
        "DataLoader with IterableDataset: expected unspecified sampler option, but got sampler=<torch.utils.data.distributed.DistributedSampler object at 0x"
    ));
    check(Scenario::IterableSampler, Fixed, "most-times", 1);
}

/// 10 samples on 4 GPUs, one per step: 3, 3, 2, 2 steps unpadded (2 GPUs wait forever at
/// step 3); padded to 12, 3 steps each.
#[test]
fn uneven_step_counts_leave_gpus_waiting() {
    let s = Scenario::UnevenHang;
    check(s, Broken, "fewest-steps", 2);
    check(s, Broken, "most-steps", 3);
    check(s, Broken, "waiting", 2);
    check(s, Broken, "trained", 10);
    check(s, Fixed, "fewest-steps", 3);
    check(s, Fixed, "waiting", 0);
    check(s, Fixed, "trained", 12);
    check(s, Fixed, "most-times", 2);
}

/// A generator made in `__init__` is the same in both workers; reseeded from
/// `torch.initial_seed()` each worker has its own: 900450186894289455 + worker id, as
/// torch 2.15.0 prints after `torch.manual_seed(0)` (see `tests/ecosystem.rs`'s worker seeds).
#[test]
fn a_generator_made_in_init_is_the_same_in_every_worker() {
    let s = Scenario::WorkerSameSeed;
    check(s, Broken, "distinct-worker-seeds", 1);
    check(s, Fixed, "distinct-worker-seeds", 2);
    check(s, Fixed, "base-seed", 900_450_186_894_289_455);
    let labels: Vec<String> =
        compare(s).fixed.rows.iter().map(|r| r.label.text(sampler_viz::i18n::Lang::En)).collect();
    assert_eq!(
        labels,
        [
            "GPU 0, worker 0, rng seed 900450186894289455",
            "GPU 0, worker 1, rng seed 900450186894289456"
        ]
    );
}
