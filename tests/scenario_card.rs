//! A pitfall's card as the story's part writes it (`model::scenario::card`): well-formed HTML
//! with every value escaped, the test ids and numbers the page's tests read, and buttons whose
//! data attributes load exactly the side they stand beside.

use sampler_viz::i18n::Lang;
use sampler_viz::model::Params;
use sampler_viz::model::scenario::Scenario;
use sampler_viz::model::scenario::card::{Load, broken_load, card};
use sampler_viz::model::scheme;

mod html;
use html::{attribute, tags};

#[test]
fn every_card_is_well_formed_in_both_languages_full_and_compact() {
    for scenario in Scenario::ALL {
        let c = scenario.compare().expect("every example is valid");
        for lang in [Lang::En, Lang::Zh] {
            for compact in [false, true] {
                let html = card(scenario, lang, compact);
                let tags = tags(&html);
                let what = format!("{} {lang:?} compact={compact}", scenario.name());
                assert!(html.starts_with(&format!(r#"<div class="scenario" id="scenario-panel" data-testid="scenario-panel" data-scenario="{}">"#, scenario.name())), "{what}");
                let testids = attribute(&tags, "data-testid");
                for id in
                    ["scenario-explain", "scenario-setup", "scenario-broken", "scenario-fixed"]
                {
                    assert!(testids.iter().any(|t| t == id), "{what}: {id}");
                }
                // Every number, as the page's tests read it.
                for side in [&c.broken, &c.fixed] {
                    for fact in &side.facts {
                        let li = format!(
                            r#"<li data-testid="fact-{}" data-value="{}">"#,
                            fact.id, fact.value
                        );
                        assert!(html.contains(&li), "{what}: {li}");
                    }
                }
                let errors = [&c.broken, &c.fixed].iter().filter(|s| s.error.is_some()).count();
                assert_eq!(
                    testids.iter().filter(|t| *t == "scenario-error").count(),
                    errors,
                    "{what}"
                );
                // An embed folds the code and has no button that loads into a picture it lacks.
                assert_eq!(html.contains("<details"), compact, "{what}");
                let acting =
                    attribute(&tags, "data-load").len() + attribute(&tags, "data-pick").len();
                if compact {
                    assert_eq!(acting, 0, "{what}");
                } else {
                    assert!(testids.iter().any(|t| t == "scenario-close"), "{what}");
                    let shows = [&c.broken, &c.fixed].iter().filter(|s| s.params.is_some()).count();
                    let compare = usize::from(scenario.schemes().is_some());
                    assert_eq!(attribute(&tags, "data-load").len(), shows + compare, "{what}");
                }
            }
        }
    }
}

/// The button a card's tags hold with test id `testid`, and its attribute `name`.
fn button_attribute(tags: &[String], testid: &str, name: &str) -> Option<String> {
    let button = tags.iter().find(|t| t.contains(&format!(r#"data-testid="{testid}""#)))?;
    attribute(std::slice::from_ref(button), name).into_iter().next()
}

/// The parameters a `data-load` value loads, with the stage of `like` (a side keeps its own).
fn loaded(values: &str, like: &Params) -> Params {
    let mut got = Params { stage: like.stage, ..Params::default() };
    for (field, value) in Load::values(values) {
        got.set(field, &value).expect("each value reads back");
    }
    got
}

/// The "Show broken" and "Show fixed" buttons load their side's values and the schemes the
/// comparison draws it with, then show the comparison (or the controls); the comparison button
/// loads the fixed side beside the broken one at the top; the link loads the broken side as
/// its button does. Every `data-compare` is a comparison the page can draw.
#[test]
fn each_button_loads_its_own_side() {
    for scenario in Scenario::ALL {
        let name = scenario.name();
        let c = scenario.compare().expect("every example is valid");
        let tags = tags(&card(scenario, Lang::En, false));
        for (which, side) in [("broken", &c.broken), ("fixed", &c.fixed)] {
            let testid = format!("scenario-show-{which}");
            let Some(params) = &side.params else {
                assert_eq!(button_attribute(&tags, &testid, "data-load"), None, "{name} {which}");
                continue;
            };
            let values = button_attribute(&tags, &testid, "data-load").expect("a show button");
            assert_eq!(&loaded(&values, params), params, "{name} {which}");
            let compare = button_attribute(&tags, &testid, "data-compare");
            assert_eq!(compare, scenario.panels().map(|p| p.join(",")), "{name} {which}");
            assert_eq!(button_attribute(&tags, &testid, "data-scroll").as_deref(), Some("compare"));
        }
        match scenario.schemes() {
            Some(schemes) => {
                let values =
                    button_attribute(&tags, "scenario-compare", "data-load").expect("compare");
                let side = c.fixed.params.as_ref().or(c.broken.params.as_ref()).expect("a side");
                assert_eq!(&loaded(&values, side), side, "{name}: the fixed side at the top");
                let compare = button_attribute(&tags, "scenario-compare", "data-compare");
                assert_eq!(compare, Some(schemes.join(",")), "{name}");
                assert_eq!(
                    button_attribute(&tags, "scenario-compare", "data-scroll").as_deref(),
                    Some("top")
                );
            }
            None => {
                assert_eq!(button_attribute(&tags, "scenario-compare", "data-load"), None, "{name}")
            }
        }
        for compare in attribute(&tags, "data-compare") {
            assert!(scheme::parse_compare(&compare).is_ok(), "{name}: compare={compare}");
        }
        let link = broken_load(scenario);
        assert_eq!(link.as_ref().map(|l| &l.params), c.broken.params.as_ref(), "{name}");
        assert_eq!(link.and_then(|l| l.compare), c.broken.params.as_ref().and(scenario.panels()));
    }
}

#[test]
fn a_side_reads_back_from_its_query() {
    let params = Params { n: 21, num_replicas: 4, seed: -7, drop_last: true, ..Params::default() };
    let got = Load::values(&params.to_query());
    assert_eq!(got, params.values_but_stage());
    let load = Load { params, compare: Some(["distributed", "no_sampler"]) };
    assert_eq!(load.compare_value().as_deref(), Some("distributed,no_sampler"));
    // A query that does not read loads nothing, rather than part of it.
    assert_eq!(Load::values("n=lots"), Vec::new());
}

/// What a card says of a side comes from the core and the texts, but it is escaped all the
/// same: a side whose code and numbers' words held markup would still be text.
#[test]
fn a_hostile_side_stays_text() {
    let mut c = Scenario::NoSetEpoch.compare().expect("valid");
    c.broken.code = "<script>alert('x')</script> & \"quoted\"";
    let hostile = escape_check(&sampler_viz::model::scenario::card::side_html(
        &c.broken,
        "broken",
        None,
        false,
        Lang::En,
    ));
    assert!(
        hostile
            .contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quoted&quot;")
    );
}

/// `html`, checked to be well formed with no element it should not have.
fn escape_check(html: &str) -> String {
    let tags = tags(html);
    assert!(tags.iter().all(|t| !t.starts_with("script")), "no script element");
    html.to_string()
}
