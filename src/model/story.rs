//! The page below the first screen, as a short story: numbered steps, each a heading, a
//! sentence or two with this configuration's numbers, and one live figure. Every sentence is
//! read off the deal of the scheme the story follows ([`Deal`]), so it holds for any registered
//! scheme. Pure, so that each sentence is tested natively.

use super::Params;
use super::scheme::history::{self, EPOCHS};
use super::scheme::{Deal, Scheme, Verdict};
use crate::i18n::story::StoryText as T;
use crate::i18n::{Count, Lang, fill};

/// One step of the story, in the order the page tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// How the dataset is split across GPUs (the stage-by-stage pipeline).
    Split,
    /// What padding adds or trimming leaves out (the lengths).
    PadOrTrim,
    /// Whether the order changes from epoch to epoch (the timeline).
    SetEpoch,
    /// The loader's batches and the three lengths (the index tables).
    Batches,
    /// The same dataset without a sampler (its table and its cost).
    NoSampler,
    /// Every registered set-up on this configuration (the scoreboard).
    YourLibrary,
    /// Inside one GPU: the loader's workers and uneven ends.
    InsideOneGpu,
    /// The pitfalls, broken beside fixed.
    Pitfalls,
}

impl Step {
    /// Every step, in order.
    pub const ALL: [Step; 8] = [
        Step::Split,
        Step::PadOrTrim,
        Step::SetEpoch,
        Step::Batches,
        Step::NoSampler,
        Step::YourLibrary,
        Step::InsideOneGpu,
        Step::Pitfalls,
    ];

    /// Its anchor on the page (`#set-epoch`) and its name in `step=`.
    pub fn anchor(self) -> &'static str {
        match self {
            Step::Split => "split",
            Step::PadOrTrim => "pad-or-trim",
            Step::SetEpoch => "set-epoch",
            Step::Batches => "batches",
            Step::NoSampler => "no-sampler",
            Step::YourLibrary => "your-library",
            Step::InsideOneGpu => "inside-one-gpu",
            Step::Pitfalls => "pitfalls",
        }
    }

    /// The step an anchor names.
    pub fn from_anchor(anchor: &str) -> Option<Step> {
        Step::ALL.into_iter().find(|s| s.anchor() == anchor)
    }

    /// Its number on the page, from 1.
    pub fn number(self) -> usize {
        Step::ALL.iter().position(|&s| s == self).map_or(0, |k| k + 1)
    }

    /// The step `by` after this one (before it, when negative), if the story has one.
    pub fn offset(self, by: isize) -> Option<Step> {
        let k = (self.number() as isize - 1).checked_add(by)?;
        usize::try_from(k).ok().and_then(|k| Step::ALL.get(k).copied())
    }

    /// Whether its figure draws the scheme the story follows (the others draw the no-sampler
    /// set-up, every scheme, or the pitfalls' own examples), so it names that scheme.
    pub fn follows(self) -> bool {
        !matches!(self, Step::NoSampler | Step::YourLibrary | Step::Pitfalls)
    }

    /// Its heading.
    pub fn title(self) -> T {
        match self {
            Step::Split => T::SplitTitle,
            Step::PadOrTrim => T::PadTitle,
            Step::SetEpoch => T::SetEpochTitle,
            Step::Batches => T::BatchesTitle,
            Step::NoSampler => T::NoSamplerTitle,
            Step::YourLibrary => T::LibraryTitle,
            Step::InsideOneGpu => T::InsideTitle,
            Step::Pitfalls => T::PitfallsTitle,
        }
    }
}

/// The lengths every scheme has, read off its deal: what the GPUs' samplers yield together
/// against `len(dataset)`, and how the difference came to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Totals {
    /// `len(dataset)`.
    pub dataset: u64,
    /// The fewest and the most indices a GPU's sampler yields (`len(sampler)`).
    pub sampler: (u64, u64),
    /// The fewest and the most `len(loader)` of a GPU, as the library reports it (the steps
    /// it takes, but where [`Deal::misreported`] says otherwise).
    pub loader: (u64, u64),
    /// What every GPU's sampler yields, all together (`total_size` for `DistributedSampler`).
    pub total: u64,
    /// How the total compares with the dataset.
    pub kind: TotalKind,
}

