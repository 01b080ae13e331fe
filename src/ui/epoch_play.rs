//! The comparison's epoch controls: the epoch shown, a step back and on, and play, which moves
//! the epoch on every [`TICK_MS`]. The landing page (no parameter but `lang=`) plays by itself until
//! the reader touches anything, unless they asked for reduced motion: round after round of the
//! epochs the history shows, `set_epoch` ticked and unticked in turn, so that a reader who never
//! clicks sees the epochs repeat without it. ←/→ and Space work while the focus is in the
//! comparison. Every change goes through the state (`epoch=`).

use leptos::ev;
use leptos::prelude::*;

use super::flip::{self, Snapshot};
use super::playback::{Icon, PAUSE, PLAY, STEP_BACK, STEP_FORWARD, use_interval};
use super::{AppState, fill, tr};
use crate::i18n::schemes::SchemeText as T;
use crate::model::Field;
use crate::model::query::MAX_EPOCH;

/// Time on one epoch while playing.
const TICK_MS: f64 = 1800.0;
/// Playing by itself, the landing page goes round epochs `0 .. AUTOPLAY_EPOCHS`, those the
/// history under the lanes shows.
const AUTOPLAY_EPOCHS: u64 = crate::model::scheme::history::EPOCHS;

/// What the buttons, keys and timer do; `before` holds the tiles' places across a change.
#[derive(Clone, Copy)]
pub struct EpochSteps {
    state: AppState,
    /// Whether the epochs are playing.
    pub playing: RwSignal<bool>,
    /// Whether they play by themselves (the landing page), going round.
    autoplay: RwSignal<bool>,
    /// Whether each round, playing by itself, turns `set_epoch` over (until the reader
    /// touches `set_epoch` or `shuffle` themselves, or anything else).
    pub turns_set_epoch: RwSignal<bool>,
    /// The tiles' places before the latest change, until the new epoch is drawn.
    pub before: StoredValue<Option<Snapshot>>,
}

impl EpochSteps {
    /// Playing stopped; on the landing page it starts by itself.
    pub fn new(state: AppState, landing: bool) -> Self {
        let auto = landing && !flip::reduced_motion();
        // Presenting, the presenter has `set_epoch` in hand from the start.
        let presenting =
            use_context::<super::present::Presenting>().is_some_and(|p| p.on.get_untracked());
        Self {
            state,
            playing: RwSignal::new(auto),
            autoplay: RwSignal::new(auto),
            turns_set_epoch: RwSignal::new(auto && !presenting),
            before: StoredValue::new(None),
        }
    }

    /// Notes where the tiles stand, so that they travel to the next epoch's places; a change
    /// that dealt nothing new leaves no old places to travel from later.
    fn travel(self) {
        self.before.set_value(flip::capture());
        let before = self.before;
        set_timeout(move || before.set_value(None), std::time::Duration::from_millis(1000));
    }

    /// The play no longer turns `set_epoch` over. What it shows stays; if that is a round
    /// without `set_epoch`, the URL says so from now on (it was kept bare while playing).
    fn hand_over(self) {
        if self.turns_set_epoch.get_untracked() {
            self.turns_set_epoch.set(false);
            if !self.state.dealt.with_untracked(|p| p.set_epoch) {
                self.state.write_url();
            }
        }
    }

    fn current(self) -> u64 {
        self.state.dealt.with_untracked(|p| p.epoch)
    }

    /// Shows epoch `epoch`, noting where the tiles stood so that they travel.
    pub fn show(self, epoch: u64) {
        self.travel();
        let text = epoch.min(MAX_EPOCH).to_string();
        // Playing by itself, the landing page keeps its bare address.
        if self.autoplay.get_untracked() {
            self.state.set_quiet(Field::Epoch, text);
        } else {
            self.state.set(Field::Epoch, text);
        }
    }

    fn tick(self) {
        let next = self.current() + 1;
        let round = self.autoplay.get_untracked() && next >= AUTOPLAY_EPOCHS;
        if round && self.turns_set_epoch.get_untracked() {
            // The next round with `set_epoch` turned over, in one change from the last epoch.
            let on = self.state.dealt.with_untracked(|p| p.set_epoch);
            self.travel();
            self.state.set_many_quiet(&[
                (Field::SetEpoch, crate::model::flag_text(!on).to_string()),
                (Field::Epoch, "0".to_string()),
            ]);
            return;
        }
        self.show(if round { 0 } else { next });
    }

    /// Plays or pauses.
    pub fn toggle(self) {
        self.hand_over();
        self.autoplay.set(false);
        self.playing.update(|p| *p = !*p);
    }

    /// One epoch back or on; a manual step pauses.
    pub fn step(self, by: i64) {
        self.stop();
        self.show(self.current().saturating_add_signed(by));
    }

    /// Stops playing and puts back what the landing page's play changed (the epoch, and
    /// `set_epoch` in a round without it): the reader starts something of their own (present
    /// mode, the walk-through) from the page's own values, not from whichever epoch or round
    /// the play stood at. Quietly while the address is still bare; written once the reader
    /// has taken `set_epoch` or `shuffle` in hand (the address then holds the epoch).
    fn leave_demo(self) {
        let turned = self.turns_set_epoch.get_untracked();
        self.turns_set_epoch.set(false);
        self.autoplay.set(false);
        self.playing.set(false);
        let defaults = crate::model::Params::default();
        let epoch = (Field::Epoch, defaults.epoch.to_string());
        if turned {
            let set_epoch = crate::model::flag_text(defaults.set_epoch).to_string();
            self.state.set_many_quiet(&[epoch, (Field::SetEpoch, set_epoch)]);
        } else {
            self.state.set_many(&[epoch]);
        }
    }

