//! The pitfalls, one click each (nine of issue 4, four of the ecosystem's, four of the
//! workers', three of the weighted samplers'): the broken set-up beside the fixed one, every
//! number computed by the core (never typed in).
//!
//! | URL name (`scenario=`) | pitfall | small example |
//! | --- | --- | --- |
//! | `no_set_epoch` | `set_epoch` never called: the same order every epoch | 8 samples, 2 GPUs, 3 epochs |
//! | `seed_per_rank` | `seed=rank`: ranks overlap, some samples never seen | 16 samples, 4 GPUs |
//! | `eval_padding` | padding counted twice when validation results are gathered | 21 samples, 2 GPUs |
//! | `drop_last` | `drop_last` on the sampler vs on the `DataLoader` | 21 samples, 2 GPUs, batch 4 |
//! | `tiny_dataset` | more ranks than samples: the padding repeats the whole list | 3 samples, 8 GPUs |
//! | `no_sampler` | no sampler: every GPU does the whole epoch | 8 samples, 2 GPUs, batch 4 |
//! | `lengths` | `len(dataloader)` vs `len(dataset)` vs `len(sampler)` | CIFAR-10: 50,000, 2 GPUs, batch 64 |
//! | `resume` | resuming mid-epoch: restart, skip, or the epoch not restored | 16 samples, 2 GPUs, batch 2 |
//! | `double_shuffle` | `shuffle=True` on the sampler *and* the `DataLoader` | 8 samples, 2 GPUs |
//! | `split_batches` | Accelerate's `split_batches`: `batch_size` per GPU or over all GPUs | 32 samples, 2 GPUs, batch 8 |
//! | `even_batches` | Accelerate's `even_batches=False`: GPUs end with different step counts | 20 samples, 3 GPUs, batch 4 |
//! | `lightning_eval` | validation padding counted twice, against Lightning's unrepeated sampler | 21 samples, 4 GPUs |
//! | `stateful_resume` | torchdata's resume without restoring the epoch | 16 samples, 2 GPUs, batch 2 |
//! | `iterable_no_shard` | an `IterableDataset` not sharded: each sample in every worker of every GPU | 8 samples, 2 GPUs, 2 workers |
//! | `iterable_sampler` | a `DistributedSampler` for an `IterableDataset`: PyTorch refuses | 8 samples, 2 GPUs |
//! | `uneven_hang` | GPUs with different step counts: the run hangs at an all-reduce | 10 samples, 4 GPUs |
//! | `worker_same_numpy_seed` | a generator made in `__init__`, the same in every worker | 8 samples, 2 GPUs, 2 workers |
//! | `weighted_no_wrapper` | `WeightedRandomSampler` without a distributed wrapper: every GPU draws the whole epoch | 20 samples (90 % one class), 2 GPUs, batch 4 |
//! | `weighted_seed_per_rank` | the wrapper with a seed per rank: stripes of different lists | 20 samples (90 % one class), 2 GPUs, batch 4 |
//! | `monai_empty_slice` | MONAI's sampler on a slice that weighs nothing: that process raises | 10 samples, 2 GPUs, batch 2 |
//!
//! Fact ids (the page's `fact-<id>`): `repeats`, `distinct-seeds` (1); `never-seen`,
//! `seen-twice` (2, 4, 8); `predictions`, `counted-twice` (3); `sampler-dropped`, `padding`,
//! `loader-dropped` (4); `padding`, `most-times`, `drop-last-len` (5); `work`, `steps`,
//! `identical-batches` (6); `loader-len`, `sampler-len`, `dataset-len` (7, 9);
//! `restart-twice` (8); `per-gpu-batch`, `effective-batch`, `fewest-steps`, `most-steps`,
//! `seen-twice` (10, 11); `predictions`, `counted-twice`, `fewest-samples`, `most-samples` (12);
//! `seen-twice`, `never-seen` (13); `trained`, `most-times`, `never-seen` (14, 15, 16);
//! `fewest-steps`, `most-steps`, `waiting` (16); `distinct-worker-seeds`, `base-seed` (17);
//! `trained`, `most-steps`, `several-gpus`, `never-seen` (18, 19, 20), `raised` (20).

