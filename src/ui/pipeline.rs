//! The animated pipeline for small datasets: one chip per sample occurrence, moved from stage
//! to stage (`range` → `randperm` → pad or trim → `indices[rank::num_replicas]` → batches) by
//! CSS transitions. Where each chip goes is [`crate::model::layout`]'s answer; this only places.

use std::sync::Arc;

use leptos::html::Div;
use leptos::prelude::*;

use super::width::use_width;
use super::{AppState, fill, rank_colour};
use crate::i18n::Lang;
use crate::i18n::page::PipelineText as T;
use crate::model::layout::{self, Chip, ChipKey, ChipKind, Layout};
use crate::model::{Picture, Stage};

/// Pixels per grid unit on wide screens, and on phones.
const CELL_PX: f64 = 44.0;
const CELL_PX_NARROW: f64 = 34.0;
/// Below this width (px) chips are smaller.
const NARROW: f64 = 480.0;
/// The grid's width in units: at least this many (the rows then scroll), at most that many.
const MIN_COLUMNS: usize = 6;
const MAX_COLUMNS: usize = 20;

/// The pipeline, chip by chip, at the stage the state shows, with a caption naming the
/// PyTorch code of that stage. Draw it only when [`layout::fits`] the picture.
#[component]
pub fn Pipeline() -> impl IntoView {
    let state = expect_context::<AppState>();
    let picture = state.picture;
    let scroller = NodeRef::<Div>::new();
    let (columns, cell) = use_fit(scroller);
    let layout = Memo::new(move |_| {
        let columns = columns.get();
        picture.with(|p| Arc::new(layout::layout(p, p.params.stage, columns)))
    });
    let keys = move || layout.with(|l| l.chips.iter().map(|c| c.key).collect::<Vec<_>>());
    let labels =
        move || layout.with(|l| l.row_labels.iter().map(|(_, t)| t.clone()).collect::<Vec<_>>());
    let lang = state.lang;
    let px = move |units: f32| format!("{}px", f64::from(units) * cell.get());
    view! {
        <figure class="pipeline" data-testid="pipeline" data-stage=move || picture.with(|p| p.params.stage.number())>
            <div class="pipeline-scroll" node_ref=scroller>
                <div
                    class="pipeline-grid"
                    aria-hidden="true"
                    style:--cell=move || format!("{}px", cell.get())
                    style:height=move || px(layout.with(|l| l.height))
                    style:min-width=move || px(layout.with(|l| l.width))
                >
                    <For each=labels key=|text| text.clone() let:text>
                        {row_label(text, layout, cell, lang)}
                    </For>
                    <For each=keys key=|key| *key let:key>
                        {chip(key, layout, cell, lang)}
                    </For>
                </div>
            </div>
            <figcaption class="pipeline-caption" data-testid="pipeline-caption">
                {move || picture.with(|p| caption(p, lang.get()))}
            </figcaption>
        </figure>
    }
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

/// A row label (`rank r`, `dropped`), placed where the layout puts its row. The layout names
/// rows in English; `dropped` is the one that is a word rather than PyTorch's `rank`.
fn row_label(
    text: String,
    layout: Memo<Arc<Layout>>,
    cell: Signal<f64>,
    lang: RwSignal<Lang>,
) -> impl IntoView {
    let key = text.clone();
    let y = move || {
        let y =
            layout.with(|l| l.row_labels.iter().find(|(_, t)| *t == key).map_or(0.0, |(y, _)| *y));
        format!("translateY({}px)", f64::from(y) * cell.get())
    };
    let shown = move || {
        if text == T::DroppedRow.text(Lang::En) {
            T::DroppedRow.text(lang.get()).to_string()
        } else {
            text.clone()
        }
    };
    view! { <span class="pipeline-label" style:transform=y>{shown}</span> }
}

/// One chip: the element persists across stages (keyed by `key`); only its place, colour and
/// marks change, so CSS animates the move.
fn chip(
    key: ChipKey,
    layout: Memo<Arc<Layout>>,
    cell: Signal<f64>,
    lang: RwSignal<Lang>,
) -> impl IntoView {
    let chip = Memo::new(move |_| layout.with(|l| l.chip(key).copied()));
    let transform = move || {
        chip.get().map(|c| {
            let px = cell.get();
            format!("translate({}px, {}px)", f64::from(c.x) * px, f64::from(c.y) * px)
        })
    };
    let rank = move || chip.get().and_then(|c| c.rank);
    let kind = move || chip.get().map(|c| c.kind);
    let title = move || chip.get().and_then(|c| title(&c, lang.get()));
    let data_key = match key {
        ChipKey::Sample(i) => format!("s{i}"),
        ChipKey::Copy(j) => format!("c{j}"),
    };
    view! {
        <span
            class="pchip"
            class:padding=move || matches!(kind(), Some(ChipKind::Padding { .. }))
            class:dropped=move || kind() == Some(ChipKind::Dropped)
            class:loader-dropped=move || chip.get().is_some_and(|c| c.loader_dropped)
            class:unseen=move || !chip.get().is_some_and(|c| c.visible)
            style:transform=transform
            style:border-color=move || rank().map(rank_colour)
            style:background-color=move || {
                rank().map(|r| format!("color-mix(in srgb, {} 16%, var(--chip-bg))", rank_colour(r)))
            }
            title=title
            data-key=data_key
            data-rank=rank
        >
            {move || chip.get().map(|c| c.index)}
        </span>
    }
}

/// What a marked chip is, on hover: `padding: copy of position k`, trimmed, or not yielded.
fn title(chip: &Chip, lang: Lang) -> Option<String> {
    let mut parts = Vec::new();
    match chip.kind {
        ChipKind::Padding { from } => parts.push(fill(T::PaddingChip, lang, &[("from", &from)])),
        ChipKind::Dropped => parts.push(T::TrimmedChip.text(lang).to_string()),
        ChipKind::Sample => {}
    }
    if chip.loader_dropped {
        parts.push(T::LoaderDroppedChip.text(lang).to_string());
    }
    (!parts.is_empty()).then(|| parts.join(T::Separator.text(lang)))
}

/// One sentence on the stage shown, naming the PyTorch code that does it, with this
/// configuration's numbers.
fn caption(p: &Picture, lang: Lang) -> impl IntoView + use<> {
    let stage = p.params.stage;
    let (code, text) = match stage {
        Stage::Indices => indices_caption(p, lang),
        Stage::Shuffle => shuffle_caption(p, lang),
        Stage::Pad => pad_caption(p, lang),
        Stage::Stripe => stripe_caption(p, lang),
        Stage::Batch => batch_caption(p, lang),
    };
    view! {
        <strong>{format!("{}. ", stage.number())}</strong>
        <code>{code}</code>
        {text}
    }
}

fn indices_caption(p: &Picture, lang: Lang) -> (String, String) {
    let n = p.epoch.order().len();
    let text = match n {
        0 => T::IndicesEmpty.text(lang).to_string(),
        1 => T::IndicesOne.text(lang).to_string(),
        _ => fill(T::IndicesMany, lang, &[("n", &n), ("last", &(n - 1))]),
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
            fill(T::NothingCut, lang, &[("n", &n), ("w", &w)])
        } else {
            let cut = plural(dropped, T::IndexOne, T::IndexMany, lang);
            fill(T::Cut, lang, &[("cut", &cut), ("total", &total), ("w", &w)])
        };
        return ("indices = indices[:self.total_size]".to_string(), text);
    }
    let code = if padding <= n {
        "indices += indices[:padding_size]"
    } else {
        "indices += (indices * math.ceil(padding_size / len(indices)))[:padding_size]"
    };
    let text = if padding == 0 {
        fill(T::NoPadding, lang, &[("n", &n), ("w", &w)])
    } else {
        let copies = plural(padding, T::CopyOne, T::CopyMany, lang);
        let values: [(&str, &dyn std::fmt::Display); 4] =
            [("padding", &padding), ("copies", &copies), ("total", &total), ("w", &w)];
        fill(T::Padding, lang, &values)
    };
    (code.to_string(), text)
}

fn stripe_caption(p: &Picture, lang: Lang) -> (String, String) {
    let w = p.epoch.num_replicas();
    let each = plural(p.epoch.num_samples(), T::IndexOne, T::IndexMany, lang);
    let text = fill(T::Stripe, lang, &[("w", &w), ("w2", &(2 * w)), ("each", &each)]);
    ("indices = indices[self.rank:self.total_size:self.num_replicas]".to_string(), text)
}

/// `1 batch`, `2 batches` (Chinese has one form for both).
fn plural(count: usize, one: T, many: T, lang: Lang) -> String {
    fill(if count == 1 { one } else { many }, lang, &[("count", &count)])
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
        (0, k) => fill(T::ShortBatch, lang, &[("k", &indices(k))]),
        (k, _) => fill(T::DroppedBatch, lang, &[("k", &indices(k))]),
    };
    let batches = plural(p.lengths.loader, T::BatchOne, T::BatchMany, lang);
    (code, fill(T::Batches, lang, &[("batches", &batches), ("tail", &tail)]))
}
