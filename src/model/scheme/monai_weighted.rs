//! `monai_weighted`: MONAI's `DistributedWeightedRandomSampler`. Each process takes its slice
//! as `DistributedSampler` deals it (unpadded with `even_divisible=False`), then draws
//! `num_samples_per_rank` indices of that slice by weight, with replacement: no GPU ever sees
//! a sample outside its slice, and a process whose slice weighs nothing raises, alone.

use super::{Deal, Scheme, Shared, Step, draws, refused};
use crate::i18n::Lang;
use crate::i18n::ecosystem::EcoText;
use crate::i18n::schemes::SchemeText;
use crate::model::{Field, ParamError, Params};
use crate::sampler::{DistributedWeightedRandomSampler as Monai, unpack_seed};

/// `DistributedWeightedRandomSampler(dataset, weights, ...)` in every process.
pub struct MonaiWeighted;

impl Scheme for MonaiWeighted {
    fn name(&self) -> &'static str {
        "monai_weighted"
    }

    fn title(&self) -> SchemeText {
        SchemeText::MonaiTitle
    }

    fn summary(&self) -> SchemeText {
        SchemeText::MonaiSummary
    }

    fn steps(&self, params: &Params) -> &'static [Step] {
        if params.even_divisible {
            &[Step::Shuffle, Step::PadOrTrim, Step::Stripe, Step::DrawInSlice, Step::Batch]
        } else {
            &[Step::Shuffle, Step::Stripe, Step::DrawInSlice, Step::Batch]
        }
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
        // In the Python's order: the generator, the sampler, the loader, then the epochs.
        draws::lists_fit(params, Field::N, params.n)?;
        unpack_seed(params.inner_seed)
            .map_err(|e| vec![ParamError::from_sampler(Field::InnerSeed, &e)])?;
        let sampler = sampler(params);
        sampler.check(0).map_err(refused)?;
        let loader = params.loader_config().check(params.n, true).map_err(refused)?;
        let per_rank = sampler.len(0).map_err(refused)?.max(0) as u64;
        draws::lists_fit(params, Field::NumSamplesPerRank, per_rank)?;
        draws::epochs_fit(params, per_rank.saturating_add(params.n))?;
        let (lists, raised): (Vec<Vec<u32>>, Vec<_>) = (0..params.num_replicas)
            .map(|rank| {
                let told = sampler.rank_epochs_told(rank, params.epoch + 1, params.set_epoch);
                match told {
                    (done, Some(error)) => (Vec::new(), Some((done.len() as u64, error))),
                    (mut done, None) => (done.pop().unwrap_or_default(), None),
                }
            })
            .unzip();
        let classes = params.weights.classes(params.n);
        let mut deal = draws::deal(params.n as usize, &lists, |_, _| false, &loader, cap, classes);
        for (lane, raised) in deal.lanes.iter_mut().zip(raised) {
            lane.raised = raised;
        }
        Ok(deal)
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
        let set_epoch = if p.set_epoch { "            sampler.set_epoch(epoch)\n" } else { "" };
        format!(
            "{head}for rank in range({w}):\n    g = torch.Generator()\n    g.manual_seed({gseed})  # {alike}\n    sampler = DistributedWeightedRandomSampler(dataset, weights, num_samples_per_rank={k}, generator=g, even_divisible={even}, num_replicas={w}, rank=rank, shuffle={shuffle}, seed={seed})\n    loader = DataLoader(dataset, batch_size={bs}, sampler=sampler, drop_last={ldl})\n    try:\n        for epoch in range({epochs}):\n{set_epoch}            seen = [i for batch in loader for i in batch.tolist()]\n        print(f\"GPU {{rank}}:\", seen)\n    except Exception as e:  # {raises}\n        print(f\"GPU {{rank}}: {{type(e).__name__}}: {{e}}\")\n",
            head = py.weighted_head(
                "from torch.utils.data import DataLoader\nfrom monai.data import DistributedWeightedRandomSampler"
            ),
            w = p.num_replicas,
            gseed = p.inner_seed,
            alike = py.say(EcoText::PySeedAlike),
            k = p.num_samples_per_rank.map_or("None".into(), |k| k.to_string()),
            even = py.bool(p.even_divisible),
            shuffle = py.bool(p.shuffle),
            seed = p.seed,
            bs = p.batch_size,
            ldl = py.bool(p.loader_drop_last),
            epochs = p.epoch + 1,
            raises = py.say(EcoText::PyMonaiRaises),
        )
    }
}

/// Its options, as MONAI names them (`g.manual_seed` seeds its `generator`).
const OPTIONS: [Field; 6] = [
    Field::Weights,
    Field::NumSamplesPerRank,
    Field::EvenDivisible,
    Field::InnerSeed,
    Field::Seed,
    Field::LoaderDropLast,
];

/// The sampler these parameters build (the same in every process but for its rank).
fn sampler(params: &Params) -> Monai {
    Monai {
        weights: params.weights.values(params.n as usize),
        num_samples_per_rank: params.num_samples_per_rank,
        generator_seed: params.inner_seed,
        even_divisible: params.even_divisible,
        num_replicas: params.num_replicas,
        shuffle: params.shuffle,
        seed: params.seed,
    }
}
