//! What the canvas view says around each image ([`super::render`]'s stages and
//! [`super::rank_map`]): its strips' labels, and under it one sentence with this
//! configuration's numbers (also the image's `role=img` label) and a legend of every colour
//! and mark in use, as HTML. The sentence and legend follow from the lengths alone
//! ([`Lengths::of`]).

use super::{DROPPED_RGB, INK_RGB, MIN_BATCH_PX, RAMP_STOPS, RasterRow, ramp_css};
use crate::i18n::canvas_words::CanvasWords as T;
use crate::i18n::{Count, Lang, fill};
use crate::model::html::{PALETTE_LEN, escape, rank_colour};
use crate::model::{Lengths, ParamError, Params, Picture, Stage};
use crate::sampler::BatchSampler;

/// What a caption reads: the picture's lengths and the few settings its sentences name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape {
    /// `len(dataset)`, `len(sampler)`, `total_size`, padding, ...
    pub lengths: Lengths,
    /// The ranks sharing the epoch.
    pub num_replicas: usize,
    /// The loader's `batch_size`.
    pub batch_size: usize,
    /// Whether the sampler shuffles.
    pub shuffle: bool,
}

impl Shape {
    /// The shape of the picture `params` describe, or what refuses them.
    pub fn of(params: &Params) -> Result<Shape, Vec<ParamError>> {
        Shape::with_loader(params).map(|(shape, _)| shape)
    }

    /// [`Shape::of`], with the loader that batches the picture.
    pub fn with_loader(params: &Params) -> Result<(Shape, BatchSampler), Vec<ParamError>> {
        let (lengths, num_replicas, loader) = Lengths::of(params)?;
        let batch_size = loader.batch_size();
        Ok((Shape { lengths, num_replicas, batch_size, shuffle: params.shuffle }, loader))
    }

    /// The shape of a picture already computed.
    pub fn of_picture(p: &Picture) -> Shape {
        Shape {
            lengths: p.lengths.clone(),
            num_replicas: p.epoch.num_replicas(),
            batch_size: p.loader.batch_size(),
            shuffle: p.params.shuffle,
        }
    }
}

/// One image's caption.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caption {
    /// The sentence, as text.
    pub sentence: String,
    /// The `<figcaption>`'s HTML: the sentence (hidden from screen readers, which read it as
    /// the image's label) and the legend.
    pub html: String,
}

