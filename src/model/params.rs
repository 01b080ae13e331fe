//! The page's parameters, named as PyTorch names them, as they travel in the URL's query
//! string: parsed field by field, each bad value reported against its own field.

use std::fmt;

use crate::i18n::page::errors::ErrorText;
use crate::i18n::{ErrorWords, Lang, fill};
use crate::sampler::SamplerError;

/// The sampler Lightning's `DistributedSamplerWrapper` wraps (`inner=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InnerSampler {
    /// `SequentialSampler(dataset)`.
    Sequential,
    /// `RandomSampler(dataset, generator=g)`, `g.manual_seed(inner_seed)`.
    Random,
}

/// Which processes the "no sampler" side simulates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seeding {
    /// Every rank called `torch.manual_seed(manual_seed)`: identical orders.
    Alike,
    /// No rank seeded: each process's seed comes from the OS (simulated from `os_seed`).
    Unseeded,
}

/// A stage of the pipeline, in the order the animation plays them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    /// `0 .. n-1`, as the dataset numbers them.
    Indices = 1,
    /// After `randperm` with `manual_seed(seed + epoch)`.
    Shuffle = 2,
    /// Padded by wrap-around, or trimmed with `drop_last`.
    Pad = 3,
    /// `indices[rank::num_replicas]`.
    Stripe = 4,
    /// Cut into batches by the `DataLoader`.
    Batch = 5,
}

impl Stage {
    /// Every stage, first to last.
    pub const ALL: [Stage; 5] =
        [Stage::Indices, Stage::Shuffle, Stage::Pad, Stage::Stripe, Stage::Batch];

    /// The stage numbered `k` (1-based), if there is one.
    pub fn from_number(k: u8) -> Option<Stage> {
        Stage::ALL.get(usize::from(k).checked_sub(1)?).copied()
    }

    /// 1-based number, as in the URL.
    pub fn number(self) -> u8 {
        self as u8
    }
}

/// Every parameter the page takes, in the URL's names.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Field {
    N,
    NumReplicas,
    Rank,
    Shuffle,
    Seed,
    DropLast,
    Epoch,
    SetEpoch,
    BatchSize,
    LoaderDropLast,
    LoaderShuffle,
    ManualSeed,
    Seeding,
    OsSeed,
    Stage,
    SplitBatches,
    EvenBatches,
    UseSeedableSampler,
    DataSeed,
    Inner,
    InnerSeed,
    Consumed,
    RestoreEpoch,
    NumWorkers,
    Sharding,
    Weights,
    NumSamples,
    Replacement,
    Generator,
    EvenDivisible,
    NumSamplesPerRank,
}

impl Field {
    /// Every field, in the order the URL lists them.
    pub const ALL: [Field; 31] = [
        Field::N,
        Field::NumReplicas,
        Field::Rank,
        Field::Shuffle,
        Field::Seed,
        Field::DropLast,
        Field::Epoch,
        Field::SetEpoch,
        Field::BatchSize,
        Field::LoaderDropLast,
        Field::LoaderShuffle,
        Field::ManualSeed,
        Field::Seeding,
        Field::OsSeed,
        Field::Stage,
        Field::SplitBatches,
        Field::EvenBatches,
        Field::UseSeedableSampler,
        Field::DataSeed,
        Field::Inner,
        Field::InnerSeed,
        Field::Consumed,
        Field::RestoreEpoch,
        Field::NumWorkers,
        Field::Sharding,
        Field::Weights,
        Field::NumSamples,
        Field::Replacement,
        Field::Generator,
        Field::EvenDivisible,
        Field::NumSamplesPerRank,
    ];

    /// The options only the ecosystem's schemes read: the URL carries them only when they
    /// differ from their defaults, so every link made before them still reads the same.
    pub const ECOSYSTEM: [Field; 16] = [
        Field::SplitBatches,
        Field::EvenBatches,
        Field::UseSeedableSampler,
        Field::DataSeed,
        Field::Inner,
        Field::InnerSeed,
        Field::Consumed,
        Field::RestoreEpoch,
        Field::NumWorkers,
        Field::Sharding,
        Field::Weights,
        Field::NumSamples,
        Field::Replacement,
        Field::Generator,
        Field::EvenDivisible,
        Field::NumSamplesPerRank,
    ];

