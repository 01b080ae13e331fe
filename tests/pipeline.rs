//! Step 1's pipeline as the story's part writes it (`model::pipeline`): well-formed HTML with
//! one chip per chip of the layout, each keyed the same at every stage (the page keeps its
//! element by that key, so the chip travels), placed where the layout puts it, and in its
//! rank's order PyTorch's:
//!
//! ```python
//! >>> [list(DistributedSampler(range(8), num_replicas=2, rank=r, seed=0)) for r in (0, 1)]
//! [[4, 7, 2, 1], [0, 3, 5, 6]]
//! >>> [list(DistributedSampler(range(5), num_replicas=2, rank=r, seed=0)) for r in (0, 1)]
//! [[4, 1, 2], [0, 3, 4]]
//! ```

use sampler_viz::i18n::Lang;
use sampler_viz::model::layout::{self, ChipKey};
use sampler_viz::model::{Params, Picture, Stage, pipeline};

mod html;
use html::{attribute, tags};

const CELL: f64 = 44.0;
const COLUMNS: usize = 12;

fn picture(query: &str, stage: Stage) -> Picture {
    let mut params = Params::from_query(query).expect("valid test parameters");
    params.stage = stage;
    Picture::compute(&params).expect("drawable test parameters")
}

/// The chips of a grid: `(data-key, data-rank, x px, y px, text)`, in the HTML's order.
fn chips(grid: &str) -> Vec<(String, Option<usize>, f64, f64, String)> {
    let mut out = Vec::new();
    for piece in grid.split("<span ").skip(1) {
        let tag = &piece[..piece.find('>').expect("a tag that ends")];
        if !tag.starts_with("class=\"pchip") {
            continue;
        }
        let tag = format!("span {tag}");
        let one = |name: &str| attribute(std::slice::from_ref(&tag), name).pop();
        let style = one("style").expect("a chip has a style");
        let translate = style
            .split("translate(")
            .nth(1)
            .and_then(|s| s.split(')').next())
            .expect("a chip is placed by translate()");
        let (x, y) = translate.split_once(", ").expect("translate(x, y)");
        let px = |v: &str| v.trim_end_matches("px").parse::<f64>().expect("pixels");
        let text = piece[piece.find('>').unwrap() + 1..piece.find("</span>").unwrap()].to_string();
        out.push((
            one("data-key").expect("a chip has a key"),
            one("data-rank").map(|r| r.parse().expect("a rank")),
            px(x),
            px(y),
            text,
        ));
    }
    out
}

#[test]
fn every_stage_is_well_formed_and_keys_every_chip_of_the_layout_once() {
    for query in
        ["n=8&num_replicas=2", "n=5&num_replicas=2", "n=7&num_replicas=3&drop_last=1", "n=0"]
    {
        for stage in Stage::ALL {
            let p = picture(query, stage);
            let layout = layout::layout(&p, stage, COLUMNS);
            for lang in [Lang::En, Lang::Zh] {
                let grid = pipeline::grid(&p, COLUMNS, CELL, lang);
                let all = tags(&grid);
                assert!(all[0].starts_with("div class=\"pipeline-grid\""), "{query}: {}", all[0]);
                let keys = attribute(&all, "data-key");
                let mut unique = keys.clone();
                unique.sort();
                unique.dedup();
                assert_eq!(unique.len(), keys.len(), "{query} {stage:?}: keys are unique");
                let drawn = chips(&grid);
                assert_eq!(drawn.len(), layout.chips.len(), "{query} {stage:?}");
                for (chip, (key, rank, x, y, text)) in layout.chips.iter().zip(&drawn) {
                    let expected = match chip.key {
                        ChipKey::Sample(i) => format!("s{i}"),
                        ChipKey::Copy(j) => format!("c{j}"),
                    };
                    assert_eq!(*key, expected);
                    assert_eq!(*rank, chip.rank);
                    assert_eq!((*x, *y), (f64::from(chip.x) * CELL, f64::from(chip.y) * CELL));
                    assert_eq!(*text, chip.index.to_string());
                }
                let caption = pipeline::caption(&p, lang);
                tags(&caption);
                assert!(
                    caption.starts_with(&format!("<strong>{}. </strong><code>", stage.number()))
                );
            }
        }
    }
}

#[test]
fn a_chip_keeps_its_key_from_stage_to_stage() {
    let keys = |stage| {
        let mut keys: Vec<_> =
            chips(&pipeline::grid(&picture("n=5&num_replicas=2", stage), COLUMNS, CELL, Lang::En))
                .into_iter()
                .map(|c| c.0)
                .collect();
        keys.sort();
        keys
    };
    // The padding copy exists (hidden on its source) from the first stage, so nothing is born
    // or dies between stages: every chip travels.
    let first = keys(Stage::Indices);
    assert!(first.contains(&"c5".to_string()), "{first:?}");
    for stage in Stage::ALL {
        assert_eq!(keys(stage), first, "{stage:?}");
    }
}

/// Each rank's chips at the stripe stage, read top to bottom and left to right.
fn ranks(query: &str) -> Vec<Vec<u32>> {
    let p = picture(query, Stage::Stripe);
    let mut drawn = chips(&pipeline::grid(&p, COLUMNS, CELL, Lang::En));
    drawn.sort_by(|a, b| (a.3, a.2).partial_cmp(&(b.3, b.2)).unwrap());
    (0..p.params.num_replicas as usize)
        .map(|r| drawn.iter().filter(|c| c.1 == Some(r)).map(|c| c.4.parse().unwrap()).collect())
        .collect()
}

#[test]
fn each_rank_reads_pytorchs_list() {
    assert_eq!(ranks("n=8&num_replicas=2&seed=0"), [vec![4, 7, 2, 1], vec![0, 3, 5, 6]]);
    assert_eq!(ranks("n=5&num_replicas=2&seed=0"), [vec![4, 1, 2], vec![0, 3, 4]]);
}

#[test]
fn marks_and_captions_say_this_configurations_numbers() {
    let p = picture("n=5&num_replicas=2&seed=0", Stage::Pad);
    let grid = pipeline::grid(&p, COLUMNS, CELL, Lang::En);
    let all = tags(&grid);
    assert!(attribute(&all, "class").iter().any(|c| c == "pchip padding"), "{grid}");
    assert!(attribute(&all, "title").contains(&"padding: copy of position 0".to_string()));
    let caption = pipeline::caption(&p, Lang::En);
    assert!(caption.contains("<code>indices += indices[:padding_size]</code>"), "{caption}");
    assert!(caption.contains("padding_size = 1: 1 copy"), "{caption}");

    let trimmed = picture("n=7&num_replicas=3&drop_last=1", Stage::Stripe);
    let zh = pipeline::grid(&trimmed, COLUMNS, CELL, Lang::Zh);
    assert!(zh.contains(r#"data-key="row dropped""#) && zh.contains(">已截掉</span>"), "{zh}");
    let caption =
        pipeline::caption(&picture("n=8&num_replicas=2&seed=3&epoch=2", Stage::Shuffle), Lang::En);
    assert!(caption.contains("manual_seed(5)"), "{caption}");
}
