//! Scenarios about the `DataLoader` around the sampler: `drop_last` on either, no sampler at
//! all, the three lengths, and `shuffle=True` given twice.

use super::outcome::{Fact, Phrase, Row, Side, epoch, example, loader, sampler, where_count};
use super::{Worked, setup};
use crate::i18n::scenarios::ScenarioText as T;
use crate::model::{Params, Seeding};
use crate::sampler::per_rank::counts;
use crate::sampler::{LoaderConfig, NoSampler, SamplerError};

/// Scenario 4: `drop_last` on the `DataLoader` does not stop the sampler padding, and it throws away
/// each rank's short last batch; on the sampler it trims the shuffled list so the ranks are
/// even. Both drop something: the facts say exactly what.
pub(super) fn drop_last() -> Result<Worked, SamplerError> {
    let base = example(21, 2, 4);
    let on_loader = Params { loader_drop_last: true, ..base.clone() };
    let on_sampler = Params { drop_last: true, ..base.clone() };
    let broken =
        drop_side("DataLoader(ds, batch_size=4, sampler=sampler, drop_last=True)", &on_loader)?;
    let fixed = drop_side("DistributedSampler(ds, drop_last=True)", &on_sampler)?;
    Ok((setup(base.n, base.num_replicas, base.batch_size), broken, fixed))
}

/// What each rank trains on (marked: what its loader drops), the sampler's trimmed tail, and
/// the epoch's coverage.
fn drop_side(code: &'static str, params: &Params) -> Result<Side, SamplerError> {
    let (epoch, loader) = (epoch(params)?, loader(params)?);
    let ranks = epoch.ranks();
    let mut side = Side::new(code, Some(params.clone()));
    let mut trained = Vec::with_capacity(ranks.len());
    for (r, indices) in ranks.iter().enumerate() {
        let kept: Vec<u32> = loader.batches(indices).flatten().copied().collect();
        let mut row = Row::of(Phrase::new(T::RowRank).with("r", r), Some(r), indices, |_| false);
        for chip in row.chips.iter_mut().skip(kept.len()) {
            chip.marked = true;
        }
        side.rows.push(row);
        trained.push(kept);
    }
    let dropped = epoch.dropped().to_vec();
    if !dropped.is_empty() {
        side.rows.push(Row::of(Phrase::new(T::RowSamplerDropped), None, &dropped, |_| true));
    }
    let per_rank =
        ranks.first().map_or(0, Vec::len).saturating_sub(trained.first().map_or(0, Vec::len));
    let counts = counts(params.n as usize, &trained);
    let never = where_count(&counts, |c| c == 0);
    let twice = where_count(&counts, |c| c > 1);
    side.facts.push(
        Fact::new("sampler-dropped", T::FactSamplerDropped, dropped.len() as u64).naming(dropped),
    );
    side.facts.push(Fact::new("padding", T::FactPadding, epoch.padding_len() as u64));
    side.facts.push(Fact::new("loader-dropped", T::FactLoaderDropped, per_rank as u64));
    side.facts.push(Fact::new("never-seen", T::FactNeverSeen, never.len() as u64).naming(never));
    side.facts.push(Fact::new("seen-twice", T::FactSeenTwice, twice.len() as u64).naming(twice));
    Ok(side)
}

/// Scenario 6: No sampler: `DataLoader(ds, shuffle=True)` on every GPU after `torch.manual_seed(0)`.
/// Every rank walks the whole dataset in the same order: W times the work, identical batches.
pub(super) fn no_sampler() -> Result<Worked, SamplerError> {
    let params = Params { seeding: Seeding::Alike, manual_seed: 0, ..example(8, 2, 4) };
    let w = params.num_replicas as usize;
    let orders = (0..w)
        .map(|_| NoSampler::new(params.n, params.shuffle, params.manual_seed).map(|p| p.epoch(0)))
        .collect::<Result<Vec<_>, _>>()?;
    let broken = work_side(
        "torch.manual_seed(0)\nDataLoader(ds, batch_size=4, shuffle=True)",
        &params,
        &orders,
    )?;
    let ranks = epoch(&params)?.ranks();
    let fixed =
        work_side("DataLoader(ds, batch_size=4, sampler=DistributedSampler(ds))", &params, &ranks)?;
    Ok((setup(params.n, params.num_replicas, params.batch_size), broken, fixed))
}

