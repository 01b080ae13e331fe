//! sampler-viz: an exact, interactive picture of what PyTorch's `DistributedSampler` hands
//! each GPU.
//!
//! - [`sampler`]: the core (the `sampler-core` crate, `core/`), PyTorch's sampling pipeline bit
//!   for bit, with no web or page dependency.
//! - [`chart`]: the teaching charts, pure functions from the model's data to SVG (plotters).
//! - [`conformance`]: checks the core against golden vectors made by real PyTorch.
//! - [`i18n`]: every word of the page in English and Chinese, in one place.
//! - [`model`]: what the page shows, computed from its URL parameters (pure, like the core).
//! - `ui` (wasm only, the default `page` feature): the Leptos page that draws what the model computed.
//! - `js_api` (wasm only): the core as an ES module for other pages (`docs/js-api.md`).
//! - `parts` (wasm only): parts of the page loaded on demand, each a module of its own (the
//!   story's: the charts and the pitfalls).

pub mod chart;
pub mod conformance;
pub mod i18n;
#[cfg(all(target_arch = "wasm32", feature = "js-api"))]
pub mod js_api;
pub mod model;
pub use sampler_core as sampler;

#[cfg(all(target_arch = "wasm32", feature = "story-part"))]
pub mod parts;
#[cfg(all(target_arch = "wasm32", feature = "page"))]
pub mod ui;
