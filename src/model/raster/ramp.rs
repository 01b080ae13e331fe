//! The colours of the large-dataset picture ([`super`]): a sequential ramp for index
//! values and the page's rank palette, as RGB for pixels (the page's CSS has the same values).
//!
//! The value ramp is matplotlib's viridis: perceptually uniform, its lightness rising
//! monotonically from dark purple to yellow, and readable with every common colour-vision
//! deficiency and in greyscale. The rank palette is Okabe–Ito, also colour-blind safe.

/// The value ramp: viridis at nine evenly spaced stops, interpolated linearly between them.
pub const RAMP_STOPS: [[u8; 3]; 9] = [
    [0x44, 0x01, 0x54],
    [0x48, 0x28, 0x78],
    [0x3e, 0x49, 0x89],
    [0x31, 0x68, 0x8e],
    [0x26, 0x82, 0x8e],
    [0x1f, 0x9e, 0x89],
    [0x35, 0xb7, 0x79],
    [0x6e, 0xce, 0x58],
    [0xfd, 0xe7, 0x25],
];

/// The rank palette: the same hex values as `--rank-0 .. --rank-7` in `assets/style.css`.
pub const RANK_RGB: [[u8; 3]; 8] = [
    [0x00, 0x72, 0xb2],
    [0xe6, 0x9f, 0x00],
    [0x00, 0x9e, 0x73],
    [0xcc, 0x79, 0xa7],
    [0x56, 0xb4, 0xe9],
    [0xd5, 0x5e, 0x00],
    [0xf0, 0xe4, 0x42],
    [0x6b, 0x6b, 0x6b],
];

/// Samples no rank trains on this epoch: a light grey, apart from rank 7's darker one.
pub const DROPPED_RGB: [u8; 3] = [0xc4, 0xc4, 0xc4];

/// The margin mark of a line holding padding: a mid grey, visible on light and dark pages.
pub const INK_RGB: [u8; 3] = [0x80, 0x80, 0x80];

/// The ramp precomputed at compile time: `LUT[k]` is the colour at `k / 255`.
const LUT: [[u8; 3]; 256] = ramp_lut();

/// The colour of index `index` in a dataset of `n` samples: 0 is the ramp's start, `n - 1`
/// its end, rounded to the nearest of 256 steps.
///
/// ```
/// use sampler_viz::model::raster::{RAMP_STOPS, value_rgb};
/// assert_eq!(value_rgb(0, 1000), RAMP_STOPS[0]);
/// assert_eq!(value_rgb(999, 1000), RAMP_STOPS[8]);
/// ```
pub fn value_rgb(index: u32, n: usize) -> [u8; 3] {
    Ramp::new(n).rgb(index)
}

/// The value ramp for one dataset size, scaled once: `slot = index * 255 / (n - 1)`, rounded,
/// in 24-bit fixed point (no division or float conversion per pixel).
#[derive(Debug, Clone, Copy)]
pub(super) struct Ramp {
    scale: u64,
}

impl Ramp {
    pub(super) fn new(n: usize) -> Ramp {
        let top = (n as u64).saturating_sub(1).max(1);
        Ramp { scale: ((255 << 24) + top / 2) / top }
    }

    pub(super) fn rgb(self, index: u32) -> [u8; 3] {
        let slot = (u64::from(index) * self.scale + (1 << 23)) >> 24;
        LUT[(slot as usize).min(255)]
    }
}

/// The colour of rank `rank` (the palette repeats after 8 ranks, as the page's CSS does).
pub fn rank_rgb(rank: usize) -> [u8; 3] {
    RANK_RGB[rank % RANK_RGB.len()]
}

/// The ramp as a CSS gradient, for a legend drawn in HTML.
pub fn ramp_css() -> String {
    let stops: Vec<String> =
        RAMP_STOPS.iter().map(|[r, g, b]| format!("#{r:02x}{g:02x}{b:02x}")).collect();
    format!("linear-gradient(to right, {})", stops.join(", "))
}

/// 256 colours along [`RAMP_STOPS`], each channel interpolated linearly and rounded.
const fn ramp_lut() -> [[u8; 3]; 256] {
    let segments = RAMP_STOPS.len() - 1;
    let mut lut = [[0u8; 3]; 256];
    let mut k = 0;
    while k < 256 {
        let scaled = k * segments;
        let s = if scaled / 255 < segments { scaled / 255 } else { segments - 1 };
        let f = scaled - s * 255;
        let mut c = 0;
        while c < 3 {
            let (lo, hi) = (RAMP_STOPS[s][c] as usize, RAMP_STOPS[s + 1][c] as usize);
            lut[k][c] = ((lo * (255 - f) + hi * f + 127) / 255) as u8;
            c += 1;
        }
        k += 1;
    }
    lut
}
