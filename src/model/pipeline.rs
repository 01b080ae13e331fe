//! Step 1's pipeline for small datasets, written as HTML by the story's part and patched into
//! the page (`ui::pipeline`): one chip per sample occurrence, placed where [`super::layout`]
//! puts it at the stage shown (`range` → `randperm` → pad or trim → `indices[rank::num_replicas]`
//! → batches), and a caption naming the PyTorch code of that stage with this configuration's
//! numbers.
//!
//! Every chip and row label carries a `data-key` that is the same at every stage, so the page
//! keeps its element from one stage to the next and CSS moves it; only its place, colour and
//! marks change.

use std::fmt::Write;

use super::html::{escape, rank_colour};
use super::layout::{self, Chip, ChipKey, ChipKind};
use super::{Picture, Stage};
use crate::i18n::page::PipelineText as T;
use crate::i18n::{Lang, fill};

/// The grid at the picture's stage, `columns` grid units wide and `cell` pixels per unit: one
/// `<div class="pipeline-grid">` holding the row labels and the chips.
pub fn grid(picture: &Picture, columns: usize, cell: f64, lang: Lang) -> String {
    let layout = layout::layout(picture, picture.params.stage, columns);
    let px = |units: f32| f64::from(units) * cell;
    let mut out = format!(
        r#"<div class="pipeline-grid" aria-hidden="true" style="--cell: {cell}px; height: {}px; min-width: {}px">"#,
        px(layout.height),
        px(layout.width),
    );
    for (y, text) in &layout.row_labels {
        // The layout names rows in English; `dropped` is the one that is a word rather than
        // PyTorch's `rank`.
        let shown =
            if text == T::DroppedRow.text(Lang::En) { T::DroppedRow.text(lang) } else { text };
        let _ = write!(
            out,
            r#"<span class="pipeline-label" data-key="row {}" style="transform: translateY({}px)">{}</span>"#,
            escape(text),
            px(*y),
            escape(shown),
        );
    }
    for chip in &layout.chips {
        write_chip(&mut out, chip, cell, lang);
    }
    out.push_str("</div>");
    out
}

