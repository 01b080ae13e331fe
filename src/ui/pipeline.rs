//! The animated pipeline for small datasets (being written).
use leptos::prelude::*;
#[component]
pub fn Pipeline() -> impl IntoView {
    view! { <div data-testid="pipeline"></div> }
}
