//! Step 3's epoch timeline as HTML, written by the story's part and put into the page
//! (`ui::timeline`): epochs 0–3 (and the epoch shown, past them) side by side, each GPU's first
//! indices, each later epoch that hands every GPU its epoch-0 list marked, the call that seeds
//! each epoch where the scheme seeds it from the epoch its sampler is told, and a banner when
//! every epoch repeats the first. Past the history's budget, a scheme whose seeding is known
//! still shows each epoch's call and what repeats by design, without the lists.
//!
//! The epochs are drawn one per call of [`Run::step`], so that the part's caller can give each
//! a browser task of its own (one epoch of ImageNet-1k is a few tens of milliseconds).

use std::fmt::Write;

use super::html::{escape, library_message, rank_colour};
use super::scheme::history::{self, EPOCHS, EpochRows, Plan, ROW_CAP};
use super::scheme::{EpochSeed, Scheme};
use super::{Field, ParamError, Params, Stage};
use crate::i18n::history::HistoryText as H;
use crate::i18n::page::TableText as T;
use crate::i18n::schemes::SchemeText;
use crate::i18n::story::StoryText;
use crate::i18n::{Lang, fill};
use crate::sampler::unpack_seed;

/// How many indices of each rank an epoch previews.
const PREVIEW: usize = 12;
/// How many ranks each epoch previews; the index table has them all.
const PREVIEW_RANKS: usize = 8;

/// The timeline's parameters: `params` at epoch 0, at the last stage (what every epoch of the
/// run shares, whatever the epoch and stage shown).
pub fn at_epoch_0(params: &Params) -> Params {
    Params { epoch: 0, stage: Stage::Batch, ..params.clone() }
}

/// A scheme's first epochs, drawn one at a time.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    /// What it was asked for: the scheme's name and the parameters at epoch 0.
    pub name: &'static str,
    pub params: Params,
    /// Past the budget: nothing is listed ([`Plan::TooLarge`]).
    too_large: bool,
    /// The epochs drawn so far, epoch 0 first.
    epochs: Vec<EpochRows>,
    /// The first epoch the scheme refused, and why.
    refused: Option<(u64, Vec<ParamError>)>,
    /// The epoch shown past the first ones, and its rows ([`Run::draw_shown`]).
    shown: Option<(u64, Result<EpochRows, Vec<ParamError>>)>,
}

impl Run {
    /// A run of `scheme` at `params` (see [`at_epoch_0`]), nothing drawn yet.
    pub fn new(scheme: &dyn Scheme, params: Params) -> Run {
        let too_large = matches!(history::plan(scheme, &params), Plan::TooLarge { .. });
        let (epochs, refused, shown) = (Vec::new(), None, None);
        Run { name: scheme.name(), params, too_large, epochs, refused, shown }
    }

    /// Whether every epoch there is to draw is drawn.
    pub fn done(&self) -> bool {
        self.too_large || self.refused.is_some() || self.epochs.len() as u64 >= EPOCHS
    }

    /// Draws the next epoch, unless [`Run::done`].
    pub fn step(&mut self, scheme: &dyn Scheme) {
        if self.done() {
            return;
        }
        let epoch = self.epochs.len() as u64;
        let first = self.epochs.first();
        match history::epoch_rows(scheme, &self.params, epoch, ROW_CAP, first) {
            Ok(rows) => self.epochs.push(rows),
            Err(errors) => self.refused = Some((epoch, errors)),
        }
    }

    /// Draws the rows of `current` when it is past the first epochs (and not drawn already),
    /// once every first epoch is drawn: the item the timeline adds for it.
    pub fn draw_shown(&mut self, scheme: &dyn Scheme, current: u64) {
        let drawn = self.shown.as_ref().is_some_and(|(e, _)| *e == current);
        if current < EPOCHS || drawn || !self.done() || self.too_large || self.refused.is_some() {
            return;
        }
        let rows = history::epoch_rows(scheme, &self.params, current, ROW_CAP, self.epochs.first());
        self.shown = Some((current, rows));
    }

    /// Whether every GPU gets its epoch-0 list again in every later epoch (all drawn, at least
    /// one later).
    fn all_repeat(&self) -> bool {
        self.refused.is_none()
            && self.epochs.len() > 1
            && self.epochs.iter().skip(1).all(EpochRows::every_gpu_repeats_first)
    }
}

