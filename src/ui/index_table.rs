//! The index table: the text alternative to the picture, one row per rank.

use leptos::prelude::*;

use crate::sampler::Epoch;

/// Each rank's indices for the epoch, one `<tr data-rank>` per rank.
#[component]
pub fn IndexTable(
    /// The epoch the core computed.
    epoch: Epoch,
) -> impl IntoView {
    let rows = (0..epoch.num_replicas())
        .map(|rank| {
            let cells = epoch.rank(rank).map(|index| view! { <td>{index}</td> }).collect_view();
            view! {
                <tr data-rank=rank>
                    <th scope="row">"rank " {rank}</th>
                    {cells}
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="index-table" data-testid="index-table">
            <caption>"Indices each rank receives this epoch, in order"</caption>
            <tbody>{rows}</tbody>
        </table>
    }
}
