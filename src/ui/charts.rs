//! The charts panel: its heading and, once the charts' part is loaded ([`super::part`], when
//! the panel first comes within a screen of the viewport), the four charts it draws, each with
//! its summary and a download. The one-epoch charts follow the picture; the ones comparing
//! epochs fill in as [`super::chart_history`] has the part draw the first epochs in slices.
//! Until then the panel says it is loading; if the part cannot be loaded, it says so there.

use leptos::html::Section;
use leptos::prelude::*;

use super::chart_figure::ChartFigure;
use super::chart_history::use_history;
use super::charts_part;
use super::part::{self, Part};
use super::{AppState, deferred, fill, tr};
use crate::chart::data::{PaddingData, VisitsData};
use crate::chart::summary;
use crate::i18n::charts::ChartText;

/// The charts for the current picture.
#[component]
pub fn Charts() -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = state.lang;
    let section = NodeRef::<Section>::new();
    let part = part::load_near(charts_part::NAME, section);
    let shown = move || {
        match part.get() {
        Part::Waiting => view! {
            <p class="chart-status" role="status" data-testid="charts-loading">{tr(ChartText::Loading)}</p>
        }
        .into_any(),
        Part::Missing(why) => view! {
            <p class="chart-error" role="status" data-testid="charts-missing">
                {move || fill(ChartText::PartMissing, lang.get(), &[("why", &why)])}
            </p>
        }
        .into_any(),
        Part::Ready => view! { <ChartGrid /> }.into_any(),
    }
    };
    let pictured = crate::model::scheme::SCHEMES.iter().copied().find(|s| s.pictured());
    view! {
        <section class="charts" data-testid="charts" aria-labelledby="charts-title" node_ref=section>
            <h2 id="charts-title">{tr(ChartText::Heading)}</h2>
            // The charts are the pictured scheme's (DistributedSampler's), whatever the story
            // follows: they say so.
            <p class="drawn-for" data-testid="charts-drawn-for" data-scheme=pictured.map(|s| s.name())>
                {move || {
                    let lang = lang.get();
                    let title = pictured.map_or("", |s| s.title().text(lang));
                    fill(crate::i18n::story::StoryText::DrawnFor, lang, &[("scheme", &title)])
                }}
            </p>
            <p class="explain">{move || summary::intro(lang.get())}</p>
            {shown}
        </section>
    }
}

/// The four charts, drawn by the charts' part (loaded by now).
#[component]
fn ChartGrid() -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = state.lang;
    // One browser task after the picture, so that a control change paints its picture first.
    let visits_data =
        deferred(Memo::new(move |_| state.picture.with(|p| VisitsData::from_picture(p))));
    let padding_data =
        deferred(Memo::new(move |_| state.picture.with(|p| PaddingData::from_picture(p))));
    let visits = Memo::new(move |_| {
        let lang = lang.get();
        visits_data.with(|d| charts_part::draw(|part| part.visits(d, lang)))
    });
    let padding = Memo::new(move |_| {
        let lang = lang.get();
        padding_data.with(|d| charts_part::draw(|part| part.padding(d, lang)))
    });
    let history = use_history(state);
    view! {
        <div class="chart-grid">
            <ChartFigure testid="chart-visits" title=ChartText::VisitsTitle chart=visits />
            <ChartFigure testid="chart-similarity" title=ChartText::SimilarityTitle chart=history.similarity(lang) />
            <ChartFigure testid="chart-coverage" title=ChartText::CoverageTitle chart=history.coverage(lang) />
            <ChartFigure testid="chart-padding" title=ChartText::PaddingTitle chart=padding />
        </div>
    }
}
