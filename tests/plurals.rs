//! English says "1 copy" and "2 copies": a text that counts picks its form by the number it
//! shows (`{n:# copy|# copies}`, see `i18n::fill`); Chinese has no plural. Each text that counts
//! reads right with 1 and with 2, and no English text puts a plural noun after a count that can
//! be 1.

use std::fmt::{Debug, Display};

use sampler_viz::i18n::canvas_words::CanvasWords;
use sampler_viz::i18n::chart_words::ChartWords;
use sampler_viz::i18n::ecosystem::EcoText;
use sampler_viz::i18n::guide::GuideText;
use sampler_viz::i18n::history::HistoryText;
use sampler_viz::i18n::page::{ErrorText, NoSamplerText, PageText, PanelText, TableText};
use sampler_viz::i18n::scenarios::ScenarioText;
use sampler_viz::i18n::schemes::SchemeText;
use sampler_viz::i18n::{Lang, Text, entries, fill, names, placeholders};

/// `key`'s English with every value it reads set to `k`.
fn english(key: impl Text, k: u64) -> String {
    let template = key.text(Lang::En);
    let values: Vec<(&str, &dyn Display)> =
        names(template).into_iter().map(|n| (n, &k as &dyn Display)).collect();
    fill(template, &values)
}

/// `key`'s English with every value it reads set to 1, then to 2.
#[track_caller]
fn check(key: impl Text + Debug, one: &str, two: &str) {
    assert_eq!(english(key, 1), one, "{key:?} with 1");
    assert_eq!(english(key, 2), two, "{key:?} with 2");
}

/// The part of `key`'s English with every value set to `k` from `from` on.
fn from(key: impl Text, k: u64, from: &str) -> String {
    let text = english(key, k);
    text[text.find(from).unwrap_or(0)..].to_string()
}