pub mod card;
mod coverage;
mod ecosystem;
mod epochs;
mod loaders;
pub mod outcome;
mod weighted;
mod workers;

pub use outcome::{Chip, Fact, Phrase, Row, Side};

use crate::i18n::pitfalls::PitfallText;
use crate::i18n::scenarios::ScenarioText;
use crate::sampler::SamplerError;

/// One pitfall.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scenario {
    /// `sampler.set_epoch(epoch)` never called.
    NoSetEpoch,
    /// Each rank builds its sampler with its own seed.
    SeedPerRank,
    /// Validation metrics gathered over a padded split.
    EvalPadding,
    /// `drop_last=True` on the `DataLoader` instead of the sampler.
    DropLast,
    /// More ranks than samples.
    TinyDataset,
    /// `DataLoader(shuffle=True)` on every GPU, no sampler.
    NoSampler,
    /// The three lengths people confuse.
    Lengths,
    /// Resuming in the middle of an epoch.
    Resume,
    /// `shuffle=True` given to the sampler and to the `DataLoader`.
    DoubleShuffle,
    /// Accelerate's `split_batches` misunderstood.
    SplitBatches,
    /// Accelerate's `even_batches=False`.
    EvenBatches,
    /// Validation under Lightning: padding counted twice.
    LightningEval,
    /// torchdata's resume without restoring the epoch.
    StatefulResume,
    /// An `IterableDataset` that does not shard its stream.
    IterableNoShard,
    /// A `DistributedSampler` given for an `IterableDataset`.
    IterableSampler,
    /// GPUs that end a training epoch with different step counts.
    UnevenHang,
    /// A generator made in the dataset's `__init__`, copied into every worker.
    WorkerSameSeed,
    /// `WeightedRandomSampler` in every GPU's `DataLoader`, no distributed wrapper.
    WeightedNoWrapper,
    /// The distributed wrapper around `WeightedRandomSampler`, seeded per rank.
    WeightedSeedPerRank,
    /// MONAI's weighted sampler on a rank whose slice weighs nothing.
    MonaiEmptySlice,
}

/// A scenario worked out: the broken side, the fixed side, and the set-up they share.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparison {
    /// Which scenario.
    pub scenario: Scenario,
    /// The configuration both sides use, in a sentence.
    pub setup: Phrase,
    /// The mistake.
    pub broken: Side,
    /// The fix.
    pub fixed: Side,
}

impl Scenario {
    /// Every scenario, in the order.
    pub const ALL: [Scenario; 20] = [
        Scenario::NoSetEpoch,
        Scenario::SeedPerRank,
        Scenario::EvalPadding,
        Scenario::DropLast,
        Scenario::TinyDataset,
        Scenario::NoSampler,
        Scenario::Lengths,
        Scenario::Resume,
        Scenario::DoubleShuffle,
        Scenario::SplitBatches,
        Scenario::EvenBatches,
        Scenario::LightningEval,
        Scenario::StatefulResume,
        Scenario::IterableNoShard,
        Scenario::IterableSampler,
        Scenario::UnevenHang,
        Scenario::WorkerSameSeed,
        Scenario::WeightedNoWrapper,
        Scenario::WeightedSeedPerRank,
        Scenario::MonaiEmptySlice,
    ];

