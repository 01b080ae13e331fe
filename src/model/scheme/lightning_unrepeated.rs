//! `lightning_unrepeated`: Lightning's `UnrepeatedDistributedSampler`, what it uses for
//! prediction. Nothing is padded, so the ranks may differ by one sample; its shuffle is seeded
//! with the epoch alone (`manual_seed(epoch)`): the `seed` it is given changes nothing.

use super::stages::{StageRow, StageView, whole};
use super::{Deal, EpochSeed, Origin, Scheme, Shared, Step, refused};
use crate::i18n::Lang;
use crate::i18n::ecosystem::EcoText;
use crate::i18n::schemes::SchemeText;
use crate::model::{Field, ParamError, Params};
use crate::sampler::{SamplerError, Unrepeated};

/// `UnrepeatedDistributedSampler(dataset, num_replicas, rank, shuffle, seed)`.
pub struct LightningUnrepeated;

impl Scheme for LightningUnrepeated {
    fn name(&self) -> &'static str {
        "lightning_unrepeated"
    }

    fn title(&self) -> SchemeText {
        SchemeText::UnrepeatedTitle
    }

    fn summary(&self) -> SchemeText {
        SchemeText::UnrepeatedSummary
    }

    fn steps(&self, _params: &Params) -> &'static [Step] {
        &[Step::Indices, Step::Shuffle, Step::Stripe, Step::Batch]
    }

    fn options(&self) -> &'static [Field] {
        &[Field::Seed, Field::LoaderDropLast]
    }

    fn lanes_up_to(
        &self,
        params: &Params,
        _shared: &Shared,
        cap: usize,
    ) -> Result<Deal, Vec<ParamError>> {
        let loader = params.loader_config().check(params.n, true).map_err(refused)?;
        let lists = lists(params)?;
        let mut deal =
            Deal::from_lists(params.n as usize, &lists, |_, _| Origin::Sample, &loader, cap);
        deal.repeats = (params.epoch > 0 && (!params.shuffle || !params.set_epoch)).then_some(0);
        Ok(deal)
    }

    fn stages(&self, params: &Params) -> Result<Vec<StageView>, Vec<ParamError>> {
        let loader = params.loader_config().check(params.n, true).map_err(refused)?;
        let lists = lists(params)?;
        let order = Unrepeated { config: params.sampler_config(0) }.order().map_err(refused)?;
        let n = params.n as u32;
        let gpus = |f: &dyn Fn(usize, &Vec<u32>) -> StageRow| {
            lists.iter().enumerate().map(|(r, l)| f(r, l)).collect()
        };
        Ok(vec![
            whole(Step::Indices, StageRow::list(None, 0..n)),
            whole(Step::Shuffle, StageRow::list(None, order)),
            StageView {
                step: Step::Stripe,
                rows: gpus(&|r, l| StageRow::list(Some(r), l.iter().copied())),
            },
            StageView {
                step: Step::Batch,
                rows: gpus(&|r, l| {
                    StageRow::of(Some(r), loader.batches(l).map(|b| b.iter().copied()))
                }),
            },
        ])
    }

    fn only_base_seed_draws(&self, _params: &Params) -> bool {
        // Its samplers draw from generators of their own, never from the global one.
        true
    }

    fn epoch_seed(&self, params: &Params, epoch: u64) -> Option<EpochSeed> {
        let told = if params.set_epoch { epoch } else { 0 };
        Some(if params.shuffle { EpochSeed::EpochOnly { told } } else { EpochSeed::Unshuffled })
    }

    fn repeats_by_design(&self, params: &Params) -> bool {
        !params.shuffle || !params.set_epoch
    }

    fn python(&self, params: &Params, lang: Lang) -> String {
        let py = super::python::Py(params, lang);
        let p = params;
        format!(
            "import torch\nfrom torch.utils.data import DataLoader\nfrom pytorch_lightning.overrides.distributed import UnrepeatedDistributedSampler\n\ndataset = list(range({n}))  # {item}\n\nfor rank in range({w}):\n    # {what}\n    sampler = UnrepeatedDistributedSampler(dataset, num_replicas={w}, rank=rank, shuffle={shuffle}, seed={seed})\n    sampler.set_epoch({epoch})\n    loader = DataLoader(dataset, batch_size={bs}, sampler=sampler, drop_last={ldl})\n    print(f\"GPU {{rank}}:\", [i for batch in loader for i in batch.tolist()])\n",
            n = p.n,
            item = py.say(SchemeText::PyItem),
            w = p.num_replicas,
            what = py.say(EcoText::PyUnrepeated),
            shuffle = py.bool(p.shuffle),
            seed = p.seed,
            epoch = p.sampler_epoch(),
            bs = p.batch_size,
            ldl = py.bool(p.loader_drop_last),
        )
    }
}

/// Every rank's list, each rank checked as its own constructor checks it.
fn lists(params: &Params) -> Result<Vec<Vec<u32>>, Vec<ParamError>> {
    let config = params.sampler_config(0);
    let w = params.num_replicas.max(0);
    for rank in 0..w.min(crate::model::MAX_REPLICAS) {
        let sampler = Unrepeated { config: crate::sampler::Config { rank, ..config.clone() } };
        sampler.check().map_err(refused)?;
    }
    Unrepeated { config }.ranks().map_err(|e| match e {
        SamplerError::SeedOverflow { .. } => vec![ParamError::from_sampler(Field::Epoch, &e)],
        e => refused(e),
    })
}