    /// What its control is labelled, and what its messages call it: the name in the URL but for
    /// `n`, labelled `len(dataset)` as Python spells it.
    pub fn label(self) -> &'static str {
        match self {
            Field::N => "len(dataset)",
            field => field.name(),
        }
    }

    /// The name in the URL (PyTorch's name where PyTorch has one).
    pub fn name(self) -> &'static str {
        match self {
            Field::N => "n",
            Field::NumReplicas => "num_replicas",
            Field::Rank => "rank",
            Field::Shuffle => "shuffle",
            Field::Seed => "seed",
            Field::DropLast => "drop_last",
            Field::Epoch => "epoch",
            Field::SetEpoch => "set_epoch",
            Field::BatchSize => "batch_size",
            Field::LoaderDropLast => "loader_drop_last",
            Field::LoaderShuffle => "loader_shuffle",
            Field::ManualSeed => "manual_seed",
            Field::Seeding => "seeding",
            Field::OsSeed => "os_seed",
            Field::Stage => "stage",
            Field::SplitBatches => "split_batches",
            Field::EvenBatches => "even_batches",
            Field::UseSeedableSampler => "use_seedable_sampler",
            Field::DataSeed => "data_seed",
            Field::Inner => "inner",
            Field::InnerSeed => "inner_seed",
            Field::Consumed => "consumed",
            Field::RestoreEpoch => "restore_epoch",
            Field::NumWorkers => "num_workers",
            Field::Sharding => "sharding",
            Field::Weights => "weights",
            Field::NumSamples => "num_samples",
            Field::Replacement => "replacement",
            Field::Generator => "generator",
            Field::EvenDivisible => "even_divisible",
            Field::NumSamplesPerRank => "num_samples_per_rank",
        }
    }

    /// The field with this URL name.
    pub fn from_name(name: &str) -> Option<Field> {
        Field::ALL.into_iter().find(|f| f.name() == name)
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A value the page cannot use, with the rule it breaks.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ParamError {
    /// The parameter at fault (the control the message goes next to).
    pub field: Field,
    /// What is wrong, as values: the page words it in either language.
    pub problem: Problem,
}

/// What is wrong with a value, kept as data so that [`ParamError::message`] and
/// [`ParamError::rule`] can say it in the page's language.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Problem {
    /// Not a whole number in `min ..= max` (`None`: unbounded on that side).
    NotWhole { got: String, min: Option<i128>, max: Option<i128> },
    /// A flag in none of the spellings of [`super::FLAG_SPELLINGS`].
    NotFlag { got: String },
    /// `seeding=` that is neither `alike` nor `unseeded`.
    NotSeeding,
    /// `inner=` that is neither `sequential` nor `random`.
    NotInner,
    /// `sharding=` that is none of `none`, `worker`, `rank_and_worker`.
    NotSharding,
    /// `weights=` that is neither a preset nor a list of numbers.
    NotWeights,
    /// `num_samples=` that is neither `len` nor a number.
    NotNumSamples,
    /// `generator=` that is none of `alike`, `per_rank`, `global_alike`, `global_per_rank`.
    NotGenerator,
    /// More ranks than the page draws.
    TooManyRanks { max: i64 },
    /// A scheme whose ranks each draw their own list, at more indices in all (`n` times the
    /// ranks) than the page draws at once.
    TooManyIndices { max: u64 },
    /// An epoch that a generator running on across epochs takes too many draws to reach.
    EpochTooFar { max: u64 },
    /// A scheme whose epoch takes more draws (`draws`) than a figure dealing every scheme deals
    /// at once (`max`): the comparison still deals it when asked.
    NotDealtHere { draws: u64, max: u64 },
    /// What the core refused: PyTorch's error, or this tool's limit.
    Refused(SamplerError),
    /// A scheme dealt on demand ([`super::scheme::remote`]) while the part that deals it loads.
    Loading,
    /// A scheme dealt on demand whose part could not be loaded: why, in the browser's words.
    NotLoaded(String),
}

