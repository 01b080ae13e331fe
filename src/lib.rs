//! sampler-viz: an exact, interactive picture of what PyTorch's `DistributedSampler` hands
//! each GPU.
//!
//! - [`sampler`]: the core, PyTorch's sampling pipeline bit for bit, with no web dependency.
//! - [`conformance`]: checks the core against golden vectors made by real PyTorch.
//! - `ui` (wasm only): the Leptos page that draws what the core computed.

pub mod conformance;
pub mod model;
pub mod sampler;

#[cfg(target_arch = "wasm32")]
pub mod ui;
