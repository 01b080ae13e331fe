//! Step 3 of the story, for whichever scheme it follows: the epoch timeline the story's part
//! draws ([`crate::model::timeline`]): epochs 0–3 (and the epoch shown, past them) side by
//! side, each GPU's first indices, the repeats marked, each epoch's seeding call. This keeps
//! the section and its title, asks the part for the timeline one epoch per browser task, puts
//! its HTML in ([`patch::morph`]) and does what its epoch buttons ask ([`patch::act`]).

use leptos::html::{Div, Section};
use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use super::focus::Focus;
use super::part::{self, Part, describe};
use super::patch;
use super::{AppState, fill, tr};
use crate::i18n::page::TableText as T;

/// The epoch timeline of the followed scheme, once the story's part is loaded (when the
/// section first comes within a screen of the viewport). Where the followed scheme refuses the
/// values, the step's sentence says so and the timeline is hidden.
#[component]
pub fn Timeline() -> impl IntoView {
    let state = expect_context::<AppState>();
    let focus = expect_context::<Focus>();
    let section = NodeRef::<Section>::new();
    let host = NodeRef::<Div>::new();
    let part = part::load_near(part::STORY, section);
    let refused = Memo::new(move |_| focus.deal.with(Result::is_err));
    let asked = Memo::new(move |_| {
        let query = state.picture.with(|p| p.params.to_query());
        (query, focus.scheme.get().name(), state.lang.get())
    });
    let busy = RwSignal::new(true);
    let failed = RwSignal::new(None::<String>);
    let generation = StoredValue::new(0u64);
    Effect::new(move |_| {
        let (query, scheme, lang) = asked.get();
        generation.update_value(|g| *g += 1);
        let (Part::Ready, Some(host)) = (part.get(), host.get()) else { return };
        if refused.get() {
            host.set_inner_html("");
            busy.set(false);
            return;
        }
        busy.set(true);
        let ask =
            Ask { query, scheme, lang: lang.code(), generation, mine: generation.get_value() };
        ask.next(host.into(), busy, failed);
    });
    let on_click = move |e: leptos::ev::MouseEvent| patch::act(state, &e);
    let status = move || match (part.get(), failed.get()) {
        (Part::Waiting, _) => Some(view! {
            <p class="chart-status" role="status" data-testid="timeline-loading">{tr(T::TimelineLoading)}</p>
        }),
        (Part::Missing(why), _) | (Part::Ready, Some(why)) => Some(view! {
            <p class="chart-error" role="status" data-testid="timeline-missing">
                {fill(T::TimelineMissing, state.lang.get(), &[("why", &why)])}
            </p>
        }),
        (Part::Ready, None) => None,
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

/// One drawing of the timeline, asked of the part a task at a time until it gives the HTML,
/// or a newer one (a later `generation`) takes over.
struct Ask {
    query: String,
    scheme: &'static str,
    lang: &'static str,
    generation: StoredValue<u64>,
    mine: u64,
}

impl Ask {
    fn next(self, host: web_sys::Element, busy: RwSignal<bool>, failed: RwSignal<Option<String>>) {
        set_timeout(
            move || {
                if self.generation.try_get_value() != Some(self.mine) {
                    return;
                }
                let Some(timeline) = part::story::<TimelinePart>() else { return };
                match timeline.draw(&self.query, self.scheme, self.lang) {
                    Ok(Some(html)) => {
                        patch::morph(&host, &html);
                        failed.set(None);
                        busy.set(false);
                    }
                    Ok(None) => self.next(host, busy, failed),
                    Err(error) => {
                        failed.set(Some(describe(&error)));
                        busy.set(false);
                    }
                }
            },
            std::time::Duration::ZERO,
        );
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
