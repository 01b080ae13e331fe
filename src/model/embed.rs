//! How much of the page to show: the full page, or the compact view for an `<iframe>`
//! (`embed=1`), with controls and sections left out by `hide=`; and the `<iframe>` code that
//! embeds a view.
//!
//! - `embed=1` (or any spelling [`super::parse_flag`] takes for on: `true`, `True`): no
//!   masthead, no footer, no share panel, no cost, no code panel; the controls, the lengths, the pipeline (with playback), the index tables (with and
//!   without a sampler) and the epoch timeline stay, with a link to the full page.
//! - `hide=a,b,…` (on the full page too, so an embed can be previewed before it is copied):
//!   each item is a control's URL name ([`Field::name`]: `n`, `seed`, `drop_last`, `stage`
//!   hides the playback bar, …), `controls` (every control), or a section: `no_sampler` (the
//!   no-sampler side and its cost), `timeline`, `tables` (both index tables), `compare` (the
//!   comparison at the top; its controls move back to the form). Unknown names are
//!   ignored. Hiding a control keeps its value: the URL still sets it.

use super::params::Field;
use super::query::Params;
use crate::i18n::page::PanelText;
use crate::i18n::{Lang, fill};

/// A part of the page that `hide=` can leave out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    /// The no-sampler side (its controls, its table) and the cost of both set-ups.
    NoSampler,
    /// The epoch timeline.
    Timeline,
    /// Both index tables.
    Tables,
    /// The comparison at the top (its controls stay, below).
    Compare,
}

impl Section {
    /// Every section `hide=` knows.
    pub const ALL: [Section; 4] =
        [Section::NoSampler, Section::Timeline, Section::Tables, Section::Compare];

    /// Its name in `hide=`.
    pub fn name(self) -> &'static str {
        match self {
            Section::NoSampler => "no_sampler",
            Section::Timeline => "timeline",
            Section::Tables => "tables",
            Section::Compare => "compare",
        }
    }

    fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// What the page shows, read once from the URL (`embed=`, `hide=`). `Copy`, for a context.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Layout {
    /// The compact view for an `<iframe>`.
    pub embed: bool,
    /// One bit per [`Field`] (its position in [`Field::ALL`]).
    fields: u32,
    /// One bit per [`Section`].
    sections: u8,
}

impl Layout {
    /// Reads `embed` and every `hide` among decoded `(name, value)` pairs; the rest is ignored.
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Layout {
        let mut layout = Layout::default();
        for (name, value) in pairs {
            match name {
                "embed" => layout.embed = super::parse_flag(value) == Some(true),
                "hide" => value.split(',').for_each(|item| layout.hide(item.trim())),
                _ => {}
            }
        }
        layout
    }

    fn hide(&mut self, item: &str) {
        if item == "controls" {
            self.fields = u32::MAX;
        } else if let Some(field) = Field::from_name(item) {
            self.fields |= field_bit(field);
        } else if let Some(section) = Section::ALL.into_iter().find(|s| s.name() == item) {
            self.sections |= section.bit();
        }
    }

    /// Whether the control of `field` is left out.
    pub fn hides(&self, field: Field) -> bool {
        self.fields & field_bit(field) != 0
    }

    /// Whether every one of `fields` is left out (a group of controls with nothing in it).
    pub fn hides_all(&self, fields: &[Field]) -> bool {
        fields.iter().all(|&f| self.hides(f))
    }

    /// Whether `section` is left out.
    pub fn hides_section(&self, section: Section) -> bool {
        self.sections & section.bit() != 0
    }
}

fn field_bit(field: Field) -> u32 {
    let position = Field::ALL.iter().position(|&f| f == field).unwrap_or(0);
    1 << position
}

/// The `<iframe>`'s height in the embed code, in CSS pixels: room for the controls, the lengths
/// and a small pipeline. A parent page that listens for `sampler-viz:height` messages can
/// fit it exactly.
pub const IFRAME_HEIGHT: u32 = 800;

/// The class of the `<iframe>` in the embed code: the host page's stylesheet removes the
/// border (`iframe.sampler-viz { border: 0 }`), since a style attribute would need the host's
/// Content-Security-Policy to allow inline styles.
pub const IFRAME_CLASS: &str = "sampler-viz";

/// The `<iframe>` element that embeds `src` (the page's URL with `embed=1`), escaped for HTML.
pub fn iframe_code(src: &str, title: &str) -> String {
    format!(
        r#"<iframe class="{IFRAME_CLASS}" src="{}" title="{}" width="100%" height="{IFRAME_HEIGHT}" loading="lazy"></iframe>"#,
        escape_attribute(src),
        escape_attribute(title),
    )
}

/// The `<iframe>`'s accessible title in `lang`: what it shows, in a few words.
pub fn iframe_title(params: &Params, lang: Lang) -> String {
    fill(
        PanelText::IframeTitle.text(lang),
        &[
            ("n", &params.n),
            ("w", &params.num_replicas),
            ("seed", &params.seed),
            ("epoch", &params.epoch),
        ],
    )
}

/// Text for a double-quoted HTML attribute.
fn escape_attribute(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}
