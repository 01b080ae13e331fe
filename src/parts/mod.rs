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
//! ([`scoreboard`]), the charts ([`charts`]), the pitfalls worked out ([`pitfalls`]), the
//! downloads' files ([`downloads`]) and the schemes the page deals on demand ([`schemes`]), in one module so that they share one copy of
//! the model and the core.

#[cfg(feature = "story-part")]
pub mod charts;
#[cfg(feature = "story-part")]
pub mod downloads;
#[cfg(feature = "story-part")]
pub mod pipeline;
#[cfg(feature = "story-part")]
pub mod pitfalls;
#[cfg(feature = "story-part")]
pub mod schemes;
#[cfg(feature = "story-part")]
pub mod scoreboard;
#[cfg(feature = "story-part")]
pub mod timeline;

/// The page's parameters from `query` ([`crate::model::Params::to_query`]) and the language
/// from its code (`en`, `zh`; anything else is English): what every export of a figure reads
/// first. Values the core refuses are the error, in the library's words.
#[cfg(feature = "story-part")]
fn params_and_lang(
    query: &str,
    lang: &str,
) -> Result<(crate::model::Params, crate::i18n::Lang), wasm_bindgen::JsError> {
    let lang = crate::i18n::Lang::from_code(lang).unwrap_or(crate::i18n::Lang::En);
    let params = crate::model::Params::from_query(query).map_err(|errors| {
        wasm_bindgen::JsError::new(&errors.first().map(|e| e.message(lang)).unwrap_or_default())
    })?;
    Ok((params, lang))
}
