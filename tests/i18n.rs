//! Every text the page shows exists in both languages: none is empty, the Chinese is really
//! Chinese (only code such as `num_replicas` may stay as it is), and both use the same
//! `{placeholders}`.

use sampler_viz::i18n::{Entry, Lang, entries, fill, placeholders};

fn is_cjk(c: char) -> bool {
    matches!(c, '\u{4e00}'..='\u{9fff}' | '\u{3000}'..='\u{303f}' | '\u{ff00}'..='\u{ffef}')
}

/// Code, or one of PyTorch's names before a `{value}`: nothing to translate.
fn is_code(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words[..] {
        [code] => !code.is_empty(),
        [word, value] => {
            ["rank", "epoch", "seed", "GPU"].contains(&word)
                && value.starts_with('{')
                && value.ends_with('}')
        }
        _ => false,
    }
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
    // Identical texts are fine only for code, which has no spaces ("len(dataset)"), or a code
    // word labelling a value ("rank {r}", as PyTorch names it in both languages).
    if !e.zh.chars().any(is_cjk) && (e.zh != e.en || !is_code(e.en)) {
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
    assert!(
        problems.is_empty(),
        "{} texts are incomplete:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_check_catches_a_missing_translation() {
    let entry = |en, zh| Entry { section: "T", key: "K", en, zh };
    assert!(problem(&entry("Each rank", "")).is_some());
    assert!(problem(&entry("Each rank", "Each rank")).is_some());
    assert!(problem(&entry("{n} samples", "样本")).is_some());
    assert!(problem(&entry("num_replicas", "num_replicas")).is_none());
    assert!(problem(&entry("rank {r}", "rank {r}")).is_none());
    assert!(problem(&entry("rank {r} of", "rank {r} of")).is_some());
    assert!(problem(&entry("seen {n}", "seen {n}")).is_some());
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

/// A key missing in one language cannot exist: `texts!` takes every key as an `(English,
/// Chinese)` pair, so a key with one text is a compile error (the `compile_fail` doctest of
/// `texts!` proves it). What remains to check is that each section's keys all reach
/// `entries()`, and that every section reaches the page's list.
#[test]
fn every_key_of_every_section_is_listed() {
    use sampler_viz::i18n::page::{
        CanvasText, ControlText, ErrorText, NoSamplerText, PageText, PanelText, PipelineText,
        PlaybackText, TableText,
    };
    use sampler_viz::i18n::{charts, ecosystem, guide, scenarios, schemes};
    let all = entries();
    let listed = |section: &str| all.iter().filter(|e| e.section == section).count();
    let sections = [
        ("PageText", PageText::ALL.len()),
        ("ControlText", ControlText::ALL.len()),
        ("ErrorText", ErrorText::ALL.len()),
        ("PipelineText", PipelineText::ALL.len()),
        ("PlaybackText", PlaybackText::ALL.len()),
        ("CanvasText", CanvasText::ALL.len()),
        ("CanvasWords", sampler_viz::i18n::canvas_words::CanvasWords::ALL.len()),
        ("TableText", TableText::ALL.len()),
        ("NoSamplerText", NoSamplerText::ALL.len()),
        ("PanelText", PanelText::ALL.len()),
        ("ChartText", charts::ChartText::ALL.len()),
        ("ChartWords", sampler_viz::i18n::chart_words::ChartWords::ALL.len()),
        ("GuideText", guide::GuideText::ALL.len()),
        ("ScenarioText", scenarios::ScenarioText::ALL.len()),
        ("PitfallText", sampler_viz::i18n::pitfalls::PitfallText::ALL.len()),
        ("SchemeText", schemes::SchemeText::ALL.len()),
        ("EcoText", ecosystem::EcoText::ALL.len()),
        ("HistoryText", sampler_viz::i18n::history::HistoryText::ALL.len()),
        ("StoryText", sampler_viz::i18n::story::StoryText::ALL.len()),
    ];
    for (section, keys) in sections {
        assert_eq!(listed(section), keys, "{section}: every key is in entries()");
    }
    assert_eq!(all.len(), sections.iter().map(|(_, k)| k).sum::<usize>(), "no section is unlisted");
}

/// Every message the page makes and every rule, in Chinese: translated, with values filled.
#[test]
fn errors_speak_chinese_but_pytorch_stays_english() {
    use sampler_viz::model::{Field, Params, Picture};
    let errors = |query: &str| {
        let pairs: Vec<(&str, &str)> = query.split('&').filter_map(|p| p.split_once('=')).collect();
        match Params::from_pairs(pairs) {
            Ok(params) => Picture::compute(&params).err().unwrap_or_default(),
            Err(errors) => errors,
        }
    };
    let has_cjk = |s: &str| s.chars().any(is_cjk);
    for query in
        ["n=abc", "epoch=-1", "stage=9", "shuffle=2", "seeding=x", "num_replicas=65", "n=20000000"]
    {
        for e in errors(query) {
            let zh = e.message(Lang::Zh);
            assert!(has_cjk(&zh) && !zh.contains('{'), "{query}: {zh}");
            assert_ne!(zh, e.message(Lang::En));
        }
    }
    let rank = &errors("rank=5")[0];
    assert_eq!(rank.field, Field::Rank);
    assert_eq!(
        rank.message(Lang::Zh),
        "ValueError: Invalid rank 5, rank should be in the interval [0, 1]"
    );
    assert_eq!(rank.message(Lang::Zh), rank.message(Lang::En));
    assert!(has_cjk(&rank.rule(Lang::Zh)));
    for query in
        ["num_replicas=0", "seed=99999999999999999999999", "batch_size=0", "loader_shuffle=1"]
    {
        for e in errors(query) {
            assert!(has_cjk(&e.rule(Lang::Zh)) && !e.rule(Lang::Zh).contains('{'), "{query}");
            assert!(!has_cjk(&e.rule(Lang::En)), "{query}");
        }
    }
}
