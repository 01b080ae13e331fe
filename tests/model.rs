//! The page's model: reading the URL, and the picture computed from it.

use sampler_viz::i18n::Lang;
use sampler_viz::model::scheme::{Distributed, NoSamplerScheme, SCHEMES, Scheme, history};
use sampler_viz::model::{Field, NoSamplerSide, Params, Picture, Seeding, Stage};

/// Parses a query string the way the page receives it (already percent-decoded).
fn parse(query: &str) -> Result<Params, Vec<(Field, String)>> {
    Params::from_query(query)
        .map_err(|es| es.into_iter().map(|e| (e.field, e.message(Lang::En))).collect())
}

#[track_caller]
fn check_error(query: &str, field: Field, message_part: &str) {
    let errors = match parse(query) {
        Ok(params) => match Picture::compute(&params) {
            Ok(_) => panic!("{query} was accepted"),
            Err(es) => es.into_iter().map(|e| (e.field, e.message(Lang::En))).collect(),
        },
        Err(errors) => errors,
    };
    assert!(
        errors.iter().any(|(f, m)| *f == field && m.contains(message_part)),
        "{query}: expected {field} error containing {message_part:?}, got {errors:?}"
    );
}

#[test]
fn the_query_round_trips() {
    let params = Params {
        n: 50_000,
        num_replicas: 8,
        rank: 3,
        seed: -1,
        epoch: 7,
        set_epoch: false,
        seeding: Seeding::Unseeded,
        stage: Stage::Shuffle,
        ..Params::default()
    };
    assert_eq!(parse(&params.to_query()), Ok(params));
    assert_eq!(parse(""), Ok(Params::default()));
    assert_eq!(
        parse("lang=zh&embed=1"),
        Ok(Params::default()),
        "other parts' names are left alone"
    );
}

#[test]
fn bad_values_name_the_rule() {
    check_error("n=abc", Field::N, "whole number");
    check_error("n=-5", Field::N, "whole number, 0 or more");
    check_error(
        "num_replicas=0",
        Field::NumReplicas,
        "Invalid rank 0, rank should be in the interval [0, -1]",
    );
    check_error(
        "num_replicas=2&rank=2",
        Field::Rank,
        "Invalid rank 2, rank should be in the interval [0, 1]",
    );
    check_error("num_replicas=65", Field::NumReplicas, "at most 64 ranks");
    check_error(
        "seed=18446744073709551615&epoch=1",
        Field::Seed,
        "Overflow when unpacking long long",
    );
    check_error("seed=99999999999999999999999999999999999999999999", Field::Seed, "Overflow");
    check_error(
        "batch_size=0",
        Field::BatchSize,
        "batch_size should be a positive integer value, but got batch_size=0",
    );
    check_error("n=20000000", Field::N, "over this tool's limit");
    check_error("shuffle=yes", Field::Shuffle, "0 or 1");
    check_error("stage=6", Field::Stage, "from 1 to 5");
}

#[test]
fn cifar10_on_two_gpus_has_the_classic_lengths() {
    let params = parse("n=50000&num_replicas=2&batch_size=64").expect("valid");
    let lengths = Picture::compute(&params).expect("valid").lengths;
    assert_eq!((lengths.dataset, lengths.sampler, lengths.loader), (50_000, 25_000, 391));
}

#[test]
fn without_set_epoch_every_epoch_repeats_the_first() {
    // What the epoch timeline marks: each later epoch whose every GPU gets its epoch-0 list.
    let repeated = |query| {
        let params = parse(query).expect("valid");
        let epochs = history::history(&Distributed, &params, history::ROW_CAP).expect("drawn");
        epochs.iter().skip(1).map(history::EpochRows::every_gpu_repeats_first).collect::<Vec<_>>()
    };
    assert_eq!(repeated("set_epoch=0"), [true; 3]);
    assert_eq!(repeated("set_epoch=1"), [false; 3]);
}

