//! Present mode (`present=1`, or its button): the comparison and one story step fill the screen,
//! its tiles large enough for a projector; ←/→ go from step to step (in the comparison, its
//! epochs), Esc leaves. The
//! epoch play's speed (`speed=`) is kept here too, since a lecturer sets both.

use leptos::prelude::*;

use super::{AppState, tr, url};
use crate::i18n::schemes::SchemeText as T;
use crate::model::present;

/// Whether the page presents, and how fast the epochs play; shared through context.
#[derive(Clone, Copy)]
pub struct Presenting {
    /// Present mode is on.
    pub on: RwSignal<bool>,
    /// The epoch play's speed, a factor of [`present::SPEEDS`].
    pub speed: RwSignal<f64>,
    /// Where the URL is written (kept here: Esc's key listener runs outside any reactive owner,
    /// where no context can be looked up).
    state: AppState,
}

impl Presenting {
    /// From the URL (`present=` only on the full page), and the page's root class following it.
    pub fn from_url(state: AppState, embed: bool) -> Self {
        let flag = url::param("present").and_then(|v| crate::model::parse_flag(&v));
        let on = RwSignal::new(!embed && flag == Some(true));
        let speed = url::param("speed").and_then(|v| present::speed(&v)).unwrap_or(1.0);
        let presenting = Self { on, speed: RwSignal::new(speed), state };
        Effect::new(move |_| {
            let on = on.get();
            if let Some(root) = document().document_element() {
                let _ = root.class_list().toggle_with_force("presenting", on);
            }
            if on {
                window().scroll_to_with_x_and_y(0.0, 0.0);
            }
        });
        presenting
    }

    /// Enters or leaves present mode, and says so in the URL. Focus moves to the steps' buttons
    /// on entering (so that ← and → step through the story, not the comparison's epochs) and
    /// back to the present button on leaving, the page then scrolled to the step it was at.
    pub fn set(self, on: bool) {
        self.on.set(on);
        self.state.set_url(&[("present", on.then_some("1"))]);
        if on {
            super::focus_first_later(&[
                "[data-testid=present-next]:not([disabled])",
                "[data-testid=present-back]",
            ]);
        } else {
            super::focus_first_later(&["[data-testid=present]"]);
            // The full page again, at the step the presenter stood on (its steps above it
            // show again once the frame is drawn).
            request_animation_frame(super::story::bring_url_step_into_view);
        }
    }

    /// Plays the epochs at `factor` times their speed, and says so in the URL (`1` is left out).
    pub fn set_speed(self, factor: f64) {
        self.speed.set(factor);
        let name = present::speed_name(factor);
        self.state.set_url(&[("speed", (name != "1").then_some(name))]);
    }
}

/// The button that enters present mode, and leaves it (as Esc does).
#[component]
pub fn PresentButton() -> impl IntoView {
    let presenting = expect_context::<Presenting>();
    let on = presenting.on;
    view! {
        <span class="present-hint" data-testid="present-hint" hidden=move || !on.get()>{tr(T::PresentHint)}</span>
        <button type="button" class="present-button" data-testid="present" data-leaves-demo
            aria-pressed=move || on.get().to_string() on:click=move |_| presenting.set(!on.get_untracked())>
            {move || if on.get() { tr(T::LeavePresent).get() } else { tr(T::Present).get() }}
        </button>
    }
}

/// The epoch play's speed.
#[component]
pub fn SpeedPicker() -> impl IntoView {
    let presenting = expect_context::<Presenting>();
    let current = move || present::speed_name(presenting.speed.get());
    view! {
        <label class="speed">
            <span class="sr-only">{tr(T::Speed)}</span>
            <select data-testid="epoch-speed" prop:value=current
                on:change=move |ev| {
                    if let Some(factor) = present::speed(&event_target_value(&ev)) {
                        presenting.set_speed(factor);
                    }
                }>
                {present::SPEEDS.iter().map(|&(name, _)| view! {
                    <option value=name selected=move || current() == name>{format!("×{name}")}</option>
                }).collect_view()}
            </select>
        </label>
    }
}
