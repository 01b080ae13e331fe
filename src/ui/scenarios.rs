//! The pitfall scenarios: one click each, the broken set-up beside the fixed one (placeholder).

use leptos::prelude::*;

use super::tr;
use crate::i18n::scenarios::ScenarioText;

/// The scenario picker and the chosen scenario's comparison.
#[component]
pub fn Scenarios() -> impl IntoView {
    view! {
        <section class="scenarios" data-testid="scenarios" aria-labelledby="scenarios-title">
            <h2 id="scenarios-title">{tr(ScenarioText::Heading)}</h2>
        </section>
    }
}
