//! The padded or trimmed tail: how many samples one epoch processes once, more than once
//! (wrap-around padding), or never (trimmed by the sampler, or in a loader's dropped batch).

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::ChartError;
use super::data::PaddingData;
use super::draw::{self, LABEL, font, rank_colour, render, titled};
use crate::i18n::Count;
use crate::i18n::Lang;
use crate::i18n::chart_words::ChartWords as T;

/// The groups' names and colours, in [`PaddingData::groups`]' order.
const GROUPS: [(T, usize); 4] = [
    (T::PaddingOnce, 0),
    (T::PaddingRepeated, 1),
    (T::PaddingTrimmed, 7),
    (T::PaddingLoaderLost, 5),
];

/// The padding chart as an SVG document: one bar per group, its count above it.
pub fn svg(data: &PaddingData, lang: Lang) -> Result<String, ChartError> {
    let groups = data.groups();
    let top = groups.iter().copied().max().unwrap_or(0);
    render(|root| {
        let plot = titled(root, T::PaddingTitle.text(lang))?;
        let axis = T::PaddingAxisSamples.text(lang);
        let mut chart = draw::count_axes(&plot, 0f64..4.0, top, None, axis)?;
        for (i, (&value, &(name, colour))) in groups.iter().zip(&GROUPS).enumerate() {
            let x = i as f64;
            let bar = Rectangle::new(
                [(x + 0.15, 0.0), (x + 0.85, value as f64)],
                rank_colour(colour).filled(),
            );
            chart.draw_series([bar])?;
            let (cx, cy) = chart.backend_coord(&(x + 0.5, value as f64));
            root.draw(&Text::new(
                Count(value).to_string(),
                (cx, cy - 4),
                font(LABEL, HPos::Center, VPos::Bottom),
            ))?;
            let (lx, ly) = chart.backend_coord(&(x + 0.5, 0.0));
            root.draw(&Text::new(
                name.text(lang).to_string(),
                (lx, ly + 8),
                font(LABEL, HPos::Center, VPos::Top),
            ))?;
        }
        Ok(())
    })
}
