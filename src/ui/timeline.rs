//! Step 3 of the story, for whichever scheme it follows: epochs 0–3 (and the epoch shown, past
//! them) side by side, each GPU's first indices, each later epoch that hands every GPU its
//! epoch-0 list marked, the call that seeds each epoch where the scheme seeds it from the epoch
//! its sampler is told, and a banner when every epoch repeats the first. It draws the focus's
//! own run of first epochs ([`Focus::epochs`]); past the run's budget, a scheme whose seeding
//! is known still shows each epoch's call and what repeats by design, without the lists.

use leptos::prelude::*;

use super::epochs_run::{EpochsDrawn, EpochsRun};
use super::focus::Focus;
use super::{AppState, fill, rank_colour};
use crate::i18n::Lang;
use crate::i18n::history::HistoryText as H;
use crate::i18n::page::TableText as T;
use crate::i18n::schemes::SchemeText;
use crate::i18n::story::StoryText;
use crate::model::scheme::history::{self, EPOCHS, EpochRows, ROW_CAP};
use crate::model::scheme::{EpochSeed, Scheme};
use crate::model::{Field, ParamError, Params, Stage};
use crate::sampler::unpack_seed;

/// How many indices of each rank an epoch previews.
const PREVIEW: usize = 12;
/// How many ranks each epoch previews; the index table has them all.
const PREVIEW_RANKS: usize = 8;

/// One epoch of the timeline.
struct Entry<'a> {
    epoch: u64,
    shown: Shown<'a>,
}

/// What an epoch of the timeline shows.
enum Shown<'a> {
    /// Each GPU's first indices.
    Rows(&'a EpochRows),
    /// What the scheme says to this epoch.
    Refused(&'a [ParamError]),
    /// Nothing listed (past the budget): the call that seeds it, and whether it repeats by
    /// design.
    Unlisted,
}

/// The epoch shown, past the run's epochs: its rows, read off the deal the focus already has.
type Later = Option<(u64, Result<EpochRows, Vec<ParamError>>)>;

/// The epoch timeline of the followed scheme.
#[component]
pub fn Timeline() -> impl IntoView {
    let state = expect_context::<AppState>();
    let focus = expect_context::<Focus>();
    let run = focus.epochs;
    let current = Memo::new(move |_| state.picture.with(|p| p.params.epoch));
    let at_epoch_0 = Memo::new(move |_| {
        state.picture.with(|p| Params { epoch: 0, stage: Stage::Batch, ..p.params.clone() })
    });
    let refused = Memo::new(move |_| focus.deal.with(Result::is_err));
    // The epoch shown when it is past the run's (else the play's ticks would redraw the list).
    let past = Memo::new(move |_| Some(current.get()).filter(|&e| e >= EPOCHS));
    let later = later_epoch(focus, current, at_epoch_0);
    move || {
        let lang = state.lang.get();
        // A refusal is said in the step's sentence: nothing to draw, and no other reason given.
        if refused.get() {
            return ().into_any();
        }
        let s = focus.scheme.get();
        match run.drawn.get() {
            EpochsDrawn::Epochs(h) if h.name == s.name() => {
                let mut entries: Vec<Entry> = h
                    .epochs
                    .iter()
                    .map(|e| Entry { epoch: e.epoch, shown: Shown::Rows(e) })
                    .collect();
                if let Some((epoch, errors)) = &h.refused {
                    entries.push(Entry { epoch: *epoch, shown: Shown::Refused(errors) });
                }
                // The epoch shown past the run's, a child of its own: the play's ticks past
                // epoch 3 redraw that item alone, not the list (nor the focus on its buttons).
                let tail = {
                    let h = h.clone();
                    move || {
                        later.get().map(|(epoch, rows)| {
                            let shown =
                                rows.as_ref().map_or_else(|e| Shown::Refused(e), Shown::Rows);
                            let ctx = Drawing { state, s, params: &h.params, current, lang };
                            ctx.item(Entry { epoch, shown })
                        })
                    }
                };
                let all = h.all_repeat();
                let ctx = Drawing { state, s, params: &h.params, current, lang };
                ctx.view(entries, all, None, run, tail).into_any()
            }
            EpochsDrawn::TooLarge(_) => at_epoch_0.with(|params| {
                if s.epoch_seed(params, 0).is_none() {
                    return not_drawn(s, lang).into_any();
                }
                // The call that seeds each epoch is known, and so is what repeats by design;
                // an epoch whose seed PyTorch refuses says so.
                let refusals: Vec<_> =
                    (0..EPOCHS).map(|e| (e, seed_refused(s, params, e))).collect();
                let entries = refusals.iter().map(|(epoch, r)| unlisted(*epoch, r)).collect();
                let tail = {
                    let params = params.clone();
                    move || {
                        past.get().map(|epoch| {
                            let refused = seed_refused(s, &params, epoch);
                            let ctx = Drawing { state, s, params: &params, current, lang };
                            ctx.item(unlisted(epoch, &refused))
                        })
                    }
                };
                let all = s.repeats_by_design(params);
                let note =
                    fill(StoryText::EpochsUnlisted, lang, &[("scheme", &s.title().text(lang))]);
                let ctx = Drawing { state, s, params, current, lang };
                ctx.view(entries, all, Some(note), run, tail).into_any()
            }),
            _ => ().into_any(),
        }
    }
}

/// The rows of the epoch shown when it is past the run's, compared with the run's epoch 0
/// (once the run has drawn these very values).
fn later_epoch(focus: Focus, current: Memo<u64>, at_epoch_0: Memo<Params>) -> Memo<Later> {
    Memo::new(move |_| {
        let epoch = current.get();
        if epoch < EPOCHS {
            return None;
        }
        let s = focus.scheme.get();
        focus.epochs.drawn.with(|drawn| {
            let EpochsDrawn::Epochs(h) = drawn else { return None };
            let current_run = h.name == s.name() && at_epoch_0.with(|p| *p == h.params);
            if h.refused.is_some() || !current_run {
                return None;
            }
            let at = Params { epoch, ..h.params.clone() };
            focus.deal.with(|deal| {
                let deal = deal.as_ref().ok()?;
                Some((epoch, history::rows_of_deal(s, &at, deal, ROW_CAP, h.epochs.first())))
            })
        })
    })
}

/// An epoch past the run's budget: its call and repeat alone, or the refusal of its seed.
fn unlisted(epoch: u64, refused: &Option<Vec<ParamError>>) -> Entry<'_> {
    Entry { epoch, shown: refused.as_deref().map_or(Shown::Unlisted, Shown::Refused) }
}

