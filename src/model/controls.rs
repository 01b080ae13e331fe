//! What each control on the page shows, decided here rather than in the UI: a control shows
//! the state the picture is drawn with, never a reading of its text of its own.
//!
//! A control holds a text (from the URL, or as typed). A checkbox shows the flag its text
//! parses to ([`super::parse_flag`], the one parser of booleans), or, when its text is
//! bad, the value the picture uses; a list of choices likewise; free text (numbers, seeds)
//! shows what was typed, with its error beside it when bad.

use std::collections::BTreeMap;

use super::values::flag_text;
use super::{Field, ParamError, Params};

/// How a field is edited on the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A checkbox: a flag.
    Checkbox,
    /// One of a few named values (`seeding`, `inner`, `sharding`).
    Choice,
    /// Free text: whole numbers and seeds.
    Text,
}

impl Kind {
    /// How `field` is edited.
    pub fn of(field: Field) -> Kind {
        match field {
            Field::Seeding | Field::Inner | Field::Sharding | Field::Generator => Kind::Choice,
            _ if Params::default().flag(field).is_some() => Kind::Checkbox,
            _ => Kind::Text,
        }
    }
}

/// What one control displays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shown {
    /// A checkbox, ticked or not.
    Checked(bool),
    /// The value selected in a list of choices.
    Chosen(String),
    /// A text field's content, as typed.
    Typed(String),
}

impl Shown {
    /// The text the control reads back as (what it writes when changed): `1`/`0` for a
    /// checkbox.
    pub fn text(&self) -> String {
        match self {
            Shown::Checked(on) => flag_text(*on).to_string(),
            Shown::Chosen(text) | Shown::Typed(text) => text.clone(),
        }
    }

    /// Whether a checkbox is ticked (`false` for the other controls).
    pub fn checked(&self) -> bool {
        matches!(self, Shown::Checked(true))
    }
}

/// What the control of `field` shows when it holds `text` beside a picture drawn with `drawn`.
pub fn shown(field: Field, text: &str, drawn: &Params) -> Shown {
    let value = || read(field, text).unwrap_or_else(|| drawn.clone());
    match Kind::of(field) {
        Kind::Checkbox => Shown::Checked(value().flag(field).unwrap_or_default()),
        Kind::Choice => Shown::Chosen(value().get(field)),
        Kind::Text => Shown::Typed(text.to_string()),
    }
}

/// The text a control starts with for a value from the URL: a valid flag or choice in the
/// spelling the page writes (`true` → `1`), anything else (numbers included) as given.
pub fn canonical(field: Field, text: &str) -> String {
    match Kind::of(field) {
        Kind::Checkbox | Kind::Choice => read(field, text).map(|p| p.get(field)),
        Kind::Text => None,
    }
    .unwrap_or_else(|| text.to_string())
}

/// The texts of every control for a URL's decoded `(name, value)` pairs: each field's default,
/// replaced by the URL's value (in [`canonical`] spelling) where the URL names it; a name met
/// twice keeps its last value. Names that are not fields are left for other parts of the page.
pub fn texts_from_pairs<'a>(
    pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> BTreeMap<Field, String> {
    let defaults = Params::default();
    let mut texts: BTreeMap<Field, String> =
        Field::ALL.iter().map(|&f| (f, defaults.get(f))).collect();
    for (name, value) in pairs {
        if let Some(field) = Field::from_name(name) {
            texts.insert(field, canonical(field, value));
        }
    }
    texts
}

/// The parameters the controls' texts give, with the errors of the bad ones (whose fields
/// keep their defaults): what a page opened with these texts asks to draw.
pub fn params_of(texts: &BTreeMap<Field, String>) -> (Params, Vec<ParamError>) {
    params_over(&Params::default(), texts)
}

