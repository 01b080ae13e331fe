//! Step 6 of the story: every registered set-up on this configuration, each read off its own
//! deal, and a button to compare it at the top. The story's part deals them and writes the
//! table ([`crate::model::scoreboard`]); this draws it with every row pending, asks the part
//! for one more scheme per browser task once it nears the screen, morphs each answer in
//! ([`patch::morph`]) and compares the scheme a button names.

use leptos::html::Div;
use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use super::focus::Focus;
use super::part::{self, HtmlSoFar, Part, describe};
use super::patch;
use super::story::scroll_to_top;
use super::{AppState, fill, tr};
use crate::i18n::story::StoryText as T;
use crate::model::{Params, scheme, scoreboard};

/// Step 6: every registered set-up on these values, each read off its own deal by the story's
/// part, one scheme per task, from when the table first nears the screen; dealt again when the
/// values change.
#[component]
pub fn Scoreboard() -> impl IntoView {
    let state = expect_context::<AppState>();
    let focus = expect_context::<Focus>();
    // The values dealt (at the last stage: the stage's ticks deal nothing again).
    let values = Memo::new(move |_| state.dealt.with(Params::to_query));
    let part = part::follow(part::STORY);
    let wrap = NodeRef::<Div>::new();
    let host = NodeRef::<Div>::new();
    // Dealt from when the table first nears the screen (the part may be loaded earlier).
    let near = RwSignal::new(false);
    wrap.on_load(move |element| {
        part::watch(&element, move || {
            near.set(true);
            part::start(part::STORY);
        })
    });
    let failed = RwSignal::new(None::<String>);
    let generation = StoredValue::new(0u64);
    // The values whose deals the table shows, so far.
    let shown = StoredValue::new(String::new());
    Effect::new(move |_| {
        let (query, focus, lang) = (values.get(), focus.scheme.get().name(), state.lang.get());
        generation.update_value(|g| *g += 1);
        let Some(host) = host.get() else { return };
        let host: web_sys::Element = host.into();
        // New values (or none dealt yet): every row pending at once, as tall as the table will
        // be (nothing below it moves when the part answers), then dealt one by one. Another
        // language or focus keeps the deals made, and the part rewrites the rows around them.
        let can_deal = near.get() && part.get() == Part::Ready;
        if !can_deal || shown.with_value(|s| *s != query) {
            patch::morph(&host, &scoreboard::table(&[], focus, lang));
            shown.set_value(query.clone());
        }
        if !can_deal {
            return;
        }
        patch::each_task(generation, generation.get_value(), move || {
            let Some(scoreboard) = part::story::<ScoreboardPart>() else { return false };
            match scoreboard.draw(&query, focus, lang.code()) {
                Ok(board) => {
                    let (html, done) = (board.html(), board.done());
                    board.free();
                    patch::morph(&host, &html);
                    failed.set(None);
                    !done
                }
                Err(error) => {
                    failed.set(Some(describe(&error)));
                    false
                }
            }
        });
    });
    let on_click = move |e: leptos::ev::MouseEvent| {
        let target = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        let button = target.and_then(|t| t.closest("[data-compare]").ok().flatten());
        let Some(s) = button.and_then(|b| scheme::by_name(&b.get_attribute("data-compare")?))
        else {
            return;
        };
        state.set_compare(vec![focus.scheme.get_untracked(), s]);
        scroll_to_top();
        // The focus goes up with the reader: to the picker of the panel now showing `s`.
        super::focus_first_later(&[".scheme-panel.is-focus [data-testid=scheme-picker]"]);
    };
    let status = move || {
        let why = match part.get() {
            Part::Waiting => {
                return Some(
                    view! {
                        <p class="chart-status" role="status" data-testid="scoreboard-loading">
                            {tr(T::ScoreboardPending)}
                        </p>
                    }
                    .into_any(),
                );
            }
            Part::Missing(why) => why,
            Part::Ready => failed.get()?,
        };
        Some(
            view! {
                <p class="chart-error" role="status" data-testid="scoreboard-missing">
                    {fill(T::ScoreboardMissing, state.lang.get(), &[("why", &why)])}
                </p>
            }
            .into_any(),
        )
    };
    view! {
        <div class="scoreboard-wrap" data-testid="scoreboard" tabindex="0" role="region"
            aria-label=tr(T::LibraryTitle) node_ref=wrap>
        <div node_ref=host on:click=on_click></div>
        {status}
        </div>
    }
}

#[wasm_bindgen]
extern "C" {
    /// The story's part's module, seen for its scoreboard ([`crate::parts::scoreboard`]).
    type ScoreboardPart;
    #[wasm_bindgen(method, catch, js_name = scoreboard)]
    fn draw(
        this: &ScoreboardPart,
        query: &str,
        focus: &str,
        lang: &str,
    ) -> Result<HtmlSoFar, JsValue>;
}
