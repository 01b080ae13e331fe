//! Each GPU's list over the first epochs, side by side: what a forgotten `set_epoch` repeats.
//! Read off the scheme's own deals, one epoch at a time, so that the page can draw one epoch
//! per browser task; a later epoch is marked when a GPU's whole list equals its epoch-0 list.

use super::{Deal, Scheme, Shared};
use crate::model::{ParamError, Params};

/// Epochs the history shows: `0 .. EPOCHS` (0–3). The page's one range of first epochs: the
/// landing page plays these, the timeline lists them and the multi-epoch charts compare them,
/// and every text that names the range is filled from this number.
pub const EPOCHS: u64 = 4;

/// Samples listed per row at most (the rest is counted).
pub const ROW_CAP: usize = 16;

/// The most draws one epoch of the history may take: one browser task of a few tens of
/// milliseconds (ImageNet-1k's one permutation fits; eight of them do not).
pub const EPOCH_BUDGET: u64 = 1 << 21;

/// One GPU in one epoch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The first samples it processes, in order (up to the cap the history was made with).
    pub indices: Vec<u32>,
    /// How many samples it processes in the epoch.
    pub len: usize,
    /// Whether its whole list equals its epoch-0 list (never for epoch 0 itself).
    pub same_as_first: bool,
}

/// Every GPU in one epoch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EpochRows {
    /// The epoch.
    pub epoch: u64,
    /// One row per rank, rank 0 first.
    pub rows: Vec<Row>,
    /// Whether this epoch deals exactly what epoch 0 dealt, as the deal itself knows it (by
    /// design, or compared whole).
    repeats_first: bool,
}

impl EpochRows {
    /// Whether every GPU gets its epoch-0 list again in this epoch (never epoch 0 itself): what
    /// the figures mark "same as epoch 0".
    pub fn every_gpu_repeats_first(&self) -> bool {
        self.epoch > 0 && self.rows.iter().all(|r| r.same_as_first)
    }
}

/// What the history can show for a configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Plan {
    /// Epochs `0 .. EPOCHS`, one task each.
    Epochs,
    /// One epoch would take this many draws, past [`EPOCH_BUDGET`].
    TooLarge {
        /// Draws per epoch.
        draws: u64,
    },
}

/// Whether the history of `scheme` fits the page's budget with these parameters.
pub fn plan(scheme: &dyn Scheme, params: &Params) -> Plan {
    let draws = scheme.draws_per_epoch(params);
    if draws > EPOCH_BUDGET { Plan::TooLarge { draws } } else { Plan::Epochs }
}

/// Whether calling `sampler.set_epoch(epoch)` is what decides if `scheme`'s epochs repeat
/// epoch 0: they repeat by design one way and not the other (not for a scheme without a
/// sampler to tell, nor without shuffling, when nothing changes either way).
pub fn set_epoch_decides(scheme: &dyn Scheme, params: &Params) -> bool {
    let flipped = Params { set_epoch: !params.set_epoch, ..params.clone() };
    scheme.repeats_by_design(params) != scheme.repeats_by_design(&flipped)
}

/// Whether every epoch of the history fits one task's budget together (what a figure may draw
/// at once, without the history's epoch-by-epoch tasks).
pub fn fits_at_once(scheme: &dyn Scheme, params: &Params) -> bool {
    scheme.draws_per_epoch(params).saturating_mul(EPOCHS) <= EPOCH_BUDGET
}

/// The rows of `epoch` (the other parameters as given), listing up to `cap` samples each; for
/// an epoch after the first, pass epoch 0's rows as `first` to mark the repeated ones.
pub fn epoch_rows(
    scheme: &dyn Scheme,
    params: &Params,
    epoch: u64,
    cap: usize,
    first: Option<&EpochRows>,
) -> Result<EpochRows, Vec<ParamError>> {
    let at = Params { epoch, ..params.clone() };
    let deal = scheme.deal_up_to(&at, &Shared::default(), cap)?;
    rows_of_deal(scheme, &at, &deal, cap, first)
}

/// [`epoch_rows`] of a deal at hand, made with `params` (its epoch included), listing up to
/// `cap` samples per row (pass `first`'s cap, so that the rows compare): the epoch shown,
/// whose deal the page has.
pub fn rows_of_deal(
    scheme: &dyn Scheme,
    params: &Params,
    deal: &Deal,
    cap: usize,
    first: Option<&EpochRows>,
) -> Result<EpochRows, Vec<ParamError>> {
    let epoch = params.epoch;
    let repeats_first = epoch > 0 && (scheme.repeats_by_design(params) || deal.repeats == Some(0));
    let rows = deal
        .lanes
        .iter()
        .map(|lane| Row {
            indices: lane.tiles.iter().take(cap).map(|t| t.index).collect(),
            len: lane.len,
            same_as_first: false,
        })
        .collect();
    let mut this = EpochRows { epoch, rows, repeats_first };
    if let Some(first) = first.filter(|_| epoch > 0) {
        mark_repeats(scheme, params, first, &mut this)?;
    }
    Ok(this)
}

/// Every rank's whole list, rank 0 first.
type Lists = Vec<Vec<u32>>;

/// Marks each row of `later` whose whole list equals the same GPU's in `first`: by design, or
/// where the rows listed differ (they do not), or where they are whole (they do), and else by
/// comparing the two epochs' whole lists.
fn mark_repeats(
    scheme: &dyn Scheme,
    at: &Params,
    first: &EpochRows,
    later: &mut EpochRows,
) -> Result<(), Vec<ParamError>> {
    let repeats = later.repeats_first;
    let mut whole: Option<(Lists, Lists)> = None;
    for (rank, row) in later.rows.iter_mut().enumerate() {
        let Some(before) = first.rows.get(rank) else { continue };
        row.same_as_first = if repeats {
            true
        } else if row.len != before.len || row.indices != before.indices {
            false
        } else if row.indices.len() >= row.len {
            true
        } else {
            // The listed samples agree and there are more: the whole lists decide.
            if whole.is_none() {
                let list = |epoch| {
                    let params = Params { epoch, ..at.clone() };
                    scheme.deal_up_to(&params, &Shared::default(), usize::MAX).map(|deal| {
                        deal.lanes
                            .iter()
                            .map(|l| l.tiles.iter().map(|t| t.index).collect())
                            .collect::<Lists>()
                    })
                };
                whole = Some((list(first.epoch)?, list(later.epoch)?));
            }
            let (a, b) = whole.as_ref().expect("just listed");
            a.get(rank) == b.get(rank)
        };
    }
    Ok(())
}

/// Epochs `0 .. EPOCHS` at once (the page draws them one task at a time, as this does in turn).
pub fn history(
    scheme: &dyn Scheme,
    params: &Params,
    cap: usize,
) -> Result<Vec<EpochRows>, Vec<ParamError>> {
    let first = epoch_rows(scheme, params, 0, cap, None)?;
    let mut epochs = vec![first];
    for epoch in 1..EPOCHS {
        let rows = epoch_rows(scheme, params, epoch, cap, epochs.first())?;
        epochs.push(rows);
    }
    Ok(epochs)
}
