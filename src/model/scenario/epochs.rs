//! Scenarios about epochs: `set_epoch` never called, and resuming in the middle of an epoch.

use super::outcome::{Fact, Phrase, Row, Side, epoch, example, loader, where_count};
use super::{Worked, setup};
use crate::i18n::scenarios::ScenarioText as T;
use crate::model::Params;
use crate::sampler::SamplerError;
use crate::sampler::per_rank::counts;

/// How many training epochs the `set_epoch` scenario shows.
const EPOCHS: u64 = 3;

/// Scenario 1: `set_epoch` never called: each epoch draws `randperm` with `seed + 0`, so every epoch
/// repeats epoch 0's order.
pub(super) fn no_set_epoch() -> Result<Worked, SamplerError> {
    let fixed = Params { epoch: 1, ..example(8, 2, 4) };
    let broken = Params { set_epoch: false, ..fixed.clone() };
    let broken = epochs_side("for epoch in range(3):\n    for batch in loader: ...", broken)?;
    let fixed = epochs_side(
        "for epoch in range(3):\n    sampler.set_epoch(epoch)\n    for batch in loader: ...",
        fixed,
    )?;
    Ok((setup(8, 2, 4), broken, fixed))
}

/// Epochs `0 .. EPOCHS` under `params`' `set_epoch` choice; an epoch's rows are marked when its
/// order is exactly epoch 0's.
fn epochs_side(code: &'static str, params: Params) -> Result<Side, SamplerError> {
    let orders = (0..EPOCHS)
        .map(|e| epoch(&Params { epoch: e, ..params.clone() }).map(|ep| ep.ranks()))
        .collect::<Result<Vec<_>, _>>()?;
    let mut side = Side::new(code, Some(params.clone()));
    for (e, ranks) in (0u64..).zip(&orders) {
        let repeat = e > 0 && *ranks == orders[0];
        for (r, indices) in ranks.iter().enumerate() {
            let label = Phrase::new(T::RowEpochRank).with("e", e).with("r", r);
            side.rows.push(Row::of(label, Some(r), indices, |_| repeat));
        }
    }
    let repeats = orders.iter().skip(1).filter(|o| **o == orders[0]).count() as u64;
    let seeds: Vec<String> = (0..EPOCHS)
        .map(|e| {
            let told = if params.set_epoch { e } else { 0 };
            (params.seed + i128::from(told)).to_string()
        })
        .collect();
    let mut fact = Fact::new("repeats", T::FactRepeats, repeats);
    fact.phrase = fact.phrase.with("of", EPOCHS - 1);
    side.facts.push(fact);
    let mut distinct = seeds.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let mut fact = Fact::new("distinct-seeds", T::FactGeneratorSeeds, distinct.len() as u64);
    fact.phrase = fact.phrase.with("seeds", seeds.join(", "));
    side.facts.push(fact);
    Ok(side)
}

/// Where the resume scenario's run crashed: after this many batches of this epoch.
const CRASH_EPOCH: u64 = 1;
const CRASH_AFTER: usize = 2;

/// Scenario 8: A crash after batch `CRASH_AFTER` of epoch `CRASH_EPOCH`, then a restart. Fixed: restore
/// the epoch and skip the batches already trained. Broken: the epoch counter is not restored,
/// so the loop calls `set_epoch(0)` and skips the first batches of the wrong order. The third
/// way, restarting the epoch from its start, is counted on the broken side too.
pub(super) fn resume() -> Result<Worked, SamplerError> {
    let fixed = Params { epoch: CRASH_EPOCH, ..example(16, 2, 2) };
    let broken = Params { set_epoch: false, ..fixed.clone() };
    let before = trained(&fixed, 0, CRASH_AFTER)?;
    let mut broken_side = resume_side(
        "sampler.set_epoch(0)  # epoch not restored\nfor step, batch in enumerate(loader):\n    if step < 2: continue  # trained before the crash",
        &broken,
        &before,
    )?;
    let restart = trained(&fixed, 0, usize::MAX)?;
    let twice = twice_and_never(fixed.n, &before, &restart).0;
    broken_side
        .facts
        .push(Fact::new("restart-twice", T::FactRestartTwice, twice.len() as u64).naming(twice));
    let fixed_side = resume_side(
        "sampler.set_epoch(ckpt[\"epoch\"])\nfor step, batch in enumerate(loader):\n    if step < 2: continue  # trained before the crash",
        &fixed,
        &before,
    )?;
    let setup = Phrase::new(T::SetupResume)
        .with("n", fixed.n)
        .with("w", fixed.num_replicas)
        .with("b", fixed.batch_size)
        .with("e", CRASH_EPOCH)
        .with("k", CRASH_AFTER);
    Ok((setup, broken_side, fixed_side))
}

/// The resumed run under `params`: rows before and after the crash, and the coverage of the
/// crashed epoch as a whole.
fn resume_side(
    code: &'static str,
    params: &Params,
    before: &[Vec<u32>],
) -> Result<Side, SamplerError> {
    let after = trained(params, CRASH_AFTER, usize::MAX)?;
    let (twice, never) = twice_and_never(params.n, before, &after);
    let mut side = Side::new(code, Some(params.clone()));
    for (r, (b, a)) in before.iter().zip(&after).enumerate() {
        side.rows.push(Row::of(Phrase::new(T::RowBeforeCrash).with("r", r), Some(r), b, |_| false));
        let again = |i: u32| twice.contains(&i);
        side.rows.push(Row::of(Phrase::new(T::RowAfterResume).with("r", r), Some(r), a, again));
    }
    side.facts.push(Fact::new("seen-twice", T::FactSeenTwice, twice.len() as u64).naming(twice));
    side.facts.push(Fact::new("never-seen", T::FactNeverSeen, never.len() as u64).naming(never));
    Ok(side)
}

/// Each rank's indices in batches `from .. to` of the epoch `params` gives.
fn trained(params: &Params, from: usize, to: usize) -> Result<Vec<Vec<u32>>, SamplerError> {
    let (epoch, loader) = (epoch(params)?, loader(params)?);
    Ok(epoch
        .ranks()
        .iter()
        .map(|indices| {
            let batches = loader.batches(indices).skip(from).take(to.saturating_sub(from));
            batches.flatten().copied().collect()
        })
        .collect())
}

/// Over the crashed epoch (`before` then `after`, every rank): samples trained more than once,
/// and samples never trained.
fn twice_and_never(n: u64, before: &[Vec<u32>], after: &[Vec<u32>]) -> (Vec<u32>, Vec<u32>) {
    let all: Vec<Vec<u32>> = before.iter().chain(after).cloned().collect();
    let counts = counts(n as usize, &all);
    (where_count(&counts, |c| c > 1), where_count(&counts, |c| c == 0))
}
