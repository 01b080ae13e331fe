//! Parts of the page loaded on demand (issue 19's split): each a wasm-bindgen module of pure
//! functions of its own, built alone by `scripts/build-parts` with its cargo feature (never with
//! the page's `page` feature, so no part carries Leptos), into `parts/NAME-HASH/` beside the
//! page. The page finds it through `<meta name="sampler-viz:part:NAME">` in `index.html` and
//! imports it when the section that needs it first comes near the screen (`ui::part`).
//!
//! A part never touches the page's DOM or memory: the page hands it numbers and strings, and it
//! hands back strings (for the charts, SVG documents and sentences; for a pitfall, its card's
//! HTML; for the pipeline, its chips' grid as HTML; for the timeline and the scoreboard, their lists as HTML).
//!
//! Today there is one part, the story's (feature `story-part`): step 1's pipeline of chips
//! ([`pipeline`]), step 3's epoch timeline ([`timeline`]), step 6's scoreboard
//! ([`scoreboard`]), the charts ([`charts`]) and the pitfalls worked out ([`pitfalls`]), in one module so that they share one copy of the model
//! and the core.

#[cfg(feature = "story-part")]
pub mod charts;
#[cfg(feature = "story-part")]
pub mod pipeline;
#[cfg(feature = "story-part")]
pub mod pitfalls;
#[cfg(feature = "story-part")]
pub mod scoreboard;
#[cfg(feature = "story-part")]
pub mod timeline;
