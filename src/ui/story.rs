//! Below the first screen, the story ([`crate::model::story`]): numbered steps, each with its
//! anchor (`#set-epoch`), a heading, a sentence with this configuration's numbers, and one live
//! figure of the scheme the story follows. `embed=1&step=set-epoch` shows one step alone.

use std::cell::Cell;
use std::rc::Rc;

use leptos::prelude::*;

use super::focus::{DrawnFor, Focus, FocusPicker};
use super::{AppState, fill, tr};
use crate::i18n::Lang;
use crate::i18n::story::StoryText as T;
use crate::model::embed::{Layout, Section};
use crate::model::story::{self, Step};

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
        let shown = document().query_selector(&selector).ok().flatten().map(|s| on_screen(&s));
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
    if !on_screen(target) {
        let top = target.get_bounding_client_rect().top();
        window().scroll_by_with_x_and_y(0.0, top - stuck_height() - 8.0);
    }
}

/// Whether `target` starts in the top part of the screen, below the stuck bar: what
/// [`bring_into_view`] leaves where it is.
fn on_screen(target: &web_sys::Element) -> bool {
    let stuck = stuck_height();
    let top = target.get_bounding_client_rect().top();
    let height = window().inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
    top >= stuck && top <= stuck + height * 0.4
}

/// The height of the bar stuck at the top of the story, if it is stuck.
fn stuck_height() -> f64 {
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
    height_of(".story-follows").max(height_of(".present-nav"))
}

/// A step's sentence: its text and, when the followed scheme refuses the values, the
/// library's message after it (marked `lang="en"` when it is PyTorch's own words).
#[derive(Clone, PartialEq)]
pub struct Said {
    /// The sentence, or what says the figure is not drawn.
    pub text: String,
    /// The library's message, and its language where it is not the page's.
    pub library: Option<(String, Option<&'static str>)>,
}

impl Said {
    /// As one line of text (the walk-through's card).
    pub fn plain(&self) -> String {
        match &self.library {
            Some((message, _)) => format!("{} {message}", self.text),
            None => self.text.clone(),
        }
    }

    /// What `focus`'s scheme refusing `errors` says in place of a figure or a download
    /// (`key` taking the scheme's title).
    pub fn refused(key: T, focus: Focus, errors: &[crate::model::ParamError], lang: Lang) -> Said {
        // A scheme still to load refuses nothing: the sentence says it is on its way.
        if let Some(e) = errors.first().filter(|e| e.is_on_demand()) {
            return Said { text: e.message(lang), library: None };
        }
        let scheme = focus.scheme.get().title().text(lang);
        Said::with_library(fill(key, lang, &[("scheme", &scheme)]), errors, lang)
    }

    /// `text`, then the first of the library's `errors`.
    pub fn with_library(text: String, errors: &[crate::model::ParamError], lang: Lang) -> Said {
        let library = errors.first().map(|e| (e.message(lang), super::controls::message_lang(e)));
        Said { text, library }
    }

