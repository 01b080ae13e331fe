//! The pipeline for large datasets, drawn on a `<canvas>` instead of one element per sample:
//! [`crate::model::raster`] turns the picture into pixels; this puts them on the page, labels
//! the strips in HTML beside them, and explains the colours.

use leptos::html::{Canvas, Div};
use leptos::prelude::*;
use wasm_bindgen::{Clamped, JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};

use super::canvas_legend::legend;
use super::indices::{SameEpoch, use_indices};
use super::width::use_width;
use super::{AppState, deferred, fill, rank_colour, thousands, tr};
use crate::i18n::Lang;
use crate::i18n::page::CanvasText as T;
use crate::model::raster::{self, Raster, RasterRow};
use crate::model::{Picture, Stage};

/// The stage shown, as strips of pixels, then which rank gets each sample in dataset order.
#[component]
pub fn CanvasView() -> impl IntoView {
    let Some(state) = use_context::<AppState>() else {
        // No state, so no language either: the default's.
        return view! { <p class="raster-error">{T::NoState.text(Lang::default())}</p> }.into_any();
    };
    let (picture, stage, lang) = (state.picture, state.stage(), state.lang);
    let stage_text = Signal::derive(move || picture.with(|p| stage_sentence(p, lang.get())));
    let map_text = Signal::derive(move || picture.with(|p| map_sentence(p, lang.get())));
    // The rank map does not depend on the stage: redraw it only when the indices change, and
    // in a task of its own, so that a large picture never blocks the page in one long task.
    let map_later = deferred(use_indices(state));
    // Likewise the stage's strips, in a task apart from the tables'.
    let stage_later = deferred(Memo::new(move |_| (SameEpoch(picture.get()), stage.get())));
    view! {
        <figure class="raster-view" data-stage=move || stage.get().number()>
            {raster_canvas("canvas-view", stage_text, move |w| {
                stage_later.with(|(p, stage)| raster::render(&p.0, *stage, w))
            })}
            <figcaption class="raster-caption">
                <p aria-hidden="true">{stage_text}</p>
                {move || picture.with(|p| legend(p, Some(p.params.stage), lang.get()))}
            </figcaption>
        </figure>
        <figure class="raster-view">
            <h3 class="raster-title">{tr(T::RankMapTitle)}</h3>
            <Show
                when=move || map_later.with(|s| s.0.params.n <= RANK_MAP_LIMIT)
                fallback=move || view! {
                    <p class="raster-note" data-testid="rank-map-note">
                        {move || fill(T::RankMapCap, lang.get(), &[("max", &thousands(RANK_MAP_LIMIT))])}
                    </p>
                }
            >
                {raster_canvas("rank-map", map_text, move |w| map_later.with(|s| raster::rank_map(&s.0, w)))}
                <figcaption class="raster-caption">
                    <p aria-hidden="true">{map_text}</p>
                    {move || picture.with(|p| legend(p, None, lang.get()))}
                </figcaption>
            </Show>
        </figure>
    }
    .into_any()
}

/// The largest dataset the rank map is drawn for: it reads every index in one task, which
/// stays under 100 ms in the browser up to about this size.
const RANK_MAP_LIMIT: u64 = 1 << 23;

/// A canvas as wide as its frame, redrawn by `render(width)` whenever the signals `render`
/// reads change or the window is resized, with the strips' labels beside it.
fn raster_canvas(
    testid: &'static str,
    description: Signal<String>,
    render: impl Fn(usize) -> Raster + 'static,
) -> impl IntoView {
    let frame = NodeRef::<Div>::new();
    let canvas = NodeRef::<Canvas>::new();
    let width = use_width(frame);
    let rows = RwSignal::new(Vec::<RasterRow>::new());
    let failed = RwSignal::new(false);
    let lang = expect_context::<AppState>().lang;
    Effect::new(move |_| {
        let w = width.get();
        let Some(el) = canvas.get() else { return };
        if w > 0 {
            let raster = render(w);
            failed.set(paint(&el, &raster).is_err());
            rows.set(raster.rows);
        }
    });
    view! {
        <div class="raster">
            <ol class="raster-labels" aria-hidden="true">
                {move || {
                    let lang = lang.get();
                    rows.with(|rs| rs.iter().map(|row| row_label(row, lang)).collect_view())
                }}
            </ol>
            <div class="raster-frame" node_ref=frame>
                <canvas
                    node_ref=canvas
                    data-testid=testid
                    role="img"
                    aria-label=description
                ></canvas>
            </div>
        </div>
        <Show when=move || failed.get()>
            <p class="raster-error" role="status">{tr(T::Failed)}</p>
        </Show>
    }
}

