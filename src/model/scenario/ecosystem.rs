//! The ecosystem's pitfalls: Accelerate's `split_batches` and `even_batches`, validation under
//! Lightning (padding counted twice, against its unrepeated sampler), and a torchdata resume
//! whose epoch is not restored. Every row and number comes from the core's model of the
//! library (`sampler::accelerate`, `sampler::lightning`, `sampler::torchdata`).

use super::outcome::{Fact, Phrase, Row, Side, example, where_count};
use super::{Worked, setup};
use crate::i18n::scenarios::ScenarioText as T;
use crate::model::Params;
use crate::sampler::per_rank::counts;
use crate::sampler::{BatchSampler, Prepared, SamplerError, Unrepeated};

/// One Accelerate side: a row per process (samples it gets more than once in the epoch
/// marked), its steps and batch sizes.
fn accelerate_side(code: &'static str, params: Params) -> Result<Side, SamplerError> {
    let prepared = Prepared::new(&params.accelerate_config())?;
    let per_rank = prepared.epoch(params.epoch)?;
    let lists: Vec<Vec<u32>> = per_rank.iter().map(|b| b.concat()).collect();
    let counts = counts(params.n as usize, &lists);
    let mut side = Side::new(code, Some(params.clone()));
    for (r, list) in lists.iter().enumerate() {
        let twice = |i: u32| counts[i as usize] > 1;
        side.rows.push(Row::of(Phrase::new(T::RowRank).with("r", r), Some(r), list, twice));
    }
    let steps: Vec<u64> = per_rank.iter().map(|b| b.len() as u64).collect();
    let per_gpu = prepared.process_batch_size() as u64;
    side.facts.push(Fact::new("per-gpu-batch", T::FactPerGpuBatch, per_gpu));
    side.facts.push(Fact::new(
        "effective-batch",
        T::FactEffectiveBatch,
        per_gpu * lists.len() as u64,
    ));
    side.facts.push(Fact::new(
        "fewest-steps",
        T::FactFewestSteps,
        steps.iter().copied().min().unwrap_or(0),
    ));
    side.facts.push(Fact::new(
        "most-steps",
        T::FactMostSteps,
        steps.iter().copied().max().unwrap_or(0),
    ));
    let twice = where_count(&counts, |c| c > 1);
    side.facts.push(Fact::new("seen-twice", T::FactSeenTwice, twice.len() as u64).naming(twice));
    Ok(side)
}

/// Scenario 10: the same `batch_size`, two meanings. With `split_batches=True` it is the batch
/// over all processes (each GPU gets `batch_size / num_processes`); without, each GPU's.
pub(super) fn split_batches() -> Result<Worked, SamplerError> {
    let fixed = Params { shuffle: false, ..example(32, 2, 8) };
    let broken = Params { split_batches: true, ..fixed.clone() };
    let broken = accelerate_side(
        "accelerator = Accelerator(dataloader_config=DataLoaderConfiguration(split_batches=True))\nloader = accelerator.prepare(DataLoader(dataset, batch_size=8))  # 8 over all GPUs",
        broken,
    )?;
    let fixed = accelerate_side(
        "accelerator = Accelerator()  # split_batches=False\nloader = accelerator.prepare(DataLoader(dataset, batch_size=8))  # 8 on each GPU",
        fixed,
    )?;
    Ok((setup(32, 2, 8), broken, fixed))
}

/// Scenario 11: `even_batches=False` leaves the ranks with different batch counts.
pub(super) fn even_batches() -> Result<Worked, SamplerError> {
    let fixed = Params { shuffle: false, ..example(20, 3, 4) };
    let broken = Params { even_batches: false, ..fixed.clone() };
    let broken = accelerate_side(
        "accelerator = Accelerator(dataloader_config=DataLoaderConfiguration(even_batches=False))",
        broken,
    )?;
    let fixed = accelerate_side(
        "accelerator = Accelerator()  # even_batches=True: the last round is completed",
        fixed,
    )?;
    Ok((setup(20, 3, 4), broken, fixed))
}

/// Scenario 12: predictions gathered from `DistributedSampler(shuffle=False)`, which pads, and
/// from Lightning's `UnrepeatedDistributedSampler`, which does not.
pub(super) fn lightning_eval() -> Result<Worked, SamplerError> {
    let params = Params { shuffle: false, batch_size: 1, ..example(21, 4, 1) };
    let padded = super::outcome::epoch(&params)?.ranks();
    let config = crate::sampler::Config { rank: 0, ..params.sampler_config(0) };
    let unrepeated = Unrepeated { config }.ranks()?;
    let broken = eval_side(
        "sampler = DistributedSampler(val_set, shuffle=False)  # Lightning's default for validation",
        Some(params.clone()),
        &padded,
    );
    let mut fixed = eval_side(
        "sampler = UnrepeatedDistributedSampler(val_set, shuffle=False)  # what Lightning uses to predict",
        None,
        &unrepeated,
    );
    debug_assert_eq!(padded.iter().flatten().max(), unrepeated.iter().flatten().max());
    fixed.not_shown = T::NotInPictureUnrepeated;
    Ok((setup(21, 4, 1), broken, fixed))
}

