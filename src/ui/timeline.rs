//! Step 3 of the story, for whichever scheme it follows: the epoch timeline the story's part
//! draws ([`crate::model::timeline`]): epochs 0–3 (and the epoch shown, past them) side by
//! side, each GPU's first indices, the repeats marked, each epoch's seeding call. This keeps
//! the section and its title, asks the part for the timeline one epoch per browser task
//! ([`patch::each_task`]), puts its HTML in ([`patch::morph`]) and does what its epoch buttons
//! ask ([`patch::act`]).

use leptos::html::{Div, Section};
use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use super::focus::Focus;
use super::part::{self, Part, describe};
use super::patch;
use super::{AppState, fill, tr};
use crate::i18n::page::TableText as T;
use crate::model::Params;

/// The epoch timeline of the followed scheme, once the story's part is loaded (when the
/// section first comes within a screen of the viewport). Where the followed scheme refuses the
/// values, the step's sentence says so and the timeline is hidden.
#[component]
pub fn Timeline() -> impl IntoView {
    let state = expect_context::<AppState>();
    let focus = expect_context::<Focus>();
    let section = NodeRef::<Section>::new();
    let host = NodeRef::<Div>::new();
    let part = part::follow(part::STORY);
    // Drawn from when the section first nears the screen: the part may be loaded earlier (for
    // the pipeline, the charts), and a large timeline is work the reader elsewhere need not wait
    // behind.
    let near = RwSignal::new(false);
    section.on_load(move |element| {
        part::watch(&element, move || {
            near.set(true);
            part::start(part::STORY);
        })
    });
    let refused = Memo::new(move |_| focus.deal.with(Result::is_err));
    // The stage plays no part in the timeline: its ticks ask the part nothing.
    let asked = Memo::new(move |_| {
        let query = state.dealt.with(Params::to_query);
        (query, focus.scheme.get().name(), state.lang.get())
    });
    let busy = RwSignal::new(false);
    let failed = RwSignal::new(None::<String>);
    let generation = StoredValue::new(0u64);
    // The scheme whose timeline is shown: another's is taken down at once, not left under a
    // sentence that names the new one while its run draws.
    let drawn_for = StoredValue::new("");
    // Whether a timeline is in: until then the loading line holds its place.
    let drawn = RwSignal::new(false);
    Effect::new(move |_| {
        let (query, scheme, lang) = asked.get();
        generation.update_value(|g| *g += 1);
        let (true, Part::Ready, Some(host)) = (near.get(), part.get(), host.get()) else {
            return;
        };
        let host: web_sys::Element = host.into();
        if refused.get() {
            host.set_inner_html("");
            drawn.set(false);
            busy.set(false);
            return;
        }
        if drawn_for.get_value() != scheme {
            host.set_inner_html("");
            drawn.set(false);
        }
        busy.set(true);
        patch::each_task(generation, generation.get_value(), move || {
            let Some(timeline) = part::story::<TimelinePart>() else { return false };
            match timeline.draw(&query, scheme, lang.code()) {
                Ok(Some(html)) => {
                    patch::morph(&host, &html);
                    drawn.set(true);
                    drawn_for.set_value(scheme);
                    failed.set(None);
                    busy.set(false);
                    false
                }
                Ok(None) => true,
                Err(error) => {
                    host.set_inner_html("");
                    drawn.set(false);
                    drawn_for.set_value("");
                    failed.set(Some(describe(&error)));
                    busy.set(false);
                    false
                }
            }
        });
    });
    let on_click = move |e: leptos::ev::MouseEvent| patch::act(state, &e);
    // Until a timeline is in (the part on its way, or the section not near yet), a line holds
    // about its height, so that nothing below moves when it comes.
    let status = move || {
        match (part.get(), failed.get()) {
        (Part::Missing(why), _) | (Part::Ready, Some(why)) => Some(view! {
            <p class="chart-error" role="status" data-testid="timeline-missing">
                {fill(T::TimelineMissing, state.lang.get(), &[("why", &why)])}
            </p>
        }.into_any()),
        _ if drawn.get() => None,
        _ => Some(view! {
            <p class="chart-status" role="status" data-testid="timeline-loading">{tr(T::TimelineLoading)}</p>
        }.into_any()),
    }
    };
    view! {
        <section class="timeline" data-testid="timeline" aria-labelledby="timeline-title" node_ref=section
            hidden=move || refused.get() aria-busy=move || busy.get().to_string()>
            <h3 id="timeline-title">{tr(T::Timeline)}</h3>
            {status}
            <div node_ref=host on:click=on_click></div>
        </section>
    }
}

#[wasm_bindgen]
extern "C" {
    /// The story's part's module, seen for its timeline ([`crate::parts::timeline`]).
    type TimelinePart;
    #[wasm_bindgen(method, catch, js_name = timeline)]
    fn draw(
        this: &TimelinePart,
        query: &str,
        scheme: &str,
        lang: &str,
    ) -> Result<Option<String>, JsValue>;
}
