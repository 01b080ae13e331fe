//! `no_sampler`: every process runs `DataLoader(dataset, shuffle=shuffle)` on the whole
//! dataset, seeded alike (`torch.manual_seed(manual_seed)`) or not at all (each process's own
//! seed, simulated from `os_seed`).

use super::{Deal, Origin, Scheme, Shared, Step, per_rank_lists_fit, refused};
use crate::i18n::Lang;
use crate::i18n::schemes::SchemeText;
use crate::model::no_sampler_side::no_sampler_processes;
use crate::model::{Field, ParamError, Params, Problem, Seeding};
use crate::sampler::{LoaderConfig, NoSampler, unseeded_process_seeds};

/// No sampler: each GPU walks the whole dataset.
pub struct NoSamplerScheme;

impl Scheme for NoSamplerScheme {
    fn name(&self) -> &'static str {
        "no_sampler"
    }

    fn title(&self) -> SchemeText {
        SchemeText::NoSamplerTitle
    }

    fn summary(&self) -> SchemeText {
        SchemeText::NoSamplerSummary
    }

    fn steps(&self, params: &Params) -> &'static [Step] {
        if params.shuffle {
            &[Step::Indices, Step::ShufflePerRank, Step::Batch]
        } else {
            // Every process walks `0 .. n-1` as the dataset numbers it.
            &[Step::Indices, Step::Batch]
        }
    }

    fn lanes_up_to(
        &self,
        params: &Params,
        _shared: &Shared,
        cap: usize,
    ) -> Result<Deal, Vec<ParamError>> {
        let processes = processes(params)?;
        let loader_config = LoaderConfig { shuffle: params.shuffle, ..params.loader_config() };
        let loader = loader_config.check(params.n, false).map_err(refused)?;
        let w = processes.len();
        let kept = crate::model::visits::yielded(&loader, params.n as usize);
        // Every rank walks the same list (seeded alike, or not shuffled): one list for all.
        let alike = !params.shuffle || processes.windows(2).all(|pair| pair[0] == pair[1]);
        let mut deal = if alike || kept == params.n as usize {
            // Without a dropped batch every rank processes every sample: who holds what needs
            // no rank's whole list, only the first `cap` of each.
            // The whole order only when a dropped batch is to be listed.
            let whole = kept < params.n as usize;
            let len = if whole { params.n as u32 } else { cap.min(params.n as usize) as u32 };
            let orders: Vec<Vec<u32>> = processes
                .iter()
                .take(if alike { 1 } else { w })
                .map(|p| p.epoch_prefix(params.epoch, len))
                .collect();
            Deal::every_rank_whole(params.n as usize, &orders, w, &loader, cap)
        } else {
            // Unseeded ranks each drop a different short batch: count every rank's whole list.
            per_rank_lists_fit(params, Field::OsSeed)?;
            let lists: Vec<Vec<u32>> = processes.iter().map(|p| p.epoch(params.epoch)).collect();
            Deal::from_lists(params.n as usize, &lists, |_, _| Origin::Sample, &loader, cap)
        };
        deal.repeats = repeats(params, &processes);
        Ok(deal)
    }

    fn repeats_by_design(&self, params: &Params) -> bool {
        !params.shuffle
    }

    fn draws_per_epoch(&self, params: &Params) -> u64 {
        // The first samples of each rank's order, or one whole order when the ranks agree
        // (a rank's whole list only when unseeded ranks each drop a batch).
        let unseeded = params.seeding == Seeding::Unseeded && params.loader_drop_last;
        if unseeded { params.n.saturating_mul(params.num_replicas.max(1) as u64) } else { params.n }
    }

    fn python(&self, params: &Params, lang: Lang) -> String {
        let py = super::python::Py(params, lang);
        let seed = match params.seeding {
            Seeding::Alike => format!("torch.manual_seed({})", params.manual_seed),
            Seeding::Unseeded => format!(
                "torch.manual_seed({:?}[rank])  # {}",
                unseeded_process_seeds(params.os_seed, params.num_replicas.clamp(0, 64) as usize),
                py.say(SchemeText::PyOwnSeed),
            ),
        };
        format!(
            "{head}for rank in range({w}):\n    {seed}\n    loader = DataLoader(dataset, batch_size={bs}, shuffle={shuffle}, drop_last={ldl})\n    for epoch in range({epochs}):\n        seen = [i for batch in loader for i in batch.tolist()]\n    print(f\"GPU {{rank}}:\", seen)\n",
            head = py.head(),
            w = params.num_replicas,
            bs = params.batch_size,
            shuffle = py.bool(params.shuffle),
            ldl = py.bool(params.loader_drop_last),
            epochs = params.epoch + 1,
        )
    }
}

/// Each rank's process, or what PyTorch (or the page) refuses.
fn processes(params: &Params) -> Result<Vec<NoSampler>, Vec<ParamError>> {
    if params.num_replicas <= 0 {
        // No sampler to raise: the page's own rule (one process at least), not PyTorch's words.
        let got = params.num_replicas.to_string();
        let problem = Problem::NotWhole { got, min: Some(1), max: None };
        return Err(vec![ParamError::new(Field::NumReplicas, problem)]);
    }
    no_sampler_processes(params).map_err(|e| vec![e])
}

/// Epoch 0 when every rank walks the same order as in epoch 0 (always without `shuffle`).
fn repeats(params: &Params, processes: &[NoSampler]) -> Option<u64> {
    if params.epoch == 0 {
        return None;
    }
    if NoSamplerScheme.repeats_by_design(params) {
        return Some(0);
    }
    if params.n > super::distributed::COMPARE_LIMIT {
        return None;
    }
    processes.iter().all(|p| p.epoch(0) == p.epoch(params.epoch)).then_some(0)
}
