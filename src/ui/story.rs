//! Below the first screen, the story ([`crate::model::story`]): numbered steps, each with its
//! anchor (`#set-epoch`), a heading, a sentence with this configuration's numbers, and one live
//! figure of the scheme the story follows. `embed=1&step=set-epoch` shows one step alone.

use leptos::prelude::*;

use super::focus::{DrawnFor, Focus, FocusDeal, FocusPicker};
use super::scheme_stages::stage_view;
use super::{AppState, fill, tr};
use crate::i18n::page::TableText;
use crate::i18n::story::StoryText as T;
use crate::model::embed::{Layout, Section};
use crate::model::picture::PREVIEW;
use crate::model::scheme::history;
use crate::model::scheme::{self, Shared, Verdict, stages};
use crate::model::story::{self, Step};
use crate::model::{Field, Params, Stage};

/// The story step the walk-through and present mode are at (`step=` on the full page), shared
/// through context. The plain page shows every step; these two show one at a time.
#[derive(Clone, Copy)]
pub struct StoryCursor {
    /// The step shown.
    pub step: RwSignal<Step>,
    /// Where the URL is written (kept here: key handlers run outside any reactive owner).
    state: AppState,
}

impl StoryCursor {
    /// From the URL (`step=` names a step by its anchor; an embed reads it as its one step).
    pub fn provide(embed: bool) {
        let asked = super::url::param("step").and_then(|v| Step::from_anchor(&v));
        let first = asked.filter(|_| !embed).unwrap_or(Step::Split);
        let state = expect_context::<AppState>();
        provide_context(Self { step: RwSignal::new(first), state });
    }

    /// Goes to `step`, and says so in the URL (step 1 is left out).
    pub fn go(self, step: Step) {
        if self.step.get_untracked() == step {
            return;
        }
        self.step.set(step);
        let anchor = (step != Step::Split).then_some(step.anchor());
        self.state.set_url(&[("step", anchor)]);
    }

    /// The step `by` after (or before, when negative) the one shown, if there is one.
    pub fn next(self, by: isize) -> Option<Step> {
        self.step.get_untracked().offset(by)
    }

    /// Goes `by` steps on, when there is such a step, and brings it into view; forward from a
    /// step not yet on screen (present mode opens on the comparison, its step below), brings
    /// that step into view first.
    pub fn step_by(self, by: isize) {
        let selector = format!("#{}", self.step.get_untracked().anchor());
        let shown = document().query_selector(&selector).ok().flatten().map(|step| {
            let height = window().inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
            step.get_bounding_client_rect().top() < height * 0.4
        });
        if by > 0 && shown == Some(false) {
            bring_into_view(&selector);
            return;
        }
        if let Some(step) = self.next(by) {
            self.go(step);
            request_animation_frame(move || bring_into_view(&format!("#{}", step.anchor())));
        }
    }
}

/// Scrolls what `selector` finds into view below the bar that stays stuck at the top of the
/// story (the picker and the walk-through's card, or present mode's steps), unless it is already in the top
/// part of the screen.
pub fn bring_into_view(selector: &str) {
    if let Some(target) = document().query_selector(selector).ok().flatten() {
        bring_element_into_view(&target);
    }
}

/// [`bring_into_view`], for an element at hand.
fn bring_element_into_view(target: &web_sys::Element) {
    // A bar counts only where it is stuck (on a phone the picker's bar scrolls away).
    let height_of = |bar: &str| {
        let bar = document().query_selector(bar).ok().flatten();
        bar.filter(|bar| {
            let style = window().get_computed_style(bar).ok().flatten();
            style.and_then(|s| s.get_property_value("position").ok()).as_deref() == Some("sticky")
        })
        .map_or(0.0, |bar| bar.get_bounding_client_rect().height())
    };
    // Present mode hides the picker's bar and shows its own.
    let stuck = height_of(".story-follows").max(height_of(".present-nav"));
    let top = target.get_bounding_client_rect().top();
    let height = window().inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
    if top < stuck || top > stuck + height * 0.4 {
        window().scroll_by_with_x_and_y(0.0, top - stuck - 8.0);
    }
}

/// A step's sentence with this configuration's numbers, for the scheme the story follows (or
/// the core's message when the scheme refuses this configuration).
pub fn sentence_of(step: Step) -> impl Fn() -> String + Copy + Send + Sync + 'static {
    let state = expect_context::<AppState>();
    let focus = expect_context::<Focus>();
    move || {
        let lang = state.lang.get();
        let s = focus.scheme.get();
        let params = state.picture.with(|p| p.params.clone());
        focus.deal.with(|deal| match deal {
            Ok(deal) => {
                let repeating = (step == Step::SetEpoch).then(|| focus.repeating.get()).flatten();
                story::sentence(step, s, &params, deal, lang, repeating)
            }
            Err(errors) => errors.first().map(|e| e.message(lang)).unwrap_or_default(),
        })
    }
}

