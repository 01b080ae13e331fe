//! The guided walk-through of the story ([`crate::model::story`]): step 1 stage by stage for a
//! scheme the pipeline animates (one short explanation per stage with this configuration's
//! numbers, [`crate::model::guide`]; the pipeline's stage is the walk-through's, so playback,
//! the scrubber and the keys move it too), then each later step with its sentence, each time
//! scrolling what it explains into view. While it is open, `<body data-guide="...">` names the
//! stage (or `step`), and `assets/guide.css` highlights the matching part of the picture. Esc
//! closes it and gives the focus back to the button that opened it.

use leptos::html::Div;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::AppState;
use super::focus::animated;
use super::patch;
use super::story::{StoryCursor, bring_into_view, sentence_of};
use super::tr;
use super::url;
use crate::i18n::guide::GuideText;
use crate::model::guide::{Stop, card, step as stage_step, title as stage_title};
use crate::model::story::Step;
use crate::model::{Field, Stage, parse_flag};

/// The walk-through: a button that opens it, then a stepper card that stays above the story.
/// `guide=1` in the URL opens it (`step=` choosing the step, `stage=` the stage of step 1), so a
/// tutorial can link to it.
#[component]
pub fn Guide() -> impl IntoView {
    let state = expect_context::<AppState>();
    let cursor = expect_context::<StoryCursor>();
    let animated = animated();
    let open = RwSignal::new(opened_by_url());
    // Opened by a link that names no stage: from the first stage, not the stage shown.
    if open.get_untracked() && url::param("stage").is_none() {
        state.set(Field::Stage, Stage::Indices.number().to_string());
    }
    let stop = Memo::new(move |_| match cursor.step.get() {
        Step::Split if animated.get() => Stop::Stage(state.stage().get()),
        step => Stop::Step(step),
    });
    // Keep the highlight's hook on <body> in step with the stop while open, and what it
    // explains in view at each stop.
    Effect::new(move |_| {
        let at = open.get().then(|| stop.get());
        mark_body(at);
        if let Some(at) = at {
            request_animation_frame(move || match at {
                Stop::Stage(_) => bring_into_view(".pipeline-section"),
                Stop::Step(step) => bring_into_view(&format!("#{}", step.anchor())),
            });
        }
    });
    on_cleanup(|| mark_body(None));
    let set_open = move |yes: bool| {
        open.set(yes);
        state.set_url(&[("guide", yes.then_some("1"))]);
        if yes {
            cursor.go(Step::Split);
            state.set(Field::Stage, Stage::Indices.number().to_string());
            // The focus goes into the card, on Next, once it is drawn (the button that opened
            // it is gone).
            super::focus_first_later(&["[data-testid=guide-next]"]);
        } else {
            // Focus goes back to the button that opens it, once it is drawn again.
            super::focus_first_later(&["[data-testid=guide-start]"]);
        }
    };
    // Esc closes it, wherever the focus is.
    let keys = window_event_listener(leptos::ev::keydown, move |e| {
        if e.key() == "Escape" && open.get_untracked() {
            set_open(false);
        }
    });
    on_cleanup(move || keys.remove());
    view! {
        <section class="guide" data-testid="guide" aria-labelledby="guide-title">
            <h2 id="guide-title" class="sr-only">{tr(GuideText::Heading)}</h2>
            {move || if open.get() {
                view! { <Card stop=stop close=move || set_open(false) /> }.into_any()
            } else {
                view! {
                    <button type="button" class="guide-start" data-testid="guide-start" data-leaves-demo
                        on:click=move |_| set_open(true)>{tr(GuideText::Start)}</button>
                }.into_any()
            }}
        </section>
    }
}

/// Goes to a stop: the cursor to its step, and for a stage, the pipeline to it.
fn go(state: AppState, cursor: StoryCursor, to: Stop) {
    match to {
        Stop::Stage(stage) => {
            cursor.go(Step::Split);
            state.set(Field::Stage, stage.number().to_string());
        }
        Stop::Step(step) => cursor.go(step),
    }
}

/// The open walk-through's card ([`card`]): where it is, its explanation, the stepper, back
/// and next, morphed in at each stop so that a button keeps the focus.
#[component]
fn Card(
    /// Where the walk-through is.
    stop: Memo<Stop>,
    /// Closes the walk-through.
    close: impl Fn() + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let cursor = expect_context::<StoryCursor>();
    let animated = animated();
    let sentences: Vec<_> = Step::ALL.into_iter().map(sentence_of).collect();
    let host = NodeRef::<Div>::new();
    Effect::new(move |_| {
        let lang = state.lang.get();
        let stop = stop.get();
        let (title, text) = match stop {
            Stop::Stage(stage) => state
                .picture
                .with(|p| (stage_title(stage, lang).to_string(), stage_step(p, stage, lang).text)),
            Stop::Step(step) => {
                (step.title().text(lang).to_string(), sentences[step.number() - 1]().plain())
            }
        };
        let staged = matches!(stop, Stop::Stage(_)) || animated.get();
        if let Some(host) = host.get() {
            patch::morph(&host, &card(stop, staged, (&title, &text), lang));
        }
    });
    let on_click = move |e: leptos::ev::MouseEvent| {
        let target = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        let Some(button) = target.and_then(|t| t.closest("[data-go], [data-close]").ok().flatten())
        else {
            return;
        };
        match button.get_attribute("data-go").as_deref().and_then(Stop::from_code) {
            Some(to) => {
                go(state, cursor, to);
                // Back onto the first stop disables Back: the focus goes on to Next.
                let back = button.get_attribute("data-key").as_deref() == Some("back");
                if back && to.neighbour(-1, animated.get_untracked()).is_none() {
                    super::focus_first_later(&["[data-testid=guide-next]"]);
                }
            }
            None if button.has_attribute("data-close") => close(),
            None => {}
        }
    };
    view! { <div node_ref=host on:click=on_click></div> }
}

/// Whether the URL asks for the walk-through (`guide=1`, or any other spelling of a flag that
/// is on; a value that is no flag leaves it closed).
fn opened_by_url() -> bool {
    url::param("guide").as_deref().and_then(parse_flag) == Some(true)
}

/// Names the stop being explained on `<body>` (a stage by its name, a later step as `step`
/// with `data-guide-step` its anchor), or removes the marks when the guide is closed.
fn mark_body(at: Option<Stop>) {
    let Some(body) = document().body() else { return };
    let (guide, step) = match at {
        Some(Stop::Stage(s)) => (Some(stage_name(s)), None),
        Some(Stop::Step(step)) => (Some("step"), Some(step.anchor())),
        None => (None, None),
    };
    for (name, value) in [("data-guide", guide), ("data-guide-step", step)] {
        let _ = match value {
            Some(v) => body.set_attribute(name, v),
            None => body.remove_attribute(name),
        };
    }
}

/// The stage's name in `data-guide`, which the stylesheet matches.
fn stage_name(stage: Stage) -> &'static str {
    match stage {
        Stage::Indices => "indices",
        Stage::Shuffle => "shuffle",
        Stage::Pad => "pad",
        Stage::Stripe => "stripe",
        Stage::Batch => "batch",
    }
}
