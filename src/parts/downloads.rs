//! The downloads' files as the story's part writes them ([`crate::model::export`]), for the
//! page's share panel (`ui::share`), which keeps the buttons, names the file and hands it to
//! the browser.
//!
//! - `download(query, scheme, json)`: every rank's indices this epoch as `scheme` (a
//!   registered name) deals them at the page's parameters ([`Params::to_query`]): JSON when
//!   `json`, else CSV; or, when the scheme refuses those values, the library's message as the
//!   error.

use wasm_bindgen::prelude::*;

use crate::model::scheme::Shared;
use crate::model::{Params, Picture, Stage, export};

/// The file's text.
#[wasm_bindgen]
pub fn download(query: &str, scheme: &str, json: bool) -> Result<String, JsError> {
    let (params, lang) = super::params_and_lang(query, "en")?;
    let s = super::registered(scheme)?;
    let refused =
        |errors: Vec<crate::model::ParamError>| JsError::new(&super::first_message(&errors, lang));
    let params = Params { stage: Stage::Batch, ..params };
    let picture = Picture::compute(&params).map_err(refused)?;
    let shared = Shared { epoch: Some(picture.epoch.clone()) };
    let deal = export::deal(s, &params, &shared).map_err(refused)?;
    Ok(if json { export::json(&picture, s, &deal) } else { export::csv(&deal) })
}
