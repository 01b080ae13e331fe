//! Has the story's part draw the first epochs of the scheme the story follows, with the current
//! configuration, in slices, one browser task each, and redraws the two charts that compare epochs whenever what
//! is known changes; a newer configuration cancels a run still under way.

use std::cell::RefCell;

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::AppState;
use super::charts_part::{self, Chart, HistoryRun, blank};
use super::focus::Focus;
use super::state::next_macrotask;
use crate::chart::ChartError;
use crate::i18n::Lang;
use crate::model::{Params, Stage};

/// Work per slice: half the main picture's slice, since these slices run beside the page's
/// own; about 50 ms at the size cap on a loaded two-core machine (where 2^19 reached 100 ms).
const SLICE: u32 = 1 << 18;

thread_local! {
    /// The current run of the first epochs: none before its first slice, or why it stopped.
    /// One charts panel per page, so one run (a part's object, which no signal can hold).
    static RUN: RefCell<Option<Result<HistoryRun, ChartError>>> = const { RefCell::new(None) };
}

/// The two charts that compare epochs: a count that moves whenever [`RUN`] knows more.
#[derive(Clone, Copy)]
pub struct History {
    changed: RwSignal<u64>,
}

impl History {
    /// The similarity chart, redrawn as the run goes on.
    pub fn similarity(self, lang: RwSignal<Lang>) -> Memo<Chart> {
        self.chart(lang, HistoryRun::similarity)
    }

    /// The coverage chart, redrawn as the run goes on.
    pub fn coverage(self, lang: RwSignal<Lang>) -> Memo<Chart> {
        self.chart(lang, HistoryRun::coverage)
    }

    fn chart(self, lang: RwSignal<Lang>, draw: fn(&HistoryRun, Lang) -> Chart) -> Memo<Chart> {
        Memo::new(move |_| {
            self.changed.track();
            let lang = lang.get();
            RUN.with_borrow(|run| match run {
                None => blank(),
                Some(Ok(run)) => draw(run, lang),
                Some(Err(e)) => (Err(e.clone()), String::new()),
            })
        })
    }

    /// Puts `next` in place of the run, giving the old one's memory back to the part.
    fn replace(self, next: Option<Result<HistoryRun, ChartError>>) {
        if let Some(Ok(old)) = RUN.replace(next) {
            old.free();
        }
        self.changed.update(|n| *n += 1);
    }

    /// One slice of the run: `true` once there is nothing left to do.
    fn advance(self, seen: &mut u32) -> bool {
        let step = RUN.with_borrow(|run| match run {
            Some(Ok(run)) => Some(run.advance(SLICE).map(|done| (done, run.changes()))),
            _ => None,
        });
        match step {
            None => true,
            Some(Ok((done, changes))) => {
                if changes != *seen {
                    *seen = changes;
                    self.changed.update(|n| *n += 1);
                }
                done
            }
            Some(Err(e)) => {
                self.replace(Some(Err(e)));
                true
            }
        }
    }
}

/// Runs the first epochs of the followed scheme, with the current parameters but the epoch
/// (and what only the picture shows: rank, stage), in the story's part.
pub fn use_history(state: AppState, focus: Focus) -> History {
    let history = History { changed: RwSignal::new(0) };
    let runs = StoredValue::new(0u64);
    // The epoch, rank and stage shown do not change the first epochs: do not start again.
    let key = Memo::new(move |_| {
        let at_epoch_0 = state.picture.with(|p| Params {
            epoch: 0,
            rank: 0,
            stage: Stage::Batch,
            ..p.params.clone()
        });
        (focus.scheme.get().name(), at_epoch_0)
    });
    Effect::new(move |_| {
        let (scheme, params) = key.get();
        let run = runs.get_value() + 1;
        runs.set_value(run);
        let query = params.to_query();
        spawn_local(async move {
            // Start after the new picture is on screen.
            next_macrotask().await;
            if runs.get_value() != run {
                return;
            }
            let started = match charts_part::loaded() {
                Some(part) => part.history(scheme, &query),
                None => Err(ChartError("the story's part is not loaded".into())),
            };
            history.replace(Some(started));
            let mut seen = 0;
            loop {
                next_macrotask().await;
                if runs.get_value() != run || history.advance(&mut seen) {
                    return;
                }
            }
        });
    });
    history
}