impl ParamError {
    /// An error against `field` that the page itself finds.
    pub fn new(field: Field, problem: Problem) -> Self {
        Self { field, problem }
    }

    /// What the core refused, against the field at fault.
    pub fn from_sampler(field: Field, error: &SamplerError) -> Self {
        Self { field, problem: Problem::Refused(error.clone()) }
    }

    /// What is wrong: PyTorch's exception and message (English, as Python prints it) where
    /// PyTorch raises, else the page's own words in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        let field: &dyn fmt::Display = &self.field.label();
        let (key, got) = match &self.problem {
            Problem::Refused(error) => return error.shown_in(lang),
            Problem::TooManyRanks { max } => {
                return fill(ErrorText::TooManyRanks.text(lang), &[("max", max)]);
            }
            Problem::TooManyIndices { max } => {
                let max = crate::i18n::Count(*max);
                return fill(ErrorText::TooManyIndices.text(lang), &[("max", &max)]);
            }
            Problem::NotDealtHere { draws, max } => {
                let (draws, max) = (crate::i18n::Count(*draws), crate::i18n::Count(*max));
                return fill(
                    ErrorText::NotDealtHere.text(lang),
                    &[("draws", &draws), ("max", &max)],
                );
            }
            Problem::NotSeeding => return ErrorText::NotSeeding.text(lang).to_string(),
            Problem::NotInner => return ErrorText::NotInner.text(lang).to_string(),
            Problem::NotSharding => return ErrorText::NotSharding.text(lang).to_string(),
            Problem::NotWeights => {
                let max = crate::model::weights::MAX_LISTED;
                return fill(ErrorText::NotWeights.text(lang), &[("max", &max)]);
            }
            Problem::NotNumSamples => return ErrorText::NotNumSamples.text(lang).to_string(),
            Problem::NotGenerator => return ErrorText::NotGenerator.text(lang).to_string(),
            Problem::EpochTooFar { max } => {
                return fill(ErrorText::EpochTooFar.text(lang), &[("max", max)]);
            }
            Problem::Loading => return ErrorText::SchemeLoading.text(lang).to_string(),
            Problem::NotLoaded(why) => {
                return fill(ErrorText::SchemeNotLoaded.text(lang), &[("why", why)]);
            }
            Problem::NotFlag { got } => (ErrorText::NotFlag, got),
            Problem::NotWhole { got, min: None, .. } => (ErrorText::NotWhole, got),
            Problem::NotWhole { got, max: None, .. } => (ErrorText::NotWholeAtLeast, got),
            Problem::NotWhole { got, .. } => (ErrorText::NotWholeBetween, got),
        };
        let (min, max) = match &self.problem {
            Problem::NotWhole { min, max, .. } => (min.unwrap_or(0), max.unwrap_or(0)),
            _ => (0, 0),
        };
        fill(key.text(lang), &[("field", field), ("got", got), ("min", &min), ("max", &max)])
    }

    /// Whether it says only that a scheme dealt on demand has not been dealt yet (its part is
    /// loading, or missing): nothing refused the values.
    pub fn is_on_demand(&self) -> bool {
        matches!(self.problem, Problem::Loading | Problem::NotLoaded(_))
    }

    /// Whether the message is PyTorch's own, English in either language (the page marks it
    /// `lang="en"` for screen readers).
    pub fn is_pytorchs(&self) -> bool {
        matches!(&self.problem, Problem::Refused(error) if error.exception().is_some())
    }

    /// The rule behind it, in plain words in `lang` (empty when the message says it all).
    pub fn rule(&self, lang: Lang) -> String {
        match &self.problem {
            Problem::Refused(error) => error.rule_in(lang),
            _ => String::new(),
        }
    }
}
