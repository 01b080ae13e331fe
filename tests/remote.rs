//! A scheme dealt on demand (`model::scheme::remote`): asked through bytes, as the page asks
//! the story's part, every registered scheme answers exactly what it answers when called
//! directly; and while the part cannot answer, a deal says so in both languages.

use sampler_viz::i18n::Lang;
use sampler_viz::model::scheme::remote::{self, Remote, Unavailable};
use sampler_viz::model::scheme::{
    Accelerate, Distributed, Iterable, LANE_CAP, LightningUnrepeated, LightningWrapper,
    MonaiWeighted, NoSamplerScheme, SCHEMES, Scheme, SeedPerRank, Shared, TorchdataResume,
    WeightedNoWrapper, WeightedWrapper,
};
use sampler_viz::model::{Params, Problem};

/// Every registered scheme, and the same scheme behind [`Remote`].
fn pairs() -> Vec<(&'static dyn Scheme, Box<dyn Scheme>)> {
    let remote: Vec<Box<dyn Scheme>> = vec![
        Box::new(Remote(Distributed)),
        Box::new(Remote(NoSamplerScheme)),
        Box::new(Remote(SeedPerRank)),
        Box::new(Remote(Accelerate)),
        Box::new(Remote(LightningWrapper)),
        Box::new(Remote(LightningUnrepeated)),
        Box::new(Remote(TorchdataResume)),
        Box::new(Remote(Iterable)),
        Box::new(Remote(WeightedNoWrapper)),
        Box::new(Remote(WeightedWrapper)),
        Box::new(Remote(MonaiWeighted)),
    ];
    let names = |all: &mut dyn Iterator<Item = &'static str>| all.collect::<Vec<_>>();
    let registered = names(&mut SCHEMES.iter().map(|s| s.name()));
    assert_eq!(
        registered,
        names(&mut remote.iter().map(|s| s.name())),
        "a registered scheme is missing here"
    );
    SCHEMES.iter().copied().zip(remote).collect()
}

/// Set-ups that reach every road: defaults, uneven ends, no `set_epoch`, workers, each
/// library's options, weighted draws (a MONAI slice that weighs nothing raises), and values a
/// library refuses.
const QUERIES: &[&str] = &[
    "",
    "n=10&num_replicas=3&batch_size=2&epoch=2",
    "n=7&num_replicas=4&drop_last=1&set_epoch=0&epoch=3",
    "n=50&num_replicas=2&num_workers=2&manual_seed=5&epoch=1",
    "n=23&num_replicas=3&batch_size=4&split_batches=1&even_batches=0&loader_drop_last=1",
    "n=30&num_replicas=2&inner=random&inner_seed=3&consumed=2&restore_epoch=1&sharding=worker&num_workers=3",
    "n=40&num_replicas=2&weights=imbalanced&epoch=1",
    "n=12&num_replicas=3&weights=1,2,3&num_samples=5&replacement=0&generator=per_rank",
    "n=10&num_replicas=2&batch_size=2&shuffle=0&weights=1,0",
    "n=8&num_replicas=2&loader_shuffle=1",
    "n=5&num_replicas=2&batch_size=0",
    "n=9&num_replicas=3&rank=1&stage=3&use_seedable_sampler=1&data_seed=4&even_batches=0",
    "n=16&num_replicas=2&weights=uniform&num_samples_per_rank=3&even_divisible=0&generator=global_per_rank",
    "n=6&num_replicas=2&seeding=unseeded&os_seed=11&generator=global_alike&num_workers=1",
];

fn params(query: &str) -> Params {
    Params::from_query(query).unwrap_or_else(|e| panic!("{query:?} does not parse: {e:?}"))
}

