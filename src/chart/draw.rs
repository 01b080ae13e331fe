//! What every chart shares: the canvas, the fonts, the title, the legend and the colours.
//!
//! Text sizes are given to plotters in its own unit: its SVG backend writes `size / 1.24`
//! pixels, so 16 comes out at about 13 px. No text is measured here (plotters measures text
//! through the DOM on wasm32, roughly by character count natively): titles and legends are
//! placed by hand, and axis labels only ever sit left of or below the plot.

use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::ChartError;
use crate::i18n::Count;

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
/// A plot with numbers on both axes.
pub type Plot<'a> = ChartContext<'a, SVGBackend<'a>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// The bar charts' axes on `plot`: `x` across (labelled by the caller, below the bars), counts
/// of samples from 0 to a little over `top` up the side, with thousands separators.
pub fn count_axes<'a>(
    plot: &Area<'a>,
    x: std::ops::Range<f64>,
    top: u64,
    x_desc: Option<&str>,
    y_desc: &str,
) -> Result<Plot<'a>, ChartError> {
    let mut chart = ChartBuilder::on(plot)
        .margin_top(28)
        .x_label_area_size(52)
        .y_label_area_size(96)
        .build_cartesian_2d(x, 0f64..y_top(top))?;
    let mut mesh = chart.configure_mesh();
    mesh.disable_x_mesh()
        .light_line_style(WHITE)
        .x_labels(0)
        .y_labels(6)
        .y_label_formatter(&|v| Count(v.max(0.0).round() as u64).to_string())
        .y_desc(y_desc)
        .label_style(("sans-serif", LABEL).into_font().color(&INK))
        .axis_desc_style(("sans-serif", LABEL).into_font().color(&INK));
    if let Some(desc) = x_desc {
        mesh.x_desc(desc);
    }
    mesh.draw()?;
    Ok(chart)
}

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
pub fn legend(
    root: &Area,
    at: (i32, i32),
    items: &[(&str, RGBColor, i32)],
) -> Result<(), ChartError> {
    let (mut x, y) = at;
    for &(label, colour, width) in items {
        root.draw(&Rectangle::new([(x, y - 6), (x + 12, y + 6)], colour.filled()))?;
        root.draw(&Text::new(
            label.to_string(),
            (x + 18, y),
            font(LABEL, HPos::Left, VPos::Center),
        ))?;
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
