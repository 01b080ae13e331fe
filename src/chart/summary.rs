//! The sentence beside each chart, computed from the chart's own data, in the page's language.

use super::data::{Contrast, PaddingData, VisitsData};
use super::format::percent;
use super::history::{EPOCHS, History, TRACKED_RANKS};
use crate::i18n::chart_words::ChartWords as T;
use crate::i18n::{Count, Lang, fill};

/// What the panel draws, under its heading: the first epochs it compares, `0 .. EPOCHS`.
pub fn intro(lang: Lang) -> String {
    fill(
        crate::i18n::charts::ChartText::Intro.text(lang),
        &[("count", &EPOCHS), ("last", &(EPOCHS - 1))],
    )
}

/// What the visits histogram shows, bar by bar.
pub fn visits(d: &VisitsData, lang: Lang) -> String {
    let list = |h: &[(u32, u64)]| {
        let parts: Vec<String> = h
            .iter()
            .map(|&(t, s)| {
                fill(T::VisitsEntry.text(lang), &[("samples", &Count(s)), ("times", &t)])
            })
            .collect();
        if parts.is_empty() { T::Nothing.text(lang).to_string() } else { parts.join(", ") }
    };
    let scheme = d.scheme().title().text(lang);
    let with = &[
        ("w", &d.num_replicas as &dyn std::fmt::Display),
        ("scheme", &scheme),
        ("with", &list(&d.sampler)),
    ];
    let mut text = fill(T::VisitsSummary.text(lang), with);
    let without = match &d.no_sampler {
        Contrast::Itself => return text,
        Contrast::Uncounted => T::VisitsUncounted.text(lang).to_string(),
        Contrast::Counted(h) => list(h),
    };
    text.push(' ');
    text + &fill(T::VisitsWithout.text(lang), &[("without", &without)])
}

/// What the padding chart shows.
pub fn padding(d: &PaddingData, lang: Lang) -> String {
    fill(
        T::PaddingSummary.text(lang),
        &[
            ("once", &Count(d.once)),
            ("repeated", &Count(d.repeated)),
            ("padding", &Count(d.padding)),
            ("trimmed", &Count(d.trimmed)),
            ("lost", &Count(d.loader_lost)),
        ],
    )
}

/// The similarity map's definition, then what it shows (or how far it is).
pub fn similarity(h: &History, lang: Lang) -> String {
    let last = h.epochs().saturating_sub(1);
    let mut text = fill(
        T::SimilarityDefinition.text(lang),
        &[("total", &Count(h.total_size)), ("last", &last)],
    );
    text.push(' ');
    let cells: Vec<u64> = h.matches.iter().flatten().flatten().copied().collect();
    let all = h.epochs() * h.epochs();
    if cells.len() < all {
        text += &fill(T::Pending.text(lang), &[("done", &cells.len()), ("cells", &all)]);
    } else {
        let off: Vec<u64> = (0..h.epochs())
            .flat_map(|i| (0..h.epochs()).filter(move |&j| j != i).map(move |j| (i, j)))
            .filter_map(|(i, j)| h.matches[i][j])
            .collect();
        let (min, max) = (off.iter().min().copied(), off.iter().max().copied());
        // With one epoch there is nothing to compare it with: no verdict.
        text += &match (min, max) {
            (None, None) => String::new(),
            (Some(min), Some(max)) if min < h.total_size => fill(
                T::SimilarityDiffers.text(lang),
                &[("min", &percent(min, h.total_size)), ("max", &percent(max, h.total_size))],
            ),
            _ => T::SimilarityAllSame.text(lang).to_string(),
        };
    }
    text + &stopped(h, lang)
}

/// The coverage chart's definition, then where it ends and whether it grows.
pub fn coverage(h: &History, lang: Lang) -> String {
    let mut text = fill(T::CoverageDefinition.text(lang), &[("n", &Count(h.n))]);
    if h.num_replicas > TRACKED_RANKS {
        text.push(' ');
        text += &fill(T::CoverageFirstRanks.text(lang), &[("w", &h.num_replicas)]);
    }
    let done = h.seen.first().map_or(0, Vec::len);
    if done < h.epochs() {
        text.push(' ');
        text += &fill(T::Pending.text(lang), &[("done", &done), ("cells", &h.epochs())]);
    }
    let last: Vec<u64> = h.seen.iter().filter_map(|s| s.last().copied()).collect();
    if let (Some(&min), Some(&max)) = (last.iter().min(), last.iter().max()) {
        text.push(' ');
        let (lo, hi) = (percent(min, h.n), percent(max, h.n));
        let key = if lo == hi { T::CoverageAfterSame } else { T::CoverageAfter };
        text += &fill(key.text(lang), &[("k", &done), ("min", &lo), ("max", &hi)]);
        let grows = h.seen.iter().any(|s| s.first() != s.last());
        if done > 1 {
            text.push(' ');
            text += if grows { T::CoverageGrows.text(lang) } else { T::CoverageFlat.text(lang) };
        }
    }
    text + &stopped(h, lang)
}

/// Why the history stops early, if it does.
fn stopped(h: &History, lang: Lang) -> String {
    h.error.as_ref().map_or_else(String::new, |e| {
        format!(
            " {}",
            fill(T::EpochsStopped.text(lang), &[("k", &h.epochs()), ("why", &e.message(lang))])
        )
    })
}
