//! The guided walk-through: for each stage of step 1, a title and a short text with this
//! configuration's numbers, in the page's language; where it can go from each stop; and its
//! card written as HTML for the page to put in (`ui::guide`). Pure, so each variant is tested
//! natively.

use std::fmt::Write;

use super::html::escape;
use crate::i18n::guide::GuideText as T;
use crate::i18n::{Count, Lang, fill};
use crate::model::story::Step as StoryStep;
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
    let text = match stage {
        Stage::Indices => indices(p, lang),
        Stage::Shuffle => shuffle(p, lang),
        Stage::Pad => pad(p, lang),
        Stage::Stripe => stripe(p, lang),
        Stage::Batch => batch(p, lang),
    };
    Step { title: title(stage, lang), text }
}

/// The title of `stage`'s step, in `lang`.
pub fn title(stage: Stage, lang: Lang) -> &'static str {
    match stage {
        Stage::Indices => T::IndicesTitle,
        Stage::Shuffle => T::ShuffleTitle,
        Stage::Pad => T::PadTitle,
        Stage::Stripe => T::StripeTitle,
        Stage::Batch => T::BatchTitle,
    }
    .text(lang)
}

/// Where the walk-through is: a stage of step 1, or a later step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// Step 1, told stage by stage.
    Stage(Stage),
    /// A step told as a whole.
    Step(StoryStep),
}

impl Stop {
    /// The stop after this one (`by` = 1) or before it (`by` = -1), if any: the stages of
    /// step 1 when the pipeline tells it (`staged`), then the steps.
    pub fn neighbour(self, by: isize, staged: bool) -> Option<Stop> {
        match self {
            Stop::Stage(stage) => {
                let k = stage.number() as isize + by;
                match Stage::ALL.iter().find(|s| s.number() as isize == k) {
                    Some(&s) => Some(Stop::Stage(s)),
                    None if by > 0 => StoryStep::Split.offset(1).map(Stop::Step),
                    None => None,
                }
            }
            Stop::Step(step) => match step.offset(by)? {
                StoryStep::Split if staged => Stage::ALL.last().map(|&s| Stop::Stage(s)),
                s => Some(Stop::Step(s)),
            },
        }
    }

    /// How the card's buttons name it (`data-go`): `stage:K` or `step:ANCHOR`.
    pub fn code(self) -> String {
        match self {
            Stop::Stage(stage) => format!("stage:{}", stage.number()),
            Stop::Step(step) => format!("step:{}", step.anchor()),
        }
    }

    /// The stop a button's `data-go` names.
    pub fn from_code(code: &str) -> Option<Stop> {
        match code.split_once(':')? {
            ("stage", k) => {
                let k: u8 = k.parse().ok()?;
                Stage::ALL.into_iter().find(|s| s.number() == k).map(Stop::Stage)
            }
            ("step", anchor) => StoryStep::from_anchor(anchor).map(Stop::Step),
            _ => None,
        }
    }
}

/// The open walk-through's card at `stop`: where it is, `explained` (its title and text), the
/// back and next buttons, one dot per story step (and, in step 1 told stage by stage, one per
/// stage). `staged` says whether step 1 is told stage by stage. Each button says where it goes
/// in `data-go` ([`Stop::code`]) or closes the walk-through (`data-close`); every element the
/// page should keep from one stop to the next (so a focused button keeps the focus) has a
/// `data-key`.
pub fn card(stop: Stop, staged: bool, explained: (&str, &str), lang: Lang) -> String {
    let all = StoryStep::ALL.len();
    let counter = match stop {
        Stop::Stage(stage) => {
            let (s, stages) = (stage.number(), Stage::ALL.len());
            let values: [(&str, &dyn std::fmt::Display); 4] =
                [("k", &1), ("all", &all), ("s", &s), ("stages", &stages)];
            fill(T::StepStageOf.text(lang), &values)
        }
        Stop::Step(step) => fill(T::StepOf.text(lang), &[("k", &step.number()), ("all", &all)]),
    };
    let close = escape(T::Close.text(lang));
    let mut out = format!(
        r#"<div class="guide-card" data-testid="guide-card" role="region" aria-live="polite" aria-labelledby="guide-step-title"><button type="button" class="guide-close" data-key="close" data-testid="guide-close" data-close="" aria-label="{close}" title="{close}">×</button><p class="guide-count" data-key="count" data-testid="guide-count">{}</p><h3 id="guide-step-title" data-key="title" data-testid="guide-title">{}</h3><p class="guide-text" data-key="text" data-testid="guide-text">{}</p><div class="guide-nav" data-key="nav">"#,
        escape(&counter),
        escape(explained.0),
        escape(explained.1),
    );
    let back = stop.neighbour(-1, staged);
    let _ = write!(
        out,
        r#"<button type="button" data-key="back" data-testid="guide-back"{}>{}</button>"#,
        back.map_or(" disabled".to_string(), |to| format!(r#" data-go="{}""#, to.code())),
        escape(T::Back.text(lang)),
    );
    dots(&mut out, stop, staged, lang);
    match stop.neighbour(1, staged) {
        Some(to) => {
            let _ = write!(
                out,
                r#"<button type="button" class="primary" data-key="next" data-testid="guide-next" data-go="{}">{}</button>"#,
                to.code(),
                escape(T::Next.text(lang)),
            );
        }
        None => {
            let _ = write!(
                out,
                r#"<button type="button" class="primary" data-key="next" data-testid="guide-done" data-close="">{}</button>"#,
                escape(T::Done.text(lang)),
            );
        }
    }
    out.push_str("</div></div>");
    out
}

/// One dot per story step, and in step 1 told stage by stage one small dot per stage; the
/// current one marked, each going to its stop.
fn dots(out: &mut String, stop: Stop, staged: bool, lang: Lang) {
    let _ = write!(
        out,
        r#"<ol class="guide-dots" data-key="dots" aria-label="{}">"#,
        escape(T::Steps.text(lang))
    );
    for step in StoryStep::ALL {
        let k = step.number();
        let current = match stop {
            Stop::Stage(_) => step == StoryStep::Split,
            Stop::Step(at) => at == step,
        };
        let to = match step {
            StoryStep::Split if staged => Stop::Stage(Stage::Indices),
            s => Stop::Step(s),
        };
        let label = escape(&format!("{k}. {}", step.title().text(lang)));
        let _ = write!(
            out,
            r#"<li data-key="step-{k}"><button type="button" class="guide-dot" data-key="b" data-testid="guide-dot-{k}" aria-label="{label}" title="{label}"{} data-go="{}">{k}</button></li>"#,
            if current { r#" aria-current="step""# } else { "" },
            to.code(),
        );
        if step == StoryStep::Split
            && let Stop::Stage(at) = stop
        {
            let _ = write!(
                out,
                r#"<li class="stage-dots" data-key="stages"><ol data-key="list" aria-label="{}">"#,
                escape(T::Stages.text(lang))
            );
            for s in Stage::ALL {
                let k = s.number();
                let label = escape(&format!("1.{k} {}", title(s, lang)));
                let _ = write!(
                    out,
                    r#"<li data-key="stage-{k}"><button type="button" class="guide-dot stage-dot" data-key="b" data-testid="guide-stage-{k}" aria-label="{label}" title="{label}"{} data-go="{}">1.{k}</button></li>"#,
                    if s == at { r#" aria-current="step""# } else { "" },
                    Stop::Stage(s).code(),
                );
            }
            out.push_str("</ol></li>");
        }
    }
    out.push_str("</ol>");
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
