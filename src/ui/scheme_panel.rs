//! One compared scheme: its picker, one lane per GPU of sample tiles (padding copies hatched,
//! samples another lane also holds ringed, what the loader leaves out faded), the samples no
//! GPU gets, and the verdict and facts read off its deal.

use leptos::prelude::*;

use super::compare::Deals;
use super::controls::message_lang;
use super::{AppState, fill, thousands, tr};
use crate::i18n::Lang;
use crate::i18n::schemes::SchemeText as T;
use crate::model::lanes::{TILES_PER_CHUNK, WRAP_TILES, class_of};
use crate::model::scheme::coverage::Cover as CoverAt;
use crate::model::scheme::{self, Deal, SCHEMES};

use crate::model::lanes::tile_style;

/// The `k`-th compared scheme.
#[component]
pub fn SchemePanel(
    /// Its place among the compared schemes.
    k: usize,
    /// What each compared scheme deals.
    deals: Memo<Deals>,
    /// The scheme on screen on a phone.
    focus: RwSignal<usize>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let name = move || deals.with(|d| d.get(k).map_or("", |(name, _)| *name));
    let held = expect_context::<super::compare::Held>().0;
    let asked = asked_deal(k);
    // A panel whose lanes are what the values asked for deal (a set-up that never reads the
    // value refused, as the no-sampler set-up and `loader_shuffle`) is not held: no mark.
    let unaffected = Memo::new(move |_| {
        if !every_refused_value_read(state) {
            return false;
        }
        asked.with(|a| match a {
            Some(Ok(dealt)) => {
                deals.with(|d| d.get(k).is_some_and(|(_, drawn)| drawn.as_ref() == Ok(dealt)))
            }
            _ => false,
        })
    });
    let held = Memo::new(move |_| if unaffected.get() { Vec::new() } else { held.get() });
    view! {
        <div class="scheme-panel" class:is-focus=move || focus.get() == k data-testid="scheme-panel" data-scheme=name
            class:stale=move || held.with(|h| !h.is_empty())>
            <header class="panel-head">
                <Picker k=k />
                <Remove k=k />
                <p class="summary">{move || scheme::by_name(name()).map(|s| super::rich(s.summary()))}</p>
            </header>
            <HeldNote held=held asked=asked />
            {move || deals.with(|d| match d.get(k).map(|(_, deal)| deal) {
                Some(Ok(deal)) => body(deal, k, state.lang.get()).into_any(),
                Some(Err(errors)) => refused(errors, state.lang.get()).into_any(),
                None => ().into_any(),
            })}
            // Outside the deal's view, so that a new epoch does not draw it again.
            <super::epoch_history::EpochHistory k=k />
            // Its own options under its picture (the lanes first, even with three panels of
            // several options each), their refusals beside them.
            <super::scheme_options::SchemeOptions k=k deals=deals />
            {move || deals.with(|d| match d.get(k).map(|(_, deal)| deal) {
                Some(Ok(deal)) => facts(deal, k, state.lang.get()).into_any(),
                _ => ().into_any(),
            })}
            // The picture first; how it came to be under it.
            <super::scheme_options::SchemeHow k=k />
            <super::scheme_stages::SchemeStages k=k deals=deals />
            <details class="panel-python" data-testid="scheme-python">
                <summary>{tr(T::PythonSummary)}</summary>
                <pre class="code"><code>{move || {
                    let params = state.dealt.get();
                    scheme::by_name(name()).map(|s| s.python(&params, state.lang.get()))
                }}</code></pre>
            </details>
        </div>
    }
}

/// Says, on the panel, which values it is drawn with in place of the refused ones, and the
/// library's message when this scheme itself refuses the values asked for.
#[component]
fn HeldNote(
    /// The values it is drawn with in place of refused ones (none when it is not held).
    held: Memo<Vec<(crate::model::Field, String)>>,
    /// What this scheme deals for the values asked for ([`asked_deal`]).
    asked: Memo<Option<Result<Deal, Vec<crate::model::ParamError>>>>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    // A scheme still to load refuses nothing: its panel says it is loading.
    let refusal = Memo::new(move |_| {
        asked.with(|a| match a {
            Some(Err(errors)) if !errors.iter().any(crate::model::ParamError::is_on_demand) => {
                Some(errors.clone())
            }
            _ => None,
        })
    });
    move || {
        held.with(|held| {
            (!held.is_empty()).then(|| {
                let lang = state.lang.get();
                let values = crate::model::controls::held_values(held);
                let key = if held.len() == 1 { T::HeldOne } else { T::HeldMany };
                let text = fill(key, lang, &[("values", &values)]);
                let refused = refusal.get().map(|errors| {
                    // The library's refusal, or (where no library raises) the page's own rule.
                    let pytorchs = errors.iter().any(|e| e.is_pytorchs());
                    let heading = if pytorchs { T::Refused } else { T::NotDrawn };
                    let items = errors
                        .iter()
                        .map(|e| view! { " " <strong lang=message_lang(e)>{e.message(lang)}</strong> })
                        .collect_view();
                    view! { <span class="refused-here" data-testid="refused-as-asked">{heading.text(lang)}{items}</span> }
                });
                view! { <p class="held-note" data-testid="held">{refused}<span>{text}</span></p> }
            })
        })
    }
}

