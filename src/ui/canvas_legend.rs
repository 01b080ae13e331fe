//! The canvas view's legends: what each colour and mark of the pixels means.

use leptos::prelude::*;

use super::{PALETTE_LEN, fill, rank_colour, thousands};
use crate::i18n::Lang;
use crate::i18n::page::CanvasText as T;
use crate::model::raster::{self, DROPPED_RGB, INK_RGB, RAMP_STOPS};
use crate::model::{Picture, Stage};

/// What each colour and mark means, for the stage shown (`None`: the rank map).
pub(super) fn legend(p: &Picture, stage: Option<Stage>, lang: Lang) -> impl IntoView + use<> {
    let n = p.epoch.order().len();
    let ranked = matches!(stage, None | Some(Stage::Stripe | Stage::Batch));
    let padded = p.lengths.padding > 0 && !matches!(stage, Some(Stage::Indices | Stage::Shuffle));
    let dropped = match stage {
        Some(Stage::Indices | Stage::Shuffle | Stage::Stripe) => 0,
        Some(Stage::Batch) => p.lengths.loader_dropped,
        _ => p.lengths.dropped,
    };
    let keys = mark_keys(stage, padded, dropped > 0, lang);
    view! {
        <ul class="raster-legend">
            {stage.is_some().then(|| ramp_key(n, lang))}
            {ranked.then(|| rank_keys(p.epoch.num_replicas(), lang))}
            {keys.into_iter().map(|(style, class, text)| key(style, class, &text)).collect_view()}
        </ul>
    }
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
        let text = fill(T::GapKey, lang, &[("px", &raster::MIN_BATCH_PX)]);
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

/// The value ramp, from index 0 to `n - 1`.
fn ramp_key(n: usize, lang: Lang) -> impl IntoView {
    let last = thousands(n.saturating_sub(1) as u64);
    view! {
        <li class="legend-ramp">
            <span>{T::IndexZero.text(lang)}</span>
            <span class="ramp" style:background=raster::ramp_css()></span>
            <span>{last}</span>
        </li>
    }
}

/// One swatch per rank colour in use; past 8 ranks the colours repeat.
fn rank_keys(w: usize, lang: Lang) -> impl IntoView {
    let shown = w.min(PALETTE_LEN);
    let keys = (0..shown)
        .map(|r| key(format!("background: {}", rank_colour(r)), "swatch", &format!("rank {r}")))
        .collect_view();
    let more = (w > PALETTE_LEN).then(|| {
        view! { <li class="legend-note">{fill(T::ColoursRepeat, lang, &[("w", &w)])}</li> }
    });
    view! { {keys} {more} }
}

/// A swatch with its meaning.
fn key(style: String, class: &'static str, text: &str) -> impl IntoView + use<> {
    view! {
        <li>
            <span class=class style=style aria-hidden="true"></span>
            {text.to_string()}
        </li>
    }
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
