//! The epoch history under each compared scheme's lanes, as HTML the page puts in
//! (`ui::epoch_history`): every GPU's first samples in epochs 0–3 side by side, each later
//! epoch whose whole list is the GPU's epoch-0 list stamped "same as epoch 0", GPU 0's samples
//! step by step as a small line (one shape again and again when the order repeats), and the
//! sentence saying what the stamps add up to. The epoch shown is not in it: the page marks it.

use std::fmt::Write;

use super::Params;
use super::html::{escape, rank_colour};
use super::lanes::tile_style;
use super::scheme::history::{EpochRows, Row};
use super::scheme::{self, EpochSeed};
use crate::i18n::history::HistoryText as H;
use crate::i18n::schemes::SchemeText as T;
use crate::i18n::{Count, Lang, fill};

/// Rows this short (of indices this small) show their numbers; longer ones only their colours.
const NUMBERED: usize = 6;

/// What the stamps add up to, for scheme `name`'s `epochs` at `params`; where `set_epoch`
/// decides whether they repeat (`set_epoch` is then its value), why.
pub fn summary(
    epochs: &[EpochRows],
    name: &str,
    params: &Params,
    set_epoch: Option<bool>,
    lang: Lang,
) -> String {
    let later: Vec<&Row> = epochs.iter().skip(1).flat_map(|e| e.rows.iter()).collect();
    let same = later.iter().filter(|r| r.same_as_first).count();
    let (from, to) = (1, epochs.last().map_or(0, |e| e.epoch));
    let range: [(&str, &dyn std::fmt::Display); 2] = [("from", &from), ("to", &to)];
    // "seed + e" only where the scheme seeds its epochs so.
    let seeded = scheme::by_name(name).is_some_and(|s| EpochSeed::adds_seed(s, params));
    if later.is_empty() || same == 0 {
        match set_epoch {
            Some(true) if !later.is_empty() && seeded => {
                fill(H::NoneRepeatSetEpoch.text(lang), &range)
            }
            _ => H::NoneRepeat.text(lang).to_string(),
        }
    } else if same == later.len() {
        let without = set_epoch == Some(false) && seeded;
        let key = if without { H::AllRepeatNoSetEpoch } else { H::AllRepeat };
        fill(key.text(lang), &range)
    } else {
        let values: [(&str, &dyn std::fmt::Display); 4] =
            [("count", &same), ("rows", &later.len()), ("from", &from), ("to", &to)];
        fill(H::SomeRepeat.text(lang), &values)
    }
}

/// The history of scheme `name` (`n` samples): its title, `said` (the [`summary`]), then a
/// grid of a column per epoch and a row per GPU, and GPU 0 step by step. Each epoch's heading
/// and each row carry `data-epoch`, for the page to mark the epoch shown.
pub fn html(epochs: &[EpochRows], n: u64, name: &str, said: &str, lang: Lang) -> String {
    let last = epochs.last().map_or(0, |e| e.epoch);
    let ranks = epochs.first().map_or(0, |e| e.rows.len());
    let title = fill(H::Title.text(lang), &[("first", &0), ("last", &last)]);
    let mut out = format!(
        r#"<div class="epoch-history" data-testid="epoch-history" data-scheme="{}"><p class="history-title">{}</p><p class="history-sum" data-testid="history-sum">{}</p><div class="history-grid" style="--epochs:{}"><span></span>"#,
        escape(name),
        escape(&title),
        escape(said),
        epochs.len(),
    );
    for e in epochs {
        let head = fill(T::Epoch.text(lang), &[("epoch", &e.epoch)]);
        let _ = write!(
            out,
            r#"<span class="history-epoch" data-epoch="{}">{}</span>"#,
            e.epoch,
            escape(&head)
        );
    }
    for rank in 0..ranks {
        let gpu = fill(T::Gpu.text(lang), &[("rank", &rank)]);
        let _ = write!(
            out,
            r#"<span class="lane-label" style="--rank:{}">{}</span>"#,
            rank_colour(rank),
            escape(&gpu)
        );
        for e in epochs {
            row(&mut out, e, rank, n, lang);
        }
    }
    let plot_title = escape(&fill(H::Plot.text(lang), &[("first", &0), ("last", &last)]));
    let _ = write!(
        out,
        r#"<span class="lane-label plot-label" title="{plot_title}">{}</span>"#,
        escape(H::PlotRow.text(lang))
    );
    for e in epochs {
        let label = fill(H::PlotLabel.text(lang), &[("epoch", &e.epoch)]);
        let _ = write!(
            out,
            r#"<span class="plot-cell" role="img" aria-label="{}" title="{plot_title}">{}</span>"#,
            escape(&label),
            plot(e, n),
        );
    }
    out.push_str("</div></div>");
    out
}

/// One GPU in one epoch: its first samples as small tiles, and the stamp when it repeats.
fn row(out: &mut String, e: &EpochRows, rank: usize, n: u64, lang: Lang) {
    let empty = Row { indices: Vec::new(), len: 0, same_as_first: false };
    let row = e.rows.get(rank).unwrap_or(&empty);
    let numbered = row.indices.len() <= NUMBERED && n <= 100;
    let listed: Vec<String> = row.indices.iter().map(u32::to_string).collect();
    let values: [(&str, &dyn std::fmt::Display); 3] =
        [("rank", &rank), ("epoch", &e.epoch), ("indices", &listed.join(", "))];
    let mut label = fill(H::Row.text(lang), &values);
    if row.same_as_first {
        label = format!("{label} ({})", H::Same.text(lang));
    }
    let _ = write!(
        out,
        r#"<span class="history-row" data-testid="history-row" data-epoch="{}" data-rank="{rank}"{} role="img" aria-label="{}"><span class="strip" style="--cells:{}">"#,
        e.epoch,
        if row.same_as_first { r#" data-same-as="0""# } else { "" },
        escape(&label),
        row.indices.len().max(1),
    );
    for &i in &row.indices {
        let shown = if numbered { i.to_string() } else { String::new() };
        let _ = write!(
            out,
            r#"<span class="mini" data-index="{i}" style="{}">{shown}</span>"#,
            tile_style(i)
        );
    }
    out.push_str("</span>");
    let more = row.len.saturating_sub(row.indices.len());
    if more > 0 {
        let text = fill(H::More.text(lang), &[("count", &Count(more as u64))]);
        let _ = write!(out, r#"<span class="more">{}</span>"#, escape(&text));
    }
    if row.same_as_first {
        let _ = write!(out, r#"<span class="same-stamp">{}</span>"#, escape(H::Same.text(lang)));
    }
    out.push_str("</span>");
}

/// GPU 0's samples in one epoch as a line: the index at each step, bottom 0, top `n - 1`.
fn plot(e: &EpochRows, n: u64) -> String {
    let indices = e.rows.first().map(|r| r.indices.as_slice()).unwrap_or_default();
    let top = n.saturating_sub(1).max(1) as f64;
    let steps = indices.len().saturating_sub(1).max(1) as f64;
    let points: Vec<String> = indices
        .iter()
        .enumerate()
        .map(|(s, &i)| {
            format!("{:.1},{:.1}", s as f64 * 100.0 / steps, 38.0 - f64::from(i) * 36.0 / top)
        })
        .collect();
    format!(
        r#"<svg class="step-plot" viewBox="0 0 100 40" preserveAspectRatio="none" aria-hidden="true"><polyline points="{}"></polyline></svg>"#,
        points.join(" ")
    )
}
