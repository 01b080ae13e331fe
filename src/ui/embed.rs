//! The compact view for an `<iframe>` (`embed=1`, see [`crate::model::embed`]): it tells its
//! parent page how tall it is, waits with its playback while it is scrolled out of view, and
//! links to the full page.

use std::cell::Cell;
use std::rc::Rc;

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{IntersectionObserver, IntersectionObserverEntry, ResizeObserver, js_sys};

use super::share::page_url;
use super::{AppState, tr};
use crate::i18n::page::PageText;
use crate::i18n::page::PanelText as T;
use crate::model::embed::{Layout, notices as model_notices};

/// The `type` of the message a parent page receives: `{ type, height }`, height in CSS pixels.
pub const HEIGHT_MESSAGE: &str = "sampler-viz:height";

/// The `type` of the message a parent page sends to ask for the height now (a listener added
/// after the frame settled has missed the posts).
pub const GET_HEIGHT_MESSAGE: &str = "sampler-viz:get-height";

/// The layout the page's URL asks for (`embed=`, every `hide=`).
pub fn page_layout() -> Layout {
    let pairs = super::url::pairs(["embed", "step"], true);
    Layout::from_pairs(pairs.iter().map(|(name, value)| (name.as_str(), value.as_str())))
}

/// While the page is framed, posts its height to the parent whenever the height changes, and
/// answers the parent's `{ type: "sampler-viz:get-height" }` with it at once. Only the height
/// leaves the page: on change to the parent's origin when the referrer names it, in answer to
/// the origin that asked.
pub fn post_height_to_parent() {
    let window = window();
    let Ok(Some(parent)) = window.parent() else { return };
    let Some(body) = document().body() else { return };
    if js_sys::Object::is(&parent, &window) {
        return;
    }
    let target = parent_origin();
    let last = Rc::new(Cell::new(-1.0_f64));
    let to_parent = parent.clone();
    let on_resize = Closure::<dyn FnMut()>::new(move || {
        let height = page_height();
        if height != last.replace(height) {
            let _ = to_parent.post_message(&height_message(height), &target);
        }
    });
    if let Ok(observer) = ResizeObserver::new(on_resize.as_ref().unchecked_ref()) {
        observer.observe(&body);
        // The observer calls it for as long as the page lives.
        on_resize.forget();
    }
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            // Only the parent may ask, and only this question is answered.
            let from_parent = e.source().is_some_and(|s| js_sys::Object::is(&s, &parent));
            let kind =
                js_sys::Reflect::get(&e.data(), &"type".into()).ok().and_then(|t| t.as_string());
            if from_parent && kind.as_deref() == Some(GET_HEIGHT_MESSAGE) {
                let origin = e.origin();
                let target = crate::model::embed::reply_origin(&origin);
                let _ = parent.post_message(&height_message(page_height()), target);
            }
        });
    let _ = window.add_event_listener_with_callback("message", on_message.as_ref().unchecked_ref());
    // It listens for as long as the page lives.
    on_message.forget();
}

/// The page's height in CSS pixels, rounded up.
fn page_height() -> f64 {
    document()
        .document_element()
        .map_or(0.0, |root| root.get_bounding_client_rect().height().ceil())
}

/// What the page does not do as its URL asks (a value that is not a flag, an unknown `hide=`
/// item, what an embed leaves to the full page), said at the top ([`crate::model::embed::notices`]).
pub fn notices(layout: Layout, pitfall_only: bool) -> impl IntoView {
    let lang = expect_context::<AppState>().lang;
    let mut names = vec!["embed", "guide", "compare", "present", "speed", "step"];
    if pitfall_only {
        names.extend(crate::model::Field::ALL.iter().map(|f| f.name()));
    }
    let pairs = super::url::pairs(names, true);
    let notices =
        model_notices(pairs.iter().map(|(n, v)| (n.as_str(), v.as_str())), layout, pitfall_only);
    // An embed has no language switch: why its `lang=zh` could not be had, at its top.
    let missing = layout.embed.then(super::zh_texts::failure).flatten().map(|why| {
        view! {
            <p class="lang-missing" role="status" data-testid="lang-missing">
                {super::lang_switch::missing_note(PageText::ChineseMissingEmbed, &why)}
            </p>
        }
    });
    let list = (!notices.is_empty()).then(|| {
        let items = notices
            .into_iter()
            .map(|notice| view! { <li>{move || notice.text(lang.get())}</li> })
            .collect_view();
        view! { <ul class="url-notices" role="status" data-testid="url-notices">{items}</ul> }
    });
    (missing, list)
}

/// `document.referrer`'s origin (the embedding page's), or `*` when there is none to name.
fn parent_origin() -> String {
    let referrer = document().referrer();
    let origin = web_sys::Url::new(&referrer).map(|u| u.origin()).unwrap_or_default();
    crate::model::embed::reply_origin(&origin).to_string()
}

fn height_message(height: f64) -> js_sys::Object {
    let message = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&message, &"type".into(), &HEIGHT_MESSAGE.into());
    let _ = js_sys::Reflect::set(&message, &"height".into(), &height.into());
    message
}

/// Keeps `state.visible` true only while some of the page is on screen (inside a frame, on the
/// parent's screen), so that playback neither runs nor starts off screen.
pub fn track_visibility(state: AppState) {
    let on_change = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
        let latest =
            entries.iter().next_back().and_then(|e| e.dyn_into::<IntersectionObserverEntry>().ok());
        if let Some(entry) = latest {
            let _ = state.visible.try_set(entry.is_intersecting());
        }
    });
    let root = document().document_element();
    match (IntersectionObserver::new(on_change.as_ref().unchecked_ref()), root) {
        (Ok(observer), Some(root)) => {
            // Off screen until the observer's first report says otherwise.
            state.visible.set(false);
            observer.observe(&root);
            on_change.forget();
        }
        _ => state.visible.set(true),
    }
}

/// The embed's last line: the same view on the full page, in a new tab.
#[component]
pub fn EmbedFooter() -> impl IntoView {
    let state = expect_context::<AppState>();
    let full_page = Memo::new(move |_| {
        state.drawn.with(|p| page_url(&p.to_query(), &[("embed", None), ("hide", None)]))
    });
    view! {
        <footer class="embed-footer">
            <a href=full_page target="_blank" rel="noopener" data-testid="full-page-link">
                {tr(T::OpenFull)}
                <span class="sr-only">{tr(T::NewTab)}</span>
            </a>
            {tr(T::EmbedFooter)}
            " · " <span data-testid="version">{super::VERSION_LINE}</span>
        </footer>
    }
}
