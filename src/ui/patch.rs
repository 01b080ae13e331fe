//! HTML from a part put into the page so that what was there stays where it can: an element
//! whose `data-key` is in both the old and the new HTML is kept and given the new attributes
//! and text, so CSS transitions carry it from how it was to how it is (the pipeline's chips
//! travel from stage to stage); the others come and go.

use leptos::prelude::document;
use web_sys::Element;

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