#[test]
fn asked_through_bytes_every_scheme_answers_what_it_answers_itself() {
    remote::install(|request| remote::answer(request).map_err(Unavailable::Missing));
    let mut compared = 0;
    for (direct, asked) in pairs() {
        for query in QUERIES {
            let p = params(query);
            let at = format!("{} at {query:?}", direct.name());
            let shared = Shared::default();
            for cap in [LANE_CAP, usize::MAX] {
                let (want, got) =
                    (direct.deal_up_to(&p, &shared, cap), asked.deal_up_to(&p, &shared, cap));
                assert_eq!(got, want, "deal_up_to({cap}) of {at}");
            }
            assert_eq!(asked.repeats_by_design(&p), direct.repeats_by_design(&p), "{at}");
            for lang in [Lang::En, Lang::Zh] {
                assert_eq!(asked.python(&p, lang), direct.python(&p, lang), "python of {at}");
            }
            assert_eq!(asked.stages(&p), direct.stages(&p), "stages of {at}");
            assert_eq!(asked.draws_per_epoch(&p), direct.draws_per_epoch(&p), "{at}");
            for epoch in 0..4 {
                assert_eq!(asked.epoch_seed(&p, epoch), direct.epoch_seed(&p, epoch), "{at}");
            }
            assert_eq!(asked.steps(&p), direct.steps(&p), "steps of {at}");
            compared += 1;
        }
        assert_eq!(asked.title(), direct.title());
        assert_eq!(asked.summary(), direct.summary());
        assert_eq!(asked.options(), direct.options());
        assert_eq!(asked.pictured(), direct.pictured());
        assert_eq!(asked.covers_epochs(), direct.covers_epochs());
        assert_eq!(asked.map_style_workers(), direct.map_style_workers());
    }
    assert_eq!(compared, SCHEMES.len() * QUERIES.len());
}

#[test]
fn the_set_ups_reach_refusals_and_raising_ranks() {
    // The table above is only worth its rows if some of them take the error roads.
    let refused = QUERIES
        .iter()
        .filter(|q| SCHEMES.iter().any(|s| s.deal(&params(q), &Shared::default()).is_err()))
        .count();
    assert!(refused >= 2, "only {refused} set-ups are refused by some scheme");
    let raising = MonaiWeighted
        .deal(&params("n=10&num_replicas=2&batch_size=2&shuffle=0&weights=1,0"), &Shared::default())
        .expect("MONAI deals the other ranks");
    assert!(raising.lanes.iter().any(|l| l.raised.is_some()), "no MONAI rank raised");
}

#[test]
fn until_the_part_answers_a_deal_says_it_is_loading_or_why_it_cannot_be() {
    let scheme = Remote(Accelerate);
    let p = Params::default();
    remote::install(|_| Err(Unavailable::Loading));
    let errors = scheme.deal(&p, &Shared::default()).expect_err("nothing to deal with");
    assert_eq!(errors.iter().map(|e| &e.problem).collect::<Vec<_>>(), [&Problem::Loading]);
    for lang in [Lang::En, Lang::Zh] {
        assert!(!errors[0].message(lang).is_empty());
    }
    assert_ne!(errors[0].message(Lang::En), errors[0].message(Lang::Zh));
    assert!(scheme.stages(&p).is_err());
    // The other answers are what the page shows meanwhile: no repetition, no seed, every rank's
    // list as the history's cost, and a Python comment that says why there is no Python.
    assert!(!scheme.repeats_by_design(&p));
    assert_eq!(scheme.epoch_seed(&p, 0), None);
    assert_eq!(scheme.draws_per_epoch(&p), p.n * p.num_replicas as u64);
    for lang in [Lang::En, Lang::Zh] {
        assert_eq!(scheme.python(&p, lang), format!("# {}", errors[0].message(lang)));
    }

    remote::install(|_| Err(Unavailable::Missing("404 Not Found".into())));
    let errors = scheme.deal(&p, &Shared::default()).expect_err("nothing to deal with");
    for lang in [Lang::En, Lang::Zh] {
        assert!(errors[0].message(lang).contains("404 Not Found"), "{lang:?}");
    }
}

#[test]
fn a_request_the_part_cannot_read_is_an_error_not_a_panic() {
    assert!(remote::answer(&[0xff, 0xff, 0xff]).is_err());
    let unknown = remote::Request {
        scheme: "no_such_scheme".into(),
        query: String::new(),
        ask: remote::Ask::Stages,
    };
    let bytes = postcard::to_allocvec(&unknown).expect("writes");
    assert!(remote::answer(&bytes).unwrap_err().contains("no_such_scheme"));
}