/// Puts `raster` on `canvas`, resizing it to the image.
fn paint(canvas: &HtmlCanvasElement, raster: &Raster) -> Result<(), JsValue> {
    let (w, h) = (u32::try_from(raster.width), u32::try_from(raster.height));
    let (Ok(w), Ok(h)) = (w, h) else { return Err(JsValue::from_str("image too large")) };
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
    let image = ImageData::new_with_u8_clamped_array_and_sh(Clamped(&raster.rgba), w, h)?;
    context.put_image_data(&image, 0.0, 0.0)
}

/// The strips the raster names in English (its words double as keys), and their texts.
const STRIP_NAMES: [T; 6] =
    [T::Dataset, T::ShuffledRow, T::InOrderRow, T::PaddedRow, T::TrimmedRow, T::AsIsRow];

/// A strip's label in `lang`: `rank r` stays PyTorch's word, the others are translated.
fn strip_name(label: &str, lang: Lang) -> String {
    match STRIP_NAMES.iter().find(|t| t.text(Lang::En) == label) {
        Some(t) => t.text(lang).to_string(),
        None => label.to_string(),
    }
}

/// A strip's label, at the strip's height, in its rank's colour.
fn row_label(row: &RasterRow, lang: Lang) -> impl IntoView + use<> {
    view! {
        <li
            class="raster-label"
            class:ranked=row.rank.is_some()
            style:--rank-hue=row.rank.map(rank_colour)
            style:top=format!("{}px", row.y)
            style:height=format!("{}px", row.height)
        >
            {strip_name(&row.label, lang)}
        </li>
    }
}

/// The stage shown, in one sentence with this configuration's numbers.
fn stage_sentence(p: &Picture, lang: Lang) -> String {
    let l = &p.lengths;
    let (n, w) = (thousands(l.dataset), p.epoch.num_replicas());
    let (total, each) = (thousands(l.total_size as u64), thousands(l.sampler as u64));
    let what = match p.params.stage {
        Stage::Indices => fill(T::InOrder, lang, &[("n", &n)]),
        Stage::Shuffle if p.params.shuffle => fill(T::Noise, lang, &[("n", &n)]),
        Stage::Shuffle => fill(T::StaysInOrder, lang, &[("n", &n)]),
        Stage::Pad if l.padding > 0 => {
            let padding = thousands(l.padding as u64);
            fill(T::Padded, lang, &[("total", &total), ("padding", &padding)])
        }
        Stage::Pad if l.dropped > 0 => {
            let dropped = thousands(l.dropped as u64);
            fill(T::Trimmed, lang, &[("total", &total), ("dropped", &dropped)])
        }
        Stage::Pad => fill(T::Divides, lang, &[("n", &n), ("w", &w)]),
        Stage::Stripe => fill(T::Strips, lang, &[("w", &w), ("each", &each)]),
        Stage::Batch => batch_sentence(p, lang),
    };
    fill(T::StageSentence, lang, &[("k", &p.params.stage.number()), ("what", &what)])
}

/// Stage 5's part of [`stage_sentence`].
fn batch_sentence(p: &Picture, lang: Lang) -> String {
    let l = &p.lengths;
    let tail = match l.loader_dropped {
        0 => String::new(),
        k => fill(T::ShortDropped, lang, &[("k", &k)]),
    };
    let values: [(&str, &dyn std::fmt::Display); 4] = [
        ("each", &thousands(l.sampler as u64)),
        ("batches", &thousands(l.loader as u64)),
        ("size", &p.loader.batch_size()),
        ("tail", &tail),
    ];
    fill(T::InBatches, lang, &values)
}

/// The rank map, in one sentence with this configuration's numbers.
fn map_sentence(p: &Picture, lang: Lang) -> String {
    let l = &p.lengths;
    let part = |key: T, k: usize| {
        if k > 0 { fill(key, lang, &[("k", &thousands(k as u64))]) } else { String::new() }
    };
    let (twice, never) = (part(T::MapTwice, l.padding), part(T::MapNever, l.dropped));
    let n = thousands(l.dataset);
    fill(T::MapSentence, lang, &[("n", &n), ("twice", &twice), ("never", &never)])
}
