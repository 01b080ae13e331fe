//! A compared scheme's lanes, as HTML the page puts in (`ui::scheme_panel`): one lane per GPU
//! of sample tiles in order, batch by batch (a batch's worker before its first tile, a resumed
//! process's mark before its first sample), then what its loader leaves out; or, for a process
//! that raised, the library's exception in place of its tiles. At 64 GPUs that is thousands of
//! tiles: written as text and parsed by the browser, they cost a small part of building them
//! element by element, and the page puts them in a chunk of lanes at a time
//! ([`TILES_PER_CHUNK`]) so that no frame lays out all of them.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::html::{escape, rank_colour};
use super::scheme::{Deal, LANE_CAP, Lane, Origin, hue};
use super::weights::Classes;
use crate::i18n::ecosystem::EcoText as E;
use crate::i18n::schemes::SchemeText as T;
use crate::i18n::{Count, Lang, fill};

/// Rows (lanes, the dataset, the samples no GPU gets) of at most this many tiles wrap onto more
/// rows; longer ones scroll (and fade at the edge, so that a cut tile reads as "more this way").
pub const WRAP_TILES: usize = 32;

/// The tiles the page lays out in one frame at most (four lanes of [`LANE_CAP`]): with the
/// rest of a new picture, about 30 ms of style and layout for two panels in Chromium on a
/// 2-core machine.
pub const TILES_PER_CHUNK: usize = 4 * LANE_CAP;

/// Every lane of `deal`, the `k`-th compared scheme's, in `lang`, in chunks of whole lanes of
/// at most `tiles_per_chunk` tiles (a longer lane is a chunk of its own), so that the page can
/// put in a few lanes at a time; a deal of few tiles is one chunk.
pub fn html(deal: &Deal, k: usize, lang: Lang, tiles_per_chunk: usize) -> Vec<String> {
    let batch = deal.batch_size.max(1);
    let classes = deal.classes();
    let mut chunks = Vec::new();
    let (mut out, mut tiles) = (String::new(), 0);
    for (rank, (lane, keys)) in deal.lanes.iter().zip(flip_keys(deal, k)).enumerate() {
        let size = lane.tiles.len().max(1);
        if tiles > 0 && tiles + size > tiles_per_chunk {
            chunks.push(std::mem::take(&mut out));
            tiles = 0;
        }
        lane_html(&mut out, lane, rank, &keys, batch, classes, lang);
        tiles += size;
    }
    if !out.is_empty() {
        chunks.push(out);
    }
    chunks
}

/// A sample's look, the same in every lane, scheme and epoch: a hue by index (golden angle),
/// as its tile's `style`.
pub fn tile_style(index: u32) -> String {
    format!("--h:{}", hue(index))
}

/// Each tile's `data-flip` key: its sample and which copy of it in the panel, so that a
/// sample moving to another lane between epochs travels there.
fn flip_keys(deal: &Deal, k: usize) -> Vec<Vec<String>> {
    let mut copies = BTreeMap::<u32, usize>::new();
    let mut key = |index: u32| {
        let copy = copies.entry(index).or_default();
        *copy += 1;
        format!("{k}-{index}-{copy}")
    };
    deal.lanes.iter().map(|lane| lane.tiles.iter().map(|t| key(t.index)).collect()).collect()
}

/// A sample's class as its tile's `data-class`, when the weights balance classes.
pub fn class_of(classes: Option<Classes>, index: u32) -> Option<u8> {
    classes.map(|c| c.of(index))
}

