//! The [`texts!`] macro that declares a section's keys, and [`fill`] for their placeholders.

use super::Lang;

/// One key of one section, in both languages (what the completeness test reads).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The section's type name, e.g. `ChartText`.
    pub section: &'static str,
    /// The key's name, e.g. `VisitsTitle`.
    pub key: &'static str,
    /// The English text.
    pub en: &'static str,
    /// The Chinese text.
    pub zh: &'static str,
}

/// A key of some section: anything the page can say in either language.
pub trait Text: Copy + Send + Sync + 'static {
    /// The text in `lang`.
    fn text(self, lang: Lang) -> &'static str;
}

/// Declares a section's texts as an enum of keys with `text(lang)`, `ALL` and `entries()`:
///
/// ```
/// sampler_viz::texts! {
///     /// What the chart panel says.
///     pub enum ChartText {
///         Title => ("Visits per sample", "每个样本的访问次数"),
///     }
/// }
/// assert_eq!(ChartText::Title.text(sampler_viz::i18n::Lang::Zh), "每个样本的访问次数");
/// assert_eq!(entries().len(), ChartText::ALL.len());
/// ```
///
/// A key must be given in both languages: one given in a single language does not compile.
///
/// ```compile_fail
/// sampler_viz::texts! {
///     pub enum ChartText {
///         Title => ("Visits per sample"),
///     }
/// }
/// ```
#[macro_export]
macro_rules! texts {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$key_meta:meta])* $key:ident => ($en:expr, $zh:expr $(,)?)),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        $vis enum $name {
            $($(#[$key_meta])* $key,)*
        }

        impl $name {
            /// Every key of the section.
            pub const ALL: &'static [$name] = &[$($name::$key,)*];

            /// The text in `lang`. In the page's own wasm (feature `on-demand`) the Chinese is
            /// read from the file [`loaded`]($crate::i18n::loaded) installs, English until then.
            pub fn text(self, lang: $crate::i18n::Lang) -> &'static str {
                match lang {
                    $crate::i18n::Lang::En => match self { $($name::$key => $en,)* },
                    #[cfg(feature = "on-demand")]
                    $crate::i18n::Lang::Zh => {
                        $crate::i18n::loaded::text(stringify!($name), self as usize, Self::ALL.len())
                            .unwrap_or_else(|| self.text($crate::i18n::Lang::En))
                    }
                    #[cfg(not(feature = "on-demand"))]
                    $crate::i18n::Lang::Zh => match self { $($name::$key => $zh,)* },
                }
            }
        }

        impl $crate::i18n::Text for $name {
            fn text(self, lang: $crate::i18n::Lang) -> &'static str {
                $name::text(self, lang)
            }
        }

        /// Every key of this section in both languages.
        pub fn entries() -> Vec<$crate::i18n::Entry> {
            vec![$($crate::i18n::Entry {
                section: stringify!($name),
                key: stringify!($key),
                en: $en,
                zh: $zh,
            },)*]
        }
    };
}

