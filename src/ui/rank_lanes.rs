//! One lane per rank: the indices it receives, in order, coloured by rank; the copies added
//! by wrap-around padding are marked with the position they were copied from.

use leptos::prelude::*;

use super::PALETTE_LEN;
use crate::sampler::Epoch;

/// Every rank's indices for one epoch, as rows of numbered chips.
#[component]
pub fn RankLanes(
    /// The epoch the core computed.
    epoch: Epoch,
    /// `len(dataset)`: positions at or past it in the padded list are padding.
    n: usize,
) -> impl IntoView {
    let w = epoch.num_replicas();
    let lanes = (0..w)
        .map(|rank| {
            let chips = epoch
                .rank(rank)
                .enumerate()
                .map(|(k, index)| {
                    let position = rank + k * w;
                    let padded = position >= n;
                    let title = padded.then(|| format!("padding: a copy of position {}", position % n));
                    view! {
                        <li class="chip" class:padded=padded title=title data-index=index>
                            {index}
                        </li>
                    }
                })
                .collect_view();
            view! {
                <li class="lane" data-rank=rank style=format!("--rank-hue: var(--rank-{})", rank % PALETTE_LEN)>
                    <span class="lane-label">"rank " {rank}</span>
                    <ol class="chips">{chips}</ol>
                </li>
            }
        })
        .collect_view();
    view! { <ol class="lanes" data-testid="rank-lanes" aria-hidden="true">{lanes}</ol> }
}
