//! How many epochs, from the first, until every GPU has processed every sample at least once:
//! one epoch without a sampler, a few with `set_epoch`, never when the order repeats. Read off
//! the scheme's own deals, epoch after epoch, within a budget of work.

use super::{Scheme, Shared};
use crate::model::Params;

/// The most epochs looked at.
pub const MAX_EPOCHS: u64 = 64;

/// When every GPU has seen the whole dataset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cover {
    /// After this many epochs (counting from epoch 0).
    After(u64),
    /// Never: every epoch deals what epoch 0 dealt, and some GPU misses samples in it.
    Never,
    /// Not within this many epochs (all that the budget allowed).
    NotWithin(u64),
}

/// When every GPU of `scheme` has seen every sample, looking at no more than `budget` lane
/// positions in all (epochs × `n` × `num_replicas`); `None` when the scheme refuses the
/// parameters, the dataset is empty, or not one epoch fits the budget.
pub fn epochs_to_cover(scheme: &dyn Scheme, params: &Params, budget: u64) -> Option<Cover> {
    let n = usize::try_from(params.n).ok().filter(|&n| n > 0)?;
    let w = u64::try_from(params.num_replicas).ok().filter(|&w| w > 0)?;
    let per_epoch = params.n.saturating_mul(w);
    let mut seen: Vec<Vec<bool>> = Vec::new();
    let mut missing: Vec<usize> = Vec::new();
    for epoch in 0..MAX_EPOCHS {
        if (epoch + 1).saturating_mul(per_epoch) > budget {
            // Not even one epoch within the budget: nothing worth saying.
            return (epoch > 0).then_some(Cover::NotWithin(epoch));
        }
        let at = Params { epoch, ..params.clone() };
        let deal = scheme.deal_up_to(&at, &Shared::default(), usize::MAX).ok()?;
        if epoch > 0 && deal.repeats == Some(0) {
            return Some(Cover::Never);
        }
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
