//! The one-line verdict under a scheme's lanes, read off its [`Deal`] alone, so that it holds
//! for any scheme.

use super::Deal;
use crate::i18n::schemes::SchemeText as T;
use crate::i18n::{Count, Lang, fill};

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
    /// Weighted draws (`Deal::draws`): every one of the `w` GPUs drew the very same list.
    SameDraws { w: u64 },
    /// Weighted draws: `never` samples drawn by no GPU, `more` drawn more than once, which
    /// weights and replacement do by design (so not said to be lost).
    Drawn { never: u64, more: u64 },
    /// Nothing to process.
    Empty,
}

impl Verdict {
    /// The verdict of `deal`.
    pub fn of(deal: &Deal) -> Verdict {
        let w = deal.lanes.len() as u64;
        let (never, more) = (deal.unseen_len(), deal.duplicated());
        let draws = deal.draws.as_ref();
        if draws.is_some_and(|d| d.same_lists) && !deal.visits.histogram.is_empty() {
            // Weighted draws alike on every GPU: that matters more than the counts.
            return Verdict::SameDraws { w };
        }
        let verdict = match deal.visits.histogram.as_slice() {
            [] => Verdict::Empty,
            [(1, _)] => Verdict::EachOnce,
            &[(times, samples)] if w >= 2 && u64::from(times) == w => {
                Verdict::EveryGpuAll { n: samples, w }
            }
            &[(times, _)] if times >= 2 => Verdict::Times { times },
            _ if never == 0 => Verdict::AtLeastOnce { more },
            _ => Verdict::Missing { never, more },
        };
        match verdict {
            // Samples no weighted draw reached are not lost: weights and replacement do that.
            Verdict::Missing { never, more } if draws.is_some() => Verdict::Drawn { never, more },
            verdict => verdict,
        }
    }
}

/// The verdict of `deal` in words, and whether the epoch repeats an earlier one.
pub fn said(deal: &Deal, lang: Lang) -> String {
    let n = |v: u64| Count(v).to_string();
    let first = match Verdict::of(deal) {
        Verdict::EachOnce => T::EachOnce.text(lang).to_string(),
        Verdict::AtLeastOnce { more } => fill(T::AtLeastOnce.text(lang), &[("more", &n(more))]),
        Verdict::EveryGpuAll { n: all, w } => {
            fill(T::EveryGpuAll.text(lang), &[("n", &n(all)), ("w", &w)])
        }
        Verdict::Times { times } => fill(T::Times.text(lang), &[("times", &times)]),
        Verdict::Missing { never, more } => {
            fill(T::Missing.text(lang), &[("never", &n(never)), ("more", &n(more))])
        }
        Verdict::SameDraws { w } => fill(T::SameLists.text(lang), &[("w", &w)]),
        Verdict::Drawn { never, more } => {
            fill(T::Drawn.text(lang), &[("never", &n(never)), ("more", &n(more))])
        }
        Verdict::Empty => T::Empty.text(lang).to_string(),
    };
    match deal.repeats_shown() {
        Some(epoch) => format!("{first} {}", fill(T::Repeats.text(lang), &[("epoch", &epoch)])),
        None => first,
    }
}
