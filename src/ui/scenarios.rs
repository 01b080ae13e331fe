//! The pitfalls: one button each; the chosen one shows its card, the broken set-up beside the
//! fixed one, worked out by the story's part ([`super::pitfalls_part`], loaded when the
//! section first nears the screen or a pitfall is asked for) and inserted whole. The page keeps
//! the section, the picker and what the card's buttons do (their data attributes,
//! [`crate::model::scenario::card`]). `?scenario=<name>` opens one, and the choice is kept in
//! the URL so a tutorial can link straight to it. Present mode arriving at the pitfalls with
//! none open opens the first, without writing it in the URL.
//!
//! Test ids: `scenarios` (the section), `scenario-<name>` (each button, `aria-pressed`),
//! `scenario-panel` (with `data-scenario=<name>`), `scenario-explain`, `scenario-setup`,
//! `scenario-close`, `scenario-broken` and `scenario-fixed` (the columns), inside each
//! `fact-<id>` (`data-value` holds the number; ids in [`crate::model::scenario`]'s sides),
//! `scenario-error` (PyTorch's exception), `scenario-show-broken` / `scenario-show-fixed`,
//! `scenario-unknown` (an unknown `scenario=` name), `scenario-loading` and
//! `scenario-missing` (the card on its way, or its part not loaded: picking a pitfall again tries
//! once more).

use leptos::html::{Div, Section};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::part::{self, Part};
use super::{AppState, pitfalls_part, tr, url};
use crate::i18n::fill;
use crate::i18n::pitfalls::PitfallText;
use crate::model::html::escape;
use crate::model::scenario::Scenario;
use crate::model::scenario::card::Load;
use crate::model::scheme;
use crate::model::story::Step;

/// The URL parameter naming the open scenario.
const PARAM: &str = "scenario";

/// What the panel shows below the picker.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Choice {
    /// Nothing chosen: the picker only.
    None,
    /// A scenario.
    Known(Scenario),
    /// `scenario=` named none of them (kept as plain text, never as HTML).
    Unknown(String),
}

impl Choice {
    fn known(&self) -> Option<Scenario> {
        match self {
            Choice::Known(scenario) => Some(*scenario),
            _ => None,
        }
    }
}

