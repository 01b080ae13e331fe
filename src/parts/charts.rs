//! The charts' half of the story's part: the four teaching charts of [`crate::chart`] (plotters, the charts' words
//! in both languages, the epochs' history) as SVG documents and sentences, for the page's
//! charts panel (`ui::charts`). The page keeps the panel, its titles and buttons.
//!
//! - `visits(wire, lang)` and `padding(wire, lang)`: the one-epoch charts, from the numbers the
//!   page already has ([`crate::chart::wire`]);
//! - `dealt_padding(scheme, query, lang)`: the padding chart of any registered scheme, counted
//!   here from its whole deal (the page's deals list only the first samples of each lane);
//! - `history(scheme, query)`: a [`HistoryRun`] for that scheme and the page's parameters
//!   ([`Params::to_query`]), whose `advance(steps)` draws the first epochs a slice at a time
//!   (the pictured scheme's permutation in slices, any other's one whole deal per epoch), so
//!   that the page can yield between slices, and whose `similarity(lang)` and `coverage(lang)`
//!   draw what is known.
//!
//! `lang` is a language code (`en`, `zh`; anything else is English). Each chart comes as a
//! [`Drawn`]: its SVG (empty when it could not be drawn, with `error` saying why) and its
//! summary.

use wasm_bindgen::prelude::*;

use crate::chart::data::{PaddingData, VisitsData};
use crate::chart::deals::{DealsTask, NotDrawn};
use crate::chart::history::{History, HistoryTask};
use crate::chart::{ChartError, coverage, padding, similarity, summary, visits};
use crate::i18n::chart_words::ChartWords;
use crate::i18n::{Count, Lang, fill};
use crate::model::Params;
use crate::model::scheme::history::{self, EPOCH_BUDGET, Plan};
use crate::model::scheme::{Scheme, Shared};

/// One chart: its SVG document, or why it could not be drawn, and its summary.
#[wasm_bindgen(getter_with_clone)]
pub struct Drawn {
    /// The SVG document (empty when `error` is set).
    pub svg: String,
    /// Why the chart could not be drawn.
    pub error: Option<String>,
    /// The sentence saying what the chart shows.
    pub summary: String,
}

impl Drawn {
    fn new(svg: Result<String, ChartError>, summary: String) -> Self {
        match svg {
            Ok(svg) => Drawn { svg, error: None, summary },
            Err(e) => Drawn { svg: String::new(), error: Some(e.0), summary },
        }
    }
}

/// Visits per sample in one epoch (`VisitsData::to_wire`).
#[wasm_bindgen]
pub fn visits(wire: &[u64], lang: &str) -> Result<Drawn, JsError> {
    let data = VisitsData::from_wire(wire).ok_or_else(|| JsError::new("not the visits' data"))?;
    let lang = super::lang_of(lang);
    Ok(Drawn::new(visits::svg(&data, lang), summary::visits(&data, lang)))
}

/// Padding and the trimmed tail in one epoch (`PaddingData::to_wire`).
#[wasm_bindgen]
pub fn padding(wire: &[u64], lang: &str) -> Result<Drawn, JsError> {
    let data =
        PaddingData::from_wire(wire).ok_or_else(|| JsError::new("not the padding's data"))?;
    let lang = super::lang_of(lang);
    Ok(Drawn::new(padding::svg(&data, lang), summary::padding(&data, lang)))
}

/// The padding chart of `scheme` (a registered name) with the page's parameters, counted from
/// its whole deal: refused values and a deal past the budget are the chart's error.
#[wasm_bindgen]
pub fn dealt_padding(scheme: &str, query: &str, lang: &str) -> Result<Drawn, JsError> {
    let (scheme, params) = scheme_and_params(scheme, query)?;
    let lang = super::lang_of(lang);
    if let Plan::TooLarge { draws } = history::plan(scheme, &params) {
        return Ok(Drawn::new(Err(ChartError(too_large(draws, lang))), String::new()));
    }
    Ok(match scheme.deal_up_to(&params, &Shared::default(), usize::MAX) {
        Ok(deal) => {
            let data = PaddingData::from_deal(&deal);
            Drawn::new(padding::svg(&data, lang), summary::padding(&data, lang))
        }
        Err(errors) => {
            Drawn::new(Err(ChartError(super::first_message(&errors, lang))), String::new())
        }
    })
}

/// The first epochs (`chart::history::EPOCHS`) of one scheme with the page's parameters.
#[wasm_bindgen]
pub struct HistoryRun {
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

/// Starts the history of `scheme` (a registered name) with the page's parameters
/// (`Params::to_query`'s form); throws when the name or the query cannot be read.
#[wasm_bindgen]
pub fn history(scheme: &str, query: &str) -> Result<HistoryRun, JsError> {
    let (scheme, params) = scheme_and_params(scheme, query)?;
    let task = if scheme.pictured() {
        HistoryTask::start(&params).map_or_else(|e| Task::Not(NotDrawn::Refused(e)), Task::Slices)
    } else {
        DealsTask::start(scheme, &params).map_or_else(Task::Not, Task::Deals)
    };
    Ok(HistoryRun { task, changes: 0 })
}

#[wasm_bindgen]
impl HistoryRun {
    /// Does up to about `steps` units of work; `true` once everything is known.
    pub fn advance(&mut self, steps: u32) -> bool {
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

    /// How many times what is known has changed: the page redraws when this moves.
    pub fn changes(&self) -> u32 {
        self.changes
    }

    /// How alike the epochs' orders are, as far as known.
    pub fn similarity(&self, lang: &str) -> Drawn {
        self.draw(similarity::svg, summary::similarity, lang)
    }

    /// How much of the dataset each rank has seen after k epochs, as far as known.
    pub fn coverage(&self, lang: &str) -> Drawn {
        self.draw(coverage::svg, summary::coverage, lang)
    }
}

impl HistoryRun {
    fn draw(
        &self,
        svg: fn(&History, Lang) -> Result<String, ChartError>,
        say: fn(&History, Lang) -> String,
        lang: &str,
    ) -> Drawn {
        let lang = super::lang_of(lang);
        match &self.task {
            Task::Slices(t) => Drawn::new(svg(t.history(), lang), say(t.history(), lang)),
            Task::Deals(t) => Drawn::new(svg(t.history(), lang), say(t.history(), lang)),
            Task::Not(NotDrawn::TooLarge { draws }) => {
                Drawn::new(Err(ChartError(too_large(*draws, lang))), String::new())
            }
            Task::Not(NotDrawn::Refused(errors)) => {
                Drawn::new(Err(ChartError(super::first_message(errors, lang))), String::new())
            }
        }
    }
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
