//! Reading what JavaScript passes: options objects, counts and Python integers, each checked
//! so that no argument a page can pass reaches a panic.

use std::num::IntErrorKind;

use wasm_bindgen::{JsCast, JsValue};
use web_sys::js_sys::{Array, BigInt, Number, Object, Reflect};

use super::error::{out_of_range, wrong_type};

/// `Number.MAX_SAFE_INTEGER`: beyond it a JavaScript number no longer holds every integer.
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

/// The rule for `n` (`len(dataset)`), whatever the function.
pub const N_RULE: &str = "n (len(dataset)) is a whole number from 0 to 2^24 = 16,777,216: PyTorch \
     goes further, this module stops there.";
/// The rule for `noSamplerBatches`'s `epochs`.
const EPOCHS_RULE: &str = "epochs is a whole number from 0, with epochs × n at most 2^25 and at \
     most 2^20 batches in all.";
const INT_RULE: &str = "This argument is a whole JavaScript number, at most 2^53 - 1 either way \
     (a safe integer).";
const LIST_RULE: &str = "A list option (weights) is an array of JavaScript numbers, or a \
     string of numbers separated by commas.";
const PY_INT_RULE: &str = "Seeds and epochs are Python integers, which reach 2^64 - 1: pass a \
     BigInt (42n), a decimal string (\"42\") or a safe-integer number (42).";

/// An options object, with the names of the options its function takes.
pub struct Options<'a> {
    object: &'a JsValue,
    call: &'static str,
}

impl<'a> Options<'a> {
    /// Checks that `value` is an object whose own keys are all among `keys` (a misspelt option
    /// would otherwise be silently replaced by its default).
    pub fn new(value: &'a JsValue, call: &'static str, keys: &[&str]) -> Result<Self, JsValue> {
        let rule = format!("{call} takes one object with the options {}.", keys.join(", "));
        if !value.is_object() || value.is_function() || Array::is_array(value) {
            let got = describe(value);
            return Err(wrong_type(&format!("{call} takes an options object, got {got}"), &rule));
        }
        for key in Object::keys::<JsValue>(value.unchecked_ref()).iter() {
            let key = key.as_string().unwrap_or_default();
            if !keys.contains(&key.as_str()) {
                return Err(wrong_type(&format!("{call}: unknown option {key:?}"), &rule));
            }
        }
        Ok(Self { object: value, call })
    }

    /// The option `key`, or `None` when it is absent or `undefined`.
    fn get(&self, key: &str) -> Result<Option<JsValue>, JsValue> {
        Ok(Some(Reflect::get(self.object, &key.into())?).filter(|v| !v.is_undefined()))
    }

    /// The option `key` when given, else `default`; required when `default` is `None`.
    fn or_default<T>(
        &self,
        key: &str,
        default: Option<T>,
        read: impl FnOnce(&JsValue, &str) -> Result<T, JsValue>,
    ) -> Result<T, JsValue> {
        match (self.get(key)?, default) {
            (Some(value), _) => read(&value, &format!("{}: {key}", self.call)),
            (None, Some(default)) => Ok(default),
            (None, None) => {
                let rule = format!("{key} has no default: {} needs it.", self.call);
                Err(wrong_type(&format!("{}: {key} is required", self.call), &rule))
            }
        }
    }

    /// A count (`n`, `epochs`): a safe integer, at least 0.
    pub fn count(&self, key: &str, default: Option<u64>) -> Result<u64, JsValue> {
        let rule = if key == "epochs" { EPOCHS_RULE } else { N_RULE };
        self.or_default(key, default, |value, name| count(value, name, rule))
    }

    /// A signed whole number (`numReplicas`, `rank`, `batchSize`: PyTorch judges their sign).
    pub fn int(&self, key: &str, default: Option<i64>) -> Result<i64, JsValue> {
        self.or_default(key, default, |value, name| int(value, name, INT_RULE))
    }

    /// A boolean option.
    pub fn flag(&self, key: &str, default: bool) -> Result<bool, JsValue> {
        self.or_default(key, Some(default), |value, name| {
            value.as_bool().ok_or_else(|| {
                let message = format!("{name} must be true or false, got {}", describe(value));
                wrong_type(&message, "Flags are JavaScript booleans.")
            })
        })
    }

    /// A Python integer (`seed`, `epoch`) that must fit in 128 bits to be added up.
    pub fn py_int(&self, key: &str, default: i128) -> Result<i128, JsValue> {
        self.or_default(key, Some(default), |value, name| {
            py_int(value, name)?.ok_or_else(|| {
                let message = format!("{name} is beyond ±2^127, more than this module reads");
                out_of_range(&message, PY_INT_RULE)
            })
        })
    }