/// What the `k`-th scheme deals for the values the controls ask for, while a value is refused
/// and the lanes are the last good values': the library's refusal when this scheme refuses
/// them (a set-up refused as a whole, as `DataLoader(sampler=..., shuffle=True)`), or its
/// deal when it takes them. Asked only within the history's budget of draws.
fn asked_deal(k: usize) -> Memo<Option<Result<Deal, Vec<crate::model::ParamError>>>> {
    let state = expect_context::<AppState>();
    Memo::new(move |_| {
        if state.errors.with(Vec::is_empty) {
            return None;
        }
        let asked = state.asked.get();
        let drawn = crate::model::Params { stage: asked.stage, ..state.drawn.get() };
        let scheme = state.compare.with(|c| c.get(k).copied())?;
        let affordable = scheme.draws_per_epoch(&asked) <= scheme::history::EPOCH_BUDGET;
        if asked == drawn || !affordable {
            return None;
        }
        Some(scheme.deal(&asked, &scheme::Shared::default()))
    })
}

/// Whether every refused value was read: a text that is no value at all (`abc`) keeps the
/// drawn value in what is asked, so no deal of the asked values can stand for it.
fn every_refused_value_read(state: AppState) -> bool {
    let (asked, drawn) = (state.asked.get(), state.drawn.get());
    state.errors.with(|errors| errors.iter().all(|e| asked.get(e.field) != drawn.get(e.field)))
}

/// Takes this scheme out of the comparison, when there are more than two.
#[component]
fn Remove(k: usize) -> impl IntoView {
    let state = expect_context::<AppState>();
    move || {
        (state.compare.with(Vec::len) > 2).then(|| {
            let remove = move |_| {
                let mut list = state.compare.get_untracked();
                if k < list.len() {
                    list.remove(k);
                }
                state.set_compare(list);
            };
            view! {
                <button type="button" class="remove-scheme" data-testid="remove-scheme" on:click=remove>
                    {tr(T::RemoveScheme)}
                </button>
            }
        })
    }
}

/// The select that puts another registered scheme in this place.
#[component]
fn Picker(k: usize) -> impl IntoView {
    let state = expect_context::<AppState>();
    let current = move || state.compare.with(|c| c.get(k).map_or("", |s| s.name()));
    let id = format!("scheme-{k}");
    view! {
        <label class="sr-only" for=id.clone()>{move || fill(T::Picker, state.lang.get(), &[("k", &(k + 1))])}</label>
        <select id=id data-testid="scheme-picker" class="picker" prop:value=current
            on:change=move |ev| if let Some(s) = scheme::by_name(&event_target_value(&ev)) { state.set_compared(k, s) }>
            {SCHEMES.iter().map(|s| view! {
                <option value=s.name() selected=move || current() == s.name()>{tr(s.title())}</option>
            }).collect_view()}
        </select>
    }
}

/// Lanes, what no GPU gets and the verdict.
fn body(deal: &Deal, k: usize, lang: Lang) -> impl IntoView {
    let classes = deal.classes();
    // Written as text, a few lanes at a time: at 64 GPUs, thousands of tiles.
    let mut chunks = crate::model::lanes::html(deal, k, lang, TILES_PER_CHUNK).into_iter();
    let first = chunks.next().unwrap_or_default();
    let lanes = NodeRef::<leptos::html::Div>::new();
    // The element may be kept for a newer deal: the newest chain alone goes on putting in.
    let chain = CHAINS.fetch_add(1, std::sync::atomic::Ordering::Relaxed).to_string();
    // (Marked with its chain, so that a kept element takes it even when the first lanes are the
    // same: the lanes an older chain put in after them go.)
    let first = format!("<!--{chain}-->{first}");
    later(lanes, chain.clone(), chunks.collect());
    let unseen = deal.unseen_len();
    let unseen_row = (unseen > 0).then(|| {
        let tiles = deal.unseen.iter().map(|&i| view! { <span class="tile faded" data-unseen=i data-class=class_of(classes, i)>{i}</span> }).collect_view();
        let more = unseen.saturating_sub(deal.unseen.len() as u64);
        view! {
            <p class="unseen" data-testid="unseen">
                <span class="row-label">{fill(T::Unseen, lang, &[("count", &thousands(unseen))])}</span>
                <span class="tiles" class:wrap={deal.unseen.len() <= WRAP_TILES} tabindex="0" role="group" aria-label=T::UnseenShort.text(lang)>{tiles}{(more > 0).then(|| view! { <span class="more">{fill(T::More, lang, &[("count", &thousands(more))])}</span> })}</span>
            </p>
        }
    });
    let legend = deal.draws.is_some().then(|| {
        // Two of this dataset's own samples: its first (class 0, when the class has any) and
        // its last (always class 1).
        let class = classes.map(|c| {
            let tile = |i: u32| view! { <span class="tile" data-class=c.of(i) style=tile_style(i)>{i}</span> };
            let last = u32::try_from(c.n.saturating_sub(1)).unwrap_or(u32::MAX);
            let first = (c.sizes()[0] > 0).then(|| tile(0));
            view! { <span class="item">{first}{tile(last)}{T::LegendClass.text(lang)}</span> }
        });
        view! {
            <p class="legend draws-legend" data-testid="draws-legend">
                <span class="item"><span class="tile" data-origin="repeat" style=tile_style(4)>"4"</span>{T::LegendRepeat.text(lang)}</span>
                {class}
            </p>
        }
    });
    view! {
        <div class="lanes" data-chain=chain node_ref=lanes inner_html=first></div>
        {legend}
        {unseen_row}
        <p class="verdict" class:repeats=deal.repeats_shown().is_some() data-testid="verdict">{crate::model::scheme::verdict::said(deal, lang)}</p>
    }
}

