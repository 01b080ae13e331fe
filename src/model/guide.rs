//! The guided walk-through's explanations: for each stage, a title and a short text with this
//! configuration's numbers, in the page's language. Pure, so each variant is tested natively.

use crate::i18n::guide::GuideText as T;
use crate::i18n::{Count, Lang, fill};
use crate::model::{Picture, Stage};

/// One step of the walk-through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The step's title.
    pub title: &'static str,
    /// What happens at this stage and why it matters, with the numbers filled in.
    pub text: String,
}

/// The step for `stage` of picture `p`, in `lang`.
pub fn step(p: &Picture, stage: Stage, lang: Lang) -> Step {
    let (title, text) = match stage {
        Stage::Indices => (T::IndicesTitle, indices(p, lang)),
        Stage::Shuffle => (T::ShuffleTitle, shuffle(p, lang)),
        Stage::Pad => (T::PadTitle, pad(p, lang)),
        Stage::Stripe => (T::StripeTitle, stripe(p, lang)),
        Stage::Batch => (T::BatchTitle, batch(p, lang)),
    };
    Step { title: title.text(lang), text }
}

fn indices(p: &Picture, lang: Lang) -> String {
    match p.lengths.dataset {
        0 => T::IndicesEmpty.text(lang).to_string(),
        n => fill(T::Indices.text(lang), &[("last", &Count(n - 1)), ("n", &Count(n))]),
    }
}

fn shuffle(p: &Picture, lang: Lang) -> String {
    match p.sampler.generator_seed() {
        Some(seed) => {
            fill(T::Shuffle.text(lang), &[("w", &p.epoch.num_replicas()), ("seed", &seed)])
        }
        None => T::ShuffleOff.text(lang).to_string(),
    }
}

fn pad(p: &Picture, lang: Lang) -> String {
    let l = &p.lengths;
    let values: [(&str, &dyn std::fmt::Display); 5] = [
        ("n", &Count(l.dataset)),
        ("w", &p.epoch.num_replicas()),
        ("total", &Count::from(l.total_size)),
        ("padding", &Count::from(l.padding)),
        ("dropped", &Count::from(l.dropped)),
    ];
    let key = match (l.padding, l.dropped) {
        (0, 0) => T::PadNone,
        (0, _) => T::Trim,
        _ => T::Pad,
    };
    let text = fill(key.text(lang), &values);
    if key != T::Trim {
        return text;
    }
    // Whether the cut tail changes depends on whether the order does.
    let anew = p.sampler.generator_seed().is_some() && p.params.set_epoch;
    format!("{text} {}", if anew { T::TrimChanges } else { T::TrimSame }.text(lang))
}

fn stripe(p: &Picture, lang: Lang) -> String {
    let w = p.epoch.num_replicas();
    fill(
        T::Stripe.text(lang),
        &[("w", &w), ("w2", &(2 * w)), ("each", &Count::from(p.lengths.sampler))],
    )
}

fn batch(p: &Picture, lang: Lang) -> String {
    let l = &p.lengths;
    let size = p.loader.batch_size();
    let text = fill(
        T::Batch.text(lang),
        &[
            ("each", &Count::from(l.sampler)),
            ("size", &Count::from(size)),
            ("steps", &Count::from(l.loader)),
            ("n", &Count(l.dataset)),
        ],
    );
    match l.loader_dropped {
        0 => text,
        lost => {
            format!("{text} {}", fill(T::BatchDropped.text(lang), &[("lost", &Count::from(lost))]))
        }
    }
}