/// Each rank's order; the work of the epoch over all GPUs, and how many of rank 0's batches
/// every other rank repeats exactly.
fn work_side(
    code: &'static str,
    params: &Params,
    orders: &[Vec<u32>],
) -> Result<Side, SamplerError> {
    let loader = loader(params)?;
    let batches: Vec<Vec<&[u32]>> = orders.iter().map(|o| loader.batches(o).collect()).collect();
    let first = batches.first().cloned().unwrap_or_default();
    let identical = (0..first.len())
        .filter(|&k| batches.iter().skip(1).all(|b| b.get(k) == first.get(k)) && batches.len() > 1)
        .count();
    let mut side = Side::new(code, Some(params.clone()));
    for (r, order) in orders.iter().enumerate() {
        side.rows.push(Row::of(Phrase::new(T::RowRank).with("r", r), Some(r), order, |_| false));
    }
    let work: usize = batches.iter().flatten().map(|b| b.len()).sum();
    let mut fact = Fact::new("work", T::FactWork, work as u64);
    fact.phrase = fact.phrase.with("len", params.n);
    side.facts.push(fact);
    side.facts.push(Fact::new("steps", T::FactSteps, first.len() as u64));
    let mut fact = Fact::new("identical-batches", T::FactIdenticalBatches, identical as u64);
    fact.phrase = fact.phrase.with("of", first.len());
    side.facts.push(fact);
    Ok(side)
}

/// Scenario 7: CIFAR-10 on 2 GPUs, batch 64: `len(dataloader)` is 391 steps, `len(sampler)` 25,000 per
/// rank, `len(dataloader.dataset)` 50,000. The classic tutorial prints the dataset's and calls
/// it the process's share.
pub(super) fn lengths() -> Result<Worked, SamplerError> {
    let params = example(50_000, 2, 64);
    let broken = lengths_side("print(len(dataloader), len(dataloader.dataset))", &params, false)?;
    let fixed = lengths_side("print(len(dataloader), len(dataloader.sampler))", &params, true)?;
    Ok((setup(params.n, params.num_replicas, params.batch_size), broken, fixed))
}

/// The first indices of each rank and the lengths; the broken side names what the tutorial
/// printed, the fixed side all three.
fn lengths_side(code: &'static str, params: &Params, right: bool) -> Result<Side, SamplerError> {
    let sampler = sampler(params, 0)?;
    let per_rank = sampler.len();
    let mut side = Side::new(code, Some(params.clone()));
    for (r, indices) in sampler.preview(12)?.iter().enumerate() {
        let mut row = Row::of(Phrase::new(T::RowRank).with("r", r), Some(r), indices, |_| false);
        row.more = per_rank.saturating_sub(row.chips.len());
        side.rows.push(row);
    }
    let steps = loader(params)?.len(per_rank) as u64;
    side.facts.push(Fact::new("loader-len", T::FactLoaderLen, steps));
    if right {
        side.facts.push(Fact::new("sampler-len", T::FactSamplerLen, per_rank as u64));
        side.facts.push(Fact::new("dataset-len", T::FactDatasetLen, params.n));
    } else {
        side.facts.push(Fact::new("dataset-len", T::FactPrintedAsShare, params.n));
        side.facts.push(Fact::new("sampler-len", T::FactActualShare, per_rank as u64));
    }
    Ok(side)
}

/// Scenario 9: `DataLoader(ds, sampler=sampler, shuffle=True)`: PyTorch refuses it before any index is
/// drawn. Fixed: shuffle in the sampler only.
pub(super) fn double_shuffle() -> Result<Worked, SamplerError> {
    let fixed = example(8, 2, 4);
    let broken = Params { loader_shuffle: true, ..fixed.clone() };
    let mut broken_side = Side::new(
        "sampler = DistributedSampler(ds, shuffle=True)\nDataLoader(ds, batch_size=4, sampler=sampler, shuffle=True)",
        Some(broken.clone()),
    );
    broken_side.error = loader_config(&broken).check(broken.n, true).err();
    let mut fixed_side = Side::new(
        "sampler = DistributedSampler(ds, shuffle=True)\nDataLoader(ds, batch_size=4, sampler=sampler)",
        Some(fixed.clone()),
    );
    let loader = loader_config(&fixed).check(fixed.n, true)?;
    let ranks = epoch(&fixed)?.ranks();
    for (r, indices) in ranks.iter().enumerate() {
        fixed_side.rows.push(Row::of(
            Phrase::new(T::RowRank).with("r", r),
            Some(r),
            indices,
            |_| false,
        ));
    }
    let steps = loader.len(ranks.first().map_or(0, Vec::len)) as u64;
    fixed_side.facts.push(Fact::new("loader-len", T::FactLoaderLen, steps));
    Ok((setup(fixed.n, fixed.num_replicas, fixed.batch_size), broken_side, fixed_side))
}

/// The `DataLoader` arguments `params` describe.
fn loader_config(params: &Params) -> LoaderConfig {
    params.loader_config()
}
