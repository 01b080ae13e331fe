//! The charts panel: its heading and, once the story's part is loaded ([`super::part`], when
//! the panel first comes within a screen of the viewport, if nothing loaded it before) and the
//! panel has come that near, the four charts it draws, each with
//! its summary and a download, of the scheme the story follows ([`Focus`]). The one-epoch
//! charts follow its deal (the pictured scheme's, the picture); the ones comparing epochs fill
//! in as [`super::chart_history`] has the part draw its first epochs in slices.
//! Until then the panel says it is loading; if the part cannot be loaded, it says so there.

use leptos::html::Section;
use leptos::prelude::*;

use super::chart_figure::ChartFigure;
use super::chart_history::use_history;
use super::charts_part;
use super::focus::Focus;
use super::part::{self, Part};
use super::{AppState, deferred, fill, tr};
use crate::chart::ChartError;
use crate::chart::data::{PaddingData, VisitsData};
use crate::chart::summary;
use crate::i18n::charts::ChartText;
use crate::model::{Params, Stage};

/// The charts for the current picture.
#[component]
pub fn Charts() -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = state.lang;
    let section = NodeRef::<Section>::new();
    let part = part::load_near(part::STORY, section);
    // Drawn from when the panel first nears the screen: the part may be loaded earlier (for
    // step 1's figure, a scheme compared), and the charts' first epochs are work (four whole
    // permutations at the size cap) that a reader elsewhere need not wait behind.
    let near = RwSignal::new(false);
    section.on_load(move |element| part::watch(&element, move || near.set(true)));
    let shown = move || {
        match part.get() {
        Part::Missing(why) => view! {
            <p class="chart-error" role="status" data-testid="charts-missing">
                {move || fill(ChartText::PartMissing, lang.get(), &[("why", &why)])}
            </p>
        }
        .into_any(),
        Part::Ready if near.get() => view! { <ChartGrid /> }.into_any(),
        _ => view! {
            <p class="chart-status" role="status" data-testid="charts-loading">{tr(ChartText::Loading)}</p>
        }
        .into_any(),
    }
    };
    let focus = expect_context::<Focus>();
    view! {
        <section class="charts" data-testid="charts" aria-labelledby="charts-title" node_ref=section>
            <h2 id="charts-title">{tr(ChartText::Heading)}</h2>
            <p class="drawn-for" data-testid="charts-drawn-for" data-scheme=move || focus.scheme.get().name()>
                {move || {
                    let lang = lang.get();
                    let title = focus.scheme.get().title().text(lang);
                    fill(crate::i18n::story::StoryText::DrawnFor, lang, &[("scheme", &title)])
                }}
            </p>
            <p class="explain">{move || summary::intro(lang.get())}</p>
            {shown}
        </section>
    }
}

/// The four charts, drawn by the story's part (loaded by now).
#[component]
fn ChartGrid() -> impl IntoView {
    let state = expect_context::<AppState>();
    let focus = expect_context::<Focus>();
    let lang = state.lang;
    // One browser task after the picture, so that a control change paints its picture first.
    // The pictured scheme's one-epoch counts are the picture's (at any size); another's visits
    // come with its deal, and its padding counts need the deal whole, which the part deals.
    let visits_data = deferred(Memo::new(move |_| {
        let scheme = focus.scheme.get();
        state.picture.with(|p| {
            if scheme.pictured() {
                return Some(VisitsData::from_picture(p));
            }
            let without = p.no_sampler.as_ref().ok().and_then(|side| side.visits.as_ref());
            let w = p.params.num_replicas.max(0) as u32;
            focus
                .deal
                .with(|d| d.as_ref().ok().map(|d| VisitsData::from_deal(scheme, d, w, without)))
        })
    }));
    let padding_data = deferred(Memo::new(move |_| {
        let scheme = focus.scheme.get();
        state.picture.with(|p| {
            if scheme.pictured() {
                Ok(PaddingData::from_picture(p))
            } else {
                Err((scheme.name(), Params { stage: Stage::Batch, ..p.params.clone() }.to_query()))
            }
        })
    }));
    let refused = move || {
        focus.deal.with(|d| match d {
            Err(errors) => errors.first().map(|e| e.message(lang.get())),
            Ok(_) => None,
        })
    };
    let visits = Memo::new(move |_| {
        let lang = lang.get();
        visits_data.with(|d| match d {
            Some(d) => charts_part::draw(|part| part.visits(d, lang)),
            None => (Err(ChartError(refused().unwrap_or_default())), String::new()),
        })
    });
    let padding = Memo::new(move |_| {
        let lang = lang.get();
        padding_data.with(|d| {
            charts_part::draw(|part| match d {
                Ok(d) => part.padding(d, lang),
                Err((scheme, query)) => part.dealt_padding(scheme, query, lang),
            })
        })
    });
    let history = use_history(state, focus);
    view! {
        <div class="chart-grid">
            <ChartFigure testid="chart-visits" title=ChartText::VisitsTitle chart=visits />
            <ChartFigure testid="chart-similarity" title=ChartText::SimilarityTitle chart=history.similarity(lang) />
            <ChartFigure testid="chart-coverage" title=ChartText::CoverageTitle chart=history.coverage(lang) />
            <ChartFigure testid="chart-padding" title=ChartText::PaddingTitle chart=padding />
        </div>
    }
}