/// The scenario picker and the chosen scenario's card.
#[component]
pub fn Scenarios() -> impl IntoView {
    let state = expect_context::<AppState>();
    let chosen = RwSignal::new(choice_from_url());
    let section = NodeRef::<Section>::new();
    let part = part::load_near(part::STORY, section);
    let choose = move |next: Choice| {
        let name = next.known().map(Scenario::name);
        state.set_url(&[(PARAM, name)]);
        if name.is_some() {
            part::retry(part::STORY);
        }
        chosen.set(next);
    };
    // Opened by its link: the broken side in the comparison (unless the link sets values of
    // its own, or the reader has changed a control or the pitfall meanwhile), and the card in
    // view, once the part has worked it out (or said it cannot).
    if let Choice::Known(scenario) = chosen.get_untracked() {
        part::start(part::STORY);
        let own_values = crate::model::Field::ALL.iter().any(|f| url::param(f.name()).is_some());
        let texts = state.texts.get_untracked();
        Effect::new(move |done: Option<bool>| {
            if done == Some(true) || part.get() == Part::Waiting {
                return done == Some(true);
            }
            let untouched = state.texts.with_untracked(|now| *now == texts)
                && chosen.with_untracked(Choice::known) == Some(scenario);
            if !own_values && untouched && part.get_untracked() == Part::Ready {
                load_broken(scenario);
            }
            set_timeout(
                || super::story::bring_into_view("[data-testid=scenarios] .scenario-card"),
                std::time::Duration::from_millis(50),
            );
            true
        });
    }
    // Present mode arriving at the pitfalls with none open opens the first (a forgotten
    // `set_epoch`), so that a projector never shows a bare row of buttons. Not written in the
    // URL (the presenter chose nothing: a link to it must not load its broken side into the
    // comparison). Closing it there keeps it closed until the presenter steps away and back.
    let cursor = use_context::<super::story::StoryCursor>();
    let presenting = use_context::<super::present::Presenting>();
    if let (Some(cursor), Some(presenting)) = (cursor, presenting) {
        Effect::new(move |_| {
            let at_pitfalls = presenting.on.get() && cursor.step.get() == Step::Pitfalls;
            if at_pitfalls && chosen.with_untracked(|c| *c == Choice::None) {
                part::retry(part::STORY);
                chosen.set(Choice::Known(Scenario::ALL[0]));
            }
        });
    }
    let body = NodeRef::<Div>::new();
    show_card(body, Signal::derive(move || chosen.with(Choice::known)), part, false);
    // A card picked near the foot of the screen is brought up once drawn, so that its sides
    // are seen (a card that starts higher stays where it is, under the reader's pointer).
    let reveal = RwSignal::new(false);
    Effect::new(move |_| {
        if part.get() == Part::Waiting || chosen.with(Choice::known).is_none() || !reveal.get() {
            return;
        }
        reveal.set(false);
        let Some(div) = body.get_untracked() else { return };
        let top = div.get_bounding_client_rect().top();
        let height = window().inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
        if top > height * 0.7 {
            super::story::bring_into_view("[data-testid=scenarios] .scenario-card");
            // What is drawn above it meanwhile (the scoreboard dealing as it nears the screen)
            // can push the card down again: once things settle, it is brought up again if so.
            for wait in [400, 1200] {
                set_timeout(
                    move || {
                        // (The section may be gone by then.)
                        let Some(div) = body.try_get_untracked().flatten() else { return };
                        let height = window().inner_height().ok().and_then(|h| h.as_f64());
                        if div.get_bounding_client_rect().top() > height.unwrap_or(0.0) * 0.7 {
                            super::story::bring_into_view("[data-testid=scenarios] .scenario-card");
                        }
                    },
                    std::time::Duration::from_millis(wait),
                );
            }
        }
    });
    let on_click = move |event: web_sys::MouseEvent| {
        let Some(button) = acting_button(&event) else { return };
        if button.has_attribute("data-pick") {
            // Closed: the keyboard goes on from the pitfall's own button.
            let was = chosen.with_untracked(Choice::known);
            choose(Choice::None);
            if let Some(was) = was {
                focus(&format!("[data-testid=scenario-{}]", was.name()));
            }
        } else {
            act(&button);
        }
    };
    let unknown = move || {
        chosen.with(|c| match c {
            Choice::Unknown(name) => {
                let name = name.clone();
                Some(view! {
                    <p class="scenario-unknown" role="alert" data-testid="scenario-unknown">
                        {move || fill(PitfallText::Unknown.text(state.lang.get()), &[("name", &name)])}
                    </p>
                })
            }
            _ => None,
        })
    };
    view! {
        <section class="scenarios" data-testid="scenarios" aria-labelledby="scenarios-title" node_ref=section>
            <h3 id="scenarios-title">{tr(PitfallText::Heading)}</h3>
            <p class="scenarios-intro">{tr(PitfallText::Intro)}</p>
            <Picker chosen=chosen.read_only() on_pick=Callback::new(move |s| {
                choose(Choice::Known(s));
                reveal.set(true);
            }) />
            <div class="scenario-card" node_ref=body on:click=on_click></div>
            {unknown}
        </section>
    }
}

/// One button per scenario; the chosen one is pressed.
#[component]
fn Picker(
    /// What is open.
    chosen: ReadSignal<Choice>,
    /// Called with the scenario clicked.
    on_pick: Callback<Scenario>,
) -> impl IntoView {
    let buttons = Scenario::ALL
        .into_iter()
        .map(|scenario| {
            let pressed = move || (chosen.get() == Choice::Known(scenario)).to_string();
            view! {
                <button
                    type="button"
                    class="scenario-button"
                    data-testid=format!("scenario-{}", scenario.name())
                    aria-pressed=pressed
                    on:click=move |_| on_pick.run(scenario)
                >
                    {tr(scenario.title())}
                </button>
            }
        })
        .collect_view();
    view! {
        <div class="scenario-picker" role="group" aria-label=tr(PitfallText::PickerLabel)>
            {buttons}
        </div>
    }
}

/// Keeps `body` holding the card of the scenario `shown` (nothing without one), as the part
/// writes it in the page's language; meanwhile, or when the part cannot be loaded, says so.
fn show_card(
    body: NodeRef<Div>,
    shown: Signal<Option<Scenario>>,
    part: RwSignal<Part>,
    compact: bool,
) {
    let lang = expect_context::<AppState>().lang;
    Effect::new(move |_| {
        let Some(div) = body.get() else { return };
        let lang = lang.get();
        let missing = |why: &str| {
            let text = fill(PitfallText::Missing.text(lang), &[("why", &why)]);
            format!(
                r#"<p class="chart-error" role="status" data-testid="scenario-missing">{}</p>"#,
                escape(&text)
            )
        };
        let html = match (shown.get(), part.get()) {
            (None, _) => String::new(),
            (Some(_), Part::Waiting) => format!(
                r#"<p class="chart-status" role="status" data-testid="scenario-loading">{}</p>"#,
                escape(PitfallText::Loading.text(lang))
            ),
            (Some(_), Part::Missing(why)) => missing(&why),
            (Some(scenario), Part::Ready) => match pitfalls_part::loaded() {
                Some(p) => p.card(scenario, lang, compact).unwrap_or_else(|why| missing(&why)),
                None => missing("not loaded"),
            },
        };
        replace_keeping_focus(&div, &html);
    });
}