#[test]
fn padding_is_processed_twice_and_no_sampler_num_replicas_times() {
    // 10 samples on 4 ranks: total_size 12, so 2 samples are processed twice.
    let picture = Picture::compute(&parse("n=10&num_replicas=4&batch_size=3").expect("valid"))
        .expect("valid");
    assert_eq!(picture.visits.histogram, [(1, 8), (2, 2)]);
    let side = NoSamplerSide::of(&picture.params).expect("valid");
    assert_eq!(side.visits.expect("counted").histogram, [(4, 10)]);
    assert!(side.orders.windows(2).all(|w| w[0] == w[1]), "seeded alike: identical orders");
}

#[test]
fn unseeded_ranks_walk_different_orders() {
    let picture = Picture::compute(&parse("n=100&num_replicas=3&seeding=unseeded").expect("valid"))
        .expect("valid");
    let side = NoSamplerSide::of(&picture.params).expect("valid");
    assert_ne!(side.orders[0], side.orders[1]);
    assert_eq!(side.visits.expect("counted").histogram, [(3, 100)]);
}

#[test]
fn an_empty_dataset_cannot_be_shuffled_without_a_sampler() {
    let picture = Picture::compute(&parse("n=0").expect("valid")).expect("the sampler accepts it");
    let refused = NoSamplerSide::of(&picture.params).expect_err("RandomSampler refuses it");
    assert_eq!(
        refused.message(Lang::En),
        "ValueError: num_samples should be a positive integer value, but got num_samples=0"
    );
}

/// The Python of the compared panels spells out the configuration: the distributed sampler's
/// call (told epoch 0 when `set_epoch` is never called), and without a sampler each process's
/// own seed, as the no-sampler side computes it.
#[test]
fn the_python_panels_spell_out_the_configuration() {
    let params = parse("n=21&num_replicas=4&set_epoch=0&epoch=3&seeding=unseeded").expect("valid");
    let with = Distributed.python(&params, Lang::En);
    for line in [
        "dataset = list(range(21))  # item i is i",
        "    sampler = DistributedSampler(dataset, num_replicas=4, rank=rank, shuffle=True, seed=0, drop_last=False)",
        "    sampler.set_epoch(0)",
        "    loader = DataLoader(dataset, batch_size=4, sampler=sampler, drop_last=False)",
    ] {
        assert!(with.lines().any(|l| l == line), "missing {line:?} in\n{with}");
    }
    let without = NoSamplerScheme.python(&params, Lang::En);
    assert!(
        without.contains(
            "    loader = DataLoader(dataset, batch_size=4, shuffle=True, drop_last=False)"
        )
    );
    let seeds = NoSamplerSide::of(&params).expect("valid").process_seeds;
    assert!(without.contains(&format!("torch.manual_seed({seeds:?}[rank])")), "{without}");
}

/// Every scheme's Chinese Python is its English one with other comments: the same code, so it
/// prints the same output.
#[test]
fn the_chinese_python_differs_only_in_comments() {
    let code = |text: &str| -> Vec<String> {
        let lines = text.lines().map(|l| l.split("  # ").next().unwrap_or(l).to_string());
        lines.filter(|l| !l.trim_start().starts_with('#')).collect()
    };
    for query in
        ["n=10&num_replicas=3", "n=21&set_epoch=0&seeding=unseeded", "n=0&seeding=unseeded"]
    {
        let params = parse(query).expect("valid");
        for s in SCHEMES {
            let (en, zh) = (s.python(&params, Lang::En), s.python(&params, Lang::Zh));
            assert_ne!(en, zh, "{} at {query}: no comment to translate", s.name());
            assert_eq!(code(&zh), code(&en), "{} at {query}", s.name());
        }
    }
}

/// A URL with one bad value keeps its good ones (the page draws those), and a value refused
/// after it was read (too many ranks) is not kept either.
#[test]
fn read_pairs_keeps_every_good_value() {
    let pairs = [("n", "10"), ("data_seed", "abc"), ("num_replicas", "100"), ("batch_size", "3")];
    let (params, errors) = Params::read_pairs(pairs);
    assert_eq!((params.n, params.batch_size, params.num_replicas), (10, 3, 2));
    assert_eq!(params.data_seed, None);
    let fields: Vec<Field> = errors.iter().map(|e| e.field).collect();
    assert_eq!(fields, [Field::DataSeed, Field::NumReplicas]);
    assert_eq!(Params::from_pairs(pairs), Err(errors));
}
