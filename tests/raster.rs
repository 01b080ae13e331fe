//! The large-dataset picture as pixels: sizes, and every pixel against the core's `Epoch`.

use std::collections::BTreeSet;

use sampler_viz::model::raster::{
    self, DROPPED_RGB, INK_RGB, MAX_STRIP_HEIGHT, MAX_WIDTH, MIN_WIDTH, RAMP_STOPS, Raster, Source,
    rank_rgb, value_rgb,
};
use sampler_viz::model::{Params, Picture, Stage};

const TRANSPARENT: [u8; 4] = [0; 4];

/// What a pixel of a strip may show for position `k` of the strip's list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shown {
    /// This colour, opaque.
    Solid([u8; 3]),
    /// This colour, or transparent on the hatching's diagonals (padding copies).
    Hatched([u8; 3]),
    /// This colour, or transparent where a batch starts.
    Cut([u8; 3]),
}

/// Renders `stage` of `params` (the rank map when `stage` is `None`) at `width`, checks the
/// documented sizes, then that every pixel of strip `row` showing position `k` matches
/// `expect(row, k)` and that every position is shown by at least one exact pixel (so sizes
/// must be small enough for a pixel per position).
#[track_caller]
fn check(
    params: Params,
    stage: Option<Stage>,
    width: usize,
    expect: impl Fn(usize, usize) -> Shown,
) -> (Picture, Raster) {
    let picture = Picture::compute(&params).expect("a valid configuration");
    let raster = match stage {
        Some(stage) => raster::render(Source::of(&picture), stage, width),
        None => raster::rank_map(Source::of(&picture), width),
    };
    check_sizes(&raster, width);
    for (r, row) in raster.rows.iter().enumerate() {
        let mut exact = BTreeSet::new();
        let rows = row.y..row.y + row.height;
        for (x, y) in (0..raster.width).flat_map(|x| rows.clone().map(move |y| (x, y))) {
            let Some(k) = row.position_at(x, y) else { continue };
            let px = raster.pixel(x, y).expect("inside");
            let ok = match expect(r, k) {
                Shown::Solid(rgb) => px == opaque(rgb),
                Shown::Hatched(rgb) | Shown::Cut(rgb) => px == opaque(rgb) || px == TRANSPARENT,
            };
            assert!(
                ok,
                "{} position {k} at ({x}, {y}): {px:?}, want {:?}",
                row.label,
                expect(r, k)
            );
            if px != TRANSPARENT {
                exact.insert(k);
            }
        }
        assert_eq!(exact.len(), row.len, "{}: some positions have no pixel", row.label);
    }
    (picture, raster)
}

/// The documented sizes: the clamped width, 4 bytes a pixel, strips in order within the height.
#[track_caller]
fn check_sizes(raster: &Raster, width: usize) {
    assert_eq!(raster.width, width.clamp(MIN_WIDTH, MAX_WIDTH));
    assert_eq!(raster.rgba.len(), raster.width * raster.height * 4);
    let mut bottom = 0;
    for row in &raster.rows {
        assert!(row.y >= bottom && row.height <= MAX_STRIP_HEIGHT, "{row:?} overlaps or is tall");
        bottom = row.y + row.height;
    }
    assert_eq!(bottom, raster.height);
}

