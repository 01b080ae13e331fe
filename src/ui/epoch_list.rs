//! Step 3 of the story for a scheme the timeline does not draw: each GPU's first indices in
//! the history's epochs, the epochs that repeat epoch 0 marked.

use leptos::prelude::*;

use super::focus::Focus;
use super::{AppState, fill};
use crate::i18n::page::TableText;
use crate::i18n::story::StoryText as T;
use crate::model::picture::PREVIEW;
use crate::model::scheme::{self, history};
use crate::model::{Field, Params, Stage};

/// Step 3 for a scheme other than the pipeline's: each GPU's first indices in epochs
/// `0 .. EPOCHS`, each later epoch that repeats epoch 0 on every GPU marked.
#[component]
pub fn EpochList() -> impl IntoView {
    let state = expect_context::<AppState>();
    let focus = expect_context::<Focus>();
    let key = super::deferred(Memo::new(move |_| {
        let params =
            state.picture.with(|p| Params { epoch: 0, stage: Stage::Batch, ..p.params.clone() });
        (focus.scheme.get().name(), params)
    }));
    let epochs = Memo::new(move |_| {
        let (name, params) = key.get();
        let s = scheme::by_name(name)?;
        history::fits_at_once(s, &params)
            .then(|| history::history(s, &params, PREVIEW).ok())
            .flatten()
    });
    move || {
        let lang = state.lang.get();
        let current = state.picture.with(|p| p.params.epoch);
        // A refusal is said in the step's sentence: nothing to draw, and no other reason given.
        if focus.deal.with(Result::is_err) {
            return ().into_any();
        }
        let Some(epochs) = epochs.get() else {
            let name = focus.scheme.get().title().text(lang);
            return view! {
                <p class="history-note" data-testid="epoch-list-not-drawn">
                    {fill(T::EpochNotDrawn, lang, &[("scheme", &name)])}
                </p>
            }
            .into_any();
        };
        let items = epochs
            .iter()
            .map(|e| {
                let epoch = e.epoch;
                let same = epoch > 0 && e.rows.iter().all(|r| r.same_as_first);
                let previews = e
                    .rows
                    .iter()
                    .enumerate()
                    .take(PREVIEW_RANKS)
                    .map(|(rank, row)| {
                        let text = row.indices.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
                        let more = if row.indices.len() < row.len { " …" } else { "" };
                        view! { <span class="preview" style=format!("--rank-hue: {}", super::rank_colour(rank))>{text}{more}</span> }
                    })
                    .collect_view();
                let badge = same.then(|| {
                    view! { <span class="badge repeat">{fill(TableText::SameOrder, lang, &[("epoch", &0)])}</span> }
                });
                view! {
                    <li data-epoch=epoch data-repeats=same.then_some("0") class:current=epoch == current class:repeat=same>
                        <button type="button" class="epoch-button"
                            on:click=move |_| state.set(Field::Epoch, epoch.to_string())>
                            {fill(TableText::EpochButton, lang, &[("epoch", &epoch)])}
                        </button>
                        {badge}
                        <span class="previews">{previews}</span>
                    </li>
                }
            })
            .collect_view();
        view! { <ol class="epochs" data-testid="epoch-list">{items}</ol> }.into_any()
    }
}

/// Ranks each epoch of the list previews.
const PREVIEW_RANKS: usize = 8;
