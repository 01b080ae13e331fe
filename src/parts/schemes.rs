//! The schemes dealt on demand ([`crate::model::scheme::remote`]), answered by the story's
//! part: the page's wasm carries only their names, titles and steps, and asks the part every
//! deal, history, stage, Python and seed of the schemes it does not compare by default.
//!
//! - `ask(request)`: a [`Request`](crate::model::scheme::remote::Request)'s bytes in, the
//!   answer's bytes out (postcard), worked out by the registered scheme itself.

use wasm_bindgen::prelude::*;

/// The answer to one question of the page's [`Remote`](crate::model::scheme::remote::Remote)s.
#[wasm_bindgen]
pub fn ask(request: &[u8]) -> Result<Vec<u8>, JsError> {
    crate::model::scheme::remote::answer(request).map_err(|why| JsError::new(&why))
}
