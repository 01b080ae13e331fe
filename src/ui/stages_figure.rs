//! Step 1 of the story for a scheme the pipeline does not play: its stages, one after the
//! other, each read off the scheme ([`crate::model::scheme::Scheme::stages`]), or off its deal
//! where it has none of its own ([`stages::of`]).

use leptos::prelude::*;

use super::AppState;
use super::focus::Focus;
use super::scheme_stages::stage_view;
use crate::model::scheme::stages;

/// Step 1 for a scheme other than the pipeline's: its stages, each after the other.
#[component]
pub fn StagesFigure() -> impl IntoView {
    let state = expect_context::<AppState>();
    let focus = expect_context::<Focus>();
    move || {
        let lang = state.lang.get();
        let s = focus.scheme.get();
        let params = state.dealt.get();
        // Its own stages, or those read off its deal; with workers, each GPU's batches by worker.
        let views = focus.deal.with(|d| {
            d.as_ref().ok().and_then(|deal| stages::of(s, &params, deal).ok()).unwrap_or_default()
        });
        view! {
            <div class="stages-figure" data-testid="stages-figure">
                {views.into_iter().map(|v| stage_view(v, lang)).collect_view()}
            </div>
        }
    }
}
