//! The page (wasm only): Leptos components that draw what the model computed.
//! Nothing here decides an index; every number on screen comes from [`crate::model::Picture`],
//! [`crate::model::NoSamplerSide`] or a scheme's [`crate::model::scheme::Deal`].

mod app;
mod canvas_view;
mod charts;
mod code_panel;
mod compare;
mod controls;
mod embed;
mod epoch_history;
mod epoch_play;
mod epochs_run;
mod flip;
mod focus;
mod guide;
mod hang_view;
mod index_table;
mod inside_figure;
mod lang_switch;
mod lengths;
mod near;
mod no_sampler;
pub mod panic_banner;
mod part;
mod patch;
mod pipeline;
mod pitfalls_part;
mod playback;
mod present;
mod scenarios;
mod scheme_facts;
mod scheme_options;
mod scheme_panel;
mod scheme_stages;
mod schemes_part;
mod scoreboard;
mod share;
mod stages_figure;
mod state;
mod story;
mod story_styles;
mod timeline;
mod url;
mod width;
mod zh_texts;

use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::i18n::Lang;

pub use app::App;
pub use state::AppState;

/// Draws the page: at once, or once the texts of the language its URL asks for are loaded
/// ([`zh_texts`]); if they cannot be, in English.
pub fn start() {
    let asked = url::param("lang").and_then(|code| Lang::from_code(&code)).unwrap_or_default();
    // A page that opens on the story waits for its styles (part.js fetches them beside the
    // wasm, and the Chinese texts too when asked for: the two waits overlap).
    let styles_first = story_styles::first();
    if zh_texts::ready(asked) && !styles_first {
        mount();
    } else {
        // Leptos's executor is set up by the mount: until then, wasm-bindgen's own.
        wasm_bindgen_futures::spawn_local(async move {
            let _ = zh_texts::load(asked).await;
            if styles_first {
                let _ = story_styles::load().await;
            }
            mount();
        });
    }
}

/// Mounts the page in place of the frame `index.html` shows until then.
fn mount() {
    if let Ok(Some(frame)) = document().query_selector("body > .boot") {
        frame.remove();
    }
    leptos::mount::mount_to_body(App);
}

/// The page's version, as its footers show it (the crate's, which the JS API's `version()` and
/// the hosting bundle's folder carry too).
pub const VERSION_LINE: &str = concat!("sampler-viz ", env!("CARGO_PKG_VERSION"));

/// The text of `key` in the page's current language, as a signal for a view.
///
/// A signal rather than a closure: a closure's type is new for each text type, and each such
/// type brings its own copy of Leptos's code for drawing it (about 1.6 KB of the page gzipped,
/// docs/benchmarks.md); a `Signal<&str>` is drawn by one.
pub fn tr<T: crate::i18n::Text + Send + Sync>(key: T) -> Signal<&'static str> {
    let lang = expect_context::<AppState>().lang;
    Signal::derive(move || key.text(lang.get()))
}

/// The text of `key` with code set in `<code>`: the text marks code with backticks, so that
/// each language places it where its grammar wants it.
pub fn rich<T: crate::i18n::Text + Send + Sync>(key: T) -> impl IntoView + Copy + 'static {
    rich_text(tr(key))
}

/// [`rich`], made once for every text type (a closure inside `rich` would be made again for
/// each, as [`tr`] says).
fn rich_text(text: Signal<&'static str>) -> impl IntoView + Copy + 'static {
    move || {
        text.get()
            .split('`')
            .enumerate()
            .map(|(i, part)| {
                if i % 2 == 1 { view! { <code>{part}</code> }.into_any() } else { part.into_any() }
            })
            .collect_view()
    }
}

/// `key`'s text in `lang` with its `{placeholders}` filled.
pub fn fill<T: crate::i18n::Text>(
    key: T,
    lang: Lang,
    values: &[(&str, &dyn std::fmt::Display)],
) -> String {
    crate::i18n::fill(key.text(lang), values)
}

pub use crate::model::html::{PALETTE_LEN, rank_colour};

/// A count with thousands separators: `50,000` (see [`crate::i18n::Count`]).
pub fn thousands(n: u64) -> String {
    crate::i18n::Count(n).to_string()
}

/// A copy of `source` that follows it one browser task later, so that drawing from it is a
/// task of its own.
pub fn deferred<T: Clone + PartialEq + Send + Sync + 'static>(source: Memo<T>) -> RwSignal<T> {
    let later = RwSignal::new(source.get_untracked());
    Effect::new(move |_| {
        let value = source.get();
        if later.with_untracked(|shown| *shown != value) {
            // The source's value when the task runs (it may have moved on, or back).
            set_timeout(
                move || {
                    if let Some(now) = source.try_get_untracked() {
                        later.set(now);
                    }
                },
                Duration::ZERO,
            );
        }
    });
    later
}

/// Once the next frame is drawn, focuses the first element that one of `selectors` finds,
/// without scrolling to it (what is on screen stays: present mode's buttons may sit below).
pub fn focus_first_later(selectors: &'static [&'static str]) {
    request_animation_frame(move || {
        let found = selectors.iter().find_map(|s| document().query_selector(s).ok().flatten());
        if let Some(element) = found.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
            let options = web_sys::FocusOptions::new();
            options.set_prevent_scroll(true);
            let _ = element.focus_with_options(&options);
        }
    });
}
