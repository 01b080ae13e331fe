//! The charts' data against brute force over the core, and their SVG on the edge cases.
//!
//! Each configuration goes through one `check`: the one-epoch data (visits, padding) equals
//! counting every rank's indices, the multi-epoch history equals comparing whole epochs and
//! collecting each rank's samples in a set, and every chart is a well-formed SVG with its
//! title in both languages.

use std::collections::HashSet;

use sampler_viz::chart::data::{Contrast, PaddingData, VisitsData};
use sampler_viz::chart::deals::DealsTask;
use sampler_viz::chart::history::{EPOCHS, History, HistoryTask, TRACKED_RANKS};
use sampler_viz::chart::{coverage, padding, similarity, summary, visits};
use sampler_viz::i18n::Lang;
use sampler_viz::i18n::chart_words::ChartWords;
use sampler_viz::model::scheme::{SCHEMES, Shared};
use sampler_viz::model::visits::yielded;
use sampler_viz::model::{NoSamplerSide, Params, Picture};

/// The picture for these URL parameters (over the defaults).
fn picture(query: &str) -> Picture {
    let pairs = query.split('&').filter_map(|p| p.split_once('='));
    let params = Params::from_pairs(pairs).unwrap_or_else(|e| panic!("{query}: {e:?}"));
    Picture::compute(&params).unwrap_or_else(|e| panic!("{query}: {e:?}"))
}

/// Every epoch `0 .. EPOCHS` of the picture's sampler, drawn whole.
fn epochs(p: &Picture) -> Vec<Vec<u32>> {
    (0..EPOCHS)
        .map(|e| {
            let mut s = p.sampler.clone();
            s.set_epoch(if p.params.set_epoch { e as i128 } else { 0 });
            s.epoch().map(|ep| ep.padded().collect()).unwrap_or_default()
        })
        .collect()
}

/// Times each sample is processed over all ranks, from a padded list.
fn counts(p: &Picture, padded: &[u32]) -> Vec<u32> {
    let w = p.epoch.num_replicas();
    let kept = yielded(&p.loader, p.epoch.num_samples());
    let mut c = vec![0u32; p.params.n as usize];
    for (j, &s) in padded.iter().enumerate() {
        if j / w < kept {
            c[s as usize] += 1;
        }
    }
    c
}

/// What the history must hold, by brute force.
fn brute_history(p: &Picture) -> (Vec<Vec<u64>>, Vec<Vec<u64>>) {
    let all = epochs(p);
    let matches = (0..EPOCHS)
        .map(|i| {
            (0..EPOCHS)
                .map(|j| all[i].iter().zip(&all[j]).filter(|(a, b)| a == b).count() as u64)
                .collect()
        })
        .collect();
    let w = p.epoch.num_replicas();
    let kept = yielded(&p.loader, p.epoch.num_samples());
    let seen = (0..w.min(TRACKED_RANKS))
        .map(|r| {
            let mut set: HashSet<u32> = HashSet::new();
            all.iter()
                .map(|padded| {
                    set.extend(padded.iter().skip(r).step_by(w).take(kept));
                    set.len() as u64
                })
                .collect()
        })
        .collect();
    (matches, seen)
}

/// A rough well-formedness check: one `<svg>` root with `xmlns`, balanced tags.
fn well_formed(svg: &str) -> bool {
    let mut stack = Vec::new();
    let mut rest = svg;
    while let Some(open) = rest.find('<') {
        let Some(close) = rest[open..].find('>') else { return false };
        let tag = &rest[open + 1..open + close];
        rest = &rest[open + close + 1..];
        if tag.starts_with('?') || tag.starts_with('!') || tag.ends_with('/') {
            continue;
        }
        let name = tag.trim_start_matches('/').split_whitespace().next().unwrap_or("");
        if tag.starts_with('/') {
            if stack.pop() != Some(name.to_string()) {
                return false;
            }
        } else {
            stack.push(name.to_string());
        }
    }
    stack.is_empty()
        && svg.trim_start().starts_with("<svg")
        && svg.contains("xmlns=\"http://www.w3.org/2000/svg\"")
}

