//! The pipeline's chip layout, drawn as text: one line per row of chips, top to bottom, each
//! chip by its index, left to right. `4'` is a padding copy, `(1)` a sample the sampler's
//! `drop_last` trims, `[6]` one the loader's `drop_last` never yields, `|` a gap between batches.
//! Hidden chips (copies before they are made) are not drawn.
//!
//! The orders are PyTorch's (see `tests/golden`), e.g. for the toy example:
//!
//! ```python
//! >>> [list(DistributedSampler(range(8), num_replicas=2, rank=r, seed=0)) for r in (0, 1)]
//! [[4, 7, 2, 1], [0, 3, 5, 6]]
//! >>> [list(DistributedSampler(range(5), num_replicas=2, rank=r, seed=0)) for r in (0, 1)]
//! [[4, 1, 2], [0, 3, 4]]
//! >>> [list(DistributedSampler(range(7), num_replicas=3, rank=r, seed=0)) for r in (0, 1, 2)]
//! [[4, 3, 1], [0, 2, 4], [5, 6, 0]]
//! ```

use std::collections::BTreeSet;

use sampler_viz::model::layout::{self, CHIP_LIMIT, ChipKey, ChipKind, Layout};
use sampler_viz::model::{Params, Picture, Stage};

fn picture(query: &str) -> Picture {
    let pairs = query.split('&').filter(|p| !p.is_empty()).filter_map(|p| p.split_once('='));
    let params = Params::from_pairs(pairs).expect("valid test parameters");
    Picture::compute(&params).expect("drawable test parameters")
}

/// Lays `query`'s picture out at `stage` in `columns` columns and compares the drawing; checks
/// at every stage that each chip keeps its key and no two visible chips overlap.
#[track_caller]
fn check(query: &str, stage: Stage, columns: usize, expect: &str) {
    let picture = picture(query);
    for s in Stage::ALL {
        invariants(&picture, &layout::layout(&picture, s, columns));
    }
    let got = draw(&layout::layout(&picture, stage, columns));
    assert_eq!(got.trim_end(), expect.trim(), "\n{query} at {stage:?}:\n{got}");
}

#[track_caller]
fn invariants(picture: &Picture, layout: &Layout) {
    let n = picture.epoch.order().len();
    let keys: Vec<ChipKey> = layout.chips.iter().map(|c| c.key).collect();
    let mut expect: Vec<ChipKey> = (0..n as u32).map(ChipKey::Sample).collect();
    expect.extend((n..picture.epoch.total_size()).map(ChipKey::Copy));
    assert_eq!(keys, expect, "every sample and copy, once, in key order");
    let mut seen = BTreeSet::new();
    for chip in layout.chips.iter().filter(|c| c.visible) {
        assert!(seen.insert(((chip.x * 4.0) as i64, (chip.y * 4.0) as i64)), "overlap at {chip:?}");
        assert!(chip.x + 1.0 <= layout.width && chip.y + 1.0 <= layout.height);
    }
}

fn draw(layout: &Layout) -> String {
    let mut chips: Vec<_> = layout.chips.iter().filter(|c| c.visible).collect();
    chips.sort_by(|a, b| (a.y, a.x).partial_cmp(&(b.y, b.x)).expect("finite places"));
    let mut out = String::new();
    let mut last: Option<(f32, f32)> = None;
    for chip in chips {
        match last {
            Some((y, x)) if y == chip.y => out += if chip.x - x > 1.0 { " | " } else { " " },
            _ => {
                if last.is_some() {
                    out += "\n";
                }
                if let Some((_, label)) = layout.row_labels.iter().find(|(y, _)| *y == chip.y) {
                    out += &format!("{label}: ");
                }
            }
        }
        out += &match (chip.kind, chip.loader_dropped) {
            (_, true) => format!("[{}]", chip.index),
            (ChipKind::Padding { .. }, _) => format!("{}'", chip.index),
            (ChipKind::Dropped, _) => format!("({})", chip.index),
            (ChipKind::Sample, _) => chip.index.to_string(),
        };
        last = Some((chip.y, chip.x));
    }
    out
}

#[test]
fn toy_example_every_stage() {
    let toy = "n=8&num_replicas=2&seed=0&batch_size=4";
    check(toy, Stage::Indices, 16, "0 1 2 3 4 5 6 7");
    check(toy, Stage::Indices, 3, "0 1 2\n3 4 5\n6 7");
    check(toy, Stage::Shuffle, 16, "4 0 7 3 2 5 1 6");
    check(toy, Stage::Pad, 16, "4 0 7 3 2 5 1 6");
    check(toy, Stage::Stripe, 16, "rank 0: 4 7 2 1\nrank 1: 0 3 5 6");
    check(toy, Stage::Batch, 16, "rank 0: 4 7 2 1\nrank 1: 0 3 5 6");
    check("n=8&batch_size=3", Stage::Batch, 16, "rank 0: 4 7 2 | 1\nrank 1: 0 3 5 | 6");
    check(
        "n=8&batch_size=3&loader_drop_last=1",
        Stage::Batch,
        16,
        "rank 0: 4 7 2 | [1]\nrank 1: 0 3 5 | [6]",
    );
}

