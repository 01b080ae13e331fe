//! The numbers people confuse: `len(dataset)`, `len(sampler)`, `len(loader)`, and every GPU's
//! lists together, read off the deal of the scheme the story follows.

use leptos::prelude::*;

use super::focus::Focus;
use super::{AppState, fill, thousands, tr};
use crate::i18n::page::TableText;
use crate::i18n::story::StoryText;
use crate::model::story::{TotalKind, Totals, span};

/// The lengths of the current configuration, side by side.
#[component]
pub fn Lengths() -> impl IntoView {
    let state = expect_context::<AppState>();
    let focus = expect_context::<Focus>();
    let totals = Memo::new(move |_| focus.deal.with(|d| d.as_ref().ok().map(|d| Totals::of(d))));
    let l = move || totals.get().unwrap_or(Totals::EMPTY);
    let w = move || focus.deal.with(|d| d.as_ref().map_or(0, |d| d.lanes.len()));
    let total_note = move || {
        let (l, lang) = (l(), state.lang.get());
        let total = thousands(l.total);
        match l.kind {
            TotalKind::Padded { copies, .. } => {
                let padding = thousands(copies);
                fill(TableText::PaddedNote, lang, &[("total", &total), ("padding", &padding)])
            }
            TotalKind::Trimmed { dropped } => {
                let dropped = thousands(dropped);
                fill(TableText::TrimmedNote, lang, &[("total", &total), ("dropped", &dropped)])
            }
            TotalKind::Even => fill(TableText::EvenNote, lang, &[("total", &total)]),
            TotalKind::Mixed { unseen, more } => fill(
                StoryText::TotalMixed,
                lang,
                &[("total", &total), ("unseen", &thousands(unseen)), ("more", &thousands(more))],
            ),
        }
    };
    let refused = move || totals.with(Option::is_none);
    view! {
        <dl class="lengths" data-testid="lengths" hidden=refused>
            <div>
                <dt><code>"len(dataset)"</code></dt>
                <dd data-testid="len-dataset">{move || thousands(l().dataset)}</dd>
                <dd class="note">{tr(TableText::DatasetNote)}</dd>
            </div>
            <div>
                <dt><code>"len(sampler)"</code></dt>
                <dd data-testid="len-sampler">{move || span(l().sampler)}</dd>
                <dd class="note">{move || fill(TableText::SamplerNote, state.lang.get(), &[("w", &w())])}</dd>
            </div>
            <div>
                <dt><code>"len(loader)"</code></dt>
                <dd data-testid="len-loader">{move || span(l().loader)}</dd>
                <dd class="note">{tr(TableText::LoaderNote)}</dd>
            </div>
            <div>
                <dt><code>"Σ len(sampler)"</code></dt>
                <dd data-testid="len-total">{move || thousands(l().total)}</dd>
                <dd class="note">{total_note}</dd>
            </div>
        </dl>
    }
}
