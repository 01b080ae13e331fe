//! The charts' half of the story's part: the charts panel's grid (`ui::charts` keeps the
//! panel, its heading and what the download buttons do), the four teaching charts of
//! [`crate::chart`] (plotters, the charts' words in both languages, the epochs' history) as
//! HTML ([`crate::chart::figure`]).
//!
//! - `charts_grid(scheme, query, visits, padding, refused, lang)`: the grid for `scheme` (a
//!   registered name) at the page's parameters ([`Params::to_query`]), with
//!   `done` saying whether the charts that compare epochs are complete. Each call that is not
//!   done (but the one that starts a run, which writes the one-epoch charts first) draws one
//!   more slice of the first epochs (the pictured scheme's permutation in
//!   slices, any other's one whole deal per epoch), so that the page can yield between calls;
//!   the run is kept for the next call with the same scheme and parameters but the epoch, rank
//!   and stage, and each chart is written again only when what it is drawn from (or its file's
//!   name, which names the epoch) has changed. `visits`
//!   and `padding` are the one-epoch data the page already has ([`crate::chart::wire`]);
//!   without `visits` the chart says `refused` (the scheme's refusal), and without `padding`
//!   the padding chart is counted here from the scheme's whole deal (the page's deals list
//!   only the first samples of each lane).
//!
//! `lang` is a language code (`en`, `zh`; anything else is English).

use wasm_bindgen::prelude::*;

use std::cell::RefCell;

use super::HtmlSoFar;
use crate::chart::data::{PaddingData, VisitsData};
use crate::chart::deals::{DealsTask, NotDrawn};
use crate::chart::history::{History, HistoryTask};
use crate::chart::{ChartError, coverage, figure, padding, similarity, summary, visits};
use crate::i18n::chart_words::ChartWords;
use crate::i18n::{Count, Lang, fill};
use crate::model::export::file_stem;
use crate::model::scheme::history::{self, EPOCH_BUDGET, Plan};
use crate::model::scheme::{Scheme, Shared};
use crate::model::{Params, Stage};

/// One chart: its SVG document, or why it could not be drawn, and its summary.
type Drawn = (Result<String, ChartError>, String);

/// Visits per sample in one epoch, or the scheme's refusal.
fn visits_chart(data: Option<&VisitsData>, refused: &str, lang: Lang) -> Drawn {
    match data {
        Some(data) => (visits::svg(data, lang), summary::visits(data, lang)),
        None => (Err(ChartError(refused.to_owned())), String::new()),
    }
}

/// Padding and the trimmed tail in one epoch, from the page's counts or, without them,
/// counted from `scheme`'s whole deal: refused values and a deal past the budget are the
/// chart's error.
fn padding_chart(
    data: Option<&PaddingData>,
    scheme: &dyn Scheme,
    params: &Params,
    lang: Lang,
) -> Drawn {
    if let Some(data) = data {
        return (padding::svg(data, lang), summary::padding(data, lang));
    }
    if let Plan::TooLarge { draws } = history::plan(scheme, params) {
        return (Err(ChartError(too_large(draws, lang))), String::new());
    }
    match scheme.deal_up_to(params, &Shared::default(), usize::MAX) {
        Ok(deal) => {
            let data = PaddingData::from_deal(&deal);
            (padding::svg(&data, lang), summary::padding(&data, lang))
        }
        Err(errors) => (Err(ChartError(super::first_message(&errors, lang))), String::new()),
    }
}

/// The first epochs (`chart::history::EPOCHS`) of one scheme with the page's parameters.
struct HistoryRun {
    task: Task,
    /// Bumped each time what is known changes.
    changes: u32,
}

/// How a [`HistoryRun`] draws.
enum Task {
    /// The pictured scheme's permutation, in slices (at any size the page draws).
    Slices(HistoryTask),
    /// Any other scheme's whole deals, one epoch per slice.
    Deals(DealsTask),
    /// Not at all, and why.
    Not(NotDrawn),
}

impl Task {
    fn history(&self) -> Option<&History> {
        match self {
            Task::Slices(t) => Some(t.history()),
            Task::Deals(t) => Some(t.history()),
            Task::Not(_) => None,
        }
    }
}

impl HistoryRun {
    /// Starts the history of `scheme` with `params` (their epoch aside).
    fn start(scheme: &'static dyn Scheme, params: &Params) -> HistoryRun {
        let task = if scheme.pictured() {
            HistoryTask::start(params)
                .map_or_else(|e| Task::Not(NotDrawn::Refused(e)), Task::Slices)
        } else {
            DealsTask::start(scheme, params).map_or_else(Task::Not, Task::Deals)
        };
        HistoryRun { task, changes: 0 }
    }

    /// Does up to about `steps` units of work; `true` once everything is known.
    fn advance(&mut self, steps: u32) -> bool {
        let before = self.task.history().cloned();
        let done = match &mut self.task {
            Task::Slices(t) => t.advance(steps),
            Task::Deals(t) => t.advance(),
            Task::Not(_) => true,
        };
        if self.task.history() != before.as_ref() {
            self.changes = self.changes.wrapping_add(1);
        }
        done
    }

