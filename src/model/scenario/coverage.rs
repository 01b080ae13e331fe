//! Scenarios about which samples an epoch covers: a seed per rank, padding in validation, and
//! a dataset smaller than the number of ranks.

use super::outcome::{Fact, Phrase, Row, Side, config, epoch, example, sampler, where_count};
use super::{Worked, setup};
use crate::i18n::scenarios::ScenarioText as T;
use crate::model::Params;
use crate::sampler::SamplerError;
use crate::sampler::per_rank::{counts, indices_with_seeds};

/// Scenario 2: `DistributedSampler(ds, seed=rank)`: each process shuffles differently, so the stripes
/// overlap. Fixed: one seed for all.
pub(super) fn seed_per_rank() -> Result<Worked, SamplerError> {
    let params = example(16, 4, 4);
    let w = params.num_replicas;
    let own: Vec<i128> = (0..i128::from(w)).collect();
    let broken = seeded_side("DistributedSampler(ds, seed=rank)", None, &params, &own)?;
    let shared = vec![params.seed; own.len()];
    let fixed =
        seeded_side("DistributedSampler(ds, seed=0)", Some(params.clone()), &params, &shared)?;
    Ok((setup(params.n, w, params.batch_size), broken, fixed))
}

/// Rank `r` builds its sampler with `seeds[r]`; its rows and how much of the dataset the
/// ranks cover together.
fn seeded_side(
    code: &'static str,
    shows: Option<Params>,
    params: &Params,
    seeds: &[i128],
) -> Result<Side, SamplerError> {
    let ranks = indices_with_seeds(&config(params, 0), seeds)?;
    let counts = counts(params.n as usize, &ranks);
    let mut side = Side::new(code, shows);
    for (r, indices) in ranks.iter().enumerate() {
        let label = Phrase::new(T::RowRankSeed).with("r", r).with("seed", seeds[r]);
        side.rows.push(Row::of(label, Some(r), indices, |i| more_than_once(&counts, i)));
    }
    coverage_facts(&mut side, &counts);
    Ok(side)
}

/// Samples never seen and seen more than once, over all ranks.
fn coverage_facts(side: &mut Side, counts: &[u32]) {
    let never = where_count(counts, |c| c == 0);
    let twice = where_count(counts, |c| c > 1);
    side.facts.push(Fact::new("never-seen", T::FactNeverSeen, never.len() as u64).naming(never));
    side.facts.push(Fact::new("seen-twice", T::FactSeenTwice, twice.len() as u64).naming(twice));
}

/// Scenario 3: Validation on 21 samples over 2 GPUs: the sampler pads to 22, and `torch.cat` of the
/// gathered predictions counts the padded samples twice. Fixed: gather, put the predictions
/// back in the padded list's order (interleave the ranks) and keep the first `len(dataset)`.
pub(super) fn eval_padding() -> Result<Worked, SamplerError> {
    let params = Params { shuffle: false, ..example(21, 2, 4) };
    let ranks = epoch(&params)?.ranks();
    let n = params.n as usize;
    // torch.cat(all_gather(...)): rank 0's predictions, then rank 1's, ...
    let concatenated: Vec<(usize, u32)> =
        ranks.iter().enumerate().flat_map(|(r, l)| l.iter().map(move |&i| (r, i))).collect();
    let broken = gathered_side(
        "preds = torch.cat(gathered)",
        Some(params.clone()),
        &ranks,
        &concatenated,
        n,
    );
    // torch.stack(gathered, dim=1).flatten(0, 1): position j is rank j % w's (j / w)-th.
    let per_rank = ranks.iter().map(Vec::len).max().unwrap_or(0);
    let interleaved: Vec<(usize, u32)> = (0..per_rank)
        .flat_map(|k| ranks.iter().enumerate().filter_map(move |(r, l)| Some((r, *l.get(k)?))))
        .take(n)
        .collect();
    let mut fixed = gathered_side(
        "preds = torch.stack(gathered, dim=1).flatten(0, 1)[:len(dataset)]",
        None,
        &ranks,
        &interleaved,
        n,
    );
    fixed.not_shown = T::NotInPictureGather;
    Ok((setup(params.n, params.num_replicas, params.batch_size), broken, fixed))
}

/// Each rank's predictions and the gathered list `(rank, sample)`: how many predictions, and
/// which samples are counted more than once.
fn gathered_side(
    code: &'static str,
    shows: Option<Params>,
    ranks: &[Vec<u32>],
    gathered: &[(usize, u32)],
    n: usize,
) -> Side {
    let samples: Vec<Vec<u32>> = vec![gathered.iter().map(|&(_, i)| i).collect()];
    let counts = counts(n, &samples);
    let twice = |i: u32| more_than_once(&counts, i);
    let mut side = Side::new(code, shows);
    for (r, indices) in ranks.iter().enumerate() {
        side.rows.push(Row::of(Phrase::new(T::RowRank).with("r", r), Some(r), indices, twice));
    }
    let mut row = Row::of(Phrase::new(T::RowGathered), None, &samples[0], twice);
    for (chip, &(r, _)) in row.chips.iter_mut().zip(gathered) {
        chip.rank = Some(r);
    }
    side.rows.push(row);
    let repeated = where_count(&counts, |c| c > 1);
    let mut fact = Fact::new("predictions", T::FactPredictions, gathered.len() as u64);
    fact.phrase = fact.phrase.with("len", n);
    side.facts.push(fact);
    side.facts.push(
        Fact::new("counted-twice", T::FactCountedTwice, repeated.len() as u64).naming(repeated),
    );
    side
}

/// Scenario 5: Three samples on eight GPUs: the sampler pads to eight by repeating the whole list.
/// Fixed: evaluate such a set on one process (a sampler of one replica).
pub(super) fn tiny_dataset() -> Result<Worked, SamplerError> {
    let params = example(3, 8, 1);
    let mut broken = tiny_side("DistributedSampler(ds3, num_replicas=8, rank=rank)", &params)?;
    let trimmed = sampler(&Params { drop_last: true, ..params.clone() }, 0)?;
    broken.facts.push(Fact::new("drop-last-len", T::FactDropLastLen, trimmed.len() as u64));
    // `DataLoader(ds3)` reads the dataset in order: one replica, no shuffling.
    let one = Params { num_replicas: 1, shuffle: false, ..params.clone() };
    let fixed = tiny_side("if rank == 0:\n    evaluate(DataLoader(ds3))", &one)?;
    Ok((setup(params.n, params.num_replicas, params.batch_size), broken, fixed))
}

/// Each rank's share of a tiny dataset, the padding and the most times a sample is processed.
fn tiny_side(code: &'static str, params: &Params) -> Result<Side, SamplerError> {
    let epoch = epoch(params)?;
    let ranks = epoch.ranks();
    let counts = counts(params.n as usize, &ranks);
    let mut side = Side::new(code, Some(params.clone()));
    for (r, indices) in ranks.iter().enumerate() {
        let row = Row::of(Phrase::new(T::RowRank).with("r", r), Some(r), indices, |i| {
            more_than_once(&counts, i)
        });
        side.rows.push(row);
    }
    side.facts.push(Fact::new("padding", T::FactPadding, epoch.padding_len() as u64));
    let most = counts.iter().copied().max().unwrap_or(0);
    side.facts.push(Fact::new("most-times", T::FactMostTimes, u64::from(most)));
    Ok(side)
}

/// Whether sample `i` occurs more than once according to `counts`.
fn more_than_once(counts: &[u32], i: u32) -> bool {
    counts.get(i as usize).is_some_and(|&c| c > 1)
}
