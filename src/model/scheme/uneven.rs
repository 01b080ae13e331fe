//! Ranks that end unevenly: when the GPUs of a deal take different numbers of steps, every
//! step is an all-reduce that needs all of them, so the GPUs with more steps start one more,
//! reach its all-reduce and wait for GPUs that have finished: the run hangs with no error.

use super::Deal;

/// Where a deal with uneven step counts hangs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hang {
    /// Each GPU's steps this epoch.
    pub steps: Vec<usize>,
    /// The step (0-based) at whose all-reduce the GPUs with more steps wait: the fewest steps.
    pub at: usize,
    /// The GPUs that wait there.
    pub waiting: Vec<usize>,
    /// The GPUs that have finished.
    pub finished: Vec<usize>,
}

/// What one GPU does at one step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    /// It trains this step, every GPU with it.
    Trains,
    /// It reached this step's all-reduce and waits for GPUs that have finished.
    Waits,
    /// It has no batch left.
    Finished,
    /// It never gets here (the run hung before).
    Never,
}

impl Hang {
    /// The hang of `deal`, or `None` when every GPU takes as many steps.
    pub fn of(deal: &Deal) -> Option<Hang> {
        let steps: Vec<usize> = deal.lanes.iter().map(|l| l.loader_len).collect();
        let (fewest, most) = (*steps.iter().min()?, *steps.iter().max()?);
        if fewest == most {
            return None;
        }
        let ranks = |keep: &dyn Fn(usize) -> bool| -> Vec<usize> {
            steps.iter().enumerate().filter(|&(_, &s)| keep(s)).map(|(r, _)| r).collect()
        };
        let waiting = ranks(&|s| s > fewest);
        let finished = ranks(&|s| s == fewest);
        Some(Hang { at: fewest, waiting, finished, steps })
    }

    /// What GPU `rank` does at `step`.
    pub fn cell(&self, rank: usize, step: usize) -> Cell {
        let stuck = self.steps[rank] > self.at;
        match step.cmp(&self.at) {
            std::cmp::Ordering::Less => Cell::Trains,
            std::cmp::Ordering::Equal if stuck => Cell::Waits,
            // A GPU stuck at the hang never gets further, whatever batches it has left.
            _ if stuck => Cell::Never,
            _ => Cell::Finished,
        }
    }

    /// The steps worth drawing: the last few before the hang, the hang, and what never runs.
    pub fn shown_steps(&self) -> std::ops::Range<usize> {
        let most = self.steps.iter().copied().max().unwrap_or(0);
        self.at.saturating_sub(3)..most.min(self.at + 4)
    }
}