/// One GPU's lane.
fn lane_html(
    out: &mut String,
    lane: &Lane,
    rank: usize,
    keys: &[String],
    batch: usize,
    classes: Option<Classes>,
    lang: Lang,
) {
    let label = escape(&fill(T::Gpu.text(lang), &[("rank", &rank)]));
    let _ = write!(
        out,
        r#"<div class="gpu-lane" data-testid="gpu-lane" data-rank="{rank}"><span class="lane-label" style="--rank:{}">{label}</span>"#,
        rank_colour(rank),
    );
    if let Some((epoch, error)) = &lane.raised {
        // A process that raised: the library's exception and message in place of its tiles.
        let exception = error.exception().unwrap_or_default();
        let _ = write!(
            out,
            r#"<span class="lane-raised" data-testid="lane-raised">{} <strong lang="en">{}</strong></span></div>"#,
            escape(&fill(T::RaisedIn.text(lang), &[("epoch", epoch)])),
            escape(&format!("{exception}: {error}")),
        );
        return;
    }
    let wrap = if lane.tiles.len() <= WRAP_TILES { " wrap" } else { "" };
    let _ =
        write!(out, r#"<span class="tiles{wrap}" tabindex="0" role="group" aria-label="{label}">"#);
    // Where each batch starts (its worker is the batch's place in this list). Each batch is a
    // box of its own, so that a lane wrapping onto a second row breaks between batches.
    let starts = lane.batch_starts(batch, lane.tiles.len());
    let mut in_batch = false;
    for (pos, (tile, key)) in lane.tiles.iter().zip(keys).enumerate() {
        let start = starts.binary_search(&pos);
        if start.is_ok() {
            out.push_str(if in_batch {
                r#"</span><span class="batch">"#
            } else {
                r#"<span class="batch">"#
            });
            in_batch = true;
        }
        if lane.resumed_at == Some(pos) {
            // Where a new process took over: a mark before its first sample.
            let _ = write!(
                out,
                r#"<span class="resume-mark" data-testid="resume-mark" aria-hidden="true">{}</span><span class="sr-only">{}</span>"#,
                escape(E::Resumed.text(lang)),
                escape(E::SrResumed.text(lang)),
            );
        }
        if let Some(w) = start.ok().and_then(|b| lane.workers.get(b).copied()) {
            // The worker that loaded the batch, before its first sample.
            let text = escape(&fill(E::Worker.text(lang), &[("w", &w)]));
            let _ = write!(
                out,
                r#"<span class="worker-tag" data-worker="{w}" title="{text}">w{w}<span class="sr-only">{text}</span></span>"#
            );
        }
        let class = class_of(classes, tile.index);
        let _ = write!(
            out,
            r#"<span class="tile{}" data-index="{}"{}{}{} data-flip="{key}" style="{}">{}"#,
            if pos > 0 && start.is_ok() { " batch-start" } else { "" },
            tile.index,
            if tile.dup { r#" data-dup="1""# } else { "" },
            match tile.origin {
                Origin::Sample => "",
                Origin::Padding => r#" data-origin="padding""#,
                Origin::Again => r#" data-origin="again""#,
                Origin::Repeat => r#" data-origin="repeat""#,
            },
            class.map(|c| format!(r#" data-class="{c}""#)).unwrap_or_default(),
            tile_style(tile.index),
            tile.index,
        );
        let mut said = |text: &str| {
            let _ = write!(out, r#"<span class="sr-only">{}</span>"#, escape(text));
        };
        if let Some(c) = class {
            said(&fill(T::SrClass.text(lang), &[("c", &c)]));
        }
        match tile.origin {
            Origin::Repeat => said(T::SrRepeat.text(lang)),
            Origin::Padding => said(T::SrPadding.text(lang)),
            Origin::Again => said(E::SrAgain.text(lang)),
            Origin::Sample => {}
        }
        if tile.dup {
            said(T::SrDup.text(lang));
        }
        out.push_str("</span>");
    }
    if in_batch {
        out.push_str("</span>");
    }
    let more = lane.len.saturating_sub(LANE_CAP);
    if more > 0 {
        let text = fill(T::More.text(lang), &[("count", &Count(more as u64))]);
        let _ = write!(out, r#"<span class="more">{}</span>"#, escape(&text));
    }
    if !lane.left_out.is_empty() {
        let _ =
            write!(out, r#"<span class="left-out-label">{}</span>"#, escape(T::LeftOut.text(lang)));
        for i in &lane.left_out {
            let _ = write!(out, r#"<span class="tile faded" data-left-out="{i}">{i}</span>"#);
        }
    }
    out.push_str("</span></div>");
}
