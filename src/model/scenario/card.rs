//! One pitfall worked out, as the HTML of its card: the explanation, then the broken and the
//! fixed set-up side by side, each with its code, a small per-rank picture, its numbers and a
//! button that loads it into the page's controls. The story's part (`parts::pitfalls`) hands
//! this to the page, which inserts it whole; every value in it goes through [`escape`].
//!
//! The card's buttons act through data attributes the page reads on a click
//! (`ui::scenarios`): `data-pick=""` closes the card; `data-load` holds a side's parameters
//! in the URL's own form ([`Params::to_query`]) with `data-compare` the schemes to compare, and
//! `data-scroll` says where to look afterwards (`compare`: the comparison, or the controls
//! without it; `top`: the comparison's title).

use super::{Fact, Row, Scenario, Side};
use crate::i18n::scenarios::ScenarioText as T;
use crate::i18n::{ErrorWords, Lang, fill};
use crate::model::html::{escape, rank_colour};
use crate::model::{Field, Params};
use crate::sampler::SamplerError;

/// What one of the card's buttons loads into the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Load {
    /// The side's parameters: every control's value but the stage is loaded.
    pub params: Params,
    /// The schemes the comparison at the top draws it with, when it takes them.
    pub compare: Option<[&'static str; 2]>,
}

impl Load {
    /// The control values a `data-load` attribute ([`Params::to_query`]'s form) loads: every
    /// field but the stage, as [`Params::values_but_stage`] gives them; none when it does not
    /// read.
    pub fn values(data_load: &str) -> Vec<(Field, String)> {
        Params::from_query(data_load).map(|p| p.values_but_stage()).unwrap_or_default()
    }

    /// The schemes as `compare=` spells them.
    pub fn compare_value(&self) -> Option<String> {
        self.compare.map(|names| names.join(","))
    }
}

/// What loading a pitfall's link does: its broken side into the controls (and the comparison,
/// when it draws it), as its "Show broken" button does; `None` when the picture cannot show it.
pub fn broken_load(scenario: Scenario) -> Option<Load> {
    let params = scenario.compare().ok()?.broken.params?;
    Some(Load { params, compare: scenario.panels() })
}

