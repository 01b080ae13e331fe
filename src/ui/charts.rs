//! The charts panel: its heading and, once the story's part is loaded ([`super::part`], when
//! the panel first comes within a screen of the viewport, if nothing loaded it before) and the
//! panel has come that near, the grid of four charts the part writes
//! ([`crate::parts::charts`]), each with its summary and a download, of the scheme the story
//! follows ([`Focus`]). The one-epoch charts follow its deal (the pictured scheme's, the
//! picture); the ones comparing epochs fill in as the part draws its first epochs, a slice per
//! browser task. Until then the panel says it is loading; if the part cannot be loaded, it
//! says so there.

use leptos::html::{Div, Section};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use super::focus::Focus;
use super::no_sampler::Without;
use super::part::{self, HtmlSoFar, Part, describe};
use super::patch;
use super::{AppState, deferred, fill, tr};
use crate::chart::data::{PaddingData, VisitsData};
use crate::chart::summary;
use crate::i18n::charts::ChartText;
use crate::model::Params;
use crate::model::html::escape;

/// The charts for the current picture.
#[component]
pub fn Charts() -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = state.lang;
    let section = NodeRef::<Section>::new();
    let part = part::load_near(part::STORY, section);
    // Drawn from when the panel first nears the screen: the part may be loaded earlier (for
    // step 1's figure, a scheme compared), and the charts' first epochs are work (four whole
    // permutations at the size cap) that a reader elsewhere need not wait behind.
    let near = RwSignal::new(false);
    section.on_load(move |element| part::watch(&element, move || near.set(true)));
    let shown = move || {
        match part.get() {
        Part::Missing(why) => view! {
            <p class="chart-error" role="status" data-testid="charts-missing">
                {move || fill(ChartText::PartMissing, lang.get(), &[("why", &why)])}
            </p>
        }
        .into_any(),
        Part::Ready if near.get() => view! { <ChartGrid /> }.into_any(),
        _ => view! {
            <p class="chart-status" role="status" data-testid="charts-loading">{tr(ChartText::Loading)}</p>
        }
        .into_any(),
    }
    };
    let focus = expect_context::<Focus>();
    view! {
        <section class="charts" data-testid="charts" aria-labelledby="charts-title" node_ref=section>
            <h2 id="charts-title">{tr(ChartText::Heading)}</h2>
            <p class="drawn-for" data-testid="charts-drawn-for" data-scheme=move || focus.scheme.get().name()>
                {move || {
                    let lang = lang.get();
                    let title = focus.scheme.get().title().text(lang);
                    fill(crate::i18n::story::StoryText::DrawnFor, lang, &[("scheme", &title)])
                }}
            </p>
            <p class="explain">{move || summary::intro(lang.get())}</p>
            {shown}
        </section>
    }
}