/// PyTorch's refusal of `epoch`'s seed (`seed + epoch` past 64 bits), where the scheme adds it.
fn seed_refused(s: &dyn Scheme, params: &Params, epoch: u64) -> Option<Vec<ParamError>> {
    let Some(EpochSeed::Seeded { seed, .. }) = s.epoch_seed(params, epoch) else { return None };
    let e = unpack_seed(seed).err()?;
    Some(vec![ParamError::from_sampler(Field::Seed, &e)])
}

/// What says the epochs are not compared at this size (a scheme whose seeding is not known).
fn not_drawn(s: &dyn Scheme, lang: Lang) -> impl IntoView + use<> {
    let name = s.title().text(lang);
    view! {
        <p class="history-note" data-testid="epoch-list-not-drawn">
            {fill(StoryText::EpochNotDrawn, lang, &[("scheme", &name)])}
        </p>
    }
}

/// What one drawing of the timeline reads.
struct Drawing<'a> {
    state: AppState,
    s: &'static dyn Scheme,
    /// The parameters at epoch 0.
    params: &'a Params,
    current: Memo<u64>,
    lang: Lang,
}

impl Drawing<'_> {
    /// The section: its title, the banner when `all` epochs repeat epoch 0, a note when the
    /// lists are not drawn, and one item per entry.
    fn view<V: IntoView + 'static>(
        &self,
        entries: Vec<Entry>,
        all: bool,
        note: Option<String>,
        run: EpochsRun,
        tail: V,
    ) -> impl IntoView + use<V> {
        let last = entries.iter().map(|e| e.epoch).filter(|&e| e < EPOCHS).max().unwrap_or(0);
        let banner = all.then(|| self.banner(last));
        let items = entries.into_iter().map(|entry| self.item(entry)).collect_view();
        let note = note.map(
            |text| view! { <p class="history-note" data-testid="epoch-list-not-drawn">{text}</p> },
        );
        view! {
            <section class="timeline" data-testid="timeline" aria-labelledby="timeline-title"
                aria-busy=move || run.busy.get().to_string()>
                <h3 id="timeline-title">{T::Timeline.text(self.lang)}</h3>
                {banner}
                {note}
                <ol class="epochs" data-testid="epoch-list">{items}{tail}</ol>
            </section>
        }
    }

    /// The one sentence that must not be missed: every epoch repeats epoch 0, and why.
    fn banner(&self, last: u64) -> impl IntoView + use<> {
        let (s, params, lang) = (self.s, self.params, self.lang);
        let forgotten = history::set_epoch_decides(s, params) && !params.set_epoch;
        let text = match s.epoch_seed(params, 0) {
            Some(EpochSeed::Unshuffled) => T::NoShuffle.text(lang).to_string(),
            _ if forgotten && EpochSeed::adds_seed(s, params) => {
                T::NeverSetEpoch.text(lang).to_string()
            }
            _ => fill(H::AllRepeat, lang, &[("from", &1), ("to", &last)]),
        };
        view! { <p class="banner" data-testid="repeat-banner" role="status">{text}</p> }
    }

    /// The call that seeds `epoch`, where the scheme seeds it from the epoch it is told.
    fn seed_text(&self, epoch: u64) -> Option<String> {
        let set_epoch = self.params.set_epoch;
        Some(match self.s.epoch_seed(self.params, epoch)? {
            EpochSeed::Seeded { told, seed } if set_epoch => {
                format!("set_epoch({told}) → g.manual_seed(seed + epoch = {seed})")
            }
            EpochSeed::Seeded { seed, .. } => fill(T::SeedWithout, self.lang, &[("seed", &seed)]),
            EpochSeed::EpochOnly { told } if set_epoch => {
                format!("set_epoch({told}) → g.manual_seed(epoch = {told})")
            }
            EpochSeed::EpochOnly { .. } => T::EpochSeedWithout.text(self.lang).to_string(),
            EpochSeed::Unshuffled => "shuffle=False → 0 … n-1".to_string(),
        })
    }

    /// One epoch: its button (which shows it), its seeding call, the badge when it repeats
    /// epoch 0, and each GPU's first indices or the library's message.
    fn item(&self, Entry { epoch, shown }: Entry) -> impl IntoView + use<> {
        let (state, current, lang) = (self.state, self.current, self.lang);
        let same = match &shown {
            Shown::Rows(e) => e.every_gpu_repeats_first(),
            Shown::Unlisted => epoch > 0 && self.s.repeats_by_design(self.params),
            Shown::Refused(_) => false,
        };
        let badge = same.then(|| {
            view! { <span class="badge repeat">{fill(T::SameOrder, lang, &[("epoch", &0)])}</span> }
        });
        // Broken only after the arrow: the call and the seed it gives each stay whole.
        let seed = self.seed_text(epoch).map(|t| {
            let (call, seeded) = t.split_once(" → ").unwrap_or((t.as_str(), ""));
            let (call, seeded) = (format!("{call} →"), seeded.to_string());
            view! { <span class="seed"><code><span>{call}</span>" "<span>{seeded}</span></code></span> }
        });
        let previews = match shown {
            Shown::Rows(e) => Some(previews(e, lang).into_any()),
            // The library's message (PyTorch's in English on either page).
            Shown::Refused(errors) => {
                let said = super::story::Said::with_library(String::new(), errors, lang);
                Some(view! { <span class="field-error">{said.view()}</span> }.into_any())
            }
            Shown::Unlisted => None,
        };
        view! {
            <li data-epoch=epoch data-repeats=same.then_some("0")
                class:current=move || current.get() == epoch class:repeat=same>
                <button type="button" class="epoch-button" on:click=move |_| state.set(Field::Epoch, epoch.to_string())>
                    {fill(T::EpochButton, lang, &[("epoch", &epoch)])}
                </button>
                {seed}
                {badge}
                {previews.map(|p| view! { <span class="previews">{p}</span> })}
            </li>
        }
    }
}

/// Each of the first [`PREVIEW_RANKS`] GPUs' first [`PREVIEW`] indices, and how many GPUs more.
fn previews(e: &EpochRows, lang: Lang) -> impl IntoView + use<> {
    let rows = e
        .rows
        .iter()
        .enumerate()
        .take(PREVIEW_RANKS)
        .map(|(rank, row)| {
            let listed = &row.indices[..row.indices.len().min(PREVIEW)];
            let text = listed.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
            let more = if listed.len() < row.len { " …" } else { "" };
            let gpu = fill(SchemeText::Gpu, lang, &[("rank", &rank)]);
            view! {
                <span class="preview" style=format!("--rank-hue: {}", rank_colour(rank))>
                    <span class="preview-gpu">{gpu}</span>
                    <span class="preview-indices">{text}{more}</span>
                </span>
            }
        })
        .collect_view();
    let hidden = e.rows.len().saturating_sub(PREVIEW_RANKS);
    let more = (hidden > 0).then(|| {
        view! { <span class="preview-more">{fill(T::MoreRanks, lang, &[("k", &hidden)])}</span> }
    });
    view! { {rows}{more} }
}
