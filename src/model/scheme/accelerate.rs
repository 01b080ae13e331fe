//! `accelerate`: `accelerator.prepare(DataLoader(dataset, batch_size, shuffle, drop_last))` as
//! Accelerate 1.15 does it. The loader's batches are made alike in every process, then whole
//! batches are dealt in turn (or each is split into one slice per process), and the last round
//! is completed from the start of the epoch unless `even_batches=False`.

use std::cell::RefCell;
use std::rc::Rc;

use super::stages::{StageRow, StageView, whole};
use super::{Deal, Scheme, Shared, Step, first_copies, past_epochs_fit, refused};
use crate::i18n::Lang;
use crate::i18n::ecosystem::EcoText;
use crate::i18n::schemes::SchemeText;
use crate::model::{Field, ParamError, Params, Problem};
use crate::sampler::{Prepared, RunsOn};

/// Accelerate's `prepare_data_loader`.
pub struct Accelerate;

impl Scheme for Accelerate {
    fn name(&self) -> &'static str {
        "accelerate"
    }

    fn title(&self) -> SchemeText {
        SchemeText::AccelerateTitle
    }

    fn summary(&self) -> SchemeText {
        SchemeText::AccelerateSummary
    }

    fn steps(&self, params: &Params) -> &'static [Step] {
        use Step::{Batch, CompleteRound, DealBatches, Indices, Shuffle, SplitBatches};
        let completes = params.even_batches && !params.loader_drop_last;
        match (params.num_replicas > 1, params.split_batches, completes) {
            // A single process is not sharded.
            (false, _, _) => &[Indices, Shuffle, Batch],
            (true, true, true) => &[Indices, Shuffle, Batch, SplitBatches, CompleteRound],
            (true, true, false) => &[Indices, Shuffle, Batch, SplitBatches],
            (true, false, true) => &[Indices, Shuffle, Batch, DealBatches, CompleteRound],
            (true, false, false) => &[Indices, Shuffle, Batch, DealBatches],
        }
    }

    fn options(&self) -> &'static [Field] {
        &[
            Field::SplitBatches,
            Field::EvenBatches,
            Field::LoaderDropLast,
            Field::UseSeedableSampler,
            Field::DataSeed,
            Field::ManualSeed,
        ]
    }

    fn lanes_up_to(
        &self,
        params: &Params,
        _shared: &Shared,
        cap: usize,
    ) -> Result<Deal, Vec<ParamError>> {
        let prepared = prepared(params)?;
        let order = order(&prepared, params.epoch)?;
        let batches = prepared.deal_all(&prepared.batches_of(&order));
        let n = params.n as usize;
        let origins = first_copies(n, &batches, cap);
        let origin = |rank: usize, k: usize| origins[rank][k];
        let mut deal = Deal::from_batches(n, &batches, prepared.process_batch_size(), origin, cap);
        // With split_batches and even_batches=False, len() counts a slice some GPUs never get.
        for (p, lane) in deal.lanes.iter_mut().enumerate() {
            lane.reported_len = Some(prepared.len(p)).filter(|&len| len != lane.loader_len);
        }
        deal.repeats = repeats(params, &prepared, &batches);
        Ok(deal)
    }

    fn stages(&self, params: &Params) -> Result<Vec<StageView>, Vec<ParamError>> {
        let prepared = prepared(params)?;
        let order = order(&prepared, params.epoch)?;
        let batches = prepared.batches_of(&order);
        let (n, w) = (params.n as u32, params.num_replicas as usize);
        let mut stages = vec![
            whole(Step::Indices, StageRow::list(None, 0..n)),
            whole(Step::Shuffle, StageRow::list(None, order.iter().copied())),
            whole(Step::Batch, StageRow::of(None, batches.iter().cloned())),
        ];
        let gpus = |f: &dyn Fn(usize) -> Vec<Vec<u32>>| {
            (0..w).map(|r| StageRow::of(Some(r), f(r))).collect()
        };
        for &step in self.steps(params).iter().skip(3) {
            let rows = match step {
                // Batch i to process i % num_processes, rounds not yet completed.
                Step::DealBatches => {
                    gpus(&|r| batches.iter().skip(r).step_by(w).cloned().collect())
                }
                // Each batch's slice r (a short last batch's, as far as it goes).
                Step::SplitBatches => gpus(&|r| {
                    let part = prepared.process_batch_size();
                    let slice = |b: &Vec<u32>| {
                        b.get(r * part..((r + 1) * part).min(b.len())).map(<[u32]>::to_vec)
                    };
                    batches.iter().filter_map(slice).collect()
                }),
                // What each process ends up with.
                _ => gpus(&|r| prepared.deal(&batches, r)),
            };
            stages.push(StageView { step, rows });
        }
        Ok(stages)
    }

    fn repeats_by_design(&self, params: &Params) -> bool {
        !params.shuffle
    }

    fn python(&self, params: &Params, lang: Lang) -> String {
        let py = super::python::Py(params, lang);
        let p = params;
        let data_seed = p.data_seed.map_or("None".to_string(), |s| s.to_string());
        let set_epoch = if p.set_epoch { "        loader.set_epoch(epoch)\n" } else { "" };
        format!(
            "import torch\nfrom torch.utils.data import DataLoader\nfrom accelerate import Accelerator\nfrom accelerate.data_loader import prepare_data_loader\n\nAccelerator(cpu=True)  # {state}\ndataset = list(range({n}))  # {item}\n\nfor rank in range({w}):  # {process}\n    torch.manual_seed({seed})  # accelerate.utils.set_seed({seed})\n    loader = DataLoader(dataset, batch_size={bs}, shuffle={shuffle}, drop_last={dl})\n    # {prepare}\n    loader = prepare_data_loader(loader, num_processes={w}, process_index=rank, split_batches={split}, even_batches={even}, use_seedable_sampler={seedable}, data_seed={data_seed}, rng_types=[\"generator\"], put_on_device=False)\n    for epoch in range({epochs}):\n{set_epoch}        seen = [i for batch in loader for i in batch.tolist()]\n    print(f\"GPU {{rank}}:\", seen)\n",
            state = py.say(EcoText::PyAccelerateState),
            n = p.n,
            item = py.say(SchemeText::PyItem),
            w = p.num_replicas,
            process = py.say(EcoText::PyAccelerateProcess),
            seed = p.manual_seed,
            bs = p.batch_size,
            shuffle = py.bool(p.shuffle),
            dl = py.bool(p.loader_drop_last),
            prepare = py.say(EcoText::PyAcceleratePrepare),
            split = py.bool(p.split_batches),
            even = py.bool(p.even_batches),
            seedable = py.bool(p.use_seedable_sampler),
            epochs = p.epoch + 1,
        )
    }
}