#[test]
fn every_count_reads_right_with_1_and_2() {
    check(
        PageText::SamplerSentence,
        "The one GPU gets its own 1 index (1 batch of up to 1); it covers the dataset once.",
        "Each of the 2 GPUs gets its own 2 indices (2 batches of up to 2); together they cover the dataset once.",
    );
    check(
        TableText::PaddedNote,
        "1 after padding with 1 copy from the start of the list",
        "2 after padding with 2 copies from the start of the list",
    );
    check(TableText::SamplerNote, "indices per rank; 1 rank", "indices per rank; 2 ranks");
    check(
        TableText::MoreRanks,
        "… and 1 more rank (all in the index table)",
        "… and 2 more ranks (all in the index table)",
    );
    check(
        CanvasWords::Padded,
        "padded to total_size 1 with 1 copy from the start of the list (hatched)",
        "padded to total_size 2 with 2 copies from the start of the list (hatched)",
    );
    check(
        CanvasWords::Trimmed,
        "trimmed to total_size 1: the last index is dropped (grey)",
        "trimmed to total_size 2: the last 2 indices are dropped (grey)",
    );
    check(
        CanvasWords::Divides,
        "1 already divides by 1 rank: nothing to pad",
        "2 already divides by 2 ranks: nothing to pad",
    );
    check(
        CanvasWords::InBatches,
        "each rank's 1 index in 1 batch of up to 11",
        "each rank's 2 indices in 2 batches of up to 22",
    );
    check(
        NoSamplerText::Explain,
        "In one process, DataLoader(dataset, batch_size=1, shuffle=1): every GPU walks the whole dataset. Without a sampler the DataLoader shuffles by itself: its shuffle= here is the shuffle option (the one DistributedSampler takes), not loader_shuffle, which is for a DataLoader beside a sampler.",
        "In each of 2 processes, DataLoader(dataset, batch_size=2, shuffle=2): every GPU walks the whole dataset. Without a sampler the DataLoader shuffles by itself: its shuffle= here is the shuffle option (the one DistributedSampler takes), not loader_shuffle, which is for a DataLoader beside a sampler.",
    );
    check(
        NoSamplerText::CostNote,
        "Without a sampler the 1 GPU does 1× the work of one epoch.",
        "Without a sampler the 2 GPUs together do 2× the work of one epoch.",
    );
    check(NoSamplerText::Never, "1 sample never", "2 samples never");
    check(NoSamplerText::Once, "1 sample once", "2 samples once");
    check(NoSamplerText::Twice, "1 sample twice", "2 samples twice");
    check(NoSamplerText::Times, "1 sample 1 times", "2 samples 2 times");
    check(
        NoSamplerText::Visits,
        "1 (1 time a sample is processed)",
        "2 (2 times a sample is processed)",
    );
    check(
        PanelText::IframeTitle,
        "1: 1 sample on 1 GPU, seed 1, epoch 1 (sampler-viz)",
        "2: 2 samples on 2 GPUs, seed 2, epoch 2 (sampler-viz)",
    );
    check(
        ErrorText::ConsumedBeyondEpoch,
        "1 batch cannot be taken before the save: the epoch has 1",
        "2 batches cannot be taken before the save: the epoch has 2",
    );
    check(ChartWords::Pending, "Computing: 1 of 1 cell so far.", "Computing: 2 of 2 cells so far.");
    check(
        ChartWords::CoverageDefinition,
        "The share of the 1 sample a rank has processed after k epochs (exact: one bit per sample and rank).",
        "The share of the 2 samples a rank has processed after k epochs (exact: one bit per sample and rank).",
    );
    check(
        ChartWords::CoverageAfter,
        "After 1 epoch: 1 to 1 per rank.",
        "After 2 epochs: 2 to 2 per rank.",
    );
    check(
        ChartWords::CoverageAfterSame,
        "After 1 epoch: 1 for every rank.",
        "After 2 epochs: 2 for every rank.",
    );
    check(
        ChartWords::PaddingSummary,
        "In the epoch shown: 1 sample processed once, 1 twice or more (1 padding copy), 1 given to no GPU (trimmed by a sampler's drop_last, or drawn by none), 1 never processed because it falls in a DataLoader's dropped last batch.",
        "In the epoch shown: 2 samples processed once, 2 twice or more (2 padding copies), 2 given to no GPU (trimmed by a sampler's drop_last, or drawn by none), 2 never processed because they fall in a DataLoader's dropped last batch.",
    );
    check(
        GuideText::BatchDropped,
        "DataLoader(drop_last=True) then drops the short last batch on every rank (struck through): 1 per rank goes unused this epoch.",
        "DataLoader(drop_last=True) then drops the short last batch on every rank (struck through): 2 per rank go unused this epoch.",
    );
    check(
        HistoryText::SomeRepeat,
        "1 of the 1 GPU orders of epochs 1–1 repeats epoch 0.",
        "2 of the 2 GPU orders of epochs 2–2 repeat epoch 0.",
    );
    check(SchemeText::Dataset, "The dataset: 1 sample", "The dataset: 2 samples");
    check(
        SchemeText::EveryGpuAll,
        "Every GPU trains on the one sample: 1× the work, no speed-up.",
        "Every GPU trains on all 2 samples: 2× the work, no speed-up.",
    );
    check(
        SchemeText::Share,
        "Each GPU processes 1 of 1 sample (1%).",
        "Each GPU processes 2 of 2 samples (2%).",
    );
    check(
        SchemeText::ShareUneven,
        "GPUs process 1 to 1 of 1 sample.",
        "GPUs process 2 to 2 of 2 samples.",
    );
    check(
        SchemeText::ReportedLen,
        "len(loader) says 1 on every GPU, but GPU 1 takes 1 step.",
        "len(loader) says 2 on every GPU, but GPU 2 takes 2 steps.",
    );
    check(
        ScenarioText::Setup,
        "1 sample on 1 GPU, batch size 1.",
        "2 samples on 2 GPUs, batch size 2.",
    );
    check(
        ScenarioText::SetupResume,
        "1 sample on 1 GPU, batch size 1; the run crashes after 1 batch of epoch 1 and is restarted.",
        "2 samples on 2 GPUs, batch size 2; the run crashes after 2 batches of epoch 2 and is restarted.",
    );
    check(
        ScenarioText::FactPredictions,
        "predictions for 1 sample: 1",
        "predictions for 2 samples: 2",
    );
}

/// The guide's and the hang's longer sentences, the part that counts.
#[test]
fn the_longer_sentences_count_right_too() {
    let starts = |text: String, start: &str| assert!(text.starts_with(start), "{text}");
    starts(from(GuideText::Shuffle, 1, ""), "The one process seeds its own generator");
    starts(from(GuideText::Shuffle, 2, ""), "Each of the 2 processes seeds its own generator");
    starts(from(GuideText::Stripe, 1, "so "), "so the 1 GPU does one epoch's work instead");
    starts(from(GuideText::Stripe, 2, "so "), "so the 2 GPUs split one epoch's work instead");
    starts(
        from(EcoText::Hangs, 1, "GPU"),
        "GPU 1 would start step 1 and wait at its all-reduce for GPU 1, which has no batch left:",
    );
    starts(
        from(EcoText::Hangs, 2, "GPU"),
        "GPUs 2 would start step 2 and wait at its all-reduce for GPUs 2, which have no batch left:",
    );
}