    /// The option `key` as the page's URL spells it (`true` → `1`, `42n` → `42`, a string as
    /// it is, for the page's own parser to judge), or `None` when it is absent.
    pub fn url_text(&self, key: &str) -> Result<Option<String>, JsValue> {
        let Some(value) = self.get(key)? else { return Ok(None) };
        if let Some(flag) = value.as_bool() {
            return Ok(Some(if flag { "1" } else { "0" }.into()));
        }
        if let Some(text) = value.as_string() {
            return Ok(Some(text));
        }
        if let Some(bigint) = value.dyn_ref::<BigInt>() {
            return Ok(Some(String::from(bigint.to_string(10)?)));
        }
        let name = format!("{}: {key}", self.call);
        // A list (`weights`): its numbers as the URL lists them, separated by commas.
        if let Some(list) = value.dyn_ref::<Array>() {
            let numbers: Option<Vec<String>> =
                list.iter().map(|x| x.as_f64().map(|x| format!("{x:?}"))).collect();
            return numbers.map(|n| Some(n.join(","))).ok_or_else(|| {
                let message = format!("{name} must be a list of numbers, got {}", describe(&value));
                wrong_type(&message, LIST_RULE)
            });
        }
        if value.as_f64().is_some() {
            return int(&value, &name, PY_INT_RULE).map(|x| Some(x.to_string()));
        }
        let got = describe(&value);
        let message =
            format!("{name} must be a number, a BigInt, a string or a boolean, got {got}");
        Err(wrong_type(&message, PY_INT_RULE))
    }

    /// A Python integer that is only ever a seed: beyond 128 bits it is beyond any seed, which
    /// `manual_seed` refuses as it refuses any seed out of range.
    pub fn seed(&self, key: &str, default: Option<i128>) -> Result<i128, JsValue> {
        self.or_default(key, default, seed)
    }
}

/// A seed for `manual_seed`: any Python integer, saturated beyond 128 bits (still refused).
pub fn seed(value: &JsValue, name: &str) -> Result<i128, JsValue> {
    Ok(py_int(value, name)?.unwrap_or(i128::MAX))
}

/// A count: a JavaScript number that is a safe integer, at least 0; `rule` says its limits.
pub fn count(value: &JsValue, name: &str, rule: &str) -> Result<u64, JsValue> {
    let whole = int(value, name, rule)?;
    u64::try_from(whole)
        .map_err(|_| out_of_range(&format!("{name} must be at least 0, got {whole}"), rule))
}

/// A JavaScript number that is a safe integer: a `TypeError` for anything that is not a whole
/// number (a string, a fraction, `NaN`, `Infinity`), a `RangeError` for a whole number beyond
/// 2^53 - 1, which JavaScript may already have rounded.
fn int(value: &JsValue, name: &str, rule: &str) -> Result<i64, JsValue> {
    match value.as_f64() {
        Some(x) if x.is_finite() && x.fract() == 0.0 => {
            if x.abs() <= MAX_SAFE {
                Ok(x as i64)
            } else {
                let message = format!("{name} = {} is not a safe integer", describe(value));
                Err(out_of_range(&message, rule))
            }
        }
        _ => Err(wrong_type(
            &format!("{name} must be a whole number, got {}", describe(value)),
            rule,
        )),
    }
}

/// A Python integer from a BigInt, a decimal string or a safe-integer number; `None` when it
/// does not fit in 128 bits.
fn py_int(value: &JsValue, name: &str) -> Result<Option<i128>, JsValue> {
    let text = if let Some(bigint) = value.dyn_ref::<BigInt>() {
        String::from(bigint.to_string(10)?)
    } else if let Some(text) = value.as_string() {
        text
    } else if let Some(x) = value.as_f64() {
        // A fraction is the wrong kind of value (TypeError); a whole number beyond 2^53 may
        // already be rounded (RangeError), and its exact value needs a BigInt or a string.
        if !x.is_finite() || x.fract() != 0.0 {
            let message = format!("{name} must be a whole number, got {}", describe(value));
            return Err(wrong_type(&message, PY_INT_RULE));
        }
        return int(value, name, PY_INT_RULE).map(|x| Some(x.into())).map_err(|_| {
            let got = describe(value);
            let message =
                format!("{name} = {got} is not a safe integer: pass a BigInt or a string");
            out_of_range(&message, PY_INT_RULE)
        });
    } else {
        let got = describe(value);
        let message = format!("{name} must be a BigInt, a decimal string or a number, got {got}");
        return Err(wrong_type(&message, PY_INT_RULE));
    };
    match text.parse::<i128>() {
        Ok(x) => Ok(Some(x)),
        Err(e) if matches!(e.kind(), IntErrorKind::PosOverflow | IntErrorKind::NegOverflow) => {
            Ok(None)
        }
        Err(_) => {
            let message = format!("{name} must be a decimal integer, got {}", describe(value));
            Err(wrong_type(&message, PY_INT_RULE))
        }
    }
}

/// A short picture of a JavaScript value for an error message: `-1`, `2.5`, `"abc"`, `12n`,
/// `null`, or its `typeof`.
pub fn describe(value: &JsValue) -> String {
    if let Some(text) = value.as_string() {
        format!("{text:?}")
    } else if let Some(number) = value.dyn_ref::<Number>() {
        number.to_string_with_radix(10).map(String::from).unwrap_or_else(|_| "a number".into())
    } else if let Some(bigint) = value.dyn_ref::<BigInt>() {
        bigint.to_string(10).map(|s| format!("{}n", String::from(s))).unwrap_or_default()
    } else if value.is_null() {
        "null".into()
    } else if let Some(flag) = value.as_bool() {
        flag.to_string()
    } else if Array::is_array(value) {
        "an array".into()
    } else {
        value.js_typeof().as_string().unwrap_or_default()
    }
}
