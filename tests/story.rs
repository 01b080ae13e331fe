//! The story below the first screen: its steps and anchors, the totals every scheme's deal
//! adds up to, and each step's sentence, with the numbers of the scheme it follows.

use sampler_viz::i18n::Lang;
use sampler_viz::model::Params;
use sampler_viz::model::picture::row_limit;
use sampler_viz::model::scheme::{self, SCHEMES, Shared};
use sampler_viz::model::story::{Step, TotalKind, Totals, sentence};

/// The query's parameters over the defaults.
fn params(query: &str) -> Params {
    let pairs = query.split('&').filter_map(|p| p.split_once('='));
    Params::from_pairs(pairs).unwrap_or_else(|e| panic!("{query}: {e:?}"))
}

/// The deal of the scheme called `name` for `query`, as the story's figures draw it.
fn deal(name: &str, query: &str) -> scheme::Deal {
    let p = params(query);
    let s = scheme::by_name(name).expect("registered");
    s.deal_up_to(&p, &Shared::default(), row_limit(p.num_replicas as usize)).expect("dealt")
}

#[test]
fn every_step_has_its_own_anchor_and_number() {
    let mut anchors: Vec<&str> = Step::ALL.iter().map(|s| s.anchor()).collect();
    for (k, step) in Step::ALL.iter().enumerate() {
        assert_eq!(step.number(), k + 1);
        assert_eq!(Step::from_anchor(step.anchor()), Some(*step));
    }
    anchors.sort_unstable();
    anchors.dedup();
    assert_eq!(anchors.len(), Step::ALL.len(), "two steps share an anchor");
    assert_eq!(Step::from_anchor("set-epoch"), Some(Step::SetEpoch));
    assert_eq!(Step::from_anchor("nope"), None);
}

#[test]
fn the_totals_say_how_the_lists_add_up() {
    // (scheme, query, Σ len(sampler), how)
    let cases: &[(&str, &str, u64, TotalKind)] = &[
        ("distributed", "n=8&num_replicas=2", 8, TotalKind::Even),
        ("distributed", "n=10&num_replicas=4", 12, TotalKind::Padded { copies: 2 }),
        ("distributed", "n=10&num_replicas=4&drop_last=1", 8, TotalKind::Trimmed { dropped: 2 }),
        ("no_sampler", "n=8&num_replicas=2", 16, TotalKind::Mixed { unseen: 0, more: 8 }),
    ];
    for &(name, query, total, kind) in cases {
        let totals = Totals::of(&deal(name, query));
        assert_eq!((totals.total, totals.kind), (total, kind), "{name} {query}");
    }
    let totals = Totals::of(&deal("distributed", "n=10&num_replicas=4&batch_size=2"));
    assert_eq!((totals.sampler, totals.loader), ((3, 3), (2, 2)));
}

/// A step, a query, the history's repeats on GPU 0, and what the sentence must say.
type SentenceCase = (Step, &'static str, Option<(usize, usize)>, &'static str);

#[test]
fn each_sentence_has_this_configurations_numbers() {
    let distributed = scheme::by_name("distributed").expect("registered");
    let say = |step, query: &str, repeating| {
        let p = params(query);
        sentence(step, distributed, &p, &deal("distributed", query), Lang::En, repeating)
    };
    // (step, query, the history's repeats on GPU 0, what the sentence must say)
    let cases: &[SentenceCase] = &[
        (
            Step::Split,
            "n=10&num_replicas=4",
            None,
            "the 10 samples go to num_replicas = 4 GPUs, 3 to each",
        ),
        (Step::Split, "n=8&num_replicas=2", None, "every sample to exactly one of them"),
        (
            Step::PadOrTrim,
            "n=10&num_replicas=4",
            None,
            "12 positions for len(dataset) = 10: padding adds 2",
        ),
        (Step::PadOrTrim, "n=10&num_replicas=4&drop_last=1", None, "trimming leaves out 2"),
        (Step::SetEpoch, "n=8", Some((3, 3)), "epochs 1–3 hand GPU 0 exactly epoch 0's list"),
        (Step::SetEpoch, "n=8", Some((0, 3)), "every epoch from 1 to 3 hands GPU 0 a new order"),
        (Step::SetEpoch, "n=8", None, "not compared here"),
        (
            Step::Batches,
            "n=10&num_replicas=4&batch_size=2",
            None,
            "len(sampler) = 3 and len(loader) = 2",
        ),
        (
            Step::NoSampler,
            "n=50000&num_replicas=8",
            None,
            "num_replicas = 8 processes walks all 50,000",
        ),
        (Step::InsideOneGpu, "n=8&num_workers=2", None, "num_workers = 2: each GPU's batches"),
        (Step::Pitfalls, "n=8", None, "20 ways"),
    ];
    for &(step, query, repeating, expected) in cases {
        let text = say(step, query, repeating);
        assert!(text.contains(expected), "{step:?} {query}: {text}");
    }
}

#[test]
fn every_registered_scheme_tells_every_step() {
    let queries = ["n=10&num_replicas=4", "n=23&num_replicas=3&batch_size=4&drop_last=1", "n=8"];
    for s in SCHEMES {
        for query in queries {
            let p = params(query);
            let Ok(deal) = s.deal_up_to(&p, &Shared::default(), row_limit(p.num_replicas as usize))
            else {
                continue;
            };
            let totals = Totals::of(&deal);
            let sum: u64 = deal.lanes.iter().map(|l| l.sampler_len as u64).sum();
            assert_eq!(totals.total, sum, "{} {query}", s.name());
            match totals.kind {
                TotalKind::Padded { copies } => assert_eq!(sum, deal.n + copies),
                TotalKind::Trimmed { dropped } => assert_eq!(sum + dropped, deal.n),
                TotalKind::Even => assert!(deal.unseen_len() == 0 && deal.duplicated() == 0),
                TotalKind::Mixed { unseen, more } => {
                    assert_eq!((unseen, more), (deal.unseen_len(), deal.duplicated()))
                }
            }
            for step in Step::ALL {
                for lang in [Lang::En, Lang::Zh] {
                    let text = sentence(step, *s, &p, &deal, lang, Some((1, 3)));
                    assert!(
                        !text.is_empty() && !text.contains('{'),
                        "{} {step:?}: {text}",
                        s.name()
                    );
                }
            }
        }
    }
}
