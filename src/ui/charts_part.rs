//! The charts' half of the story's part ([`crate::parts::charts`]) as the page sees it: its exports, typed, and
//! each chart as the page shows it ([`Chart`]). Everything here is a call into that module;
//! an error it throws (even a panic of its wasm) becomes that chart's error and nothing more.

use wasm_bindgen::prelude::*;

use super::part::describe;
use crate::chart::ChartError;
use crate::chart::data::{PaddingData, VisitsData};
use crate::i18n::Lang;

/// A chart as the page shows it: its SVG document (or why it could not be drawn), and the
/// sentence saying what it shows.
pub type Chart = (Result<String, ChartError>, String);

/// The story's part, seen for its charts, once [`super::part`] has loaded it.
pub fn loaded() -> Option<ChartsPart> {
    super::part::story()
}

/// A chart drawn by the loaded part, or an error chart if it is not loaded after all.
pub fn draw(with: impl FnOnce(&ChartsPart) -> Chart) -> Chart {
    match loaded() {
        Some(part) => with(&part),
        None => (Err(ChartError("the story's part is not loaded".into())), String::new()),
    }
}

/// Nothing yet (the epochs' history before its first slice).
pub fn blank() -> Chart {
    (Ok(String::new()), String::new())
}

#[wasm_bindgen]
extern "C" {
    /// The story's part's module, once loaded and started.
    pub type ChartsPart;
    #[wasm_bindgen(method, catch, js_name = visits)]
    fn visits_js(this: &ChartsPart, wire: &[u64], lang: &str) -> Result<Drawn, JsValue>;
    #[wasm_bindgen(method, catch, js_name = padding)]
    fn padding_js(this: &ChartsPart, wire: &[u64], lang: &str) -> Result<Drawn, JsValue>;
    #[wasm_bindgen(method, catch, js_name = dealt_padding)]
    fn dealt_padding_js(
        this: &ChartsPart,
        scheme: &str,
        query: &str,
        lang: &str,
    ) -> Result<Drawn, JsValue>;
    #[wasm_bindgen(method, catch, js_name = history)]
    fn history_js(this: &ChartsPart, scheme: &str, query: &str) -> Result<HistoryRun, JsValue>;

    /// One chart as the part drew it.
    type Drawn;
    #[wasm_bindgen(method, getter)]
    fn svg(this: &Drawn) -> String;
    #[wasm_bindgen(method, getter)]
    fn error(this: &Drawn) -> Option<String>;
    #[wasm_bindgen(method, getter)]
    fn summary(this: &Drawn) -> String;
    #[wasm_bindgen(method, js_name = free)]
    fn free_drawn(this: &Drawn);

    /// The first epochs of one configuration, drawn by the part a slice at a time.
    pub type HistoryRun;
    #[wasm_bindgen(method, catch, js_name = advance)]
    fn advance_js(this: &HistoryRun, steps: u32) -> Result<bool, JsValue>;
    #[wasm_bindgen(method, js_name = changes)]
    fn changes_js(this: &HistoryRun) -> u32;
    #[wasm_bindgen(method, catch, js_name = similarity)]
    fn similarity_js(this: &HistoryRun, lang: &str) -> Result<Drawn, JsValue>;
    #[wasm_bindgen(method, catch, js_name = coverage)]
    fn coverage_js(this: &HistoryRun, lang: &str) -> Result<Drawn, JsValue>;
    #[wasm_bindgen(method, js_name = free)]
    fn free_run(this: &HistoryRun);
}

impl ChartsPart {
    /// Visits per sample in one epoch.
    pub fn visits(&self, data: &VisitsData, lang: Lang) -> Chart {
        chart(self.visits_js(&data.to_wire(), lang.code()))
    }

    /// Padding and the trimmed tail in one epoch.
    pub fn padding(&self, data: &PaddingData, lang: Lang) -> Chart {
        chart(self.padding_js(&data.to_wire(), lang.code()))
    }

    /// Padding and the trimmed tail in one epoch of `scheme` with the parameters `query`,
    /// counted by the part from the scheme's whole deal.
    pub fn dealt_padding(&self, scheme: &str, query: &str, lang: Lang) -> Chart {
        chart(self.dealt_padding_js(scheme, query, lang.code()))
    }

    /// Starts the first epochs of `scheme` with the parameters `query`
    /// ([`crate::model::Params::to_query`]).
    pub fn history(&self, scheme: &str, query: &str) -> Result<HistoryRun, ChartError> {
        self.history_js(scheme, query).map_err(|e| ChartError(describe(&e)))
    }
}

impl HistoryRun {
    /// Up to about `steps` more units of work: `Ok(true)` once everything is known.
    pub fn advance(&self, steps: u32) -> Result<bool, ChartError> {
        self.advance_js(steps).map_err(|e| ChartError(describe(&e)))
    }

    /// Moves each time what is known changes.
    pub fn changes(&self) -> u32 {
        self.changes_js()
    }

    /// How alike the epochs' orders are, as far as known.
    pub fn similarity(&self, lang: Lang) -> Chart {
        chart(self.similarity_js(lang.code()))
    }

    /// How much of the dataset each rank has seen after k epochs, as far as known.
    pub fn coverage(&self, lang: Lang) -> Chart {
        chart(self.coverage_js(lang.code()))
    }

    /// Gives the part back the run's memory (the run is not used again).
    pub fn free(&self) {
        self.free_run();
    }
}

fn chart(drawn: Result<Drawn, JsValue>) -> Chart {
    match drawn {
        Ok(drawn) => {
            let svg = match drawn.error() {
                Some(why) => Err(ChartError(why)),
                None => Ok(drawn.svg()),
            };
            let summary = drawn.summary();
            drawn.free_drawn();
            (svg, summary)
        }
        Err(e) => (Err(ChartError(describe(&e))), String::new()),
    }
}
