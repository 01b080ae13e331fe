//! The story's styles, loaded on demand: the stylesheets of everything below the first screen
//! (the pipeline, the canvas, the charts, the pitfalls, the walk-through, the story's frame and
//! present mode) are not among the files `index.html` names; `scripts/build-parts` joins them
//! into one file named in `<meta name="sampler-viz:styles:story">`, and `part.js` adds it to the
//! page after the first picture, or before the page is drawn when the URL opens on the story
//! (a step's anchor, `step=`, the walk-through, a pitfall, present mode, an embed), so that
//! what the page scrolls to stays where it was put. A sheet that cannot be loaded leaves the
//! story readable, unstyled, and the story says so.

use std::cell::RefCell;

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::js_sys;

#[wasm_bindgen(module = "/src/ui/part.js")]
extern "C" {
    /// Loads the sheet (once); resolves when it applies.
    #[wasm_bindgen(js_name = storyStyles)]
    fn story_styles() -> js_sys::Promise;
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
/// for it, is loaded once the first picture is drawn.
#[derive(Clone, Copy)]
pub struct Missing(pub RwSignal<Option<String>>);

impl Missing {
    /// Provides it, loading the sheet after the next frame unless the page waited for it.
    pub fn provide() {
        let missing = RwSignal::new(FAILED.with_borrow(Clone::clone));
        if !first() {
            request_animation_frame(move || {
                spawn_local(async move {
                    if let Err(why) = load().await {
                        missing.set(Some(why));
                    }
                });
            });
        }
        provide_context(Self(missing));
    }
}
