//! How many epochs, from the first, until every GPU has processed every sample at least once:
//! one epoch without a sampler, a few with `set_epoch`, never when the order repeats. Read off
//! the scheme's own deals, epoch after epoch, within a budget of work.

use super::{Scheme, Shared};
use crate::model::Params;

/// How much more than the budget one epoch may be when it alone can tell (covered in one
/// epoch, or never): ImageNet-1k on 8 is, the size cap on 64 is not.
const FIRST_EPOCH_FACTOR: u64 = 8;

/// The most epochs looked at.
pub const MAX_EPOCHS: u64 = 64;

/// When every GPU has seen the whole dataset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cover {
    /// After this many epochs (counting from epoch 0).
    After(u64),
    /// Never: every epoch deals what epoch 0 dealt by design ([`Scheme::repeats_by_design`]),
    /// and some GPU misses samples in it.
    Never,
    /// Not within this many epochs (all that the budget allowed).
    NotWithin(u64),
}

/// When every GPU of `scheme` has seen every sample, looking at no more than `budget` lane
/// positions in all (epochs × `n` × `num_replicas`); `None` when the scheme refuses the
/// parameters, the dataset is empty, or not one epoch fits the budget.
pub fn epochs_to_cover(scheme: &dyn Scheme, params: &Params, budget: u64) -> Option<Cover> {
    if !scheme.covers_epochs() {
        return None;
    }
    let n = usize::try_from(params.n).ok().filter(|&n| n > 0)?;
    let w = u64::try_from(params.num_replicas).ok().filter(|&w| w > 0)?;
    let per_epoch = params.n.saturating_mul(w);
    // Even the first epoch's deal draws every rank's permutation: beyond this, not a word.
    if per_epoch > budget.saturating_mul(FIRST_EPOCH_FACTOR) {
        return None;
    }
    // No lane of these schemes holds a sample twice in one epoch, so a lane that processes
    // `n` samples has seen them all: then one epoch is enough, found without listing any.
    let first = Params { epoch: 0, ..params.clone() };
    let deal = scheme.deal_up_to(&first, &Shared::default(), 0).ok()?;
    if deal.lanes.iter().all(|lane| lane.len >= n) {
        return Some(Cover::After(1));
    }
    if scheme.repeats_by_design(params) {
        // Epoch 0 is every epoch, and it leaves some GPU short.
        return Some(Cover::Never);
    }
    let mut seen: Vec<Vec<bool>> = Vec::new();
    let mut missing: Vec<usize> = Vec::new();
    for epoch in 0..MAX_EPOCHS {
        if (epoch + 1).saturating_mul(per_epoch) > budget {
            // Not even one epoch within the budget: nothing worth saying.
            return (epoch > 0).then_some(Cover::NotWithin(epoch));
        }
        let at = Params { epoch, ..params.clone() };
        let deal = scheme.deal_up_to(&at, &Shared::default(), usize::MAX).ok()?;
        if seen.is_empty() {
            seen = vec![vec![false; n]; deal.lanes.len()];
            missing = vec![n; deal.lanes.len()];
        }
        for ((lane, seen), missing) in deal.lanes.iter().zip(&mut seen).zip(&mut missing) {
            for tile in &lane.tiles {
                let slot = &mut seen[tile.index as usize];
                *missing -= usize::from(!*slot);
                *slot = true;
            }
        }
        if missing.iter().all(|&m| m == 0) {
            return Some(Cover::After(epoch + 1));
        }
    }
    Some(Cover::NotWithin(MAX_EPOCHS))
}
