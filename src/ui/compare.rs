//! The first screen: the controls that matter, the dataset as a row of sample tiles, and two
//! (or three) schemes side by side, one lane per GPU, moving epoch by epoch. On a phone one
//! scheme shows at a time, with a switch to the other.

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::controls::{FIRST, FieldErrors, NumberField, Toggle, message_and_rule, presets};
use super::epoch_play::{EpochPlay, EpochSteps};
use super::scheme_panel::SchemePanel;
use super::{AppState, fill, thousands, tr};
use crate::i18n::schemes::SchemeText as T;
use crate::model::lanes::{WRAP_TILES, tile_style};
use crate::model::scheme::coverage::{Cover, epochs_to_cover};
use crate::model::scheme::{Deal, LANE_CAP};
use crate::model::{Field, ParamError, Params, controls};

/// Lane positions looked at, at most, to say when every GPU has seen everything (a few tens
/// of milliseconds in the browser).
const COVER_BUDGET: u64 = 1 << 21;

/// The controls that hold a refused value, with the value drawn instead
/// ([`controls::held`]): every panel and every story step says so, dimmed.
#[derive(Clone, Copy)]
pub struct Held(pub Memo<Vec<(Field, String)>>);

impl Held {
    /// Provides the one memo the comparison and the story both read.
    pub fn provide(state: AppState) {
        provide_context(Held(Memo::new(move |_| {
            state.errors.with(|errors| state.drawn.with(|p| controls::held(p, errors)))
        })));
    }
}

/// When every GPU of each compared scheme has seen everything, in the panels' order.
#[derive(Clone, Copy)]
pub struct Covers(pub Memo<Vec<Option<Cover>>>);

