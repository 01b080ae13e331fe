//! Step 6 of the story: every registered set-up on this configuration, each read off its own
//! deal, and a button to compare it at the top.

use leptos::prelude::*;

use super::focus::{Focus, FocusDeal};
use super::story::{Said, scroll_to_top};
use super::{AppState, fill, tr};
use crate::i18n::story::StoryText as T;
use crate::model::scheme::{self, Shared, Verdict};
use crate::model::story;
use crate::model::{Params, Stage};

/// Step 6: every registered set-up on these values, each read off its own deal. At ImageNet's
/// size one deal is a noticeable task: the deals are made only once the table nears the
/// screen, one scheme per task, and made again when the values change.
#[component]
pub fn Scoreboard() -> impl IntoView {
    let state = expect_context::<AppState>();
    let focus = expect_context::<Focus>();
    let later = super::deferred(Memo::new(move |_| {
        state.picture.with(|p| Params { stage: Stage::Batch, ..p.params.clone() })
    }));
    let near = RwSignal::new(false);
    let deals = RwSignal::new(Vec::<FocusDeal>::new());
    let generation = StoredValue::new(0u64);
    Effect::new(move |_| {
        let params = later.get();
        if !near.get() {
            return;
        }
        let shared = Shared { epoch: Some(state.picture.with_untracked(|p| p.epoch.clone())) };
        generation.update_value(|g| *g += 1);
        deals.set(Vec::new());
        deal_next(generation.get_value(), generation, params, shared, deals);
    });
    let wrap = NodeRef::<leptos::html::Div>::new();
    wrap.on_load(move |element| super::part::watch(&element, move || near.set(true)));
    let rows = move || {
        let lang = state.lang.get();
        let current = focus.scheme.get();
        deals.with(|deals| {
            scheme::SCHEMES
                .iter()
                .enumerate()
                .map(|(k, &s)| {
                    let cells = match deals.get(k) {
                        None => view! { <td colspan="2" class="pending">{tr(T::ScoreboardPending)}</td> }.into_any(),
                        Some(Ok(deal)) => {
                            let steps = story::span(deal.steps_range());
                            let once = matches!(Verdict::of(deal), Verdict::EachOnce);
                            view! {
                                <td class:once=once>{super::scheme_facts::verdict(deal, lang)}</td>
                                // On a phone, where the heading row is not shown, the cell says
                                // what its number is.
                                <td data-label=T::ColSteps.text(lang)>{steps}</td>
                            }
                            .into_any()
                        }
                        Some(Err(errors)) => {
                            let said = Said::with_library(T::Refuses.text(lang).into(), errors, lang);
                            view! { <td colspan="2">{said.view()}</td> }.into_any()
                        }
                    };
                    let name = s.name();
                    let button = (name != current.name()).then(|| {
                        let label = fill(T::CompareButton, lang, &[("scheme", &current.title().text(lang))]);
                        view! {
                            <button type="button" data-testid="scoreboard-compare" on:click=move |_| {
                                let first = focus.scheme.get_untracked();
                                state.set_compare(vec![first, s]);
                                scroll_to_top();
                            }>{label}</button>
                        }
                    });
                    view! {
                        <tr data-scheme=name data-dealt=deals.get(k).is_some().then_some("")>
                            <th scope="row">{s.title().text(lang)}</th>
                            {cells}
                            <td>{button}</td>
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <div class="scoreboard-wrap" tabindex="0" role="region" aria-label=tr(T::LibraryTitle)
            node_ref=wrap>
        <table class="scoreboard" data-testid="scoreboard">
            <thead>
                <tr>
                    <th scope="col">{tr(T::ColScheme)}</th>
                    <th scope="col">{tr(T::ColVerdict)}</th>
                    <th scope="col">{tr(T::ColSteps)}</th>
                    <th scope="col">{tr(T::ColCompare)}</th>
                </tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
        </div>
    }
}

/// Deals the next registered scheme of the scoreboard in a task of its own, then the one
/// after, until all are dealt or newer values (a later `generation`) take over.
fn deal_next(
    mine: u64,
    generation: StoredValue<u64>,
    params: Params,
    shared: Shared,
    deals: RwSignal<Vec<FocusDeal>>,
) {
    set_timeout(
        move || {
            if generation.try_get_value() != Some(mine) {
                return;
            }
            let k = deals.with_untracked(Vec::len);
            let Some(s) = scheme::SCHEMES.get(k) else { return };
            let deal = s.deal(&params, &shared).map(std::sync::Arc::new);
            deals.update(|d| d.push(deal));
            deal_next(mine, generation, params, shared, deals);
        },
        std::time::Duration::ZERO,
    );
}