/// One chip: its key (`s<index>` for a sample, `c<position>` for a padding copy), its place,
/// its rank's colour and its marks.
fn write_chip(out: &mut String, chip: &Chip, cell: f64, lang: Lang) {
    let mut class = String::from("pchip");
    for (on, name) in [
        (matches!(chip.kind, ChipKind::Padding { .. }), " padding"),
        (chip.kind == ChipKind::Dropped, " dropped"),
        (chip.loader_dropped, " loader-dropped"),
        (!chip.visible, " unseen"),
    ] {
        if on {
            class.push_str(name);
        }
    }
    let key = match chip.key {
        ChipKey::Sample(i) => format!("s{i}"),
        ChipKey::Copy(j) => format!("c{j}"),
    };
    let (x, y) = (f64::from(chip.x) * cell, f64::from(chip.y) * cell);
    let _ = write!(
        out,
        r#"<span class="{class}" data-key="{key}" style="transform: translate({x}px, {y}px)"#
    );
    if let Some(rank) = chip.rank {
        let colour = rank_colour(rank);
        let _ = write!(
            out,
            "; border-color: {colour}; background-color: color-mix(in srgb, {colour} 16%, var(--chip-bg))"
        );
    }
    out.push('"');
    if let Some(rank) = chip.rank {
        let _ = write!(out, r#" data-rank="{rank}""#);
    }
    if let Some(title) = title(chip, lang) {
        let _ = write!(out, r#" title="{}""#, escape(&title));
    }
    let _ = write!(out, ">{}</span>", chip.index);
}

/// What a marked chip is, on hover: `padding: copy of position k`, trimmed, or not yielded.
fn title(chip: &Chip, lang: Lang) -> Option<String> {
    let mut parts = Vec::new();
    match chip.kind {
        ChipKind::Padding { from } => {
            parts.push(fill(T::PaddingChip.text(lang), &[("from", &from)]))
        }
        ChipKind::Dropped => parts.push(T::TrimmedChip.text(lang).to_string()),
        ChipKind::Sample => {}
    }
    if chip.loader_dropped {
        parts.push(T::LoaderDroppedChip.text(lang).to_string());
    }
    (!parts.is_empty()).then(|| parts.join(T::Separator.text(lang)))
}

/// One sentence on the stage shown, as HTML: its number, the PyTorch code that does it, and
/// what it does with this configuration's numbers.
pub fn caption(p: &Picture, lang: Lang) -> String {
    let stage = p.params.stage;
    let (code, text) = match stage {
        Stage::Indices => indices_caption(p, lang),
        Stage::Shuffle => shuffle_caption(p, lang),
        Stage::Pad => pad_caption(p, lang),
        Stage::Stripe => stripe_caption(p, lang),
        Stage::Batch => batch_caption(p, lang),
    };
    format!("<strong>{}. </strong><code>{}</code>{}", stage.number(), escape(&code), escape(&text))
}

fn indices_caption(p: &Picture, lang: Lang) -> (String, String) {
    let n = p.epoch.order().len();
    let text = match n {
        0 => T::IndicesEmpty.text(lang).to_string(),
        1 => T::IndicesOne.text(lang).to_string(),
        _ => fill(T::IndicesMany.text(lang), &[("n", &n), ("last", &(n - 1))]),
    };
    ("range(len(self.dataset))".to_string(), text)
}

fn shuffle_caption(p: &Picture, lang: Lang) -> (String, String) {
    match p.sampler.generator_seed() {
        Some(seed) => (
            format!(
                "g.manual_seed(self.seed + self.epoch) = manual_seed({seed}); indices = torch.randperm(len(self.dataset), generator=g).tolist()"
            ),
            T::Shuffled.text(lang).to_string(),
        ),
        None => (
            "indices = list(range(len(self.dataset)))".to_string(),
            T::NotShuffled.text(lang).to_string(),
        ),
    }
}

fn pad_caption(p: &Picture, lang: Lang) -> (String, String) {
    let (n, total, w) = (p.epoch.order().len(), p.epoch.total_size(), p.epoch.num_replicas());
    let (padding, dropped) = (p.epoch.padding_len(), p.epoch.dropped().len());
    if p.params.drop_last {
        let text = if dropped == 0 {
            fill(T::NothingCut.text(lang), &[("n", &n), ("w", &w)])
        } else {
            let cut = plural(dropped, T::IndexOne, T::IndexMany, lang);
            fill(T::Cut.text(lang), &[("cut", &cut), ("total", &total), ("w", &w)])
        };
        return ("indices = indices[:self.total_size]".to_string(), text);
    }
    let code = if padding <= n {
        "indices += indices[:padding_size]"
    } else {
        "indices += (indices * math.ceil(padding_size / len(indices)))[:padding_size]"
    };
    let text = if padding == 0 {
        fill(T::NoPadding.text(lang), &[("n", &n), ("w", &w)])
    } else {
        let copies = plural(padding, T::CopyOne, T::CopyMany, lang);
        let values: [(&str, &dyn std::fmt::Display); 4] =
            [("padding", &padding), ("copies", &copies), ("total", &total), ("w", &w)];
        fill(T::Padding.text(lang), &values)
    };
    (code.to_string(), text)
}

fn stripe_caption(p: &Picture, lang: Lang) -> (String, String) {
    let w = p.epoch.num_replicas();
    let each = plural(p.epoch.num_samples(), T::IndexOne, T::IndexMany, lang);
    let text = fill(T::Stripe.text(lang), &[("w", &w), ("w2", &(2 * w)), ("each", &each)]);
    ("indices = indices[self.rank:self.total_size:self.num_replicas]".to_string(), text)
}

/// `1 batch`, `2 batches` (Chinese has one form for both).
fn plural(count: usize, one: T, many: T, lang: Lang) -> String {
    fill(if count == 1 { one } else { many }.text(lang), &[("count", &count)])
}

fn batch_caption(p: &Picture, lang: Lang) -> (String, String) {
    let (size, drop_last) = (p.loader.batch_size(), p.loader.drop_last());
    let py = if drop_last { "True" } else { "False" };
    let code = format!("DataLoader(dataset, batch_size={size}, sampler=sampler, drop_last={py})");
    let lost = p.lengths.loader_dropped;
    let short = p.lengths.sampler % size;
    let indices = |k| plural(k, T::IndexOne, T::IndexMany, lang);
    let tail = match (lost, short) {
        (0, 0) => String::new(),
        (0, k) => fill(T::ShortBatch.text(lang), &[("k", &indices(k))]),
        (k, _) => fill(T::DroppedBatch.text(lang), &[("k", &indices(k))]),
    };
    let batches = plural(p.lengths.loader, T::BatchOne, T::BatchMany, lang);
    (code, fill(T::Batches.text(lang), &[("batches", &batches), ("tail", &tail)]))
}
