//! `weighted_no_wrapper`: the same `WeightedRandomSampler` handed to every process's
//! `DataLoader`, with no distributed wrapper: each GPU draws a whole epoch of its own, the
//! very same one when the processes seed their draws alike.

use super::{Deal, Scheme, Shared, Step, draws, refused};
use crate::i18n::Lang;
use crate::i18n::ecosystem::EcoText;
use crate::i18n::schemes::SchemeText;
use crate::model::{Field, ParamError, Params};
use crate::sampler::NoWrapper;

/// `DataLoader(dataset, sampler=WeightedRandomSampler(...))` on every GPU.
pub struct WeightedNoWrapper;

impl Scheme for WeightedNoWrapper {
    fn name(&self) -> &'static str {
        "weighted_no_wrapper"
    }

    fn title(&self) -> SchemeText {
        SchemeText::NoWrapperTitle
    }

    fn summary(&self) -> SchemeText {
        SchemeText::NoWrapperSummary
    }

    fn steps(&self, _params: &Params) -> &'static [Step] {
        &[Step::Draw, Step::Batch]
    }

    fn options(&self) -> &'static [Field] {
        &WEIGHTED_OPTIONS
    }

    fn lanes_up_to(
        &self,
        params: &Params,
        _shared: &Shared,
        cap: usize,
    ) -> Result<Deal, Vec<ParamError>> {
        // In the Python's order: the sampler, the loader, then the draws as it is listed.
        let processes = processes(params)?;
        let loader = params.loader_config().check(params.n, true).map_err(refused)?;
        let draws = processes.sampler.draws_per_listing().map_err(refused)?;
        draws::epochs_fit(params, draws + 1)?;
        let lists =
            processes.loader_ranks(params.epoch, params.generator.source()).map_err(refused)?;
        let n = params.n as usize;
        let classes = params.weights.classes(params.n);
        Ok(draws::deal(n, &lists, |_, _| false, &loader, cap, classes))
    }

    fn repeats_by_design(&self, _params: &Params) -> bool {
        // The generators run on: every epoch is a new draw.
        false
    }

    fn covers_epochs(&self) -> bool {
        // A question of luck with draws, and each epoch draws every earlier one again.
        false
    }

    fn draws_per_epoch(&self, params: &Params) -> u64 {
        draws_per_epoch(params)
    }

    fn python(&self, params: &Params, lang: Lang) -> String {
        let py = super::python::Py(params, lang);
        format!(
            "{head}for rank in range({w}):\n{sampler}    # {none}\n{lp}",
            head =
                py.weighted_head("from torch.utils.data import DataLoader, WeightedRandomSampler"),
            w = params.num_replicas,
            sampler = py.weighted_sampler("sampler"),
            none = py.say(EcoText::PyNoWrapper),
            lp = py.weighted_loop(false),
        )
    }
}

/// The weighted samplers' own options.
pub(super) const WEIGHTED_OPTIONS: [Field; 6] = [
    Field::Weights,
    Field::NumSamples,
    Field::Replacement,
    Field::Generator,
    Field::InnerSeed,
    Field::LoaderDropLast,
];

/// What the history weighs: every rank's draws in every epoch up to the fourth (each epoch
/// draws the ones before it again).
pub(super) fn draws_per_epoch(params: &Params) -> u64 {
    let k = match params.num_samples {
        Some(crate::sampler::Number::Int(k)) => u64::try_from(k).unwrap_or(0),
        _ => params.n,
    };
    let epochs = params.epoch.max(super::history::EPOCHS - 1).saturating_add(1);
    let w = params.num_replicas.max(1) as u64;
    k.max(params.n).saturating_mul(w).saturating_mul(epochs)
}

/// Every process's sampler, checked in the Python's order (no lane when `num_replicas` is
/// below 1: `range(num_replicas)` is empty).
fn processes(params: &Params) -> Result<NoWrapper, Vec<ParamError>> {
    let sampler = draws::sampler(params)?;
    Ok(NoWrapper {
        sampler,
        generator_seed: params.inner_seed,
        seeding: params.generator.seeding(),
        num_replicas: params.num_replicas.max(0) as usize,
    })
}
