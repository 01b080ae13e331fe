//! Tiles that travel: before the epoch changes, [`capture`] notes where every tile of the
//! comparison stands (by its `data-flip` key); once the new epoch is drawn, [`play`] starts each
//! tile where its sample stood and lets CSS move it home (First, Last, Invert, Play). Nothing
//! moves for readers who ask for reduced motion.

use std::collections::BTreeMap;

use leptos::prelude::{document, window};
use wasm_bindgen::JsCast;

/// Where each tile stood: `data-flip` key → (left, top) in pixels.
pub type Snapshot = BTreeMap<String, (f64, f64)>;

/// How long a tile travels.
const TRAVEL_MS: u32 = 600;

/// Whether the reader asked for reduced motion.
pub fn reduced_motion() -> bool {
    window()
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|query| query.matches())
}

/// The tiles' positions now, or `None` under reduced motion.
pub fn capture() -> Option<Snapshot> {
    if reduced_motion() {
        return None;
    }
    let mut shot = Snapshot::new();
    for tile in tiles() {
        if let Some(key) = tile.get_attribute("data-flip") {
            let rect = tile.get_bounding_client_rect();
            shot.insert(key, (rect.left(), rect.top()));
        }
    }
    Some(shot)
}

/// Starts every tile that stood elsewhere in `before` at its old place and lets it travel.
pub fn play(before: &Snapshot) {
    let mut moved = Vec::new();
    for tile in tiles() {
        let Some((left, top)) =
            tile.get_attribute("data-flip").and_then(|k| before.get(&k).copied())
        else {
            continue;
        };
        let rect = tile.get_bounding_client_rect();
        let (dx, dy) = (left - rect.left(), top - rect.top());
        if dx.abs() < 0.5 && dy.abs() < 0.5 {
            continue;
        }
        let style = tile.style();
        let _ = style.set_property("transition", "none");
        // Whole pixels: no float formatting in the page's wasm (it is heavy).
        let (dx, dy) = (dx.round() as i32, dy.round() as i32);
        let _ = style.set_property("transform", &format!("translate({dx}px, {dy}px)"));
        moved.push(tile);
    }
    if moved.is_empty() {
        return;
    }
    // One layout with every tile at its old place, then all of them travel together.
    let _ = document().body().map(|b| b.get_bounding_client_rect());
    for tile in moved {
        let style = tile.style();
        let _ = style.set_property("transition", &format!("transform {TRAVEL_MS}ms ease-in-out"));
        let _ = style.set_property("transform", "");
    }
}

/// Every tile of the comparison.
fn tiles() -> Vec<web_sys::HtmlElement> {
    let Ok(list) = document().query_selector_all("[data-testid=compare] [data-flip]") else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|node| node.dyn_into::<web_sys::HtmlElement>().ok())
        .collect()
}
