//! The charts panel: places the SVG charts that [`crate::chart`] draws, each with its summary
//! and a download. The one-epoch charts follow the picture; the ones comparing epochs fill in
//! as [`super::chart_history`] draws the first epochs in the background.

use leptos::prelude::*;

use super::chart_figure::ChartFigure;
use super::chart_history::use_history;
use super::{AppState, deferred, tr};
use crate::chart::data::{PaddingData, VisitsData};
use crate::chart::history::History;
use crate::chart::{ChartError, coverage, padding, similarity, summary, visits};
use crate::i18n::Lang;
use crate::i18n::charts::ChartText;

/// The charts for the current picture.
#[component]
pub fn Charts() -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = state.lang;
    // One browser task after the picture, so that a control change paints its picture first.
    let visits_data =
        deferred(Memo::new(move |_| state.picture.with(|p| VisitsData::from_picture(p))));
    let padding_data =
        deferred(Memo::new(move |_| state.picture.with(|p| PaddingData::from_picture(p))));
    let history = use_history(state);
    let from_history = move |draw: fn(&History, Lang) -> Result<String, ChartError>| {
        Memo::new(move |_| match history.get() {
            Some(h) => draw(&h, lang.get()),
            None => Ok(String::new()),
        })
    };
    let said = move |say: fn(&History, Lang) -> String| {
        Signal::derive(move || {
            history.with(|h| h.as_ref().map(|h| say(h, lang.get())).unwrap_or_default())
        })
    };
    view! {
        <section class="charts" data-testid="charts" aria-labelledby="charts-title">
            <h2 id="charts-title">{tr(ChartText::Heading)}</h2>
            <p class="explain">{move || summary::intro(lang.get())}</p>
            <div class="chart-grid">
                <ChartFigure
                    testid="chart-visits"
                    title=ChartText::VisitsTitle
                    svg=Memo::new(move |_| visits_data.with(|d| visits::svg(d, lang.get())))
                    summary=Signal::derive(move || visits_data.with(|d| summary::visits(d, lang.get())))
                />
                <ChartFigure
                    testid="chart-similarity"
                    title=ChartText::SimilarityTitle
                    svg=from_history(similarity::svg)
                    summary=said(summary::similarity)
                />
                <ChartFigure
                    testid="chart-coverage"
                    title=ChartText::CoverageTitle
                    svg=from_history(coverage::svg)
                    summary=said(summary::coverage)
                />
                <ChartFigure
                    testid="chart-padding"
                    title=ChartText::PaddingTitle
                    svg=Memo::new(move |_| padding_data.with(|d| padding::svg(d, lang.get())))
                    summary=Signal::derive(move || padding_data.with(|d| summary::padding(d, lang.get())))
                />
            </div>
        </section>
    }
}
