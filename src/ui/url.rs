//! The page's URL query: read one parameter, or rewrite some in place (`history.replaceState`,
//! so no history entry is added), keeping every other parameter and the hash.

use leptos::prelude::window;

/// The decoded value of `name` in the page's query, if it is there.
pub fn param(name: &str) -> Option<String> {
    let search = window().location().search().ok()?;
    web_sys::UrlSearchParams::new_with_str(&search).ok()?.get(name)
}

/// The page's query as decoded pairs: the first value of each of `names` present (as
/// `URLSearchParams.get` reads it), then, with `hides`, every `hide=` value.
pub fn pairs<'a>(names: impl IntoIterator<Item = &'a str>, hides: bool) -> Vec<(String, String)> {
    let search = window().location().search().unwrap_or_default();
    let Ok(params) = web_sys::UrlSearchParams::new_with_str(&search) else { return Vec::new() };
    let mut pairs: Vec<(String, String)> = names
        .into_iter()
        .filter_map(|name| params.get(name).map(|value| (name.to_string(), value)))
        .collect();
    if hides {
        let all = params.get_all("hide");
        pairs.extend(all.iter().filter_map(|v| v.as_string()).map(|v| ("hide".to_string(), v)));
    }
    pairs
}

/// Sets each `(name, Some(value))` and removes each `(name, None)` in the page's query.
pub fn set_params(changes: &[(&str, Option<&str>)]) {
    let location = window().location();
    let search = location.search().unwrap_or_default();
    let Ok(params) = web_sys::UrlSearchParams::new_with_str(&search) else { return };
    for &(name, value) in changes {
        match value {
            Some(value) => params.set(name, value),
            None => params.delete(name),
        }
    }
    let query = String::from(params.to_string());
    let path = location.pathname().unwrap_or_default();
    let hash = location.hash().unwrap_or_default();
    let url =
        if query.is_empty() { format!("{path}{hash}") } else { format!("{path}?{query}{hash}") };
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// Sets the `name=value` pairs of `query` (`a=1&b=2`, values needing no escaping).
pub fn replace_query(query: &str) {
    let mut pairs: Vec<(&str, Option<&str>)> = query
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .map(|(name, value)| (name, Some(value)))
        .collect();
    // The ecosystem's options are left out at their defaults: an old value must go too.
    for field in crate::model::Field::ECOSYSTEM {
        if !pairs.iter().any(|(name, _)| *name == field.name()) {
            pairs.push((field.name(), None));
        }
    }
    set_params(&pairs);
}
