//! The pipeline for large datasets, drawn on a `<canvas>` instead of one element per sample.
//! The story's part draws it ([`crate::parts::canvas`]: [`crate::model::raster`]'s pixels, the
//! strips' labels, each image's sentence and legend) from the epoch the page hands it once per
//! epoch, a slice per browser task; this keeps the figures and their canvases, loads the part when the section first
//! comes near the screen, and puts in what it gives. An image is asked for only while its
//! figure is within a screen of the viewport (`ui/near.rs`) and its values differ from those
//! it was drawn from. Until it is drawn a line under it says it is on its way (or drawn as it
//! comes into view, after a change far above it), or why it could not be drawn.

use std::sync::Arc;

use leptos::html::{Canvas, Div, Figcaption, Ol, Section};
use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::js_sys::Uint8ClampedArray;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};

use super::part::{self, Part, describe};
use super::patch;
use super::width::use_width;
use super::{AppState, deferred, fill, thousands, tr};
use crate::i18n::Lang;
use crate::i18n::page::CanvasText as T;
use crate::model::{Params, Picture, Stage};

/// A picture compared by its epoch alone: the same `Arc` means the same indices and the same
/// parameters but (perhaps) the stage, so the rank map is not asked again for a stage's tick.
#[derive(Clone)]
struct SameEpoch(Arc<Picture>);

impl PartialEq for SameEpoch {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0.epoch, &other.0.epoch)
    }
}

/// The stage shown, as strips of pixels, then which rank gets each sample in dataset order.
#[component]
pub fn CanvasView(
    /// The pipeline's section: the story's part loads when it first comes near the screen.
    near: NodeRef<Section>,
) -> impl IntoView {
    let Some(state) = use_context::<AppState>() else {
        // No state, so no language either: the default's.
        return view! { <p class="raster-error">{T::NoState.text(Lang::default())}</p> }.into_any();
    };
    let (picture, stage) = (state.picture, state.stage());
    let part = part::load_near(part::STORY, near);
    // The images follow the picture one task later, so that a large picture never blocks the
    // page in one long task; both from the same task, so that they ask for the same epoch.
    let stage_later = deferred(Memo::new(move |_| (SameEpoch(picture.get()), stage.get())));
    // The rank map does not depend on the stage: asked again only when the indices change.
    let map_later = Memo::new(move |_| stage_later.with(|(p, _)| p.clone()));
    let shown = move || stage_later.with(|(p, stage)| (p.0.clone(), stage.number()));
    // The part lets go of the epoch (up to 64 MB) once the canvas has left the page.
    on_cleanup(|| {
        if let Some(canvas) = part::story::<CanvasPart>() {
            canvas.release();
        }
    });
    view! {
        <figure class="raster-view" data-stage=move || stage.get().number()>
            {image(state, part, "canvas-view", shown)}
        </figure>
        <figure class="raster-view">
            <h3 class="raster-title">{tr(T::RankMapTitle)}</h3>
            <Show
                when=move || map_later.with(|s| s.0.params.n <= RANK_MAP_LIMIT)
                fallback=move || view! {
                    <p class="raster-note" data-testid="rank-map-note">
                        {move || fill(T::RankMapCap, state.lang.get(), &[("max", &thousands(RANK_MAP_LIMIT))])}
                    </p>
                }
            >
                {image(state, part, "rank-map", move || map_later.with(|s| (s.0.clone(), 0)))}
            </Show>
        </figure>
    }
    .into_any()
}

/// The largest dataset the rank map is drawn for: it reads every index in one task, which
/// stays under 100 ms in the browser up to about this size.
const RANK_MAP_LIMIT: u64 = 1 << 23;

