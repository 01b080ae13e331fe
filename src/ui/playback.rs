//! Play, pause, step and scrub through the pipeline's five stages. Every change goes through
//! the state (`stage=` in the URL), so a link reopens the same stage.

use std::time::Duration;

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::{AppState, tr};
use crate::i18n::page::PlaybackText as T;
use crate::model::{Field, Stage};

/// Time on one stage at 1× speed.
const TICK_MS: f64 = 1600.0;
/// The speeds offered, as the select's values.
const SPEEDS: [&str; 3] = ["0.5", "1", "2"];
/// Each stage's label under the scrubber.
const LABELS: [T; 5] = [T::Stage1, T::Stage2, T::Stage3, T::Stage4, T::Stage5];

/// Play/pause, step back and forward, a scrubber over the stages and a speed select; Space,
/// ←/→ and Home/End do the same from anywhere but a form field.
#[component]
pub fn Playback() -> impl IntoView {
    let state = expect_context::<AppState>();
    let picture = state.picture;
    let stage = Signal::derive(move || picture.with(|p| p.params.stage));
    let playing = RwSignal::new(false);
    let speed = RwSignal::new(1.0_f64);
    let controls = Controls { state, playing };
    let period = Signal::derive(move || {
        (playing.get() && state.visible.get()).then(|| TICK_MS / speed.get())
    });
    use_interval(period, move || controls.tick());
    use_shortcuts(controls);
    let (pause, play) = (tr(T::Pause), tr(T::Play));

    view! {
        <div class="playback" role="group" aria-label=tr(T::Group)>
            <button type="button" data-testid="step-back" aria-label=tr(T::Previous)
                aria-disabled=move || (stage.get() == Stage::Indices).to_string()
                on:click=move |_| controls.step(-1)><Icon path=STEP_BACK /></button>
            <button type="button" data-testid="play" class="play"
                aria-label=move || if playing.get() { pause() } else { play() }
                aria-pressed=move || playing.get().to_string()
                on:click=move |_| controls.toggle()>
                {move || view! { <Icon path=if playing.get() { PAUSE } else { PLAY } /> }}
            </button>
            <button type="button" data-testid="step-forward" aria-label=tr(T::Next)
                aria-disabled=move || (stage.get() == Stage::Batch).to_string()
                on:click=move |_| controls.step(1)><Icon path=STEP_FORWARD /></button>
            {scrubber(stage, controls)}
            {speed_select(speed)}
        </div>
    }
}

/// The range over the five stages, with their names under it.
fn scrubber(stage: Signal<Stage>, controls: Controls) -> impl IntoView {
    let lang = controls.state.lang;
    let label = move |s: Stage| {
        LABELS.get(usize::from(s.number()).saturating_sub(1)).map(|t| t.text(lang.get()))
    };
    view! {
        <div class="scrub">
            <input type="range" data-testid="scrubber" min="1" max="5" step="1"
                aria-label=tr(T::Scrubber)
                aria-valuetext=move || label(stage.get())
                prop:value=move || stage.get().number().to_string()
                on:input=move |e| controls.jump(event_target_value(&e).parse().ok())/>
            <ol class="scrub-labels" aria-hidden="true">
                {Stage::ALL.map(|s| view! {
                    <li class:current=move || stage.get() == s
                        on:click=move |_| controls.jump(Some(s.number()))>{move || label(s)}</li>
                })}
            </ol>
        </div>
    }
}

/// 0.5×, 1× or 2×.
fn speed_select(speed: RwSignal<f64>) -> impl IntoView {
    let pick = move |text: String| {
        let value: f64 = text.parse().unwrap_or(1.0);
        speed.set(if value.is_finite() && value > 0.0 { value } else { 1.0 });
    };
    view! {
        <label class="speed">
            {tr(T::Speed)}
            <select data-testid="speed" aria-label=tr(T::SpeedName)
                on:change=move |e| pick(event_target_value(&e))>
                {SPEEDS.map(|s| view! { <option value=s selected=s == "1">{s} "×"</option> })}
            </select>
        </label>
    }
}

