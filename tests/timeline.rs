//! Step 3's epoch timeline as the story's part writes it (`model::timeline`): well-formed HTML
//! for every registered scheme, one item per epoch 0–3 (and the epoch shown, past them), each
//! with the button that shows it; each GPU's first indices PyTorch's, and the epochs that repeat
//! epoch 0 marked exactly when `set_epoch` is forgotten:
//!
//! ```python
//! >>> s = [DistributedSampler(range(10), num_replicas=3, rank=r, seed=0) for r in range(3)]
//! >>> for e in range(3):
//! ...     for x in s: x.set_epoch(e)
//! ...     print([list(x) for x in s])
//! [[4, 5, 0, 2], [1, 3, 8, 4], [7, 9, 6, 1]]
//! [[5, 2, 9, 4], [6, 0, 3, 5], [1, 8, 7, 6]]
//! [[8, 5, 0, 3], [7, 6, 4, 8], [1, 9, 2, 7]]
//! ```
//! (`tests/golden/pytorch-2.15/distributed_sampler.jsonl`, n = 10, num_replicas = 3, seed = 0.)

use sampler_viz::i18n::Lang;
use sampler_viz::model::Params;
use sampler_viz::model::scheme::{self, Scheme};
use sampler_viz::model::timeline::{self, Run};

mod html;
use html::{attribute, tags};

/// The timeline of `scheme` at `query`, every epoch drawn.
fn drawn(scheme: &dyn Scheme, query: &str, lang: Lang) -> String {
    let params = Params::from_query(query).expect("valid test parameters");
    let mut run = Run::new(scheme, timeline::at_epoch_0(&params));
    let mut steps = 0;
    while !run.done() {
        run.step(scheme);
        steps += 1;
        assert!(steps <= 4, "one step per epoch at most");
    }
    timeline::html(scheme, &run, params.epoch, lang)
}

/// One epoch's item: its epoch, `data-repeats`, `class`, and each GPU's listed indices.
#[derive(Debug, PartialEq)]
struct Item {
    epoch: u64,
    repeats: Option<String>,
    class: Option<String>,
    lists: Vec<Vec<u32>>,
}

