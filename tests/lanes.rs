//! A compared scheme's lanes as the page writes them (`model::lanes`): well-formed HTML, one
//! `[data-testid=gpu-lane][data-rank]` per GPU in rank order, labelled by its GPU, each lane's
//! `[data-index]` tiles exactly the deal's tiles in order, every mark the deal carries (padding,
//! another copy, drawn twice, another GPU holds it, a batch's start, its worker, a resumed
//! process, a sample's class) on the tile it belongs to and said to screen readers, what the
//! loader leaves out and how many more samples the lane holds, a process that raised shown by
//! the library's words in place of its tiles, and the same lanes however many the page puts in
//! at a time.

use sampler_viz::i18n::ecosystem::EcoText as E;
use sampler_viz::i18n::schemes::SchemeText as T;
use sampler_viz::i18n::{Count, Lang, fill};
use sampler_viz::model::Params;
use sampler_viz::model::html::escape;
use sampler_viz::model::lanes::{self, TILES_PER_CHUNK};
use sampler_viz::model::scheme::{self, Deal, LANE_CAP, Lane, Origin, Shared, Tile};

mod html;
use html::{attribute, tags};

/// The deal of registered scheme `name` at `query`.
fn deal(name: &str, query: &str) -> Deal {
    let params = Params::from_query(query).unwrap();
    let s = scheme::by_name(name).expect("registered");
    s.deal(&params, &Shared::default()).unwrap_or_else(|e| panic!("{name} refused: {e:?}"))
}

/// One tile as written: its opening tag, its number and its screen-reader texts.
struct Drawn {
    tag: String,
    number: String,
    said: Vec<String>,
}

