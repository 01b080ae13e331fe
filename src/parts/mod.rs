//! Parts of the page loaded on demand (issue 19's split): each a wasm-bindgen module of pure
//! functions of its own, built alone by `scripts/build-parts` with its cargo feature (never with
//! the page's `page` feature, so no part carries Leptos), into `parts/NAME-HASH/` beside the
//! page. The page finds it through `<meta name="sampler-viz:part:NAME">` in `index.html` and
//! imports it when the section that needs it first comes near the screen (`ui::part`).
//!
//! A part never touches the page's DOM or memory: the page hands it numbers and strings, and it
//! hands back strings (for the charts, SVG documents and sentences; for a pitfall, its card's
//! HTML; for the pipeline, its chips' grid as HTML, or its canvas's pixels and what is said around them; for the timeline and the scoreboard, their lists as HTML).
//!
//! Today there is one part, the story's (feature `story-part`): step 1's pipeline of chips
//! ([`pipeline`]) and its canvas for large datasets ([`canvas`]), step 3's epoch timeline ([`timeline`]), step 6's scoreboard
//! ([`scoreboard`]), the charts ([`charts`]), the pitfalls worked out ([`pitfalls`]), the
//! downloads' files ([`downloads`]) and the schemes the page deals on demand ([`schemes`]), in one module so that they share one copy of
//! the model and the core.

#[cfg(feature = "story-part")]
pub mod canvas;
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

/// HTML worked out over several calls, each a browser task's work: what is known so far, and
/// whether it is complete (the charts' grid, the scoreboard). The page reads it as
/// `ui::part::HtmlSoFar`.
#[cfg(feature = "story-part")]
#[wasm_bindgen::prelude::wasm_bindgen(getter_with_clone)]
pub struct HtmlSoFar {
    /// The HTML so far.
    pub html: String,
    /// Whether it is complete.
    pub done: bool,
}

/// The page's parameters from `query` ([`crate::model::Params::to_query`]) and the language
/// from its code ([`lang_of`]): what every export of a figure reads first. Values the core
/// refuses are the error, in the library's words.
#[cfg(feature = "story-part")]
fn params_and_lang(
    query: &str,
    lang: &str,
) -> Result<(crate::model::Params, crate::i18n::Lang), wasm_bindgen::JsError> {
    let lang = lang_of(lang);
    let params = crate::model::Params::from_query(query)
        .map_err(|errors| wasm_bindgen::JsError::new(&first_message(&errors, lang)))?;
    Ok((params, lang))
}

/// The language from its code (`en`, `zh`; anything else is English).
#[cfg(feature = "story-part")]
fn lang_of(code: &str) -> crate::i18n::Lang {
    crate::i18n::Lang::from_code(code).unwrap_or(crate::i18n::Lang::En)
}

/// The first of `errors` in `lang`: what a part says of values refused.
#[cfg(feature = "story-part")]
fn first_message(errors: &[crate::model::ParamError], lang: crate::i18n::Lang) -> String {
    errors.first().map(|e| e.message(lang)).unwrap_or_default()
}

/// The registered scheme called `name`, or the error a part throws for any other name.
#[cfg(feature = "story-part")]
fn registered(
    name: &str,
) -> Result<&'static dyn crate::model::scheme::Scheme, wasm_bindgen::JsError> {
    crate::model::scheme::by_name(name)
        .ok_or_else(|| wasm_bindgen::JsError::new(&format!("no scheme is named {name:?}")))
}