    /// A chart of what is known so far (`svg` and `say` of the history).
    fn draw(
        &self,
        svg: fn(&History, Lang) -> Result<String, ChartError>,
        say: fn(&History, Lang) -> String,
        lang: Lang,
    ) -> Drawn {
        match &self.task {
            Task::Slices(t) => (svg(t.history(), lang), say(t.history(), lang)),
            Task::Deals(t) => (svg(t.history(), lang), say(t.history(), lang)),
            Task::Not(NotDrawn::TooLarge { draws }) => {
                (Err(ChartError(too_large(*draws, lang))), String::new())
            }
            Task::Not(NotDrawn::Refused(errors)) => {
                (Err(ChartError(super::first_message(errors, lang))), String::new())
            }
        }
    }
}

/// Work per call: about 50 ms at the size cap on a loaded two-core machine.
const SLICE: u32 = 1 << 18;

/// What the panel last asked for and what it was given: the run of the first epochs, and each
/// chart's figure with what it was drawn from.
struct Grid {
    /// The scheme and the parameters at epoch 0 (rank 0, the last stage) the run is for.
    run_for: (&'static str, Params),
    run: HistoryRun,
    done: bool,
    /// Each figure's HTML and what it was written from, in the grid's order.
    figures: [(String, String); 4],
}

thread_local! {
    static GRID: RefCell<Option<Grid>> = const { RefCell::new(None) };
}

/// The charts panel's grid (see the module's docs).
#[wasm_bindgen]
pub fn charts_grid(
    scheme: &str,
    query: &str,
    visits: Option<Vec<u64>>,
    padding: Option<Vec<u64>>,
    refused: Option<String>,
    lang: &str,
) -> Result<HtmlSoFar, JsError> {
    let (scheme, params) = scheme_and_params(scheme, query)?;
    let lang = super::lang_of(lang);
    let visits = match visits {
        Some(wire) => {
            Some(VisitsData::from_wire(&wire).ok_or_else(|| JsError::new("not the visits' data"))?)
        }
        None => None,
    };
    let padding = match padding {
        Some(wire) => Some(
            PaddingData::from_wire(&wire).ok_or_else(|| JsError::new("not the padding's data"))?,
        ),
        None => None,
    };
    let run_for =
        (scheme.name(), Params { epoch: 0, rank: 0, stage: Stage::Batch, ..params.clone() });
    GRID.with_borrow_mut(|grid| {
        let grid = match grid {
            Some(g) if g.run_for == run_for => {
                // A slice of the run per call, but the first: the one-epoch charts come first.
                if !g.done {
                    g.done = g.run.advance(SLICE);
                }
                g
            }
            _ => grid.insert(Grid {
                run: HistoryRun::start(scheme, &run_for.1),
                run_for,
                done: false,
                figures: Default::default(),
            }),
        };
        // Each chart is written again only when what it is drawn from has changed.
        let stem = file_stem(&params, scheme.name());
        let shown = Params { stage: Stage::Batch, ..params.clone() }.to_query();
        let keys = [
            format!("{visits:?} {refused:?} {lang:?} {stem}"),
            format!("{} {lang:?} {stem}", grid.run.changes),
            format!("{} {lang:?} {stem}", grid.run.changes),
            format!("{padding:?} {shown} {lang:?} {stem}"),
        ];
        let charts: [(&str, ChartWords); 4] = [
            ("chart-visits", ChartWords::VisitsTitle),
            ("chart-similarity", ChartWords::SimilarityTitle),
            ("chart-coverage", ChartWords::CoverageTitle),
            ("chart-padding", ChartWords::PaddingTitle),
        ];
        for (k, (key, (testid, title))) in keys.into_iter().zip(charts).enumerate() {
            if grid.figures[k].1 == key {
                continue;
            }
            let (svg, said) = match k {
                0 => visits_chart(visits.as_ref(), refused.as_deref().unwrap_or(""), lang),
                1 => grid.run.draw(similarity::svg, summary::similarity, lang),
                2 => grid.run.draw(coverage::svg, summary::coverage, lang),
                _ => padding_chart(padding.as_ref(), scheme, &params, lang),
            };
            let file = format!("{stem}_{testid}.svg");
            grid.figures[k] = (figure::html(testid, title, &svg, &said, &file, lang), key);
        }
        let figures: String = grid.figures.iter().map(|(html, _)| html.as_str()).collect();
        let html = format!(r#"<div class="chart-grid">{figures}</div>"#);
        Ok(HtmlSoFar { html, done: grid.done })
    })
}

/// A registered scheme and the page's parameters, or why not.
fn scheme_and_params(name: &str, query: &str) -> Result<(&'static dyn Scheme, Params), JsError> {
    let scheme = super::registered(name)?;
    let (params, _) = super::params_and_lang(query, "en")?;
    Ok((scheme, params))
}

fn too_large(draws: u64, lang: Lang) -> String {
    let words = ChartWords::TooLarge.text(lang);
    fill(words, &[("draws", &Count(draws)), ("budget", &Count(EPOCH_BUDGET))])
}
