//! Step 6's scoreboard as the story's part draws it ([`crate::model::scoreboard`]), for the
//! page's scoreboard (`ui::scoreboard`), which keeps the table's frame and what its buttons
//! do.
//!
//! - `scoreboard(query, focus, lang)`: after dealing one more registered scheme at the page's
//!   parameters ([`Params::to_query`]), the table as HTML (the schemes not dealt yet
//!   pending) and whether every scheme is dealt: the page calls it once per browser task until
//!   then (one deal of ImageNet-1k is a few tens of milliseconds). The deals made are kept for
//!   the next call at the same values.
//!
//! `lang` is a language code (`en`, `zh`; anything else is English).

use std::cell::RefCell;

use wasm_bindgen::prelude::*;

use crate::i18n::Lang;
use crate::model::scheme::{self, Deal, Shared};
use crate::model::{ParamError, Params, Stage, scoreboard};

/// The table so far.
#[wasm_bindgen(getter_with_clone)]
pub struct Board {
    /// `<table>`: its heading row, then one row per registered scheme.
    pub html: String,
    /// Whether every scheme is dealt.
    pub done: bool,
}

/// The deals made so far, the registry's first schemes'.
type Dealt = Vec<Result<Deal, Vec<ParamError>>>;

thread_local! {
    /// The values last asked for (at the last stage), and the deals made for them so far.
    static DEALS: RefCell<Option<(Params, Dealt)>> = const { RefCell::new(None) };
}

/// Deals the next scheme not dealt yet, then the table.
#[wasm_bindgen(js_name = scoreboard)]
pub fn draw(query: &str, focus: &str, lang: &str) -> Result<Board, JsError> {
    let lang = Lang::from_code(lang).unwrap_or(Lang::En);
    let params = Params::from_query(query).map_err(|errors: Vec<ParamError>| {
        JsError::new(&errors.first().map(|e| e.message(lang)).unwrap_or_default())
    })?;
    let params = Params { stage: Stage::Batch, ..params };
    DEALS.with_borrow_mut(|kept| {
        let deals = match kept {
            Some((p, deals)) if *p == params => deals,
            _ => &mut kept.insert((params.clone(), Vec::new())).1,
        };
        if let Some(s) = scheme::SCHEMES.get(deals.len()) {
            deals.push(s.deal(&params, &Shared::default()));
        }
        let done = deals.len() == scheme::SCHEMES.len();
        Ok(Board { html: scoreboard::table(deals, focus, lang), done })
    })
}
