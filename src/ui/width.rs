//! The width of an element, followed as the window is resized: the pipeline fits its grid to
//! it and the canvas view its pixels.

use leptos::ev;
use leptos::html::Div;
use leptos::prelude::*;

/// The width of `frame` in CSS pixels (0 before it is mounted), read at mount and when the
/// window is resized.
pub fn use_width(frame: NodeRef<Div>) -> ReadSignal<usize> {
    let width = RwSignal::new(0usize);
    let measure = move || {
        if let Some(el) = frame.get_untracked() {
            let w = usize::try_from(el.client_width()).unwrap_or(0);
            // Only a change of width redraws (resizing fires many events).
            if w != width.get_untracked() {
                width.set(w);
            }
        }
    };
    Effect::new(move |_| {
        if frame.get().is_some() {
            measure();
        }
    });
    let resize = window_event_listener(ev::resize, move |_| measure());
    on_cleanup(move || resize.remove());
    width.read_only()
}
