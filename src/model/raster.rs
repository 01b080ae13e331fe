//! The pipeline picture as pixels, for datasets too large for one element per sample (up to
//! 2^24 samples): each stage is a stack of horizontal strips in one RGBA image.
//!
//! **Colours** (colour-blind safe):
//! - *Value*: a sample's index `i` of `n` on a viridis ramp ([`RAMP_STOPS`]: dark purple for 0,
//!   yellow for `n - 1`), rising in lightness: dataset order is a gradient, `randperm`'s noise.
//! - *Rank*: the page's Okabe–Ito palette ([`RANK_RGB`], rank `r` uses colour `r % 8`), as a bar
//!   at the left of a rank's strip, and as the colour of each sample in [`rank_map`].
//! - *Padding* (a copy added by wrap-around): the sample's colour with transparent diagonal
//!   hatching. *Dropped* (trimmed by the sampler's `drop_last`, or the loader's short last
//!   batch): solid [`DROPPED_RGB`].
//! - *Margin marks*: right of each strip, a line holding at least one padded sample gets an
//!   [`INK_RGB`] mark, one holding a dropped sample a [`DROPPED_RGB`] mark beside it, so a
//!   single one among millions stays visible.
//! - *Batches*: a transparent column where each batch starts, when a batch spans at least
//!   [`MIN_BATCH_PX`] pixels.
//!
//! **Layout**: a strip of `L` positions wraps onto lines of `per_line = ceil(L / lines)`
//! positions across the strip's columns; a stage's strips share about 480 pixel rows, each at
//! most [`MAX_STRIP_HEIGHT`] tall. With fewer positions than columns a sample spans several
//! pixels; otherwise a pixel covers a run of consecutive positions and shows **one** of them,
//! picked by a fixed hash of the pixel (the first of each run would alias a regular order,
//! such as `shuffle=False`'s ranks, into false stripes). Everything drawn is read from the
//! core's `Epoch` and `BatchSampler`; nothing is resampled.

pub mod caption;
mod grid;
mod ramp;

use ramp::Ramp;
pub use ramp::{DROPPED_RGB, INK_RGB, RAMP_STOPS, RANK_RGB, ramp_css, rank_rgb, value_rgb};

use super::visits::yielded;
use super::{Picture, Stage};
use crate::sampler::{BatchSampler, Epoch};
use grid::{Grid, pick, stack};

/// Narrowest image drawn, in pixels (narrower requests are widened).
pub const MIN_WIDTH: usize = 64;
/// Widest image drawn, in pixels (wider requests are narrowed).
pub const MAX_WIDTH: usize = 4096;
/// Tallest strip, in pixel rows.
pub const MAX_STRIP_HEIGHT: usize = 160;
/// Batch boundaries are drawn only when a batch is at least this many pixels wide: narrower,
/// the gaps turn into a texture that hides the indices.
pub const MIN_BATCH_PX: usize = 8;
/// Rank bar: `BAR_WIDTH` pixels, then a 2 px gap, before a rank's samples (`BAR` in all).
const BAR_WIDTH: usize = 4;
const BAR: usize = BAR_WIDTH + 2;
/// Cell codes of [`rank_map`]: 0 empty, `1 + rank % 8` received, plus flags.
const TWICE: u8 = 0x10;
const GONE: u8 = 0x20;

/// An RGBA image (row-major, 4 bytes a pixel, unpainted pixels transparent) and its strips.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Raster {
    /// Pixels across: the requested width within [`MIN_WIDTH`] ..= [`MAX_WIDTH`].
    pub width: usize,
    /// Pixels down: every strip, with 8 px between strips.
    pub height: usize,
    /// `width * height * 4` bytes, ready for `ImageData`.
    pub rgba: Vec<u8>,
    /// The strips, top to bottom, for labels placed beside the image.
    pub rows: Vec<RasterRow>,
}

impl Raster {
    /// The RGBA value of pixel `(x, y)`, if it is inside the image.
    pub fn pixel(&self, x: usize, y: usize) -> Option<[u8; 4]> {
        if x >= self.width {
            return None;
        }
        let at = y.checked_mul(self.width)?.checked_add(x)?.checked_mul(4)?;
        self.rgba.get(at..at + 4)?.try_into().ok()
    }

    fn blank(width: usize, grids: &[Grid]) -> Raster {
        let height = grids.last().map_or(0, |g| g.y0 + g.height());
        Raster { width, height, rgba: vec![0; width * height * 4], rows: Vec::new() }
    }

    fn put(&mut self, x: usize, y: usize, [r, g, b]: [u8; 3]) {
        let at = (y * self.width + x) * 4;
        if let Some(px) = self.rgba.get_mut(at..at + 4) {
            px.copy_from_slice(&[r, g, b, 255]);
        }
    }
}

