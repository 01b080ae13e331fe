//! One scenario worked out: its explanation, then the broken and the fixed set-up side by side,
//! each with its code, a small per-rank picture, its numbers and a button that loads it into the
//! main controls.

use leptos::prelude::*;

use super::{AppState, rank_colour, tr};
use crate::i18n::scenarios::ScenarioText;
use crate::i18n::{ErrorWords, fill};
use crate::model::scenario::{Fact, Phrase, Row, Scenario, Side};
use crate::sampler::SamplerError;

/// The chosen scenario, both sides.
#[component]
pub fn ScenarioView(
    /// Which scenario.
    scenario: Scenario,
    /// Closes it (back to the picker alone); an embed has no picker to go back to.
    on_close: Option<Callback<()>>,
    /// Embedded (`embed=1`): no close button, no buttons that load a side into a picture the
    /// frame does not show, each side's code folded.
    #[prop(optional)]
    compact: bool,
) -> impl IntoView {
    let body = match scenario.compare() {
        Ok(c) => view! {
            <p class="scenario-setup" data-testid="scenario-setup">{phrase(c.setup)}</p>
            {any_marked(&c.broken, &c.fixed).then(|| view! {
                <p class="scenario-legend">{tr(ScenarioText::Legend)}</p>
            })}
            <div class="scenario-sides">
                <SideView side=c.broken which="broken" panels=scenario.panels() compact=compact />
                <SideView side=c.fixed which="fixed" panels=scenario.panels() compact=compact />
            </div>
        }
        .into_any(),
        Err(error) => core_error(error).into_any(),
    };
    view! {
        <div class="scenario" id="scenario-panel" data-testid="scenario-panel" data-scenario=scenario.name()>
            <div class="scenario-head">
                <h3>{tr(scenario.title())}</h3>
                {on_close.map(|close| view! {
                    <button type="button" class="scenario-close" data-testid="scenario-close" on:click=move |_| close.run(())>
                        {tr(ScenarioText::Close)}
                    </button>
                })}
            </div>
            <p class="scenario-explain" data-testid="scenario-explain">{tr(scenario.explanation())}</p>
            {(!compact).then(|| compare_button(scenario))}
            {body}
        </div>
    }
}