#[track_caller]
fn check(query: &str, all_same: bool) {
    let p = picture(query);
    let n = p.params.n as usize;
    // One epoch: visits and padding against counting every rank's indices.
    let c = counts(&p, &p.epoch.padded().collect::<Vec<_>>());
    let side = NoSamplerSide::of(&p.params).ok();
    let visits_data = VisitsData::from_picture(&p, side.as_ref().and_then(|s| s.visits.as_ref()));
    let mut expected: Vec<(u32, u64)> = Vec::new();
    for t in 0..=c.iter().copied().max().unwrap_or(0) {
        let samples = c.iter().filter(|&&x| x == t).count() as u64;
        if samples > 0 {
            expected.push((t, samples));
        }
    }
    assert_eq!(visits_data.sampler, expected, "{query}: visits");
    let pad = PaddingData::from_picture(&p);
    for padded in epochs(&p) {
        let c = counts(&p, &padded);
        let once = c.iter().filter(|&&x| x == 1).count() as u64;
        let repeated = c.iter().filter(|&&x| x >= 2).count() as u64;
        let never = (n - once as usize - repeated as usize) as u64;
        assert_eq!((pad.once, pad.repeated), (once, repeated), "{query}: padding, every epoch");
        assert_eq!(pad.trimmed + pad.loader_lost, never, "{query}: never processed");
        assert_eq!(pad.trimmed, (n.saturating_sub(padded.len())) as u64, "{query}: trimmed");
    }
    // Several epochs: the task, whole and in small slices, against brute force.
    let history = HistoryTask::new(&p).finish();
    let mut sliced = HistoryTask::new(&p);
    while !sliced.advance(7) {}
    assert_eq!(sliced.history(), &history, "{query}: slices change nothing");
    // The charts' part starts from the parameters alone, as the page tells it them.
    let params =
        Params::from_query(&p.params.to_query()).unwrap_or_else(|e| panic!("{query}: {e:?}"));
    let mut alone = HistoryTask::start(&params).unwrap_or_else(|e| panic!("{query}: {e:?}"));
    while !alone.advance(7) {}
    assert_eq!(alone.history(), &history, "{query}: without the picture's epoch");
    let distributed = sampler_viz::model::scheme::by_name("distributed").expect("registered");
    let whole = distributed.deal_up_to(&params, &Shared::default(), usize::MAX).expect("dealt");
    let dealt = PaddingData::from_deal(&whole);
    // A padding copy in a dropped batch is no extra work: the deal counts the copies processed.
    let processed_copies = if params.loader_drop_last { dealt.padding } else { pad.padding };
    assert_eq!(dealt, PaddingData { padding: processed_copies, ..pad }, "{query}: from the deal");
    assert!(dealt.padding <= pad.padding, "{query}: copies processed, of those made");
    let from_deal = VisitsData::from_deal(distributed, &whole, params.num_replicas as u32, None);
    assert_eq!(from_deal.sampler, visits_data.sampler, "{query}: visits from the deal");
    if !params.loader_drop_last {
        // Every position of the padded list is processed: the scheme's own deals (what the
        // charts draw for any other scheme) give the very same history.
        let distributed = sampler_viz::model::scheme::by_name("distributed").expect("registered");
        let dealt = DealsTask::start(distributed, &params).expect("drawn").finish();
        assert_eq!(dealt, history, "{query}: from the scheme's deals");
    }
    assert_eq!(
        VisitsData::from_wire(&visits_data.to_wire()).as_ref(),
        Some(&visits_data),
        "{query}: visits' wire"
    );
    assert_eq!(PaddingData::from_wire(&pad.to_wire()), Some(pad), "{query}: padding's wire");
    let (matches, seen) = brute_history(&p);
    let got: Vec<Vec<u64>> = history
        .matches
        .iter()
        .map(|row| row.iter().map(|m| m.unwrap_or(u64::MAX)).collect())
        .collect();
    assert_eq!(got, matches, "{query}: similarity");
    assert_eq!(history.seen, seen, "{query}: coverage");
    assert!(history.is_complete(), "{query}: complete");
    for s in &history.seen {
        assert!(
            s.windows(2).all(|w| w[0] <= w[1]) && s.iter().all(|&x| x <= n as u64),
            "{query}: monotone"
        );
    }
    for i in 0..EPOCHS {
        assert_eq!(history.similarity(i, i), Some(1.0), "{query}: diagonal");
    }
    let every_cell_one =
        (0..EPOCHS).all(|i| (0..EPOCHS).all(|j| history.similarity(i, j) == Some(1.0)));
    assert_eq!(every_cell_one, all_same, "{query}: all bright");
    check_svgs(query, &visits_data, &pad, &history);
}