/// Fills `{name}` placeholders in `template` with the values given; a placeholder with no value
/// is left as it is (the completeness test catches mismatched placeholders first).
///
/// `{name:one|other}` picks a form by the value of `name`, for English's singular and plural
/// (Chinese has none): `one` when the value as shown is exactly `1`, `other` for anything else
/// (`0`, `2`, `1,000`), which is English's rule read off the number as printed, as CLDR reads
/// it. A `#` in a form stands for the value, so `{n:# sample|# samples}` gives `1 sample` and
/// `2 samples`; a form holds no braces.
///
/// ```
/// use sampler_viz::i18n::fill;
/// let text = "{w:# GPU|# GPUs}, {n} {n:sample|samples} each";
/// assert_eq!(fill(text, &[("w", &1), ("n", &2)]), "1 GPU, 2 samples each");
/// assert_eq!(fill(text, &[("w", &2), ("n", &1)]), "2 GPUs, 1 sample each");
/// ```
pub fn fill(template: &str, values: &[(&str, &dyn std::fmt::Display)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            out.push_str(&rest[open..]);
            rest = "";
            break;
        };
        let part = piece(&after[..close]);
        let shown = values.iter().find(|(n, _)| *n == part.name()).map(|(_, v)| v.to_string());
        match (part, shown) {
            (Piece::Value(_), Some(shown)) => out.push_str(&shown),
            (Piece::Choice { one, other, .. }, Some(shown)) => {
                let form = if shown == "1" { one } else { other };
                out.push_str(&form.replace('#', &shown));
            }
            (_, None) => out.push_str(&rest[open..open + close + 2]),
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The names of the values a template shows, in order: each `{name}`, and each
/// `{name:one|other}` whose forms show the value (`#`). A choice without `#` only picks a word
/// (English's grammar), so it is no value the other language must show.
pub fn placeholders(template: &str) -> Vec<&str> {
    pieces(template)
        .filter(|p| match p {
            Piece::Value(_) => true,
            Piece::Choice { one, other, .. } => one.contains('#') || other.contains('#'),
        })
        .map(|p| p.name())
        .collect()
}

/// Every name a template reads, in order: its placeholders and the values its choices are
/// picked by, shown or not.
pub fn names(template: &str) -> Vec<&str> {
    pieces(template).map(|p| p.name()).collect()
}

/// One `{…}` of a template.
#[derive(Clone, Copy)]
enum Piece<'a> {
    /// `{name}`: the value as it is.
    Value(&'a str),
    /// `{name:one|other}`: a form picked by the value.
    Choice { name: &'a str, one: &'a str, other: &'a str },
}

impl<'a> Piece<'a> {
    fn name(self) -> &'a str {
        match self {
            Piece::Value(name) | Piece::Choice { name, .. } => name,
        }
    }
}

/// What the text between `{` and `}` is: a choice when it reads `name:one|other`, else a value
/// (`{type: "sampler-viz:height", height}` in a text about JSON is no choice, and no value
/// anyone fills in).
fn piece(inside: &str) -> Piece<'_> {
    let is_name =
        |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    match inside.split_once(':') {
        Some((name, forms)) if is_name(name) => match forms.split_once('|') {
            Some((one, other)) if !other.contains('|') => Piece::Choice { name, one, other },
            _ => Piece::Value(inside),
        },
        _ => Piece::Value(inside),
    }
}

/// Every `{…}` of a template, in order.
fn pieces(template: &str) -> impl Iterator<Item = Piece<'_>> {
    let mut rest = template;
    std::iter::from_fn(move || {
        let open = rest.find('{')?;
        let after = &rest[open + 1..];
        let close = after.find('}')?;
        rest = &after[close + 1..];
        Some(piece(&after[..close]))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::texts! {
        /// Two keys, to check the loaded file's order against the keys' own.
        enum Pair {
            First => ("first", "第一"),
            Second => ("second", "第二"),
        }
    }

    #[test]
    fn a_loaded_file_finds_each_key_by_its_index() {
        let file = super::super::loaded::write(&entries());
        assert_eq!(file, "@Pair 2\n=第一\n=第二\n");
        for key in Pair::ALL {
            let index = *key as usize;
            assert_eq!(Pair::ALL[index], *key);
            let line = file.lines().nth(1 + index).unwrap();
            assert_eq!(line.strip_prefix('='), Some(key.text(Lang::Zh)));
        }
    }

    #[test]
    fn fill_replaces_named_values() {
        assert_eq!(fill("{n} on {w} GPUs", &[("n", &8), ("w", &2)]), "8 on 2 GPUs");
        assert_eq!(fill("{missing} stays", &[]), "{missing} stays");
        assert_eq!(fill("no braces", &[("n", &1)]), "no braces");
        assert_eq!(fill("open { only", &[]), "open { only");
        assert_eq!(placeholders("{a} and {b}"), vec!["a", "b"]);
    }

    #[test]
    fn a_choice_picks_the_form_by_the_value_as_shown() {
        let copies = "{k:# copy|# copies}";
        for (k, text) in [(0, "0 copies"), (1, "1 copy"), (2, "2 copies"), (1000, "1000 copies")] {
            assert_eq!(fill(copies, &[("k", &k)]), text);
        }
        assert_eq!(fill(copies, &[("k", &"1,000")]), "1,000 copies");
        assert_eq!(fill("{k:it falls|they fall}", &[("k", &1)]), "it falls");
        assert_eq!(fill(copies, &[]), copies, "no value: left as it is");
    }

    #[test]
    fn placeholders_are_the_values_shown_and_names_every_value_read() {
        let text = "{w:The GPU|The # GPUs} {k:has|have} {n}";
        assert_eq!(placeholders(text), vec!["w", "n"]);
        assert_eq!(names(text), vec!["w", "k", "n"]);
        let json = "`{type: \"sampler-viz:height\", height}` or {a|b}";
        assert_eq!(fill(json, &[("type", &1)]), json, "no choice, and no value of that name");
        assert_eq!(placeholders(json), vec!["type: \"sampler-viz:height\", height", "a|b"]);
    }
}
