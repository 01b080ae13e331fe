//! The charts panel: places the SVG charts that `crate::chart` draws (placeholder).

use leptos::prelude::*;

use super::tr;
use crate::i18n::charts::ChartText;

/// The charts for the current picture.
#[component]
pub fn Charts() -> impl IntoView {
    view! {
        <section class="charts" data-testid="charts" aria-labelledby="charts-title">
            <h2 id="charts-title">{tr(ChartText::Heading)}</h2>
        </section>
    }
}