/// One image as wide as its frame, with its strips' labels beside it and its caption under
/// it, drawn by the part for `shown()` (the picture and the stage, 0 for the rank map)
/// whenever that, the language or the width changes while the figure is near the screen; far
/// off screen such a change takes the image away, and it is drawn as the figure comes near.
fn image(
    state: AppState,
    part: RwSignal<Part>,
    testid: &'static str,
    shown: impl Fn() -> (Arc<Picture>, u8) + 'static,
) -> impl IntoView {
    let frame = NodeRef::<Div>::new();
    let canvas = NodeRef::<Canvas>::new();
    let labels = NodeRef::<Ol>::new();
    let caption = NodeRef::<Figcaption>::new();
    let width = use_width(frame);
    let near = super::near::use_near(frame);
    // The image's label, and what stands in for the image (with its class) until it is drawn.
    let label = RwSignal::new(String::new());
    let status = RwSignal::new(None::<(&'static str, String)>);
    // What the image on the canvas was drawn from (none while a line stands in for it): coming
    // near again does not draw it anew.
    let drawn_for = StoredValue::new(None::<(String, u8, usize, Lang)>);
    // Each new request takes over from one still handing the epoch over.
    let generation = StoredValue::new(0u64);
    let show = move |drawn: Result<Drawn, (&'static str, String)>| {
        let nodes = (canvas.get_untracked(), labels.get_untracked(), caption.get_untracked());
        let (Some(canvas), Some(labels), Some(caption)) = nodes else {
            if let Ok(drawn) = drawn {
                drawn.image.free();
            }
            return;
        };
        match drawn {
            Ok(Drawn { image, failed }) => {
                labels.set_inner_html(&image.labels());
                caption.set_inner_html(&image.caption());
                label.set(image.sentence());
                image.free();
                status.set(failed.map(|text| ("raster-error", text)));
            }
            Err((class, text)) => {
                drawn_for.set_value(None);
                // No picture of other values is left standing beside the line that says why.
                canvas.set_width(0);
                canvas.set_height(0);
                labels.set_inner_html("");
                caption.set_inner_html("");
                label.set(text.clone());
                status.set(Some((class, text)));
            }
        }
    };
    Effect::new(move |_| {
        let (w, lang, (picture, stage)) = (width.get(), state.lang.get(), shown());
        generation.update_value(|g| *g += 1);
        let loading = ("chart-status", T::ImageLoading.text(lang).to_string());
        let missing = |why: &str| ("raster-error", fill(T::ImageMissing, lang, &[("why", &why)]));
        match part.get() {
            Part::Waiting => show(Err(loading)),
            Part::Missing(why) => show(Err(missing(&why))),
            Part::Ready if w == 0 => {}
            Part::Ready => {
                // The epoch's parameters: the stage shown plays no part in it.
                let query = Params { stage: Stage::Batch, ..picture.params.clone() }.to_query();
                let key = (query, stage, w, lang);
                if drawn_for.with_value(|drawn| drawn.as_ref() == Some(&key)) {
                    return;
                }
                if !near.get() {
                    // Far off screen, nothing of other values stands: drawn as it comes near.
                    show(Err(("chart-status", T::ImageWaiting.text(lang).to_string())));
                    return;
                }
                // Until the first image is in, the line says it is on its way (and names it).
                if label.get_untracked().is_empty() {
                    show(Err(loading));
                }
                patch::each_task(generation, generation.get_value(), move || {
                    match draw(canvas, &picture, &key.0, stage, w, lang) {
                        None => true,
                        Some(drawn) => {
                            if drawn.is_ok() {
                                drawn_for.set_value(Some(key.clone()));
                            }
                            show(drawn.map_err(|why| ("raster-error", why)));
                            false
                        }
                    }
                })
            }
        }
    });
    view! {
        <div class="raster">
            <ol class="raster-labels" aria-hidden="true" node_ref=labels></ol>
            <div class="raster-frame" node_ref=frame>
                <canvas node_ref=canvas data-testid=testid role="img" aria-label=move || label.get()></canvas>
            </div>
        </div>
        {move || status.get().map(|(class, text)| view! { <p class=class role="status">{text}</p> })}
        <figcaption class="raster-caption" data-testid=format!("{testid}-caption") node_ref=caption></figcaption>
    }
}

/// Indices handed to the part per browser task: 8 MB, so that handing over the size cap's
/// 2^24 is spread over tasks of 10–30 ms on a loaded two-core machine, never one long task.
const SLICE: usize = 1 << 21;

/// An image the part drew, and why its pixels could not be put on the canvas, if they could
/// not (its labels and caption stand either way).
struct Drawn {
    image: CanvasImage,
    failed: Option<String>,
}

/// One task's share of drawing stage `stage` (0: the rank map) of `picture` `width` pixels
/// wide, `query` naming its epoch (its parameters at the last stage, as the part keeps them): `None` after handing the part the next slice of the epoch when it does not hold it
/// yet (call again in a later task); else the image, its pixels put on `canvas`, or why the
/// part could not draw it.
fn draw(
    canvas: NodeRef<Canvas>,
    picture: &Picture,
    query: &str,
    stage: u8,
    width: usize,
    lang: Lang,
) -> Option<Result<Drawn, String>> {
    let refused = |e: JsValue| fill(T::ImageMissing, lang, &[("why", &describe(&e))]);
    let Some(part) = part::story::<CanvasPart>() else {
        return Some(Err(refused("not loaded".into())));
    };
    if !part.holds(query) {
        let order = picture.epoch.order();
        let at = part.received(query).min(order.len());
        let end = (at + SLICE).min(order.len());
        if let Err(e) = part.receive(query, at, &order[at..end]) {
            return Some(Err(refused(e)));
        }
        // The image in a task of its own, after the last slice's.
        return None;
    }
    let image = match part.image(query, stage, width, lang.code()) {
        Ok(image) => image,
        Err(e) => return Some(Err(refused(e))),
    };
    let painted = canvas.get_untracked().is_some_and(|canvas| paint(&canvas, &image).is_ok());
    let failed = (!painted).then(|| T::Failed.text(lang).to_string());
    Some(Ok(Drawn { image, failed }))
}

/// Puts `image`'s pixels on `canvas`, resizing it to the image.
fn paint(canvas: &HtmlCanvasElement, image: &CanvasImage) -> Result<(), JsValue> {
    let (w, h) = (image.width(), image.height());
    canvas.set_width(w);
    canvas.set_height(h);
    if w == 0 || h == 0 {
        return Ok(());
    }
    let context = canvas
        .get_context("2d")?
        .ok_or_else(|| JsValue::from_str("no 2d context"))?
        .dyn_into::<CanvasRenderingContext2d>()
        .map_err(JsValue::from)?;
    let pixels = ImageData::new_with_js_u8_clamped_array_and_sh(&image.take_rgba(), w, h)?;
    context.put_image_data(&pixels, 0.0, 0.0)
}

#[wasm_bindgen]
extern "C" {
    /// The story's part's module, seen for the canvas ([`crate::parts::canvas`]).
    type CanvasPart;
    #[wasm_bindgen(method, js_name = canvas_holds)]
    fn holds(this: &CanvasPart, query: &str) -> bool;
    #[wasm_bindgen(method, js_name = canvas_received)]
    fn received(this: &CanvasPart, query: &str) -> usize;
    #[wasm_bindgen(method, catch, js_name = canvas_receive)]
    fn receive(this: &CanvasPart, query: &str, at: usize, slice: &[u32]) -> Result<(), JsValue>;
    #[wasm_bindgen(method, js_name = canvas_release)]
    fn release(this: &CanvasPart);
    #[wasm_bindgen(method, catch, js_name = canvas_image)]
    fn image(
        this: &CanvasPart,
        query: &str,
        stage: u8,
        width: usize,
        lang: &str,
    ) -> Result<CanvasImage, JsValue>;

    /// One image as the part drew it.
    type CanvasImage;
    #[wasm_bindgen(method, getter)]
    fn width(this: &CanvasImage) -> u32;
    #[wasm_bindgen(method, getter)]
    fn height(this: &CanvasImage) -> u32;
    #[wasm_bindgen(method)]
    fn take_rgba(this: &CanvasImage) -> Uint8ClampedArray;
    #[wasm_bindgen(method, getter)]
    fn labels(this: &CanvasImage) -> String;
    #[wasm_bindgen(method, getter)]
    fn sentence(this: &CanvasImage) -> String;
    #[wasm_bindgen(method, getter)]
    fn caption(this: &CanvasImage) -> String;
    #[wasm_bindgen(method)]
    fn free(this: &CanvasImage);
}
