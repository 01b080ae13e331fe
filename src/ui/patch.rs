//! HTML from a part put into the page so that what was there stays where it can: an element
//! whose `data-key` is in both the old and the new HTML is kept and given the new attributes
//! and text, so CSS transitions carry it from how it was to how it is (the pipeline's chips
//! travel from stage to stage); the others come and go ([`patch`]). Where the order matters,
//! [`morph`] does the same, and keeps the HTML's order, at every level whose children are
//! keyed (a level without keys is replaced whole), so the element a reader is on (or that
//! has the focus) stays while its neighbours come and go. A part's HTML asks the page for a value with `data-set="FIELD"
//! data-value="VALUE"` on a button ([`act`]).

use leptos::prelude::{GetValue, StoredValue, document, set_timeout};
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

/// `old`'s children made `new`'s, in `new`'s order: a keyed child of `old` whose key (and
/// tag) is in `new` stays (made the same by [`morph_element`]); every other node of `new`
/// moves in. The old children that do not stay are removed before anything is placed, so a
/// kept element moves only when its order among the kept ones changes (a move would blur it).
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
    // Each of `new`'s nodes, or the kept element that stands for it.
    let mut placed: Vec<web_sys::Node> = Vec::new();
    let mut child = new.first_child();
    while let Some(node) = child {
        // Read before `node` may move out of `new`.
        child = node.next_sibling();
        let found = node
            .dyn_ref::<Element>()
            .and_then(|e| Some((e.get_attribute("data-key")?, e.tag_name())))
            .and_then(|(key, tag)| kept.iter().position(|(k, e)| *k == key && e.tag_name() == tag));
        placed.push(match found {
            Some(at) => {
                let (_, there) = kept.swap_remove(at);
                morph_element(&there, node.unchecked_ref());
                there.into()
            }
            None => node,
        });
    }
    for (_, gone) in kept {
        gone.remove();
    }
    let mut last: Option<web_sys::Node> = None;
    for node in placed {
        let next = match &last {
            Some(before) => before.next_sibling(),
            None => old.first_child(),
        };
        if next.as_ref() != Some(&node) {
            let _ = old.insert_before(&node, next.as_ref());
        }
        last = Some(node);
    }
}

/// What a click in a part's HTML asks: the control a button's `data-set` names set to its
/// `data-value` (a button inside the element that listens).
pub fn act(state: AppState, event: &web_sys::MouseEvent) {
    let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
    let Some(button) = target.closest("[data-set][data-value]").ok().flatten() else { return };
    let host = event.current_target().and_then(|t| t.dyn_into::<web_sys::Node>().ok());
    if !host.is_some_and(|h| h.contains(Some(&button))) {
        return;
    }
    let field = button.get_attribute("data-set").and_then(|name| Field::from_name(&name));
    if let (Some(field), Some(value)) = (field, button.get_attribute("data-value")) {
        state.set(field, value);
    }
}

/// Runs `step` in a browser task of its own, then again in the next while it answers `true`,
/// until it answers `false` or `generation` moves past `mine` (a newer request took over, or
/// the section is gone): how the page asks a part for a figure drawn a piece per call.
pub fn each_task(
    generation: StoredValue<u64>,
    mine: u64,
    mut step: impl FnMut() -> bool + Send + Sync + 'static,
) {
    set_timeout(
        move || {
            if generation.try_get_value() == Some(mine) && step() {
                each_task(generation, mine, step);
            }
        },
        std::time::Duration::ZERO,
    );
}
