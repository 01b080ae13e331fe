//! The guided walk-through: one short explanation per stage, with this configuration's
//! numbers ([`crate::model::guide`]). Its step is the pipeline's stage, so playback, the
//! scrubber and the keys move it too. While it is open, `<body data-guide="...">` names the
//! stage, and `assets/guide.css` highlights the matching part of the picture.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::AppState;
use super::tr;
use super::url;
use crate::i18n::fill;
use crate::i18n::guide::GuideText;
use crate::model::guide::step;
use crate::model::{Field, Stage, parse_flag};

/// The walk-through: a button that opens it, then a stepper card above the pipeline.
/// `guide=1` in the URL opens it (with `stage=` choosing the step), so a tutorial can link to it.
#[component]
pub fn Guide() -> impl IntoView {
    let state = expect_context::<AppState>();
    let open = RwSignal::new(opened_by_url());
    // Opened by a link that names no stage: from the first step, not the stage shown.
    if open.get_untracked() && url::param("stage").is_none() {
        state.set(Field::Stage, Stage::Indices.number().to_string());
    }
    // Keep the highlight's hook on <body> in step with the stage while open, and the
    // explained figure in view at each step.
    Effect::new(move |_| {
        let stage = open.get().then(|| state.stage().get());
        mark_body(stage);
        if stage.is_some() {
            request_animation_frame(show_figure);
        }
    });
    on_cleanup(|| mark_body(None));
    let set_open = move |yes: bool| {
        open.set(yes);
        state.set_url(&[("guide", yes.then_some("1"))]);
        if yes {
            state.set(Field::Stage, Stage::Indices.number().to_string());
        } else {
            // Focus goes back to the button that opens it, once it is drawn again.
            request_animation_frame(|| {
                let button = document().query_selector("[data-testid=guide-start]").ok().flatten();
                if let Some(button) = button.and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok())
                {
                    let _ = button.focus();
                }
            });
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
                view! { <Card close=move || set_open(false) /> }.into_any()
            } else {
                view! {
                    <button type="button" class="guide-start" data-testid="guide-start"
                        on:click=move |_| set_open(true)>{tr(GuideText::Start)}</button>
                }.into_any()
            }}
        </section>
    }
}

/// The open walk-through: which step, its explanation, the stepper, back and next.
#[component]
fn Card(
    /// Closes the walk-through.
    close: impl Fn() + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let stage = state.stage();
    let go = move |k: u8| state.set(Field::Stage, k.to_string());
    let explained = move || {
        let lang = state.lang.get();
        state.picture.with(|p| step(p, p.params.stage, lang))
    };
    let last = Stage::Batch.number();
    let counter = move || {
        let (k, all) = (stage.get().number(), Stage::ALL.len());
        fill(GuideText::StepOf.text(state.lang.get()), &[("k", &k), ("all", &all)])
    };
    view! {
        <div class="guide-card" data-testid="guide-card" role="region" aria-live="polite"
            aria-labelledby="guide-step-title">
            <button type="button" class="guide-close" data-testid="guide-close"
                aria-label=tr(GuideText::Close) title=tr(GuideText::Close) on:click=move |_| close()>
                "×"
            </button>
            <p class="guide-count" data-testid="guide-count">{counter}</p>
            <h3 id="guide-step-title" data-testid="guide-title">{move || explained().title}</h3>
            <p class="guide-text" data-testid="guide-text">{move || explained().text}</p>
            <div class="guide-nav">
                <button type="button" data-testid="guide-back"
                    disabled=move || stage.get() == Stage::Indices
                    on:click=move |_| go(stage.get_untracked().number().saturating_sub(1).max(1))>
                    {tr(GuideText::Back)}
                </button>
                <Dots stage=stage go=go />
                {move || if stage.get().number() < last {
                    view! { <button type="button" class="primary" data-testid="guide-next"
                        on:click=move |_| go(stage.get_untracked().number() + 1)>{tr(GuideText::Next)}</button> }.into_any()
                } else {
                    view! { <button type="button" class="primary" data-testid="guide-done"
                        on:click=move |_| close()>{tr(GuideText::Done)}</button> }.into_any()
                }}
            </div>
        </div>
    }
}

/// One dot per step; the current one is marked, and each jumps to its step.
#[component]
fn Dots(
    /// The stage shown.
    stage: Signal<Stage>,
    /// Goes to the step numbered `k` (1-based).
    go: impl Fn(u8) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let dot = move |s: Stage| {
        let k = s.number();
        let label = move || {
            let p = state.picture.with(|p| step(p, s, state.lang.get()).title);
            format!("{k}. {p}")
        };
        view! {
            <li>
                <button type="button" class="guide-dot" data-testid=format!("guide-dot-{k}")
                    aria-label=label title=label
                    aria-current=move || (stage.get() == s).then_some("step")
                    on:click=move |_| go(k)>{k}</button>
            </li>
        }
    };
    view! {
        <ol class="guide-dots" aria-label=tr(GuideText::Steps)>
            {Stage::ALL.into_iter().map(dot).collect_view()}
        </ol>
    }
}

/// Whether the URL asks for the walk-through (`guide=1`, or any other spelling of a flag that
/// is on; a value that is no flag leaves it closed).
fn opened_by_url() -> bool {
    url::param("guide").as_deref().and_then(parse_flag) == Some(true)
}

/// Scrolls the pipeline the step explains into view, below the card, when it is not on screen.
fn show_figure() {
    let Some(figure) = document().query_selector(".pipeline-section").ok().flatten() else {
        return;
    };
    let rect = figure.get_bounding_client_rect();
    let height = window().inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
    if rect.top() < 0.0 || rect.top() > height * 0.6 {
        // The card sits just above the pipeline and stays in view (sticky): scroll to it.
        let card = document().query_selector("[data-testid=guide]").ok().flatten();
        card.unwrap_or(figure).scroll_into_view();
    }
}

/// Names the stage being explained on `<body>`, or removes the mark when the guide is closed.
fn mark_body(stage: Option<Stage>) {
    let Some(body) = document().body() else { return };
    let _ = match stage {
        Some(s) => body.set_attribute("data-guide", stage_name(s)),
        None => body.remove_attribute("data-guide"),
    };
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
