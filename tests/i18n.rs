//! Every text the page shows exists in both languages: none is empty, the Chinese is really
//! Chinese (only code such as `num_replicas` may stay as it is), and both use the same
//! `{placeholders}`.

use sampler_viz::i18n::{Entry, Lang, entries, fill, placeholders};

fn is_cjk(c: char) -> bool {
    matches!(c, '\u{4e00}'..='\u{9fff}' | '\u{3000}'..='\u{303f}' | '\u{ff00}'..='\u{ffef}')
}

/// What is wrong with one entry, if anything.
fn problem(e: &Entry) -> Option<String> {
    let name = format!("{}::{}", e.section, e.key);
    if e.en.trim().is_empty() {
        return Some(format!("{name}: no English"));
    }
    if e.zh.trim().is_empty() {
        return Some(format!("{name}: no Chinese"));
    }
    // Identical texts are fine only for code, which has no spaces ("len(dataset)").
    if !e.zh.chars().any(is_cjk) && (e.zh != e.en || e.en.contains(char::is_whitespace)) {
        return Some(format!("{name}: the Chinese {:?} is not translated", e.zh));
    }
    let (mut en, mut zh) = (placeholders(e.en), placeholders(e.zh));
    en.sort_unstable();
    zh.sort_unstable();
    (en != zh).then(|| format!("{name}: placeholders {en:?} in English but {zh:?} in Chinese"))
}

#[test]
fn every_text_is_in_both_languages() {
    let all = entries();
    assert!(!all.is_empty(), "the sections hold their texts");
    let problems: Vec<String> = all.iter().filter_map(problem).collect();
    assert!(problems.is_empty(), "{} texts are incomplete:\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn the_check_catches_a_missing_translation() {
    let entry = |en, zh| Entry { section: "T", key: "K", en, zh };
    assert!(problem(&entry("Each rank", "")).is_some());
    assert!(problem(&entry("Each rank", "Each rank")).is_some());
    assert!(problem(&entry("{n} samples", "样本")).is_some());
    assert!(problem(&entry("num_replicas", "num_replicas")).is_none());
    assert!(problem(&entry("{n} samples", "{n} 个样本")).is_none());
}

#[test]
fn keys_are_unique_within_a_section() {
    let mut names: Vec<(&str, &str)> = entries().iter().map(|e| (e.section, e.key)).collect();
    let count = names.len();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), count);
}

#[test]
fn placeholders_fill_in_either_language() {
    assert_eq!(Lang::from_code("zh"), Some(Lang::Zh));
    assert_eq!(fill("{n} 个样本", &[("n", &50_000)]), "50000 个样本");
}
