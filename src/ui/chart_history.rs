//! Runs [`HistoryTask`] for the current picture in slices, one browser task each, publishing
//! what is known after every slice; a newer configuration cancels a run still under way.

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::AppState;
use super::state::next_macrotask;
use crate::chart::history::{History, HistoryTask};
use crate::model::Params;

/// Work per slice: half the main picture's slice, since these slices run beside the page's
/// own; about 50 ms at the size cap on a loaded two-core machine (where 2^19 reached 100 ms).
const SLICE: u32 = 1 << 18;

/// The history of the first epochs, for the current sampler, loader and `set_epoch`; `None`
/// before the first slice.
pub fn use_history(state: AppState) -> RwSignal<Option<History>> {
    let history = RwSignal::new(None::<History>);
    let runs = StoredValue::new(0u64);
    // The epoch, rank and stage shown do not change the first epochs: do not start again.
    let key = Memo::new(move |_| state.picture.with(|p| Key::of(&p.params)));
    Effect::new(move |_| {
        key.with(|_| ());
        let run = runs.get_value() + 1;
        runs.set_value(run);
        let picture = state.picture.get_untracked();
        spawn_local(async move {
            // Start after the new picture is on screen.
            next_macrotask().await;
            if runs.get_value() != run {
                return;
            }
            let mut task = HistoryTask::new(&picture);
            drop(picture);
            history.set(Some(task.history().clone()));
            loop {
                next_macrotask().await;
                if runs.get_value() != run {
                    return;
                }
                let done = task.advance(SLICE);
                if history.with_untracked(|h| h.as_ref() != Some(task.history())) {
                    history.set(Some(task.history().clone()));
                }
                if done {
                    return;
                }
            }
        });
    });
    history
}

/// What the first epochs depend on.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Key {
    sampler: (u64, i64, bool, i128, bool, bool),
    loader: (i64, bool),
}

impl Key {
    fn of(p: &Params) -> Self {
        Key {
            sampler: (p.n, p.num_replicas, p.shuffle, p.seed, p.drop_last, p.set_epoch),
            loader: (p.batch_size, p.loader_drop_last),
        }
    }
}
