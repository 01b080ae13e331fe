//! Epoch-by-epoch similarity: a heatmap whose cell `(i, j)` is the share of positions of the
//! padded list, over all ranks, that hold the same index in epoch `i` as in epoch `j`.
//! Without `set_epoch` every epoch repeats epoch 0 and the whole map is bright.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::ChartError;
use super::draw::{self, LABEL, font, render, titled};
use super::format::percent;
use super::history::History;
use crate::i18n::Lang;
use crate::i18n::chart_words::ChartWords as T;

/// Viridis at five stops, dark (no agreement) to bright (the same order).
const RAMP: [(u8, u8, u8); 5] =
    [(68, 1, 84), (59, 82, 139), (33, 145, 140), (94, 201, 98), (253, 231, 37)];

/// The similarity heatmap as an SVG document; cells not computed yet are left pale.
pub fn svg(history: &History, lang: Lang) -> Result<String, ChartError> {
    let k = history.epochs().max(1) as f64;
    render(|root| {
        let plot = titled(root, T::SimilarityTitle.text(lang))?;
        let mut chart = ChartBuilder::on(&plot)
            .margin(8)
            .margin_right(220)
            .x_label_area_size(52)
            .y_label_area_size(64)
            .build_cartesian_2d(0f64..k, 0f64..k)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_labels(0)
            .y_labels(0)
            .x_desc(T::SimilarityAxisEpoch.text(lang))
            .y_desc(T::SimilarityAxisEpoch.text(lang))
            .axis_desc_style(("sans-serif", LABEL).into_font().color(&draw::INK))
            .draw()?;
        let epochs = history.epochs();
        for i in 0..epochs {
            for j in 0..epochs {
                // Row 0 at the top, as a table reads.
                let (x, y) = (j as f64, k - 1.0 - i as f64);
                let value = history.similarity(i, j);
                let fill = value.map_or(draw::GRID, shade);
                chart.draw_series([Rectangle::new([(x, y), (x + 1.0, y + 1.0)], fill.filled())])?;
                let text = history.matches[i][j]
                    .map_or_else(|| "…".to_string(), |m| percent(m, history.total_size));
                let ink = if value.is_some_and(|v| v < 0.6) { WHITE } else { draw::INK };
                let at = chart.backend_coord(&(x + 0.5, y + 0.5));
                let style = font(LABEL, HPos::Center, VPos::Center).color(&ink);
                root.draw(&Text::new(text, at, style))?;
            }
            let (cx, cy) = chart.backend_coord(&(i as f64 + 0.5, 0.0));
            root.draw(&Text::new(
                i.to_string(),
                (cx, cy + 8),
                font(LABEL, HPos::Center, VPos::Top),
            ))?;
            let (rx, ry) = chart.backend_coord(&(0.0, k - 0.5 - i as f64));
            root.draw(&Text::new(
                i.to_string(),
                (rx - 10, ry),
                font(LABEL, HPos::Right, VPos::Center),
            ))?;
        }
        key(root, lang)
    })
}

/// The colour scale beside the map: 0 % at the bottom, 100 % at the top.
fn key(root: &draw::Area, lang: Lang) -> Result<(), ChartError> {
    let (x, top, height) = (560, 90, 220);
    for step in 0..height {
        let v = 1.0 - f64::from(step) / f64::from(height);
        let y = top + step;
        root.draw(&Rectangle::new([(x, y), (x + 24, y + 1)], shade(v).filled()))?;
    }
    let left = |text: &str, y| {
        Text::new(text.to_string(), (x + 32, y), font(LABEL, HPos::Left, VPos::Center))
    };
    root.draw(&left("100%", top))?;
    root.draw(&left("0%", top + height))?;
    root.draw(&Text::new(
        T::SimilarityKey.text(lang).to_string(),
        (x, top - 20),
        font(LABEL, HPos::Left, VPos::Bottom),
    ))?;
    Ok(())
}

/// The ramp's colour at `v` in `0 ..= 1`.
pub fn shade(v: f64) -> RGBColor {
    let v = if v.is_finite() { v.clamp(0.0, 1.0) } else { 0.0 };
    let scaled = v * (RAMP.len() - 1) as f64;
    let i = (scaled.floor() as usize).min(RAMP.len() - 2);
    let t = scaled - i as f64;
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
    let ((r0, g0, b0), (r1, g1, b1)) = (RAMP[i], RAMP[i + 1]);
    RGBColor(mix(r0, r1), mix(g0, g1), mix(b0, b1))
}
