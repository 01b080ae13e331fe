//! The one-epoch charts' data, read off a scheme's [`Deal`] (or, for the pictured scheme, the
//! [`Picture`]): every number comes from the core ([`crate::model::visits`],
//! [`crate::sampler::Epoch`]), none is computed here by hand.

use crate::model::Picture;
use crate::model::scheme::{Deal, NoSamplerScheme, Origin, SCHEMES, Scheme};
use crate::model::visits::Visits;

/// Times each sample is processed in one epoch over all ranks, with one scheme and without a
/// sampler.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VisitsData {
    /// The scheme drawn: its place in [`SCHEMES`].
    pub scheme: usize,
    /// `len(dataset)`.
    pub n: u64,
    /// How many ranks.
    pub num_replicas: u32,
    /// `(times, samples)` with the scheme.
    pub sampler: Vec<(u32, u64)>,
    /// `(times, samples)` without a sampler beside it.
    pub no_sampler: Contrast,
}

/// The no-sampler bars beside a scheme's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Contrast {
    /// Counted: `(times, samples)`.
    Counted(Vec<(u32, u64)>),
    /// Not counted at this size.
    Uncounted,
    /// None: the scheme drawn is itself the set-up without a sampler.
    Itself,
}

impl Contrast {
    /// The bars, when counted.
    pub fn counted(&self) -> Option<&[(u32, u64)]> {
        match self {
            Contrast::Counted(h) => Some(h),
            _ => None,
        }
    }
}

impl VisitsData {
    /// The visits of `deal`, dealt by `scheme`, beside those without a sampler (`without`,
    /// when counted), for `num_replicas` ranks.
    pub fn from_deal(
        scheme: &dyn Scheme,
        deal: &Deal,
        num_replicas: u32,
        without: Option<&Visits>,
    ) -> Self {
        let place = SCHEMES.iter().position(|s| s.name() == scheme.name()).unwrap_or(0);
        let no_sampler = match without {
            _ if scheme.name() == NoSamplerScheme.name() => Contrast::Itself,
            Some(v) => Contrast::Counted(v.histogram.clone()),
            None => Contrast::Uncounted,
        };
        VisitsData {
            scheme: place,
            n: deal.n,
            num_replicas,
            sampler: deal.visits.histogram.clone(),
            no_sampler,
        }
    }

    /// The visits of the picture's epoch (the pictured scheme's), beside those without a
    /// sampler.
    pub fn from_picture(p: &Picture, without: Option<&Visits>) -> Self {
        let pictured = SCHEMES.iter().position(|s| s.pictured()).unwrap_or(0);
        VisitsData {
            scheme: pictured,
            n: p.lengths.dataset,
            num_replicas: p.epoch.num_replicas() as u32,
            sampler: p.visits.histogram.clone(),
            no_sampler: without
                .map_or(Contrast::Uncounted, |v| Contrast::Counted(v.histogram.clone())),
        }
    }

    /// The scheme drawn.
    pub fn scheme(&self) -> &'static dyn Scheme {
        SCHEMES.get(self.scheme).copied().unwrap_or(SCHEMES[0])
    }

    /// The most visits any sample gets, in either set-up.
    pub fn max_times(&self) -> u32 {
        let most = |h: &[(u32, u64)]| h.iter().map(|&(t, _)| t).max().unwrap_or(0);
        most(&self.sampler).max(self.no_sampler.counted().map_or(0, most))
    }
}

/// How many samples an epoch processes once, several times or never, and why.
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
    /// Samples no rank receives (cut off by the sampler's `drop_last`, or never drawn).
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

    /// The same counts for a whole `deal` (every lane listed whole, with what its loader
    /// leaves out).
    pub fn from_deal(deal: &Deal) -> Self {
        let v = &deal.visits;
        let never = v.samples(0);
        let mut left_out = vec![false; deal.n as usize];
        for &i in deal.lanes.iter().flat_map(|l| &l.left_out) {
            left_out[i as usize] = true;
        }
        let processed: u64 = deal.lanes.iter().map(|l| l.len as u64).sum();
        let lost = deal.unseen.iter().filter(|&&i| left_out[i as usize]).count() as u64;
        let tiles = deal.lanes.iter().flat_map(|l| &l.tiles);
        debug_assert_eq!(tiles.clone().count() as u64, processed, "a whole deal");
        PaddingData {
            n: deal.n,
            once: v.samples(1),
            repeated: v.histogram.iter().filter(|&&(t, _)| t >= 2).map(|&(_, s)| s).sum(),
            padding: tiles.filter(|t| t.origin == Origin::Padding).count() as u64,
            trimmed: never - lost,
            loader_lost: lost,
        }
    }

    /// The four groups of samples, in the chart's order.
    pub fn groups(&self) -> [u64; 4] {
        [self.once, self.repeated, self.trimmed, self.loader_lost]
    }
}
