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
//!   comparison at the top; its controls move back to the form), `lengths`, `pipeline` (the
//!   pipeline and its playback bar). Unknown names are
//!   ignored. Hiding a control keeps its value: the URL still sets it.

use super::params::Field;
use super::query::Params;
use crate::i18n::page::PanelText;
use crate::i18n::story::StoryText;
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
    /// The three lengths (`len(dataset)`, `len(sampler)`, `len(loader)`).
    Lengths,
    /// The pipeline, stage by stage, with its playback bar.
    Pipeline,
}

impl Section {
    /// Every section `hide=` knows.
    pub const ALL: [Section; 6] = [
        Section::NoSampler,
        Section::Timeline,
        Section::Tables,
        Section::Compare,
        Section::Lengths,
        Section::Pipeline,
    ];

    /// Its name in `hide=`.
    pub fn name(self) -> &'static str {
        match self {
            Section::NoSampler => "no_sampler",
            Section::Timeline => "timeline",
            Section::Tables => "tables",
            Section::Compare => "compare",
            Section::Lengths => "lengths",
            Section::Pipeline => "pipeline",
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
    /// The one story step shown (`step=set-epoch`), in an embed.
    pub step: Option<super::story::Step>,
}

impl Layout {
    /// Reads `embed` and every `hide` among decoded `(name, value)` pairs; the rest is ignored.
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Layout {
        let mut layout = Layout::default();
        let mut step = None;
        for (name, value) in pairs {
            match name {
                "embed" => layout.embed = super::parse_flag(value) == Some(true),
                "hide" => value.split(',').for_each(|item| layout.hide(item.trim())),
                "step" => step = super::story::Step::from_anchor(value),
                _ => {}
            }
        }
        // One step alone is an embed's view; on the full page `step=` is where the walk-through
        // and present mode stand, and every step is shown.
        layout.step = step.filter(|_| layout.embed);
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

/// Something in the URL that the page does not do as asked, said on the page rather than
/// dropped without a word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// `embed=`, `guide=` or `present=` with a value that is not a flag
    /// ([`super::parse_flag`]): ignored.
    NotFlag {
        /// `embed`, `guide` or `present`.
        name: &'static str,
        /// What the URL said.
        got: String,
    },
    /// A `hide=` item that names no control or section: ignored.
    UnknownHide(String),
    /// `guide=1` in an embed: the walk-through is on the full page.
    GuideOnFullPage,
    /// A pitfall's embed shows the pitfall's own example; these parameters of the URL (fields,
    /// `compare`, `hide` items) are not used.
    PitfallOwnExample(Vec<String>),
    /// `speed=` that is not one of [`super::present::SPEEDS`]: the play keeps its own speed.
    UnknownSpeed(String),
    /// `present=1` in an embed: present mode is the full page's.
    PresentOnFullPage,
    /// `guide=1` beside `hide=pipeline`: the walk-through explains the pipeline, so it is left
    /// out too.
    GuideNeedsPipeline,
    /// `step=` that names no step of the story: the whole story is shown.
    UnknownStep(String),
}

/// What the page says about its URL's `(name, value)` pairs (decoded, first value of each name;
/// every `hide` value), for a page embedded or not and showing a pitfall alone or not.
pub fn notices<'a>(
    pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    layout: Layout,
    pitfall_only: bool,
) -> Vec<Notice> {
    let mut notices: Vec<Notice> = Vec::new();
    let mut unused: Vec<String> = Vec::new();
    let mut say = |notice: Notice| {
        if !notices.contains(&notice) {
            notices.push(notice);
        }
    };
    let mut unused_too = |name: &str| {
        if !unused.iter().any(|n| n == name) {
            unused.push(name.to_string());
        }
    };
    for (name, value) in pairs {
        let flag = super::parse_flag(value);
        match name {
            "embed" | "guide" | "present" if flag.is_none() => {
                let name = ["embed", "guide", "present"].into_iter().find(|n| *n == name);
                say(Notice::NotFlag { name: name.unwrap_or("embed"), got: value.to_string() });
            }
            "present" if flag == Some(true) && layout.embed => say(Notice::PresentOnFullPage),
            "speed" if super::present::speed(value).is_none() => {
                say(Notice::UnknownSpeed(value.to_string()))
            }
            "guide" if flag == Some(true) && layout.embed => say(Notice::GuideOnFullPage),
            "step" if super::story::Step::from_anchor(value).is_none() => {
                say(Notice::UnknownStep(value.to_string()))
            }
            "guide" if flag == Some(true) && layout.hides_section(Section::Pipeline) => {
                say(Notice::GuideNeedsPipeline)
            }
            "hide" => {
                for item in value.split(',').map(str::trim).filter(|item| !item.is_empty()) {
                    if !known_hide(item) {
                        say(Notice::UnknownHide(item.to_string()));
                    } else if pitfall_only {
                        unused_too(&format!("hide={item}"));
                    }
                }
            }
            "compare" if pitfall_only => unused_too("compare"),
            _ if pitfall_only && Field::from_name(name).is_some() => unused_too(name),
            _ => {}
        }
    }
    if !unused.is_empty() {
        say(Notice::PitfallOwnExample(unused));
    }
    notices
}

/// Whether `hide=` knows `item`.
fn known_hide(item: &str) -> bool {
    item == "controls"
        || Field::from_name(item).is_some()
        || Section::ALL.into_iter().any(|s| s.name() == item)
}

impl Notice {
    /// The sentence the page shows, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Notice::NotFlag { name, got } => {
                fill(PanelText::NoticeNotFlag.text(lang), &[("name", name), ("got", got)])
            }
            Notice::UnknownHide(item) => {
                fill(PanelText::NoticeUnknownHide.text(lang), &[("item", item)])
            }
            Notice::GuideOnFullPage => PanelText::EmbedNoGuide.text(lang).to_string(),
            Notice::PitfallOwnExample(names) => {
                fill(PanelText::NoticePitfallExample.text(lang), &[("names", &names.join(", "))])
            }
            Notice::UnknownSpeed(got) => {
                let speeds: Vec<&str> = super::present::SPEEDS.iter().map(|(n, _)| *n).collect();
                let speeds = speeds.join(", ");
                fill(PanelText::NoticeUnknownSpeed.text(lang), &[("got", got), ("speeds", &speeds)])
            }
            Notice::PresentOnFullPage => PanelText::NoticePresentFullPage.text(lang).to_string(),
            Notice::GuideNeedsPipeline => {
                PanelText::NoticeGuideNeedsPipeline.text(lang).to_string()
            }
            Notice::UnknownStep(got) => {
                let steps: Vec<&str> = super::story::Step::ALL.iter().map(|s| s.anchor()).collect();
                let steps = steps.join(", ");
                fill(StoryText::UnknownStep.text(lang), &[("got", got), ("steps", &steps)])
            }
        }
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
        super::html::escape(src),
        super::html::escape(title),
    )
}

