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

            /// The text in `lang`.
            pub fn text(self, lang: $crate::i18n::Lang) -> &'static str {
                match lang {
                    $crate::i18n::Lang::En => match self { $($name::$key => $en,)* },
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
pub fn fill(template: &str, values: &[(&str, &dyn std::fmt::Display)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}').map(|close| (&after[..close], close)) {
            Some((name, close)) => {
                match values.iter().find(|(n, _)| *n == name) {
                    Some((_, value)) => out.push_str(&value.to_string()),
                    None => out.push_str(&rest[open..open + close + 2]),
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The `{name}` placeholders of a template, in order.
pub fn placeholders(template: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        names.push(&after[..close]);
        rest = &after[close + 1..];
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_replaces_named_values() {
        assert_eq!(fill("{n} on {w} GPUs", &[("n", &8), ("w", &2)]), "8 on 2 GPUs");
        assert_eq!(fill("{missing} stays", &[]), "{missing} stays");
        assert_eq!(fill("no braces", &[("n", &1)]), "no braces");
        assert_eq!(fill("open { only", &[]), "open { only");
        assert_eq!(placeholders("{a} and {b}"), vec!["a", "b"]);
    }
}
