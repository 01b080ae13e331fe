//! The guided walk-through of the story ([`crate::model::story`]): step 1 stage by stage for a
//! scheme the pipeline animates (one short explanation per stage with this configuration's
//! numbers, [`crate::model::guide`]; the pipeline's stage is the walk-through's, so playback,
//! the scrubber and the keys move it too), then each later step with its sentence, each time
//! scrolling what it explains into view. While it is open, `<body data-guide="...">` names the
//! stage (or `step`), and `assets/guide.css` highlights the matching part of the picture. Esc
//! closes it and gives the focus back to the button that opened it.

use leptos::prelude::*;

use super::AppState;
use super::focus::animated;
use super::story::{StoryCursor, bring_into_view, sentence_of};
use super::tr;
use super::url;
use crate::i18n::fill;
use crate::i18n::guide::GuideText;
use crate::model::guide::step as stage_step;
use crate::model::story::Step;
use crate::model::{Field, Stage, parse_flag};

/// Where the walk-through is: a stage of step 1, or a later step.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stop {
    /// Step 1, told stage by stage.
    Stage(Stage),
    /// A step told as a whole.
    Step(Step),
}

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
                    <button type="button" class="guide-start" data-testid="guide-start"
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

/// The stop after `at` (`by` = 1) or before it (`by` = -1), if any: the stages of step 1 when
/// the pipeline tells it, then the steps.
fn neighbour(at: Stop, by: isize, staged: bool) -> Option<Stop> {
    match at {
        Stop::Stage(stage) => {
            let k = stage.number() as isize + by;
            match Stage::ALL.iter().find(|s| s.number() as isize == k) {
                Some(&s) => Some(Stop::Stage(s)),
                None if by > 0 => Step::Split.offset(1).map(Stop::Step),
                None => None,
            }
        }
        Stop::Step(step) => match step.offset(by)? {
            Step::Split if staged => Stage::ALL.last().map(|&s| Stop::Stage(s)),
            s => Some(Stop::Step(s)),
        },
    }
}

/// The open walk-through: where it is, its explanation, the stepper, back and next.
#[component]
fn Card(
    /// Where the walk-through is.
    stop: Memo<Stop>,
    /// Closes the walk-through.
    close: impl Fn() + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let cursor = expect_context::<StoryCursor>();
    let go = move |to: Stop| go(state, cursor, to);
    let animated = animated();
    let staged = move || matches!(stop.get(), Stop::Stage(_)) || animated.get();
    let sentences: Vec<_> = Step::ALL.into_iter().map(sentence_of).collect();
    let explained = move || {
        let lang = state.lang.get();
        match stop.get() {
            Stop::Stage(stage) => state.picture.with(|p| {
                let s = stage_step(p, stage, lang);
                (s.title.to_string(), s.text)
            }),
            Stop::Step(step) => {
                let sentence = sentences[step.number() - 1];
                (step.title().text(lang).to_string(), sentence().plain())
            }
        }
    };
    let counter = move || {
        let lang = state.lang.get();
        let all = Step::ALL.len();
        match stop.get() {
            Stop::Stage(stage) => {
                let (s, stages) = (stage.number(), Stage::ALL.len());
                let values: [(&str, &dyn std::fmt::Display); 4] =
                    [("k", &1), ("all", &all), ("s", &s), ("stages", &stages)];
                fill(GuideText::StepStageOf.text(lang), &values)
            }
            Stop::Step(step) => {
                fill(GuideText::StepOf.text(lang), &[("k", &step.number()), ("all", &all)])
            }
        }
    };
    let back = move || neighbour(stop.get(), -1, staged());
    let next = move || neighbour(stop.get(), 1, staged());
    let explained = Memo::new(move |_| explained());
    view! {
        <div class="guide-card" data-testid="guide-card" role="region" aria-live="polite"
            aria-labelledby="guide-step-title">
            <button type="button" class="guide-close" data-testid="guide-close"
                aria-label=tr(GuideText::Close) title=tr(GuideText::Close) on:click=move |_| close()>
                "×"
            </button>
            <p class="guide-count" data-testid="guide-count">{counter}</p>
            <h3 id="guide-step-title" data-testid="guide-title">{move || explained.get().0}</h3>
            <p class="guide-text" data-testid="guide-text">{move || explained.get().1}</p>
            <div class="guide-nav">
                <button type="button" data-testid="guide-back" disabled=move || back().is_none()
                    on:click=move |_| { if let Some(to) = back() { go(to) } }>
                    {tr(GuideText::Back)}
                </button>
                <Dots stop=stop go=go />
                {move || match next() {
                    Some(to) => view! { <button type="button" class="primary" data-testid="guide-next"
                        on:click=move |_| go(to)>{tr(GuideText::Next)}</button> }.into_any(),
                    None => view! { <button type="button" class="primary" data-testid="guide-done"
                        on:click=move |_| close()>{tr(GuideText::Done)}</button> }.into_any(),
                }}
            </div>
        </div>
    }
}

/// One dot per story step, and in step 1 told stage by stage one small dot per stage; the
/// current one is marked, and each jumps to its stop.
#[component]
fn Dots(
    /// Where the walk-through is.
    stop: Memo<Stop>,
    /// Goes to a stop.
    go: impl Fn(Stop) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let animated = animated();
    let step_dot = move |s: Step| {
        let k = s.number();
        let label = move || format!("{k}. {}", s.title().text(state.lang.get()));
        let current = move || match stop.get() {
            Stop::Stage(_) => s == Step::Split,
            Stop::Step(at) => at == s,
        };
        let to = move || match s {
            Step::Split if animated.get_untracked() => Stop::Stage(Stage::Indices),
            s => Stop::Step(s),
        };
        view! {
            <li>
                <button type="button" class="guide-dot" data-testid=format!("guide-dot-{k}")
                    aria-label=label title=label
                    aria-current=move || current().then_some("step")
                    on:click=move |_| go(to())>{k}</button>
            </li>
        }
    };
    let stage_dot = move |s: Stage| {
        let k = s.number();
        let label = move || {
            let title = state.picture.with(|p| stage_step(p, s, state.lang.get()).title);
            format!("1.{k} {title}")
        };
        view! {
            <li>
                <button type="button" class="guide-dot stage-dot" data-testid=format!("guide-stage-{k}")
                    aria-label=label title=label
                    aria-current=move || (stop.get() == Stop::Stage(s)).then_some("step")
                    on:click=move |_| go(Stop::Stage(s))>{format!("1.{k}")}</button>
            </li>
        }
    };
    let stages = move || {
        matches!(stop.get(), Stop::Stage(_)).then(|| {
            view! {
                <li class="stage-dots">
                    <ol aria-label=tr(GuideText::Stages)>
                        {Stage::ALL.into_iter().map(stage_dot).collect_view()}
                    </ol>
                </li>
            }
        })
    };
    view! {
        <ol class="guide-dots" aria-label=tr(GuideText::Steps)>
            {step_dot(Step::Split)}
            {stages}
            {Step::ALL.into_iter().skip(1).map(step_dot).collect_view()}
        </ol>
    }
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
