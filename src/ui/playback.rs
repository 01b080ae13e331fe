//! Play, pause, step and scrub through the pipeline's five stages. Every change goes through
//! the state (`stage=` in the URL), so a link reopens the same stage.

use std::time::Duration;

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, HtmlSelectElement};

use super::{AppState, patch};
use crate::i18n::Lang;
use crate::i18n::page::PlaybackText as T;
use crate::model::html::escape;
use crate::model::{Field, Stage};

/// Time on one stage at 1× speed.
const TICK_MS: f64 = 1600.0;
/// The speeds offered, as the select's values.
const SPEEDS: [&str; 3] = ["0.5", "1", "2"];
/// Each stage's label under the scrubber.
const LABELS: [T; 5] = [T::Stage1, T::Stage2, T::Stage3, T::Stage4, T::Stage5];

/// Play/pause, step back and forward, a scrubber over the stages and a speed select; Space,
/// ←/→ and Home/End do the same from anywhere but a form field.
///
/// Written as HTML ([`bar`]) and morphed in whenever the stage, the play, the speed or the
/// language changes (every element keyed down to the speed's options, so the control with the
/// focus stays), with one listener per event for the whole bar: a Leptos view of the same
/// controls made the page's wasm about 2 KB larger gzipped (docs/benchmarks.md).
#[component]
pub fn Playback() -> impl IntoView {
    let state = expect_context::<AppState>();
    let stage = state.stage();
    let playing = RwSignal::new(false);
    let speed = RwSignal::new(1.0_f64);
    let controls = Controls { state, playing };
    let period = Signal::derive(move || {
        (playing.get() && state.visible.get()).then(|| TICK_MS / speed.get())
    });
    use_interval(period, move || controls.tick());
    use_shortcuts(controls);
    let host = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        let (stage, playing, speed, lang) =
            (stage.get(), playing.get(), speed.get(), state.lang.get());
        let Some(host) = host.get() else { return };
        patch::morph(&host, &bar(stage, playing, speed, lang));
        // A control a reader has moved no longer follows its attribute: set what it shows.
        if let Some(range) = control::<HtmlInputElement>(&host, "[data-testid=scrubber]") {
            range.set_value(&stage.number().to_string());
        }
        if let Some(select) = control::<HtmlSelectElement>(&host, "[data-testid=speed]") {
            select.set_value(&speed.to_string());
        }
    });
    let clicked = move |e: ev::MouseEvent| {
        let act = e
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|t| t.closest("[data-act]").ok().flatten());
        match act.and_then(|a| a.get_attribute("data-act")).as_deref() {
            Some("back") => controls.step(-1),
            Some("play") => controls.toggle(),
            Some("forward") => controls.step(1),
            Some(stage) => controls.jump(stage.strip_prefix("stage-").and_then(|k| k.parse().ok())),
            None => {}
        }
    };
    let value = |e: &ev::Event| event_target_value(e);
    view! {
        <div node_ref=host
            on:click=clicked
            on:input=move |e| if is(&e, "scrubber") { controls.jump(value(&e).parse().ok()) }
            on:change=move |e| if is(&e, "speed") { speed.set(parse_speed(&value(&e))) }></div>
    }
}

/// The bar's HTML at `stage`, playing or not, at `speed`, in `lang`.
fn bar(stage: Stage, playing: bool, speed: f64, lang: Lang) -> String {
    let t = |key: T| escape(key.text(lang));
    let button = |act: &str, testid: &str, extra: &str, label: &str, icon: &str| {
        format!(
            r#"<button type="button" data-key="{act}" data-act="{act}" data-testid="{testid}"{extra} aria-label="{label}"><svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path d="{icon}" fill="currentColor"/></svg></button>"#
        )
    };
    let disabled = |end: Stage| format!(r#" aria-disabled="{}""#, stage == end);
    let (play_label, icon) = if playing { (t(T::Pause), PAUSE) } else { (t(T::Play), PLAY) };
    let labels: String = Stage::ALL
        .iter()
        .zip(LABELS)
        .map(|(s, label)| {
            let k = s.number();
            let current = if *s == stage { r#" class="current""# } else { "" };
            format!(r#"<li data-key="{k}" data-act="stage-{k}"{current}>{}</li>"#, t(label))
        })
        .collect();
    let options: String = SPEEDS
        .iter()
        .map(|s| {
            let selected = if s.parse() == Ok(speed) { " selected" } else { "" };
            format!(r#"<option data-key="{s}" value="{s}"{selected}>{s}×</option>"#)
        })
        .collect();
    let k = stage.number();
    let now = LABELS.get(usize::from(k).saturating_sub(1)).map_or(String::new(), |l| t(*l));
    format!(
        r#"<div class="playback" role="group" aria-label="{group}">{back}{play}{forward}<div class="scrub" data-key="scrub"><input type="range" data-key="range" data-testid="scrubber" min="1" max="5" step="1" value="{k}" aria-label="{scrubber}" aria-valuetext="{now}"><ol class="scrub-labels" data-key="labels" aria-hidden="true">{labels}</ol></div><label class="speed" data-key="speed"><span data-key="text">{speed_text}</span><select data-key="select" data-testid="speed" aria-label="{speed_name}">{options}</select></label></div>"#,
        group = t(T::Group),
        back = button("back", "step-back", &disabled(Stage::Indices), &t(T::Previous), STEP_BACK),
        play = button(
            "play",
            "play",
            &format!(r#" class="play" aria-pressed="{playing}""#),
            &play_label,
            icon
        ),
        forward =
            button("forward", "step-forward", &disabled(Stage::Batch), &t(T::Next), STEP_FORWARD),
        scrubber = t(T::Scrubber),
        speed_text = t(T::Speed),
        speed_name = t(T::SpeedName),
    )
}

/// A speed the select offers, read back (1× for anything else).
fn parse_speed(text: &str) -> f64 {
    let value: f64 = text.parse().unwrap_or(1.0);
    if value.is_finite() && value > 0.0 { value } else { 1.0 }
}

/// Whether `e` comes from the control with test id `testid`.
fn is(e: &ev::Event, testid: &str) -> bool {
    let target = e.target().and_then(|t| t.dyn_into::<Element>().ok());
    target.and_then(|t| t.get_attribute("data-testid")).as_deref() == Some(testid)
}

/// The control `selector` finds in `host`, as the element type it is.
fn control<E: JsCast>(host: &Element, selector: &str) -> Option<E> {
    host.query_selector(selector).ok().flatten().and_then(|e| e.dyn_into().ok())
}

/// What the buttons, keys and timer do.
#[derive(Clone, Copy)]
struct Controls {
    state: AppState,
    playing: RwSignal<bool>,
}

impl Controls {
    fn current(self) -> Stage {
        self.state.drawn.with_untracked(|p| p.stage)
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
