//! HTML written as text, for what the page inserts whole rather than builds element by element
//! (an `<iframe>`'s code, a part's figure): every value put in text or in a double-quoted
//! attribute goes through [`escape`], so no value is ever read as markup.

/// `text` safe inside an element and inside a double- or single-quoted attribute.
pub fn escape(text: &str) -> String {
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

/// `text` escaped, with a `<wbr>` inside each CamelCase name where a capital follows a small
/// letter (`Distributed<wbr>Sampler`), so that a narrow column breaks a long class name
/// between its words rather than anywhere inside one.
pub fn camel_breaks(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut previous = ' ';
    for c in text.chars() {
        if previous.is_ascii_lowercase() && c.is_ascii_uppercase() {
            out.push_str("<wbr>");
        }
        out.push_str(&escape(c.encode_utf8(&mut [0; 4])));
        previous = c;
    }
    out
}

/// A library's message as a `<span>`, marked English where it is PyTorch's own words (which
/// stay English on either page).
pub fn library_message(error: &super::ParamError, lang: crate::i18n::Lang) -> String {
    let lang_attr = if error.is_pytorchs() { r#" lang="en""# } else { "" };
    format!("<span{lang_attr}>{}</span>", escape(&error.message(lang)))
}

/// How many rank colours the page's palette has before it repeats (Okabe–Ito, colour-blind
/// safe: `--rank-0` … `--rank-7` in the style sheet).
pub const PALETTE_LEN: usize = 8;

/// The CSS colour of a rank: `var(--rank-K)`, cycling through the palette.
pub fn rank_colour(rank: usize) -> String {
    format!("var(--rank-{})", rank % PALETTE_LEN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn camel_breaks_between_the_words_of_a_name_only() {
        assert_eq!(
            camel_breaks("Lightning's DistributedSamplerWrapper"),
            "Lightning&#39;s Distributed<wbr>Sampler<wbr>Wrapper"
        );
        assert_eq!(camel_breaks("MONAI <x>"), "MONAI &lt;x&gt;");
        assert_eq!(camel_breaks("不分片 DataLoader"), "不分片 Data<wbr>Loader");
    }

    #[test]
    fn markup_is_never_markup() {
        assert_eq!(
            escape(r#"<b a="1" b='2'>&</b>"#),
            "&lt;b a=&quot;1&quot; b=&#39;2&#39;&gt;&amp;&lt;/b&gt;"
        );
        assert_eq!(escape("rank 0: 1, 2"), "rank 0: 1, 2");
    }

    #[test]
    fn rank_colours_cycle() {
        assert_eq!(rank_colour(0), "var(--rank-0)");
        assert_eq!(rank_colour(PALETTE_LEN + 1), "var(--rank-1)");
    }
}
