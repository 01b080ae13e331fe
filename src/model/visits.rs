//! How many times each sample is processed in one epoch, over all GPUs: the cost side of the
//! picture (once per sample with a `DistributedSampler`, `num_replicas` times without one).

use crate::sampler::{BatchSampler, Epoch};

/// How many samples are processed how many times, over all ranks, in one epoch.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Visits {
    /// `(times, samples)`: `samples` dataset items are processed `times` times. Ascending.
    pub histogram: Vec<(u32, u64)>,
}

impl Visits {
    /// Sample-visits in all: the work the GPUs do together in one epoch.
    pub fn processed(&self) -> u64 {
        self.histogram.iter().map(|&(times, samples)| u64::from(times) * samples).sum()
    }

    /// How many samples are processed exactly `times` times.
    pub fn samples(&self, times: u32) -> u64 {
        self.histogram.iter().find(|&&(t, _)| t == times).map_or(0, |&(_, s)| s)
    }

    /// The histogram of per-sample counts.
    pub fn from_counts(counts: &[u32]) -> Self {
        Self::with_unseen(counts, 0).0
    }

    /// The histogram of per-sample counts, and the first `cap` samples counted 0 (ascending),
    /// in one pass over the counts.
    pub fn with_unseen(counts: &[u32], cap: usize) -> (Self, Vec<u32>) {
        let mut samples_by_times = Vec::<u64>::new();
        let mut unseen = Vec::new();
        for (sample, &c) in (0u32..).zip(counts) {
            let c = c as usize;
            if c >= samples_by_times.len() {
                samples_by_times.resize(c + 1, 0);
            }
            samples_by_times[c] += 1;
            if c == 0 && unseen.len() < cap {
                unseen.push(sample);
            }
        }
        let histogram =
            (0u32..).zip(samples_by_times).filter(|&(_, samples)| samples > 0).collect();
        (Self { histogram }, unseen)
    }
}

/// How many of a rank's `len` indices the loader yields (all but a dropped short batch).
pub fn yielded(loader: &BatchSampler, len: usize) -> usize {
    (loader.len(len) * loader.batch_size()).min(len)
}

/// With a `DistributedSampler`. Rank `r` yields its first `kept` indices, positions
/// `r + k·w` of the padded list for `k < kept`, so together the ranks yield exactly positions
/// `0 .. kept·w`; position `j` holds `order[j % n]`, so the first `(kept·w) % n` samples of the
/// order come round once more than the others. No pass over the indices is needed.
pub fn distributed(epoch: &Epoch, loader: &BatchSampler) -> Visits {
    let n = epoch.order().len() as u64;
    if n == 0 {
        return Visits { histogram: Vec::new() };
    }
    let yielded = (yielded(loader, epoch.num_samples()) * epoch.num_replicas()) as u64;
    let (rounds, extra) = (yielded / n, yielded % n);
    let mut histogram = vec![(rounds as u32, n - extra), (rounds as u32 + 1, extra)];
    histogram.retain(|&(_, samples)| samples > 0);
    Visits { histogram }
}

/// Without a sampler: each rank walks its own `order` (the whole dataset) through the loader.
pub fn no_sampler<'a>(
    n: usize,
    orders: impl IntoIterator<Item = &'a [u32]>,
    loader: &BatchSampler,
) -> Visits {
    let mut counts = vec![0u32; n];
    let kept = yielded(loader, n);
    for order in orders {
        for &index in &order[..kept.min(order.len())] {
            counts[index as usize] += 1;
        }
    }
    Visits::from_counts(&counts)
}

/// Without a sampler, when every rank walks the same order: no need to list the orders.
pub fn no_sampler_alike(n: usize, num_replicas: usize, loader: &BatchSampler) -> Visits {
    let kept = yielded(loader, n) as u64;
    let mut histogram = vec![(0, n as u64 - kept), (num_replicas as u32, kept)];
    histogram.retain(|&(_, samples)| samples > 0);
    Visits { histogram }
}