/// One strip of a [`Raster`]: what it shows and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RasterRow {
    /// What the strip lists: "dataset", "shuffled", "padded", "rank 3", ...
    pub label: String,
    /// The rank whose indices the strip lists, if any.
    pub rank: Option<usize>,
    /// First pixel row.
    pub y: usize,
    /// Pixel rows.
    pub height: usize,
    /// How many positions the strip lists.
    pub len: usize,
    grid: Grid,
}

impl RasterRow {
    fn new(label: String, rank: Option<usize>, grid: Grid) -> RasterRow {
        RasterRow { label, rank, y: grid.y0, height: grid.height(), len: grid.len, grid }
    }

    /// The position (in the strip's list) that pixel `(x, y)` of the image shows, if any.
    pub fn position_at(&self, x: usize, y: usize) -> Option<usize> {
        let g = &self.grid;
        let (col, dy) = (x.checked_sub(g.x0)?, y.checked_sub(g.y0)?);
        if col >= g.cols || dy >= g.height() {
            return None;
        }
        let line = dy / g.line_h;
        g.run(line, col).map(|(a, b)| pick(a, b, line, col))
    }
}

/// What the images are drawn from: one epoch, the loader that batches it, and whether the
/// sampler shuffled (a picture's, or an epoch handed to the story's part).
#[derive(Debug, Clone, Copy)]
pub struct Source<'a> {
    /// The epoch, every stage and rank.
    pub epoch: &'a Epoch,
    /// The `DataLoader`'s batching.
    pub loader: &'a BatchSampler,
    /// Whether the sampler shuffled (stage 2's strip says so).
    pub shuffle: bool,
}