fn items(html: &str) -> Vec<Item> {
    html.split("<li ")
        .skip(1)
        .map(|piece| {
            let item = &piece[..piece.find("</li>").expect("an item that ends")];
            let tag = vec![format!("li {}", &item[..item.find('>').unwrap()])];
            let one = |name: &str| attribute(&tag, name).pop();
            let lists = item
                .split(r#"<span class="preview-indices">"#)
                .skip(1)
                .map(|s| {
                    let text = &s[..s.find("</span>").unwrap()];
                    text.split(' ').filter_map(|i| i.parse().ok()).collect()
                })
                .collect();
            Item {
                epoch: one("data-epoch").expect("an epoch").parse().unwrap(),
                repeats: one("data-repeats"),
                class: one("class"),
                lists,
            }
        })
        .collect()
}

#[test]
fn every_scheme_is_well_formed_with_one_button_per_epoch() {
    for &s in scheme::SCHEMES {
        for query in ["n=10&num_replicas=3", "n=10&num_replicas=3&set_epoch=0&epoch=6"] {
            for lang in [Lang::En, Lang::Zh] {
                let html = drawn(s, query, lang);
                let all = tags(&html);
                assert!(all[0].starts_with(r#"div class="timeline-body""#), "{}", all[0]);
                let keys = attribute(&all, "data-key");
                let mut unique = keys.clone();
                unique.sort();
                unique.dedup();
                assert_eq!(unique.len(), keys.len(), "{} {query}: keys are unique", s.name());
                let epochs: Vec<u64> = items(&html).iter().map(|i| i.epoch).collect();
                let wanted: Vec<u64> =
                    if query.contains("epoch=6") { vec![0, 1, 2, 3, 6] } else { vec![0, 1, 2, 3] };
                // A scheme may refuse an epoch (then its item says so and the list ends there).
                assert!(
                    !epochs.is_empty() && wanted.starts_with(&epochs),
                    "{}: {epochs:?}",
                    s.name()
                );
                let values = attribute(&all, "data-value");
                let buttons: Vec<String> = epochs.iter().map(u64::to_string).collect();
                assert_eq!(values, buttons, "{}: each epoch's button asks for it", s.name());
                assert!(attribute(&all, "data-set").iter().all(|f| f == "epoch"));
            }
        }
    }
}

#[test]
fn the_lists_are_pytorchs_and_the_current_epoch_is_marked() {
    let distributed = scheme::by_name("distributed").unwrap();
    let html = drawn(distributed, "n=10&num_replicas=3&seed=0&epoch=1", Lang::En);
    let items = items(&html);
    let golden: [&[&[u32]]; 3] = [
        &[&[4, 5, 0, 2], &[1, 3, 8, 4], &[7, 9, 6, 1]],
        &[&[5, 2, 9, 4], &[6, 0, 3, 5], &[1, 8, 7, 6]],
        &[&[8, 5, 0, 3], &[7, 6, 4, 8], &[1, 9, 2, 7]],
    ];
    for (item, lists) in items.iter().zip(golden) {
        assert_eq!(item.lists, lists, "epoch {}", item.epoch);
        assert_eq!(item.repeats, None, "with set_epoch no epoch repeats");
    }
    let current: Vec<u64> =
        items.iter().filter(|i| i.class.as_deref() == Some("current")).map(|i| i.epoch).collect();
    assert_eq!(current, [1]);
    // Its button says so to a screen reader too, and no other does.
    assert_eq!(html.matches(r#"aria-current="true""#).count(), 1);
    assert!(html.contains(r#"data-value="1" aria-current="true""#), "{html}");
    assert!(!html.contains("repeat-banner"), "{html}");
    assert!(html.contains("<span>set_epoch(2) →</span>"), "{html}");
}

#[test]
fn without_set_epoch_every_epoch_repeats_epoch_0_and_the_banner_says_why() {
    let distributed = scheme::by_name("distributed").unwrap();
    let html = drawn(distributed, "n=10&num_replicas=3&seed=0&set_epoch=0&epoch=5", Lang::En);
    let items = items(&html);
    assert_eq!(items.iter().map(|i| i.epoch).collect::<Vec<_>>(), [0, 1, 2, 3, 5]);
    for item in &items {
        assert_eq!(item.lists, [[4, 5, 0, 2], [1, 3, 8, 4], [7, 9, 6, 1]], "epoch {}", item.epoch);
        let marked = item.epoch > 0;
        assert_eq!(item.repeats.is_some(), marked, "epoch {}", item.epoch);
    }
    assert_eq!(items[4].class.as_deref(), Some("current repeat"));
    assert!(html.contains(r#"data-testid="repeat-banner""#), "{html}");
    assert!(html.contains("set_epoch is never called"), "{html}");
}

#[test]
fn past_the_budget_the_calls_stay_and_the_lists_go() {
    let distributed = scheme::by_name("distributed").unwrap();
    let query = "n=1281167&num_replicas=8&set_epoch=0&epoch=0";
    let params = Params::from_query(query).unwrap();
    // ImageNet-1k fits one epoch's budget; three times more does not.
    let big = format!("n={}&num_replicas=8&set_epoch=0", 3 * params.n);
    let html = drawn(distributed, &big, Lang::En);
    tags(&html);
    assert!(html.contains(r#"data-testid="epoch-list-not-drawn""#), "{html}");
    assert!(items(&html).iter().all(|i| i.lists.is_empty()));
    assert!(html.contains("repeat-banner"), "forgotten set_epoch repeats by design: {html}");
    assert!(html.contains("g.manual_seed(seed + 0 = 0)"), "{html}");
}

#[test]
fn an_epoch_whose_seed_pytorch_refuses_says_so_in_its_words() {
    // seed + 1 past 2**64 - 1: torch.Generator().manual_seed refuses it (in English on either
    // page, marked so).
    let distributed = scheme::by_name("distributed").unwrap();
    for lang in [Lang::En, Lang::Zh] {
        let html = drawn(distributed, "n=10&num_replicas=2&seed=18446744073709551615", lang);
        tags(&html);
        let items = items(&html);
        assert_eq!(items.iter().map(|i| i.epoch).collect::<Vec<_>>(), [0, 1], "{html}");
        assert!(html.contains(r#"<span class="field-error"> <span lang="en">"#), "{html}");
    }
}

#[test]
fn past_the_budget_a_scheme_without_known_seeding_says_the_lists_are_not_drawn() {
    let iterable = scheme::by_name("iterable").unwrap();
    let params = Params::from_query("n=3843501&num_replicas=8").unwrap();
    assert!(iterable.epoch_seed(&timeline::at_epoch_0(&params), 0).is_none());
    for lang in [Lang::En, Lang::Zh] {
        let html = drawn(iterable, "n=3843501&num_replicas=8", lang);
        let all = tags(&html);
        assert_eq!(attribute(&all, "data-testid"), ["epoch-list-not-drawn"], "{html}");
        assert!(items(&html).is_empty());
    }
}
