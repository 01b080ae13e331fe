//! Whether an element is on screen or near it, followed as the reader scrolls: a figure that
//! costs a long task to draw (the canvas view at large sizes) is drawn only there, and drawn
//! anew when it comes near, so that a change far above it does not pay for it.

use leptos::html::Div;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::{IntersectionObserver, IntersectionObserverEntry, IntersectionObserverInit, js_sys};

/// How near counts: within a screen's height above or below the viewport (as far ahead as a
/// part starts loading).
const NEAR: &str = "100% 0px 100% 0px";

/// Whether `frame` is within [`NEAR`] of the viewport: `false` until it is first measured,
/// `true` for good where the browser has no IntersectionObserver.
pub fn use_near(frame: NodeRef<Div>) -> ReadSignal<bool> {
    let near = RwSignal::new(false);
    let changed = Closure::<dyn Fn(js_sys::Array)>::new(move |entries: js_sys::Array| {
        let entry =
            entries.iter().last().and_then(|e| e.dyn_into::<IntersectionObserverEntry>().ok());
        if let Some(entry) = entry {
            near.set(entry.is_intersecting());
        }
    });
    let options = IntersectionObserverInit::new();
    options.set_root_margin(NEAR);
    let observer =
        IntersectionObserver::new_with_options(changed.as_ref().unchecked_ref(), &options).ok();
    if observer.is_none() {
        near.set(true);
    }
    let observe = IntersectionObserver::observe;
    super::width::observe_frame(
        frame,
        observer,
        changed,
        || {},
        observe,
        IntersectionObserver::disconnect,
    );
    near.read_only()
}