/// One column.
#[component]
fn SideView(
    /// What it shows.
    side: Side,
    /// `broken` or `fixed` (its test id and class).
    which: &'static str,
    /// The schemes the comparison at the top draws this side with, if it takes them.
    panels: Option<[&'static str; 2]>,
    /// Embedded: the code folded, no button to load the side.
    compact: bool,
) -> impl IntoView {
    let (heading, show) = if which == "broken" {
        (ScenarioText::Broken, ScenarioText::ShowBroken)
    } else {
        (ScenarioText::Fixed, ScenarioText::ShowFixed)
    };
    let rows = side.rows.into_iter().map(row).collect_view();
    let facts = side.facts.into_iter().map(fact).collect_view();
    view! {
        <section class=format!("scenario-side {which}") data-testid=format!("scenario-{which}")>
            <h4>{tr(heading)}</h4>
            {code_block(side.code, compact)}
            {side.error.map(|e| pytorch_error(e, side.raised_on))}
            <div class="scenario-rows">{rows}</div>
            <ul class="scenario-facts">{facts}</ul>
            {(!compact).then(|| show_button(side.params, side.not_shown, show, which, panels))}
        </section>
    }
}

/// A side's Python: shown, or folded under a summary in an embed (the lesson is the rows and
/// the numbers; the code is one click away).
fn code_block(code: &'static str, compact: bool) -> impl IntoView {
    let block = view! { <pre class="scenario-code"><code>{code}</code></pre> };
    if compact {
        view! { <details class="scenario-code-fold"><summary>{tr(ScenarioText::Code)}</summary>{block}</details> }
            .into_any()
    } else {
        block.into_any()
    }
}

/// Whether either side outlines any chip (else the legend has nothing to explain).
fn any_marked(broken: &Side, fixed: &Side) -> bool {
    [broken, fixed].iter().flat_map(|s| &s.rows).flat_map(|r| &r.chips).any(|c| c.marked)
}

/// A phrase in the page's language, following it when it changes.
fn phrase(p: Phrase) -> impl Fn() -> String {
    let lang = expect_context::<AppState>().lang;
    move || p.text(lang.get())
}

/// A labelled row of chips coloured by rank; marked chips are outlined.
fn row(r: Row) -> impl IntoView {
    let chips = r
        .chips
        .into_iter()
        .map(|c| {
            let colour = c.rank.map_or_else(|| "var(--muted)".to_string(), rank_colour);
            view! {
                <span class="scenario-chip" class:marked=c.marked style=format!("--chip: {colour}")>
                    {c.index}
                </span>
            }
        })
        .collect_view();
    let more = (r.more > 0).then(|| {
        let more = super::thousands(r.more as u64);
        let lang = expect_context::<AppState>().lang;
        view! { <span class="scenario-more">{move || fill(ScenarioText::More.text(lang.get()), &[("n", &more)])}</span> }
    });
    view! {
        <div class="scenario-row">
            <span class="scenario-row-label">{phrase(r.label)}</span>
            <span class="scenario-chips">{chips}{more}</span>
        </div>
    }
}

/// One number, with the samples it is about.
fn fact(f: Fact) -> impl IntoView {
    let samples = (!f.samples.is_empty()).then(|| {
        let list = f.samples.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        view! { " (" {tr(ScenarioText::Samples)} " " <span class="scenario-samples">{list}</span> ")" }
    });
    view! {
        <li data-testid=format!("fact-{}", f.id) data-value=f.value.to_string()>
            {phrase(f.phrase)}
            {samples}
        </li>
    }
}

/// PyTorch's exception, word for word, and the rule behind it; above it, which GPU's process
/// raises it when the others train on.
fn pytorch_error(error: SamplerError, raised_on: Option<usize>) -> impl IntoView {
    let lang = expect_context::<AppState>().lang;
    let heading = move || match raised_on {
        Some(r) => fill(ScenarioText::RaisesOnGpu.text(lang.get()), &[("r", &r)]),
        None => ScenarioText::PytorchRaises.text(lang.get()).to_string(),
    };
    let shown = error.clone();
    let message = move || shown.shown_in(lang.get());
    let rule = move || error.rule_in(lang.get());
    view! {
        <div class="error-note scenario-error" data-testid="scenario-error">
            <p>{heading}</p>
            <pre><code>{message}</code></pre>
            <p>{rule}</p>
        </div>
    }
}

/// Loads the pitfall into the comparison at the top, broken beside fixed, when its sides are
/// two schemes: the fixed side's set-up, and the two schemes.
fn compare_button(scenario: Scenario) -> Option<impl IntoView> {
    let state = expect_context::<AppState>();
    let schemes: Vec<_> =
        scenario.schemes()?.iter().filter_map(|name| crate::model::scheme::by_name(name)).collect();
    let comparison = scenario.compare().ok()?;
    let params = comparison.fixed.params.or(comparison.broken.params)?;
    let values = params.values_but_stage();
    Some(view! {
        <button type="button" class="scenario-compare" data-testid="scenario-compare"
            on:click=move |_| {
                state.set_many(&values);
                state.set_compare(schemes.clone());
                if let Some(top) = document().get_element_by_id("compare-title") {
                    top.scroll_into_view();
                }
            }>
            {tr(ScenarioText::CompareAtTop)}
        </button>
    })
}

/// "Show … in the picture", or why the picture cannot show this side.
fn show_button(
    params: Option<crate::model::Params>,
    not_shown: ScenarioText,
    label: ScenarioText,
    which: &'static str,
    panels: Option<[&'static str; 2]>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let schemes: Option<Vec<_>> =
        panels.map(|names| names.iter().filter_map(|n| crate::model::scheme::by_name(n)).collect());
    match params {
        Some(params) => {
            let values = params.values_but_stage();
            view! {
                <button type="button" class="scenario-show" data-testid=format!("scenario-show-{which}")
                    on:click=move |_| {
                        state.set_many(&values);
                        // A side the comparison draws: its schemes at the top too.
                        if let Some(schemes) = schemes.clone() {
                            state.set_compare(schemes);
                        }
                        show_controls();
                    }>
                    {tr(label)}
                </button>
            }
            .into_any()
        }
        None => view! { <p class="scenario-note">{tr(not_shown)}</p> }.into_any(),
    }
}

/// Brings what was loaded into view: the comparison at the top, or the controls without it.
fn show_controls() {
    let shown = document().query_selector(".compare").ok().flatten();
    let shown = shown.or_else(|| document().query_selector("section.controls").ok().flatten());
    if let Some(element) = shown {
        element.scroll_into_view();
    }
}

/// Loads `scenario`'s broken side into the picture (and its schemes into the comparison, when
/// the comparison draws it), as its "Show broken" button does, without scrolling.
pub fn load_broken(scenario: Scenario) {
    let state = expect_context::<AppState>();
    let Ok(comparison) = scenario.compare() else { return };
    let Some(params) = comparison.broken.params else { return };
    let values = params.values_but_stage();
    state.set_many(&values);
    let panels = scenario.panels();
    if let Some(names) = panels {
        state.set_compare(names.iter().filter_map(|n| crate::model::scheme::by_name(n)).collect());
    }
}

/// The core refused one of the fixed examples: a bug, said plainly rather than a crash.
fn core_error(error: SamplerError) -> impl IntoView {
    let lang = expect_context::<AppState>().lang;
    let text = error.to_string();
    view! {
        <p class="error-note" role="alert">
            {move || fill(ScenarioText::CoreError.text(lang.get()), &[("error", &text)])}
        </p>
    }
}