/// Rows of each rank's validation samples, marking those gathered twice.
fn eval_side(code: &'static str, params: Option<Params>, ranks: &[Vec<u32>]) -> Side {
    let n = ranks.iter().flatten().max().map_or(0, |&i| i as usize + 1);
    let counts = counts(n, ranks);
    let mut side = Side::new(code, params);
    for (r, list) in ranks.iter().enumerate() {
        let twice = |i: u32| counts[i as usize] > 1;
        side.rows.push(Row::of(Phrase::new(T::RowRank).with("r", r), Some(r), list, twice));
    }
    let gathered: u64 = ranks.iter().map(|l| l.len() as u64).sum();
    let mut predictions = Fact::new("predictions", T::FactPredictions, gathered);
    predictions.phrase = predictions.phrase.with("len", n);
    side.facts.push(predictions);
    let twice = where_count(&counts, |c| c > 1);
    side.facts
        .push(Fact::new("counted-twice", T::FactCountedTwice, twice.len() as u64).naming(twice));
    let lens = || ranks.iter().map(|l| l.len() as u64);
    side.facts.push(Fact::new("fewest-samples", T::FactFewestSamples, lens().min().unwrap_or(0)));
    side.facts.push(Fact::new("most-samples", T::FactMostSamples, lens().max().unwrap_or(0)));
    side
}

/// Where the torchdata run is saved: after this many batches of this epoch.
const SAVE_EPOCH: u64 = 1;
const SAVE_AFTER: u64 = 2;

/// Scenario 13: `StatefulDataLoader.state_dict()` holds how many indices were yielded, not the
/// epoch: the resumed process must call `set_epoch` itself before `load_state_dict`.
pub(super) fn stateful_resume() -> Result<Worked, SamplerError> {
    let fixed = Params {
        epoch: SAVE_EPOCH,
        consumed: SAVE_AFTER,
        restore_epoch: true,
        ..example(16, 2, 2)
    };
    let broken = Params { restore_epoch: false, ..fixed.clone() };
    let broken = resume_side(
        "sampler.set_epoch(1); ...; state = loader.state_dict()\n# new process:\nloader.load_state_dict(state)  # the sampler is back at epoch 0",
        broken,
    )?;
    let fixed = resume_side(
        "# new process:\nsampler.set_epoch(1)  # the state does not hold the epoch\nloader.load_state_dict(state)",
        fixed,
    )?;
    let setup = Phrase::new(T::SetupResume)
        .with("n", 16)
        .with("w", 2)
        .with("b", 2)
        .with("e", SAVE_EPOCH)
        .with("k", SAVE_AFTER);
    Ok((setup, broken, fixed))
}

/// Each rank before the save and after the resume, and what the epoch trains twice or never.
fn resume_side(code: &'static str, params: Params) -> Result<Side, SamplerError> {
    let loader = BatchSampler::new(params.batch_size, params.loader_drop_last)?;
    let resume = params.resume(loader);
    let runs = resume.every_rank()?;
    let flat = |batches: &[Vec<u32>]| batches.concat();
    let all: Vec<Vec<u32>> = runs.iter().flat_map(|r| [flat(&r.before), flat(&r.after)]).collect();
    let counts = counts(params.n as usize, &all);
    let mut side = Side::new(code, Some(params.clone()));
    for (r, run) in runs.iter().enumerate() {
        let before = flat(&run.before);
        side.rows.push(Row::of(
            Phrase::new(T::RowBeforeCrash).with("r", r),
            Some(r),
            &before,
            |_| false,
        ));
        let twice = |i: u32| counts[i as usize] > 1;
        side.rows.push(Row::of(
            Phrase::new(T::RowAfterResume).with("r", r),
            Some(r),
            &flat(&run.after),
            twice,
        ));
    }
    let (twice, never) = (where_count(&counts, |c| c > 1), where_count(&counts, |c| c == 0));
    side.facts.push(Fact::new("seen-twice", T::FactSeenTwice, twice.len() as u64).naming(twice));
    side.facts.push(Fact::new("never-seen", T::FactNeverSeen, never.len() as u64).naming(never));
    Ok(side)
}