/// The figure of each step, built by the page (the pipeline, the tables, ...).
pub struct Figures {
    /// Draws the figure of a step.
    pub figure: fn(Step, Layout) -> AnyView,
}

/// The steps: all of them, or the one `step=` names.
#[component]
pub fn Story(
    /// What the URL asks to show.
    layout: Layout,
    /// Each step's figure.
    figures: Figures,
    /// The one step to show (`step=` in an embed), or all.
    only: Option<Step>,
) -> impl IntoView {
    let steps: Vec<Step> = match only {
        Some(step) => vec![step],
        None => Step::ALL.into_iter().filter(|s| shown(*s, layout)).collect(),
    };
    let figure = figures.figure;
    // A link to a step (`#set-epoch`): the browser looked for it before the page was drawn.
    set_timeout(follow_anchor, std::time::Duration::from_millis(50));
    let body = steps
        .into_iter()
        .map(|step| view! { <StepSection step=step>{figure(step, layout)}</StepSection> })
        .collect_view();
    view! {
        <div class="story" data-testid="story">
            <h2 class="sr-only">{tr(T::Heading)}</h2>
            {(!layout.embed).then(|| view! { <PresentNav /> })}
            <div class="story-follows">
                <FocusPicker />
                // The walk-through begins with the pipeline's stages: where `hide=` leaves
                // the pipeline out, there is nothing for it to walk through.
                {(!layout.embed && !layout.hides_section(Section::Pipeline))
                    .then(|| view! { <super::guide::Guide /> })}
            </div>
            {body}
        </div>
    }
}

/// In present mode, the step shown under the comparison, and the buttons to the one before and
/// after (as ← and →).
#[component]
fn PresentNav() -> impl IntoView {
    let state = expect_context::<AppState>();
    let Some(cursor) = use_context::<StoryCursor>() else { return ().into_any() };
    let presenting = expect_context::<super::present::Presenting>().on;
    let at = move || {
        let step = cursor.step.get();
        let (k, all) = (step.number(), Step::ALL.len());
        let title = step.title().text(state.lang.get());
        fill(T::PresentAt, state.lang.get(), &[("k", &k), ("all", &all), ("title", &title)])
    };
    let button = move |by: isize, label: T, glyph: &'static str, id: &'static str| {
        view! {
            <button type="button" data-testid=id aria-label=tr(label) title=tr(label)
                disabled=move || { cursor.step.track(); cursor.next(by).is_none() }
                on:click=move |_| cursor.step_by(by)>{glyph}</button>
        }
    };
    view! {
        <nav class="present-nav" data-testid="present-nav" hidden=move || !presenting.get()
            aria-label=tr(T::PresentNav)>
            {button(-1, T::PresentBack, "←", "present-back")}
            <span data-testid="present-at" aria-live="polite">{at}</span>
            {button(1, T::PresentNext, "→", "present-next")}
        </nav>
    }
    .into_any()
}

/// Whether `hide=` leaves a step's figure in.
fn shown(step: Step, layout: Layout) -> bool {
    let section = match step {
        Step::Split => Some(Section::Pipeline),
        Step::PadOrTrim => Some(Section::Lengths),
        Step::SetEpoch => Some(Section::Timeline),
        Step::Batches => Some(Section::Tables),
        Step::NoSampler => Some(Section::NoSampler),
        // The page's own steps: not among an embed's steps (each embeds alone, by `step=`).
        Step::YourLibrary | Step::InsideOneGpu | Step::Pitfalls => {
            return !layout.embed;
        }
    };
    section.is_none_or(|s| !layout.hides_section(s))
}

/// One step: its number and heading, its sentence, the scheme it draws and its figure.
#[component]
fn StepSection(step: Step, children: Children) -> impl IntoView {
    let anchor = step.anchor();
    let title_id = format!("step-{anchor}");
    let labelled_by = title_id.clone();
    let sentence = sentence_of(step);
    let current = use_context::<StoryCursor>().map(|c| c.step);
    let is_current = move || current.is_some_and(|c| c.get() == step);
    view! {
        <section class="story-step" id=anchor data-step=anchor data-testid="story-step"
            class:current=is_current aria-labelledby=labelled_by>
            <h2 id=title_id>
                <span class="step-number">{step.number()}". "</span>
                {tr(step.title())}
            </h2>
            <p class="step-sentence" data-testid="step-sentence">{sentence}</p>
            {step.follows().then(|| view! { <DrawnFor /> })}
            {children()}
        </section>
    }
}