/// The `<iframe>`'s accessible title in `lang`: what it shows, in a few words, led by the
/// compared schemes' titles (`DistributedSampler` alone when no comparison is shown).
pub fn iframe_title(params: &Params, schemes: &[&dyn super::scheme::Scheme], lang: Lang) -> String {
    let what = if schemes.is_empty() {
        "DistributedSampler".to_string()
    } else {
        let titles: Vec<&str> = schemes.iter().map(|s| s.title().text(lang)).collect();
        titles.join(" · ")
    };
    fill(
        PanelText::IframeTitle.text(lang),
        &[
            ("what", &what),
            ("n", &params.n),
            ("w", &params.num_replicas),
            ("seed", &params.seed),
            ("epoch", &params.epoch),
        ],
    )
}

/// The `<iframe>`'s title for a pitfall's embed: the pitfall's title, broken beside fixed.
pub fn pitfall_iframe_title(scenario: super::scenario::Scenario, lang: Lang) -> String {
    fill(PanelText::PitfallIframeTitle.text(lang), &[("title", &scenario.title().text(lang))])
}

/// Where a frame addresses its answer to a parent's `sampler-viz:get-height`: the origin that
/// asked, or `*` when it has none to name (an opaque `null` origin, a sandboxed parent).
pub fn reply_origin(asker: &str) -> &str {
    if asker.is_empty() || asker == "null" { "*" } else { asker }
}