/// Chinese has no plural: its texts show each value as it is and pick no form.
#[test]
fn chinese_picks_no_form() {
    for e in entries() {
        assert_eq!(names(e.zh), placeholders(e.zh), "{}::{}: {}", e.section, e.key, e.zh);
    }
}

/// Words that are plural in English.
const PLURALS: &[&str] = &[
    "samples",
    "indices",
    "GPUs",
    "ranks",
    "batches",
    "copies",
    "steps",
    "epochs",
    "workers",
    "times",
    "processes",
    "positions",
    "cells",
    "draws",
    "seeds",
    "predictions",
    "orders",
];

/// The English texts with a plural noun right after a plain `{count}`, and why that count is
/// never 1 there.
const NEVER_ONE: &[(&str, &str, &str)] = &[
    ("ChartText", "Intro", "model::scheme::history::EPOCHS, 4"),
    ("HistoryText", "TooLarge", "draws beyond the budget, 2^21"),
    ("CanvasText", "RankMapCap", "the rank map's cap"),
    ("CanvasWords", "Noise", "the canvas draws more than layout::CHIP_LIMIT"),
    ("CanvasWords", "StaysInOrder", "the canvas draws more than layout::CHIP_LIMIT"),
    ("CanvasWords", "MapSentence", "the canvas draws more than layout::CHIP_LIMIT"),
    ("CanvasWords", "ColoursRepeat", "said past 8 ranks"),
    ("ErrorText", "TooManyRanks", "the page's cap"),
    ("ErrorText", "TooManyIndices", "the page's cap"),
    ("ErrorText", "DatasetTooLarge", "MAX_LEN"),
    ("ErrorText", "TotalSizeTooLarge", "over MAX_TOTAL_SIZE"),
    ("ErrorText", "RuleToolLimit", "MAX_LEN or MAX_TOTAL_SIZE"),
    ("NoSamplerText", "Times", "{t} is 3 or more (Once and Twice say the others)"),
    ("PanelText", "DownloadCut", "said past the table's limit, 2,000"),
    ("PanelText", "NoticeUnknownSpeed", "a list of speeds"),
    ("PipelineText", "IndicesMany", "2 or more (IndicesOne says 1)"),
    ("PipelineText", "IndexMany", "the plural of IndexOne"),
    ("PipelineText", "CopyMany", "the plural of CopyOne"),
    ("PipelineText", "BatchMany", "the plural of BatchOne"),
    ("TableText", "CutNote", "said past the table's limit, 2,000"),
    ("TableText", "RowName", "{rank} names a rank, it counts nothing"),
    ("SchemeText", "Times", "the verdict for 2 times or more"),
];

/// The plural nouns right after a plain `{name}` in `en`.
fn plural_after_count(en: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = en;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|c| open + c) else { break };
        let inside = &rest[open + 1..close];
        rest = &rest[close + 1..];
        if inside.contains(':') {
            continue;
        }
        let words: Vec<&str> = rest.split_whitespace().take(2).collect();
        let said = match words[..] {
            ["more", word, ..] => format!("more {word}"),
            [word, ..] => word.to_string(),
            [] => String::new(),
        };
        let said = said.trim_end_matches(|c: char| !c.is_alphanumeric());
        let noun = said.rsplit(' ').next().unwrap_or("");
        if rest.starts_with(' ') && PLURALS.contains(&noun) {
            found.push(format!("{{{inside}}} {said}"));
        }
    }
    found
}

#[test]
fn no_count_that_can_be_1_is_followed_by_a_fixed_plural() {
    let unpicked: Vec<String> = entries()
        .iter()
        .filter(|e| !NEVER_ONE.iter().any(|(s, k, _)| (*s, *k) == (e.section, e.key)))
        .flat_map(|e| {
            plural_after_count(e.en).into_iter().map(|p| format!("{}::{}: {p}", e.section, e.key))
        })
        .collect();
    assert!(unpicked.is_empty(), "pick the form by the count:\n{}", unpicked.join("\n"));
    for (section, key, why) in NEVER_ONE {
        let entry = entries().into_iter().find(|e| (e.section, e.key) == (*section, *key));
        let entry = entry.unwrap_or_else(|| panic!("{section}::{key} ({why}) is no text"));
        assert!(
            !plural_after_count(entry.en).is_empty(),
            "{section}::{key} no longer needs its reason"
        );
    }
}

#[test]
fn the_scan_finds_a_fixed_plural() {
    assert_eq!(plural_after_count("({padding} copies)"), ["{padding} copies"]);
    assert_eq!(plural_after_count("… and {k} more ranks"), ["{k} more ranks"]);
    assert!(plural_after_count("{padding:# copy|# copies}, {n}× the work").is_empty());
}
