//! The width of an element, followed as it is resized (by the window, or by a stylesheet that
//! arrives after it was first measured, as the story's do): the pipeline fits its grid to it
//! and the canvas view its pixels.

use leptos::html::Div;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::ResizeObserver;

/// The width of `frame` in CSS pixels (0 before it is mounted), read at mount and whenever its
/// size changes.
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
    let resized = Closure::<dyn Fn()>::new(measure);
    let observer = ResizeObserver::new(resized.as_ref().unchecked_ref()).ok();
    observe_frame(
        frame,
        observer,
        resized,
        measure,
        ResizeObserver::observe,
        ResizeObserver::disconnect,
    );
    width.read_only()
}

/// Has `observer` observe `frame` once it is mounted (after `mounted()`), and keeps it, with
/// the function it calls, until the component goes: its cleanups run before what it owns is
/// dropped, so the observer is disconnected before its function is.
pub fn observe_frame<O: 'static, F: 'static>(
    frame: NodeRef<Div>,
    observer: Option<O>,
    calls: F,
    mounted: impl Fn() + 'static,
    observe: fn(&O, &web_sys::Element),
    disconnect: fn(&O),
) {
    let kept = StoredValue::new_local((observer, calls));
    Effect::new(move |_| {
        if let Some(el) = frame.get() {
            mounted();
            kept.with_value(|(observer, _)| observer.as_ref().map(|o| observe(o, &el)));
        }
    });
    on_cleanup(move || {
        kept.try_with_value(|(observer, _)| observer.as_ref().map(disconnect));
    });
}