/// The tiles of one lane's HTML in order (left-out tiles aside), and the number of tiles
/// written before its resume mark, if it has one.
fn drawn_tiles(piece: &str) -> (Vec<Drawn>, Option<usize>) {
    let (mut tiles, mut resume) = (Vec::new(), None);
    let mut rest = piece;
    while let Some(at) = rest.find('<') {
        rest = &rest[at + 1..];
        let tag = &rest[..rest.find('>').unwrap()];
        rest = &rest[tag.len() + 1..];
        if tag.starts_with(r#"span class="resume-mark""#) {
            resume = Some(tiles.len());
        }
        if !(tag.starts_with(r#"span class="tile""#)
            || tag.starts_with(r#"span class="tile batch-start""#))
        {
            continue;
        }
        let number = rest[..rest.find('<').unwrap()].to_string();
        rest = &rest[number.len()..];
        let mut said = Vec::new();
        while let Some(inner) = rest.strip_prefix(r#"<span class="sr-only">"#) {
            let end = inner.find("</span>").unwrap();
            said.push(inner[..end].to_string());
            rest = &inner[end + "</span>".len()..];
        }
        rest = rest.strip_prefix("</span>").expect("a tile closes after its texts");
        tiles.push(Drawn { tag: tag.to_string(), number, said });
    }
    (tiles, resume)
}

/// What a screen reader hears after `tile`'s number, in the page's order.
fn said_for(tile: &Tile, class: Option<u8>) -> Vec<String> {
    let lang = Lang::En;
    let mut said = Vec::new();
    if let Some(c) = class {
        said.push(fill(T::SrClass.text(lang), &[("c", &c)]));
    }
    match tile.origin {
        Origin::Repeat => said.push(T::SrRepeat.text(lang).into()),
        Origin::Padding => said.push(T::SrPadding.text(lang).into()),
        Origin::Again => said.push(E::SrAgain.text(lang).into()),
        Origin::Sample => {}
    }
    if tile.dup {
        said.push(T::SrDup.text(lang).into());
    }
    said.into_iter().map(|s| escape(&s)).collect()
}

/// Checks one GPU's lane as written against its lane in the deal.
#[track_caller]
fn check_lane(at: &str, deal: &Deal, rank: usize, piece: &str, lane: &Lane) {
    let all = tags(&format!("<div {piece}"));
    assert_eq!(attribute(&all[..1], "data-rank"), [rank.to_string()], "{at}");
    let gpu = fill(T::Gpu.text(Lang::En), &[("rank", &rank)]);
    assert!(piece.contains(&format!(">{gpu}</span>")), "{at}: labelled {gpu}");
    let (tiles, resume) = drawn_tiles(piece);
    if let Some((epoch, error)) = &lane.raised {
        assert!(tiles.is_empty() && piece.contains(r#"data-testid="lane-raised""#), "{at}");
        let words = format!("{}: {error}", error.exception().unwrap_or_default());
        let raised = fill(T::RaisedIn.text(Lang::En), &[("epoch", epoch)]);
        let shown = format!(r#"{} <strong lang="en">{}</strong>"#, escape(&raised), escape(&words));
        assert!(piece.contains(&shown), "{at}: {shown} in {piece}");
        return;
    }
    assert_eq!(attribute(&all, "aria-label").first(), Some(&gpu), "{at}: the lane's name");
    let tile_tags: Vec<String> = tiles.iter().map(|t| t.tag.clone()).collect();
    let indices = attribute(&tile_tags, "data-index");
    let expected: Vec<String> = lane.tiles.iter().map(|t| t.index.to_string()).collect();
    assert_eq!(indices, expected, "{at}: the tiles");
    let classes = deal.classes();
    let starts = lane.batch_starts(deal.batch_size.max(1), lane.tiles.len());
    for (pos, (drawn, tile)) in tiles.iter().zip(&lane.tiles).enumerate() {
        let at = format!("{at}, tile {pos}");
        let has = |what: &str| drawn.tag.contains(what);
        assert_eq!(drawn.number, tile.index.to_string(), "{at}");
        assert_eq!(has(r#"data-origin="padding""#), tile.origin == Origin::Padding, "{at}");
        assert_eq!(has(r#"data-origin="again""#), tile.origin == Origin::Again, "{at}");
        assert_eq!(has(r#"data-origin="repeat""#), tile.origin == Origin::Repeat, "{at}");
        assert_eq!(has(r#"data-dup="1""#), tile.dup, "{at}");
        let batch_start = pos > 0 && starts.binary_search(&pos).is_ok();
        assert_eq!(has("tile batch-start"), batch_start, "{at}");
        let class = classes.map(|c| c.of(tile.index));
        let tag = [drawn.tag.clone()];
        assert_eq!(attribute(&tag, "data-class"), Vec::from_iter(class.map(|c| c.to_string())));
        assert_eq!(drawn.said, said_for(tile, class), "{at}");
    }
    let workers: Vec<String> = attribute(&all, "data-worker");
    let expected: Vec<String> =
        lane.workers.iter().take(starts.len()).map(usize::to_string).collect();
    assert_eq!(workers, expected, "{at}: the workers");
    assert_eq!(resume, lane.resumed_at, "{at}: the resume mark before the first new sample");
    let left_out = attribute(&all, "data-left-out");
    let expected: Vec<String> = lane.left_out.iter().map(u32::to_string).collect();
    assert_eq!(left_out, expected, "{at}: what the loader leaves out");
    let more = lane.len.saturating_sub(LANE_CAP);
    let text = fill(T::More.text(Lang::En), &[("count", &Count(more as u64))]);
    assert_eq!(piece.contains(&format!(r#"<span class="more">{text}</span>"#)), more > 0, "{at}");
}

/// Checks the lanes of `name` at `query` against its deal, and their chunks.
#[track_caller]
fn check(name: &str, query: &str) {
    let deal = deal(name, query);
    let whole = lanes::html(&deal, 0, Lang::En, TILES_PER_CHUNK).concat();
    tags(&whole);
    let pieces: Vec<&str> = whole.split(r#"<div class="gpu-lane" "#).skip(1).collect();
    assert_eq!(pieces.len(), deal.lanes.len(), "{name} {query}: one lane per GPU");
    let mut flips = std::collections::BTreeSet::new();
    for (rank, (piece, lane)) in pieces.iter().zip(&deal.lanes).enumerate() {
        check_lane(&format!("{name} {query}: GPU {rank}"), &deal, rank, piece, lane);
        for key in attribute(&tags(&format!("<div {piece}")), "data-flip") {
            assert!(flips.insert(key.clone()), "{name} {query}: flip key {key} twice");
        }
    }
    // However many tiles the page puts in at a time: the same lanes, whole lanes per chunk,
    // no chunk over its tiles but a lane alone, and a deal that fits one chunk in one.
    let tiles: usize = deal.lanes.iter().map(|l| l.tiles.len().max(1)).sum();
    for per_chunk in [1, 5, 100, TILES_PER_CHUNK] {
        let chunks = lanes::html(&deal, 0, Lang::En, per_chunk);
        assert_eq!(chunks.concat(), whole, "{name} {query}: chunks of {per_chunk} tiles");
        for chunk in &chunks {
            assert!(chunk.starts_with(r#"<div class="gpu-lane" "#), "{name} {query}");
            let lanes = chunk.matches(r#"<div class="gpu-lane" "#).count();
            let held = chunk.matches(r#" data-index=""#).count();
            assert!(lanes == 1 || held <= per_chunk, "{name} {query}: {held} tiles");
        }
        assert_eq!(chunks.len() == 1, tiles <= per_chunk || deal.lanes.len() == 1);
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
        // A new process resumes mid-epoch.
        ("torchdata_resume", "n=40&num_replicas=2&batch_size=2"),
    ];
    for (name, query) in table {
        check(name, query);
    }
}

#[test]
fn the_table_reaches_every_mark() {
    // The table above is only worth its rows if its deals carry each mark somewhere.
    let all = |name: &str, query: &str| lanes::html(&deal(name, query), 0, Lang::En, 8).concat();
    let text = [
        all("distributed", "n=10&num_replicas=4&batch_size=2"),
        all("no_sampler", "n=12&num_replicas=3"),
        all("distributed", "n=10&num_replicas=2&batch_size=4&loader_drop_last=1"),
        all("iterable", "n=16&num_replicas=2&batch_size=2&num_workers=3"),
        all("weighted_no_wrapper", "n=20&num_replicas=2&weights=imbalanced"),
        all("monai_weighted", "n=10&num_replicas=2&batch_size=2&shuffle=0&weights=1,0"),
        all("distributed", "n=50000&num_replicas=64"),
        all("torchdata_resume", "n=40&num_replicas=2&batch_size=2"),
    ]
    .concat();
    for mark in [
        r#"data-origin="padding""#,
        r#"data-origin="again""#,
        r#"data-origin="repeat""#,
        r#"data-dup="1""#,
        "tile batch-start",
        "data-worker=",
        "data-class=",
        "data-left-out=",
        r#"class="more""#,
        r#"data-testid="resume-mark""#,
        r#"data-testid="lane-raised""#,
    ] {
        assert!(text.contains(mark), "no lane in the table has {mark}");
    }
    // The library's words are escaped: MONAI's message holds a "<=".
    assert!(text.contains("&lt;="), "no escaped message in the table");
}