/// The facts read off the deal, and where GPUs that end unevenly hang.
fn facts(deal: &Deal, k: usize, lang: Lang) -> impl IntoView {
    view! {
        <ul class="facts" data-testid="facts">{super::scheme_facts::facts(deal, lang)}<Cover k=k /></ul>
        {super::hang_view::hang_view(deal, lang)}
    }
}

/// Counts the chains of [`later`], so that each knows whether a newer one took its element.
static CHAINS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Puts `chunks` of lanes into the element `lanes` one at a time, each after the browser has
/// drawn the one before (or, where it draws no frames, as in a tab or an embed out of sight, a
/// moment later), so that no frame lays out thousands of tiles; stops once the element has
/// left the page or a newer deal's chain has taken it (its `data-chain` is no longer `chain`).
fn later(
    lanes: NodeRef<leptos::html::Div>,
    chain: String,
    chunks: std::collections::VecDeque<String>,
) {
    if chunks.is_empty() {
        return;
    }
    let next = std::rc::Rc::new(std::cell::Cell::new(Some((chain, chunks))));
    let step = move || {
        let Some((chain, mut chunks)) = next.take() else { return };
        let Some(host) = lanes.try_get_untracked().flatten() else { return };
        if !host.is_connected() || host.get_attribute("data-chain").as_deref() != Some(&chain) {
            return;
        }
        if let Some(chunk) = chunks.pop_front() {
            let _ = host.insert_adjacent_html("beforeend", &chunk);
        }
        later(lanes, chain, chunks);
    };
    let after_frame = step.clone();
    request_animation_frame(move || set_timeout(after_frame, std::time::Duration::ZERO));
    set_timeout(step, std::time::Duration::from_millis(LATEST_MS));
}

/// How long a chunk of lanes waits for a frame at most.
const LATEST_MS: u64 = 250;

/// Epochs until every GPU has seen every sample (worked out a moment after the lanes).
#[component]
fn Cover(k: usize) -> impl IntoView {
    let state = expect_context::<AppState>();
    let covers = expect_context::<super::compare::Covers>().0;
    move || {
        let lang = state.lang.get();
        let text = match covers.with(|c| c.get(k).copied().flatten())? {
            CoverAt::After(epochs) => fill(T::CoverAfter, lang, &[("epochs", &epochs)]),
            CoverAt::Never => T::CoverNever.text(lang).to_string(),
            CoverAt::NotWithin(epochs) => fill(T::CoverNotWithin, lang, &[("epochs", &epochs)]),
        };
        Some(view! { <li data-fact="cover">{text}</li> })
    }
}

/// The library's refusal of these arguments, word for word.
fn refused(errors: &[crate::model::ParamError], lang: Lang) -> AnyView {
    // A scheme dealt on demand, still to load (or missing): nothing is refused.
    if let Some(e) = errors.first().filter(|e| e.is_on_demand()) {
        let busy = matches!(e.problem, crate::model::Problem::Loading);
        return view! {
            <div class="scheme-loading" data-testid="scheme-loading" role="status" aria-busy=busy.to_string()>
                <p>{e.message(lang)}</p>
            </div>
        }
        .into_any();
    }
    let items = errors
        .iter()
        .map(|e| {
            view! {
                <p>{super::controls::message_and_rule(e, lang)}</p>
            }
        })
        .collect_view();
    // The library's refusal, or only this page's limits (the library would go on).
    let heading = if errors.iter().any(|e| e.is_pytorchs()) { T::Refused } else { T::NotDrawn };
    view! { <div class="error-note" data-testid="scheme-refused"><p>{heading.text(lang)}</p>{items}</div> }
        .into_any()
}
