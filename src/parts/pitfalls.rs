//! The pitfalls' half of the story's part: each pitfall worked out by the core and written as
//! its card's HTML ([`card`]), for the page's pitfalls section (`ui::scenarios`), which keeps
//! the section, its picker and the pitfalls' titles.
//!
//! - `pitfall(name, lang, compact)`: the card of the pitfall `name` (`scenario=`'s names);
//! - `broken_side(name)`: what its link loads into the page, as its "Show broken" button does.
//!
//! `lang` is a language code (`en`, `zh`; anything else is English).

use wasm_bindgen::prelude::*;

use crate::i18n::Lang;
use crate::model::scenario::Scenario;
use crate::model::scenario::card::{self, broken_load};

/// The card of the pitfall named `name`, in `lang`; `compact` for an embed.
#[wasm_bindgen]
pub fn pitfall(name: &str, lang: &str, compact: bool) -> Result<String, JsError> {
    let lang = Lang::from_code(lang).unwrap_or(Lang::En);
    Ok(card::card(scenario(name)?, lang, compact))
}

/// What a link to the pitfall `name` loads into the page: control values, and the schemes to
/// compare; `undefined` when the picture cannot show its broken side.
#[wasm_bindgen(getter_with_clone)]
pub struct Loaded {
    /// The side's parameters, in the URL's own form (`Params::to_query`).
    pub values: String,
    /// The schemes as `compare=` spells them, when the comparison draws the side.
    pub compare: Option<String>,
}

/// The broken side of the pitfall named `name`, as its link loads it.
#[wasm_bindgen]
pub fn broken_side(name: &str) -> Result<Option<Loaded>, JsError> {
    Ok(broken_load(scenario(name)?)
        .map(|load| Loaded { values: load.params.to_query(), compare: load.compare_value() }))
}

fn scenario(name: &str) -> Result<Scenario, JsError> {
    Scenario::from_name(name).ok_or_else(|| JsError::new(&format!("no pitfall is named {name:?}")))
}
