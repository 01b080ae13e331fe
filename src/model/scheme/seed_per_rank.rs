//! `seed_per_rank`: each process builds its own `DistributedSampler(..., seed=rank)`, as buggy
//! scripts do. Each rank draws its own permutation and keeps its own stripe of it, so the
//! stripes no longer fit together: some samples come twice, others never.

use super::distributed::COMPARE_LIMIT;
use super::{Deal, Origin, Scheme, Shared, Step, per_rank_lists_fit, refused};
use crate::i18n::Lang;
use crate::i18n::schemes::SchemeText;
use crate::model::{Field, ParamError, Params};
use crate::sampler::{DistributedSampler, SamplerError, per_rank};

/// A `DistributedSampler` per process, each seeded with its rank.
pub struct SeedPerRank;

impl Scheme for SeedPerRank {
    fn name(&self) -> &'static str {
        "seed_per_rank"
    }

    fn title(&self) -> SchemeText {
        SchemeText::SeedPerRankTitle
    }

    fn summary(&self) -> SchemeText {
        SchemeText::SeedPerRankSummary
    }

    fn steps(&self, _params: &Params) -> &'static [Step] {
        &[Step::Indices, Step::ShufflePerRank, Step::PadOrTrim, Step::Stripe, Step::Batch]
    }

    fn lanes_up_to(
        &self,
        params: &Params,
        _shared: &Shared,
        cap: usize,
    ) -> Result<Deal, Vec<ParamError>> {
        let loader = params.loader_config().check(params.n, true).map_err(refused)?;
        DistributedSampler::new(&params.sampler_config(0)).map_err(refused)?;
        per_rank_lists_fit(params, Field::NumReplicas)?;
        let lists = lists(params).map_err(refused)?;
        let (n, w) = (params.n as usize, lists.len());
        // Rank r's k-th index sits at position r + k·w of its own padded list.
        let origin =
            |r: usize, k: usize| if r + k * w < n { Origin::Sample } else { Origin::Padding };
        let mut deal = Deal::from_lists(n, &lists, origin, &loader, cap);
        deal.repeats = repeats(params, &lists).map_err(refused)?;
        Ok(deal)
    }

    fn only_base_seed_draws(&self, _params: &Params) -> bool {
        // Its samplers draw from generators of their own, never from the global one.
        true
    }

    fn repeats_by_design(&self, params: &Params) -> bool {
        !params.shuffle || !params.set_epoch
    }

    fn python(&self, params: &Params, lang: Lang) -> String {
        super::python::Py(params, lang).sampler_loop("rank", Some(SchemeText::PyBug))
    }
}

/// `list(sampler)` in each process `r`, built with `seed=r`.
fn lists(params: &Params) -> Result<Vec<Vec<u32>>, SamplerError> {
    let seeds: Vec<i128> = (0..params.num_replicas.max(0)).map(i128::from).collect();
    per_rank::indices_with_seeds(&params.sampler_config(0), &seeds)
}

/// Epoch 0 when every rank's list is epoch 0's.
fn repeats(params: &Params, now: &[Vec<u32>]) -> Result<Option<u64>, SamplerError> {
    if params.epoch == 0 {
        return Ok(None);
    }
    if SeedPerRank.repeats_by_design(params) {
        return Ok(Some(0));
    }
    if params.n > COMPARE_LIMIT {
        return Ok(None);
    }
    Ok((lists(&Params { epoch: 0, ..params.clone() })? == now).then_some(0))
}