impl<'a> Source<'a> {
    /// A picture's epoch and loader.
    pub fn of(picture: &'a Picture) -> Source<'a> {
        Source { epoch: &picture.epoch, loader: &picture.loader, shuffle: picture.params.shuffle }
    }
}

/// Stage `stage` of `source` as an image `width` pixels wide (see the module docs).
pub fn render(source: Source, stage: Stage, width: usize) -> Raster {
    let epoch = source.epoch;
    let order = epoch.order();
    let (n, total) = (order.len(), epoch.total_size());
    let width = width.clamp(MIN_WIDTH, MAX_WIDTH);
    match stage {
        Stage::Indices => single(width, "dataset", n, n, |p| p as u32, Tails::none(n)),
        Stage::Shuffle => {
            let label = if source.shuffle { "shuffled" } else { "in order" };
            single(width, label, n, n, |p| order[p], Tails::none(n))
        }
        Stage::Pad => {
            let label = if total > n {
                "padded"
            } else if total < n {
                "trimmed"
            } else {
                "as is"
            };
            let tails = Tails { pad_from: n, drop_from: total };
            single(width, label, n, n.max(total), |j| order[j % n], tails)
        }
        Stage::Stripe | Stage::Batch => ranks(source, stage == Stage::Batch, width),
    }
}

/// The dataset in index order, each sample in the colour of the rank that receives it this
/// epoch: hatched when it is received twice (padding), [`DROPPED_RGB`] when `drop_last`
/// trimmed it. Margin marks as in [`render`].
pub fn rank_map(source: Source, width: usize) -> Raster {
    let width = width.clamp(MIN_WIDTH, MAX_WIDTH);
    let grids = stack(width, 0, &[source.epoch.order().len()]);
    let mut raster = Raster::blank(width, &grids);
    let g = grids[0];
    let (fates, marks) = fates(source.epoch, &g);
    // Pixels show samples in increasing order: the k-th distinct one has fate `fates[k]`.
    let (mut seen, mut last) = (0, None);
    for (line, &mark) in marks.iter().enumerate() {
        for (col, _, i) in g.runs(line) {
            if last != Some(i) {
                (seen, last) = (seen + 1, Some(i));
            }
            let fate = fates.get(seen - 1).copied().unwrap_or(0);
            let rgb = match fate {
                0 => continue,
                GONE => DROPPED_RGB,
                _ => rank_rgb(usize::from(fate & 0xf).saturating_sub(1)),
            };
            g.paint(&mut raster, line, col, rgb, fate & TWICE != 0);
        }
        g.mark(&mut raster, line, mark & TWICE != 0, mark & GONE != 0);
    }
    raster.rows.push(RasterRow::new("dataset".into(), None, g));
    raster
}

/// The fate of each sample some pixel of `g` shows, in index order (`1 + rank % 8`, with
/// [`TWICE`] when received twice, or [`GONE`]), and the flags of every sample on each line.
/// One pass over the shuffled list; a bit per sample marks the shown ones, and counting the
/// bits before a sample gives its place among them (no division per sample).
fn fates(epoch: &Epoch, g: &Grid) -> (Vec<u8>, Vec<u8>) {
    let (order, total, w) = (epoch.order(), epoch.total_size(), epoch.num_replicas());
    let n = order.len();
    let mut shown = vec![0u64; n.div_ceil(64)];
    for line in 0..g.lines {
        g.runs(line).for_each(|(_, _, i)| shown[i / 64] |= 1 << (i % 64));
    }
    let before: Vec<usize> = shown
        .iter()
        .scan(0, |count, word| Some(std::mem::replace(count, *count + word.count_ones() as usize)))
        .collect();
    let mut fates = vec![0u8; shown.iter().map(|word| word.count_ones() as usize).sum()];
    let mut marks = vec![0u8; g.lines];
    let mut rank = 0;
    for (p, &i) in order.iter().enumerate() {
        let i = i as usize;
        let flags = if p >= total {
            GONE
        } else if p + n < total {
            TWICE
        } else {
            0
        };
        if flags != 0 {
            marks[i / g.per_line] |= flags;
        }
        let word = shown[i / 64];
        if word >> (i % 64) & 1 == 1 {
            let k = before[i / 64] + (word & ((1 << (i % 64)) - 1)).count_ones() as usize;
            fates[k] = if p >= total { GONE } else { (1 + (rank % RANK_RGB.len()) as u8) | flags };
        }
        rank = if rank + 1 == w { 0 } else { rank + 1 };
    }
    (fates, marks)
}

/// Positions at or past `pad_from` are padding copies, at or past `drop_from` dropped.
#[derive(Debug, Clone, Copy)]
struct Tails {
    pad_from: usize,
    drop_from: usize,
}

impl Tails {
    fn none(len: usize) -> Tails {
        Tails { pad_from: len, drop_from: len }
    }
}

/// One strip of `len` positions; `value(p)` is the index at position `p`.
fn single(
    width: usize,
    label: &str,
    n: usize,
    len: usize,
    value: impl Fn(usize) -> u32,
    tails: Tails,
) -> Raster {
    let grids = stack(width, 0, &[len]);
    let mut raster = Raster::blank(width, &grids);
    draw_strip(&mut raster, &grids[0], n, value, tails, None);
    raster.rows.push(RasterRow::new(label.into(), None, grids[0]));
    raster
}

/// One strip per rank, with its rank bar; with `batches`, the loader's cuts and dropped batch.
fn ranks(source: Source, batches: bool, width: usize) -> Raster {
    let epoch = source.epoch;
    let (n, w, len) = (epoch.order().len(), epoch.num_replicas(), epoch.num_samples());
    let grids = stack(width, BAR, &vec![len; w]);
    let mut raster = Raster::blank(width, &grids);
    let batch = batches.then(|| source.loader.batch_size());
    let drop_from = if batches { yielded(source.loader, len) } else { len };
    for (r, g) in grids.into_iter().enumerate() {
        let tails = Tails { pad_from: n.saturating_sub(r).div_ceil(w), drop_from };
        draw_strip(&mut raster, &g, n, |k| epoch.padded_at(r + k * w), tails, batch);
        for y in g.y0..g.y0 + g.height() {
            (0..BAR_WIDTH).for_each(|x| raster.put(x, y, rank_rgb(r)));
        }
        raster.rows.push(RasterRow::new(format!("rank {r}"), Some(r), g));
    }
    raster
}

/// Paints one strip: each pixel's picked sample, its tails, batch starts and margin marks.
fn draw_strip(
    raster: &mut Raster,
    g: &Grid,
    n: usize,
    value: impl Fn(usize) -> u32,
    tails: Tails,
    batch: Option<usize>,
) {
    let batch = batch.filter(|&bs| bs.saturating_mul(g.cols) >= MIN_BATCH_PX * g.per_line);
    let ramp = Ramp::new(n);
    for line in 0..g.lines {
        // The first batch start after the previous column's run.
        let mut cut = batch.map_or(usize::MAX, |bs| (line * g.per_line).div_ceil(bs).max(1) * bs);
        for (col, a, p) in g.runs(line) {
            if a >= cut {
                cut = batch.map_or(usize::MAX, |bs| (a / bs + 1) * bs);
            } else if p >= tails.drop_from {
                g.paint(raster, line, col, DROPPED_RGB, false);
            } else {
                g.paint(raster, line, col, ramp.rgb(value(p)), p >= tails.pad_from);
            }
        }
        let (start, end) = (line * g.per_line, ((line + 1) * g.per_line).min(g.len));
        let padded = end > tails.pad_from && start < tails.drop_from;
        g.mark(raster, line, padded, end > tails.drop_from);
    }
}
