//! Values in the URL: every boolean is read by one parser (`model::parse_flag`), and what the
//! controls show (`model::controls`, the functions the page itself calls) reads back as the
//! parameters the picture is drawn with, for any query.
//!
//! `PROPTEST_CASES=100000 cargo test --release --test url_values` runs a longer campaign.

use std::collections::BTreeMap;

use proptest::prelude::*;
use sampler_viz::i18n::Lang;
use sampler_viz::model::controls::{self, Kind, Shown};
use sampler_viz::model::{
    FLAG_SPELLINGS, Field, ParamError, Params, Picture, Problem, flag_text, parse_flag,
};

/// Every flag field (a checkbox on the page).
fn flag_fields() -> Vec<Field> {
    Field::ALL.into_iter().filter(|&f| Kind::of(f) == Kind::Checkbox).collect()
}

/// `text` in every flag field: the value the parser gives, the value the parameters get
/// (or the message they refuse it with), and what the checkbox shows beside a picture drawn
/// with the defaults and beside one with every flag the other way.
#[track_caller]
fn check_flag(text: &str, expected: Option<bool>) {
    assert_eq!(parse_flag(text), expected, "parse_flag({text:?})");
    for field in flag_fields() {
        let mut params = Params::default();
        let set = params.set(field, text);
        match expected {
            Some(on) => {
                assert_eq!(set, Ok(()), "{field}={text:?}");
                assert_eq!(params.flag(field), Some(on), "{field}={text:?}");
                assert_eq!(controls::canonical(field, text), flag_text(on), "{field}={text:?}");
            }
            None => {
                let error = set.expect_err(&format!("{field}={text:?} is refused"));
                assert_eq!(error.problem, Problem::NotFlag { got: text.trim().to_string() });
                assert_eq!(controls::canonical(field, text), text, "a bad text stays as given");
            }
        }
        let default = Params::default().flag(field).expect("a flag field");
        let mut flipped = Params::default();
        flipped.set(field, flag_text(!default)).expect("a valid flag");
        for drawn in [Params::default(), flipped] {
            let shown_value = expected.unwrap_or(drawn.flag(field).expect("a flag field"));
            assert_eq!(controls::shown(field, text, &drawn), Shown::Checked(shown_value));
        }
    }
}

#[test]
fn flags_take_the_spellings_people_type() {
    for spelling in ["1", "true", "True", " 1", "True "] {
        check_flag(spelling, Some(true));
    }
    for spelling in ["0", "false", "False", " false "] {
        check_flag(spelling, Some(false));
    }
    for (spelling, on) in FLAG_SPELLINGS {
        check_flag(spelling, Some(on));
    }
}

#[test]
fn other_spellings_are_refused() {
    for spelling in
        ["yes", "no", "on", "off", "TRUE", "FALSE", "t", "f", "2", "-1", "01", "", "tru"]
    {
        check_flag(spelling, None);
    }
}

#[test]
fn the_refusal_names_the_field_and_lists_every_spelling() {
    let mut params = Params::default();
    let error = params.set(Field::DropLast, "yes").expect_err("yes is no flag");
    for lang in [Lang::En, Lang::Zh] {
        let message = error.message(lang);
        assert!(message.contains("drop_last") && message.contains("\"yes\""), "{message}");
        for (spelling, _) in FLAG_SPELLINGS {
            assert!(message.contains(spelling), "{lang:?}: {spelling} missing from {message}");
        }
    }
}

#[test]
fn choices_show_the_picture_when_their_text_is_bad() {
    let drawn = Params { inner: sampler_viz::model::InnerSampler::Sequential, ..Params::default() };
    assert_eq!(controls::shown(Field::Inner, "random", &drawn), Shown::Chosen("random".into()));
    assert_eq!(controls::shown(Field::Inner, "Random", &drawn), Shown::Chosen("sequential".into()));
    assert_eq!(controls::canonical(Field::Seeding, " unseeded"), "unseeded");
    assert_eq!(controls::shown(Field::N, "abc", &drawn), Shown::Typed("abc".into()));
    assert_eq!(controls::canonical(Field::N, " 10"), " 10", "typed text is kept as typed");
}

#[test]
fn a_link_with_true_ticks_the_box_it_computes_with() {
    let pairs =
        [("n", "10"), ("num_replicas", "3"), ("drop_last", "true"), ("loader_drop_last", "True")];
    let texts = controls::texts_from_pairs(pairs);
    assert_eq!(texts[&Field::DropLast], "1");
    assert_eq!(texts[&Field::LoaderDropLast], "1");
    let (params, errors) = controls::params_of(&texts);
    assert!(errors.is_empty(), "{errors:?}");
    assert!(params.drop_last && params.loader_drop_last);
    assert_eq!(params.n, 10);
    for field in [Field::DropLast, Field::LoaderDropLast] {
        assert_eq!(controls::shown(field, &texts[&field], &params), Shown::Checked(true));
    }
}

