//! The pitfalls' half of the story's part ([`crate::parts::pitfalls`]) as the page sees it: its
//! exports, typed. Everything here is a call into that module; an error it throws (even a panic
//! of its wasm) becomes the card's error and nothing more.

use wasm_bindgen::prelude::*;

use super::part::{self, describe};
use crate::i18n::Lang;
use crate::model::scenario::Scenario;

/// The story's part, seen for its pitfalls, once [`super::part`] has loaded it.
pub fn loaded() -> Option<PitfallsPart> {
    part::story()
}

#[wasm_bindgen]
extern "C" {
    /// The story's part's module, once loaded and started.
    pub type PitfallsPart;
    #[wasm_bindgen(method, catch, js_name = pitfall)]
    fn pitfall_js(
        this: &PitfallsPart,
        name: &str,
        lang: &str,
        compact: bool,
    ) -> Result<String, JsValue>;
    #[wasm_bindgen(method, catch, js_name = broken_side)]
    fn broken_side_js(this: &PitfallsPart, name: &str) -> Result<Option<Loaded>, JsValue>;

    /// What a pitfall's link loads.
    type Loaded;
    #[wasm_bindgen(method, getter)]
    fn values(this: &Loaded) -> String;
    #[wasm_bindgen(method, getter)]
    fn compare(this: &Loaded) -> Option<String>;
    #[wasm_bindgen(method, js_name = free)]
    fn free(this: &Loaded);
}

impl PitfallsPart {
    /// The card of `scenario` in `lang` (`compact` in an embed), or why it could not be made.
    pub fn card(&self, scenario: Scenario, lang: Lang, compact: bool) -> Result<String, String> {
        self.pitfall_js(scenario.name(), lang.code(), compact).map_err(|e| describe(&e))
    }

    /// What a link to `scenario` loads: its parameters (`Params::to_query`'s form) and the
    /// schemes to compare; `None` when the picture cannot show its broken side, or the part
    /// failed (said on the console).
    pub fn broken_side(&self, scenario: Scenario) -> Option<(String, Option<String>)> {
        let loaded = match self.broken_side_js(scenario.name()) {
            Ok(loaded) => loaded?,
            Err(e) => {
                leptos::logging::warn!(
                    "sampler-viz: the pitfall's link loads nothing: {}",
                    describe(&e)
                );
                return None;
            }
        };
        let side = (loaded.values(), loaded.compare());
        loaded.free();
        Some(side)
    }
}