/// The four charts, written by the story's part (loaded by now) a slice of the first epochs
/// per browser task, each call's grid morphed in; the download buttons save the SVG their
/// figure holds.
#[component]
fn ChartGrid() -> impl IntoView {
    let state = expect_context::<AppState>();
    let focus = expect_context::<Focus>();
    let lang = state.lang;
    // One browser task after the picture, so that a control change paints its picture first.
    // The pictured scheme's one-epoch counts are the picture's (at any size); another's visits
    // come with its deal, and its padding counts need the deal whole, which the part deals.
    let side = expect_context::<Without>().0;
    let visits = deferred(Memo::new(move |_| {
        let scheme = focus.scheme.get();
        side.with(|side| {
            let without = side.as_ref().as_ref().ok().and_then(|side| side.visits.as_ref());
            if scheme.pictured() {
                return state
                    .picture
                    .with(|p| Some(VisitsData::from_picture(p, without).to_wire()));
            }
            let w = state.dealt.with(|p| p.num_replicas.max(0) as u32);
            focus.deal.with(|d| {
                d.as_ref().ok().map(|d| VisitsData::from_deal(scheme, d, w, without).to_wire())
            })
        })
    }));
    let padding = deferred(Memo::new(move |_| {
        let pictured = focus.scheme.get().pictured();
        state.picture.with(|p| pictured.then(|| PaddingData::from_picture(p).to_wire()))
    }));
    let refused = Memo::new(move |_| {
        focus.deal.with(|d| d.as_ref().err().and_then(|e| e.first().map(|e| e.message(lang.get()))))
    });
    // The stage plays no part in the charts: its ticks ask the part nothing.
    let asked = Memo::new(move |_| {
        let query = state.dealt.with(Params::to_query);
        (focus.scheme.get().name(), query, lang.get())
    });
    let host = NodeRef::<Div>::new();
    let generation = StoredValue::new(0u64);
    // What the last download said, by its figure: said again over each grid morphed in.
    let said = StoredValue::new(None::<(String, String)>);
    Effect::new(move |_| {
        let (scheme, query, lang) = asked.get();
        let (visits, padding, refused) = (visits.get(), padding.get(), refused.get());
        generation.update_value(|g| *g += 1);
        patch::each_task(generation, generation.get_value(), move || {
            let Some(host) = host.get_untracked() else { return false };
            let step = match part::story::<ChartsPart>() {
                Some(part) => part.grid(
                    scheme,
                    &query,
                    visits.clone(),
                    padding.clone(),
                    refused.clone(),
                    lang.code(),
                ),
                None => Err(JsValue::from_str("not loaded")),
            };
            match step {
                Ok(step) => {
                    patch::morph(&host, &step.html());
                    let done = step.done();
                    step.free();
                    if let Some((figure, text)) = said.get_value() {
                        show_said(&host, &figure, &text);
                    }
                    !done
                }
                Err(e) => {
                    let why = fill(ChartText::NotDrawn, lang, &[("why", &describe(&e))]);
                    host.set_inner_html(&format!(
                        r#"<p class="chart-error" role="status" data-testid="charts-not-drawn">{}</p>"#,
                        escape(&why)
                    ));
                    false
                }
            }
        });
    });
    let on_click = move |e: leptos::ev::MouseEvent| {
        if let Some(saved) = save(&e) {
            said.set_value(Some(saved));
        }
    };
    view! { <div node_ref=host on:click=on_click></div> }
}

/// Puts `text` in the status beside the download of figure `figure` (its test id).
fn show_said(host: &web_sys::Element, figure: &str, text: &str) {
    let selector = format!("[data-testid={figure}] .chart-status");
    if let Some(status) = host.query_selector(&selector).ok().flatten() {
        status.set_text_content(Some(text));
    }
}

/// Saves the SVG of the figure whose download button was pressed, says so beside it, and
/// gives the figure's test id and what was said.
fn save(e: &leptos::ev::MouseEvent) -> Option<(String, String)> {
    let target = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
    let button = target?.closest("[data-save]").ok().flatten()?;
    let figure = button.closest("figure").ok().flatten()?;
    let svg = figure.query_selector(".chart-svg").ok().flatten().map(|svg| svg.inner_html());
    let name = button.get_attribute("data-save").unwrap_or_default();
    let saved = match svg.filter(|svg| !svg.is_empty()) {
        Some(svg) => super::share::save_file(&name, "image/svg+xml", &svg).is_ok(),
        None => false,
    };
    let said = button.get_attribute(if saved { "data-saved" } else { "data-refused" })?;
    let testid = figure.get_attribute("data-testid")?;
    if let Some(status) = figure.query_selector(".chart-status").ok().flatten() {
        status.set_text_content(Some(&said));
    }
    Some((testid, said))
}

#[wasm_bindgen]
extern "C" {
    /// The story's part's module, seen for the charts ([`crate::parts::charts`]).
    type ChartsPart;
    #[wasm_bindgen(method, catch, js_name = charts_grid)]
    fn grid(
        this: &ChartsPart,
        scheme: &str,
        query: &str,
        visits: Option<Vec<u64>>,
        padding: Option<Vec<u64>>,
        refused: Option<String>,
        lang: &str,
    ) -> Result<HtmlSoFar, JsValue>;
}