#[track_caller]
fn check_svgs(query: &str, v: &VisitsData, pad: &PaddingData, h: &History) {
    for lang in [Lang::En, Lang::Zh] {
        let charts = [
            (visits::svg(v, lang), ChartWords::VisitsTitle, summary::visits(v, lang)),
            (similarity::svg(h, lang), ChartWords::SimilarityTitle, summary::similarity(h, lang)),
            (coverage::svg(h, lang), ChartWords::CoverageTitle, summary::coverage(h, lang)),
            (padding::svg(pad, lang), ChartWords::PaddingTitle, summary::padding(pad, lang)),
        ];
        for (svg, title, text) in charts {
            let svg = svg.unwrap_or_else(|e| panic!("{query}: {e}"));
            assert!(well_formed(&svg), "{query}: {svg}");
            assert!(svg.contains(title.text(lang)), "{query}: title {title:?} in {lang:?}");
            assert!(!text.contains('{') && !text.is_empty(), "{query}: summary {text}");
        }
        let svg = coverage::svg(h, lang).expect("drawn");
        let widths: Vec<u32> = (0..h.seen.len()).map(|r| line_width(&svg, r)).collect();
        assert!(
            widths.windows(2).all(|w| w[0] >= w[1] + 2),
            "{query}: each rank's line is 2 units wider than the next, so that equal lines all show: \
             {widths:?}"
        );
    }
}

/// The stroke width of rank `r`'s line in a coverage chart (its colour's `<polyline>`).
fn line_width(svg: &str, r: usize) -> u32 {
    let (red, green, blue) = sampler_viz::chart::RANK_COLOURS[r];
    let colour = format!("stroke=\"#{red:02X}{green:02X}{blue:02X}\"");
    let line = svg
        .split("<polyline")
        .skip(1)
        .find(|l| l.contains(&colour))
        .unwrap_or_else(|| panic!("no line of rank {r} ({colour}) in {svg}"));
    let width = line.split("stroke-width=\"").nth(1).and_then(|w| w.split('"').next());
    width.and_then(|w| w.parse().ok()).unwrap_or_else(|| panic!("no width in {line}"))
}

#[test]
fn charts_match_brute_force() {
    // (URL parameters, every epoch the same order)
    let table = [
        ("n=8&num_replicas=2", false),
        ("n=8&num_replicas=2&set_epoch=false", true),
        ("n=50&num_replicas=3&shuffle=false", true),
        ("n=0&num_replicas=2", true),
        ("n=1&num_replicas=1", true),
        ("n=1&num_replicas=64", true),
        ("n=10&num_replicas=4&drop_last=true", false),
        ("n=10&num_replicas=3&batch_size=2&loader_drop_last=true", false),
        ("n=100&num_replicas=64&batch_size=1", false),
        ("n=1000&num_replicas=12&drop_last=true&batch_size=7&loader_drop_last=true", false),
        ("n=3&num_replicas=8&drop_last=true", true),
        // The picture at epoch 3 (its order is reused for epoch 3) and at epoch 9 (reused nowhere).
        ("n=50&num_replicas=3&epoch=3", false),
        ("n=50&num_replicas=3&epoch=9", false),
    ];
    for (query, all_same) in table {
        check(query, all_same);
    }
}

