//! Reading one golden case: typed access to its JSON fields, with errors that name the field.
//!
//! Seeds and epochs are decimal strings in the golden format (they span -2^63 .. 2^64-1), so
//! every integer is read as an `i128` from either a JSON number or a decimal string.

use serde_json::{Map, Value};

/// The fields of one case (or of its `args`).
pub struct Fields<'a>(&'a Map<String, Value>);

impl<'a> Fields<'a> {
    /// The object's fields, or an error if `value` is not an object.
    pub fn of(value: &'a Value) -> Result<Self, String> {
        value.as_object().map(Fields).ok_or_else(|| "not a JSON object".to_string())
    }

    /// Whether the field is present.
    pub fn has(&self, key: &str) -> bool {
        self.0.contains_key(key)
    }

    /// A nested object, such as an error case's `args`.
    pub fn object(&self, key: &str) -> Result<Fields<'a>, String> {
        Fields::of(self.get(key)?).map_err(|e| format!("`{key}`: {e}"))
    }

    /// A string field.
    pub fn str(&self, key: &str) -> Result<&'a str, String> {
        self.get(key)?.as_str().ok_or_else(|| format!("`{key}` is not a string"))
    }

    /// An integer field, given as a JSON integer or a decimal string.
    pub fn int(&self, key: &str) -> Result<i128, String> {
        to_int(self.get(key)?).ok_or_else(|| format!("`{key}` is not an integer"))
    }

    /// An integer field, or `default` when it is absent.
    pub fn int_or(&self, key: &str, default: i128) -> Result<i128, String> {
        if self.has(key) { self.int(key) } else { Ok(default) }
    }

    /// A boolean field, or `default` when it is absent.
    pub fn bool_or(&self, key: &str, default: bool) -> Result<bool, String> {
        match self.0.get(key) {
            None => Ok(default),
            Some(v) => v.as_bool().ok_or_else(|| format!("`{key}` is not a boolean")),
        }
    }

    /// A list of integers.
    pub fn ints(&self, key: &str) -> Result<Vec<i128>, String> {
        ints(self.get(key)?).ok_or_else(|| format!("`{key}` is not a list of integers"))
    }

    /// A list of lists of integers (batches).
    pub fn int_lists(&self, key: &str) -> Result<Vec<Vec<i128>>, String> {
        let lists = self.get(key)?.as_array().ok_or_else(|| format!("`{key}` is not a list"))?;
        lists.iter().map(|l| ints(l).ok_or_else(|| format!("`{key}` holds a non-list"))).collect()
    }

    /// A list of lists of lists of integers (batches per epoch).
    pub fn int_list_lists(&self, key: &str) -> Result<Vec<Vec<Vec<i128>>>, String> {
        let epochs = self.get(key)?.as_array().ok_or_else(|| format!("`{key}` is not a list"))?;
        epochs
            .iter()
            .map(|e| {
                let batches = e.as_array().ok_or_else(|| format!("`{key}` holds a non-list"))?;
                batches
                    .iter()
                    .map(|b| ints(b).ok_or_else(|| format!("`{key}` holds a bad batch")))
                    .collect()
            })
            .collect()
    }

    /// Whether the field is absent or `null`.
    pub fn is_null(&self, key: &str) -> bool {
        self.0.get(key).is_none_or(Value::is_null)
    }

    /// Batches per epoch per process.
    pub fn int_list_lists_lists(&self, key: &str) -> Result<Vec<Vec<Vec<Vec<i128>>>>, String> {
        let all = self.get(key)?.as_array().ok_or_else(|| format!("`{key}` is not a list"))?;
        all.iter()
            .map(|p| {
                let value = serde_json::json!({ "p": p });
                Fields::of(&value)?.int_list_lists("p").map_err(|e| format!("`{key}`: {e}"))
            })
            .collect()
    }

    /// A field's JSON value as it is, for kinds whose fields are not integers.
    pub fn value(&self, key: &str) -> Result<&'a Value, String> {
        self.get(key)
    }

    fn get(&self, key: &str) -> Result<&'a Value, String> {
        self.0.get(key).ok_or_else(|| format!("missing field `{key}`"))
    }
}

fn to_int(v: &Value) -> Option<i128> {
    match v {
        Value::Number(n) => n.as_i64().map(i128::from).or_else(|| n.as_u64().map(i128::from)),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

fn ints(v: &Value) -> Option<Vec<i128>> {
    v.as_array()?.iter().map(to_int).collect()
}
