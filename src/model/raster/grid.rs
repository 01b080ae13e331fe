//! Where a strip's positions land in the image: lines of pixel rows, runs of positions per
//! pixel, and which position of a run a pixel shows.

use super::{DROPPED_RGB, INK_RGB, MAX_STRIP_HEIGHT, Raster};

/// Pixel rows the strips of one stage share, before gaps.
const STAGE_BUDGET: usize = 480;
/// No strip gets fewer pixel rows than this, however many ranks.
const MIN_STRIP_HEIGHT: usize = 12;
/// A strip short enough for one line is drawn this tall (within its cap).
const ONE_LINE_HEIGHT: usize = 40;
/// Right margin: a 2 px gap, the padding mark, the dropped mark (3 px each).
const MARGIN: usize = 8;
/// Between strips.
const STRIP_GAP: usize = 8;
/// Hatching: every `HATCH`-th diagonal of a padded sample is left transparent.
const HATCH: usize = 4;

/// Where a strip's positions go: `lines` lines of `line_h` pixel rows, `per_line` positions
/// spread over `cols` columns starting at `(x0, y0)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Grid {
    pub(super) len: usize,
    pub(super) x0: usize,
    pub(super) y0: usize,
    pub(super) cols: usize,
    pub(super) lines: usize,
    pub(super) line_h: usize,
    pub(super) per_line: usize,
}

impl Grid {
    pub(super) fn new(len: usize, x0: usize, width: usize, y0: usize, cap: usize) -> Grid {
        let cols = width - x0 - MARGIN;
        let per_line = len.div_ceil(len.div_ceil(cols).clamp(1, cap)).max(1);
        let lines = len.div_ceil(per_line).max(1);
        let line_h = (ONE_LINE_HEIGHT.min(cap) / lines).max(1);
        Grid { len, x0, y0, cols, lines, line_h, per_line }
    }

    pub(super) fn height(&self) -> usize {
        self.lines * self.line_h
    }

    /// Positions `a .. b` covered by column `col` of line `line`, or `None` past the end.
    pub(super) fn run(&self, line: usize, col: usize) -> Option<(usize, usize)> {
        let (p, c) = (self.per_line as u64, self.cols as u64);
        let start = (col as u64 * p / c) as usize;
        let end = (((col as u64 + 1) * p / c) as usize).max(start + 1);
        let base = line * self.per_line;
        (base + start < self.len).then(|| (base + start, (base + end).min(self.len)))
    }

    /// `(col, a, shown)` for each column of `line` holding positions, left to right: the run
    /// starts at `a` and the pixel shows position `shown`. As [`Grid::run`] and [`pick`], but
    /// without a division per pixel.
    pub(super) fn runs(&self, line: usize) -> impl Iterator<Item = (usize, usize, usize)> + use<> {
        let (len, base, cols) = (self.len, line * self.per_line, self.cols);
        let (step, rem) = (self.per_line / cols, self.per_line % cols);
        let (mut end, mut frac) = (0, 0);
        (0..cols).map_while(move |col| {
            let start = end;
            // end = floor((col + 1) * per_line / cols), kept as quotient and remainder.
            (end, frac) = (end + step, frac + rem);
            if frac >= cols {
                (end, frac) = (end + 1, frac - cols);
            }
            let (a, b) = (base + start, (base + end.max(start + 1)).min(len));
            (a < len).then(|| (col, a, pick(a, b, line, col)))
        })
    }

    pub(super) fn paint(
        &self,
        raster: &mut Raster,
        line: usize,
        col: usize,
        rgb: [u8; 3],
        hatched: bool,
    ) {
        let x = self.x0 + col;
        for y in self.y0 + line * self.line_h..self.y0 + (line + 1) * self.line_h {
            if !(hatched && (x + y).is_multiple_of(HATCH)) {
                raster.put(x, y, rgb);
            }
        }
    }

    /// Margin marks of one line: padding, then dropped.
    pub(super) fn mark(&self, raster: &mut Raster, line: usize, padded: bool, dropped: bool) {
        let x = self.x0 + self.cols + 2;
        let marks = [(padded, INK_RGB, x), (dropped, DROPPED_RGB, x + 3)];
        for (_, rgb, x) in marks.into_iter().filter(|m| m.0) {
            for y in self.y0 + line * self.line_h..self.y0 + (line + 1) * self.line_h {
                (x..x + 3).for_each(|x| raster.put(x, y, rgb));
            }
        }
    }
}

/// Grids for strips of `lens` positions, stacked top to bottom.
pub(super) fn stack(width: usize, x0: usize, lens: &[usize]) -> Vec<Grid> {
    let cap = (STAGE_BUDGET / lens.len().max(1)).clamp(MIN_STRIP_HEIGHT, MAX_STRIP_HEIGHT);
    let mut y = 0;
    let mut grids = Vec::with_capacity(lens.len());
    for &len in lens {
        let grid = Grid::new(len, x0, width, y, cap);
        y += grid.height() + STRIP_GAP;
        grids.push(grid);
    }
    grids
}

/// The position of run `a .. b` that pixel `(line, col)` shows: a fixed hash of the pixel
/// scaled to the run (multiply-shift, no division), not the run's first position.
pub(super) fn pick(a: usize, b: usize, line: usize, col: usize) -> usize {
    let mut h = (line as u32).wrapping_mul(0x9e37_79b1) ^ (col as u32).wrapping_mul(0x85eb_ca77);
    h ^= h >> 16;
    h = h.wrapping_mul(0x7feb_352d);
    h ^= h >> 15;
    a + ((u64::from(h) * (b - a) as u64) >> 32) as usize
}
