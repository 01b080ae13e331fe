//! The pitfall scenarios: one button each; the chosen one shows the broken set-up beside the
//! fixed one ([`crate::model::scenario`]). `?scenario=<name>` opens one, and the choice is kept
//! in the URL so a tutorial can link straight to it.
//!
//! Test ids: `scenarios` (the section), `scenario-<name>` (each button, `aria-pressed`),
//! `scenario-panel` (with `data-scenario=<name>`), `scenario-explain`, `scenario-setup`,
//! `scenario-close`, `scenario-broken` and `scenario-fixed` (the columns), inside each
//! `fact-<id>` (`data-value` holds the number; ids in [`crate::model::scenario`]'s sides),
//! `scenario-error` (PyTorch's exception), `scenario-show-broken` / `scenario-show-fixed`,
//! and `scenario-unknown` (an unknown `scenario=` name).

use leptos::prelude::*;

use super::scenario_view::ScenarioView;
use super::{AppState, tr, url};
use crate::i18n::fill;
use crate::i18n::scenarios::ScenarioText;
use crate::model::scenario::Scenario;

/// The URL parameter naming the open scenario.
const PARAM: &str = "scenario";

/// What the panel shows below the picker.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Choice {
    /// Nothing chosen: the picker only.
    None,
    /// A scenario.
    Known(Scenario),
    /// `scenario=` named none of them (kept as plain text, never as HTML).
    Unknown(String),
}

/// The scenario picker and the chosen scenario's comparison.
#[component]
pub fn Scenarios() -> impl IntoView {
    let state = expect_context::<AppState>();
    let chosen = RwSignal::new(choice_from_url());
    let choose = move |next: Choice| {
        let name = match &next {
            Choice::Known(s) => Some(s.name()),
            _ => None,
        };
        state.set_url(&[(PARAM, name)]);
        chosen.set(next);
    };
    let close = Some(Callback::new(move |_| choose(Choice::None)));
    // Opened by its link: the broken side in the comparison (unless the link sets values of
    // its own), and the card in view once drawn.
    if let Choice::Known(scenario) = chosen.get_untracked() {
        let own_values = crate::model::Field::ALL.iter().any(|f| url::param(f.name()).is_some());
        if !own_values {
            super::scenario_view::load_broken(scenario);
        }
        set_timeout(
            || super::story::bring_into_view("[data-testid=scenario-panel]"),
            std::time::Duration::from_millis(50),
        );
    }
    let body = move || match chosen.get() {
        Choice::None => ().into_any(),
        Choice::Known(scenario) => {
            view! { <ScenarioView scenario=scenario on_close=close /> }.into_any()
        }
        Choice::Unknown(name) => view! {
            <p class="scenario-unknown" role="alert" data-testid="scenario-unknown">
                {move || fill(ScenarioText::Unknown.text(state.lang.get()), &[("name", &name)])}
            </p>
        }
        .into_any(),
    };
    view! {
        <section class="scenarios" data-testid="scenarios" aria-labelledby="scenarios-title">
            <h3 id="scenarios-title">{tr(ScenarioText::Heading)}</h3>
            <p class="scenarios-intro">{tr(ScenarioText::Intro)}</p>
            <Picker chosen=chosen.read_only() on_pick=Callback::new(move |s| choose(Choice::Known(s))) />
            {body}
        </section>
    }
}

/// One button per scenario; the chosen one is pressed.
#[component]
fn Picker(
    /// What is open.
    chosen: ReadSignal<Choice>,
    /// Called with the scenario clicked.
    on_pick: Callback<Scenario>,
) -> impl IntoView {
    let buttons = Scenario::ALL
        .into_iter()
        .map(|scenario| {
            let pressed = move || (chosen.get() == Choice::Known(scenario)).to_string();
            view! {
                <button
                    type="button"
                    class="scenario-button"
                    data-testid=format!("scenario-{}", scenario.name())
                    aria-pressed=pressed
                    on:click=move |_| on_pick.run(scenario)
                >
                    {tr(scenario.title())}
                </button>
            }
        })
        .collect_view();
    view! {
        <div class="scenario-picker" role="group" aria-label=tr(ScenarioText::PickerLabel)>
            {buttons}
        </div>
    }
}

/// An embed with `scenario=` (`?scenario=no_set_epoch&embed=1`): the pitfall alone, both sides
/// compact, with a word on what the full page adds; `None` when no scenario is named.
pub fn embedded() -> Option<AnyView> {
    let state = expect_context::<AppState>();
    match choice_from_url() {
        Choice::None => None,
        Choice::Known(scenario) => Some(
            view! {
                <section class="scenarios embedded" data-testid="scenarios">
                    <ScenarioView scenario=scenario on_close=None compact=true />
                    <p class="scenario-note" data-testid="embed-only">{tr(ScenarioText::EmbedOnly)}</p>
                </section>
            }
            .into_any(),
        ),
        Choice::Unknown(name) => Some(
            view! {
                <p class="scenario-unknown" role="alert" data-testid="scenario-unknown">
                    {move || fill(ScenarioText::UnknownEmbed.text(state.lang.get()), &[("name", &name)])}
                </p>
            }
            .into_any(),
        ),
    }
}

/// Whether the page's URL names a scenario that exists.
pub fn known_in_url() -> bool {
    in_url().is_some()
}

/// The scenario the page's URL names, if it exists.
pub fn in_url() -> Option<Scenario> {
    match choice_from_url() {
        Choice::Known(scenario) => Some(scenario),
        _ => None,
    }
}

/// The scenario the page's URL asks for.
fn choice_from_url() -> Choice {
    match url::param(PARAM) {
        None => Choice::None,
        Some(name) if name.trim().is_empty() => Choice::None,
        Some(name) => Scenario::from_name(&name).map_or(Choice::Unknown(name), Choice::Known),
    }
}
