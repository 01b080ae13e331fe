//! The one-epoch charts' data, read off a [`Picture`]: every number comes from the core
//! ([`crate::model::visits`], [`crate::sampler::Epoch`]), none is computed here by hand.

use crate::model::Picture;
use crate::model::visits::Visits;

/// Times each sample is processed in one epoch over all ranks, with and without a sampler.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VisitsData {
    /// `len(dataset)`.
    pub n: u64,
    /// How many ranks.
    pub num_replicas: u32,
    /// `(times, samples)` with a `DistributedSampler`.
    pub sampler: Vec<(u32, u64)>,
    /// `(times, samples)` without one, when the page could count it at this size.
    pub no_sampler: Option<Vec<(u32, u64)>>,
}

impl VisitsData {
    /// The visits of the picture's epoch, both set-ups.
    pub fn from_picture(p: &Picture) -> Self {
        let without = p.no_sampler.as_ref().ok().and_then(|side| side.visits.as_ref());
        VisitsData {
            n: p.lengths.dataset,
            num_replicas: p.epoch.num_replicas() as u32,
            sampler: p.visits.histogram.clone(),
            no_sampler: without.map(|v: &Visits| v.histogram.clone()),
        }
    }

    /// The most visits any sample gets, in either set-up.
    pub fn max_times(&self) -> u32 {
        let most = |h: &[(u32, u64)]| h.iter().map(|&(t, _)| t).max().unwrap_or(0);
        most(&self.sampler).max(self.no_sampler.as_deref().map_or(0, most))
    }
}

/// How many samples an epoch processes once, several times or never, and why: the same counts
/// in every epoch (they depend on `n`, the ranks and the batch size; `set_epoch` only changes
/// which samples).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PaddingData {
    /// `len(dataset)`.
    pub n: u64,
    /// Samples processed exactly once, over all ranks.
    pub once: u64,
    /// Samples processed twice or more (wrap-around padding).
    pub repeated: u64,
    /// Positions added by padding: the extra work.
    pub padding: u64,
    /// Samples cut off by the sampler's `drop_last`: no rank receives them.
    pub trimmed: u64,
    /// Samples received but never processed: they fall in a rank's dropped short last batch.
    pub loader_lost: u64,
}

impl PaddingData {
    /// The picture's epoch in those terms.
    pub fn from_picture(p: &Picture) -> Self {
        let h = &p.visits.histogram;
        let never: u64 = h.iter().filter(|&&(t, _)| t == 0).map(|&(_, s)| s).sum();
        let repeated = h.iter().filter(|&&(t, _)| t >= 2).map(|&(_, s)| s).sum();
        let trimmed = p.epoch.dropped().len() as u64;
        PaddingData {
            n: p.lengths.dataset,
            once: p.visits.samples(1),
            repeated,
            padding: p.epoch.padding_len() as u64,
            trimmed,
            // A trimmed sample is never received, so it is never processed either.
            loader_lost: never.saturating_sub(trimmed),
        }
    }

    /// The four groups of samples, in the chart's order.
    pub fn groups(&self) -> [u64; 4] {
        [self.once, self.repeated, self.trimmed, self.loader_lost]
    }
}
