//! A part of the page loaded on demand ([`crate::parts`]): its module's address from
//! `<meta name="sampler-viz:part:NAME" content="…">` (written by `scripts/build-parts`), and
//! an `import()` of it (`part.js`) once the element that needs it is first near the screen, or
//! at once where the page needs it at once (a pitfall asked for). Each part is loaded once, and
//! every section that needs it follows one signal of where it is. A part that cannot be loaded is said where it would have been; nothing else waits for it.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use leptos::html::Section;
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{IntersectionObserver, IntersectionObserverEntry, IntersectionObserverInit, js_sys};

#[wasm_bindgen(module = "/src/ui/part.js")]
extern "C" {
    #[wasm_bindgen(js_name = importPart)]
    fn import_part(href: &str) -> js_sys::Promise;
}

#[wasm_bindgen]
extern "C" {
    /// HTML a part works out over several calls (the charts' grid, the scoreboard): what is
    /// known so far, and whether it is complete; freed once read.
    pub type HtmlSoFar;
    #[wasm_bindgen(method, getter)]
    pub fn html(this: &HtmlSoFar) -> String;
    #[wasm_bindgen(method, getter)]
    pub fn done(this: &HtmlSoFar) -> bool;
    #[wasm_bindgen(method)]
    pub fn free(this: &HtmlSoFar);
}

/// How far ahead of the screen a part starts loading: one more screen's height below it.
const AHEAD: &str = "0px 0px 100% 0px";