/// How the GPUs' lists together compare with the dataset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TotalKind {
    /// As many positions as samples, each sample once.
    Even,
    /// `copies` positions added by padding (wrap-around copies, a round completed), so that
    /// `more` samples are processed more than once (fewer than `copies` when a sample is
    /// copied more than once, as when there are fewer samples than GPUs).
    Padded {
        /// Positions past `len(dataset)`.
        copies: u64,
        /// Samples processed more than once.
        more: u64,
    },
    /// `dropped` samples trimmed off (a sampler's `drop_last`).
    Trimmed {
        /// Samples no GPU's sampler yields.
        dropped: u64,
    },
    /// Anything else: `unseen` samples are processed by no GPU this epoch and `more` by more
    /// than one (lists of their own per GPU, a loader that drops a short batch, ...).
    Mixed {
        /// Samples no GPU processes.
        unseen: u64,
        /// Samples processed more than once.
        more: u64,
    },
}

impl Totals {
    /// Nothing to count (before a deal).
    pub const EMPTY: Totals =
        Totals { dataset: 0, sampler: (0, 0), loader: (0, 0), total: 0, kind: TotalKind::Even };

    /// The totals of `deal`.
    pub fn of(deal: &Deal) -> Totals {
        let range = |f: &dyn Fn(&super::scheme::Lane) -> usize| {
            let values = deal.lanes.iter().map(|l| f(l) as u64);
            (values.clone().min().unwrap_or(0), values.max().unwrap_or(0))
        };
        let total: u64 = deal.lanes.iter().map(|l| l.sampler_len as u64).sum();
        let n = deal.n;
        let kind = match Verdict::of(deal) {
            Verdict::EachOnce | Verdict::Empty => TotalKind::Even,
            // More positions than samples and none left out: padding's copies (weighted draws
            // that happen to reach every sample are no padding).
            Verdict::AtLeastOnce { more } if total > n && deal.draws.is_none() => {
                TotalKind::Padded { copies: total - n, more }
            }
            _ if total < n && deal.duplicated() == 0 && deal.unseen_len() == n - total => {
                TotalKind::Trimmed { dropped: n - total }
            }
            _ => TotalKind::Mixed { unseen: deal.unseen_len(), more: deal.duplicated() },
        };
        Totals {
            dataset: n,
            sampler: range(&|l| l.sampler_len),
            loader: range(&|l| l.reported_len.unwrap_or(l.loader_len)),
            total,
            kind,
        }
    }
}

/// `a` or `a–b`, with thousands separators.
pub fn span((a, b): (u64, u64)) -> String {
    if a == b { Count(a).to_string() } else { format!("{}–{}", Count(a), Count(b)) }
}

