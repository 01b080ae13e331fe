//! Play, pause, step and scrub through the pipeline's stages (being written).
use leptos::prelude::*;
#[component]
pub fn Playback() -> impl IntoView {
    view! { <div></div> }
}
