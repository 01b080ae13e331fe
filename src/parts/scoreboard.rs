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
use std::sync::Arc;

use wasm_bindgen::prelude::*;

use super::HtmlSoFar;
use crate::model::scheme::{self, Deal, Shared};
use crate::model::{ParamError, Params, Stage, scoreboard};
use crate::sampler::DistributedSampler;

/// The deals made so far, the registry's first schemes'.
type Dealt = Vec<Result<Deal, Vec<ParamError>>>;

thread_local! {
    /// The values last asked for (at the last stage), DistributedSampler's epoch for them (which
    /// every scheme built on it reads rather than drawing it again), and the deals so far.
    static DEALS: RefCell<Option<(Params, Shared, Dealt)>> = const { RefCell::new(None) };
}

/// Deals the next scheme not dealt yet, then the table.
#[wasm_bindgen(js_name = scoreboard)]
pub fn draw(query: &str, focus: &str, lang: &str) -> Result<HtmlSoFar, JsError> {
    let (params, lang) = super::params_and_lang(query, lang)?;
    let params = Params { stage: Stage::Batch, ..params };
    DEALS.with_borrow_mut(|kept| {
        let (shared, deals) = match kept {
            Some((p, shared, deals)) if *p == params => (&*shared, deals),
            _ => {
                let epoch = DistributedSampler::new(&params.sampler_config(0))
                    .and_then(|sampler| sampler.epoch())
                    .ok()
                    .map(Arc::new);
                let (_, shared, deals) =
                    kept.insert((params.clone(), Shared { epoch }, Vec::new()));
                (&*shared, deals)
            }
        };
        if let Some(s) = scheme::SCHEMES.get(deals.len()) {
            deals.push(scoreboard::row(*s, &params, shared));
        }
        let done = deals.len() == scheme::SCHEMES.len();
        Ok(HtmlSoFar { html: scoreboard::table(deals, focus, lang), done })
    })
}
