//! The charts of the teaching panel: pure functions from data to a standalone SVG string,
//! drawn with `plotters`' SVG backend (no fonts, no bitmaps).
//!
//! - [`data`]: what the one-epoch charts show (visits, padding), read off a [`Picture`].
//! - [`history`]: what the multi-epoch charts show (similarity, coverage), computed by a task
//!   that draws one permutation per epoch in slices, so that a page stays responsive;
//!   [`deals`]: the same for any scheme, read off its whole deals one epoch at a time.
//! - [`visits`], [`similarity`], [`coverage`], [`padding`]: one chart each, `data -> SVG`.
//! - [`summary`]: the sentence beside each chart, from the same data.
//! - [`wire`]: the one-epoch data as integers, as the page hands it to the story's part.
//!
//! Charts are drawn on white in both page themes, so that the downloaded file and the page
//! show the same picture with the same contrast.
//!
//! [`Picture`]: crate::model::Picture

pub mod coverage;
pub mod data;
pub mod deals;
mod draw;
pub mod figure;
pub mod format;
pub mod history;
mod known;
pub mod padding;
pub mod similarity;
pub mod summary;
pub mod visits;
pub mod wire;

/// Why a chart could not be drawn (plotters' error, as text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChartError(pub String);

impl std::fmt::Display for ChartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the chart could not be drawn: {}", self.0)
    }
}

impl std::error::Error for ChartError {}

impl<E: std::error::Error + Send + Sync> From<plotters::drawing::DrawingAreaErrorKind<E>>
    for ChartError
{
    fn from(error: plotters::drawing::DrawingAreaErrorKind<E>) -> Self {
        ChartError(error.to_string())
    }
}

/// The page's rank colours (Okabe–Ito, as `--rank-0..7` in `assets/style.css`), as real
/// colours: a downloaded SVG has no stylesheet.
pub const RANK_COLOURS: [(u8, u8, u8); 8] = [
    (0x00, 0x72, 0xb2),
    (0xe6, 0x9f, 0x00),
    (0x00, 0x9e, 0x73),
    (0xcc, 0x79, 0xa7),
    (0x56, 0xb4, 0xe9),
    (0xd5, 0x5e, 0x00),
    (0xf0, 0xe4, 0x42),
    (0x6b, 0x6b, 0x6b),
];
