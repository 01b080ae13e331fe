//! The one-epoch charts' data as a list of integers: what the page hands the story's part
//! ([`crate::parts`]), a module of its own that cannot read the page's memory. wasm-bindgen
//! passes a `&[u64]` as a `BigUint64Array`, so every count crosses exactly.
//!
//! The page has the visits from its deals already; the part draws from them without dealing
//! the epoch again. (The padding counts need every lane whole: the part counts those itself,
//! but for the pictured scheme, whose [`Picture`](crate::model::Picture) has them.)

use super::data::{Contrast, PaddingData, VisitsData};
use crate::model::scheme::SCHEMES;

impl VisitsData {
    /// `[scheme, n, num_replicas, k, (times, samples) × k, 0]`, or `…, 1, m, (times, samples)
    /// × m]` when the no-sampler side was counted, or `…, 2]` when the scheme is that side.
    pub fn to_wire(&self) -> Vec<u64> {
        let mut wire = vec![self.scheme as u64, self.n, u64::from(self.num_replicas)];
        push_histogram(&mut wire, &self.sampler);
        match &self.no_sampler {
            Contrast::Uncounted => wire.push(0),
            Contrast::Counted(histogram) => {
                wire.push(1);
                push_histogram(&mut wire, histogram);
            }
            Contrast::Itself => wire.push(2),
        }
        wire
    }

    /// Reads what [`VisitsData::to_wire`] writes; `None` for anything else.
    pub fn from_wire(wire: &[u64]) -> Option<Self> {
        let mut rest = wire.iter().copied();
        let scheme = usize::try_from(rest.next()?).ok().filter(|&s| s < SCHEMES.len())?;
        let n = rest.next()?;
        let num_replicas = u32::try_from(rest.next()?).ok()?;
        let sampler = read_histogram(&mut rest)?;
        let no_sampler = match rest.next()? {
            0 => Contrast::Uncounted,
            1 => Contrast::Counted(read_histogram(&mut rest)?),
            2 => Contrast::Itself,
            _ => return None,
        };
        let data = VisitsData { scheme, n, num_replicas, sampler, no_sampler };
        rest.next().is_none().then_some(data)
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
