//! The walk-through's explanations pick the right case for each configuration and carry its
//! numbers, in both languages.

use sampler_viz::i18n::Lang;
use sampler_viz::model::guide::step;
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
