//! Step 7 of the story: inside one GPU, the batches by the worker that loads them and where
//! uneven ends hang.

use leptos::prelude::*;

use super::focus::Focus;
use super::scheme_stages::stage_view;
use super::{AppState, tr};
use crate::i18n::story::StoryText as T;
use crate::model::Field;
use crate::model::scheme::stages;

/// How many GPUs the preview of two workers shows.
const PREVIEW_GPUS: usize = 2;

/// Step 7: each GPU's batches by the worker that loads them, and where uneven ends hang.
#[component]
pub fn InsideFigure() -> impl IntoView {
    let state = expect_context::<AppState>();
    let focus = expect_context::<Focus>();
    move || {
        let lang = state.lang.get();
        let workers = state.dealt.with(|p| p.num_workers);
        focus.deal.with(|deal| {
            let deal = deal.as_ref().ok()?;
            let by_worker = stages::by_worker(deal).map(|v| stage_view(v, lang));
            let hang = super::hang_view::hang_view(deal, lang);
            // Without workers, the same batches as two workers would load them (a map-style
            // loader's workers take whole batches in turn), and the button that sets it. The
            // first GPUs show it: at 64 GPUs of the size cap, every GPU's rows were thousands
            // of tiles and millions of batches' workers in the task that draws the change.
            let preview = (workers == 0 && focus.scheme.get().map_style_workers()).then(|| {
                let mut two = crate::model::scheme::Deal::clone(deal);
                two.lanes.truncate(PREVIEW_GPUS);
                two.assign_workers(2);
                let view = stages::by_worker(&two).map(|v| stage_view(v, lang));
                view! {
                    <div class="workers-preview" data-testid="workers-preview">
                        <p class="preview-note">{tr(T::WorkersPreview)}</p>{view}
                    </div>
                }
            });
            let try_workers = (workers == 0).then(|| {
                view! {
                    <button type="button" data-testid="try-workers"
                        on:click=move |_| state.set(Field::NumWorkers, "2".into())>{tr(T::TryWorkers)}</button>
                }
            });
            let lanes = deal.lanes.len();
            Some(view! {
                <div class="inside-figure" data-testid="inside-figure" data-gpus=lanes>
                    {by_worker}{preview}{try_workers}{hang}
                </div>
            })
        })
    }
}
