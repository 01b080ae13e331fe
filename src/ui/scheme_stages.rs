//! A compared scheme stage by stage, in a disclosure under its stages' names: after each
//! stage, the epoch's whole list or each GPU's, in batches where the stage has them. Worked
//! out only while the disclosure is open.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::compare::Deals;
use super::scheme_options::step_text;
use super::{AppState, fill, thousands, tr};
use crate::i18n::ecosystem::EcoText as E;
use crate::i18n::schemes::SchemeText as T;
use crate::model::lanes::tile_style;
use crate::model::scheme::stages::{self, StageRow, StageView};
use crate::model::scheme::{self, LANE_CAP};

/// The `k`-th compared scheme's stages, when it shows them.
#[component]
pub fn SchemeStages(
    /// Its place among the compared schemes.
    k: usize,
    /// What each compared scheme deals (the grouping by worker reads its lanes).
    deals: Memo<Deals>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let open = RwSignal::new(false);
    let name = Memo::new(move |_| state.compare.with(|c| c.get(k).map(|s| s.name())));
    // Its own stages, or those read off the deal the panel already drew; with the loader's
    // workers, each GPU's batches by the worker that loads them.
    let stages = move || {
        let scheme = scheme::by_name(name.get()?)?;
        let params = state.dealt.get();
        deals.with(|d| match d.get(k) {
            Some((_, Ok(deal))) => stages::of(scheme, &params, deal).ok(),
            _ => None,
        })
    };
    // Every scheme has stages to show (its own, or its deal's): the disclosure is there for
    // any compared scheme, empty while its deal is refused or on its way.
    let shows = Memo::new(move |_| name.get().is_some());
    move || {
        shows.get().then(|| {
            view! {
                <details class="scheme-stages" data-testid="scheme-stages" prop:open=move || open.get_untracked()
                    on:toggle=move |ev| {
                        let element = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
                        open.set(element.is_some_and(|e| e.has_attribute("open")));
                    }>
                    <summary>{tr(E::StageByStage)}</summary>
                    {move || open.get().then(|| {
                        let lang = state.lang.get();
                        stages().unwrap_or_default().into_iter().map(|s| stage_view(s, lang)).collect_view()
                    })}
                </details>
            }
        })
    }
}

/// One stage: its name and its rows.
pub fn stage_view(stage: StageView, lang: crate::i18n::Lang) -> impl IntoView {
    let rows = stage.rows.into_iter().map(|row| row_view(row, lang)).collect_view();
    view! {
        <div class="stage" data-step=format!("{:?}", stage.step)>
            <p class="stage-name">{step_text(stage.step).text(lang)}</p>
            {rows}
        </div>
    }
}

/// One row: its label (a GPU, or the whole epoch) and its tiles, batch by batch.
fn row_view(row: StageRow, lang: crate::i18n::Lang) -> AnyView {
    let label = match (row.gpu, row.worker) {
        (Some(rank), Some(w)) => format!(
            "{} · {}",
            fill(T::Gpu, lang, &[("rank", &rank)]),
            fill(E::Worker, lang, &[("w", &w)])
        ),
        (Some(rank), None) => fill(T::Gpu, lang, &[("rank", &rank)]),
        (None, _) => E::AllSamples.text(lang).to_string(),
    };
    let tiles = row
        .groups
        .iter()
        .enumerate()
        .flat_map(|(g, group)| {
            group.iter().enumerate().map(move |(i, &index)| {
                view! {
                    <span class="tile" class:batch-start={g > 0 && i == 0} data-sample=index style=tile_style(index)>{index}</span>
                }
            })
        })
        .collect_view();
    // A process that raised: the library's exception in place of its indices, as in its lane.
    if let Some((epoch, error)) = &row.raised {
        let exception = error.exception().unwrap_or_default();
        let said = fill(T::RaisedIn, lang, &[("epoch", epoch)]);
        return view! {
            <div class="gpu-lane stage-row">
                <span class="lane-label">{label}</span>
                <span class="lane-raised" data-testid="stage-raised">{said}" "<strong lang="en">{format!("{exception}: {error}")}</strong></span>
            </div>
        }
        .into_any();
    }
    let more = (row.more > 0).then(|| {
        let count = thousands(row.more as u64);
        view! { <span class="more">{fill(T::More, lang, &[("count", &count)])}</span> }
    });
    let wraps = row.groups.iter().map(Vec::len).sum::<usize>() <= LANE_CAP / 2;
    view! {
        <div class="gpu-lane stage-row">
            <span class="lane-label">{label.clone()}</span>
            <span class="tiles" class:wrap=wraps tabindex="0" role="group" aria-label=label>{tiles}{more}</span>
        </div>
    }
    .into_any()
}
