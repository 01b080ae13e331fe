//! The walk-through's explanations pick the right case for each configuration and carry its
//! numbers, in both languages; next and back walk every stop once, and the card (HTML the page
//! morphs in) is well-formed with each button going where the stops say.

use sampler_viz::i18n::Lang;
use sampler_viz::model::guide::{Stop, card, step};
use sampler_viz::model::story::Step as StoryStep;
use sampler_viz::model::{Params, Picture, Stage};

/// The step for `stage` of the picture at `query` says every fragment of `expect`.
#[track_caller]
fn check(query: &str, stage: Stage, lang: Lang, expect: &[&str]) {
    let pairs = query.split('&').filter_map(|pair| pair.split_once('='));
    let params = Params::from_pairs(pairs).expect("a valid configuration");
    let picture = Picture::compute(&params).expect("a picture");
    let got = step(&picture, stage, lang);
    for fragment in expect {
        assert!(
            got.text.contains(fragment),
            "{query} at {stage:?}: {:?} lacks {fragment:?}",
            got.text
        );
    }
}

#[test]
fn each_stage_explains_this_configuration() {
    use Lang::{En, Zh};
    use Stage::*;
    check("n=8&num_replicas=2", Indices, En, &["positions 0 to 7, 8 in all"]);
    check("n=50000&num_replicas=2", Indices, En, &["0 to 49,999, 50,000 in all"]);
    check("n=0&num_replicas=2", Indices, En, &["An empty dataset"]);
    check("n=8&seed=3&epoch=2", Shuffle, En, &["seed + epoch = 5", "2 processes"]);
    check("n=8&seed=3&epoch=2&set_epoch=0", Shuffle, En, &["seed + epoch = 3"]);
    check("n=8&shuffle=0", Shuffle, En, &["shuffle=False"]);
    check("n=8&num_replicas=2", Pad, En, &["8 divides by num_replicas = 2", "total_size = 8"]);
    check("n=21&num_replicas=2", Pad, En, &["up to total_size = 22: padding_size = 1"]);
    check("n=3&num_replicas=8", Pad, En, &["total_size = 8: padding_size = 5"]);
    check(
        "n=21&num_replicas=4&drop_last=1",
        Pad,
        En,
        &["down to total_size = 20", "1 in all", "cuts other samples"],
    );
    check(
        "n=21&num_replicas=4&drop_last=1&set_epoch=0",
        Pad,
        En,
        &["the same samples are cut every epoch"],
    );
    check(
        "n=21&num_replicas=4&drop_last=1&shuffle=0",
        Pad,
        En,
        &["the same samples are cut every epoch"],
    );
    check("n=3&num_replicas=8", Pad, En, &["more than once"]);
    check("n=21&num_replicas=2", Stripe, En, &["r + 2, r + 4", "len(sampler) = 11"]);
    check(
        "n=50000&num_replicas=2&batch_size=64",
        Batch,
        En,
        &["len(sampler) = 25,000", "len(loader) = 391", "len(dataset) = 50,000"],
    );
    check(
        "n=10&num_replicas=2&batch_size=2&loader_drop_last=1",
        Batch,
        En,
        &["len(loader) = 2", "1 per rank goes unused"],
    );
    check(
        "n=21&num_replicas=2&batch_size=4&loader_drop_last=1",
        Batch,
        En,
        &["len(loader) = 2", "3 per rank go unused"],
    );
    check("n=21&num_replicas=2", Pad, Zh, &["total_size = 22：padding_size = 1"]);
    check("n=50000&num_replicas=2&batch_size=64", Batch, Zh, &["len(loader) = 391"]);
}

#[test]
fn every_stage_has_a_title_in_both_languages() {
    let picture = Picture::compute(&Params::default()).expect("the default picture");
    for lang in Lang::ALL {
        let titles: Vec<&str> = Stage::ALL.iter().map(|&s| step(&picture, s, lang).title).collect();
        let mut unique = titles.clone();
        unique.dedup();
        assert_eq!(unique.len(), Stage::ALL.len(), "{titles:?}");
    }
}

mod html;

/// Every stop of the walk-through, in order, with step 1 told stage by stage or whole.
fn stops(staged: bool) -> Vec<Stop> {
    let mut all = Vec::new();
    for step in StoryStep::ALL {
        if step == StoryStep::Split && staged {
            all.extend(Stage::ALL.map(Stop::Stage));
        } else {
            all.push(Stop::Step(step));
        }
    }
    all
}

#[test]
fn next_and_back_walk_every_stop_once_in_order() {
    for staged in [true, false] {
        let all = stops(staged);
        for (k, &at) in all.iter().enumerate() {
            assert_eq!(at.neighbour(1, staged), all.get(k + 1).copied(), "{at:?}");
            assert_eq!(at.neighbour(-1, staged), k.checked_sub(1).map(|k| all[k]), "{at:?}");
            assert_eq!(Stop::from_code(&at.code()), Some(at), "{at:?}");
        }
    }
    for code in ["stage:0", "stage:6", "step:nope", "stage", "", "step:split:1"] {
        assert_eq!(Stop::from_code(code), None, "{code}");
    }
}

#[test]
fn the_card_is_well_formed_and_each_button_goes_where_the_stops_say() {
    for staged in [true, false] {
        for &at in &stops(staged) {
            for lang in [Lang::En, Lang::Zh] {
                let html = card(at, staged, ("a <title>", "a \"text\""), lang);
                let tags = html::tags(&html);
                assert!(html.contains("a &lt;title&gt;") && html.contains("a &quot;text&quot;"));
                let go = html::attribute(&tags, "data-go");
                let back = at.neighbour(-1, staged).map(Stop::code);
                let next = at.neighbour(1, staged).map(Stop::code);
                // Back first, then the dots, then next: each `data-go` a stop.
                assert_eq!(go.first().cloned(), back.clone().or_else(|| go.first().cloned()));
                assert_eq!(go.last().cloned(), next.clone().or_else(|| go.last().cloned()));
                assert!(go.iter().all(|c| Stop::from_code(c).is_some()), "{go:?}");
                assert_eq!(html.contains(r#"data-testid="guide-done""#), next.is_none());
                assert_eq!(html.contains(" disabled>"), back.is_none());
                let current = html.matches(r#"aria-current="step""#).count();
                assert_eq!(current, if matches!(at, Stop::Stage(_)) { 2 } else { 1 }, "{at:?}");
                let stage_dots = html.matches(r#"data-testid="guide-stage-"#).count();
                assert_eq!(stage_dots, if matches!(at, Stop::Stage(_)) { 5 } else { 0 });
            }
        }
    }
    let html = card(Stop::Stage(Stage::Pad), true, ("t", "x"), Lang::En);
    assert!(html.contains(">Step 1 of 8, stage 3 of 5</p>"), "{html}");
    let html = card(Stop::Step(StoryStep::SetEpoch), false, ("t", "x"), Lang::Zh);
    assert!(html.contains(">第 3 步，共 8 步</p>"), "{html}");
}
