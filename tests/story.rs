//! The story below the first screen: its steps and anchors, the totals every scheme's deal
//! adds up to, and each step's sentence, with the numbers of the scheme it follows.

use sampler_viz::i18n::Lang;
use sampler_viz::model::Params;
use sampler_viz::model::picture::row_limit;
use sampler_viz::model::scheme::{self, SCHEMES, Shared};
use sampler_viz::model::story::{Step, TotalKind, Totals, repeating, sentence};

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
    assert_eq!(Step::Split.offset(2), Some(Step::SetEpoch));
    assert_eq!(Step::SetEpoch.offset(-2), Some(Step::Split));
    assert_eq!((Step::Split.offset(-1), Step::Pitfalls.offset(1)), (None, None));
    assert_eq!(Step::Pitfalls.offset(isize::MAX), None);
}

#[test]
fn the_totals_say_how_the_lists_add_up() {
    // (scheme, query, Σ len(sampler), how)
    let cases: &[(&str, &str, u64, TotalKind)] = &[
        ("distributed", "n=8&num_replicas=2", 8, TotalKind::Even),
        ("distributed", "n=10&num_replicas=4", 12, TotalKind::Padded { copies: 2, more: 2 }),
        // Fewer samples than GPUs: 5 copies of 3 samples, each trained more than once.
        ("distributed", "n=3&num_replicas=8", 8, TotalKind::Padded { copies: 5, more: 3 }),
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
        (
            Step::Split,
            "n=8&num_replicas=2",
            None,
            "every sample to exactly one of them. The stages below show how.",
        ),
        (
            Step::PadOrTrim,
            "n=10&num_replicas=4",
            None,
            "12 positions for len(dataset) = 10: padding adds 2 copies of samples already dealt",
        ),
        (
            Step::PadOrTrim,
            "n=3&num_replicas=8",
            None,
            "padding adds 5 copies of samples already dealt so that every GPU gets as many, and 3 samples are trained more than once",
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
            Step::Batches,
            "n=10&num_replicas=4&batch_size=2",
            None,
            "in batches of at most 2 samples",
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
                TotalKind::Padded { copies, more } => {
                    assert_eq!(sum, deal.n + copies);
                    assert!(more <= copies && more == deal.duplicated() && deal.unseen_len() == 0);
                }
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

/// A scheme, a query, and how many later epochs repeat GPU 0's epoch-0 list, of how many.
type RepeatCase = (&'static str, &'static str, Option<(usize, usize)>);

#[test]
fn step_3_counts_the_later_epochs_that_repeat_epoch_0() {
    // (scheme, query, later epochs repeating GPU 0's epoch-0 list, of how many)
    let cases: &[RepeatCase] = &[
        ("distributed", "n=8", Some((0, 3))),
        ("distributed", "n=8&set_epoch=0", Some((3, 3))),
        ("distributed", "n=8&shuffle=0", Some((3, 3))),
        ("seed_per_rank", "n=8&set_epoch=0", Some((3, 3))),
        // Past the budget of one task: not compared, rather than the page stalling.
        ("distributed", "n=1281167&num_replicas=8", None),
    ];
    for &(name, query, expected) in cases {
        let s = scheme::by_name(name).expect("registered");
        assert_eq!(repeating(s, &params(query)), expected, "{name} {query}");
    }
}

#[test]
fn step_4_says_what_the_library_reports_and_what_has_no_sampler() {
    // (scheme, query, what the sentence must say)
    let cases: &[(&str, &str, &str)] = &[
        (
            "iterable",
            "n=10&num_replicas=2&batch_size=2&sharding=rank_and_worker",
            "an IterableDataset has no sampler: each GPU's loader yields 5 samples this epoch in 3 steps",
        ),
        // split_batches with even_batches=False: Accelerate's len(loader) counts a round the
        // last GPUs never take.
        (
            "accelerate",
            "n=10&num_replicas=4&batch_size=4&shuffle=0&split_batches=1&even_batches=0",
            "len(loader) = 3, its steps per epoch, in batches of at most 1 sample. The table lists every GPU's indices in order. Beware: GPU 2 takes only 2 steps, not the 3 its len(loader) reports.",
        ),
    ];
    for &(name, query, expected) in cases {
        let s = scheme::by_name(name).expect("registered");
        let text = sentence(Step::Batches, s, &params(query), &deal(name, query), Lang::En, None);
        assert!(text.contains(expected), "{name} {query}: {text}");
    }
}

#[test]
fn step_1_promises_the_stages_every_scheme_shows() {
    let p = params("n=8&num_replicas=2");
    for s in SCHEMES {
        let deal = deal(s.name(), "n=8&num_replicas=2");
        let text = sentence(Step::Split, *s, &p, &deal, Lang::En, None);
        assert!(text.ends_with("The stages below show how."), "{}: {text}", s.name());
        let shown = sampler_viz::model::scheme::stages::of(*s, &p, &deal).expect("valid");
        assert!(shown.len() >= 2, "{}: {} stages", s.name(), shown.len());
    }
}

/// Step 3 with new orders says what leaving out `set_epoch` would do, exactly where it would
/// make every epoch epoch 0's (not for a scheme whose orders never depend on it).
#[test]
fn step_3_says_what_set_epoch_changes() {
    const WITHOUT: &str = "every epoch would hand every GPU its epoch-0 list again";
    let cases = [
        ("distributed", "n=8", true),
        ("distributed", "n=8&set_epoch=0", false),
        ("lightning_wrapper", "n=8&inner=random", false),
        ("no_sampler", "n=8", false),
    ];
    for (name, query, said) in cases {
        let s = scheme::by_name(name).expect("registered");
        let text =
            sentence(Step::SetEpoch, s, &params(query), &deal(name, query), Lang::En, Some((0, 3)));
        assert_eq!(text.contains(WITHOUT), said, "{name} {query}: {text}");
    }
}