/// Step 1 for a scheme other than the pipeline's: its stages, each after the other.
#[component]
pub fn StagesFigure() -> impl IntoView {
    let state = expect_context::<AppState>();
    let focus = expect_context::<Focus>();
    move || {
        let lang = state.lang.get();
        let s = focus.scheme.get();
        let params = state.picture.with(|p| Params { stage: Stage::Batch, ..p.params.clone() });
        let mut views = s.stages(&params).unwrap_or_default();
        if s.map_style_workers() {
            views.extend(focus.deal.with(|d| d.as_ref().ok().and_then(|d| stages::by_worker(d))));
        }
        view! {
            <div class="stages-figure" data-testid="stages-figure">
                {views.into_iter().map(|v| stage_view(v, lang)).collect_view()}
            </div>
        }
    }
}

/// Step 3 for a scheme other than the pipeline's: each GPU's first indices in epochs
/// `0 .. EPOCHS`, each later epoch that repeats epoch 0 on every GPU marked.
#[component]
pub fn EpochList() -> impl IntoView {
    let state = expect_context::<AppState>();
    let focus = expect_context::<Focus>();
    let key = super::deferred(Memo::new(move |_| {
        let params =
            state.picture.with(|p| Params { epoch: 0, stage: Stage::Batch, ..p.params.clone() });
        (focus.scheme.get().name(), params)
    }));
    let epochs = Memo::new(move |_| {
        let (name, params) = key.get();
        let s = scheme::by_name(name)?;
        history::fits_at_once(s, &params)
            .then(|| history::history(s, &params, PREVIEW).ok())
            .flatten()
    });
    move || {
        let lang = state.lang.get();
        let current = state.picture.with(|p| p.params.epoch);
        let Some(epochs) = epochs.get() else {
            let name = focus.scheme.get().title().text(lang);
            return view! {
                <p class="history-note" data-testid="epoch-list-not-drawn">
                    {fill(T::EpochNotDrawn, lang, &[("scheme", &name)])}
                </p>
            }
            .into_any();
        };
        let items = epochs
            .iter()
            .map(|e| {
                let epoch = e.epoch;
                let same = epoch > 0 && e.rows.iter().all(|r| r.same_as_first);
                let previews = e
                    .rows
                    .iter()
                    .enumerate()
                    .take(PREVIEW_RANKS)
                    .map(|(rank, row)| {
                        let text = row.indices.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
                        let more = if row.indices.len() < row.len { " …" } else { "" };
                        view! { <span class="preview" style=format!("--rank-hue: {}", super::rank_colour(rank))>{text}{more}</span> }
                    })
                    .collect_view();
                let badge = same.then(|| {
                    view! { <span class="badge repeat">{fill(TableText::SameOrder, lang, &[("epoch", &0)])}</span> }
                });
                view! {
                    <li data-epoch=epoch data-repeats=same.then_some("0") class:current=epoch == current class:repeat=same>
                        <button type="button" class="epoch-button"
                            on:click=move |_| state.set(Field::Epoch, epoch.to_string())>
                            {fill(TableText::EpochButton, lang, &[("epoch", &epoch)])}
                        </button>
                        {badge}
                        <span class="previews">{previews}</span>
                    </li>
                }
            })
            .collect_view();
        view! { <ol class="epochs" data-testid="epoch-list">{items}</ol> }.into_any()
    }
}

/// Ranks each epoch of the list previews.
const PREVIEW_RANKS: usize = 8;

