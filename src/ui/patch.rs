//! HTML from a part put into the page so that what was there stays where it can: an element
//! whose `data-key` is in both the old and the new HTML is kept and given the new attributes
//! and text, so CSS transitions carry it from how it was to how it is (the pipeline's chips
//! travel from stage to stage); the others come and go ([`patch`]). Where the order matters,
//! [`morph`] does the same at every level of the HTML and keeps its order, so the element a
//! reader is on (or that has the focus) stays while its neighbours come and go. A part's HTML asks the page for a value with `data-set="FIELD"
//! data-value="VALUE"` on a button ([`act`]).

use leptos::prelude::document;
use wasm_bindgen::JsCast;
use web_sys::Element;

use super::AppState;
use crate::model::Field;

/// Makes `host`'s one child the element `html` writes: the first time by inserting it, after
/// that by giving the element there the new one's attributes and, child by child (matched by
/// `data-key`), the new children's attributes and text. Children without a key are replaced;
/// new children come last, so the children's order is kept only where the style places them
/// (as the pipeline's absolutely placed chips and labels).
pub fn patch(host: &Element, html: &str) {
    let scratch = document().create_element("div").expect("a div can be made");
    scratch.set_inner_html(html);
    let (Some(old), Some(new)) = (host.first_element_child(), scratch.first_element_child()) else {
        host.set_inner_html(html);
        return;
    };
    if old.tag_name() != new.tag_name() {
        host.set_inner_html(html);
        return;
    }
    same_attributes(&old, &new);
    let mut kept: Vec<(String, Element)> = Vec::new();
    let mut child = old.first_element_child();
    while let Some(element) = child {
        child = element.next_element_sibling();
        match element.get_attribute("data-key") {
            Some(key) => kept.push((key, element)),
            None => element.remove(),
        }
    }
    let mut child = new.first_element_child();
    while let Some(element) = child {
        // Read before `element` may move out of `new`.
        child = element.next_element_sibling();
        let key = element.get_attribute("data-key");
        let found = key.and_then(|key| kept.iter().position(|(k, _)| *k == key));
        match found {
            Some(at) => {
                let (_, there) = kept.swap_remove(at);
                same_attributes(&there, &element);
                let text = element.text_content();
                if there.text_content() != text {
                    there.set_text_content(text.as_deref());
                }
            }
            None => {
                let _ = old.append_child(&element);
            }
        }
    }
    for (_, gone) in kept {
        gone.remove();
    }
}

/// Gives `old` exactly `new`'s attributes, touching only those that differ (a style set to the
/// same value would not move anything, but a needless write costs a style recalculation).
fn same_attributes(old: &Element, new: &Element) {
    for name in old.get_attribute_names().iter().filter_map(|n| n.as_string()) {
        if !new.has_attribute(&name) {
            let _ = old.remove_attribute(&name);
        }
    }
    for name in new.get_attribute_names().iter().filter_map(|n| n.as_string()) {
        let value = new.get_attribute(&name).unwrap_or_default();
        if old.get_attribute(&name).as_deref() != Some(value.as_str()) {
            let _ = old.set_attribute(&name, &value);
        }
    }
}

/// Makes `host`'s one child the element `html` writes, keeping in place every element whose
/// `data-key` the new HTML has at the same level (with the new attributes, and its content
/// made the same the same way), in the new HTML's order: an item the reader is on, or a
/// button with the focus, stays the same element while its neighbours come and go.
pub fn morph(host: &Element, html: &str) {
    let scratch = document().create_element("div").expect("a div can be made");
    scratch.set_inner_html(html);
    match (host.first_element_child(), scratch.first_element_child()) {
        (Some(old), Some(new)) if old.tag_name() == new.tag_name() => morph_element(&old, &new),
        _ => host.set_inner_html(html),
    }
}

/// Makes `old` the same as `new`: its attributes, then its children, by key where `new`'s
/// children have keys, else wholesale.
fn morph_element(old: &Element, new: &Element) {
    same_attributes(old, new);
    let keyed = new.query_selector(":scope > [data-key]").ok().flatten().is_some();
    if keyed {
        morph_children(old, new);
    } else if old.inner_html() != new.inner_html() {
        old.set_inner_html(&new.inner_html());
    }
}

/// `old`'s children made `new`'s, in `new`'s order: a keyed child of `old` whose key is in
/// `new` stays (made the same by [`morph_element`]); every other node of `new` moves in.
fn morph_children(old: &Element, new: &Element) {
    let mut kept: Vec<(String, Element)> = Vec::new();
    let mut child = old.first_child();
    while let Some(node) = child {
        child = node.next_sibling();
        let key = node.dyn_ref::<Element>().and_then(|e| e.get_attribute("data-key"));
        match (key, node.dyn_into::<Element>()) {
            (Some(key), Ok(element)) => kept.push((key, element)),
            (_, Ok(element)) => element.remove(),
            (_, Err(node)) => {
                let _ = old.remove_child(&node);
            }
        }
    }
    let mut last: Option<web_sys::Node> = None;
    let mut child = new.first_child();
    while let Some(node) = child {
        // Read before `node` may move out of `new`.
        child = node.next_sibling();
        let found = node
            .dyn_ref::<Element>()
            .and_then(|e| Some((e.get_attribute("data-key")?, e.tag_name())))
            .and_then(|(key, tag)| kept.iter().position(|(k, e)| *k == key && e.tag_name() == tag));
        let placed: web_sys::Node = match found {
            Some(at) => {
                let (_, there) = kept.swap_remove(at);
                morph_element(&there, node.unchecked_ref());
                there.into()
            }
            None => node,
        };
        let next = match &last {
            Some(before) => before.next_sibling(),
            None => old.first_child(),
        };
        if next.as_ref() != Some(&placed) {
            let _ = old.insert_before(&placed, next.as_ref());
        }
        last = Some(placed);
    }
    for (_, gone) in kept {
        gone.remove();
    }
}

/// What a click in a part's HTML asks: the control `data-set` names set to `data-value`.
pub fn act(state: AppState, event: &web_sys::MouseEvent) {
    let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
    let Some(button) = target.closest("[data-set]").ok().flatten() else { return };
    let field = button.get_attribute("data-set").and_then(|name| Field::from_name(&name));
    if let (Some(field), Some(value)) = (field, button.get_attribute("data-value")) {
        state.set(field, value);
    }
}