/// What each compared scheme deals this epoch (or what it refuses), in the panels' order.
pub type Deals = Vec<(&'static str, Result<Deal, Vec<ParamError>>)>;

/// The comparison, with its controls and epoch playback.
#[component]
pub fn Compare(
    /// Whether the page opened with no parameter but, at most, `lang=` (it then plays by itself).
    landing: bool,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    // The stage is not part of a deal: a stage change must not deal again.
    let params = state.dealt;
    let deals = Memo::new(move |_| {
        let params = params.get();
        let shared = state.shared();
        let schemes = state.compare.get();
        schemes.iter().map(|s| (s.name(), s.deal(&params, &shared))).collect::<Deals>()
    });
    // When every GPU has seen everything: epochs from 0, whatever the epoch shown, worked out
    // one browser task after the panels so that they draw first.
    let from_start = Memo::new(move |_| Params { epoch: 0, ..params.get() });
    let later = super::deferred(from_start);
    let covers = Memo::new(move |_| {
        let params = later.get();
        let schemes = state.compare.get();
        schemes.iter().map(|s| epochs_to_cover(*s, &params, COVER_BUDGET)).collect::<Vec<_>>()
    });
    provide_context(Covers(covers));
    let steps = EpochSteps::new(state, landing);
    // Once the new epoch is drawn, the tiles travel from where they stood.
    Effect::new(move |_| {
        deals.track();
        if let Some(before) = steps.before.try_update_value(Option::take).flatten() {
            request_animation_frame(move || super::flip::play(&before));
        }
    });
    // The panels are rebuilt when their number changes, not on every new deal.
    let count = Memo::new(move |_| deals.with(Vec::len));
    let focus = RwSignal::new(0usize);
    let layout = use_context::<crate::model::embed::Layout>().unwrap_or_default();
    let epochs = !layout.hides(Field::Epoch);
    let on_key = move |e: ev::KeyboardEvent| {
        let target = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        let tag = target.as_ref().map(|t| t.tag_name().to_ascii_uppercase()).unwrap_or_default();
        // A lane's tiles scroll with the arrows; a form field, a link or a summary keeps its keys.
        let scrolls = target.is_some_and(|t| t.class_list().contains("tiles"));
        if !epochs
            || e.ctrl_key()
            || e.meta_key()
            || e.alt_key()
            || scrolls
            || matches!(tag.as_str(), "INPUT" | "SELECT" | "TEXTAREA" | "A" | "SUMMARY")
        {
            return;
        }
        match e.key().as_str() {
            "ArrowLeft" => steps.step(-1),
            "ArrowRight" => steps.step(1),
            " " if tag != "BUTTON" && !e.repeat() => steps.toggle(),
            _ => return,
        }
        e.prevent_default();
    };
    // Presenting, ←/→ go from story step to story step wherever the focus is but in the
    // comparison (where they step its epochs), and Esc leaves.
    let presenting = use_context::<super::present::Presenting>();
    let cursor = use_context::<super::story::StoryCursor>();
    if let (Some(presenting), Some(cursor)) = (presenting, cursor) {
        let keys = window_event_listener(ev::keydown, move |e| {
            if !presenting.on.get_untracked() || e.ctrl_key() || e.meta_key() || e.alt_key() {
                return;
            }
            let target = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
            let inside =
                target.as_ref().is_some_and(|t| t.closest(".compare").ok().flatten().is_some());
            let typing = target.as_ref().is_some_and(|t| {
                matches!(
                    t.tag_name().to_ascii_uppercase().as_str(),
                    "INPUT" | "SELECT" | "TEXTAREA"
                )
            });
            match e.key().as_str() {
                "Escape" => presenting.set(false),
                "ArrowLeft" if !inside && !typing => cursor.step_by(-1),
                "ArrowRight" if !inside && !typing => cursor.step_by(1),
                _ => return,
            }
            e.prevent_default();
        });
        on_cleanup(move || keys.remove());
    }
    // Pointing at (or focusing) a tile rings that sample wherever it is: every lane, every panel.
    let followed = RwSignal::new(None::<u32>);
    let highlight = move |index: Option<u32>| {
        if followed.get_untracked() != index {
            followed.set(index);
        }
    };
    let sample_of = |target: Option<web_sys::EventTarget>| {
        let element = target.and_then(|t| t.dyn_into::<web_sys::Element>().ok())?;
        let tile = element.closest(".tile").ok().flatten()?;
        ["data-index", "data-sample", "data-left-out", "data-unseen"]
            .iter()
            .find_map(|name| tile.get_attribute(name))
            .and_then(|v| v.parse::<u32>().ok())
    };
    let follow = move |e: ev::PointerEvent| highlight(sample_of(e.target()));
    let follow_focus = move |e: ev::FocusEvent| highlight(sample_of(e.target()));
    view! {
        <section class="compare" class:turning=steps.turns_set_epoch.get_untracked()
            data-testid="compare" aria-labelledby="compare-title" on:keydown=on_key
            on:pointerover=follow on:focusin=follow_focus on:pointerleave=move |_| highlight(None)>
            <style data-testid="follow-style">{move || followed.get().map(follow_rule)}</style>
            <h2 id="compare-title" class="compare-title">{tr(T::Heading)}</h2>
            <div class="compare-bar">
                {(!layout.embed).then(presets)}
                <div class="bar-fields">
                    <NumberField field=Field::N label=Field::N.label() errors_apart=true />
                    <NumberField field=Field::NumReplicas label="num_replicas" errors_apart=true />
                    <NumberField field=Field::BatchSize label="batch_size" errors_apart=true />
                    <Toggle field=Field::Shuffle label="shuffle" errors_apart=true />
                    <Toggle field=Field::DropLast label="drop_last" errors_apart=true />
                    <Toggle field=Field::SetEpoch label="set_epoch" errors_apart=true />
                    <NumberField field=Field::Epoch label="epoch" errors_apart=true />
                    {epochs.then(|| view! { <EpochPlay steps=steps /> })}
                    {(!layout.embed).then(|| view! { <super::present::PresentButton /> })}
                </div>
                // Under the fields, not in them (a long message, PyTorch's own, would widen its
                // field and push the fields after it sideways), each naming its field.
                <div class="bar-errors">
                    {FIRST
                        .iter()
                        .filter(|&&field| !layout.hides(field))
                        .map(|&field| view! { <FieldErrors field=field named=true /> })
                        .collect_view()}
                </div>
            </div>
            <CompareError />
            <AskedErrors />
            <DatasetRow deals=deals />
            <Switch focus=focus />
            <div class="panels" style=move || format!("--panels:{}", count.get())>
                {move || (0..count.get()).map(|k| view! { <SchemePanel k=k deals=deals focus=focus /> }).collect_view()}
            </div>
            <AddScheme />
            <Legend />
        </section>
    }
}

/// The messages of refused values whose control is not in the bar (further down the page, or
/// only in the URL), so that the comparison says what it could not draw.
#[component]
fn AskedErrors() -> impl IntoView {
    let state = expect_context::<AppState>();
    let errors = Memo::new(move |_| {
        state
            .errors
            .with(|es| es.iter().filter(|e| !FIRST.contains(&e.field)).cloned().collect::<Vec<_>>())
    });
    move || {
        let errors = errors.get();
        (!errors.is_empty()).then(|| {
            let lang = state.lang.get();
            let items = errors
                .iter()
                .map(|e| {
                    view! {
                        <li><code>{e.field.name()}</code> ": " {message_and_rule(e, lang)}</li>
                    }
                })
                .collect_view();
            view! {
                <div class="error-note asked-errors" role="alert" data-testid="asked-errors">
                    <p>{T::NotAsAsked.text(lang)}</p>
                    <ul>{items}</ul>
                </div>
            }
        })
    }
}

/// What was wrong with `compare=`, while the default pair is shown.
#[component]
fn CompareError() -> impl IntoView {
    let state = expect_context::<AppState>();
    move || {
        state.compare_error.get().map(|error| {
            let lang = state.lang.get();
            let text = match error {
                crate::model::scheme::CompareError::Count { got } => {
                    fill(T::CompareCount, lang, &[("got", &got)])
                }
                crate::model::scheme::CompareError::Unknown { name } => {
                    let names: Vec<&str> =
                        crate::model::scheme::SCHEMES.iter().map(|s| s.name()).collect();
                    fill(T::CompareUnknown, lang, &[("name", &name), ("names", &names.join(", "))])
                }
            };
            view! { <p class="error-note" role="alert" data-testid="compare-error">{text}</p> }
        })
    }
}

/// The dataset as tiles, `0 .. n`, each sample with the look it keeps in every lane.
#[component]
fn DatasetRow(
    /// The compared schemes' deals: a weighted one's classes band the dataset's tiles too.
    deals: Memo<Deals>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let n = move || state.dealt.with(|p| p.n);
    let classes = Memo::new(move |_| {
        deals.with(|d| d.iter().find_map(|(_, deal)| deal.as_ref().ok().and_then(Deal::classes)))
    });
    view! {
        <div class="dataset-row" data-testid="dataset">
            <span class="row-label">{move || fill(T::Dataset, state.lang.get(), &[("n", &thousands(n()))])}</span>
            <span class="tiles" class:wrap=move || n() <= WRAP_TILES as u64 tabindex="0" role="group" aria-label=tr(T::DatasetShort)>
                {move || (0..n().min(LANE_CAP as u64) as u32).map(|i| view! {
                    <span class="tile" data-sample=i data-class=move || classes.get().map(|c| c.of(i)) style=tile_style(i)>{i}</span>
                }).collect_view()}
                {move || (n() > LANE_CAP as u64).then(|| view! {
                    <span class="more">{fill(T::More, state.lang.get(), &[("count", &thousands(n() - LANE_CAP as u64))])}</span>
                })}
            </span>
        </div>
    }
}

/// On a phone: which of the compared schemes is on screen.
#[component]
fn Switch(focus: RwSignal<usize>) -> impl IntoView {
    let state = expect_context::<AppState>();
    // A scheme new to the comparison (put there by its picker, or a button below) is the one
    // shown; with fewer schemes than before, the one on screen is the last there is.
    Effect::new(move |before: Option<Vec<&'static str>>| {
        let names: Vec<&'static str> = state.compare.with(|c| c.iter().map(|s| s.name()).collect());
        let changed = before.as_ref().and_then(|old| names.iter().position(|n| !old.contains(n)));
        if let Some(k) = changed {
            focus.set(k);
        } else if focus.get_untracked() > names.len().saturating_sub(1) {
            focus.set(names.len().saturating_sub(1));
        }
        names
    });
    view! {
        <div class="scheme-switch" role="group" aria-label=tr(T::Switch)>
            {move || {
                let compared = state.compare.get();
                compared.into_iter().enumerate().map(|(k, scheme)| view! {
                    <button type="button" aria-pressed=move || (focus.get() == k).to_string()
                        on:click=move |_| focus.set(k)>{tr(scheme.title())}</button>
                }).collect_view()
            }}
        </div>
    }
}

