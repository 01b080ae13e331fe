//! What the module throws: PyTorch's exceptions as `Error`s carrying PyTorch's exact message,
//! and `TypeError`/`RangeError` for arguments JavaScript got wrong or this tool cannot hold.
//!
//! Every thrown object has the same two extra properties, so a page can show any of them:
//! `pythonException` (`"ValueError"`, or `null` where PyTorch would not raise) and `rule`.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::js_sys::{Error, RangeError, Reflect, TypeError};

use crate::i18n::ErrorWords;
use crate::sampler::SamplerError;

/// A `SamplerError` as JavaScript sees it: an `Error` named after the Python exception, or a
/// `RangeError` for this tool's own size limits.
pub fn raised(error: SamplerError) -> JsValue {
    let message = error.to_string();
    let thrown: Error = match error.exception() {
        Some(exception) => {
            let thrown = Error::new(&message);
            thrown.set_name(exception);
            thrown
        }
        None => RangeError::new(&message).unchecked_into(),
    };
    with_details(thrown, error.exception(), &error.rule())
}

/// A `TypeError` for an argument of the wrong kind (a string for a count, a misspelt option).
pub fn wrong_type(message: &str, rule: &str) -> JsValue {
    with_details(TypeError::new(message).unchecked_into(), None, rule)
}

/// A `RangeError` for an argument PyTorch would refuse before our checks (a negative count),
/// or a result too large for this tool.
pub fn out_of_range(message: &str, rule: &str) -> JsValue {
    with_details(RangeError::new(message).unchecked_into(), None, rule)
}

fn with_details(thrown: Error, exception: Option<&str>, rule: &str) -> JsValue {
    let exception = exception.map_or(JsValue::NULL, JsValue::from_str);
    // Setting a property on a fresh, ordinary Error object cannot fail.
    let _ = Reflect::set(&thrown, &"pythonException".into(), &exception);
    let _ = Reflect::set(&thrown, &"rule".into(), &rule.into());
    thrown.into()
}
