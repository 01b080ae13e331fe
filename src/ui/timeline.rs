//! Several epochs side by side: the same order every epoch unless `set_epoch` is called.

use leptos::prelude::*;

use super::indices::{SameEpoch, use_indices};
use super::{AppState, fill, rank_colour};
use crate::i18n::Lang;
use crate::i18n::page::TableText as T;
use crate::model::{Field, Picture, TimelineEpoch};

/// How many ranks each epoch of the timeline previews; the index table has them all.
const PREVIEW_RANKS: usize = 8;

/// The epoch timeline, with a banner when every epoch repeats the first.
#[component]
pub fn Timeline() -> impl IntoView {
    let state = expect_context::<AppState>();
    let indices = use_indices(state);
    move || {
        let lang = state.lang.get();
        indices.with(|SameEpoch(p)| {
            let rows = p.timeline.iter().map(|e| epoch_row(state, p, e, lang)).collect_view();
            view! {
                <section class="timeline" data-testid="timeline" aria-labelledby="timeline-title">
                    <h3 id="timeline-title">{T::Timeline.text(lang)}</h3>
                    {banner(p, lang)}
                    <ol class="epochs">{rows}</ol>
                </section>
            }
        })
    }
}

/// The one sentence that must not be missed.
fn banner(p: &Picture, lang: Lang) -> impl IntoView + use<> {
    let text = match (p.params.shuffle, p.params.set_epoch) {
        (true, false) => Some(T::NeverSetEpoch.text(lang)),
        (false, _) => Some(T::NoShuffle.text(lang)),
        (true, true) => None,
    };
    text.map(|t| view! { <p class="banner" data-testid="repeat-banner" role="status">{t}</p> })
}

fn epoch_row(state: AppState, p: &Picture, e: &TimelineEpoch, lang: Lang) -> impl IntoView + use<> {
    let epoch = e.epoch;
    let seed_text = match e.generator_seed {
        Some(seed) if p.params.set_epoch => {
            format!("set_epoch({epoch}) → g.manual_seed(seed + epoch = {seed})")
        }
        Some(seed) => fill(T::SeedWithout, lang, &[("seed", &seed)]),
        None => "shuffle=False → 0 … n-1".to_string(),
    };
    let badge = e.repeats.map(|r| {
        view! { <span class="badge repeat">{fill(T::SameOrder, lang, &[("epoch", &r)])}</span> }
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
        // PyTorch's message, in English on either page.
        Err(error) => {
            view! { <span class="field-error" lang="en">{error.to_string()}</span> }.into_any()
        }
    };
    let more = match &e.preview {
        Ok(ranks) if ranks.len() > PREVIEW_RANKS => {
            Some(fill(T::MoreRanks, lang, &[("k", &(ranks.len() - PREVIEW_RANKS))]))
        }
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
                {fill(T::EpochButton, lang, &[("epoch", &epoch)])}
            </button>
            <span class="seed"><code>{seed_text}</code></span>
            {badge}
            <span class="previews">{preview}{more.map(|m| view! { <span class="preview-more">{m}</span> })}</span>
        </li>
    }
}
