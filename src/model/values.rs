//! How one field's text becomes a value: a whole number in a range, a seed (any Python
//! integer; the generator decides later whether it fits), a flag. Every boolean the URL
//! carries (the controls' flags, `guide=`, `embed=`) is read by [`parse_flag`].

use super::params::{Field, ParamError, Problem};
use crate::sampler::{SEED_MAX, SEED_MIN};

/// A whole number within `min ..= max`, or an error naming the field and the range (a bound
/// at `i64`'s end is no bound worth naming).
pub(super) fn whole(field: Field, v: &str, min: i128, max: i128) -> Result<i128, ParamError> {
    let bad = || {
        let min = (min > i64::MIN.into()).then_some(min);
        let max = (max < i64::MAX.into() && min.is_some()).then_some(max);
        ParamError::new(field, Problem::NotWhole { got: v.to_string(), min, max })
    };
    let value: i128 = v.parse().map_err(|_| bad())?;
    if (min..=max).contains(&value) { Ok(value) } else { Err(bad()) }
}

/// A seed: any whole number; the generator decides later whether it fits (PyTorch's rule).
pub(super) fn seed(field: Field, v: &str) -> Result<i128, ParamError> {
    match v.parse::<i128>() {
        Ok(value) => Ok(value),
        // Digits beyond i128 are still a Python integer: one that overflows the generator.
        Err(_)
            if v.trim_start_matches(['-', '+']).bytes().all(|b| b.is_ascii_digit())
                && !v.is_empty() =>
        {
            Ok(if v.starts_with('-') { SEED_MIN - 1 } else { SEED_MAX + 1 })
        }
        Err(_) => {
            let problem = Problem::NotWhole { got: v.to_string(), min: None, max: None };
            Err(ParamError::new(field, problem))
        }
    }
}

/// The spellings of a flag, on then off: what people type for a boolean in a URL (`1`/`0`,
/// JavaScript's `true`/`false`, Python's `True`/`False`). Anything else is refused.
pub const FLAG_SPELLINGS: [(&str, bool); 6] =
    [("1", true), ("true", true), ("True", true), ("0", false), ("false", false), ("False", false)];

/// A boolean from the URL: one of [`FLAG_SPELLINGS`] (spaces around it ignored), else `None`.
pub fn parse_flag(text: &str) -> Option<bool> {
    let text = text.trim();
    FLAG_SPELLINGS.iter().find(|(spelling, _)| *spelling == text).map(|&(_, on)| on)
}

/// The canonical spelling of a flag, as the URL and the controls write it.
pub fn flag_text(on: bool) -> &'static str {
    if on { "1" } else { "0" }
}

/// A flag field's value, or an error naming the field and the spellings it takes.
pub(super) fn flag(field: Field, v: &str) -> Result<bool, ParamError> {
    parse_flag(v).ok_or_else(|| ParamError::new(field, Problem::NotFlag { got: v.to_string() }))
}