/// Puts `html` in `div`; a button that had the keyboard's focus inside it has it again in the
/// new HTML (found by its test id). (The folds of an embed's card need no such care: an embed
/// has no language switch, so its card is written once.)
fn replace_keeping_focus(div: &web_sys::HtmlDivElement, html: &str) {
    let focused = document()
        .active_element()
        .filter(|e| div.contains(Some(e)))
        .and_then(|e| e.get_attribute("data-testid"));
    div.set_inner_html(html);
    if let Some(id) = focused {
        focus(&format!("[data-testid={id}]"));
    }
}

fn focus(selector: &str) {
    let found = document().query_selector(selector).ok().flatten();
    if let Some(element) = found.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = element.focus();
    }
}

/// The card's button a click was on, if it is one that acts.
fn acting_button(event: &web_sys::MouseEvent) -> Option<web_sys::Element> {
    let target = event.target()?.dyn_into::<web_sys::Element>().ok()?;
    target.closest("button[data-pick], button[data-load]").ok().flatten()
}

/// What a card's button that loads a side does: its values into the controls, its schemes into
/// the comparison, then what it loaded into view.
fn act(button: &web_sys::Element) {
    let Some(values) = button.get_attribute("data-load") else { return };
    load(&values, button.get_attribute("data-compare").as_deref());
    let selector = match button.get_attribute("data-scroll").as_deref() {
        Some("top") => "#compare-title",
        // The comparison at the top, or the controls without it.
        _ if document().query_selector(".compare").ok().flatten().is_some() => ".compare",
        _ => "section.controls",
    };
    if let Some(element) = document().query_selector(selector).ok().flatten() {
        element.scroll_into_view();
    }
}

/// Loads a side's parameters (`Params::to_query`'s form) into the controls and, when given,
/// the schemes to compare.
fn load(values: &str, compare: Option<&str>) {
    let state = expect_context::<AppState>();
    state.set_many(&Load::values(values));
    if let Some(compare) = compare {
        match scheme::parse_compare(compare) {
            Ok(schemes) => state.set_compare(schemes),
            Err(e) => leptos::logging::warn!("sampler-viz: a pitfall compares {compare:?}: {e:?}"),
        }
    }
}

/// Loads `scenario`'s broken side into the picture (and its schemes into the comparison, when
/// the comparison draws it), as its "Show broken" button does, without scrolling.
fn load_broken(scenario: Scenario) {
    let side = pitfalls_part::loaded().and_then(|p| p.broken_side(scenario));
    if let Some((values, compare)) = side {
        load(&values, compare.as_deref());
    }
}

/// An embed with `scenario=` (`?scenario=no_set_epoch&embed=1`): the pitfall alone, both sides
/// compact, with a word on what the full page adds; `None` when no scenario is named.
pub fn embedded() -> Option<AnyView> {
    let state = expect_context::<AppState>();
    match choice_from_url() {
        Choice::None => None,
        Choice::Known(scenario) => Some(view! { <EmbeddedPitfall scenario=scenario /> }.into_any()),
        Choice::Unknown(name) => Some(
            view! {
                <p class="scenario-unknown" role="alert" data-testid="scenario-unknown">
                    {move || fill(PitfallText::UnknownEmbed.text(state.lang.get()), &[("name", &name)])}
                </p>
            }
            .into_any(),
        ),
    }
}

/// One pitfall alone, compact, loaded at once.
#[component]
fn EmbeddedPitfall(
    /// Which pitfall.
    scenario: Scenario,
) -> impl IntoView {
    let part = part::load_now(part::STORY);
    let body = NodeRef::<Div>::new();
    show_card(body, Signal::derive(move || Some(scenario)), part, true);
    view! {
        <section class="scenarios embedded" data-testid="scenarios">
            <div class="scenario-card" node_ref=body></div>
            <p class="scenario-note" data-testid="embed-only">{tr(PitfallText::EmbedOnly)}</p>
        </section>
    }
}

/// Whether the page's URL names a scenario that exists.
pub fn known_in_url() -> bool {
    in_url().is_some()
}

/// The scenario the page's URL names, if it exists.
pub fn in_url() -> Option<Scenario> {
    choice_from_url().known()
}

/// The scenario the page's URL asks for.
fn choice_from_url() -> Choice {
    match url::param(PARAM) {
        None => Choice::None,
        Some(name) if name.trim().is_empty() => Choice::None,
        Some(name) => Scenario::from_name(&name).map_or(Choice::Unknown(name), Choice::Known),
    }
}
