//! The weighted samplers' pitfalls: `WeightedRandomSampler` in every `DataLoader` with no
//! distributed wrapper (every GPU draws a whole epoch, the same one when seeded alike), the
//! wrapper with a seed per rank (the stripes come from different lists), and MONAI's sampler
//! on a slice whose weights are all zero (that process raises, alone). Each side is the
//! comparison's own scheme dealt by the core (`sampler::weighted`, `sampler::monai`), so the
//! rows and numbers are the lanes the page draws at the top.

use super::outcome::{Fact, Phrase, Row, Side, example};
use super::{Worked, setup};
use crate::i18n::scenarios::ScenarioText as T;
use crate::model::scheme::{Deal, MonaiWeighted, Origin, Scheme, Shared};
use crate::model::scheme::{WeightedNoWrapper, WeightedWrapper};
use crate::model::weights::{WeightedSeeding, WeightsSpec};
use crate::model::{Params, Problem};
use crate::sampler::SamplerError;

/// The dataset of these examples: 20 samples, 18 of class 0 and 2 of class 1, on 2 GPUs,
/// batch 4, each sample weighted 1 / the size of its class (the page's `imbalanced`).
fn imbalanced() -> Params {
    Params { weights: WeightsSpec::Imbalanced, ..example(20, 2, 4) }
}

/// The lanes `scheme` deals for `params`, whole. The examples are valid, so an error is the
/// core's (or this tool's limit, which they stay far below).
fn deal(scheme: &dyn Scheme, params: &Params) -> Result<Deal, SamplerError> {
    scheme.deal_up_to(params, &Shared::default(), usize::MAX).map_err(|errors| {
        let refused = errors.iter().find_map(|e| match &e.problem {
            Problem::Refused(error) => Some(error.clone()),
            _ => None,
        });
        let draws = u128::from(params.n) * params.num_replicas.max(1) as u128;
        refused.unwrap_or(SamplerError::TooManyDraws { num_samples: draws })
    })
}

/// A side drawn from a deal: a row per GPU (samples another GPU also trains, or this one
/// again, marked; a process that raised says so), what the epoch trains over all GPUs and
/// its steps.
fn dealt_side(code: &'static str, params: Params, deal: &Deal) -> Side {
    let mut side = Side::new(code, Some(params));
    for (r, lane) in deal.lanes.iter().enumerate() {
        let list: Vec<u32> = lane.tiles.iter().map(|t| t.index).collect();
        let key = if lane.raised.is_some() { T::RowRankRaised } else { T::RowRank };
        let mut row = Row::of(Phrase::new(key).with("r", r), Some(r), &list, |_| false);
        for (chip, tile) in row.chips.iter_mut().zip(&lane.tiles) {
            chip.marked = tile.dup || tile.origin == Origin::Repeat;
        }
        side.rows.push(row);
    }
    let trained = deal.lanes.iter().map(|l| l.len as u64).sum();
    side.facts.push(Fact::new("trained", T::FactTrained, trained));
    let (_, most) = deal.steps_range();
    side.facts.push(Fact::new("most-steps", T::FactMostSteps, most));
    side
}

/// The samples several GPUs draw this epoch.
fn several_gpus(deal: &Deal) -> Fact {
    let several = deal.draws.as_ref().map_or(0, |d| d.on_several_gpus);
    Fact::new("several-gpus", T::FactSeveralGpus, several)
}

/// The samples no GPU draws this epoch.
fn never_seen(deal: &Deal) -> Fact {
    Fact::new("never-seen", T::FactNeverSeen, deal.unseen_len()).naming(deal.unseen.clone())
}

/// The GPUs whose whole list is another GPU's.
fn identical_lists(deal: &Deal) -> Fact {
    let list = |l: &crate::model::scheme::Lane| l.tiles.iter().map(|t| t.index).collect::<Vec<_>>();
    let lists: Vec<Vec<u32>> = deal.lanes.iter().map(list).collect();
    let alike = (0..lists.len())
        .filter(|&r| (0..lists.len()).any(|o| o != r && lists[o] == lists[r]))
        .count();
    Fact::new("identical-lists", T::FactIdenticalLists, alike as u64)
}