/// `base` (the picture shown) with every valid text applied, and the errors of the bad ones,
/// whose fields keep `base`'s value.
pub fn params_over(base: &Params, texts: &BTreeMap<Field, String>) -> (Params, Vec<ParamError>) {
    base.read_pairs_over(texts.iter().map(|(f, v)| (f.name(), v.as_str())))
}

/// What is drawn for `asked` (from [`params_over`], with its `errors`): `check` (the core's
/// refusal, [`super::Picture::start`] on the page) decides.
///
/// A value it refuses goes back to `base`'s (the picture shown, whose values were drawn), its
/// message joins `errors`, and `check` is asked again, so that every value that can be drawn
/// is. When what it refuses is already `base`'s (a combination, as `num_replicas=2` beside the
/// picture's `rank=3`), the other values that differ from `base` go back one at a time, in
/// [`Field::ALL`]'s order, until one makes the rest drawable; the message then stands beside
/// that control too. `None` only when `check` refuses `base` itself.
///
/// So a control that shows a value other than the picture's always has a message beside it.
pub fn settle<T>(
    base: &Params,
    asked: Params,
    mut errors: Vec<ParamError>,
    check: impl Fn(&Params) -> Result<T, Vec<ParamError>>,
) -> (Option<(Params, T)>, Vec<ParamError>) {
    let mut params = asked;
    loop {
        let refused = match check(&params) {
            Ok(done) => return (Some((params, done)), errors),
            Err(refused) => refused,
        };
        let mut moved = false;
        for error in &refused {
            if params.get(error.field) != base.get(error.field) {
                moved |= params.set(error.field, &base.get(error.field)).is_ok();
            }
            add(&mut errors, error.clone());
        }
        if moved {
            continue;
        }
        let differing: Vec<Field> =
            Field::ALL.into_iter().filter(|&f| params.get(f) != base.get(f)).collect();
        if differing.is_empty() {
            return (None, errors);
        }
        // The one value whose return makes the others drawable, else all of them.
        let back = |params: &Params, field: Field| {
            let mut back = params.clone();
            back.set(field, &base.get(field)).ok().map(|()| back)
        };
        let culprit = differing.iter().copied().find_map(|field| {
            let candidate = back(&params, field)?;
            check(&candidate).ok().map(|done| (field, candidate, done))
        });
        if let Some((field, candidate, done)) = culprit {
            for error in &refused {
                add(&mut errors, ParamError { field, ..error.clone() });
            }
            return (Some((candidate, done)), errors);
        }
        for field in differing {
            for error in &refused {
                add(&mut errors, ParamError { field, ..error.clone() });
            }
        }
        params = base.clone();
    }
}

/// Adds `error` unless the same message already stands beside the same control.
fn add(errors: &mut Vec<ParamError>, error: ParamError) {
    if !errors.contains(&error) {
        errors.push(error);
    }
}

/// The defaults with `field` read from `text`, when `text` is valid for it.
fn read(field: Field, text: &str) -> Option<Params> {
    let mut params = Params::default();
    params.set(field, text).ok().map(|()| params)
}

/// The controls that hold a value the picture was not drawn with (each has a message beside
/// it), with the value `drawn` has instead, as Python spells it (`True`, `2`): what a figure
/// drawn with the last good values says on itself. In [`Field::ALL`]'s order, each once.
pub fn held(drawn: &Params, errors: &[ParamError]) -> Vec<(Field, String)> {
    let python = |field: Field| match drawn.flag(field) {
        Some(flag) => if flag { "True" } else { "False" }.to_string(),
        None => drawn.get(field),
    };
    Field::ALL
        .into_iter()
        .filter(|&field| errors.iter().any(|e| e.field == field))
        .map(|field| (field, python(field)))
        .collect()
}

/// [`held`]'s values as a figure names them: `num_replicas = 2, shuffle = False`.
pub fn held_values(held: &[(Field, String)]) -> String {
    let values: Vec<String> =
        held.iter().map(|(field, value)| format!("{} = {value}", field.label())).collect();
    values.join(", ")
}
