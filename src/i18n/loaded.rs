//! The Chinese texts as a file of their own, for the page's wasm, which loads them when a reader
//! first asks for Chinese (feature `on-demand`) instead of carrying them in every first load.
//!
//! The file lists each section's Chinese texts in the order its keys are declared, so a key is
//! found by its section's name and its index (`Key as usize`), with no key names shipped:
//!
//! ```text
//! @PageText
//! =第一个键的文本
//! =第二个键的文本，换行写作 \n
//! ```
//!
//! A line `@Name` starts a section, each line `=text` is the next key's text, with `\` written
//! `\\` and a line break `\n`. [`write`] makes it from [`super::entries`] (natively, at build
//! time: `examples/zh_texts.rs`); [`install`] reads it in the page; [`text`] answers the
//! `texts!` macro's Chinese arm, which falls back to English for a section not installed.

use std::sync::OnceLock;

use super::Entry;

/// Each section's Chinese texts, by key index, once installed.
static TABLE: OnceLock<Vec<(&'static str, Vec<&'static str>)>> = OnceLock::new();

/// The file's text for these entries' Chinese sides (every section's keys in declared order).
pub fn write(entries: &[Entry]) -> String {
    let mut out = String::new();
    let mut section = "";
    for entry in entries {
        if entry.section != section {
            section = entry.section;
            out.push('@');
            out.push_str(section);
            out.push('\n');
        }
        out.push('=');
        out.push_str(&entry.zh.replace('\\', "\\\\").replace('\n', "\\n"));
        out.push('\n');
    }
    out
}

/// Reads a file [`write`] made and keeps its texts for the page's lifetime; a second install
/// is ignored (the first one stays). Says which line it could not read.
pub fn install(file: &str) -> Result<(), String> {
    let table = read(file)?;
    let _ = TABLE.set(table);
    Ok(())
}

/// Whether the texts are installed.
pub fn installed() -> bool {
    TABLE.get().is_some()
}

/// The Chinese text of key `index` of `section`, if installed.
pub fn text(section: &str, index: usize) -> Option<&'static str> {
    let table = TABLE.get()?;
    let (_, texts) = table.iter().find(|(name, _)| *name == section)?;
    texts.get(index).copied()
}

type Table = Vec<(&'static str, Vec<&'static str>)>;

fn read(file: &str) -> Result<Table, String> {
    // Kept for the page's lifetime: every text is a slice of it or, when escaped, its own.
    let file: &'static str = Box::leak(file.to_owned().into_boxed_str());
    let mut table: Table = Vec::new();
    for (number, line) in file.lines().enumerate() {
        if let Some(name) = line.strip_prefix('@') {
            table.push((name, Vec::new()));
        } else if let (Some(text), Some((_, texts))) = (line.strip_prefix('='), table.last_mut()) {
            texts.push(if text.contains('\\') { unescape(text) } else { text });
        } else if !line.is_empty() {
            return Err(format!("line {}: neither @section nor =text", number + 1));
        }
    }
    if table.is_empty() { Err("no section".to_owned()) } else { Ok(table) }
}

fn unescape(text: &str) -> &'static str {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (c, c == '\\') {
            (_, true) => match chars.next() {
                Some('n') => out.push('\n'),
                Some(other) => out.push(other),
                None => out.push('\\'),
            },
            (c, false) => out.push(c),
        }
    }
    Box::leak(out.into_boxed_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_reads_back_by_section_and_index() {
        let all = super::super::entries();
        let table = read(&write(&all)).unwrap();
        let mut index = 0;
        let mut section = "";
        for entry in &all {
            if entry.section != section {
                section = entry.section;
                index = 0;
            }
            let (_, texts) = table.iter().find(|(name, _)| *name == section).unwrap();
            assert_eq!(texts[index], entry.zh, "{}::{}", entry.section, entry.key);
            index += 1;
        }
        let names: Vec<&str> = table.iter().map(|(name, _)| *name).collect();
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "a section's name is given twice: {names:?}");
    }

    #[test]
    fn escapes_survive_and_bad_lines_are_named() {
        let entry = |zh| Entry { section: "S", key: "K", en: "e", zh };
        let file = write(&[entry("a\\b\nc"), entry("plain")]);
        assert_eq!(file, "@S\n=a\\\\b\\nc\n=plain\n");
        assert_eq!(read(&file).unwrap(), vec![("S", vec!["a\\b\nc", "plain"])]);
        assert_eq!(read("@S\nx\n").unwrap_err(), "line 2: neither @section nor =text");
        assert_eq!(read("").unwrap_err(), "no section");
    }
}
