//! A compared scheme's lanes as the page writes them (`model::lanes`): well-formed HTML, one
//! `[data-testid=gpu-lane][data-rank]` per GPU in rank order, each lane's `[data-index]` tiles
//! exactly the deal's tiles in order, every mark the deal carries (padding, another copy,
//! drawn twice, another GPU holds it, a batch's start, its worker) on the tile it belongs to,
//! a process that raised shown by the library's words in place of its tiles, and the same
//! lanes however many the page puts in at a time.

use sampler_viz::i18n::Lang;
use sampler_viz::model::Params;
use sampler_viz::model::lanes;
use sampler_viz::model::scheme::{self, Deal, Origin, Shared};

mod html;
use html::{attribute, tags};

/// The deal of registered scheme `name` at `query`.
fn deal(name: &str, query: &str) -> Deal {
    let params = Params::from_query(query).unwrap();
    let s = scheme::by_name(name).expect("registered");
    s.deal(&params, &Shared::default()).unwrap_or_else(|e| panic!("{name} refused: {e:?}"))
}

/// Each lane's HTML, from the page's text for `deal` (in chunks of `per_chunk`).
fn lane_pieces(deal: &Deal, per_chunk: usize) -> Vec<String> {
    let text = lanes::html(deal, 0, Lang::En, per_chunk).concat();
    tags(&text);
    text.split(r#"<div class="gpu-lane" "#).skip(1).map(str::to_string).collect()
}

/// The tile tags of one lane's HTML (`<span class="tile…" …>`), left-out tiles aside.
fn tile_tags(piece: &str) -> Vec<String> {
    tags(&format!("<div {piece}"))
        .into_iter()
        .filter(|t| {
            t.starts_with("span class=\"tile\"") || t.starts_with("span class=\"tile batch-start\"")
        })
        .collect()
}

/// Checks the lanes of `name` at `query` against its deal: ranks, tiles and marks.
#[track_caller]
fn check(name: &str, query: &str) {
    let deal = deal(name, query);
    let pieces = lane_pieces(&deal, 8);
    assert_eq!(pieces.len(), deal.lanes.len(), "{name} {query}: one lane per GPU");
    let mut flips = std::collections::BTreeSet::new();
    for (rank, (piece, lane)) in pieces.iter().zip(&deal.lanes).enumerate() {
        let head = vec![format!("div {}", &piece[..piece.find('>').unwrap()])];
        assert_eq!(attribute(&head, "data-rank"), [rank.to_string()], "{name} {query}");
        let tiles = tile_tags(piece);
        if lane.raised.is_some() {
            assert!(tiles.is_empty() && piece.contains("data-testid=\"lane-raised\""));
            continue;
        }
        let indices: Vec<u32> =
            attribute(&tiles, "data-index").iter().map(|i| i.parse().unwrap()).collect();
        let expected: Vec<u32> = lane.tiles.iter().map(|t| t.index).collect();
        assert_eq!(indices, expected, "{name} {query}: GPU {rank}'s tiles");
        let marked = |what: &str, on: &dyn Fn(&scheme::Tile) -> bool| {
            let drawn: Vec<bool> = tiles.iter().map(|t| t.contains(what)).collect();
            let dealt: Vec<bool> = lane.tiles.iter().map(on).collect();
            assert_eq!(drawn, dealt, "{name} {query}: GPU {rank}'s {what}");
        };
        marked(r#"data-origin="padding""#, &|t| t.origin == Origin::Padding);
        marked(r#"data-origin="again""#, &|t| t.origin == Origin::Again);
        marked(r#"data-origin="repeat""#, &|t| t.origin == Origin::Repeat);
        marked(r#"data-dup="1""#, &|t| t.dup);
        let starts = lane.batch_starts(deal.batch_size.max(1), lane.tiles.len());
        let batch_start: Vec<bool> = tiles.iter().map(|t| t.contains("tile batch-start")).collect();
        let dealt: Vec<bool> =
            (0..lane.tiles.len()).map(|p| p > 0 && starts.binary_search(&p).is_ok()).collect();
        assert_eq!(batch_start, dealt, "{name} {query}: GPU {rank}'s batches");
        let workers: Vec<usize> = attribute(&tags(&format!("<div {piece}")), "data-worker")
            .iter()
            .map(|w| w.parse().unwrap())
            .collect();
        let expected: Vec<usize> = lane.workers.iter().copied().take(starts.len()).collect();
        assert_eq!(workers, expected, "{name} {query}: GPU {rank}'s workers");
        for key in attribute(&tiles, "data-flip") {
            assert!(flips.insert(key.clone()), "{name} {query}: flip key {key} twice");
        }
    }
    // However many lanes the page puts in at a time, the same lanes.
    let whole = lanes::html(&deal, 0, Lang::En, usize::MAX).concat();
    for per_chunk in [1, 3, 8] {
        let chunks = lanes::html(&deal, 0, Lang::En, per_chunk);
        assert_eq!(chunks.len(), deal.lanes.len().div_ceil(per_chunk), "{name} {query}");
        assert_eq!(chunks.concat(), whole, "{name} {query}: chunks of {per_chunk}");
    }
}

#[test]
fn every_lane_holds_the_deals_tiles_and_marks() {
    let table = [
        // Padding (10 on 4: two copies), batches of 2.
        ("distributed", "n=10&num_replicas=4&batch_size=2"),
        // Every GPU the whole dataset: every tile held by another lane too.
        ("no_sampler", "n=12&num_replicas=3"),
        // The loader leaves a short batch out.
        ("distributed", "n=10&num_replicas=2&batch_size=4&loader_drop_last=1"),
        // Each batch's worker.
        ("distributed", "n=16&num_replicas=2&batch_size=2&num_workers=2"),
        ("iterable", "n=16&num_replicas=2&batch_size=2&num_workers=3"),
        // Drawn twice on one GPU, and a class per sample.
        ("weighted_no_wrapper", "n=20&num_replicas=2&weights=imbalanced"),
        ("weighted_wrapper", "n=20&num_replicas=3&weights=imbalanced"),
        // A rank whose slice weighs nothing raises.
        ("monai_weighted", "n=10&num_replicas=2&batch_size=2&shuffle=0&weights=1,0"),
        // 64 GPUs of more than a lane's cap each.
        ("distributed", "n=50000&num_replicas=64"),
        ("accelerate", "n=1000&num_replicas=8&batch_size=4"),
        ("torchdata_resume", "n=40&num_replicas=2&batch_size=2"),
    ];
    for (name, query) in table {
        check(name, query);
    }
}

#[test]
fn the_table_reaches_every_mark() {
    // The table above is only worth its rows if its deals carry each mark somewhere.
    let all = |query: &str, name: &str| lanes::html(&deal(name, query), 0, Lang::En, 8).concat();
    let text = [
        all("n=10&num_replicas=4&batch_size=2", "distributed"),
        all("n=12&num_replicas=3", "no_sampler"),
        all("n=10&num_replicas=2&batch_size=4&loader_drop_last=1", "distributed"),
        all("n=16&num_replicas=2&batch_size=2&num_workers=3", "iterable"),
        all("n=20&num_replicas=2&weights=imbalanced", "weighted_no_wrapper"),
        all("n=10&num_replicas=2&batch_size=2&shuffle=0&weights=1,0", "monai_weighted"),
        all("n=50000&num_replicas=64", "distributed"),
    ]
    .concat();
    for mark in [
        r#"data-origin="padding""#,
        r#"data-origin="repeat""#,
        r#"data-dup="1""#,
        "tile batch-start",
        "data-worker=",
        "data-class=",
        "data-left-out=",
        r#"class="more""#,
        r#"data-testid="lane-raised""#,
    ] {
        assert!(text.contains(mark), "no lane in the table has {mark}");
    }
}

#[test]
fn a_raising_process_shows_the_librarys_words_escaped() {
    let deal = deal("monai_weighted", "n=10&num_replicas=2&batch_size=2&shuffle=0&weights=1,0");
    let (epoch, error) = deal.lanes.iter().find_map(|l| l.raised.clone()).expect("a rank raised");
    let text = lanes::html(&deal, 0, Lang::En, 8).concat();
    let tags = tags(&text);
    assert!(tags.iter().any(|t| t == r#"strong lang="en""#));
    let words = format!("{}: {error}", error.exception().unwrap_or_default());
    let escaped = sampler_viz::model::html::escape(&words);
    assert!(text.contains(&escaped), "{escaped} in {text}");
    assert!(text.contains(&format!("epoch {epoch}")) || text.contains(&epoch.to_string()));
}