/// Step 6: every registered set-up on these values, each read off its own deal. At ImageNet's
/// size one deal is a noticeable task: the deals are made only once the table nears the
/// screen, one scheme per task, and made again when the values change.
#[component]
pub fn Scoreboard() -> impl IntoView {
    let state = expect_context::<AppState>();
    let focus = expect_context::<Focus>();
    let later = super::deferred(Memo::new(move |_| {
        state.picture.with(|p| Params { stage: Stage::Batch, ..p.params.clone() })
    }));
    let near = RwSignal::new(false);
    let deals = RwSignal::new(Vec::<FocusDeal>::new());
    let generation = StoredValue::new(0u64);
    Effect::new(move |_| {
        let params = later.get();
        if !near.get() {
            return;
        }
        let shared = Shared { epoch: Some(state.picture.with_untracked(|p| p.epoch.clone())) };
        generation.update_value(|g| *g += 1);
        deals.set(Vec::new());
        deal_next(generation.get_value(), generation, params, shared, deals);
    });
    let wrap = NodeRef::<leptos::html::Div>::new();
    wrap.on_load(move |element| super::part::watch(&element, move || near.set(true)));
    let rows = move || {
        let lang = state.lang.get();
        let current = focus.scheme.get();
        deals.with(|deals| {
            scheme::SCHEMES
                .iter()
                .enumerate()
                .map(|(k, &s)| {
                    let cells = match deals.get(k) {
                        None => view! { <td colspan="2" class="pending">{tr(T::ScoreboardPending)}</td> }.into_any(),
                        Some(Ok(deal)) => {
                            let steps = story::span(deal.steps_range());
                            let once = matches!(Verdict::of(deal), Verdict::EachOnce);
                            view! {
                                <td class:once=once>{super::scheme_facts::verdict(deal, lang)}</td>
                                <td>{steps}</td>
                            }
                            .into_any()
                        }
                        Some(Err(errors)) => {
                            let message = errors.first().map(|e| e.message(lang)).unwrap_or_default();
                            view! { <td colspan="2">{fill(T::Refuses, lang, &[("message", &message)])}</td> }.into_any()
                        }
                    };
                    let name = s.name();
                    let button = (name != current.name()).then(|| {
                        let label = fill(T::CompareButton, lang, &[("scheme", &current.title().text(lang))]);
                        view! {
                            <button type="button" data-testid="scoreboard-compare" on:click=move |_| {
                                let first = focus.scheme.get_untracked();
                                state.set_compare(vec![first, s]);
                                scroll_to_top();
                            }>{label}</button>
                        }
                    });
                    view! {
                        <tr data-scheme=name data-dealt=deals.get(k).is_some().then_some("")>
                            <th scope="row">{s.title().text(lang)}</th>
                            {cells}
                            <td>{button}</td>
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <div class="scoreboard-wrap" tabindex="0" role="region" aria-label=tr(T::LibraryTitle)
            node_ref=wrap>
        <table class="scoreboard" data-testid="scoreboard">
            <thead>
                <tr>
                    <th scope="col">{tr(T::ColScheme)}</th>
                    <th scope="col">{tr(T::ColVerdict)}</th>
                    <th scope="col">{tr(T::ColSteps)}</th>
                    <th scope="col">{tr(T::ColCompare)}</th>
                </tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
        </div>
    }
}

/// Deals the next registered scheme of the scoreboard in a task of its own, then the one
/// after, until all are dealt or newer values (a later `generation`) take over.
fn deal_next(
    mine: u64,
    generation: StoredValue<u64>,
    params: Params,
    shared: Shared,
    deals: RwSignal<Vec<FocusDeal>>,
) {
    set_timeout(
        move || {
            if generation.try_get_value() != Some(mine) {
                return;
            }
            let k = deals.with_untracked(Vec::len);
            let Some(s) = scheme::SCHEMES.get(k) else { return };
            let deal = s.deal(&params, &shared).map(std::sync::Arc::new);
            deals.update(|d| d.push(deal));
            deal_next(mine, generation, params, shared, deals);
        },
        std::time::Duration::ZERO,
    );
}

/// Step 7: each GPU's batches by the worker that loads them, and where uneven ends hang.
#[component]
pub fn InsideFigure() -> impl IntoView {
    let state = expect_context::<AppState>();
    let focus = expect_context::<Focus>();
    move || {
        let lang = state.lang.get();
        let workers = state.picture.with(|p| p.params.num_workers);
        focus.deal.with(|deal| {
            let deal = deal.as_ref().ok()?;
            let by_worker = stages::by_worker(deal).map(|v| stage_view(v, lang));
            let hang = super::hang_view::hang_view(deal, lang);
            let try_workers = (workers == 0).then(|| {
                view! {
                    <button type="button" data-testid="try-workers"
                        on:click=move |_| state.set(Field::NumWorkers, "2".into())>{tr(T::TryWorkers)}</button>
                }
            });
            let lanes = deal.lanes.len();
            Some(view! {
                <div class="inside-figure" data-testid="inside-figure" data-gpus=lanes>
                    {by_worker}{hang}{try_workers}
                </div>
            })
        })
    }
}

/// Scrolls to the element the URL's `#anchor` names, if there is one.
fn follow_anchor() {
    let hash = window().location().hash().unwrap_or_default();
    let Some(id) = hash.strip_prefix('#').filter(|id| !id.is_empty()) else { return };
    if let Some(element) = document().get_element_by_id(id) {
        bring_element_into_view(&element);
    }
}

/// Brings the comparison back into view (after a change made far below it).
pub fn scroll_to_top() {
    if let Some(compare) = document().query_selector(".compare").ok().flatten() {
        compare.scroll_into_view();
    }
}
