//! Fuzzing every outside input the page parses (the URL query, the controls' text): any
//! names, any values, in any order, give a picture or errors naming a field, never a panic.
//!
//! `PROPTEST_CASES=100000 cargo test --release --test fuzz_params` runs a longer campaign.

use proptest::prelude::*;
use sampler_viz::i18n::Lang;
use sampler_viz::model::embed::{self, Layout};
use sampler_viz::model::{Field, Params, Picture};

/// Text a user or a URL could put in a field: numbers near the edges, words, junk, unicode.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => (-3i64..=300).prop_map(|v| v.to_string()),
        2 => any::<i64>().prop_map(|v| v.to_string()),
        1 => any::<i128>().prop_map(|v| v.to_string()),
        1 => "[0-9]{15,60}",
        1 => prop::sample::select(vec![
            "", " ", "0", "1", "-0", "+5", "1e3", "0x10", "NaN", "inf", "true", "False", "alike",
            "unseeded", "18446744073709551615", "18446744073709551616", "-9223372036854775809",
            "16777216", "16777217", "٣", "１２", "1 2", "--1",
        ]).prop_map(String::from),
        1 => any::<String>(),
    ]
}

/// A parameter name: mostly the page's own (the embed ones too), sometimes anything.
fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => prop::sample::select(Field::ALL.to_vec()).prop_map(|f| f.name().to_string()),
        2 => prop::sample::select(vec!["embed", "hide"]).prop_map(String::from),
        1 => any::<String>(),
    ]
}

/// 2,000 cases per test by default; `PROPTEST_CASES` asks for more.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(2000)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    /// Whatever the query, parsing and drawing return a value; errors name a real field.
    #[test]
    fn any_query_gives_a_picture_or_field_errors(pairs in prop::collection::vec((name(), value()), 0..12)) {
        let parsed = Params::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        let errors = match parsed {
            // Drawing 16 million indices per case would make the campaign slow, not safer.
            Ok(params) if params.n <= 100_000 => Picture::compute(&params).err().unwrap_or_default(),
            Ok(_) => Vec::new(),
            Err(errors) => errors,
        };
        for e in errors {
            prop_assert!(Field::ALL.contains(&e.field));
            prop_assert!(!e.message(Lang::En).is_empty());
            prop_assert!(!e.message(Lang::Zh).is_empty());
        }
    }

    /// A valid query survives the round trip through the URL unchanged.
    #[test]
    fn a_parsed_query_round_trips(pairs in prop::collection::vec((name(), value()), 0..12)) {
        if let Ok(params) = Params::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str()))) {
            let query = params.to_query();
            let again = Params::from_query(&query);
            prop_assert_eq!(again, Ok(params));
        }
    }

    /// A valid configuration's values as a pitfall's side loads them (every field but the
    /// stage) read back as that configuration, the stage aside.
    #[test]
    fn values_but_stage_read_back_as_the_configuration(pairs in prop::collection::vec((name(), value()), 0..12)) {
        if let Ok(params) = Params::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str()))) {
            let values = params.values_but_stage();
            prop_assert!(values.iter().all(|(f, _)| *f != Field::Stage));
            let loaded = Params::from_pairs(values.iter().map(|(f, v)| (f.name(), v.as_str())));
            prop_assert_eq!(loaded, Ok(Params { stage: Params::default().stage, ..params }));
        }
    }

    /// The embed parameters (`embed`, `hide`) take anything, and the embed code built from any
    /// URL and title never lets them open a tag or leave the attribute.
    #[test]
    fn embed_parameters_never_break_out(pairs in prop::collection::vec((name(), value()), 0..12), src in any::<String>(), title in any::<String>()) {
        let layout = Layout::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        for field in Field::ALL {
            let _ = layout.hides(field);
        }
        let code = embed::iframe_code(&src, &title);
        prop_assert_eq!(code.matches('<').count(), 2, "only <iframe and </iframe>: {}", code);
        prop_assert_eq!(code.matches('"').count() % 2, 0);
    }
}
