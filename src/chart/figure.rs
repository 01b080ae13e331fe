//! One chart as the charts panel shows it, written as HTML by the story's part: the SVG (or why
//! it could not be drawn), the sentence beside it, and a button that saves it as a standalone
//! `.svg` file. The button says what it does in data attributes the page acts on: the file's
//! name (`data-save`) and what to say once saved (`data-saved`) or refused (`data-refused`).
//! Every element is keyed (`data-key`), so that the page's morph keeps the figure, its button
//! (and the focus on it) while the drawing changes.

use super::ChartError;
use crate::i18n::chart_words::ChartWords as T;
use crate::i18n::{Lang, fill};
use crate::model::html::escape;

/// The `<figure>` of the chart `testid` (`chart-visits`; its summary's test id is this plus
/// `-summary`), titled `title`, saved as `file`.
pub fn html(
    testid: &str,
    title: T,
    svg: &Result<String, ChartError>,
    summary: &str,
    file: &str,
    lang: Lang,
) -> String {
    let (drawing, failure) = match svg {
        // Our own SVG, drawn from numbers (plotters escapes its text).
        Ok(svg) => (svg.as_str(), String::new()),
        Err(e) => {
            let why = fill(T::Failed.text(lang), &[("why", &e.0)]);
            (
                "",
                format!(
                    r#"<p class="chart-error" role="status" data-key="error">{}</p>"#,
                    escape(&why)
                ),
            )
        }
    };
    let said = |key: T| escape(&fill(key.text(lang), &[("name", &file)]));
    // A drawn chart can be scrolled sideways on a phone (assets/charts.css), by the keys once
    // focused; an empty one is not a stop on the way.
    let (focusable, swipe) = if drawing.is_empty() {
        ("", String::new())
    } else {
        let swipe = format!(
            r#"<p class="chart-swipe" aria-hidden="true" data-key="swipe">{}</p>"#,
            escape(T::Swipe.text(lang))
        );
        (r#" tabindex="0""#, swipe)
    };
    format!(
        r#"<figure class="chart" data-testid="{testid}" data-key="{testid}"><div class="chart-svg" role="img" aria-label="{}"{focusable} data-key="svg">{drawing}</div>{swipe}{failure}<figcaption class="chart-summary" data-testid="{testid}-summary" data-key="summary">{}</figcaption><div class="chart-actions" data-key="actions"><button type="button" data-testid="{testid}-download" data-save="{}" data-saved="{}" data-refused="{}" data-key="save">{}</button><span class="chart-status" role="status" data-key="status"></span></div></figure>"#,
        escape(title.text(lang)),
        escape(summary),
        escape(file),
        said(T::Saved),
        said(T::SaveFailed),
        escape(T::Download.text(lang)),
    )
}
