//! The multi-epoch charts' [`History`] of any registered scheme, read off its own deals: each
//! of the first epochs dealt whole ([`Scheme::deal_up_to`] with no cap), one epoch per
//! [`DealsTask::advance`], so that a page can yield between epochs. Every GPU's list is
//! compared position by position with the same GPU's list in each earlier epoch, and the
//! tracked GPUs' samples are counted as they come.
//!
//! The history fits the page's budget per task exactly when the epoch history under the
//! comparison does ([`history::plan`]); past it, the task says so instead of starting.

use super::history::{EPOCHS, History, TRACKED_RANKS};
use crate::model::scheme::history::{self, Plan};
use crate::model::scheme::{Scheme, Shared};
use crate::model::{ParamError, Params};

/// Every rank's whole list in one epoch, rank 0 first.
type Lists = Vec<Vec<u32>>;

/// Why a scheme's first epochs are not drawn at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotDrawn {
    /// Epoch 0 is refused: the library's errors (or the page's rule).
    Refused(Vec<ParamError>),
    /// One epoch takes this many draws, past the budget of one browser task.
    TooLarge {
        /// Draws per epoch.
        draws: u64,
    },
}

/// The work behind a scheme's [`History`], one epoch at a time.
pub struct DealsTask {
    scheme: &'static dyn Scheme,
    /// The parameters at epoch 0.
    params: Params,
    /// Each epoch's lists so far.
    lists: Vec<Lists>,
    /// The distinct samples each tracked rank has processed, one flag per sample.
    seen: Vec<Vec<bool>>,
    counts: Vec<u64>,
    history: History,
}

impl DealsTask {
    /// Starts on epochs `0 .. EPOCHS` of `scheme` with `params` (their epoch aside), drawing
    /// epoch 0 at once: what it refuses, or that it is past the budget, is said here.
    pub fn start(scheme: &'static dyn Scheme, params: &Params) -> Result<Self, NotDrawn> {
        if let Plan::TooLarge { draws } = history::plan(scheme, params) {
            return Err(NotDrawn::TooLarge { draws });
        }
        let params = Params { epoch: 0, ..params.clone() };
        let first = lists_of(scheme, &params, 0).map_err(NotDrawn::Refused)?;
        let total_size = first.iter().map(|l| l.len() as u64).sum();
        let n = params.n;
        let tracked = first.len().min(TRACKED_RANKS);
        let mut task = DealsTask {
            scheme,
            seen: vec![vec![false; n as usize]; tracked],
            counts: vec![0; tracked],
            history: History {
                n,
                total_size,
                num_replicas: first.len(),
                matches: vec![vec![None; EPOCHS]; EPOCHS],
                seen: vec![Vec::new(); tracked],
                error: None,
            },
            params,
            lists: Vec::with_capacity(EPOCHS),
        };
        task.take(first);
        Ok(task)
    }

    /// What is known so far.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Draws the next epoch whole and compares it with those before; `true` once everything
    /// is known (or the scheme refused an epoch, which the history then says).
    pub fn advance(&mut self) -> bool {
        if self.done() {
            return true;
        }
        let epoch = self.lists.len();
        match lists_of(self.scheme, &self.params, epoch as u64) {
            Ok(lists) => self.take(lists),
            Err(errors) => {
                // Show the epochs before it, and why it stops there.
                self.history.matches.truncate(epoch);
                self.history.matches.iter_mut().for_each(|m| m.truncate(epoch));
                self.history.error = errors.into_iter().next();
            }
        }
        self.done()
    }

    /// Does what is left and gives the whole history.
    pub fn finish(mut self) -> History {
        while !self.advance() {}
        self.history
    }

    fn done(&self) -> bool {
        self.lists.len() >= self.history.matches.len()
    }

    /// Records epoch `lists.len()`: its agreement with every epoch so far (itself included)
    /// and what the tracked ranks have seen after it.
    fn take(&mut self, lists: Lists) {
        let e = self.lists.len();
        let agree_with = |other: &Lists| -> u64 {
            let pairs = lists.iter().zip(other);
            let same = pairs.map(|(a, b)| a.iter().zip(b).filter(|(x, y)| x == y).count());
            same.sum::<usize>() as u64
        };
        for (i, other) in self.lists.iter().enumerate() {
            let agree = Some(agree_with(other));
            self.history.matches[i][e] = agree;
            self.history.matches[e][i] = agree;
        }
        self.history.matches[e][e] = Some(agree_with(&lists));
        let tracked = self.seen.iter_mut().zip(&mut self.counts).zip(&lists);
        for ((seen, count), list) in tracked {
            for &index in list {
                if !std::mem::replace(&mut seen[index as usize], true) {
                    *count += 1;
                }
            }
        }
        for (seen, &count) in self.history.seen.iter_mut().zip(&self.counts) {
            seen.push(count);
        }
        self.lists.push(lists);
    }
}

/// What every rank processes in `epoch`, whole.
fn lists_of(scheme: &dyn Scheme, params: &Params, epoch: u64) -> Result<Lists, Vec<ParamError>> {
    let at = Params { epoch, ..params.clone() };
    let deal = scheme.deal_up_to(&at, &Shared::default(), usize::MAX)?;
    Ok(deal.lanes.iter().map(|lane| lane.tiles.iter().map(|t| t.index).collect()).collect())
}
