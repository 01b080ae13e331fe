//! The numbers people confuse: `len(dataset)`, `len(sampler)`, `len(loader)`, steps per epoch.

use leptos::prelude::*;

use super::{AppState, fill, thousands, tr};
use crate::i18n::page::TableText;

/// The lengths of the current configuration, side by side.
#[component]
pub fn Lengths() -> impl IntoView {
    let state = expect_context::<AppState>();
    let l = move || state.picture.with(|p| p.lengths.clone());
    let w = move || state.picture.with(|p| p.epoch.num_replicas());
    let padding_note = move || {
        let (l, lang) = (l(), state.lang.get());
        let total = thousands(l.total_size as u64);
        if l.padding > 0 {
            let padding = thousands(l.padding as u64);
            fill(TableText::PaddedNote, lang, &[("total", &total), ("padding", &padding)])
        } else if l.dropped > 0 {
            let dropped = thousands(l.dropped as u64);
            fill(TableText::TrimmedNote, lang, &[("total", &total), ("dropped", &dropped)])
        } else {
            fill(TableText::EvenNote, lang, &[("total", &total)])
        }
    };
    view! {
        <dl class="lengths" data-testid="lengths">
            <div>
                <dt><code>"len(dataset)"</code></dt>
                <dd data-testid="len-dataset">{move || thousands(l().dataset)}</dd>
                <dd class="note">{tr(TableText::DatasetNote)}</dd>
            </div>
            <div>
                <dt><code>"len(sampler)"</code></dt>
                <dd data-testid="len-sampler">{move || thousands(l().sampler as u64)}</dd>
                <dd class="note">{move || fill(TableText::SamplerNote, state.lang.get(), &[("w", &w())])}</dd>
            </div>
            <div>
                <dt><code>"len(loader)"</code></dt>
                <dd data-testid="len-loader">{move || thousands(l().loader as u64)}</dd>
                <dd class="note">{tr(TableText::LoaderNote)}</dd>
            </div>
            <div>
                <dt><code>"total_size"</code></dt>
                <dd data-testid="len-total">{move || thousands(l().total_size as u64)}</dd>
                <dd class="note">{padding_note}</dd>
            </div>
        </dl>
    }
}
