//! A scheme's first epochs drawn one per browser task ([`history::epoch_rows`]), for the
//! figures that show them: the history under each compared scheme's lanes, and the followed
//! scheme's ([`super::focus::Focus`]) for the story's sentence of step 3. What
//! they show is the last run drawn whole; meanwhile `busy` is set.

use std::sync::Arc;

use leptos::prelude::*;

use crate::model::scheme::history::{self, EPOCHS, EpochRows, Plan};
use crate::model::scheme::{self, Scheme};
use crate::model::{ParamError, Params};

/// What a history run has drawn.
#[derive(Clone, PartialEq)]
pub enum EpochsDrawn {
    /// Nothing yet.
    Nothing,
    /// Epochs `0 .. EPOCHS` would take this many draws each, past the budget.
    TooLarge(u64),
    /// The epochs drawn, epoch 0 first, all of them unless the scheme refused one.
    Epochs(Arc<FirstEpochs>),
}

/// Epochs `0 .. EPOCHS` of one scheme, or those before the first it refuses.
#[derive(Clone, PartialEq)]
pub struct FirstEpochs {
    /// The scheme's name.
    pub name: &'static str,
    /// The parameters they were drawn with (epoch 0).
    pub params: Params,
    /// The epochs drawn.
    pub epochs: Vec<EpochRows>,
    /// The first epoch the scheme refuses, and why (epoch 0: nothing is drawn).
    pub refused: Option<(u64, Vec<ParamError>)>,
    /// `set_epoch` where calling it decides whether the epochs repeat
    /// ([`history::set_epoch_decides`]).
    pub set_epoch: Option<bool>,
}

/// A run that follows `key` (a scheme's name and the parameters at epoch 0), listing up to
/// `cap` samples per row.
#[derive(Clone, Copy)]
pub struct EpochsRun {
    /// The last run drawn whole (or refused).
    pub drawn: RwSignal<EpochsDrawn>,
    /// Whether a newer one is being drawn.
    pub busy: RwSignal<bool>,
}

impl EpochsRun {
    /// Starts drawing whenever `key` changes; a newer change makes an older run stop.
    pub fn follow(key: Memo<(Option<&'static str>, Params)>, cap: usize) -> EpochsRun {
        let run =
            EpochsRun { drawn: RwSignal::new(EpochsDrawn::Nothing), busy: RwSignal::new(false) };
        let generation = StoredValue::new(0u64);
        Effect::new(move |_| {
            let (name, params) = key.get();
            generation.update_value(|g| *g += 1);
            let Some(scheme) = name.and_then(scheme::by_name) else {
                run.busy.set(false);
                return run.drawn.set(EpochsDrawn::Nothing);
            };
            match history::plan(scheme, &params) {
                Plan::TooLarge { draws } => {
                    run.busy.set(false);
                    run.drawn.set(EpochsDrawn::TooLarge(draws));
                }
                Plan::Epochs => {
                    run.busy.set(true);
                    let this = generation.get_value();
                    let task = Task { scheme, params, cap, generation, this, run };
                    task.next(Vec::new());
                }
            }
        });
        run
    }
}

/// One run's state between its tasks.
#[derive(Clone)]
struct Task {
    scheme: &'static dyn Scheme,
    params: Params,
    cap: usize,
    generation: StoredValue<u64>,
    this: u64,
    run: EpochsRun,
}

impl Task {
    /// Draws the next epoch in a task of its own, until all are drawn, one is refused, or a
    /// newer change makes this run out of date.
    fn next(self, mut done: Vec<EpochRows>) {
        set_timeout(
            move || {
                if self.generation.try_get_value() != Some(self.this) {
                    return;
                }
                let epoch = done.len() as u64;
                let first = done.first();
                let refused =
                    match history::epoch_rows(self.scheme, &self.params, epoch, self.cap, first) {
                        Ok(rows) => {
                            done.push(rows);
                            None
                        }
                        Err(errors) => Some((epoch, errors)),
                    };
                if refused.is_none() && (done.len() as u64) < EPOCHS {
                    return self.next(done);
                }
                let decides = history::set_epoch_decides(self.scheme, &self.params);
                let history = FirstEpochs {
                    name: self.scheme.name(),
                    set_epoch: decides.then_some(self.params.set_epoch),
                    params: self.params,
                    epochs: done,
                    refused,
                };
                let _ = self.run.drawn.try_set(EpochsDrawn::Epochs(Arc::new(history)));
                let _ = self.run.busy.try_set(false);
            },
            std::time::Duration::ZERO,
        );
    }
}
