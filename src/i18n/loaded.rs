//! The Chinese texts as a file of their own, for the page's wasm, which loads them when a reader
//! first asks for Chinese (feature `on-demand`) instead of carrying them in every first load.
//!
//! The file lists each section's Chinese texts in the order its keys are declared, so a key is
//! found by its section's name and its index (`Key as usize`), with no key names shipped:
//!
//! ```text
//! @PageText 2
//! =第一个键的文本
//! =第二个键的文本，换行写作 \n
//! ```
//!
//! A line `@Name count` starts a section of `count` keys, each line `=text` is the next key's
//! text, with `\` written `\\` and a line break `\n`. [`write`] makes it from
//! [`super::entries`] (natively, at build time: `examples/zh_texts.rs`); [`install`] reads it in
//! the page; [`text`] answers the `texts!` macro's Chinese arm, which falls back to English for
//! a section not installed, or installed with another number of keys than the page's (a file
//! from another build of the code).

use std::sync::OnceLock;

use super::Entry;

/// Each section's name and Chinese texts, by key index, once installed.
type Table = Vec<(String, Vec<String>)>;

static TABLE: OnceLock<Table> = OnceLock::new();

/// The file's text for these entries' Chinese sides (every section's keys in declared order).
pub fn write(entries: &[Entry]) -> String {
    let mut out = String::new();
    let mut at = 0;
    while let Some(first) = entries.get(at) {
        let count = entries[at..].iter().take_while(|e| e.section == first.section).count();
        out.push_str(&format!("@{} {count}\n", first.section));
        for entry in &entries[at..at + count] {
            out.push('=');
            out.push_str(&entry.zh.replace('\\', "\\\\").replace('\n', "\\n"));
            out.push('\n');
        }
        at += count;
    }
    out
}

/// Reads a file [`write`] made and keeps its texts for the page's lifetime; once installed,
/// a second install changes nothing. Says which line it could not read.
pub fn install(file: &str) -> Result<(), String> {
    if installed() {
        return Ok(());
    }
    let table = read(file)?;
    let _ = TABLE.set(table);
    Ok(())
}

/// Whether the texts are installed.
pub fn installed() -> bool {
    TABLE.get().is_some()
}

/// The Chinese text of key `index` of `section`, a section of `count` keys, if installed with
/// that many.
pub fn text(section: &str, index: usize, count: usize) -> Option<&'static str> {
    let table = TABLE.get()?;
    let (_, texts) = table.iter().find(|(name, _)| name == section)?;
    (texts.len() == count).then(|| texts.get(index).map(String::as_str)).flatten()
}

fn read(file: &str) -> Result<Table, String> {
    let mut table: Table = Vec::new();
    let mut expected = Vec::new();
    for (number, line) in file.lines().enumerate() {
        let bad = || format!("line {}: neither @section count nor =text", number + 1);
        if let Some(head) = line.strip_prefix('@') {
            let (name, count) = head.split_once(' ').ok_or_else(bad)?;
            expected.push(count.parse::<usize>().map_err(|_| bad())?);
            table.push((name.to_owned(), Vec::new()));
        } else if let (Some(text), Some((_, texts))) = (line.strip_prefix('='), table.last_mut()) {
            texts.push(unescape(text));
        } else if !line.is_empty() {
            return Err(bad());
        }
    }
    if table.is_empty() {
        return Err("no section".to_owned());
    }
    for ((name, texts), count) in table.iter().zip(expected) {
        if texts.len() != count {
            return Err(format!("section {name}: {} texts of {count}", texts.len()));
        }
    }
    Ok(table)
}

fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_is_found_installed_by_its_section_and_index() {
        let all = super::super::entries();
        install(&write(&all)).unwrap();
        let table = TABLE.get().unwrap();
        for (index, entry) in all.iter().enumerate() {
            let at = all[..index].iter().rev().take_while(|e| e.section == entry.section).count();
            let count = table.iter().find(|(name, _)| name == entry.section).unwrap().1.len();
            assert_eq!(
                text(entry.section, at, count),
                Some(entry.zh),
                "{}::{}",
                entry.section,
                entry.key
            );
            assert_eq!(text(entry.section, at, count + 1), None, "another count: English");
        }
        let mut names: Vec<&str> = table.iter().map(|(name, _)| name.as_str()).collect();
        let given = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), given, "a section's name is given twice: {names:?}");
        assert_eq!(install("not a file of texts"), Ok(()), "installed once, for good");
    }

    #[test]
    fn escapes_survive_and_bad_files_are_named() {
        let entry = |zh| Entry { section: "S", key: "K", en: "e", zh };
        let file = write(&[entry("a\\b\nc"), entry("plain")]);
        assert_eq!(file, "@S 2\n=a\\\\b\\nc\n=plain\n");
        let table = read(&file).unwrap();
        assert_eq!(table, vec![("S".to_owned(), vec!["a\\b\nc".to_owned(), "plain".to_owned()])]);
        assert_eq!(read("@S 1\nx\n").unwrap_err(), "line 2: neither @section count nor =text");
        assert_eq!(read("@S\n=a\n").unwrap_err(), "line 1: neither @section count nor =text");
        assert_eq!(read("@S 2\n=a\n").unwrap_err(), "section S: 1 texts of 2");
        assert_eq!(read("").unwrap_err(), "no section");
    }
}