    /// The sentence, its message in a span of its own.
    pub fn view(self) -> impl IntoView {
        let library =
            self.library.map(|(message, lang)| view! { " " <span lang=lang>{message}</span> });
        view! { {self.text}{library} }
    }
}

/// A step's sentence with this configuration's numbers, for the scheme the story follows (or,
/// for a step that follows it, what it refuses).
pub fn sentence_of(step: Step) -> impl Fn() -> Said + Copy + Send + Sync + 'static {
    let state = expect_context::<AppState>();
    let focus = expect_context::<Focus>();
    move || {
        let lang = state.lang.get();
        let s = focus.scheme.get();
        let params = state.dealt.get();
        if let Some(text) = story::own_sentence(step, s, &params, lang) {
            return Said { text, library: None };
        }
        focus.deal.with(|deal| match deal {
            Ok(deal) => {
                let repeating = (step == Step::SetEpoch).then(|| focus.repeating.get()).flatten();
                let text = story::sentence(step, s, &params, deal, lang, repeating);
                Said { text, library: None }
            }
            Err(errors) => Said::refused(T::FigureRefused, focus, errors, lang),
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
    let lang = expect_context::<AppState>().lang;
    let unstyled = use_context::<super::story_styles::Missing>().map(|m| m.note(lang));
    view! {
        <div class="story" data-testid="story">
            <h2 class="sr-only">{tr(T::Heading)}</h2>
            {unstyled}
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
    // The controls whose value is refused, with the value the steps are drawn with instead
    // (one memo for every step: `Story` provides it); the pitfalls draw their own values.
    let lang = expect_context::<AppState>().lang;
    let held = expect_context::<super::compare::Held>().0;
    let own_values = step == Step::Pitfalls;
    let stale = move || !own_values && held.with(|h| !h.is_empty());
    let note = move || {
        held.with(|held| {
            (!own_values && !held.is_empty()).then(|| {
                let values = crate::model::controls::held_values(held);
                let key = if held.len() == 1 { T::HeldOne } else { T::HeldMany };
                let text = fill(key, lang.get(), &[("values", &values)]);
                view! { <p class="held-note" data-testid="step-held">{text}</p> }
            })
        })
    };
    view! {
        <section class="story-step" id=anchor data-step=anchor data-testid="story-step"
            class:current=is_current class:stale=stale aria-labelledby=labelled_by>
            <h2 id=title_id>
                <span class="step-number">{step.number()}". "</span>
                {tr(step.title())}
            </h2>
            <p class="step-sentence" data-testid="step-sentence">{move || sentence().view()}</p>
            {note}
            <div class="step-figure">
                {step.follows().then(|| view! { <DrawnFor /> })}
                {children()}
            </div>
        </section>
    }
}

/// Scrolls to the element the URL's `#anchor` names, or else to the step `step=` names (a
/// link copied while the walk-through or present mode stood there), if there is one. Present
/// mode opens on the comparison, its step below it.
fn follow_anchor() {
    let hash = window().location().hash().unwrap_or_default();
    let id = match hash.strip_prefix('#').filter(|id| !id.is_empty()) {
        Some(id) => id.to_string(),
        None => {
            let step = super::url::param("step").and_then(|v| Step::from_anchor(&v));
            match step.filter(|s| *s != Step::Split && !presenting()) {
                Some(step) => step.anchor().to_string(),
                None => return,
            }
        }
    };
    Hold::start(id);
}

/// Keeping the element an anchor names where [`bring_element_into_view`] put it while figures
/// above it are still drawing (the epoch history draws one epoch per task and grows the page
/// above the step), until the reader scrolls, clicks or types, something else scrolls the page,
/// or [`Hold::LOOKS`] looks have passed.
struct Hold {
    id: String,
    /// Where the element's top was left, and the page's scroll then (`None` until it is found).
    left: Option<(f64, f64)>,
    /// Set by the first wheel, touch, pointer or key event: the reader has taken over.
    moved: Rc<Cell<bool>>,
    /// The listeners that set `moved`, removed at the last look.
    listeners: Vec<WindowListenerHandle>,
}

impl Hold {
    /// How many looks, [`Hold::EVERY_MS`] apart (about four seconds in all).
    const LOOKS: u32 = 20;
    const EVERY_MS: u64 = 200;

    fn start(id: String) {
        fn taken_over<E>(moved: &Rc<Cell<bool>>) -> impl Fn(E) + 'static {
            let moved = moved.clone();
            move |_| moved.set(true)
        }
        let moved = Rc::new(Cell::new(false));
        let listeners = vec![
            window_event_listener(leptos::ev::wheel, taken_over(&moved)),
            window_event_listener(leptos::ev::touchstart, taken_over(&moved)),
            window_event_listener(leptos::ev::pointerdown, taken_over(&moved)),
            window_event_listener(leptos::ev::keydown, taken_over(&moved)),
        ];
        Hold { id, left: None, moved, listeners }.look(Self::LOOKS);
    }

    /// Puts the element back where it was left (the first time: into view), unless the reader
    /// or another scroll has taken over; looks again `looks` more times.
    fn look(mut self, looks: u32) {
        let scroll_y = || window().scroll_y().unwrap_or(0.0);
        let element = document().get_element_by_id(&self.id);
        let going = !self.moved.get() && looks > 0 && !presenting();
        if let (true, Some(element)) = (going, &element) {
            let top = element.get_bounding_client_rect().top();
            match self.left {
                None => bring_element_into_view(element),
                Some((was, y)) => {
                    // A scroll moves the element as much as the page, the other way: not
                    // ours to undo. A figure growing above it moves only the element (or, where
                    // the browser anchors the scroll, moves the page without moving it).
                    let scrolled = scroll_y() - y;
                    if scrolled.abs() > 1.0 && (top - was + scrolled).abs() <= 1.0 {
                        return self.stop();
                    }
                    if (top - was).abs() > 2.0 {
                        window().scroll_by_with_x_and_y(0.0, top - was);
                    }
                }
            }
            self.left = Some((element.get_bounding_client_rect().top(), scroll_y()));
        }
        if going {
            let every = std::time::Duration::from_millis(Self::EVERY_MS);
            return set_timeout(move || self.look(looks - 1), every);
        }
        self.stop();
    }

    fn stop(self) {
        for listener in self.listeners {
            listener.remove();
        }
    }
}

/// Whether present mode is on (it shows its own step, from the top).
fn presenting() -> bool {
    document().document_element().is_some_and(|root| root.class_list().contains("presenting"))
}

/// Brings the step the URL names (`step=`, the walk-through's or present mode's) into view, if
/// it names one past step 1.
pub fn bring_url_step_into_view() {
    let step = super::url::param("step").and_then(|v| Step::from_anchor(&v));
    if let Some(step) = step.filter(|s| *s != Step::Split) {
        bring_into_view(&format!("#{}", step.anchor()));
    }
}

/// Brings the comparison back into view (after a change made far below it).
pub fn scroll_to_top() {
    if let Some(compare) = document().query_selector(".compare").ok().flatten() {
        compare.scroll_into_view();
    }
}
