//! Step 1's pipeline as the story's part draws it: the chips' grid and the stage's caption as
//! HTML ([`crate::model::pipeline`]), for the page's pipeline (`ui::pipeline`), which keeps
//! the figure, its playback and each chip's element from one stage to the next.
//!
//! - `pipeline(query, lang, columns, cell)`: the picture of the page's parameters
//!   ([`Params::to_query`]) at their stage, in a grid `columns` units wide at `cell` pixels
//!   per unit.
//!
//! `lang` is a language code (`en`, `zh`; anything else is English).

use wasm_bindgen::prelude::*;

use crate::i18n::Lang;
use crate::model::{Params, Picture, pipeline};

/// The pipeline at one stage.
#[wasm_bindgen(getter_with_clone)]
pub struct Chips {
    /// The grid: `<div class="pipeline-grid">` with its row labels and chips, each keyed by
    /// `data-key`.
    pub grid: String,
    /// The stage's caption, as the `<figcaption>`'s content.
    pub caption: String,
}

/// The pipeline of the parameters `query` at their stage; values the core refuses are the
/// error, in the library's words.
#[wasm_bindgen(js_name = pipeline)]
pub fn chips(query: &str, lang: &str, columns: u32, cell: f64) -> Result<Chips, JsError> {
    let lang = Lang::from_code(lang).unwrap_or(Lang::En);
    let refused = |errors: Vec<crate::model::ParamError>| {
        JsError::new(&errors.first().map(|e| e.message(lang)).unwrap_or_default())
    };
    let params = Params::from_query(query).map_err(refused)?;
    let picture = Picture::compute(&params).map_err(refused)?;
    Ok(Chips {
        grid: pipeline::grid(&picture, columns as usize, cell, lang),
        caption: pipeline::caption(&picture, lang),
    })
}
