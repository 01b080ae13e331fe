//! The story's styles, loaded on demand: the stylesheets of everything below the first screen
//! (the pipeline, the canvas, the charts, the pitfalls, the walk-through, the story's frame)
//! are not among the files `index.html` names; `scripts/build-parts` joins them into one file
//! named in `<meta name="sampler-viz:styles:story">`, and `part.js` adds it to the page once the
//! page is drawn, or before the page is drawn when it opens on the story (a step's anchor,
//! `step=`, the walk-through, a pitfall, present mode, an embed, `hide=`, a reload or a step
//! back), so that what the page measures and scrolls to stays where it was put. A sheet that
//! cannot be had within 5 s leaves the story readable, unstyled, and the story (or a
//! pitfall's embed) says so until it arrives.

use std::cell::RefCell;

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::js_sys;

use super::fill;
use crate::i18n::story::StoryText as T;

#[wasm_bindgen(module = "/src/ui/part.js")]
extern "C" {
    /// Loads the sheet (once); resolves when it applies, rejects when it cannot or is late.
    #[wasm_bindgen(js_name = storyStyles)]
    fn story_styles() -> js_sys::Promise;
    /// Resolves when the sheet applies, however late.
    #[wasm_bindgen(js_name = storyStylesLate)]
    fn story_styles_late() -> js_sys::Promise;
    /// Whether the URL opens on the story.
    #[wasm_bindgen(js_name = storyStylesFirst)]
    pub fn first() -> bool;
}

thread_local! {
    /// Why the sheet could not be loaded, once a load has failed.
    static FAILED: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Loads the sheet unless it is loaded; says why not when it cannot be.
pub async fn load() -> Result<(), String> {
    let result =
        JsFuture::from(story_styles()).await.map(drop).map_err(|e| super::part::describe(&e));
    FAILED.set(result.as_ref().err().cloned());
    result
}

/// Why the story is unstyled, shared through context: the sheet, when the page did not wait
/// for it, is loaded once the page is drawn (the next animation frame); a sheet that was late
/// and applies after all takes the note away.
#[derive(Clone, Copy)]
pub struct Missing(pub RwSignal<Option<String>>);

impl Missing {
    /// Provides it, loading the sheet unless the page waited for it.
    pub fn provide() {
        let missing = RwSignal::new(FAILED.with_borrow(Clone::clone));
        let waited = first();
        request_animation_frame(move || {
            spawn_local(async move {
                if !waited && let Err(why) = load().await {
                    missing.set(Some(why));
                }
                if missing.get_untracked().is_some()
                    && JsFuture::from(story_styles_late()).await.is_ok()
                {
                    missing.set(None);
                }
            });
        });
        provide_context(Self(missing));
    }

    /// The note saying so, where the story (or a pitfall's embed) begins.
    pub fn note(self, lang: RwSignal<crate::i18n::Lang>) -> impl IntoView {
        move || {
            self.0.get().map(|why| {
                let text = fill(T::StylesMissing, lang.get(), &[("why", &why)]);
                view! { <p class="figure-refused" role="status" data-testid="styles-missing">{text}</p> }
            })
        }
    }
}
