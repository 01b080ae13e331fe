//! `iterable`: an `IterableDataset` of `range(n)` in `DataLoader(dataset, batch_size,
//! num_workers)` on every rank. PyTorch copies the dataset into every worker of every rank;
//! unless `__iter__` shards its stream by `get_worker_info()` (and by rank), every copy yields
//! every sample: each sample `num_workers × num_replicas` times per epoch.

use super::stages::{StageRow, StageView, whole};
use super::{Deal, Origin, Scheme, Shared, Step, again_in_lane, refused};
use crate::i18n::Lang;
use crate::i18n::ecosystem::EcoText;
use crate::i18n::schemes::SchemeText;
use crate::model::{Field, ParamError, Params, Problem};
use crate::sampler::workers::check_num_workers;
use crate::sampler::{BatchSampler, IterableLoader, Sharding};

/// The most workers the page draws per rank (PyTorch has no such limit).
pub const MAX_WORKERS: i64 = 16;

/// An `IterableDataset` read by the loader's workers on every rank.
pub struct Iterable;

impl Scheme for Iterable {
    fn name(&self) -> &'static str {
        "iterable"
    }

    fn title(&self) -> SchemeText {
        SchemeText::IterableTitle
    }

    fn summary(&self) -> SchemeText {
        SchemeText::IterableSummary
    }

    fn steps(&self, _params: &Params) -> &'static [Step] {
        &[Step::Indices, Step::Workers, Step::Batch]
    }

    fn options(&self) -> &'static [Field] {
        &[Field::NumWorkers, Field::Sharding, Field::LoaderDropLast]
    }

    fn lanes_up_to(
        &self,
        params: &Params,
        _shared: &Shared,
        cap: usize,
    ) -> Result<Deal, Vec<ParamError>> {
        let loaders = loaders(params)?;
        let per_rank: Vec<Vec<(Vec<u32>, usize)>> = loaders.iter().map(|l| l.batches()).collect();
        let batches: Vec<Vec<Vec<u32>>> =
            per_rank.iter().map(|b| b.iter().map(|(batch, _)| batch.clone()).collect()).collect();
        let n = params.n as usize;
        // A sample this GPU already trained, from another of its workers, is trained again.
        let origins: Vec<Vec<Origin>> = batches.iter().map(|b| again_in_lane(n, b)).collect();
        let origin = |rank: usize, k: usize| origins[rank][k];
        let batch_size = loaders.first().map_or(1, |l| l.loader.batch_size());
        let mut deal = Deal::from_batches(n, &batches, batch_size, origin, cap);
        for (lane, batches) in deal.lanes.iter_mut().zip(&per_rank) {
            lane.workers = batches.iter().map(|&(_, w)| w).collect();
        }
        deal.repeats = (params.epoch > 0).then_some(0);
        Ok(deal)
    }

    fn map_style_workers(&self) -> bool {
        // Its workers each read a stream: the lanes carry them already.
        false
    }

    fn only_base_seed_draws(&self, _params: &Params) -> bool {
        // Its samplers draw from generators of their own, never from the global one.
        true
    }

    fn repeats_by_design(&self, _params: &Params) -> bool {
        // A stream of range(n) yields the same order every epoch.
        true
    }

    fn stages(&self, params: &Params) -> Result<Vec<StageView>, Vec<ParamError>> {
        let loaders = loaders(params)?;
        let n = params.n as u32;
        let k = loaders.first().map_or(1, |l| l.num_workers.max(1));
        // One row per worker of each rank: the stream its copy of the dataset yields.
        let streams = loaders
            .iter()
            .enumerate()
            .flat_map(|(r, l)| (0..k).map(move |w| (r, l.stream(w))))
            .map(|(r, stream)| StageRow::list(Some(r), stream))
            .collect();
        let batches = loaders
            .iter()
            .enumerate()
            .map(|(r, l)| StageRow::of(Some(r), l.batches().into_iter().map(|(b, _)| b)))
            .collect();
        Ok(vec![
            whole(Step::Indices, StageRow::list(None, 0..n)),
            StageView { step: Step::Workers, rows: streams },
            StageView { step: Step::Batch, rows: batches },
        ])
    }

    fn python(&self, params: &Params, lang: Lang) -> String {
        let py = super::python::Py(params, lang);
        let p = params;
        // The body of `for i in range(self.n):`, before `yield i`.
        let keep = match p.sharding {
            Sharding::None => format!("            # {}\n", py.say(EcoText::PyNoShard)),
            Sharding::Worker => {
                "            if i % num_workers != worker_id:\n                continue\n".into()
            }
            Sharding::RankAndWorker => "            if i % (self.world * num_workers) != self.rank * num_workers + worker_id:\n                continue\n".into(),
        };
        format!(
            "import torch\nfrom torch.utils.data import DataLoader, IterableDataset, get_worker_info\n\nclass Stream(IterableDataset):  # {item}\n    def __init__(self, n, world, rank):\n        self.n, self.world, self.rank = n, world, rank\n\n    def __iter__(self):\n        info = get_worker_info()  # {info}\n        worker_id, num_workers = (info.id, info.num_workers) if info else (0, 1)\n        for i in range(self.n):\n{keep}            yield i\n\nfor rank in range({w}):\n    loader = DataLoader(Stream({n}, {w}, rank), batch_size={bs}, drop_last={ldl}, num_workers={k})\n    print(f\"GPU {{rank}}:\", [i for batch in loader for i in batch.tolist()])\n",
            item = py.say(SchemeText::PyItem),
            info = py.say(EcoText::PyWorkerInfo),
            w = p.num_replicas,
            n = p.n,
            bs = p.batch_size,
            ldl = py.bool(p.loader_drop_last),
            k = p.num_workers,
        )
    }
}

/// Each rank's loader, or what PyTorch (or the page) refuses.
fn loaders(params: &Params) -> Result<Vec<IterableLoader>, Vec<ParamError>> {
    if params.num_replicas <= 0 {
        let got = params.num_replicas.to_string();
        let max = Some(crate::model::MAX_REPLICAS.into());
        return Err(vec![ParamError::new(
            Field::NumReplicas,
            Problem::NotWhole { got, min: Some(1), max },
        )]);
    }
    let num_workers = check_num_workers(params.num_workers).map_err(refused)?;
    if params.num_workers > MAX_WORKERS {
        let got = params.num_workers.to_string();
        let problem = Problem::NotWhole { got, min: Some(0), max: Some(MAX_WORKERS.into()) };
        return Err(vec![ParamError::new(Field::NumWorkers, problem)]);
    }
    let loader = BatchSampler::new(params.batch_size, params.loader_drop_last).map_err(refused)?;
    // Each worker of each rank may hold the whole stream.
    let copies =
        Params { num_replicas: params.num_replicas * num_workers.max(1) as i64, ..params.clone() };
    super::per_rank_lists_fit(&copies, Field::NumWorkers)?;
    Ok(params.iterable_loaders(loader, num_workers))
}
