//! `weighted_wrapper`: `WeightedRandomSampler` inside Lightning's `DistributedSamplerWrapper`,
//! what Lightning does with a custom sampler and the usual answer to "weighted sampling on
//! several GPUs". Each process draws its own list, and the wrapper keeps that process's
//! stripe of *its own* list: the stripes fit together only when every process drew the same
//! list, so per-rank seeds make samples repeat across GPUs and others vanish.

use super::{Deal, Scheme, Shared, Step, draws, refused};
use crate::i18n::Lang;
use crate::i18n::ecosystem::EcoText;
use crate::i18n::schemes::SchemeText;
use crate::model::{Field, ParamError, Params};
use crate::sampler::{DistributedSampler, WeightedWrapper as Wrapper};

/// `DistributedSamplerWrapper(WeightedRandomSampler(...), ...)` in every process.
pub struct WeightedWrapper;

impl Scheme for WeightedWrapper {
    fn name(&self) -> &'static str {
        "weighted_wrapper"
    }

    fn title(&self) -> SchemeText {
        SchemeText::WeightedWrapperTitle
    }

    fn summary(&self) -> SchemeText {
        SchemeText::WeightedWrapperSummary
    }

    fn steps(&self, _params: &Params) -> &'static [Step] {
        &[Step::Draw, Step::Shuffle, Step::PadOrTrim, Step::Stripe, Step::Batch]
    }

    fn options(&self) -> &'static [Field] {
        &OPTIONS
    }

    fn lanes_up_to(
        &self,
        params: &Params,
        _shared: &Shared,
        cap: usize,
    ) -> Result<Deal, Vec<ParamError>> {
        // In the Python's order: the inner sampler, the wrapper, the loader, then the epochs.
        let sampler = draws::sampler(params)?;
        let k = sampler.len();
        let config = crate::sampler::Config { n: k as u64, ..params.sampler_config(0) };
        let padded = DistributedSampler::new(&config).map_err(refused)?.total_size();
        let loader = params.loader_config().check(params.n, true).map_err(refused)?;
        let per_listing = sampler.draws_per_listing().map_err(refused)?;
        draws::epochs_fit(params, per_listing + 1)?;
        let wrapper = Wrapper {
            sampler,
            generator_seed: params.inner_seed,
            seeding: params.generator.seeding(),
            config: params.sampler_config(0),
        };
        let lists =
            wrapper.loader_ranks(params.epoch, params.generator.source()).map_err(refused)?;
        let w = lists.len();
        // Position r + j·w of the wrapper's padded list; from `num_samples` on, a padding copy.
        let padding = |r: usize, j: usize| r + j * w >= k.min(padded);
        let classes = params.weights.classes(params.n);
        Ok(draws::deal(params.n as usize, &lists, padding, &loader, cap, classes))
    }

    fn repeats_by_design(&self, _params: &Params) -> bool {
        false
    }

    fn covers_epochs(&self) -> bool {
        false
    }

    fn draws_per_epoch(&self, params: &Params) -> u64 {
        super::weighted_no_wrapper::draws_per_epoch(params)
    }

    fn python(&self, params: &Params, lang: Lang) -> String {
        let py = super::python::Py(params, lang);
        let p = params;
        format!(
            "{head}for rank in range({w}):\n{inner}    sampler = DistributedSamplerWrapper(inner, num_replicas={w}, rank=rank, shuffle={shuffle}, seed={seed}, drop_last={dl})  # {what}\n{lp}",
            head = py.weighted_head(
                "from torch.utils.data import DataLoader, WeightedRandomSampler\nfrom lightning_fabric.utilities.distributed import DistributedSamplerWrapper"
            ),
            w = p.num_replicas,
            inner = py.weighted_sampler("inner"),
            shuffle = py.bool(p.shuffle),
            seed = p.seed,
            dl = py.bool(p.drop_last),
            what = py.say(EcoText::PyWrapsItsOwn),
            lp = py.weighted_loop(true),
        )
    }
}

/// Its options: the weighted sampler's, and the wrapper's seed.
const OPTIONS: [Field; 7] = [
    Field::Weights,
    Field::NumSamples,
    Field::Replacement,
    Field::Generator,
    Field::InnerSeed,
    Field::Seed,
    Field::LoaderDropLast,
];