/// What a page opened with these texts draws (the defaults while the core refuses even the
/// values it can keep), and every message it shows.
fn drawn(asked: Params, errors: Vec<ParamError>) -> (Params, Vec<ParamError>) {
    let base = Params::default();
    let (settled, errors) =
        controls::settle(&base, asked, errors, |p| Picture::start(p).map(|_| ()));
    (settled.map_or(base, |(params, ())| params), errors)
}

#[test]
fn a_value_the_core_refuses_keeps_the_others_and_says_why() {
    let texts = controls::texts_from_pairs([
        ("n", "10"),
        ("num_replicas", "3"),
        ("rank", "5"),
        ("seed", "abc"),
        ("drop_last", "true"),
    ]);
    let (asked, errors) = controls::params_of(&texts);
    let (params, errors) = drawn(asked, errors);
    assert_eq!((params.n, params.num_replicas, params.rank), (10, 3, 0));
    assert!(params.drop_last);
    let fields: Vec<Field> = errors.iter().map(|e| e.field).collect();
    assert_eq!(fields, [Field::Seed, Field::Rank]);
    assert_eq!(
        errors[1].message(Lang::En),
        "ValueError: Invalid rank 5, rank should be in the interval [0, 2]"
    );
}

#[test]
fn a_combination_the_core_refuses_puts_back_the_value_that_breaks_it() {
    // Drawn with rank 3 of 4; then 2 GPUs: rank 3 is refused, and it is the picture's own.
    let base = Params { num_replicas: 4, rank: 3, ..Params::default() };
    let mut texts: BTreeMap<Field, String> = Field::ALL.iter().map(|&f| (f, base.get(f))).collect();
    texts.insert(Field::NumReplicas, "2".into());
    let (asked, errors) = controls::params_over(&base, &texts);
    let (settled, errors) =
        controls::settle(&base, asked, errors, |p| Picture::start(p).map(|_| ()));
    let (drawn, ()) = settled.expect("the picture's own values are drawable");
    assert_eq!(drawn, base, "num_replicas goes back");
    // PyTorch's message beside rank, and beside num_replicas, the control that went back.
    let fields: Vec<Field> = errors.iter().map(|e| e.field).collect();
    assert_eq!(fields, [Field::Rank, Field::NumReplicas]);
    assert_eq!(errors[0].problem, errors[1].problem);

    // Beside that refusal, another edit is still drawn.
    texts.insert(Field::DropLast, "1".into());
    let (asked, errors) = controls::params_over(&base, &texts);
    let (settled, errors) =
        controls::settle(&base, asked, errors, |p| Picture::start(p).map(|_| ()));
    let (drawn, ()) = settled.expect("drawable");
    assert!(drawn.drop_last);
    assert_eq!((drawn.num_replicas, drawn.rank), (4, 3));
    assert_eq!(errors.len(), 2);
}

// ---------------------------------------------------------------------------------------------
// Any query: the controls read back the picture's parameters

/// Values a URL could carry for any field: valid and invalid spellings of every kind.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(vec![
            "0", "1", "true", "false", "True", "False", "yes", "no", "TRUE", "on", "", " ", " 1",
            "alike", "unseeded", "random", "sequential", "Random", "none", "None", "worker",
            "rank_and_worker", "2", "5", "6", "-1", "64", "65", "abc", "1e3", "0x10", "８",
            "18446744073709551615", "18446744073709551616", "99999999999999999999999999999999999999999",
        ])
        .prop_map(String::from),
        2 => (-3i64..=300).prop_map(|v| v.to_string()),
        1 => any::<i64>().prop_map(|v| v.to_string()),
        1 => any::<String>(),
    ]
}

/// A query over the fields' names (and a few others the page reads elsewhere), names repeated.
fn query() -> impl Strategy<Value = Vec<(String, String)>> {
    let name = prop_oneof![
        8 => prop::sample::select(Field::ALL.to_vec()).prop_map(|f| f.name().to_string()),
        1 => prop::sample::select(vec!["lang", "compare", "guide", "embed"]).prop_map(String::from),
    ];
    prop::collection::vec((name, value()), 0..16)
}

/// The pairs as the page receives them: `URLSearchParams.get`, the first value of each name.
fn as_the_browser_reads(pairs: &[(String, String)]) -> Vec<(&str, &str)> {
    let mut first = BTreeMap::new();
    for (name, value) in pairs {
        first.entry(name.as_str()).or_insert(value.as_str());
    }
    first.into_iter().collect()
}