/// The sentence under a step's heading, with the numbers of `deal` (what `scheme` deals for
/// `params`), in `lang`. `repeating` is how many of the epoch history's later epochs repeat
/// epoch 0 on GPU 0 and how many it holds (for [`Step::SetEpoch`]); `pitfalls` how many
/// pitfalls there are.
pub fn sentence(
    step: Step,
    scheme: &dyn Scheme,
    params: &Params,
    deal: &Deal,
    lang: Lang,
    repeating: Option<(usize, usize)>,
) -> String {
    let title = scheme.title().text(lang);
    let totals = Totals::of(deal);
    let w = deal.lanes.len();
    match step {
        Step::Split => {
            let values: [(&str, &dyn std::fmt::Display); 4] = [
                ("scheme", &title),
                ("n", &Count(deal.n)),
                ("w", &w),
                ("each", &span(totals.sampler)),
            ];
            let once = matches!(Verdict::of(deal), Verdict::EachOnce);
            let key = if once { T::SplitOnce } else { T::SplitNotOnce };
            // The figure shows every scheme's stages: its own, or its lists and batches read
            // off its deal (`stages::of`).
            fill(key.text(lang), &values) + T::SplitStages.text(lang)
        }
        Step::PadOrTrim => {
            let total = Count(totals.total);
            let n = Count(totals.dataset);
            match totals.kind {
                TotalKind::Even => fill(T::PadEven.text(lang), &[("total", &total), ("n", &n)]),
                TotalKind::Padded { copies, more } => fill(
                    T::PadPadded.text(lang),
                    &[
                        ("total", &total),
                        ("n", &n),
                        ("copies", &Count(copies)),
                        ("more", &Count(more)),
                    ],
                ),
                TotalKind::Trimmed { dropped } => fill(
                    T::PadTrimmed.text(lang),
                    &[("total", &total), ("n", &n), ("dropped", &Count(dropped))],
                ),
                TotalKind::Mixed { unseen, more } => fill(
                    T::PadMixed.text(lang),
                    &[
                        ("total", &total),
                        ("n", &n),
                        ("unseen", &Count(unseen)),
                        ("more", &Count(more)),
                    ],
                ),
            }
        }
        Step::SetEpoch => match repeating {
            Some((same, of)) if same == of && of > 0 => {
                fill(T::EpochAllSame.text(lang), &[("scheme", &title), ("last", &of)])
            }
            Some((same, of)) if same > 0 => fill(
                T::EpochSomeSame.text(lang),
                &[("scheme", &title), ("same", &same), ("of", &of), ("last", &of)],
            ),
            Some((_, of)) => {
                let mut text = fill(T::EpochNew.text(lang), &[("scheme", &title), ("last", &of)]);
                // What the call changes, where forgetting it makes every epoch epoch 0's.
                let without = Params { set_epoch: false, ..params.clone() };
                if params.set_epoch && scheme.repeats_by_design(&without) {
                    text.push_str(T::EpochNewWithout.text(lang));
                }
                text
            }
            None => fill(T::EpochNotDrawn.text(lang), &[("scheme", &title)]),
        },
        Step::Batches => {
            // An iterable dataset's loader has no sampler (and hands its workers no batches).
            let key = if scheme.map_style_workers() { T::BatchesText } else { T::BatchesStream };
            let mut text = fill(
                key.text(lang),
                &[
                    ("n", &Count(totals.dataset)),
                    ("sampler", &span(totals.sampler)),
                    ("loader", &span(totals.loader)),
                    ("size", &Count(deal.batch_size as u64)),
                ],
            );
            if let Some((rank, reported, steps)) = deal.misreported() {
                let values: [(&str, &dyn std::fmt::Display); 3] =
                    [("rank", &rank), ("reported", &reported), ("steps", &steps)];
                text.push_str(&fill(T::BatchesMisreported.text(lang), &values));
            }
            text
        }
        Step::NoSampler | Step::YourLibrary | Step::Pitfalls => {
            own_sentence(step, scheme, params, lang).unwrap_or_default()
        }
        Step::InsideOneGpu => {
            let (fewest, most) = deal.steps_range();
            let steps = span((fewest, most));
            let key = match (params.num_workers, fewest == most) {
                (0, true) => T::InsideNoWorkers,
                (0, false) => T::InsideNoWorkersUneven,
                (_, true) => T::InsideWorkers,
                (_, false) => T::InsideWorkersUneven,
            };
            fill(key.text(lang), &[("workers", &params.num_workers), ("steps", &steps)])
        }
    }
}

/// The sentence of a step whose figure does not draw the followed scheme
/// ([`Step::follows`]): said without its deal, so that it stands while that scheme refuses
/// the values. `None` for the steps that follow it.
pub fn own_sentence(
    step: Step,
    scheme: &dyn Scheme,
    params: &Params,
    lang: Lang,
) -> Option<String> {
    Some(match step {
        Step::NoSampler => fill(
            T::NoSamplerText.text(lang),
            &[("w", &params.num_replicas), ("n", &Count(params.n))],
        ),
        Step::YourLibrary => {
            fill(T::LibraryText.text(lang), &[("scheme", &scheme.title().text(lang))])
        }
        Step::Pitfalls => {
            let count = super::scenario::Scenario::ALL.len();
            fill(T::PitfallsText.text(lang), &[("count", &count)])
        }
        _ => return None,
    })
}

/// How many of epochs `1 .. EPOCHS` hand GPU 0 its epoch-0 list, of how many, for `scheme`
/// with `params` (its epoch aside): known without drawing when the scheme repeats by design,
/// drawn when every epoch of the history fits its budget, and `None` (not compared) past it.
pub fn repeating(scheme: &dyn Scheme, params: &Params) -> Option<(usize, usize)> {
    if scheme.repeats_by_design(params) || !history::fits_at_once(scheme, params) {
        return repeating_in(scheme, params, &[]);
    }
    let epochs = history::history(scheme, params, history::ROW_CAP).ok()?;
    repeating_in(scheme, params, &epochs)
}

/// [`repeating`] read off the epochs a history drew (the page draws them one per task), or,
/// with fewer than all of them, what the scheme's design alone says.
pub fn repeating_in(
    scheme: &dyn Scheme,
    params: &Params,
    epochs: &[history::EpochRows],
) -> Option<(usize, usize)> {
    let later = (EPOCHS - 1) as usize;
    if scheme.repeats_by_design(params) {
        return Some((later, later));
    }
    if epochs.len() as u64 != EPOCHS {
        return None;
    }
    let same = epochs.iter().skip(1).filter(|e| e.rows.first().is_some_and(|r| r.same_as_first));
    Some((same.count(), later))
}
