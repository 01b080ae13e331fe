//! Step 6's scoreboard as an HTML table, written by the story's part and put into the page
//! (`ui::scoreboard`): every registered set-up on this configuration, each read off its own
//! deal (its verdict, its steps per GPU, or the library's refusal), with a button to compare it
//! beside the scheme the story follows (`data-compare` naming it, for the page to act on).

use std::fmt::Write;

use super::html::{camel_breaks, escape, library_message};
use super::scheme::{self, Deal, Scheme, Shared, Verdict, verdict};
use super::{Field, ParamError, Params, Problem, story};
use crate::i18n::story::StoryText as T;
use crate::i18n::{Lang, fill};

/// The most draws one scheme's epoch may take to be dealt for the table, one scheme a browser
/// task: at ImageNet-1k on 8, every scheme but the weighted ones (about ten million draws; the
/// weighted ones count four to a draw, 41 million there, and each takes hundreds of
/// milliseconds in the browser).
pub const ROW_BUDGET: u64 = 1 << 24;

/// A row's deal: the scheme's own, or past [`ROW_BUDGET`] draws an epoch none, saying so (the
/// comparison deals it when asked).
pub fn row(s: &dyn Scheme, params: &Params, shared: &Shared) -> Result<Deal, Vec<ParamError>> {
    let draws = s.draws_per_epoch(params);
    if draws > ROW_BUDGET {
        let problem = Problem::NotDealtHere { draws, max: ROW_BUDGET };
        return Err(vec![ParamError::new(Field::N, problem)]);
    }
    s.deal(params, shared)
}

/// The table: its heading row, then one row per registered scheme, in [`scheme::SCHEMES`]'
/// order, each dealt (`deals[k]` for the `k`-th) or still pending; `focus` is the scheme
/// followed. The head, the body, each row (by its scheme's name), its cells and its button are
/// keyed (`data-key`), so that the page keeps them from one drawing to the next.
pub fn table(deals: &[Result<Deal, Vec<ParamError>>], focus: &str, lang: Lang) -> String {
    let mut out = String::from(r#"<table class="scoreboard"><thead data-key="head"><tr>"#);
    for heading in [T::ColScheme, T::ColVerdict, T::ColSteps, T::ColCompare] {
        let _ = write!(out, r#"<th scope="col">{}</th>"#, escape(heading.text(lang)));
    }
    out.push_str(r#"</tr></thead><tbody data-key="body">"#);
    let followed = scheme::by_name(focus).map(|s| s.title().text(lang));
    for (k, s) in scheme::SCHEMES.iter().enumerate() {
        let name = s.name();
        let dealt = if deals.get(k).is_some() { r#" data-dealt="""# } else { "" };
        let _ = write!(
            out,
            r#"<tr data-key="{name}" data-scheme="{name}"{dealt}><th scope="row" data-key="name">{}</th>"#,
            camel_breaks(s.title().text(lang)),
        );
        match deals.get(k) {
            None => {
                let pending = T::ScoreboardPending.text(lang);
                let _ = write!(
                    out,
                    r#"<td colspan="2" class="pending" data-key="pending">{}</td>"#,
                    escape(pending)
                );
            }
            Some(Ok(deal)) => {
                let steps = story::span(deal.steps_range());
                let once = if matches!(Verdict::of(deal), Verdict::EachOnce) {
                    r#" class="once""#
                } else {
                    ""
                };
                // On a phone, where the heading row is not shown, the cell says what its
                // number is.
                let _ = write!(
                    out,
                    r#"<td{once} data-key="verdict">{}</td><td data-label="{}" data-key="steps">{}</td>"#,
                    escape(&verdict::said(deal, lang)),
                    escape(T::ColSteps.text(lang)),
                    escape(&steps),
                );
            }
            Some(Err(errors))
                if errors
                    .first()
                    .is_some_and(|e| matches!(e.problem, Problem::NotDealtHere { .. })) =>
            {
                let _ = write!(
                    out,
                    r#"<td colspan="2" class="pending" data-key="not-dealt">{}</td>"#,
                    escape(&errors[0].message(lang))
                );
            }
            Some(Err(errors)) => {
                let _ = write!(
                    out,
                    r#"<td colspan="2" data-key="refused">{}"#,
                    escape(T::Refuses.text(lang))
                );
                if let Some(e) = errors.first() {
                    out.push(' ');
                    out.push_str(&library_message(e, lang));
                }
                out.push_str("</td>");
            }
        }
        out.push_str(r#"<td data-key="act">"#);
        if let Some(title) = followed.filter(|_| name != focus) {
            let this = s.title().text(lang);
            let label = fill(T::CompareButton.text(lang), &[("this", &this), ("scheme", &title)]);
            let _ = write!(
                out,
                r#"<button type="button" data-key="compare" data-testid="scoreboard-compare" data-compare="{name}">{}</button>"#,
                camel_breaks(&label),
            );
        }
        out.push_str("</td></tr>");
    }
    out.push_str("</tbody></table>");
    out
}
