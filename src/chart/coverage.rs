//! Coverage per rank over epochs: the share of the dataset a rank has processed after
//! `k = 1, 2, …` epochs. Without `set_epoch` it never grows past the first epoch's share.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::ChartError;
use super::draw::{self, LABEL, font, label_width, legend, rank_colour, render, titled};
use super::format::share;
use super::history::History;
use crate::i18n::chart_words::ChartWords as T;
use crate::i18n::{Lang, fill};

/// The coverage chart as an SVG document: one line per tracked rank, epochs so far.
pub fn svg(history: &History, lang: Lang) -> Result<String, ChartError> {
    let k = history.epochs().max(1);
    render(|root| {
        let plot = titled(root, T::CoverageTitle.text(lang))?;
        let mut chart = ChartBuilder::on(&plot)
            .margin_top(28)
            .margin_right(24)
            .x_label_area_size(52)
            .y_label_area_size(80)
            .build_cartesian_2d(0.6f64..k as f64 + 0.4, 0f64..1.05)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .light_line_style(WHITE)
            .x_labels(0)
            .y_labels(6)
            .y_label_formatter(&|v| format!("{}%", (v * 100.0).round() as i64))
            .x_desc(T::CoverageAxisEpochs.text(lang))
            .y_desc(T::CoverageAxisShare.text(lang))
            .label_style(("sans-serif", LABEL).into_font().color(&draw::INK))
            .axis_desc_style(("sans-serif", LABEL).into_font().color(&draw::INK))
            .draw()?;
        // Ranks often cover exactly as much as each other: each line is drawn a little
        // narrower than the one before it, so that lines on the same points show as nested
        // stripes of every rank's colour rather than the last rank's alone.
        let tracked = history.seen.len() as u32;
        for (r, seen) in history.seen.iter().enumerate() {
            let points: Vec<(f64, f64)> = seen
                .iter()
                .enumerate()
                .map(|(e, &s)| ((e + 1) as f64, share(s, history.n)))
                .collect();
            let colour = rank_colour(r);
            let wider = tracked - 1 - r as u32;
            let width = 2 + 2 * wider;
            chart
                .draw_series(LineSeries::new(points.iter().copied(), colour.stroke_width(width)))?;
            let radius = 4 + wider as i32;
            chart.draw_series(points.iter().map(|&p| Circle::new(p, radius, colour.filled())))?;
        }
        for e in 1..=k {
            let (x, y) = chart.backend_coord(&(e as f64, 0.0));
            root.draw(&Text::new(e.to_string(), (x, y + 8), font(LABEL, HPos::Center, VPos::Top)))?;
        }
        let labels: Vec<String> =
            (0..history.seen.len()).map(|r| fill(T::RankLabel.text(lang), &[("r", &r)])).collect();
        let items: Vec<_> = labels
            .iter()
            .enumerate()
            .map(|(r, l)| (l.as_str(), rank_colour(r), label_width(l)))
            .collect();
        legend(root, (110, 56), &items)
    })
}