/// What the buttons, keys and timer do.
#[derive(Clone, Copy)]
struct Controls {
    state: AppState,
    playing: RwSignal<bool>,
}

impl Controls {
    fn current(self) -> Stage {
        self.state.picture.with_untracked(|p| p.params.stage)
    }

    /// Shows stage `k` (1-based) if there is one; says whether the stage shown changed.
    fn show(self, k: u8) -> bool {
        let before = self.current();
        if let Some(stage) = Stage::from_number(k) {
            self.state.set(Field::Stage, stage.number().to_string());
        }
        self.current() != before
    }

    /// One stage on, stopping at the last (or when the controls hold bad input).
    fn tick(self) {
        let next = self.current().number() + 1;
        if !self.show(next) || next >= Stage::Batch.number() {
            self.playing.set(false);
        }
    }

    fn toggle(self) {
        if self.playing.get_untracked() {
            self.playing.set(false);
        } else {
            if self.current() == Stage::Batch {
                self.show(Stage::Indices.number());
            }
            self.playing.set(true);
        }
    }

    /// A manual step pauses.
    fn step(self, by: i8) {
        self.playing.set(false);
        self.show(self.current().number().saturating_add_signed(by));
    }

    fn jump(self, k: Option<u8>) {
        self.playing.set(false);
        if let Some(k) = k {
            self.show(k);
        }
    }
}

/// Calls `tick` every `period` milliseconds while it is `Some`. The effect's cleanup clears the
/// previous interval whenever the period changes, and the last one when the component unmounts.
pub(super) fn use_interval(period: Signal<Option<f64>>, tick: impl Fn() + Clone + 'static) {
    Effect::new(move |_| {
        let Some(ms) = period.get() else { return };
        // setInterval takes an i32 of milliseconds.
        let every = Duration::from_millis(ms.clamp(50.0, 60_000.0) as u64);
        if let Ok(handle) = set_interval_with_handle(tick.clone(), every) {
            on_cleanup(move || handle.clear());
        }
    });
}

/// Space plays or pauses, ←/→ step, Home/End go to the first or last stage, unless the key is
/// typed into a form field (or Space presses a focused button).
fn use_shortcuts(controls: Controls) {
    let handle = window_event_listener(ev::keydown, move |e| {
        if e.ctrl_key() || e.meta_key() || e.alt_key() || e.default_prevented() {
            return;
        }
        let target = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        let tag = target.map(|t| t.tag_name().to_ascii_uppercase()).unwrap_or_default();
        if matches!(tag.as_str(), "INPUT" | "SELECT" | "TEXTAREA") {
            return;
        }
        let key = e.key();
        match key.as_str() {
            " " if !matches!(tag.as_str(), "BUTTON" | "A" | "SUMMARY") && !e.repeat() => {
                controls.toggle()
            }
            "ArrowLeft" => controls.step(-1),
            "ArrowRight" => controls.step(1),
            "Home" => controls.jump(Some(Stage::Indices.number())),
            "End" => controls.jump(Some(Stage::Batch.number())),
            _ => return,
        }
        e.prevent_default();
    });
    on_cleanup(move || handle.remove());
}

/// Icon outlines on a 16×16 grid (drawn here, no icon font: every glyph renders everywhere).
pub(super) const PLAY: &str = "M4 2.5v11l9-5.5z";
pub(super) const PAUSE: &str = "M3.5 2.5h3v11h-3zM9.5 2.5h3v11h-3z";
pub(super) const STEP_BACK: &str = "M3 2.5h2v11H3zM13 2.5v11L6 8z";
pub(super) const STEP_FORWARD: &str = "M11 2.5h2v11h-2zM3 2.5v11L10 8z";

/// A small inline SVG icon in the text colour; the button carries the accessible name.
#[component]
pub(super) fn Icon(
    /// The SVG path data.
    path: &'static str,
) -> impl IntoView {
    view! {
        <svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d=path fill="currentColor" />
        </svg>
    }
}