/// What an epoch of the timeline shows.
enum Shown {
    /// Each GPU's first indices.
    Rows(EpochRows),
    /// What the scheme says to this epoch.
    Refused(Vec<ParamError>),
    /// Nothing listed (past the budget): the call that seeds it, and whether it repeats by
    /// design.
    Unlisted,
}

/// The timeline of a finished `run` of `scheme` with `current` the epoch shown: one
/// `<div class="timeline-body">` holding the banner, the note and the list, each epoch's
/// button carrying `data-set="epoch"` and its `data-value` for the page to act on. Every
/// element the page should keep from one drawing to the next (the list, each epoch's item and
/// button) has a `data-key`.
pub fn html(scheme: &dyn Scheme, run: &Run, current: u64, lang: Lang) -> String {
    let params = &run.params;
    let mut entries: Vec<(u64, Shown)> = Vec::new();
    let (all, note) = if run.too_large {
        if scheme.epoch_seed(params, 0).is_none() {
            let name = scheme.title().text(lang);
            let text = fill(StoryText::EpochNotDrawn.text(lang), &[("scheme", &name)]);
            return format!(
                r#"<div class="timeline-body"><p class="history-note" data-testid="epoch-list-not-drawn">{}</p></div>"#,
                escape(&text)
            );
        }
        // The call that seeds each epoch is known, and so is what repeats by design; an
        // epoch whose seed PyTorch refuses says so.
        for epoch in (0..EPOCHS).chain(Some(current).filter(|&e| e >= EPOCHS)) {
            entries.push((
                epoch,
                seed_refused(scheme, params, epoch).map_or(Shown::Unlisted, Shown::Refused),
            ));
        }
        let name = scheme.title().text(lang);
        let note = fill(StoryText::EpochsUnlisted.text(lang), &[("scheme", &name)]);
        (scheme.repeats_by_design(params), Some(note))
    } else {
        entries.extend(run.epochs.iter().map(|e| (e.epoch, Shown::Rows(e.clone()))));
        if let Some((epoch, errors)) = &run.refused {
            entries.push((*epoch, Shown::Refused(errors.clone())));
        } else if current >= EPOCHS {
            // The epoch shown past the run's, an item of its own after them.
            let rows = match &run.shown {
                Some((epoch, rows)) if *epoch == current => rows.clone(),
                _ => history::epoch_rows(scheme, params, current, ROW_CAP, run.epochs.first()),
            };
            entries.push((current, rows.map_or_else(Shown::Refused, Shown::Rows)));
        }
        (run.all_repeat(), None)
    };
    let last = entries.iter().map(|(e, _)| *e).filter(|&e| e < EPOCHS).max().unwrap_or(0);
    let mut out = String::from(r#"<div class="timeline-body">"#);
    if all {
        let text = banner(scheme, params, last, lang);
        let _ = write!(
            out,
            r#"<p class="banner" data-key="banner" data-testid="repeat-banner" role="status">{}</p>"#,
            escape(&text)
        );
    }
    if let Some(note) = note {
        let _ = write!(
            out,
            r#"<p class="history-note" data-testid="epoch-list-not-drawn">{}</p>"#,
            escape(&note)
        );
    }
    out.push_str(r#"<ol class="epochs" data-key="list" data-testid="epoch-list">"#);
    for (epoch, shown) in entries {
        item(&mut out, scheme, params, epoch, shown, current, lang);
    }
    out.push_str("</ol></div>");
    out
}

/// The one sentence that must not be missed: every epoch repeats epoch 0, and why.
fn banner(scheme: &dyn Scheme, params: &Params, last: u64, lang: Lang) -> String {
    let forgotten = history::set_epoch_decides(scheme, params) && !params.set_epoch;
    match scheme.epoch_seed(params, 0) {
        Some(EpochSeed::Unshuffled) => T::NoShuffle.text(lang).to_string(),
        _ if forgotten && EpochSeed::adds_seed(scheme, params) => {
            T::NeverSetEpoch.text(lang).to_string()
        }
        _ => fill(H::AllRepeat.text(lang), &[("from", &1), ("to", &last)]),
    }
}

/// PyTorch's refusal of `epoch`'s seed (`seed + epoch` past 64 bits), where the scheme adds it.
fn seed_refused(scheme: &dyn Scheme, params: &Params, epoch: u64) -> Option<Vec<ParamError>> {
    let Some(EpochSeed::Seeded { seed, .. }) = scheme.epoch_seed(params, epoch) else {
        return None;
    };
    let e = unpack_seed(seed).err()?;
    Some(vec![ParamError::from_sampler(Field::Seed, &e)])
}

/// The call that seeds `epoch`, where the scheme seeds it from the epoch it is told.
fn seed_text(scheme: &dyn Scheme, params: &Params, epoch: u64, lang: Lang) -> Option<String> {
    let set_epoch = params.set_epoch;
    Some(match scheme.epoch_seed(params, epoch)? {
        EpochSeed::Seeded { told, seed } if set_epoch => {
            format!("set_epoch({told}) → g.manual_seed(seed + epoch = {seed})")
        }
        EpochSeed::Seeded { seed, .. } => fill(T::SeedWithout.text(lang), &[("seed", &seed)]),
        EpochSeed::EpochOnly { told } if set_epoch => {
            format!("set_epoch({told}) → g.manual_seed(epoch = {told})")
        }
        EpochSeed::EpochOnly { .. } => T::EpochSeedWithout.text(lang).to_string(),
        EpochSeed::Unshuffled => "shuffle=False → 0 … n-1".to_string(),
    })
}

/// One epoch: its button (which shows it), its seeding call, the badge when it repeats epoch
/// 0, and each GPU's first indices or the library's message.
fn item(
    out: &mut String,
    scheme: &dyn Scheme,
    params: &Params,
    epoch: u64,
    shown: Shown,
    current: u64,
    lang: Lang,
) {
    let same = match &shown {
        Shown::Rows(e) => e.every_gpu_repeats_first(),
        Shown::Unlisted => epoch > 0 && scheme.repeats_by_design(params),
        Shown::Refused(_) => false,
    };
    let class = match (epoch == current, same) {
        (true, true) => r#" class="current repeat""#,
        (true, false) => r#" class="current""#,
        (false, true) => r#" class="repeat""#,
        (false, false) => "",
    };
    let repeats = if same { r#" data-repeats="0""# } else { "" };
    let button = fill(T::EpochButton.text(lang), &[("epoch", &epoch)]);
    let _ = write!(
        out,
        r#"<li data-key="e{epoch}" data-epoch="{epoch}"{repeats}{class}><button type="button" class="epoch-button" data-key="b{epoch}" data-set="epoch" data-value="{epoch}"{}>{}</button>"#,
        if epoch == current { r#" aria-current="true""# } else { "" },
        escape(&button),
    );
    // Broken only after the arrow: the call and the seed it gives each stay whole.
    if let Some(t) = seed_text(scheme, params, epoch, lang) {
        let (call, seeded) = t.split_once(" → ").unwrap_or((t.as_str(), ""));
        let _ = write!(
            out,
            r#"<span class="seed"><code><span>{} →</span> <span>{}</span></code></span>"#,
            escape(call),
            escape(seeded),
        );
    }
    if same {
        let badge = fill(T::SameOrder.text(lang), &[("epoch", &0)]);
        let _ = write!(out, r#"<span class="badge repeat">{}</span>"#, escape(&badge));
    }
    match shown {
        Shown::Rows(e) => {
            out.push_str(r#"<span class="previews">"#);
            previews(out, &e, lang);
            out.push_str("</span>");
        }
        // The library's message (PyTorch's in English on either page).
        Shown::Refused(errors) => {
            out.push_str(r#"<span class="previews"><span class="field-error">"#);
            if let Some(e) = errors.first() {
                out.push(' ');
                out.push_str(&library_message(e, lang));
            }
            out.push_str("</span></span>");
        }
        Shown::Unlisted => {}
    }
    out.push_str("</li>");
}

/// Each of the first [`PREVIEW_RANKS`] GPUs' first [`PREVIEW`] indices, and how many GPUs more.
fn previews(out: &mut String, e: &EpochRows, lang: Lang) {
    for (rank, row) in e.rows.iter().enumerate().take(PREVIEW_RANKS) {
        let listed = &row.indices[..row.indices.len().min(PREVIEW)];
        let text = listed.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
        let more = if listed.len() < row.len { " …" } else { "" };
        let gpu = fill(SchemeText::Gpu.text(lang), &[("rank", &rank)]);
        let _ = write!(
            out,
            r#"<span class="preview" style="--rank-hue: {}"><span class="preview-gpu">{}</span><span class="preview-indices">{text}{more}</span></span>"#,
            rank_colour(rank),
            escape(&gpu),
        );
    }
    let hidden = e.rows.len().saturating_sub(PREVIEW_RANKS);
    if hidden > 0 {
        let more = fill(T::MoreRanks.text(lang), &[("k", &hidden)]);
        let _ = write!(out, r#"<span class="preview-more">{}</span>"#, escape(&more));
    }
}
