//! `lightning_wrapper`: Lightning's `DistributedSamplerWrapper` around a user's sampler. The
//! inner sampler is listed afresh every epoch, then `DistributedSampler` shuffles, pads and
//! strides positions in that list (its `shuffle` and `seed` do act, whatever its docstring says).

use super::stages::{StageView, sampler_stages};
use super::{Deal, Origin, Scheme, Shared, Step, past_epochs_fit, per_rank_lists_fit, refused};
use crate::i18n::Lang;
use crate::i18n::ecosystem::EcoText;
use crate::i18n::schemes::SchemeText;
use crate::model::{Field, InnerSampler, ParamError, Params};
use crate::sampler::{DistributedSampler, Inner, Wrapper};

/// `DistributedSamplerWrapper(SequentialSampler | RandomSampler(generator=g), ...)`.
pub struct LightningWrapper;

impl Scheme for LightningWrapper {
    fn name(&self) -> &'static str {
        "lightning_wrapper"
    }

    fn title(&self) -> SchemeText {
        SchemeText::WrapperTitle
    }

    fn summary(&self) -> SchemeText {
        SchemeText::WrapperSummary
    }

    fn steps(&self, _params: &Params) -> &'static [Step] {
        &[Step::InnerOrder, Step::Shuffle, Step::PadOrTrim, Step::Stripe, Step::Batch]
    }

    fn options(&self) -> &'static [Field] {
        &[Field::Inner, Field::InnerSeed, Field::Seed, Field::LoaderDropLast]
    }

    fn lanes_up_to(
        &self,
        params: &Params,
        _shared: &Shared,
        cap: usize,
    ) -> Result<Deal, Vec<ParamError>> {
        // In the Python's order: the inner sampler (`g.manual_seed`, then `RandomSampler`),
        // the wrapper, then the `DataLoader`.
        if params.inner == InnerSampler::Random {
            let inner_seed = crate::sampler::unpack_seed(params.inner_seed);
            inner_seed.map_err(|e| vec![ParamError::from_sampler(Field::InnerSeed, &e)])?;
            if params.n == 0 {
                return Err(refused(crate::sampler::SamplerError::InvalidNumSamples {
                    num_samples: 0,
                }));
            }
        }
        let sampler = DistributedSampler::new(&params.sampler_config(0)).map_err(refused)?;
        let loader = params.loader_config().check(params.n, true).map_err(refused)?;
        per_rank_lists_fit(params, Field::NumReplicas)?;
        if params.inner == InnerSampler::Random {
            past_epochs_fit(params, 2)?;
        }
        let lists = lists(params)?;
        let (n, w) = (params.n as usize, lists.len());
        let padded = sampler.total_size();
        // Position r + k·w of the padded list; past n it is a padding copy.
        let origin = |r: usize, k: usize| {
            if r + k * w < n.min(padded) { Origin::Sample } else { Origin::Padding }
        };
        let mut deal = Deal::from_lists(n, &lists, origin, &loader, cap);
        deal.repeats = repeats(params, &lists)?;
        Ok(deal)
    }

    fn stages(&self, params: &Params) -> Result<Vec<StageView>, Vec<ParamError>> {
        self.deal_up_to(params, &Shared::default(), 0)?;
        let inner = wrapper(params).inner_order(params.epoch).map_err(refused)?;
        let sampler = DistributedSampler::new(&params.sampler_config(0)).map_err(refused)?;
        let loader = params.loader_config().check(params.n, true).map_err(refused)?;
        let epoch = sampler.epoch().map_err(refused)?;
        // The wrapper shuffles, pads and stripes positions in the inner sampler's list.
        Ok(sampler_stages(&epoch, &loader, Step::InnerOrder, |p| inner[p as usize]))
    }

    fn only_base_seed_draws(&self, _params: &Params) -> bool {
        // Its samplers draw from generators of their own, never from the global one.
        true
    }

    fn repeats_by_design(&self, params: &Params) -> bool {
        params.inner == InnerSampler::Sequential && (!params.shuffle || !params.set_epoch)
    }

    fn python(&self, params: &Params, lang: Lang) -> String {
        let py = super::python::Py(params, lang);
        let p = params;
        let inner = match p.inner {
            InnerSampler::Sequential => "inner = SequentialSampler(dataset)".to_string(),
            InnerSampler::Random => format!(
                "g = torch.Generator()\n    g.manual_seed({})\n    inner = RandomSampler(dataset, generator=g)",
                p.inner_seed
            ),
        };
        let set_epoch = if p.set_epoch {
            format!(
                "        sampler.set_epoch(epoch)  # {}\n",
                py.say(EcoText::PyLightningSetEpoch)
            )
        } else {
            String::new()
        };
        format!(
            "import torch\nfrom torch.utils.data import DataLoader, {sampler}\nfrom lightning_fabric.utilities.distributed import DistributedSamplerWrapper\n\ndataset = list(range({n}))  # {item}\n\nfor rank in range({w}):\n    {inner}\n    # {what}\n    sampler = DistributedSamplerWrapper(inner, num_replicas={w}, rank=rank, shuffle={shuffle}, seed={seed}, drop_last={dl})\n    loader = DataLoader(dataset, batch_size={bs}, sampler=sampler, drop_last={ldl})\n    for epoch in range({epochs}):\n{set_epoch}        seen = [i for batch in loader for i in batch.tolist()]\n    print(f\"GPU {{rank}}:\", seen)\n",
            sampler = match p.inner {
                InnerSampler::Sequential => "SequentialSampler",
                InnerSampler::Random => "RandomSampler",
            },
            n = p.n,
            item = py.say(SchemeText::PyItem),
            w = p.num_replicas,
            what = py.say(EcoText::PyWrapper),
            shuffle = py.bool(p.shuffle),
            seed = p.seed,
            dl = py.bool(p.drop_last),
            bs = p.batch_size,
            ldl = py.bool(p.loader_drop_last),
            epochs = p.epoch + 1,
        )
    }
}

/// Every rank's list in the epoch shown, after `epoch` earlier listings of the inner sampler.
fn lists(params: &Params) -> Result<Vec<Vec<u32>>, Vec<ParamError>> {
    wrapper(params).ranks_after(params.epoch).map_err(|e| {
        let field = match e {
            crate::sampler::SamplerError::SeedOverflow { .. }
                if params.inner == InnerSampler::Random
                    && crate::sampler::unpack_seed(params.inner_seed).is_err() =>
            {
                Field::InnerSeed
            }
            _ => crate::model::picture::field_of(&e),
        };
        vec![ParamError::from_sampler(field, &e)]
    })
}

/// The wrapper these parameters build.
fn wrapper(params: &Params) -> Wrapper {
    let inner = match params.inner {
        InnerSampler::Sequential => Inner::Sequential,
        InnerSampler::Random => Inner::Random { seed: params.inner_seed },
    };
    Wrapper { inner, config: params.sampler_config(0) }
}

/// Epoch 0, when every rank's list is epoch 0's.
fn repeats(params: &Params, now: &[Vec<u32>]) -> Result<Option<u64>, Vec<ParamError>> {
    if params.epoch == 0 {
        return Ok(None);
    }
    if LightningWrapper.repeats_by_design(params) {
        return Ok(Some(0));
    }
    if params.n > super::distributed::COMPARE_LIMIT {
        return Ok(None);
    }
    Ok((lists(&Params { epoch: 0, ..params.clone() })? == now).then_some(0))
}