/// 2,000 cases by default; `PROPTEST_CASES` asks for more.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(2000)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    /// For any query, each control's state, read back as its text, gives the value of its field
    /// in the picture the page draws (`controls::settle` over the core's own refusal), always
    /// for checkboxes and choices and for text whenever it is valid; where it cannot (a value
    /// the core refuses), a message says why.
    #[test]
    fn the_controls_read_back_what_the_picture_uses(pairs in query()) {
        let pairs = as_the_browser_reads(&pairs);
        let (read, _) = Params::read_pairs(pairs.iter().copied());
        let texts = controls::texts_from_pairs(pairs.iter().copied());
        let (asked, errors) = controls::params_of(&texts);
        prop_assert_eq!(&asked, &read, "the page asks for read_pairs' values");
        let (drawn, errors) = drawn(asked, errors);
        check_controls(&texts, &drawn, &errors)?;
        for (field, text) in &texts {
            if Kind::of(*field) == Kind::Checkbox && parse_flag(text).is_some() {
                prop_assert!(text == "0" || text == "1", "{}: {:?} is not canonical", field, text);
            }
        }
    }

    /// Once the page is up, the same holds after any edits: from a picture the core drew,
    /// the controls' texts changed at random are drawn over it (`params_over`, `settle`), and
    /// what is drawn is a picture the core accepts.
    #[test]
    fn after_any_edit_the_controls_read_back_the_picture(start in query(), edits in query()) {
        let (base, _) = drawn(controls::params_of(&controls::texts_from_pairs(as_the_browser_reads(&start))).0, Vec::new());
        let mut texts: BTreeMap<Field, String> = Field::ALL.iter().map(|&f| (f, base.get(f))).collect();
        for (name, value) in as_the_browser_reads(&edits) {
            if let Some(field) = Field::from_name(name) {
                texts.insert(field, value.to_string());
            }
        }
        let (asked, errors) = controls::params_over(&base, &texts);
        let check = |p: &Params| Picture::start(p).map(|_| ());
        let (settled, errors) = controls::settle(&base, asked, errors, check);
        let drawn = settled.map(|(params, ())| params).unwrap_or(base);
        prop_assert!(Picture::start(&drawn).is_ok(), "the core draws {:?}", drawn);
        check_controls(&texts, &drawn, &errors)?;
    }
}

/// Each control's state, read back as its text, gives `drawn`'s value of its field (always for
/// checkboxes and choices, for text whenever it is valid), unless a message stands beside it.
fn check_controls(
    texts: &BTreeMap<Field, String>,
    drawn: &Params,
    errors: &[ParamError],
) -> Result<(), TestCaseError> {
    prop_assert!(Picture::start(drawn).is_ok() || *drawn == Params::default());
    for field in Field::ALL {
        let text = &texts[&field];
        let shown = controls::shown(field, text, drawn);
        let mut back = Params::default();
        let read = back.set(field, &shown.text());
        let always = Kind::of(field) != Kind::Text;
        prop_assert!(read.is_ok() || !always, "{}: {:?} reads back as nothing", field, shown);
        let said = errors.iter().any(|e| e.field == field);
        if read.is_ok() && !said {
            prop_assert_eq!(back.get(field), drawn.get(field), "{} shows {:?}", field, shown);
        }
    }
    Ok(())
}

/// A panel drawn with the last good values names them as Python spells them, once each and in
/// the URL's order: what `?num_replicas=0&loader_shuffle=1&seed=abc` shows on every panel.
#[test]
fn held_values_are_the_pictures_as_python_spells_them() {
    let drawn = Params { num_replicas: 2, ..Params::default() };
    let (_, errors) = drawn.read_pairs_over([("seed", "abc"), ("loader_shuffle", "2")]);
    let refused = |field| ParamError::new(field, Problem::NotFlag { got: "x".into() });
    let mut errors = errors;
    errors.push(refused(Field::NumReplicas));
    errors.push(refused(Field::NumReplicas));
    let held = controls::held(&drawn, &errors);
    let expected = [(Field::NumReplicas, "2"), (Field::Seed, "0"), (Field::LoaderShuffle, "False")];
    assert_eq!(held, expected.map(|(f, v)| (f, v.to_string())));
    assert_eq!(controls::held(&drawn, &[]), []);
}

/// The dataset's size is called what its control is labelled, `len(dataset)`, in what the page
/// says of it (its message, the value a panel is drawn with), and `n` only in the URL.
#[test]
fn the_datasets_size_is_called_as_labelled() {
    let (_, errors) = Params::default().read_pairs_over([("n", "-5")]);
    let said = errors[0].message(sampler_viz::i18n::Lang::En);
    assert!(said.starts_with("len(dataset) must be a whole number"), "{said}");
    let held = [(Field::N, "8".to_string())];
    assert_eq!(controls::held_values(&held), "len(dataset) = 8");
    assert_eq!(Field::N.name(), "n");
}

/// `speed=` takes the speeds the epoch play offers, and nothing else.
#[test]
fn speeds_are_the_ones_offered() {
    use sampler_viz::model::present::{speed, speed_name};
    assert_eq!([" 0.5", "1", "2", "4 "].map(speed), [Some(0.5), Some(1.0), Some(2.0), Some(4.0)]);
    assert_eq!(["3", "", "x", "0.25", "-1"].map(speed), [None; 5]);
    assert_eq!([0.5, 1.0, 4.0, 3.0].map(speed_name), ["0.5", "1", "4", "1"]);
}
