//! Under each compared scheme's lanes: every GPU's order over epochs 0–3, side by side, with
//! every later epoch whose whole list is the GPU's epoch-0 list stamped "same as epoch 0", and
//! GPU 0's samples step by step, which draw one shape again and again when the order repeats.
//! It does not depend on the epoch shown, so playing the epochs only moves the mark of the
//! epoch shown; it is drawn one epoch per browser task after the lanes.

use leptos::html::Div;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::epochs_run::{EpochsDrawn, EpochsRun};
use super::{AppState, fill, thousands};
use crate::i18n::history::HistoryText as H;
use crate::model::html::escape;
use crate::model::scheme::history::{EPOCH_BUDGET, ROW_CAP};
use crate::model::{Params, epoch_history};

/// The history of the `k`-th compared scheme, written by [`crate::model::epoch_history`]; the
/// epoch shown is marked on it (so playing the epochs only moves the mark) and it dims while a
/// newer history is drawn.
#[component]
pub fn EpochHistory(k: usize) -> impl IntoView {
    let state = expect_context::<AppState>();
    // Every value but the epoch shown (and the pipeline's stage) decides the history. (The
    // followed scheme's run is drawn again for the story: a panel's own run keeps its history
    // in place when the story follows another scheme.)
    let key = Memo::new(move |_| {
        let params = Params { epoch: 0, ..state.dealt.get() };
        (state.compare.with(|c| c.get(k).map(|s| s.name())), params)
    });
    let run = EpochsRun::follow(key, ROW_CAP);
    let lang = state.lang;
    let current = Memo::new(move |_| state.dealt.with(|p| p.epoch));
    let host = NodeRef::<Div>::new();
    Effect::new(move |_| {
        let lang = lang.get();
        let html = match run.drawn.get() {
            // A refused epoch: the panel shows the refusal; the history shows nothing.
            EpochsDrawn::Nothing => String::new(),
            EpochsDrawn::Epochs(h) if h.refused.is_some() => String::new(),
            EpochsDrawn::TooLarge(draws) => {
                let (draws, budget) = (thousands(draws), thousands(EPOCH_BUDGET));
                let values: [(&str, &dyn std::fmt::Display); 2] =
                    [("draws", &draws), ("budget", &budget)];
                let text = fill(H::TooLarge, lang, &values);
                format!(
                    r#"<p class="history-note" data-testid="history-too-large">{}</p>"#,
                    escape(&text)
                )
            }
            EpochsDrawn::Epochs(h) => {
                let said = epoch_history::summary(&h.epochs, h.name, &h.params, h.set_epoch, lang);
                epoch_history::html(&h.epochs, h.params.n, h.name, &said, lang)
            }
        };
        if let Some(host) = host.get() {
            host.set_inner_html(&html);
            mark(&host, current.get_untracked(), run.busy.get_untracked());
        }
    });
    Effect::new(move |_| {
        let (epoch, busy) = (current.get(), run.busy.get());
        if let Some(host) = host.get_untracked() {
            mark(&host, epoch, busy);
        }
    });
    view! { <div class="epoch-history-host" node_ref=host></div> }
}

/// Marks the epoch shown (its heading and every GPU's row in it), and the history as busy
/// while a newer one is drawn.
fn mark(host: &web_sys::HtmlDivElement, epoch: u64, busy: bool) {
    let Ok(marked) = host.query_selector_all("[data-epoch]") else { return };
    let epoch = epoch.to_string();
    for element in (0..marked.length()).filter_map(|i| marked.item(i)) {
        let Ok(element) = element.dyn_into::<web_sys::Element>() else { continue };
        let here = element.get_attribute("data-epoch").as_deref() == Some(epoch.as_str());
        let _ = element.class_list().toggle_with_force("current", here);
    }
    if let Ok(Some(history)) = host.query_selector(".epoch-history") {
        let _ = history.class_list().toggle_with_force("busy", busy);
        let _ = history.set_attribute("aria-busy", if busy { "true" } else { "false" });
    }
}
