//! The pipeline for large datasets, drawn on a canvas (being written).
use leptos::prelude::*;
#[component]
pub fn CanvasView() -> impl IntoView {
    view! { <div data-testid="canvas-view"></div> }
}
