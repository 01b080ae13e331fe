//! Several epochs side by side: the same order every epoch unless `set_epoch` is called.

use leptos::prelude::*;

use super::indices::{SameEpoch, use_indices};
use super::{AppState, rank_colour};
use crate::model::{Field, Picture, TimelineEpoch};

/// How many ranks each epoch of the timeline previews; the index table has them all.
const PREVIEW_RANKS: usize = 8;

/// The epoch timeline, with a banner when every epoch repeats the first.
#[component]
pub fn Timeline() -> impl IntoView {
    let state = expect_context::<AppState>();
    let indices = use_indices(state);
    move || {
        indices.with(|SameEpoch(p)| {
            let rows = p.timeline.iter().map(|e| epoch_row(state, p, e)).collect_view();
            view! {
                <section class="timeline" data-testid="timeline" aria-labelledby="timeline-title">
                    <h2 id="timeline-title">"Epoch by epoch"</h2>
                    {banner(p)}
                    <ol class="epochs">{rows}</ol>
                </section>
            }
        })
    }
}

/// The one sentence that must not be missed.
fn banner(p: &Picture) -> impl IntoView + use<> {
    let text = match (p.params.shuffle, p.params.set_epoch) {
        (true, false) => Some(
            "set_epoch is never called: the sampler seeds every epoch with seed + 0, so every \
             epoch repeats epoch 0's order exactly. Call sampler.set_epoch(epoch) at the start \
             of each epoch.",
        ),
        (false, _) => Some("shuffle=False: every epoch walks the same order, 0, 1, 2, …"),
        (true, true) => None,
    };
    text.map(|t| view! { <p class="banner" data-testid="repeat-banner" role="status">{t}</p> })
}

fn epoch_row(state: AppState, p: &Picture, e: &TimelineEpoch) -> impl IntoView + use<> {
    let epoch = e.epoch;
    let seed_text = match e.generator_seed {
        Some(seed) if p.params.set_epoch => format!("set_epoch({epoch}) → manual_seed({seed})"),
        Some(seed) => format!("set_epoch not called → manual_seed({seed})"),
        None => "shuffle=False → 0 … n-1".to_string(),
    };
    let badge = e.repeats.map(|r| {
        view! { <span class="badge repeat">{format!("same order as epoch {r}")}</span> }
    });
    let preview = match &e.preview {
        Ok(ranks) => ranks
            .iter()
            .enumerate()
            .take(PREVIEW_RANKS)
            .map(|(rank, indices)| {
                let text = indices.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
                let more = if indices.len() < p.epoch.num_samples() { " …" } else { "" };
                view! { <span class="preview" style=format!("--rank-hue: {}", rank_colour(rank))>{text}{more}</span> }
            })
            .collect_view()
            .into_any(),
        Err(error) => view! { <span class="field-error">{error.to_string()}</span> }.into_any(),
    };
    let more = match &e.preview {
        Ok(ranks) if ranks.len() > PREVIEW_RANKS => Some(format!(
            "… and {} more ranks (all in the index table)",
            ranks.len() - PREVIEW_RANKS
        )),
        _ => None,
    };
    view! {
        <li
            data-epoch=epoch
            data-repeats=e.repeats.map(|r| r.to_string())
            class:current=epoch == p.params.epoch
            class:repeat=e.repeats.is_some()
        >
            <button type="button" class="epoch-button" on:click=move |_| state.set(Field::Epoch, epoch.to_string())>
                "epoch " {epoch}
            </button>
            <span class="seed"><code>{seed_text}</code></span>
            {badge}
            <span class="previews">{preview}{more.map(|m| view! { <span class="preview-more">{m}</span> })}</span>
        </li>
    }
}