    /// Stops playing (the reader took over).
    pub fn stop(self) {
        self.hand_over();
        self.autoplay.set(false);
        self.playing.set(false);
    }
}

/// The epoch, its stepper and its play button.
#[component]
pub fn EpochPlay(
    /// The steps the keys and the timer share.
    steps: EpochSteps,
) -> impl IntoView {
    let state = steps.state;
    let speed = use_context::<super::present::Presenting>().map(|p| p.speed);
    let period = Signal::derive(move || {
        let factor = speed.map_or(1.0, |s| s.get());
        (steps.playing.get() && state.visible.get()).then_some(TICK_MS / factor)
    });
    use_interval(period, move || steps.tick());
    // The reader touching anything, or moving the focus, ends the landing page's own playing;
    // but not `set_epoch` or `shuffle`, whose effect the playing epochs show.
    // (`own` says whether the event is one the play button acts on itself: a press of it, or
    // a key that clicks it; `focus` that it only moved the focus.)
    let take_over = move |target: Option<web_sys::EventTarget>, own: bool, focus: bool| {
        if steps.autoplay.get_untracked() {
            let inside = |selector| within(target.as_ref(), selector);
            if own && inside("[data-owns-play]") {
                // The play button: its click pauses (stopping here, the click would play again).
            } else if inside("[data-leaves-demo]") {
                // Present mode or the walk-through: pressed, they start from the page's own
                // values; only focused, nothing yet (the press comes next).
                if own && !focus {
                    steps.leave_demo();
                }
            } else if inside("[data-keeps-play]") {
                // The reader has `set_epoch` (or `shuffle`) in hand: the play leaves it to them.
                steps.hand_over();
            } else {
                steps.stop();
            }
        }
    };
    let pointer =
        window_event_listener(ev::pointerdown, move |e| take_over(e.target(), true, false));
    let key = window_event_listener(ev::keydown, move |e| {
        take_over(e.target(), matches!(e.key().as_str(), " " | "Enter"), false)
    });
    let focus = window_event_listener(ev::focusin, move |e| take_over(e.target(), true, true));
    // Once the reader scrolls past the first screen it stops for good, so that nothing they
    // read further down changes under their eyes.
    let scroll = window_event_listener(ev::scroll, move |_| {
        let past = window().scroll_y().unwrap_or(0.0)
            > window().inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(800.0) / 2.0;
        if past && steps.autoplay.get_untracked() {
            steps.stop();
        }
    });
    on_cleanup(move || {
        pointer.remove();
        key.remove();
        focus.remove();
        scroll.remove();
    });
    let epoch = move || state.dealt.with(|p| p.epoch);
    let label = move || {
        if steps.playing.get() { tr(T::PauseEpochs).get() } else { tr(T::PlayEpochs).get() }
    };
    view! {
        <div class="epoch-play" role="group" aria-label=tr(T::EpochGroup)>
            <button type="button" data-testid="previous-epoch" aria-label=tr(T::PreviousEpoch)
                on:click=move |_| steps.step(-1)>
                <Icon path=STEP_BACK />
            </button>
            <button type="button" class="play" data-testid="play-epochs" data-owns-play aria-label=label
                aria-describedby=move || steps.turns_set_epoch.get().then_some("demo-note")
                aria-pressed=move || steps.playing.get().to_string() on:click=move |_| steps.toggle()>
                {move || if steps.playing.get() { view! { <Icon path=PAUSE /> } } else { view! { <Icon path=PLAY /> } }}
            </button>
            <button type="button" data-testid="next-epoch" aria-label=tr(T::NextEpoch)
                on:click=move |_| steps.step(1)>
                <Icon path=STEP_FORWARD />
            </button>
            {speed.is_some().then(|| view! { <super::present::SpeedPicker /> })}
            // Announced when the reader moves it, not every tick of the landing page's play.
            <output class="epoch-shown" data-testid="epoch"
                aria-live=move || if steps.autoplay.get() { "off" } else { "polite" }>
                {move || fill(T::Epoch, state.lang.get(), &[("epoch", &epoch())])}
            </output>
        </div>
        // Why `set_epoch` ticks and unticks by itself, beside the buttons (a line of its own on
        // a phone); once the reader has taken over it keeps its room, hidden, so that nothing
        // beside it moves under their pointer.
        {steps.turns_set_epoch.get_untracked().then(|| {
                let last = AUTOPLAY_EPOCHS - 1;
                view! {
                    <span class="demo-note" id="demo-note" data-testid="demo-note"
                        class:ended=move || !steps.turns_set_epoch.get()>
                        {move || fill(T::PlayingBoth, state.lang.get(), &[("last", &last)])}
                    </span>
                }
            })}
    }
}

/// Whether an event's target is inside an element `selector` finds: a control that leaves the
/// landing page playing (`data-keeps-play`), or the play button (`data-owns-play`).
fn within(target: Option<&web_sys::EventTarget>, selector: &str) -> bool {
    use wasm_bindgen::JsCast;
    let element = target.and_then(|t| t.dyn_ref::<web_sys::Element>());
    element.and_then(|e| e.closest(selector).ok().flatten()).is_some()
}
