//! What one side of a scenario shows: rows of indices coloured by rank, the numbers that
//! matter, and the parameters that load it into the main picture. Every value here is computed
//! by the core from the side's [`Params`]; the UI only lays it out.

use std::fmt::Display;

use crate::i18n::scenarios::ScenarioText;
use crate::i18n::{Count, Lang, fill};
use crate::model::Params;
use crate::sampler::{BatchSampler, Config, DistributedSampler, Epoch, SamplerError};

/// The most chips a row shows; the rest is counted in [`Row::more`].
pub const ROW_CHIPS: usize = 24;

/// A text key with the values of its `{name}` placeholders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phrase {
    /// The template, in both languages.
    pub key: ScenarioText,
    /// `(placeholder, value)` pairs, already formatted (numbers and code are the same in
    /// both languages).
    pub values: Vec<(&'static str, String)>,
}

impl Phrase {
    /// A phrase with no values yet.
    pub fn new(key: ScenarioText) -> Self {
        Self { key, values: Vec::new() }
    }

    /// The phrase with `{name}` set to `value`.
    pub fn with(mut self, name: &'static str, value: impl Display) -> Self {
        self.values.push((name, value.to_string()));
        self
    }

    /// The filled-in text in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let values: Vec<(&str, &dyn Display)> =
            self.values.iter().map(|(n, v)| (*n, v as &dyn Display)).collect();
        fill(self.key.text(lang), &values)
    }
}

/// One index on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chip {
    /// The dataset index.
    pub index: u32,
    /// The rank whose colour it takes (`None`: no rank processes it).
    pub rank: Option<usize>,
    /// Whether it is what the scenario warns about (a duplicate, a loss, a repeat).
    pub marked: bool,
}

/// A labelled row of chips.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// What the row is ("rank 0", "epoch 1, rank 0", ...).
    pub label: Phrase,
    /// Its first [`ROW_CHIPS`] indices.
    pub chips: Vec<Chip>,
    /// How many indices are not shown.
    pub more: usize,
}

impl Row {
    /// A row of `indices` in `rank`'s colour, marking those `marked` says.
    pub fn of(
        label: Phrase,
        rank: Option<usize>,
        indices: &[u32],
        marked: impl Fn(u32) -> bool,
    ) -> Self {
        let chips = indices
            .iter()
            .take(ROW_CHIPS)
            .map(|&index| Chip { index, rank, marked: marked(index) })
            .collect();
        Self { label, chips, more: indices.len().saturating_sub(ROW_CHIPS) }
    }
}

/// A number the scenario is about, with the sentence that says it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fact {
    /// Stable name: the page's `data-testid` is `fact-<id>`.
    pub id: &'static str,
    /// The number itself (what tests read).
    pub value: u64,
    /// The sentence, with the number in it.
    pub phrase: Phrase,
    /// The samples concerned, when there are any to name.
    pub samples: Vec<u32>,
}

impl Fact {
    /// A fact whose sentence shows `value` as `{n}`.
    pub fn new(id: &'static str, key: ScenarioText, value: u64) -> Self {
        Self { id, value, phrase: Phrase::new(key).with("n", Count(value)), samples: Vec::new() }
    }

    /// The same fact naming the samples concerned.
    pub fn naming(mut self, samples: Vec<u32>) -> Self {
        self.samples = samples;
        self
    }
}

/// One column: the broken set-up or the fixed one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    /// The Python that makes the difference (code, the same in every language).
    pub code: &'static str,
    /// What to load into the main picture, when the picture can show this side.
    pub params: Option<Params>,
    /// Why the picture cannot show this side (when `params` is `None`).
    pub not_shown: ScenarioText,
    /// The small per-rank picture.
    pub rows: Vec<Row>,
    /// The numbers.
    pub facts: Vec<Fact>,
    /// What PyTorch raises instead, when it refuses the set-up.
    pub error: Option<SamplerError>,
    /// The GPU whose process alone raises `error`, while the others train (rows for them).
    pub raised_on: Option<usize>,
}

impl Side {
    /// A side with its code and picture parameters, to be filled in.
    pub fn new(code: &'static str, params: Option<Params>) -> Self {
        let not_shown = ScenarioText::NotInPicture;
        Self {
            code,
            params,
            not_shown,
            rows: Vec::new(),
            facts: Vec::new(),
            error: None,
            raised_on: None,
        }
    }

    /// The fact named `id`, if the side has it.
    pub fn fact(&self, id: &str) -> Option<&Fact> {
        self.facts.iter().find(|f| f.id == id)
    }
}

/// The parameters of a small example: `n` samples on `w` GPUs, the rest PyTorch's defaults.
pub fn example(n: u64, w: i64, batch_size: i64) -> Params {
    Params { n, num_replicas: w, batch_size, ..Params::default() }
}

/// The sampler `params` describe, for `rank`.
pub fn sampler(params: &Params, rank: i64) -> Result<DistributedSampler, SamplerError> {
    DistributedSampler::new(&config(params, rank))
}

/// `DistributedSampler`'s arguments for `params` as seen by `rank`.
pub fn config(params: &Params, rank: i64) -> Config {
    params.sampler_config(rank)
}

/// Every rank's epoch for `params` (its training epoch, through `set_epoch` or not).
pub fn epoch(params: &Params) -> Result<Epoch, SamplerError> {
    sampler(params, 0)?.epoch()
}

/// The `DataLoader`'s batching for `params`.
pub fn loader(params: &Params) -> Result<BatchSampler, SamplerError> {
    BatchSampler::new(params.batch_size, params.loader_drop_last)
}

/// The samples whose count satisfies `keep`, in index order.
pub fn where_count(counts: &[u32], keep: impl Fn(u32) -> bool) -> Vec<u32> {
    (0u32..).zip(counts).filter(|&(_, &c)| keep(c)).map(|(i, _)| i).collect()
}
