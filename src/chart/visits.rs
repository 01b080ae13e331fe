//! Visits per sample in one epoch over all ranks: a histogram of how many samples are
//! processed 0, 1, 2, … times, with the scheme drawn beside no sampler at all.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::ChartError;
use super::data::VisitsData;
use super::draw::{self, LABEL, font, label_width, legend, rank_colour, render, titled};
use crate::i18n::Count;
use crate::i18n::Lang;
use crate::i18n::chart_words::ChartWords as T;

/// The visits chart as an SVG document.
pub fn svg(data: &VisitsData, lang: Lang) -> Result<String, ChartError> {
    let top = data
        .sampler
        .iter()
        .chain(data.no_sampler.counted().into_iter().flatten())
        .map(|&(_, s)| s)
        .max();
    let times = data.max_times();
    render(|root| {
        let plot = titled(root, T::VisitsTitle.text(lang))?;
        let x = -0.5f64..f64::from(times) + 0.5;
        let (x_desc, y_desc) = (T::VisitsAxisTimes.text(lang), T::VisitsAxisSamples.text(lang));
        let mut chart = draw::count_axes(&plot, x, top.unwrap_or(0), Some(x_desc), y_desc)?;
        let bars =
            [(&data.sampler[..], -0.4, 0), (data.no_sampler.counted().unwrap_or(&[]), 0.0, 1)];
        for (histogram, offset, colour) in bars {
            chart.draw_series(histogram.iter().map(|&(t, s)| {
                let x = f64::from(t) + offset;
                Rectangle::new([(x, 0.0), (x + 0.4, s as f64)], rank_colour(colour).filled())
            }))?;
            // A bar of one sample among a million is invisible: its count says it is there.
            for &(t, s) in histogram.iter().filter(|_| times <= 16) {
                let (x, y) = chart.backend_coord(&(f64::from(t) + offset + 0.2, s as f64));
                root.draw(&Text::new(
                    Count(s).to_string(),
                    (x, y - 4),
                    font(LABEL, HPos::Center, VPos::Bottom),
                ))?;
            }
        }
        // At most about 16 labels: 65 of them (64 ranks) would overlap.
        for t in (0..=times).filter(|t| t % times.div_ceil(16).max(1) == 0) {
            let (x, y) = chart.backend_coord(&(f64::from(t), 0.0));
            root.draw(&Text::new(t.to_string(), (x, y + 8), font(LABEL, HPos::Center, VPos::Top)))?;
        }
        let (with, without) = (data.scheme().title().text(lang), T::VisitsLegendNone.text(lang));
        let items = [
            (with, rank_colour(0), label_width(with)),
            (without, rank_colour(1), label_width(without)),
        ];
        legend(root, (120, 56), &items[..if data.no_sampler.counted().is_some() { 2 } else { 1 }])
    })
}
