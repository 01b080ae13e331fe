//! `distributed`: one `DistributedSampler` per process, all with the same seed, and a
//! `DataLoader(sampler=sampler)`: one permutation, padded or trimmed, striped to ranks.

use std::sync::Arc;

use super::deal::first_sorted;
use super::stages::{StageView, sampler_stages};
use super::{Deal, EpochSeed, Lane, Origin, Scheme, Shared, Step, Tile, refused};
use crate::i18n::Lang;
use crate::i18n::schemes::SchemeText;
use crate::model::visits;
use crate::model::{ParamError, Params};
use crate::sampler::{BatchSampler, DistributedSampler, Epoch, SamplerError};

/// `DistributedSampler` + `DataLoader`, the set-up PyTorch documents.
pub struct Distributed;

/// Below this many samples, an epoch is compared with epoch 0 index by index.
pub(super) const COMPARE_LIMIT: u64 = 1 << 16;

impl Scheme for Distributed {
    fn name(&self) -> &'static str {
        "distributed"
    }

    fn title(&self) -> SchemeText {
        SchemeText::DistributedTitle
    }

    fn summary(&self) -> SchemeText {
        SchemeText::DistributedSummary
    }

    fn steps(&self, _params: &Params) -> &'static [Step] {
        &[Step::Indices, Step::Shuffle, Step::PadOrTrim, Step::Stripe, Step::Batch]
    }

    fn pictured(&self) -> bool {
        true
    }

    fn epoch_seed(&self, params: &Params, epoch: u64) -> Option<EpochSeed> {
        let told = if params.set_epoch { epoch } else { 0 };
        Some(if params.shuffle {
            EpochSeed::Seeded { told, seed: params.seed.saturating_add(i128::from(told)) }
        } else {
            EpochSeed::Unshuffled
        })
    }

    fn lanes_up_to(
        &self,
        params: &Params,
        shared: &Shared,
        cap: usize,
    ) -> Result<Deal, Vec<ParamError>> {
        let sampler = DistributedSampler::new(&params.sampler_config(0)).map_err(refused)?;
        let loader = params.loader_config().check(params.n, true).map_err(refused)?;
        let epoch = match &shared.epoch {
            Some(epoch) => Arc::clone(epoch),
            None => Arc::new(sampler.epoch().map_err(refused)?),
        };
        let mut deal = deal(&epoch, &loader, cap);
        deal.repeats = repeats(params).map_err(refused)?;
        Ok(deal)
    }

    fn only_base_seed_draws(&self, _params: &Params) -> bool {
        // Its samplers draw from generators of their own, never from the global one.
        true
    }

    fn repeats_by_design(&self, params: &Params) -> bool {
        !params.shuffle || !params.set_epoch
    }

    fn draws_per_epoch(&self, params: &Params) -> u64 {
        // One permutation for every rank.
        params.n
    }

    fn python(&self, params: &Params, lang: Lang) -> String {
        super::python::Py(params, lang).sampler_loop(&params.seed.to_string(), None)
    }

    fn stages(&self, params: &Params) -> Result<Vec<StageView>, Vec<ParamError>> {
        let sampler = DistributedSampler::new(&params.sampler_config(0)).map_err(refused)?;
        let loader = params.loader_config().check(params.n, true).map_err(refused)?;
        let epoch = sampler.epoch().map_err(refused)?;
        Ok(sampler_stages(&epoch, &loader, Step::Indices, |i| i))
    }
}

/// The deal of one epoch, in closed form: rank `r` processes padded positions `r + k·w` for
/// `k < kept`, so together the ranks process positions `0 .. kept·w`, and position `j` holds
/// `order[j % n]`: the sample at order position `p` is processed by the lanes of positions
/// `p, p + n, …` below `kept·w` (never twice by one lane), so it is shared iff `p + n < kept·w`.
pub fn deal(epoch: &Epoch, loader: &BatchSampler, cap: usize) -> Deal {
    let (n, w) = (epoch.order().len(), epoch.num_replicas());
    let sampler_len = epoch.num_samples();
    let kept = visits::yielded(loader, sampler_len);
    let processed = kept * w;
    let tile = |j: usize| Tile {
        index: epoch.padded_at(j),
        origin: if j < n { Origin::Sample } else { Origin::Padding },
        dup: j % n + n < processed,
    };
    let lanes = (0..w)
        .map(|r| Lane {
            tiles: (0..kept.min(cap)).map(|k| tile(r + k * w)).collect(),
            len: kept,
            sampler_len,
            loader_len: loader.len(sampler_len),
            left_out: (kept..sampler_len).take(cap).map(|k| epoch.padded_at(r + k * w)).collect(),
            resumed_at: None,
            reported_len: None,
            workers: Vec::new(),
            batch_lens: Vec::new(),
            raised: None,
        })
        .collect();
    let unseen = first_sorted(epoch.order().get(processed..).unwrap_or_default().to_vec(), cap);
    Deal {
        n: n as u64,
        batch_size: loader.batch_size(),
        lanes,
        visits: visits::distributed(epoch, loader),
        unseen,
        repeats: None,
        base_seed: None,
        draws: None,
    }
}

/// Epoch 0, when this epoch's permutation is epoch 0's: always without `shuffle` or
/// `set_epoch`; else, while small enough to compare, when the two orders happen to agree.
fn repeats(params: &Params) -> Result<Option<u64>, SamplerError> {
    if params.epoch == 0 {
        return Ok(None);
    }
    if Distributed.repeats_by_design(params) {
        return Ok(Some(0));
    }
    if params.n > COMPARE_LIMIT {
        return Ok(None);
    }
    let first = Params { epoch: 0, ..params.clone() };
    let order = |p: &Params| DistributedSampler::new(&p.sampler_config(0))?.epoch();
    Ok((order(params)?.order() == order(&first)?.order()).then_some(0))
}
