//! Under a scheme whose GPUs end unevenly: a step timeline (one row per GPU, one cell per
//! step) showing where the GPUs with more batches wait at an all-reduce for GPUs that have
//! finished, and the two fixes.

use leptos::prelude::*;

use super::{fill, tr};
use crate::i18n::Lang;
use crate::i18n::ecosystem::EcoText as E;
use crate::i18n::schemes::SchemeText as T;
use crate::model::scheme::Deal;
use crate::model::scheme::uneven::{Cell, Hang};

/// The timeline of `deal`'s hang, when its GPUs take different step counts.
pub fn hang_view(deal: &Deal, lang: Lang) -> Option<impl IntoView + use<>> {
    let hang = Hang::of(deal)?;
    let steps = hang.shown_steps();
    let head = steps.clone().map(|s| view! { <th scope="col">{s + 1}</th> }).collect_view();
    let rows = (0..hang.steps.len())
        .map(|rank| {
            let cells = steps
                .clone()
                .map(|step| {
                    let (class, text) = match hang.cell(rank, step) {
                        Cell::Trains => ("trains", E::CellTrains),
                        Cell::Waits => ("waits", E::CellWaits),
                        Cell::Finished => ("finished", E::CellFinished),
                        Cell::Never => ("never", E::CellNever),
                    };
                    view! { <td class=class>{text.text(lang)}</td> }
                })
                .collect_view();
            view! { <tr><th scope="row">{fill(T::Gpu, lang, &[("rank", &rank)])}</th>{cells}</tr> }
        })
        .collect_view();
    let list = |ranks: &[usize]| ranks.iter().map(usize::to_string).collect::<Vec<_>>().join(" & ");
    let said = fill(
        E::Hangs,
        lang,
        &[
            ("waiting", &list(&hang.waiting)),
            ("waiting_count", &hang.waiting.len()),
            ("step", &(hang.at + 1)),
            ("finished", &list(&hang.finished)),
            ("finished_count", &hang.finished.len()),
        ],
    );
    Some(view! {
        <div class="hang" data-testid="hang">
            <p class="hang-said">{said}</p>
            <table class="hang-steps">
                <caption class="sr-only">{E::HangCaption.text(lang)}</caption>
                <thead><tr><th scope="col">{tr(E::StepColumn)}</th>{head}</tr></thead>
                <tbody>{rows}</tbody>
            </table>
            <p class="hang-fix">{super::rich(E::HangFix)}</p>
        </div>
    })
}
