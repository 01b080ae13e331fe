//! The index tables: the text alternative to the picture, one row per rank, every index listed
//! up to [`row_limit`] per rank (beyond, the row is cut and the note says so).

use leptos::prelude::*;

use super::focus::Focus;
use super::{AppState, fill, thousands};
use crate::i18n::page::TableText;
use crate::model::picture::row_limit;

/// Rows of indices, one per rank: `<tr data-rank>` with a header cell and one cell of numbers.
#[component]
pub fn RankTable(
    /// `data-testid` of the table.
    testid: &'static str,
    /// What the table lists (in the page's language).
    #[prop(into)]
    caption: Signal<String>,
    /// Each rank's indices (already cut to at most [`row_limit`]).
    rows: Vec<Vec<u32>>,
    /// How many indices each rank has in all.
    full_len: usize,
    /// The rank to highlight.
    highlight: usize,
) -> impl IntoView {
    let lang = expect_context::<AppState>().lang;
    let limit = row_limit(rows.len());
    let cut = full_len > limit;
    let note = cut.then(|| {
        let (shown, all) = (thousands(limit as u64), thousands(full_len as u64));
        move || fill(TableText::CutNote, lang.get(), &[("shown", &shown), ("all", &all)])
    });
    let body = rows
        .into_iter()
        .enumerate()
        .map(|(rank, indices)| {
            // A long row scrolls inside its cell, and then takes keyboard focus to scroll.
            let scrolls = indices.len() > 100;
            let text = indices.iter().take(limit).map(u32::to_string).collect::<Vec<_>>().join(", ");
            view! {
                <tr data-rank=rank class:highlight=rank == highlight style=format!("--rank-hue: {}", super::rank_colour(rank))>
                    <th scope="row">"rank " {rank}</th>
                    <td>
                        <div
                            class="indices"
                            tabindex=scrolls.then_some("0")
                            role=scrolls.then_some("region")
                            aria-label=scrolls.then_some(move || {
                                fill(TableText::RowName, lang.get(), &[("rank", &rank)])
                            })
                        >
                            {text}
                        </div>
                    </td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="index-table" data-testid=testid>
            <caption>{caption}</caption>
            <tbody>{body}</tbody>
        </table>
        {note.map(|n| view! { <p class="table-note" data-testid=format!("{testid}-note")>{n}</p> })}
    }
}

/// Each GPU's list this epoch with the scheme the story follows: what its sampler yields, in
/// order (the samples its loader leaves out last).
#[component]
pub fn IndexTable() -> impl IntoView {
    let state = expect_context::<AppState>();
    let focus = expect_context::<Focus>();
    move || {
        let epoch = state.dealt.with(|p| p.epoch);
        let rank = state.dealt.with(|p| p.rank.max(0) as usize);
        focus.deal.with(|deal| {
            let deal = deal.as_ref().ok()?;
            let limit = row_limit(deal.lanes.len());
            let rows = deal
                .lanes
                .iter()
                .map(|lane| {
                    let mut listed = lane.listed();
                    listed.truncate(limit);
                    listed
                })
                .collect();
            let full_len = deal.lanes.iter().map(|l| l.sampler_len.max(l.len)).max().unwrap_or(0);
            let caption = Signal::derive(move || {
                fill(TableText::SamplerCaption, state.lang.get(), &[("epoch", &epoch)])
            });
            Some(view! {
                <RankTable testid="index-table" caption=caption rows=rows full_len=full_len highlight=rank />
            })
        })
    }
}
