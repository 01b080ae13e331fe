//! The animated pipeline for small datasets: one chip per sample occurrence, moved from stage
//! to stage (`range` → `randperm` → pad or trim → `indices[rank::num_replicas]` → batches) by
//! CSS transitions. The story's part writes the chips' grid and the caption
//! ([`crate::model::pipeline`], where [`crate::model::layout`] places each chip); this keeps
//! the figure, fits the grid to its width, and patches the part's HTML in ([`patch`]) so that
//! each chip keeps its element from one stage to the next and travels.

use leptos::html::{Div, Figcaption, Section};
use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use super::part::{self, Part, describe};
use super::patch::patch;
use super::width::use_width;
use super::{AppState, fill, tr};
use crate::i18n::page::PipelineText as T;
use crate::model::layout;

/// Pixels per grid unit on wide screens, and on phones.
const CELL_PX: f64 = 44.0;
const CELL_PX_NARROW: f64 = 34.0;
/// Below this width (px) chips are smaller.
const NARROW: f64 = 480.0;
/// The grid's width in units: at least this many (the rows then scroll), at most that many.
const MIN_COLUMNS: usize = 6;
const MAX_COLUMNS: usize = 20;

/// The pipeline, chip by chip, at the stage the state shows, with a caption naming the
/// PyTorch code of that stage, once the story's part is loaded (when `near` first comes within
/// a screen of the viewport). Draw it only when `layout::fits` the picture.
#[component]
pub fn Pipeline(
    /// The section the figure is in: the part loads as it nears the screen.
    near: NodeRef<Section>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = state.lang;
    let scroller = NodeRef::<Div>::new();
    let caption = NodeRef::<Figcaption>::new();
    let (columns, cell) = use_fit(scroller);
    let part = part::load_near(part::STORY, near);
    let refused = RwSignal::new(None::<String>);
    Effect::new(move |_| {
        let (columns, cell, lang) = (columns.get(), cell.get(), lang.get());
        // Chips only for a picture that fits them: the section swaps this figure for the
        // canvas when one does not, and this effect may see that picture first.
        let query = state.picture.with(|p| layout::fits(p).then(|| p.params.to_query()));
        let Some(query) = query else { return };
        let (Part::Ready, Some(grid), Some(caption)) = (part.get(), scroller.get(), caption.get())
        else {
            return;
        };
        let Some(pipeline) = part::story::<PipelinePart>() else { return };
        match pipeline.draw(&query, lang.code(), columns as u32, cell) {
            Ok(chips) => {
                patch(&grid, &chips.grid());
                caption.set_inner_html(&chips.caption());
                chips.free();
                refused.set(None);
            }
            Err(error) => refused.set(Some(describe(&error))),
        }
    });
    let status = move || {
        match (part.get(), refused.get()) {
        (Part::Waiting, _) => Some(view! {
            <p class="chart-status" role="status" data-testid="pipeline-loading">{tr(T::Loading)}</p>
        }.into_any()),
        (Part::Missing(why), _) | (Part::Ready, Some(why)) => Some(view! {
            <p class="chart-error" role="status" data-testid="pipeline-missing">
                {move || fill(T::PartMissing, lang.get(), &[("why", &why)])}
            </p>
        }.into_any()),
        (Part::Ready, None) => None,
    }
    };
    view! {
        <figure class="pipeline" data-testid="pipeline" data-stage=move || state.drawn.with(|p| p.stage.number())>
            <div class="pipeline-scroll" node_ref=scroller></div>
            {status}
            <figcaption class="pipeline-caption" data-testid="pipeline-caption" node_ref=caption></figcaption>
        </figure>
    }
}

#[wasm_bindgen]
extern "C" {
    /// The story's part's module, seen for its pipeline ([`crate::parts::pipeline`]).
    type PipelinePart;
    #[wasm_bindgen(method, catch, js_name = pipeline)]
    fn draw(
        this: &PipelinePart,
        query: &str,
        lang: &str,
        columns: u32,
        cell: f64,
    ) -> Result<Chips, JsValue>;

    /// The pipeline at one stage: the grid's HTML and the caption's.
    type Chips;
    #[wasm_bindgen(method, getter)]
    fn grid(this: &Chips) -> String;
    #[wasm_bindgen(method, getter)]
    fn caption(this: &Chips) -> String;
    #[wasm_bindgen(method)]
    fn free(this: &Chips);
}

/// The grid's columns and pixels per unit, fitted to `container`'s width (the window's until
/// it is mounted) and refitted when the window is resized.
fn use_fit(container: NodeRef<Div>) -> (Signal<usize>, Signal<f64>) {
    let width = use_width(container);
    let fit = Memo::new(move |_| {
        let w = width.get() as f64;
        fitted(if w > 0.0 { w } else { viewport_width() })
    });
    (Signal::derive(move || fit.get().0), Signal::derive(move || fit.get().1))
}

/// `(columns, px per unit)` for a container `width` pixels wide.
fn fitted(width: f64) -> (usize, f64) {
    let cell = if width < NARROW { CELL_PX_NARROW } else { CELL_PX };
    let columns = (width / cell).floor();
    let columns = if columns.is_finite() && columns > 0.0 { columns as usize } else { MIN_COLUMNS };
    (columns.clamp(MIN_COLUMNS, MAX_COLUMNS), cell)
}

/// The window's inner width less the page's side padding, or a desktop guess.
fn viewport_width() -> f64 {
    let inner = window().inner_width().ok().and_then(|w| w.as_f64()).unwrap_or(1024.0);
    inner.min(1152.0) - 40.0
}
