//! The guided walk-through: one short explanation per stage, highlighting its part of the
//! picture (placeholder).

use leptos::prelude::*;

use super::tr;
use crate::i18n::guide::GuideText;

/// The walk-through's stepper.
#[component]
pub fn Guide() -> impl IntoView {
    view! {
        <section class="guide" data-testid="guide" aria-labelledby="guide-title">
            <h2 id="guide-title">{tr(GuideText::Heading)}</h2>
        </section>
    }
}