    /// The name in the URL: `?scenario=<name>`. Stable: tutorials link to these.
    pub fn name(self) -> &'static str {
        match self {
            Scenario::NoSetEpoch => "no_set_epoch",
            Scenario::SeedPerRank => "seed_per_rank",
            Scenario::EvalPadding => "eval_padding",
            Scenario::DropLast => "drop_last",
            Scenario::TinyDataset => "tiny_dataset",
            Scenario::NoSampler => "no_sampler",
            Scenario::Lengths => "lengths",
            Scenario::Resume => "resume",
            Scenario::DoubleShuffle => "double_shuffle",
            Scenario::SplitBatches => "split_batches",
            Scenario::EvenBatches => "even_batches",
            Scenario::LightningEval => "lightning_eval",
            Scenario::StatefulResume => "stateful_resume",
            Scenario::IterableNoShard => "iterable_no_shard",
            Scenario::IterableSampler => "iterable_sampler",
            Scenario::UnevenHang => "uneven_hang",
            Scenario::WorkerSameSeed => "worker_same_numpy_seed",
            Scenario::WeightedNoWrapper => "weighted_no_wrapper",
            Scenario::WeightedSeedPerRank => "weighted_seed_per_rank",
            Scenario::MonaiEmptySlice => "monai_empty_slice",
        }
    }

    /// The scenario with this URL name.
    pub fn from_name(name: &str) -> Option<Scenario> {
        Scenario::ALL.into_iter().find(|s| s.name() == name.trim())
    }

    /// Its short title (the button's text).
    pub fn title(self) -> PitfallText {
        use PitfallText as T;
        match self {
            Scenario::NoSetEpoch => T::TitleNoSetEpoch,
            Scenario::SeedPerRank => T::TitleSeedPerRank,
            Scenario::EvalPadding => T::TitleEvalPadding,
            Scenario::DropLast => T::TitleDropLast,
            Scenario::TinyDataset => T::TitleTinyDataset,
            Scenario::NoSampler => T::TitleNoSampler,
            Scenario::Lengths => T::TitleLengths,
            Scenario::Resume => T::TitleResume,
            Scenario::DoubleShuffle => T::TitleDoubleShuffle,
            Scenario::SplitBatches => T::TitleSplitBatches,
            Scenario::EvenBatches => T::TitleEvenBatches,
            Scenario::LightningEval => T::TitleLightningEval,
            Scenario::StatefulResume => T::TitleStatefulResume,
            Scenario::IterableNoShard => T::TitleIterableNoShard,
            Scenario::IterableSampler => T::TitleIterableSampler,
            Scenario::UnevenHang => T::TitleUnevenHang,
            Scenario::WorkerSameSeed => T::TitleWorkerSameSeed,
            Scenario::WeightedNoWrapper => T::TitleWeightedNoWrapper,
            Scenario::WeightedSeedPerRank => T::TitleWeightedSeedPerRank,
            Scenario::MonaiEmptySlice => T::TitleMonaiEmptySlice,
        }
    }

    /// What goes wrong and why, in a few sentences.
    pub fn explanation(self) -> ScenarioText {
        use ScenarioText as T;
        match self {
            Scenario::NoSetEpoch => T::ExplainNoSetEpoch,
            Scenario::SeedPerRank => T::ExplainSeedPerRank,
            Scenario::EvalPadding => T::ExplainEvalPadding,
            Scenario::DropLast => T::ExplainDropLast,
            Scenario::TinyDataset => T::ExplainTinyDataset,
            Scenario::NoSampler => T::ExplainNoSampler,
            Scenario::Lengths => T::ExplainLengths,
            Scenario::Resume => T::ExplainResume,
            Scenario::DoubleShuffle => T::ExplainDoubleShuffle,
            Scenario::SplitBatches => T::ExplainSplitBatches,
            Scenario::EvenBatches => T::ExplainEvenBatches,
            Scenario::LightningEval => T::ExplainLightningEval,
            Scenario::StatefulResume => T::ExplainStatefulResume,
            Scenario::IterableNoShard => T::ExplainIterableNoShard,
            Scenario::IterableSampler => T::ExplainIterableSampler,
            Scenario::UnevenHang => T::ExplainUnevenHang,
            Scenario::WorkerSameSeed => T::ExplainWorkerSameSeed,
            Scenario::WeightedNoWrapper => T::ExplainWeightedNoWrapper,
            Scenario::WeightedSeedPerRank => T::ExplainWeightedSeedPerRank,
            Scenario::MonaiEmptySlice => T::ExplainMonaiEmptySlice,
        }
    }

    /// The schemes of the comparison at the top that show this pitfall, broken first, when its
    /// two sides are two ways of handing out the data (not two settings of one way).
    pub fn schemes(self) -> Option<[&'static str; 2]> {
        match self {
            Scenario::SeedPerRank => Some(["seed_per_rank", "distributed"]),
            Scenario::NoSampler => Some(["no_sampler", "distributed"]),
            Scenario::LightningEval => Some(["distributed", "lightning_unrepeated"]),
            Scenario::UnevenHang => Some(["lightning_unrepeated", "distributed"]),
            Scenario::WeightedNoWrapper => Some(["weighted_no_wrapper", "weighted_wrapper"]),
            _ => None,
        }
    }

    /// The schemes the comparison at the top draws either side with, when a side is a setting
    /// of a scheme other than `DistributedSampler` (loading a side shows them).
    pub fn panels(self) -> Option<[&'static str; 2]> {
        match self {
            Scenario::SplitBatches | Scenario::EvenBatches => Some(["accelerate", "distributed"]),
            Scenario::StatefulResume => Some(["torchdata_resume", "distributed"]),
            Scenario::IterableNoShard | Scenario::IterableSampler => {
                Some(["iterable", "distributed"])
            }
            Scenario::WeightedSeedPerRank => Some(["weighted_wrapper", "distributed"]),
            Scenario::MonaiEmptySlice => Some(["monai_weighted", "distributed"]),
            other => other.schemes(),
        }
    }

    /// Both sides, computed by the core. The examples are fixed and valid, so an `Err` would be
    /// a bug in the core; it is passed on rather than unwrapped so the page can say so.
    pub fn compare(self) -> Result<Comparison, SamplerError> {
        let (setup, broken, fixed) = match self {
            Scenario::NoSetEpoch => epochs::no_set_epoch()?,
            Scenario::SeedPerRank => coverage::seed_per_rank()?,
            Scenario::EvalPadding => coverage::eval_padding()?,
            Scenario::DropLast => loaders::drop_last()?,
            Scenario::TinyDataset => coverage::tiny_dataset()?,
            Scenario::NoSampler => loaders::no_sampler()?,
            Scenario::Lengths => loaders::lengths()?,
            Scenario::Resume => epochs::resume()?,
            Scenario::DoubleShuffle => loaders::double_shuffle()?,
            Scenario::SplitBatches => ecosystem::split_batches()?,
            Scenario::EvenBatches => ecosystem::even_batches()?,
            Scenario::LightningEval => ecosystem::lightning_eval()?,
            Scenario::StatefulResume => ecosystem::stateful_resume()?,
            Scenario::IterableNoShard => workers::iterable_no_shard()?,
            Scenario::IterableSampler => workers::iterable_sampler()?,
            Scenario::UnevenHang => workers::uneven_hang()?,
            Scenario::WorkerSameSeed => workers::worker_same_seed()?,
            Scenario::WeightedNoWrapper => weighted::no_wrapper()?,
            Scenario::WeightedSeedPerRank => weighted::seed_per_rank()?,
            Scenario::MonaiEmptySlice => weighted::monai_empty_slice()?,
        };
        Ok(Comparison { scenario: self, setup, broken, fixed })
    }
}

/// What each scenario module gives: the shared set-up, then the broken and fixed sides.
type Worked = (Phrase, Side, Side);

/// The usual set-up sentence: `n` samples on `w` GPUs, batch `b`.
fn setup(n: u64, w: i64, b: i64) -> Phrase {
    Phrase::new(ScenarioText::Setup).with("n", crate::i18n::Count(n)).with("w", w).with("b", b)
}