/// A third scheme beside the two, on a wide screen: the first registered one not compared yet.
#[component]
fn AddScheme() -> impl IntoView {
    let state = expect_context::<AppState>();
    let next = move || {
        state.compare.with(|compared| {
            let fits = compared.len() < crate::model::scheme::MAX_COMPARED;
            let unused = crate::model::scheme::SCHEMES
                .iter()
                .copied()
                .find(|s| compared.iter().all(|c| c.name() != s.name()));
            fits.then_some(unused).flatten()
        })
    };
    move || {
        next().map(|scheme| {
            let add = move |_| {
                let mut list = state.compare.get_untracked();
                list.push(scheme);
                state.set_compare(list);
            };
            view! {
                <button type="button" class="add-scheme" data-testid="add-scheme" on:click=add>
                    {move || fill(T::AddScheme, state.lang.get(), &[("title", &scheme.title().text(state.lang.get()))])}
                </button>
            }
        })
    }
}

/// The CSS that rings sample `index` in every lane and panel (a number, never text from the URL).
fn follow_rule(index: u32) -> String {
    format!(
        ".compare .tile:is([data-index=\"{index}\"],[data-sample=\"{index}\"],[data-left-out=\"{index}\"],[data-unseen=\"{index}\"]) {{ outline: 3px solid var(--focus); outline-offset: 2px; }}"
    )
}

/// What the tiles' looks mean.
#[component]
fn Legend() -> impl IntoView {
    let state = expect_context::<AppState>();
    view! {
        <p class="legend">
            <span class="item"><span class="tile" style=tile_style(3)>"3"</span> {tr(T::LegendSample)}</span>
            <span class="item"><span class="tile padding" style=tile_style(3)>"3"</span> {tr(T::LegendPadding)}</span>
            <span class="item"><span class="tile dup" style=tile_style(5)>"5"</span> {tr(T::LegendDup)}</span>
            {move || state.compare.with(|c| c.iter().any(|s| s.name() == "torchdata_resume")).then(|| view! {
                <span class="item"><span class="tile" data-origin="again" style=tile_style(7)>"7"</span> {tr(crate::i18n::ecosystem::EcoText::LegendAgain)}</span>
            })}
            <span class="item"><span class="tile faded">"7"</span> {tr(T::LegendLeftOut)}</span>
            <span class="item">
                <span class="tile" style=tile_style(1)>"1"</span><span class="tile batch-start" style=tile_style(2)>"2"</span>
                {tr(T::LegendBatch)}
            </span>
        </p>
    }
}
