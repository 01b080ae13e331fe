//! The one-line verdict under a scheme's lanes, read off its [`Deal`] alone, so that it holds
//! for any scheme.

use super::Deal;

/// What one epoch of a scheme adds up to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Every sample exactly once, over all GPUs.
    EachOnce,
    /// Every sample at least once; `more` of them more than once (padding copies).
    AtLeastOnce { more: u64 },
    /// Every GPU processes all `n` samples: `w` times the work, no speed-up.
    EveryGpuAll { n: u64, w: u64 },
    /// Every sample processed exactly `times` times (but not one copy per GPU): `times`× the
    /// work, as when each worker of each GPU reads a whole stream.
    Times { times: u32 },
    /// `never` samples are processed by no GPU, `more` by more than one.
    Missing { never: u64, more: u64 },
    /// Nothing to process.
    Empty,
}

impl Verdict {
    /// The verdict of `deal`.
    pub fn of(deal: &Deal) -> Verdict {
        let w = deal.lanes.len() as u64;
        let (never, more) = (deal.unseen_len(), deal.duplicated());
        match deal.visits.histogram.as_slice() {
            [] => Verdict::Empty,
            [(1, _)] => Verdict::EachOnce,
            &[(times, samples)] if w >= 2 && u64::from(times) == w => {
                Verdict::EveryGpuAll { n: samples, w }
            }
            &[(times, _)] if times >= 2 => Verdict::Times { times },
            _ if never == 0 => Verdict::AtLeastOnce { more },
            _ => Verdict::Missing { never, more },
        }
    }
}
