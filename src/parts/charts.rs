//! The charts' part: the four teaching charts of [`crate::chart`] (plotters, the charts' words
//! in both languages, the epochs' history) as SVG documents and sentences, for the page's
//! charts panel (`ui::charts`). The page keeps the panel, its titles and buttons.
//!
//! - `visits(wire, lang)` and `padding(wire, lang)`: the one-epoch charts, from the numbers the
//!   page already has ([`crate::chart::wire`]);
//! - `history(query)`: a [`HistoryRun`] for the page's parameters ([`Params::to_query`]), whose
//!   `advance(steps)` draws the first epochs a slice at a time, so that the page can yield
//!   between slices, and whose `similarity(lang)` and `coverage(lang)` draw what is known.
//!
//! `lang` is a language code (`en`, `zh`; anything else is English). Each chart comes as a
//! [`Drawn`]: its SVG (empty when it could not be drawn, with `error` saying why) and its
//! summary.

use wasm_bindgen::prelude::*;

use crate::chart::data::{PaddingData, VisitsData};
use crate::chart::history::{History, HistoryTask};
use crate::chart::{ChartError, coverage, padding, similarity, summary, visits};
use crate::i18n::Lang;
use crate::model::Params;

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
    let lang = lang_of(lang);
    Ok(Drawn::new(visits::svg(&data, lang), summary::visits(&data, lang)))
}

/// Padding and the trimmed tail in one epoch (`PaddingData::to_wire`).
#[wasm_bindgen]
pub fn padding(wire: &[u64], lang: &str) -> Result<Drawn, JsError> {
    let data =
        PaddingData::from_wire(wire).ok_or_else(|| JsError::new("not the padding's data"))?;
    let lang = lang_of(lang);
    Ok(Drawn::new(padding::svg(&data, lang), summary::padding(&data, lang)))
}

/// The first epochs (`chart::history::EPOCHS`) of the sampler and loader of `query`, drawn a slice at a time.
#[wasm_bindgen]
pub struct HistoryRun {
    task: HistoryTask,
    /// Bumped each time what is known changes.
    changes: u32,
}

/// Starts the history of the page's parameters (`Params::to_query`'s form); throws the first
/// refusal's message when they cannot be drawn (the page only sends drawable ones).
#[wasm_bindgen]
pub fn history(query: &str) -> Result<HistoryRun, JsError> {
    let refused = |errors: Vec<crate::model::ParamError>| {
        let first = errors.first().map(|e| e.message(Lang::En)).unwrap_or_default();
        JsError::new(&first)
    };
    let params = Params::from_query(query).map_err(refused)?;
    Ok(HistoryRun { task: HistoryTask::start(&params).map_err(refused)?, changes: 0 })
}

#[wasm_bindgen]
impl HistoryRun {
    /// Does up to about `steps` units of work; `true` once everything is known.
    pub fn advance(&mut self, steps: u32) -> bool {
        let before = self.task.history().clone();
        let done = self.task.advance(steps);
        if *self.task.history() != before {
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
        let (history, lang) = (self.task.history(), lang_of(lang));
        Drawn::new(svg(history, lang), say(history, lang))
    }
}

fn lang_of(code: &str) -> Lang {
    Lang::from_code(code).unwrap_or(Lang::En)
}