thread_local! {
    /// Each part loaded so far, by name: a module is loaded once for the page's lifetime.
    static LOADED: RefCell<Vec<(&'static str, JsValue)>> = const { RefCell::new(Vec::new()) };
    /// Where each part is, by name: one signal for the page, whichever section asks for it.
    static WHERE: RefCell<Vec<(&'static str, ArcRwSignal<Part>)>> = const { RefCell::new(Vec::new()) };
    /// How many times each part's loading has started: once, unless it failed (two loads of
    /// one module at once would start its wasm twice).
    static TRIES: RefCell<Vec<(&'static str, u32)>> = const { RefCell::new(Vec::new()) };
}

/// The name of the story's part (the charts and the pitfalls): its files, its `<meta>`.
pub const STORY: &str = "story";

/// Where a part is: still to load, loaded ([`module`] has it), or missing and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// Not asked for yet, or on its way.
    Waiting,
    /// The part's module is loaded and started.
    Ready,
    /// It could not be loaded: the browser's words.
    Missing(String),
}

/// The exports of part `name`, once it is [`Part::Ready`].
pub fn module(name: &str) -> Option<JsValue> {
    LOADED.with_borrow(|loaded| loaded.iter().find(|(n, _)| *n == name).map(|(_, m)| m.clone()))
}

/// Loads part `name` once `near` is within a screen of the viewport, unless something asked
/// for it earlier; the signal follows it.
pub fn load_near(name: &'static str, near: NodeRef<Section>) -> RwSignal<Part> {
    let part = RwSignal::from(shared(name));
    Effect::new(move |observing: Option<bool>| {
        if observing == Some(true) || module(name).is_some() {
            return true;
        }
        let Some(section) = near.get() else { return false };
        watch(&section, move || start(name));
        true
    });
    part
}

/// Where part `name` is, for a section that asks for it itself ([`watch`], then [`start`]).
pub fn follow(name: &'static str) -> RwSignal<Part> {
    RwSignal::from(shared(name))
}

/// Where part `name` is, read as a signal (whatever reads it is worked out again as it moves).
pub fn tracked(name: &'static str) -> Part {
    shared(name).get()
}

/// Loads part `name` now, unless it has been tried already; the signal follows it.
pub fn load_now(name: &'static str) -> RwSignal<Part> {
    start(name);
    RwSignal::from(shared(name))
}

/// Starts loading part `name`, unless it has been tried already.
pub fn start(name: &'static str) {
    begin(name, false);
}

/// Starts loading part `name`, unless it is loaded or on its way: one that could not be loaded
/// is tried again (what a reader's asking for it again does).
pub fn retry(name: &'static str) {
    begin(name, true);
}

/// Tries part `name` again if it could not be loaded (a reader asking anew for what needs it).
pub fn retry_missing(name: &'static str) {
    if matches!(shared(name).get_untracked(), Part::Missing(_)) {
        retry(name);
    }
}

fn begin(name: &'static str, again_if_missing: bool) {
    let shared = shared(name);
    let attempt = TRIES.with_borrow_mut(|tries| {
        let index = tries.iter().position(|(n, _)| *n == name).unwrap_or_else(|| {
            tries.push((name, 0));
            tries.len() - 1
        });
        let tried = &mut tries[index].1;
        let missing = matches!(shared.get_untracked(), Part::Missing(_));
        (*tried == 0 || (again_if_missing && missing)).then(|| {
            *tried += 1;
            *tried
        })
    });
    if let Some(attempt) = attempt {
        shared.set(Part::Waiting);
        spawn_local(load(name, shared, attempt));
    }
}

/// Where part `name` is: the page's one signal of it.
fn shared(name: &'static str) -> ArcRwSignal<Part> {
    WHERE.with_borrow_mut(|all| {
        if let Some((_, signal)) = all.iter().find(|(n, _)| *n == name) {
            return signal.clone();
        }
        let signal = ArcRwSignal::new(Part::Waiting);
        all.push((name, signal.clone()));
        signal
    })
}

/// The story's part, typed as one of its views (`charts::ChartsPart`, `pitfalls_part`), once
/// loaded.
pub fn story<T: JsCast>() -> Option<T> {
    module(STORY).map(JsCast::unchecked_into)
}

/// Calls `then` once, the first time `element` comes within [`AHEAD`] of the viewport (at
/// once where the browser has no IntersectionObserver).
pub fn watch(element: &web_sys::Element, then: impl FnOnce() + 'static) {
    let then = Rc::new(Cell::new(Some(Box::new(then) as Box<dyn FnOnce()>)));
    let pending = then.clone();
    let on_change = Closure::<dyn FnMut(js_sys::Array, IntersectionObserver)>::new(
        move |entries: js_sys::Array, observer: IntersectionObserver| {
            let near = entries.iter().any(|e| {
                e.dyn_into::<IntersectionObserverEntry>().is_ok_and(|e| e.is_intersecting())
            });
            if near && let Some(then) = pending.take() {
                observer.disconnect();
                then();
            }
        },
    );
    let options = IntersectionObserverInit::new();
    options.set_root_margin(AHEAD);
    match IntersectionObserver::new_with_options(on_change.as_ref().unchecked_ref(), &options) {
        Ok(observer) => {
            observer.observe(element);
            // The observer holds the callback for as long as it lives.
            on_change.forget();
        }
        Err(_) => {
            if let Some(then) = then.take() {
                then();
            }
        }
    }
}

async fn load(name: &'static str, part: ArcRwSignal<Part>, attempt: u32) {
    let next = match address(name) {
        None => Part::Missing(format!("no <meta name=\"sampler-viz:part:{name}\"> in index.html")),
        // A module that failed to load stays failed under its address for the page's lifetime:
        // a new try asks for it under another.
        Some(href) => match JsFuture::from(import_part(&retry_address(&href, attempt))).await {
            Ok(module) => {
                LOADED.with_borrow_mut(|loaded| loaded.push((name, module)));
                Part::Ready
            }
            Err(error) => Part::Missing(describe(&error)),
        },
    };
    part.set(next);
}

/// `href` for the `attempt`-th try (from 1): itself, then with `?try=N`.
fn retry_address(href: &str, attempt: u32) -> String {
    if attempt <= 1 { href.to_string() } else { format!("{href}?try={attempt}") }
}

/// The part's module address, as `scripts/build-parts` wrote it into the page.
fn address(name: &str) -> Option<String> {
    let selector = format!("meta[name=\"sampler-viz:part:{name}\"]");
    let meta = document().query_selector(&selector).ok().flatten()?;
    meta.get_attribute("content").filter(|href| !href.is_empty())
}

/// An error thrown in JavaScript, as its message says it.
pub fn describe(error: &JsValue) -> String {
    error
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "unknown error".to_string())
}