/// The caption of `stage`'s image (`None`: the rank map's).
pub fn caption(shape: &Shape, stage: Option<Stage>, lang: Lang) -> Caption {
    let sentence = match stage {
        Some(stage) => stage_sentence(shape, stage, lang),
        None => map_sentence(shape, lang),
    };
    let html =
        format!(r#"<p aria-hidden="true">{}</p>{}"#, escape(&sentence), legend(shape, stage, lang));
    Caption { sentence, html }
}

/// The stage shown, in one sentence with this configuration's numbers.
fn stage_sentence(shape: &Shape, stage: Stage, lang: Lang) -> String {
    let l = &shape.lengths;
    let n = Count(l.dataset);
    let what = match stage {
        Stage::Indices => fill(T::InOrder.text(lang), &[("n", &n)]),
        Stage::Shuffle if shape.shuffle => fill(T::Noise.text(lang), &[("n", &n)]),
        Stage::Shuffle => fill(T::StaysInOrder.text(lang), &[("n", &n)]),
        Stage::Pad if l.padding > 0 => fill(
            T::Padded.text(lang),
            &[("total", &Count::from(l.total_size)), ("padding", &Count::from(l.padding))],
        ),
        Stage::Pad if l.dropped > 0 => fill(
            T::Trimmed.text(lang),
            &[("total", &Count::from(l.total_size)), ("dropped", &Count::from(l.dropped))],
        ),
        Stage::Pad => fill(T::Divides.text(lang), &[("n", &n), ("w", &shape.num_replicas)]),
        Stage::Stripe => fill(
            T::Strips.text(lang),
            &[("w", &shape.num_replicas), ("each", &Count::from(l.sampler))],
        ),
        Stage::Batch => batch_sentence(shape, lang),
    };
    fill(T::StageSentence.text(lang), &[("k", &stage.number()), ("what", &what)])
}

/// Stage 5's part of [`stage_sentence`].
fn batch_sentence(shape: &Shape, lang: Lang) -> String {
    let l = &shape.lengths;
    let tail = match l.loader_dropped {
        0 => String::new(),
        k => fill(T::ShortDropped.text(lang), &[("k", &k)]),
    };
    let values: [(&str, &dyn std::fmt::Display); 4] = [
        ("each", &Count::from(l.sampler)),
        ("batches", &Count::from(l.loader)),
        ("size", &shape.batch_size),
        ("tail", &tail),
    ];
    fill(T::InBatches.text(lang), &values)
}

/// The rank map, in one sentence with this configuration's numbers.
fn map_sentence(shape: &Shape, lang: Lang) -> String {
    let l = &shape.lengths;
    let part = |key: T, k: usize| {
        if k > 0 { fill(key.text(lang), &[("k", &Count::from(k))]) } else { String::new() }
    };
    let (twice, never) = (part(T::MapTwice, l.padding), part(T::MapNever, l.dropped));
    let n = Count(l.dataset);
    fill(T::MapSentence.text(lang), &[("n", &n), ("twice", &twice), ("never", &never)])
}

/// What each colour and mark of `stage`'s image (`None`: the rank map) means, as a `<ul>`.
fn legend(shape: &Shape, stage: Option<Stage>, lang: Lang) -> String {
    let l = &shape.lengths;
    let ranked = matches!(stage, None | Some(Stage::Stripe | Stage::Batch));
    let padded = l.padding > 0 && !matches!(stage, Some(Stage::Indices | Stage::Shuffle));
    let dropped = match stage {
        Some(Stage::Indices | Stage::Shuffle | Stage::Stripe) => 0,
        Some(Stage::Batch) => l.loader_dropped,
        _ => l.dropped,
    };
    let mut html = String::from(r#"<ul class="raster-legend">"#);
    if stage.is_some() {
        let last = Count(l.dataset.saturating_sub(1));
        html += &format!(
            r#"<li class="legend-ramp"><span>{}</span><span class="ramp" style="background: {}"></span><span>{last}</span></li>"#,
            escape(T::IndexZero.text(lang)),
            ramp_css()
        );
    }
    if ranked {
        let w = shape.num_replicas;
        for r in 0..w.min(PALETTE_LEN) {
            html +=
                &key(&format!("background: {}", rank_colour(r)), "swatch", &format!("rank {r}"));
        }
        if w > PALETTE_LEN {
            let note = fill(T::ColoursRepeat.text(lang), &[("w", &w)]);
            html += &format!(r#"<li class="legend-note">{}</li>"#, escape(&note));
        }
    }
    for (style, class, text) in mark_keys(stage, padded, dropped > 0, lang) {
        html += &key(&style, class, &text);
    }
    html + "</ul>"
}

/// Swatches for padding, dropped samples, batch gaps and margin marks: `(style, class, text)`.
fn mark_keys(
    stage: Option<Stage>,
    padded: bool,
    dropped: bool,
    lang: Lang,
) -> Vec<(String, &'static str, String)> {
    let (mid, under) = (swatch(css(RAMP_STOPS[4])), swatch(rank_colour(0)));
    let mut keys = Vec::new();
    if padded {
        let (under, text) = match stage {
            Some(_) => (mid.clone(), T::PaddingKey),
            None => (under, T::TwiceKey),
        };
        keys.push((under, "swatch hatched", text.text(lang).into()));
    }
    if dropped {
        keys.push((bg(DROPPED_RGB), "swatch", T::DroppedKey.text(lang).into()));
    }
    if stage == Some(Stage::Batch) {
        let text = fill(T::GapKey.text(lang), &[("px", &MIN_BATCH_PX)]);
        keys.push((mid, "swatch cut", text));
    }
    if padded {
        keys.push((bg(INK_RGB), "swatch mark", T::PaddingMark.text(lang).into()));
    }
    if dropped {
        keys.push((bg(DROPPED_RGB), "swatch mark", T::DroppedMark.text(lang).into()));
    }
    keys
}

/// A swatch with its meaning.
fn key(style: &str, class: &str, text: &str) -> String {
    format!(
        r#"<li><span class="{class}" style="{}" aria-hidden="true"></span>{}</li>"#,
        escape(style),
        escape(text)
    )
}

fn css([r, g, b]: [u8; 3]) -> String {
    format!("rgb({r} {g} {b})")
}

/// The colour a hatched or cut swatch is drawn in.
fn swatch(colour: String) -> String {
    format!("--swatch: {colour}")
}

fn bg(rgb: [u8; 3]) -> String {
    format!("background: {}", css(rgb))
}

/// The strips' labels, each at its strip's height (in its rank's colour), as the `<li>`s of
/// the list beside the image.
pub fn labels(rows: &[RasterRow], lang: Lang) -> String {
    let mut html = String::new();
    for row in rows {
        let (class, hue) = match row.rank {
            Some(r) => (" ranked", format!("--rank-hue: {}; ", rank_colour(r))),
            None => ("", String::new()),
        };
        html += &format!(
            r#"<li class="raster-label{class}" style="{hue}top: {}px; height: {}px">{}</li>"#,
            row.y,
            row.height,
            escape(&strip_name(&row.label, lang))
        );
    }
    html
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