/// What the module docs promise for position `k` of strip `r`, read from the epoch alone.
fn documented(picture: &Picture, stage: Option<Stage>) -> impl Fn(usize, usize) -> Shown + '_ {
    let epoch = &picture.epoch;
    let (n, total, w) = (epoch.order().len(), epoch.total_size(), epoch.num_replicas());
    let yielded = picture.loader.len(epoch.num_samples()) * picture.loader.batch_size();
    let value = move |j: usize| value_rgb(epoch.order()[j % n], n);
    move |r, k| match stage {
        Some(Stage::Indices) => Shown::Solid(value_rgb(k as u32, n)),
        Some(Stage::Shuffle) => Shown::Solid(value(k)),
        Some(Stage::Pad) if k >= total => Shown::Solid(DROPPED_RGB),
        Some(Stage::Pad) if k >= n => Shown::Hatched(value(k)),
        Some(Stage::Pad) => Shown::Solid(value(k)),
        Some(Stage::Stripe) if r + k * w >= n => Shown::Hatched(value(r + k * w)),
        Some(Stage::Stripe) => Shown::Solid(value(r + k * w)),
        Some(Stage::Batch) if k >= yielded => Shown::Cut(DROPPED_RGB),
        Some(Stage::Batch) => Shown::Cut(value(r + k * w)),
        None => {
            let p = epoch.order().iter().position(|&i| i as usize == k).expect("a sample");
            match p {
                _ if p >= total => Shown::Solid(DROPPED_RGB),
                _ if p + n < total => Shown::Hatched(rank_rgb(p % w)),
                _ => Shown::Solid(rank_rgb(p % w)),
            }
        }
    }
}

fn opaque([r, g, b]: [u8; 3]) -> [u8; 4] {
    [r, g, b, 255]
}

fn params(n: u64, num_replicas: i64) -> Params {
    Params { n, num_replicas, ..Params::default() }
}

fn luminance([r, g, b]: [u8; 3]) -> u32 {
    2126 * u32::from(r) + 7152 * u32::from(g) + 722 * u32::from(b)
}

#[test]
fn dataset_order_is_a_monotone_ramp() {
    let n = 500;
    // 8 px of the width are the margin marks: one column per sample.
    let (_, raster) = check(params(n, 2), Some(Stage::Indices), n as usize + 8, |_, k| {
        Shown::Solid(value_rgb(k as u32, n as usize))
    });
    assert_eq!(raster.rows.len(), 1);
    let line: Vec<[u8; 3]> = (0..n as usize)
        .map(|x| raster.pixel(x, 0).expect("inside")[..3].try_into().unwrap())
        .collect();
    assert_eq!((line[0], line[n as usize - 1]), (RAMP_STOPS[0], RAMP_STOPS[8]));
    // Lightness rises; a channel rounded down a step before another rounds up may dip by less
    // than one grey level.
    let one_grey_level = luminance([1, 1, 1]);
    assert!(line.windows(2).all(|w| luminance(w[0]) < luminance(w[1]) + one_grey_level));
    assert!(line.windows(64).all(|w| luminance(w[0]) < luminance(w[63])), "not rising");
}

#[test]
fn shuffle_and_pad_show_the_epochs_list() {
    for (p, width) in [(params(10, 4), 100), (params(5000, 3), 1000), (params(1000, 7), 333)] {
        let picture = Picture::compute(&p).expect("valid");
        let (n, order) = (p.n as usize, picture.epoch.order().to_vec());
        check(p.clone(), Some(Stage::Shuffle), width, |_, k| Shown::Solid(value_rgb(order[k], n)));
        check(p.clone(), Some(Stage::Pad), width, |_, j| {
            let rgb = value_rgb(picture.epoch.padded_at(j), n);
            if j < n { Shown::Solid(rgb) } else { Shown::Hatched(rgb) }
        });
    }
    let trimmed = Params { drop_last: true, ..params(10, 4) };
    let order = Picture::compute(&trimmed).expect("valid").epoch.order().to_vec();
    check(trimmed, Some(Stage::Pad), 100, |_, j| {
        Shown::Solid(if j < 8 { value_rgb(order[j], 10) } else { DROPPED_RGB })
    });
}

#[test]
fn one_strip_per_rank_with_its_colour_bar() {
    for (p, width) in [(params(10, 3), 100), (params(20_000, 8), 1000), (params(300, 64), 500)] {
        let picture = Picture::compute(&p).expect("valid");
        let ranks = picture.epoch.ranks();
        let n = p.n as usize;
        let (_, raster) = check(p, Some(Stage::Stripe), width, |r, k| {
            let rgb = value_rgb(ranks[r][k], n);
            if r + k * ranks.len() < n { Shown::Solid(rgb) } else { Shown::Hatched(rgb) }
        });
        assert_eq!(raster.rows.len(), ranks.len());
        for (r, row) in raster.rows.iter().enumerate() {
            assert_eq!((row.label.clone(), row.rank), (format!("rank {r}"), Some(r)));
            assert_eq!(raster.pixel(0, row.y), Some(opaque(rank_rgb(r))));
        }
    }
}