thread_local! {
    /// The last epoch's order worked out, with what it was for: the deal and the stages asked
    /// of one change read it once (at ImageNet-1k on 8, a permutation and the draws of every
    /// epoch before it).
    static LAST: RefCell<Option<Worked>> = const { RefCell::new(None) };
    /// The generator that runs on across epochs, at the start of the last epoch asked, and the
    /// loader it is for.
    static RUNS: RefCell<Option<(Prepared, RunsOn)>> = const { RefCell::new(None) };
}

/// An epoch's order, and the loader and epoch it is for.
type Worked = (Prepared, u64, Rc<Vec<u32>>);

/// The order the loader walks in `epoch` ([`Prepared::order`]), worked out once per
/// configuration and epoch.
fn order(prepared: &Prepared, epoch: u64) -> Result<Rc<Vec<u32>>, Vec<ParamError>> {
    let last = LAST.with_borrow(|last| match last {
        Some((p, e, order)) if p == prepared && *e == epoch => Some(order.clone()),
        _ => None,
    });
    if let Some(order) = last {
        return Ok(order);
    }
    let order = match prepared.runs_on() {
        // The generator kept at the last epoch asked: the next one costs its draws alone.
        Some(first) => RUNS.with_borrow_mut(|runs| {
            let runs = match runs {
                Some((p, runs)) if p == prepared => runs,
                _ => &mut runs.insert((*prepared, first)).1,
            };
            Rc::new(runs.order(epoch))
        }),
        None => Rc::new(prepared.order(epoch).map_err(refused)?),
    };
    // Kept up to 8 MB (ImageNet-1k's order is 5 MB): past that, worked out again when asked.
    if order.len() <= 1 << 21 {
        LAST.set(Some((*prepared, epoch, order.clone())));
    }
    Ok(order)
}

/// The prepared loader for these parameters, or what the libraries (or the page) refuse.
fn prepared(params: &Params) -> Result<Prepared, Vec<ParamError>> {
    if params.num_replicas <= 0 || params.num_replicas > crate::model::MAX_REPLICAS {
        let got = params.num_replicas.to_string();
        let max = Some(crate::model::MAX_REPLICAS.into());
        let problem = Problem::NotWhole { got, min: Some(1), max };
        return Err(vec![ParamError::new(Field::NumReplicas, problem)]);
    }
    super::per_rank_lists_fit(&Params { num_replicas: 1, ..params.clone() }, Field::N)?;
    let config = params.accelerate_config();
    let prepared = Prepared::new(&config).map_err(|e| {
        let field = match e {
            crate::sampler::SamplerError::SeedOverflow { .. } if params.use_seedable_sampler => {
                if params.data_seed.is_some() {
                    Field::DataSeed
                } else {
                    Field::ManualSeed
                }
            }
            crate::sampler::SamplerError::SeedOverflow { .. } => Field::ManualSeed,
            _ => crate::model::picture::field_of(&e),
        };
        vec![ParamError::from_sampler(field, &e)]
    })?;
    // One generator runs on across epochs when several processes shuffle without reseeding.
    if params.shuffle && !params.use_seedable_sampler && params.num_replicas > 1 {
        past_epochs_fit(params, 2)?;
    }
    Ok(prepared)
}

/// Epoch 0, when this epoch deals exactly what epoch 0 dealt.
fn repeats(params: &Params, prepared: &Prepared, now: &[Vec<Vec<u32>>]) -> Option<u64> {
    if params.epoch == 0 {
        return None;
    }
    if !params.shuffle {
        return Some(0);
    }
    if params.n > super::distributed::COMPARE_LIMIT {
        return None;
    }
    (prepared.epoch(0).ok()? == now).then_some(0)
}
