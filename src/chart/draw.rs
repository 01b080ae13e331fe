//! What every chart shares: the canvas, the fonts, the title, the legend and the colours.
//!
//! Text sizes are given to plotters in its own unit: its SVG backend writes `size / 1.24`
//! pixels, so 16 comes out at about 13 px. No text is measured here (plotters measures text
//! through the DOM on wasm32, roughly by character count natively): titles and legends are
//! placed by hand, and axis labels only ever sit left of or below the plot.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::ChartError;

/// Every chart's size in SVG units (the page scales it to its column).
pub const SIZE: (u32, u32) = (720, 400);
/// Labels and axis titles: about 13 px on screen.
pub const LABEL: f64 = 16.0;
/// The chart's title: about 16 px.
pub const TITLE: f64 = 20.0;
/// Text colour: the page's light-theme ink.
pub const INK: RGBColor = RGBColor(0x1d, 0x1d, 0x1f);
/// Grid lines.
pub const GRID: RGBColor = RGBColor(0xdd, 0xdd, 0xdd);

/// The drawing surface every chart draws on.
pub type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// An SVG of [`SIZE`] on white, drawn by `draw` on the whole canvas.
pub fn render(draw: impl FnOnce(&Area) -> Result<(), ChartError>) -> Result<String, ChartError> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE)?;
        draw(&root)?;
        root.present()?;
    }
    Ok(svg)
}

/// A text style of `size` in ink, anchored at `h`/`v`.
pub fn font(size: f64, h: HPos, v: VPos) -> TextStyle<'static> {
    ("sans-serif", size).into_font().color(&INK).pos(Pos::new(h, v))
}

/// The title at the top left; returns the area left below it for the plot.
pub fn titled<'a>(root: &Area<'a>, title: &str) -> Result<Area<'a>, ChartError> {
    root.draw(&Text::new(title.to_string(), (16, 10), font(TITLE, HPos::Left, VPos::Top)))?;
    Ok(root.margin(40, 4, 8, 16))
}

/// Coloured swatches with their labels on one line at `(x, y)` of the canvas, left to right;
/// `widths` are the room each label gets (text is not measured).
pub fn legend(root: &Area, at: (i32, i32), items: &[(&str, RGBColor, i32)]) -> Result<(), ChartError> {
    let (mut x, y) = at;
    for &(label, colour, width) in items {
        root.draw(&Rectangle::new([(x, y - 6), (x + 12, y + 6)], colour.filled()))?;
        root.draw(&Text::new(label.to_string(), (x + 18, y), font(LABEL, HPos::Left, VPos::Center)))?;
        x += 18 + width;
    }
    Ok(())
}

/// Rank `r`'s colour, cycling through the palette.
pub fn rank_colour(r: usize) -> RGBColor {
    let (red, green, blue) = super::RANK_COLOURS[r % super::RANK_COLOURS.len()];
    RGBColor(red, green, blue)
}

/// Room for a label of `chars` characters at [`LABEL`] size (a generous guess: the SVG is
/// shown with whatever sans-serif font the viewer has).
pub fn label_width(text: &str) -> i32 {
    (text.chars().map(|c| if c.is_ascii() { 8 } else { 14 }).sum::<i32>()).max(8)
}

/// A rounded y-axis top at least `max` (at least 1, so that an empty chart still has an axis).
pub fn y_top(max: u64) -> f64 {
    (max.max(1) as f64) * 1.08
}