/// The card of `scenario` in `lang`. `compact` (an embed): no close button, no buttons that
/// load a side into a picture the frame does not show, each side's code folded.
pub fn card(scenario: Scenario, lang: Lang, compact: bool) -> String {
    let t = |key: T| escape(key.text(lang));
    let mut html = format!(
        r#"<div class="scenario" id="scenario-panel" data-testid="scenario-panel" data-scenario="{}"><div class="scenario-head"><h3>{}</h3>"#,
        escape(scenario.name()),
        escape(scenario.title().text(lang)),
    );
    if !compact {
        html += &button("scenario-close", "scenario-close", r#"data-pick="""#, &t(T::Close));
    }
    html += &format!(
        r#"</div><p class="scenario-explain" data-testid="scenario-explain">{}</p>"#,
        t(scenario.explanation())
    );
    match scenario.compare() {
        Ok(c) => {
            if !compact && let Some(load) = compare_load(scenario, &c.fixed, &c.broken) {
                let action = load_attributes(&load, "top");
                html +=
                    &button("scenario-compare", "scenario-compare", &action, &t(T::CompareAtTop));
            }
            html += &format!(
                r#"<p class="scenario-setup" data-testid="scenario-setup">{}</p>"#,
                escape(&c.setup.text(lang))
            );
            let sides = [&c.broken, &c.fixed];
            if sides.iter().flat_map(|s| &s.rows).flat_map(|r| &r.chips).any(|chip| chip.marked) {
                html += &format!(r#"<p class="scenario-legend">{}</p>"#, t(T::Legend));
            }
            html += r#"<div class="scenario-sides">"#;
            html += &side_html(&c.broken, "broken", scenario.panels(), compact, lang);
            html += &side_html(&c.fixed, "fixed", scenario.panels(), compact, lang);
            html += "</div>";
        }
        Err(error) => {
            let text = fill(T::CoreError.text(lang), &[("error", &error)]);
            html += &format!(r#"<p class="error-note" role="alert">{}</p>"#, escape(&text));
        }
    }
    html + "</div>"
}

/// The comparison at the top, broken beside fixed, when the pitfall's sides are two schemes:
/// the fixed side's set-up (else the broken side's), and the two schemes.
fn compare_load(scenario: Scenario, fixed: &Side, broken: &Side) -> Option<Load> {
    let schemes = scenario.schemes()?;
    let params = fixed.params.as_ref().or(broken.params.as_ref())?.clone();
    Some(Load { params, compare: Some(schemes) })
}

/// One column: `which` is `broken` or `fixed` (its test id and class); `panels` the schemes
/// the comparison draws it with; `compact` in an embed.
pub fn side_html(
    side: &Side,
    which: &str,
    panels: Option<[&'static str; 2]>,
    compact: bool,
    lang: Lang,
) -> String {
    let (heading, show) =
        if which == "broken" { (T::Broken, T::ShowBroken) } else { (T::Fixed, T::ShowFixed) };
    let mut html = format!(
        r#"<section class="scenario-side {which}" data-testid="scenario-{which}"><h4>{}</h4>"#,
        escape(heading.text(lang))
    );
    let code = format!(r#"<pre class="scenario-code"><code>{}</code></pre>"#, escape(side.code));
    if compact {
        html += &format!(
            r#"<details class="scenario-code-fold"><summary>{}</summary>{code}</details>"#,
            escape(T::Code.text(lang))
        );
    } else {
        html += &code;
    }
    if let Some(error) = &side.error {
        html += &raised(error, side.raised_on, lang);
    }
    html += r#"<div class="scenario-rows">"#;
    for r in &side.rows {
        html += &row(r, lang);
    }
    html += r#"</div><ul class="scenario-facts">"#;
    for f in &side.facts {
        html += &fact(f, lang);
    }
    html += "</ul>";
    if !compact {
        html += &match &side.params {
            Some(params) => {
                let load = Load { params: params.clone(), compare: panels };
                let action = load_attributes(&load, "compare");
                let testid = format!("scenario-show-{which}");
                button(&testid, "scenario-show", &action, &escape(show.text(lang)))
            }
            None => {
                format!(r#"<p class="scenario-note">{}</p>"#, escape(side.not_shown.text(lang)))
            }
        };
    }
    html + "</section>"
}

/// A labelled row of chips coloured by rank; marked chips are outlined.
fn row(r: &Row, lang: Lang) -> String {
    let mut html = format!(
        r#"<div class="scenario-row"><span class="scenario-row-label">{}</span><span class="scenario-chips">"#,
        escape(&r.label.text(lang))
    );
    for c in &r.chips {
        let colour = c.rank.map_or_else(|| "var(--muted)".to_string(), rank_colour);
        let class = if c.marked { "scenario-chip marked" } else { "scenario-chip" };
        html += &format!(r#"<span class="{class}" style="--chip: {colour}">{}</span>"#, c.index);
    }
    if r.more > 0 {
        let more = crate::i18n::Count(r.more as u64);
        let text = fill(T::More.text(lang), &[("n", &more)]);
        html += &format!(r#"<span class="scenario-more">{}</span>"#, escape(&text));
    }
    html + "</span></div>"
}

/// One number, with the samples it is about.
fn fact(f: &Fact, lang: Lang) -> String {
    let mut html = format!(
        r#"<li data-testid="fact-{}" data-value="{}">{}"#,
        escape(f.id),
        f.value,
        escape(&f.phrase.text(lang))
    );
    if !f.samples.is_empty() {
        let list = f.samples.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        html += &format!(
            r#" ({} <span class="scenario-samples">{list}</span>)"#,
            escape(T::Samples.text(lang))
        );
    }
    html + "</li>"
}

/// The library's exception, word for word, and the rule behind it; above it, which GPU's
/// process raises it when the others train on.
fn raised(error: &SamplerError, raised_on: Option<usize>, lang: Lang) -> String {
    let heading = match raised_on {
        Some(r) => fill(T::RaisesOnGpu.text(lang), &[("r", &r)]),
        None => T::PytorchRaises.text(lang).to_string(),
    };
    format!(
        r#"<div class="error-note scenario-error" data-testid="scenario-error"><p>{}</p><pre><code>{}</code></pre><p>{}</p></div>"#,
        escape(&heading),
        escape(&error.shown_in(lang)),
        escape(&error.rule_in(lang)),
    )
}

/// A button of the card: its test id, class, the data attributes that say what it does, and
/// its (escaped) label.
fn button(testid: &str, class: &str, action: &str, label: &str) -> String {
    format!(
        r#"<button type="button" class="{class}" data-testid="{testid}" {action}>{label}</button>"#
    )
}

/// The data attributes of a button that loads `load`, then brings `scroll` into view.
fn load_attributes(load: &Load, scroll: &str) -> String {
    let compare = load
        .compare_value()
        .map(|c| format!(r#" data-compare="{}""#, escape(&c)))
        .unwrap_or_default();
    format!(r#"data-load="{}"{compare} data-scroll="{scroll}""#, escape(&load.params.to_query()))
}
