//! The numbers people confuse: `len(dataset)`, `len(sampler)`, `len(loader)`, steps per epoch.

use leptos::prelude::*;

use super::{AppState, thousands};

/// The lengths of the current configuration, side by side.
#[component]
pub fn Lengths() -> impl IntoView {
    let state = expect_context::<AppState>();
    let l = move || state.picture.with(|p| p.lengths.clone());
    let w = move || state.picture.with(|p| p.epoch.num_replicas());
    let padding_note = move || {
        let l = l();
        if l.padding > 0 {
            format!(
                "{} padded by wrap-around ({} copies)",
                thousands(l.total_size as u64),
                thousands(l.padding as u64)
            )
        } else if l.dropped > 0 {
            format!(
                "{} after drop_last trims {}",
                thousands(l.total_size as u64),
                thousands(l.dropped as u64)
            )
        } else {
            format!("{}, no padding needed", thousands(l.total_size as u64))
        }
    };
    view! {
        <dl class="lengths" data-testid="lengths">
            <div>
                <dt><code>"len(dataset)"</code></dt>
                <dd data-testid="len-dataset">{move || thousands(l().dataset)}</dd>
                <dd class="note">"the whole dataset, on every rank"</dd>
            </div>
            <div>
                <dt><code>"len(sampler)"</code></dt>
                <dd data-testid="len-sampler">{move || thousands(l().sampler as u64)}</dd>
                <dd class="note">{move || format!("indices per rank; {} ranks", w())}</dd>
            </div>
            <div>
                <dt><code>"len(loader)"</code></dt>
                <dd data-testid="len-loader">{move || thousands(l().loader as u64)}</dd>
                <dd class="note">"batches per rank = steps per epoch"</dd>
            </div>
            <div>
                <dt><code>"total_size"</code></dt>
                <dd data-testid="len-total">{move || thousands(l().total_size as u64)}</dd>
                <dd class="note">{padding_note}</dd>
            </div>
        </dl>
    }
}