#[test]
fn the_wire_refuses_what_the_page_never_writes() {
    let visits = VisitsData {
        scheme: 1,
        n: 8,
        num_replicas: 2,
        sampler: vec![(1, 8)],
        no_sampler: Contrast::Counted(vec![(2, 8)]),
    };
    assert_eq!(visits.to_wire(), [1, 8, 2, 1, 1, 8, 1, 1, 2, 8]);
    let uncounted = VisitsData { no_sampler: Contrast::Uncounted, ..visits.clone() };
    assert_eq!(uncounted.to_wire(), [1, 8, 2, 1, 1, 8, 0]);
    let itself = VisitsData { no_sampler: Contrast::Itself, ..visits.clone() };
    assert_eq!(itself.to_wire(), [1, 8, 2, 1, 1, 8, 2]);
    for data in [&visits, &uncounted, &itself] {
        assert_eq!(VisitsData::from_wire(&data.to_wire()).as_ref(), Some(data), "round trip");
    }
    let past_the_registry = SCHEMES.len() as u64;
    // (wire, why it is refused)
    let bad: [(&[u64], &str); 7] = [
        (&[], "empty"),
        (&[0, 8, 2, 1, 1], "a bar cut short"),
        (&[0, 8, 2, 1, 1, 8], "no word on the no-sampler side"),
        (&[0, 8, 2, 1, 1, 8, 3], "none of 0, 1, 2 for the no-sampler side"),
        (&[0, 8, 2, 1, 1, 8, 0, 7], "something after the end"),
        (&[0, 8, 1 << 40, 0, 0], "more ranks than a u32"),
        (&[past_the_registry, 8, 2, 1, 1, 8, 0], "a scheme past the registry"),
    ];
    for (wire, why) in bad {
        assert_eq!(VisitsData::from_wire(wire), None, "{why}: {wire:?}");
    }
    assert_eq!(VisitsData::from_wire(&[0, 8, 2, u64::MAX, 1, 8, 0]), None, "a length past the end");
    assert_eq!(PaddingData::from_wire(&[1, 2, 3, 4, 5]), None, "five numbers for six");
}

mod properties {
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Any small configuration: the charts' data equals brute force, and every chart draws.
        #[test]
        fn any_small_configuration(
            n in 0u64..=40,
            w in 1i64..=9,
            seed in 0i64..1000,
            drop_last: bool,
            set_epoch: bool,
            shuffle: bool,
            batch_size in 1i64..=5,
            loader_drop_last: bool,
        ) {
            let query = format!(
                "n={n}&num_replicas={w}&seed={seed}&drop_last={drop_last}&set_epoch={set_epoch}\
                 &shuffle={shuffle}&batch_size={batch_size}&loader_drop_last={loader_drop_last}"
            );
            // Whether every epoch repeats epoch 0 is itself brute force here.
            let all = super::epochs(&super::picture(&query));
            super::check(&query, all.iter().all(|e| *e == all[0]));
        }
    }
}

/// A chart as the panel shows it: its drawing named by its title, its summary, and a button
/// that names the file and what to say once it is saved; a chart that could not be drawn says
/// why instead, and every text is escaped.
#[test]
fn a_figure_holds_its_chart_summary_and_download() {
    use sampler_viz::chart::{ChartError, figure};
    let file = "sampler-viz_distributed_n8_w2_seed0_epoch0_chart-visits.svg";
    let drawn = figure::html(
        "chart-visits",
        ChartWords::VisitsTitle,
        &Ok("<svg></svg>".into()),
        "8 < 9 & more",
        file,
        Lang::En,
    );
    assert_eq!(
        drawn,
        format!(
            r#"<figure class="chart" data-testid="chart-visits" data-key="chart-visits"><div class="chart-svg" role="img" aria-label="Visits per sample in one epoch, all ranks" tabindex="0" data-key="svg"><svg></svg></div><p class="chart-swipe" aria-hidden="true" data-key="swipe">Swipe sideways for the whole chart.</p><figcaption class="chart-summary" data-testid="chart-visits-summary" data-key="summary">8 &lt; 9 &amp; more</figcaption><div class="chart-actions" data-key="actions"><button type="button" data-testid="chart-visits-download" data-save="{file}" data-saved="Saved {file}." data-refused="The browser refused to save {file}." data-key="save">Download SVG</button><span class="chart-status" role="status" data-key="status"></span></div></figure>"#
        )
    );
    let failed = figure::html(
        "chart-padding",
        ChartWords::PaddingTitle,
        &Err(ChartError("<too> large".into())),
        "",
        file,
        Lang::Zh,
    );
    assert!(failed.contains(r#"role="img" aria-label="每个 epoch 的填充与截断尾部" data-key="svg"></div><p class="chart-error" role="status" data-key="error">无法绘制此图：&lt;too&gt; large</p>"#), "{failed}");
    assert!(failed.contains(">下载 SVG</button>"), "{failed}");
}