#[test]
fn batches_are_cut_and_the_short_one_dropped() {
    let p = Params { batch_size: 3, loader_drop_last: true, ..params(10, 3) };
    let ranks = Picture::compute(&p).expect("valid").epoch.ranks();
    // 4 indices a rank: one batch of 3, and a short batch of 1 the loader drops.
    let (_, raster) = check(p, Some(Stage::Batch), 100, |r, k| match k {
        0 => Shown::Cut(value_rgb(ranks[r][k], 10)),
        3 => Shown::Cut(DROPPED_RGB),
        _ if r + k * 3 >= 10 => Shown::Hatched(value_rgb(ranks[r][k], 10)),
        _ => Shown::Solid(value_rgb(ranks[r][k], 10)),
    });
    let row = &raster.rows[0];
    let cut = (0..raster.width).find(|&x| row.position_at(x, row.y) == Some(3));
    assert_eq!(cut.and_then(|x| raster.pixel(x, row.y)), Some(TRANSPARENT), "no cut before 3");
}

#[test]
fn rank_map_colours_each_sample_by_its_rank() {
    // The toy example: rank 0 gets [4, 7, 2, 1], rank 1 gets [0, 3, 5, 6].
    let rank_of = |i: usize| usize::from(![4, 7, 2, 1].contains(&i));
    check(Params::default(), None, 200, |_, i| Shown::Solid(rank_rgb(rank_of(i))));
    // 10 samples on 4 ranks: 2 padding copies, received twice.
    let padded = Picture::compute(&params(10, 4)).expect("valid");
    let twice: Vec<u32> = padded.epoch.order()[..2].to_vec();
    let (_, raster) = check(params(10, 4), None, 100, |_, i| {
        let j = padded.epoch.order().iter().position(|&o| o as usize == i).expect("a sample");
        let rgb = rank_rgb(j % 4);
        if twice.contains(&(i as u32)) { Shown::Hatched(rgb) } else { Shown::Solid(rgb) }
    });
    assert!(raster.rgba.chunks(4).any(|px| px == opaque(INK_RGB)), "no padding mark");
    // With drop_last, the last 2 of the shuffled list go to no rank.
    let trimmed = Params { drop_last: true, ..params(10, 4) };
    let order = Picture::compute(&trimmed).expect("valid").epoch.order().to_vec();
    check(trimmed, None, 100, |_, i| {
        let j = order.iter().position(|&o| o as usize == i).expect("a sample");
        Shown::Solid(if j < 8 { rank_rgb(j % 4) } else { DROPPED_RGB })
    });
}

#[test]
fn every_pixel_is_as_documented() {
    let stages = Stage::ALL.map(Some).into_iter().chain([None]);
    for (n, w, drop_last, width) in [
        (0, 1, false, 0),
        (1, 8, false, 64),
        (3, 8, true, 100),
        (7, 3, false, 5000),
        (257, 8, true, 333),
        (257, 3, false, 97),
        (2000, 5, true, 700),
    ] {
        let p = Params { drop_last, batch_size: 3, loader_drop_last: n % 2 == 1, ..params(n, w) };
        let picture = Picture::compute(&p).expect("valid");
        for stage in stages.clone() {
            check(p.clone(), stage, width, documented(&picture, stage));
        }
    }
}

#[test]
fn imagenet_renders_every_stage() {
    let p = params(1_281_167, 8);
    let picture = Picture::compute(&p).expect("valid");
    for stage in Stage::ALL {
        check_sizes(&raster::render(Source::of(&picture), stage, 1000), 1000);
    }
    let map = raster::rank_map(Source::of(&picture), 1000);
    check_sizes(&map, 1000);
    // The one padding copy is marked in the margin, however small.
    assert!(map.rgba.chunks(4).any(|px| px == opaque(INK_RGB)), "no padding mark");
}
