//! Under each compared scheme's lanes: every GPU's order over epochs 0–3, side by side, with
//! every later epoch whose whole list is the GPU's epoch-0 list stamped "same as epoch 0", and
//! GPU 0's samples step by step, which draw one shape again and again when the order repeats.
//! It does not depend on the epoch shown, so playing the epochs leaves it alone; it is drawn
//! one epoch per browser task after the lanes.

use leptos::prelude::*;

use super::epochs_run::{EpochsDrawn, EpochsRun, FirstEpochs};
use super::{AppState, fill, thousands};
use crate::i18n::Lang;
use crate::i18n::history::HistoryText as H;
use crate::i18n::schemes::SchemeText as T;
use crate::model::scheme::history::{self, EPOCH_BUDGET, EpochRows, ROW_CAP};
use crate::model::scheme::{self, EpochSeed};
use crate::model::{Params, Stage};

/// Rows this short (of indices this small) show their numbers; longer ones only their colours.
const NUMBERED: usize = 6;

/// The history of the `k`-th compared scheme.
#[component]
pub fn EpochHistory(k: usize) -> impl IntoView {
    let state = expect_context::<AppState>();
    // Every value but the epoch shown (and the pipeline's stage) decides the history. (The
    // followed scheme's run is drawn again for the story: a panel's own run keeps its history
    // in place when the story follows another scheme.)
    let key = Memo::new(move |_| {
        let params =
            state.picture.with(|p| Params { epoch: 0, stage: Stage::Batch, ..p.params.clone() });
        (state.compare.with(|c| c.get(k).map(|s| s.name())), params)
    });
    let run = EpochsRun::follow(key, ROW_CAP);
    let lang = state.lang;
    let current = Memo::new(move |_| state.picture.with(|p| p.params.epoch));
    move || match run.drawn.get() {
        // A refused epoch: the panel shows the refusal; the history shows nothing.
        EpochsDrawn::Nothing => ().into_any(),
        EpochsDrawn::Epochs(h) if h.refused.is_some() => ().into_any(),
        EpochsDrawn::TooLarge(draws) => {
            let text = fill(
                H::TooLarge,
                lang.get(),
                &[("draws", &thousands(draws)), ("budget", &thousands(EPOCH_BUDGET))],
            );
            view! { <p class="history-note" data-testid="history-too-large">{text}</p> }.into_any()
        }
        EpochsDrawn::Epochs(h) => {
            let said = summary(&h, lang.get());
            drawn(&h.epochs, h.params.n, h.name, said, lang.get(), current, run.busy).into_any()
        }
    }
}

/// The grid: a column per epoch, a row per GPU, then GPU 0 step by step; and what it adds up to.
fn drawn(
    epochs: &[EpochRows],
    n: u64,
    name: &'static str,
    said: String,
    lang: Lang,
    current: Memo<u64>,
    busy: RwSignal<bool>,
) -> impl IntoView {
    let last = epochs.last().map_or(0, |e| e.epoch);
    let ranks = epochs.first().map_or(0, |e| e.rows.len());
    let heads = epochs
        .iter()
        .map(|e| {
            let epoch = e.epoch;
            view! {
                <span class="history-epoch" class:current=move || current.get() == epoch>
                    {fill(T::Epoch, lang, &[("epoch", &epoch)])}
                </span>
            }
        })
        .collect_view();
    let rows = (0..ranks)
        .map(|rank| {
            let cells = epochs.iter().map(|e| row_view(e, rank, n, lang, current)).collect_view();
            view! {
                <span class="lane-label" style=format!("--rank:{}", super::rank_colour(rank))>
                    {fill(T::Gpu, lang, &[("rank", &rank)])}
                </span>
                {cells}
            }
        })
        .collect_view();
    let plot_title = fill(H::Plot, lang, &[("first", &0), ("last", &last)]);
    let plots = epochs
        .iter()
        .map(|e| {
            let label = fill(H::PlotLabel, lang, &[("epoch", &e.epoch)]);
            view! { <span class="plot-cell" role="img" aria-label=label title=plot_title.clone()>{plot(e, n)}</span> }
        })
        .collect_view();
    view! {
        <div class="epoch-history" data-testid="epoch-history" data-scheme=name
            class:busy=move || busy.get() aria-busy=move || busy.get().to_string()>
            <p class="history-title">{fill(H::Title, lang, &[("first", &0), ("last", &last)])}</p>
            // What the stamps add up to, before them: the first thing read under the lanes.
            <p class="history-sum" data-testid="history-sum">{said}</p>
            <div class="history-grid" style=format!("--epochs:{}", epochs.len())>
                <span></span>
                {heads}
                {rows}
                <span class="lane-label plot-label" title=plot_title.clone()>{H::PlotRow.text(lang)}</span>
                {plots}
            </div>
        </div>
    }
}