/// `WeightedRandomSampler` in every process's `DataLoader`, seeded alike: each GPU draws the
/// whole epoch, and the very same list. Lightning's `DistributedSamplerWrapper`, seeded alike
/// too, stripes one list over the GPUs.
pub(super) fn no_wrapper() -> Result<Worked, SamplerError> {
    let broken = imbalanced();
    let broken_deal = deal(&WeightedNoWrapper, &broken)?;
    let mut broken = dealt_side(
        "sampler = WeightedRandomSampler(weights, num_samples=len(weights), generator=g)\nloader = DataLoader(dataset, batch_size=4, sampler=sampler)  # the same on every GPU",
        broken,
        &broken_deal,
    );
    let fixed = imbalanced();
    let fixed_deal = deal(&WeightedWrapper, &fixed)?;
    let mut fixed = dealt_side(
        "inner = WeightedRandomSampler(weights, num_samples=len(weights), generator=g)\nsampler = DistributedSamplerWrapper(inner)  # each GPU its stripe\nloader = DataLoader(dataset, batch_size=4, sampler=sampler)",
        fixed,
        &fixed_deal,
    );
    for (side, deal) in [(&mut broken, &broken_deal), (&mut fixed, &fixed_deal)] {
        side.facts.push(identical_lists(deal));
        side.facts.push(several_gpus(deal));
    }
    Ok((setup(20, 2, 4), broken, fixed))
}

/// The wrapper with `g.manual_seed(seed + rank)`: each process strips *its own* list, so
/// without replacement (one weighted shuffle) samples land on two GPUs and others on none;
/// seeded alike, the stripes of the one list fit together.
pub(super) fn seed_per_rank() -> Result<Worked, SamplerError> {
    let fixed = Params { replacement: false, ..imbalanced() };
    let broken = Params { generator: WeightedSeeding::PerRank, ..fixed.clone() };
    let broken_deal = deal(&WeightedWrapper, &broken)?;
    let mut broken = dealt_side(
        "g.manual_seed(seed + rank)  # a different list on every GPU\ninner = WeightedRandomSampler(weights, len(weights), replacement=False, generator=g)\nsampler = DistributedSamplerWrapper(inner)",
        broken,
        &broken_deal,
    );
    let fixed_deal = deal(&WeightedWrapper, &fixed)?;
    let mut fixed = dealt_side(
        "g.manual_seed(seed)  # the same list on every GPU\ninner = WeightedRandomSampler(weights, len(weights), replacement=False, generator=g)\nsampler = DistributedSamplerWrapper(inner)",
        fixed,
        &fixed_deal,
    );
    for (side, deal) in [(&mut broken, &broken_deal), (&mut fixed, &fixed_deal)] {
        side.facts.push(several_gpus(deal));
        side.facts.push(never_seen(deal));
    }
    Ok((setup(20, 2, 4), broken, fixed))
}

/// MONAI's `DistributedWeightedRandomSampler` draws within each rank's slice: without
/// shuffling, GPU 1's slice is the odd samples, all of weight 0, and its process raises
/// `torch.multinomial`'s error while GPU 0 trains on. Shuffled, each slice here holds weight.
pub(super) fn monai_empty_slice() -> Result<Worked, SamplerError> {
    let fixed = Params { weights: WeightsSpec::listed(vec![1.0, 0.0]), ..example(10, 2, 2) };
    let broken = Params { shuffle: false, ..fixed.clone() };
    let broken_deal = deal(&MonaiWeighted, &broken)?;
    let mut broken_side = dealt_side(
        "weights = [1.0, 0.0] * 5  # the odd samples weigh nothing\nsampler = DistributedWeightedRandomSampler(dataset, weights, shuffle=False)  # GPU 1: the odd ones",
        broken,
        &broken_deal,
    );
    monai_facts(&mut broken_side, &broken_deal);
    let fixed_deal = deal(&MonaiWeighted, &fixed)?;
    let mut fixed_side = dealt_side(
        "weights = [1.0, 0.0] * 5\nsampler = DistributedWeightedRandomSampler(dataset, weights)  # shuffle=True: mixed slices",
        fixed,
        &fixed_deal,
    );
    monai_facts(&mut fixed_side, &fixed_deal);
    Ok((setup(10, 2, 2), broken_side, fixed_side))
}

/// How many GPUs' processes raise, and the first one's error with its GPU.
fn monai_facts(side: &mut Side, deal: &Deal) {
    let raised: Vec<(usize, &SamplerError)> = deal
        .lanes
        .iter()
        .enumerate()
        .filter_map(|(r, l)| l.raised.as_ref().map(|(_, e)| (r, e)))
        .collect();
    side.facts.push(Fact::new("raised", T::FactRaised, raised.len() as u64));
    if let Some(&(rank, error)) = raised.first() {
        side.error = Some(error.clone());
        side.raised_on = Some(rank);
    }
}