#[test]
fn stripe_row_zero_is_rank_zero_in_column_order() {
    let layout = layout::layout(&picture(""), Stage::Stripe, 16);
    let mut row0: Vec<_> = layout.chips.iter().filter(|c| c.rank == Some(0)).collect();
    row0.sort_by(|a, b| a.x.total_cmp(&b.x));
    assert!(row0.iter().all(|c| c.y == 0.0));
    assert_eq!(row0.iter().map(|c| c.index).collect::<Vec<_>>(), [4, 7, 2, 1]);
}

#[test]
fn padding_copies_appear_at_pad() {
    let five = "n=5&num_replicas=2";
    check(five, Stage::Shuffle, 16, "4 0 1 3 2");
    check(five, Stage::Pad, 16, "4 0 1 3 2 4'");
    check(five, Stage::Stripe, 16, "rank 0: 4 1 2\nrank 1: 0 3 4'");
    check("n=7&num_replicas=3", Stage::Pad, 16, "4 0 5 3 2 6 1 4' 0'");
    check("n=7&num_replicas=3", Stage::Stripe, 16, "rank 0: 4 3 1\nrank 1: 0 2 4'\nrank 2: 5 6 0'");
    // More padding than data: the list repeats (n = 1 on 3 ranks).
    check("n=1&num_replicas=3", Stage::Pad, 16, "0 0' 0'");
    let layout = layout::layout(&picture(five), Stage::Pad, 16);
    let copy = layout.chip(ChipKey::Copy(5)).expect("one copy");
    assert_eq!((copy.index, copy.kind, copy.visible), (4, ChipKind::Padding { from: 0 }, true));
    let before = layout::layout(&picture(five), Stage::Shuffle, 16);
    let hidden = before.chip(ChipKey::Copy(5)).expect("the copy exists before it shows");
    let source = before.chip(ChipKey::Sample(4)).expect("its source");
    assert!(!hidden.visible && (hidden.x, hidden.y) == (source.x, source.y));
}

#[test]
fn drop_last_trims_the_tail() {
    let five = "n=5&num_replicas=2&drop_last=1";
    check(five, Stage::Shuffle, 16, "4 0 1 3 2");
    check(five, Stage::Pad, 16, "4 0 1 3 (2)");
    check(five, Stage::Stripe, 16, "rank 0: 4 1\nrank 1: 0 3\ndropped: (2)");
    check(
        "n=7&num_replicas=3&drop_last=1",
        Stage::Batch,
        16,
        "rank 0: 4 3\nrank 1: 0 2\nrank 2: 5 6\ndropped: (1)",
    );
    check("n=1&num_replicas=3&drop_last=1", Stage::Stripe, 16, "dropped: (0)");
}

#[test]
fn long_rows_wrap_and_batches_keep_together() {
    let one_rank = "n=12&num_replicas=1&shuffle=0&batch_size=4";
    check(one_rank, Stage::Stripe, 7, "rank 0: 0 1 2 3 4\n5 6 7 8 9\n10 11");
    check(one_rank, Stage::Batch, 12, "rank 0: 0 1 2 3 | 4 5 6 7\n8 9 10 11");
    check(one_rank, Stage::Batch, 4, "rank 0: 0 1\n2 3\n4 5\n6 7\n8 9\n10 11");
    // A batch that starts a new line starts it BATCH_LINE_GAP lower, so the break shows.
    let ys = |columns| {
        let layout = layout::layout(&picture(one_rank), Stage::Batch, columns);
        [0, 2, 4, 8].map(|i| layout.chip(ChipKey::Sample(i)).map(|c| c.y))
    };
    assert_eq!(ys(12), [Some(0.0), Some(0.0), Some(0.0), Some(1.25)]);
    assert_eq!(ys(4), [Some(0.0), Some(1.0), Some(2.25), Some(4.5)]);
}

#[test]
fn empty_and_limit() {
    check("n=0", Stage::Batch, 16, "");
    assert!(layout::fits(&picture(&format!("n={CHIP_LIMIT}"))));
    assert!(!layout::fits(&picture(&format!("n={}", CHIP_LIMIT + 1))));
    // 191 samples on 2 ranks pad to 192: still drawn; 193 on 2 pad to 194: not.
    assert!(layout::fits(&picture("n=191&num_replicas=2")));
    assert!(!layout::fits(&picture("n=193&num_replicas=2")));
}