/// One GPU in one epoch: its first samples as small tiles, and the stamp when it repeats.
fn row_view(e: &EpochRows, rank: usize, n: u64, lang: Lang, current: Memo<u64>) -> impl IntoView {
    let row = e.rows.get(rank).cloned().unwrap_or(history::Row {
        indices: Vec::new(),
        len: 0,
        same_as_first: false,
    });
    let numbered = row.indices.len() <= NUMBERED && n <= 100;
    let listed: Vec<String> = row.indices.iter().map(u32::to_string).collect();
    let mut label = fill(
        H::Row,
        lang,
        &[("rank", &rank), ("epoch", &e.epoch), ("indices", &listed.join(", "))],
    );
    if row.same_as_first {
        label = format!("{label} ({})", H::Same.text(lang));
    }
    let more = row.len.saturating_sub(row.indices.len());
    let epoch = e.epoch;
    let tiles = row
        .indices
        .iter()
        .map(|&i| {
            view! { <span class="mini" data-index=i style=super::scheme_panel::tile_style(i)>{numbered.then_some(i)}</span> }
        })
        .collect_view();
    view! {
        <span class="history-row" data-testid="history-row" data-epoch=epoch data-rank=rank
            data-same-as=row.same_as_first.then_some("0") class:current=move || current.get() == epoch
            role="img" aria-label=label>
            <span class="strip" style=format!("--cells:{}", row.indices.len().max(1))>{tiles}</span>
            {(more > 0).then(|| view! { <span class="more">{fill(H::More, lang, &[("count", &thousands(more as u64))])}</span> })}
            {row.same_as_first.then(|| view! { <span class="same-stamp">{H::Same.text(lang)}</span> })}
        </span>
    }
}

/// GPU 0's samples in one epoch as a line: the index at each step, bottom 0, top `n - 1`.
fn plot(e: &EpochRows, n: u64) -> impl IntoView {
    let indices = e.rows.first().map(|r| r.indices.clone()).unwrap_or_default();
    let top = n.saturating_sub(1).max(1) as f64;
    let steps = indices.len().saturating_sub(1).max(1) as f64;
    let points: Vec<String> = indices
        .iter()
        .enumerate()
        .map(|(s, &i)| {
            format!("{:.1},{:.1}", s as f64 * 100.0 / steps, 38.0 - f64::from(i) * 36.0 / top)
        })
        .collect();
    view! {
        <svg class="step-plot" viewBox="0 0 100 40" preserveAspectRatio="none" aria-hidden="true">
            <polyline points=points.join(" ") />
        </svg>
    }
}

/// What the stamps add up to; where `set_epoch` decides it, why.
fn summary(h: &FirstEpochs, lang: Lang) -> String {
    let (epochs, set_epoch) = (&h.epochs, h.set_epoch);
    let later: Vec<&history::Row> = epochs.iter().skip(1).flat_map(|e| e.rows.iter()).collect();
    let same = later.iter().filter(|r| r.same_as_first).count();
    let (from, to) = (1, epochs.last().map_or(0, |e| e.epoch));
    let range: [(&str, &dyn std::fmt::Display); 2] = [("from", &from), ("to", &to)];
    // "seed + e" only where the scheme seeds its epochs so.
    let seeded = scheme::by_name(h.name).is_some_and(|s| EpochSeed::adds_seed(s, &h.params));
    if later.is_empty() || same == 0 {
        match set_epoch {
            Some(true) if !later.is_empty() && seeded => fill(H::NoneRepeatSetEpoch, lang, &range),
            _ => H::NoneRepeat.text(lang).to_string(),
        }
    } else if same == later.len() {
        let without = set_epoch == Some(false) && seeded;
        let key = if without { H::AllRepeatNoSetEpoch } else { H::AllRepeat };
        fill(key, lang, &range)
    } else {
        fill(
            H::SomeRepeat,
            lang,
            &[("count", &same), ("rows", &later.len()), ("from", &from), ("to", &to)],
        )
    }
}
