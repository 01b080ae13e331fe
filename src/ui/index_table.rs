//! The index tables: the text alternative to the picture, one row per rank, every index listed
//! up to [`row_limit`] per rank (beyond, the row is cut and the note says so).

use leptos::prelude::*;

use super::indices::{SameEpoch, use_indices};
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

/// Each rank's indices this epoch with the `DistributedSampler`.
#[component]
pub fn IndexTable() -> impl IntoView {
    let state = expect_context::<AppState>();
    let indices = use_indices(state);
    move || {
        indices.with(|SameEpoch(p)| {
            let rows = (0..p.epoch.num_replicas())
                .map(|r| p.epoch.rank(r).take(row_limit(p.epoch.num_replicas())).collect())
                .collect();
            let epoch = p.params.epoch;
            let caption = Signal::derive(move || {
                fill(TableText::SamplerCaption, state.lang.get(), &[("epoch", &epoch)])
            });
            view! {
                <RankTable
                    testid="index-table"
                    caption=caption
                    rows=rows
                    full_len=p.epoch.num_samples()
                    highlight=p.params.rank as usize
                />
            }
        })
    }
}
