//! The schemes dealt on demand ([`crate::model::scheme::remote`]) as the page reaches them:
//! each question goes to the story's part ([`crate::parts::schemes`]) once it is loaded. Asking
//! before then starts loading it and is answered "loading"; the question reads where the part
//! is as a signal, so whatever asked (a panel's deal, a figure's sentence, an epoch's history)
//! is worked out again when the part arrives, or says that it could not.

use leptos::task::spawn_local;
use wasm_bindgen::prelude::*;

use super::part::{self, Part, STORY, describe};
use crate::model::scheme::remote::Unavailable;

#[wasm_bindgen]
extern "C" {
    /// The story's part's module, seen for the schemes it deals.
    type SchemesPart;
    #[wasm_bindgen(method, catch, js_name = ask)]
    fn ask_js(this: &SchemesPart, request: &[u8]) -> Result<Vec<u8>, JsValue>;
}

/// The answer's bytes from the part, or why there is none yet ([`remote::install`]s this).
///
/// [`remote::install`]: crate::model::scheme::remote::install
pub fn ask(request: &[u8]) -> Result<Vec<u8>, Unavailable> {
    match part::tracked(STORY) {
        Part::Ready => {
            let module = part::story::<SchemesPart>()
                .ok_or_else(|| Unavailable::Missing("the story's part is not loaded".into()))?;
            module.ask_js(request).map_err(|error| Unavailable::Missing(describe(&error)))
        }
        Part::Missing(why) => Err(Unavailable::Missing(why)),
        Part::Waiting => {
            // Not from within the computation that asked: loading sets the signal it read.
            spawn_local(async { part::start(STORY) });
            Err(Unavailable::Loading)
        }
    }
}
