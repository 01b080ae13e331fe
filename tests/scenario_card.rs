//! A pitfall's card as the story's part writes it (`model::scenario::card`): well-formed HTML
//! with every value escaped, the test ids and numbers the page's tests read, and buttons whose
//! data attributes load exactly the side they stand beside.

use sampler_viz::i18n::Lang;
use sampler_viz::model::Params;
use sampler_viz::model::scenario::Scenario;
use sampler_viz::model::scenario::card::{Load, broken_load, card};

/// The card's elements, checked to nest properly, with any text outside a tag free of `<`.
fn tags(html: &str) -> Vec<String> {
    let (mut open, mut all) = (Vec::<String>::new(), Vec::new());
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        assert!(!rest[..start].contains('>'), "a bare '>' in text: {:?}", &rest[..start]);
        let end = start + rest[start..].find('>').expect("a tag that ends");
        let tag = &rest[start + 1..end];
        let name: String =
            tag.trim_start_matches('/').chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
        if let Some(closing) = tag.strip_prefix('/') {
            assert_eq!(
                open.pop().as_deref(),
                Some(closing.trim()),
                "</{closing}> closes what was open"
            );
        } else {
            assert_eq!(tag.matches('"').count() % 2, 0, "quotes in <{tag}> are paired");
            open.push(name.clone());
        }
        all.push(tag.to_string());
        rest = &rest[end + 1..];
    }
    assert!(open.is_empty(), "left open: {open:?}");
    all
}

/// The value of attribute `name` in each tag that has it, unescaped.
fn attribute(tags: &[String], name: &str) -> Vec<String> {
    let key = format!(" {name}=\"");
    tags.iter()
        .filter_map(|t| {
            let from = t.find(&key)? + key.len();
            let value = &t[from..from + t[from..].find('"')?];
            Some(
                value
                    .replace("&quot;", "\"")
                    .replace("&#39;", "'")
                    .replace("&lt;", "<")
                    .replace("&gt;", ">")
                    .replace("&amp;", "&"),
            )
        })
        .collect()
}

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

/// The "Show broken" and "Show fixed" buttons load their side's values and the schemes the
/// comparison draws it with; the link loads the broken side as its button does.
#[test]
fn each_button_loads_its_own_side() {
    for scenario in Scenario::ALL {
        let c = scenario.compare().expect("every example is valid");
        let tags = tags(&card(scenario, Lang::En, false));
        let loads = attribute(&tags, "data-load");
        let compares = attribute(&tags, "data-compare");
        for (which, side) in [("broken", &c.broken), ("fixed", &c.fixed)] {
            let Some(params) = &side.params else { continue };
            let button = tags
                .iter()
                .find(|t| t.contains(&format!(r#"data-testid="scenario-show-{which}""#)))
                .unwrap_or_else(|| panic!("{} has a show-{which} button", scenario.name()));
            let values = attribute(std::slice::from_ref(button), "data-load").remove(0);
            let loaded = Load::decode(&values);
            let mut got = Params { stage: params.stage, ..Params::default() };
            for (field, value) in &loaded {
                got.set(*field, value).expect("each value reads back");
            }
            assert_eq!(&got, params, "{} {which}", scenario.name());
            let compare = attribute(std::slice::from_ref(button), "data-compare");
            assert_eq!(
                compare.first().map(String::as_str),
                scenario.panels().map(|p| p.join(",")).as_deref()
            );
            assert!(loads.contains(&values) && compare.iter().all(|c| compares.contains(c)));
        }
        let link = broken_load(scenario);
        assert_eq!(
            link.as_ref().map(|l| l.values.clone()),
            c.broken.params.as_ref().map(Params::values_but_stage)
        );
        assert_eq!(link.and_then(|l| l.compare), c.broken.params.as_ref().and(scenario.panels()));
    }
}

#[test]
fn load_reads_back_what_it_wrote() {
    let params = Params { n: 21, num_replicas: 4, seed: -7, drop_last: true, ..Params::default() };
    let load = Load::of(&params, Some(["distributed", "no_sampler"]));
    assert_eq!(Load::decode(&load.encode()), load.values);
    assert_eq!(load.compare_value().as_deref(), Some("distributed,no_sampler"));
    // A pair naming no field is left out, not misread.
    assert_eq!(Load::decode("nope=1&n=5"), vec![(sampler_viz::model::Field::N, "5".to_string())]);
}
