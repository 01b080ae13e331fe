//! [`History`]: what is known so far about the first epochs, as [`super::history::HistoryTask`]
//! (a `DistributedSampler`'s, in slices) or [`super::deals::DealsTask`] (any scheme's, from its
//! deals) fills it in (the multi-epoch charts and their summaries read it).

use crate::model::ParamError;

/// What is known so far about epochs `0 .. EPOCHS` ([`super::history::EPOCHS`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct History {
    /// `len(dataset)`.
    pub n: u64,
    /// Positions of the padded (or trimmed) list, the same every epoch.
    pub total_size: u64,
    /// How many ranks.
    pub num_replicas: usize,
    /// `matches[i][j]`: positions of the padded list that hold the same index in epochs `i`
    /// and `j`, over all ranks; `None` until computed.
    pub matches: Vec<Vec<Option<u64>>>,
    /// `seen[r][k]`: distinct samples rank `r` has processed in epochs `0 ..= k`.
    pub seen: Vec<Vec<u64>>,
    /// Why the epochs from `matches.len()` on could not be drawn (a seed out of range, or
    /// what the scheme refuses in a later epoch).
    pub error: Option<ParamError>,
}

impl History {
    /// Epochs compared.
    pub fn epochs(&self) -> usize {
        self.matches.len()
    }

    /// The share of positions where epochs `i` and `j` agree, once computed (1 when empty).
    pub fn similarity(&self, i: usize, j: usize) -> Option<f64> {
        let m = (*self.matches.get(i)?.get(j)?)?;
        Some(super::format::share(m, self.total_size))
    }

    /// Every cell and every coverage point is known.
    pub fn is_complete(&self) -> bool {
        let cells = self.matches.iter().flatten().all(Option::is_some);
        cells && self.seen.iter().all(|s| s.len() == self.epochs())
    }
}
