//! `torchdata_resume`: `StatefulDistributedSampler` in a `StatefulDataLoader`; `consumed`
//! batches are trained, `state_dict()` is saved, and a new process resumes the epoch. The
//! state holds how many indices were yielded, not the epoch: a process that does not call
//! `set_epoch` again skips that many indices of epoch 0's order instead.

use super::stages::{StageRow, StageView, sampler_stages};
use super::{Deal, Origin, Scheme, Shared, Step, again_in_lane, per_rank_lists_fit, refused};
use crate::i18n::Lang;
use crate::i18n::ecosystem::EcoText;
use crate::i18n::schemes::SchemeText;
use crate::model::{Field, ParamError, Params};
use crate::sampler::Resumed;

/// torchdata's save and resume within an epoch.
pub struct TorchdataResume;

impl Scheme for TorchdataResume {
    fn name(&self) -> &'static str {
        "torchdata_resume"
    }

    fn title(&self) -> SchemeText {
        SchemeText::ResumeTitle
    }

    fn summary(&self) -> SchemeText {
        SchemeText::ResumeSummary
    }

    fn steps(&self, _params: &Params) -> &'static [Step] {
        &[Step::Indices, Step::Shuffle, Step::PadOrTrim, Step::Stripe, Step::Batch, Step::Resume]
    }

    fn options(&self) -> &'static [Field] {
        &[Field::Consumed, Field::RestoreEpoch, Field::Seed, Field::LoaderDropLast]
    }

    fn lanes_up_to(
        &self,
        params: &Params,
        _shared: &Shared,
        cap: usize,
    ) -> Result<Deal, Vec<ParamError>> {
        let loader = params.loader_config().check(params.n, true).map_err(refused)?;
        crate::sampler::DistributedSampler::new(&params.sampler_config(0)).map_err(refused)?;
        per_rank_lists_fit(params, Field::NumReplicas)?;
        let runs = runs(params, loader)?;
        let n = params.n as usize;
        let batches: Vec<Vec<Vec<u32>>> =
            runs.iter().map(|r| r.before.iter().chain(&r.after).cloned().collect()).collect();
        let starts: Vec<usize> = runs.iter().map(|r| r.before.iter().map(Vec::len).sum()).collect();
        let origins: Vec<Vec<Origin>> = batches.iter().map(|b| again_in_lane(n, b)).collect();
        let origin = |rank: usize, k: usize| origins[rank][k];
        let mut deal = Deal::from_batches(n, &batches, loader.batch_size(), origin, cap);
        for (lane, start) in deal.lanes.iter_mut().zip(starts) {
            lane.resumed_at = Some(start);
        }
        deal.repeats = (params.epoch > 0 && self.repeats_by_design(params)).then_some(0);
        Ok(deal)
    }

    fn stages(&self, params: &Params) -> Result<Vec<StageView>, Vec<ParamError>> {
        self.deal_up_to(params, &Shared::default(), 0)?;
        let loader = params.loader_config().check(params.n, true).map_err(refused)?;
        let sampler =
            crate::sampler::DistributedSampler::new(&params.sampler_config(0)).map_err(refused)?;
        let epoch = sampler.epoch().map_err(refused)?;
        let mut stages = sampler_stages(&epoch, &loader, Step::Indices, |i| i);
        // Before the save, then what the new process trains.
        let runs = runs(params, loader)?;
        let rows = |part: &dyn Fn(&Resumed) -> &Vec<Vec<u32>>| {
            let rows = runs.iter().enumerate();
            rows.map(|(r, run)| StageRow::of(Some(r), part(run).iter().map(|b| b.iter().copied())))
                .collect()
        };
        if let Some(batch) = stages.last_mut() {
            batch.rows = rows(&|run| &run.before);
        }
        stages.push(StageView { step: Step::Resume, rows: rows(&|run| &run.after) });
        Ok(stages)
    }

    fn covers_epochs(&self) -> bool {
        // A resume is one event in one epoch; drawn in every epoch, "epochs until every GPU
        // has seen everything" would describe a run that never happens.
        false
    }

    fn map_style_workers(&self) -> bool {
        // Resuming with workers is not drawn: the lanes show the batches alone.
        false
    }

    fn repeats_by_design(&self, params: &Params) -> bool {
        !params.shuffle || !params.set_epoch
    }

    fn python(&self, params: &Params, lang: Lang) -> String {
        let py = super::python::Py(params, lang);
        let p = params;
        let epoch = p.sampler_epoch();
        let restore = if p.restore_epoch {
            format!("    sampler.set_epoch({epoch})  # {}\n", py.say(EcoText::PyRestored))
        } else {
            format!("    # sampler.set_epoch({epoch})  # {}\n", py.say(EcoText::PyForgotten))
        };
        format!(
            "import torch\nfrom torchdata.stateful_dataloader import StatefulDataLoader\nfrom torchdata.stateful_dataloader.sampler import StatefulDistributedSampler\n\ndataset = list(range({n}))  # {item}\n\ndef make(rank):\n    sampler = StatefulDistributedSampler(dataset, num_replicas={w}, rank=rank, shuffle={shuffle}, seed={seed}, drop_last={dl})\n    return sampler, StatefulDataLoader(dataset, batch_size={bs}, sampler=sampler, drop_last={ldl})\n\nfor rank in range({w}):\n    sampler, loader = make(rank)\n    sampler.set_epoch({epoch})\n    it = iter(loader)\n    before = [next(it) for _ in range({consumed})]\n    state = loader.state_dict()  # {save}\n    sampler, loader = make(rank)  # {resume}\n{restore}    loader.load_state_dict(state)\n    after = list(loader)\n    print(f\"GPU {{rank}}:\", [i for batch in before + after for i in batch.tolist()])\n",
            n = p.n,
            item = py.say(SchemeText::PyItem),
            w = p.num_replicas,
            shuffle = py.bool(p.shuffle),
            seed = p.seed,
            dl = py.bool(p.drop_last),
            bs = p.batch_size,
            ldl = py.bool(p.loader_drop_last),
            consumed = p.consumed,
            save = py.say(EcoText::PySave),
            resume = py.say(EcoText::PyResume),
        )
    }
}

/// Each rank's batches before the save and after the resume.
fn runs(
    params: &Params,
    loader: crate::sampler::BatchSampler,
) -> Result<Vec<Resumed>, Vec<ParamError>> {
    let resume = params.resume(loader);
    resume.every_rank().map_err(refused)
}
