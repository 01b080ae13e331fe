//! Step 3's epoch timeline as the story's part draws it ([`crate::model::timeline`]), for the
//! page's timeline (`ui::timeline`), which keeps the section, its title and what the epochs'
//! buttons do.
//!
//! - `timeline(query, scheme, lang)`: the timeline of `scheme` (a registered name) at the
//!   page's parameters ([`Params::to_query`]) with the epoch they show marked, as HTML; or
//!   `undefined` after drawing one more of its first epochs, when some are still to draw: call
//!   again (in a later task) until it gives the HTML. The epochs drawn are kept for the next
//!   call with the same scheme and parameters at epoch 0 (the epoch shown past them too), so
//!   that the epoch shown moving costs only its own rows, and the stage moving nothing.
//!
//! `lang` is a language code (`en`, `zh`; anything else is English).

use std::cell::RefCell;

use wasm_bindgen::prelude::*;

use crate::model::timeline::{self, Run};

thread_local! {
    /// The last run asked for, drawn as far as the calls so far went.
    static RUN: RefCell<Option<Run>> = const { RefCell::new(None) };
}

/// The timeline's HTML, or `None` after drawing one more epoch of a run not yet done.
#[wasm_bindgen(js_name = timeline)]
pub fn draw(query: &str, scheme: &str, lang: &str) -> Result<Option<String>, JsError> {
    let (params, lang) = super::params_and_lang(query, lang)?;
    let s = super::registered(scheme)?;
    let at_0 = timeline::at_epoch_0(&params);
    RUN.with_borrow_mut(|run| {
        let run = match run {
            Some(r) if r.name == s.name() && r.params == at_0 => r,
            _ => run.insert(Run::new(s, at_0)),
        };
        if !run.done() {
            run.step(s);
            return Ok(None);
        }
        run.draw_shown(s, params.epoch);
        Ok(Some(timeline::html(s, run, params.epoch, lang)))
    })
}
