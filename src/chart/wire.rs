//! The one-epoch charts' data as a list of integers: what the page hands the charts' part
//! ([`crate::parts`]), a module of its own that cannot read the page's memory. wasm-bindgen
//! passes a `&[u64]` as a `BigUint64Array`, so every count crosses exactly.
//!
//! The page has these numbers from its [`Picture`](crate::model::Picture) already (some need
//! the epoch's permutation); the part draws from them without drawing that permutation again.

use super::data::{PaddingData, VisitsData};

impl VisitsData {
    /// `[n, num_replicas, k, (times, samples) × k, 0]`, or `…, 1, m, (times, samples) × m]`
    /// when the no-sampler side was counted.
    pub fn to_wire(&self) -> Vec<u64> {
        let mut wire = vec![self.n, u64::from(self.num_replicas)];
        push_histogram(&mut wire, &self.sampler);
        match &self.no_sampler {
            None => wire.push(0),
            Some(histogram) => {
                wire.push(1);
                push_histogram(&mut wire, histogram);
            }
        }
        wire
    }

    /// Reads what [`VisitsData::to_wire`] writes; `None` for anything else.
    pub fn from_wire(wire: &[u64]) -> Option<Self> {
        let mut rest = wire.iter().copied();
        let n = rest.next()?;
        let num_replicas = u32::try_from(rest.next()?).ok()?;
        let sampler = read_histogram(&mut rest)?;
        let no_sampler = match rest.next()? {
            0 => None,
            1 => Some(read_histogram(&mut rest)?),
            _ => return None,
        };
        rest.next().is_none().then_some(VisitsData { n, num_replicas, sampler, no_sampler })
    }
}

impl PaddingData {
    /// `[n, once, repeated, padding, trimmed, loader_lost]`.
    pub fn to_wire(&self) -> Vec<u64> {
        vec![self.n, self.once, self.repeated, self.padding, self.trimmed, self.loader_lost]
    }

    /// Reads what [`PaddingData::to_wire`] writes; `None` for anything else.
    pub fn from_wire(wire: &[u64]) -> Option<Self> {
        match *wire {
            [n, once, repeated, padding, trimmed, loader_lost] => {
                Some(PaddingData { n, once, repeated, padding, trimmed, loader_lost })
            }
            _ => None,
        }
    }
}

fn push_histogram(wire: &mut Vec<u64>, histogram: &[(u32, u64)]) {
    wire.push(histogram.len() as u64);
    for &(times, samples) in histogram {
        wire.extend([u64::from(times), samples]);
    }
}

fn read_histogram(rest: &mut impl Iterator<Item = u64>) -> Option<Vec<(u32, u64)>> {
    let len = rest.next()?;
    // The length comes from the other module: reserve no more than a real histogram needs.
    let mut histogram = Vec::with_capacity(usize::try_from(len).ok()?.min(1 << 10));
    for _ in 0..len {
        let times = u32::try_from(rest.next()?).ok()?;
        histogram.push((times, rest.next()?));
    }
    Some(histogram)
}
