//! The weighted schemes against the vectors torch 2.15.0, pytorch-lightning 2.6.6 and monai
//! 1.6.1 made (`tests/golden/ecosystem/weighted.jsonl`, `gen_golden_weighted.py`): every lane
//! is what that process listed, every raised rank raised the library's message.
//!
//! The file lists the samplers themselves, outside a `DataLoader`: a sampler with no
//! generator (`global_*`) then draws exactly what one with its own generator draws, so those
//! cases are checked as `generator=alike` / `per_rank`. Inside the page's loop, where each
//! `iter(loader)` draws from the global generator first, `scripts/check-python` runs them.

use sampler_viz::i18n::Lang;
use sampler_viz::model::Params;
use sampler_viz::model::weights::{WeightedSeeding, WeightsSpec};
use sampler_viz::sampler::Number;
use serde_json::Value;

use super::{check_lane, deal, golden, int, ints};

const WEIGHTED: &str = include_str!("../golden/ecosystem/weighted.jsonl");

/// The parameters shared by every kind: the dataset, its weights and the epoch's loader.
fn base(case: &Value) -> Params {
    let weights: Vec<String> = case["weights"]
        .as_array()
        .expect("weights")
        .iter()
        .map(|w| format!("{:?}", w.as_f64().expect("a number")))
        .collect();
    Params {
        n: int(&case["n"]) as u64,
        num_replicas: int(&case["num_replicas"]) as i64,
        weights: WeightsSpec::parse(&weights.join(",")).expect("a list"),
        inner_seed: int(&case["generator_seed"]),
        batch_size: 1,
        set_epoch: true,
        ..Params::default()
    }
}

/// The seeding of a case listed without a loader (see the module's note).
fn seeding(case: &Value) -> WeightedSeeding {
    match case["seeding"].as_str().expect("seeding") {
        "alike" | "global_alike" => WeightedSeeding::Alike,
        _ => WeightedSeeding::PerRank,
    }
}

/// `indices[rank][epoch]` against the lanes of `name` with `params` in each epoch.
fn check_epochs(name: &str, case: &Value, params: &Params) {
    for (rank, epochs) in case["indices"].as_array().expect("indices").iter().enumerate() {
        for (epoch, want) in epochs.as_array().expect("epochs").iter().enumerate() {
            let deal = deal(name, &Params { epoch: epoch as u64, ..params.clone() });
            let want = ints(want);
            check_lane(&deal, rank, &want, want.len(), name);
        }
    }
}

/// ```python
/// g.manual_seed(seed or seed + r); inner = WeightedRandomSampler(weights, num_samples, replacement, generator=g)
/// [list(inner) for _ in range(epochs)]
/// ```
pub fn no_wrapper_matches_torch() -> usize {
    let cases = golden(WEIGHTED, "weighted_no_wrapper");
    for case in &cases {
        let params = Params {
            num_samples: Some(Number::Int(int(&case["num_samples"]))),
            replacement: case["replacement"].as_bool().expect("replacement"),
            generator: seeding(case),
            ..base(case)
        };
        check_epochs("weighted_no_wrapper", case, &params);
    }
    cases.len()
}

/// ```python
/// ws = DistributedSamplerWrapper(inner, num_replicas=R, rank=r, shuffle, seed, drop_last)
/// ws.set_epoch(e); [int(i) for i in ws]
/// ```
pub fn wrapper_matches_lightning() -> usize {
    let cases = golden(WEIGHTED, "weighted_wrapper");
    for case in &cases {
        let params = Params {
            num_samples: Some(Number::Int(int(&case["num_samples"]))),
            replacement: case["replacement"].as_bool().expect("replacement"),
            generator: seeding(case),
            shuffle: case["shuffle"].as_bool().expect("shuffle"),
            seed: int(&case["seed"]),
            drop_last: case["drop_last"].as_bool().expect("drop_last"),
            ..base(case)
        };
        check_epochs("weighted_wrapper", case, &params);
    }
    cases.len()
}

/// ```python
/// g.manual_seed(gseed); s = DistributedWeightedRandomSampler(range(n), weights, num_samples_per_rank,
///     generator=g, even_divisible, num_replicas=R, rank=r, shuffle, seed)
/// s.set_epoch(e); [int(i) for i in s]   # or the exception a slice that weighs nothing raises
/// ```
pub fn monai_matches_monai() -> usize {
    let cases = golden(WEIGHTED, "monai_weighted");
    for case in &cases {
        let params = Params {
            num_samples_per_rank: case["num_samples_per_rank"].as_i64(),
            even_divisible: case["even_divisible"].as_bool().expect("even_divisible"),
            shuffle: case["shuffle"].as_bool().expect("shuffle"),
            seed: int(&case["seed"]),
            ..base(case)
        };
        let epochs = int(&case["epochs"]) as u64;
        for (rank, listed) in case["indices"].as_array().expect("indices").iter().enumerate() {
            let listed = listed.as_array().expect("epochs");
            for epoch in 0..epochs {
                let deal = deal("monai_weighted", &Params { epoch, ..params.clone() });
                let lane = &deal.lanes[rank];
                match listed.iter().position(|e| e.get("message").is_some()) {
                    Some(at) if epoch as usize >= at => {
                        let (when, error) = lane.raised.clone().expect("raised");
                        assert_eq!(when, at as u64, "{case}");
                        let shown = error.exception().map(|e| format!("{e}: {error}"));
                        let want = &listed[at];
                        let want = format!(
                            "{}: {}",
                            want["error"].as_str().unwrap(),
                            want["message"].as_str().unwrap()
                        );
                        assert_eq!(shown.as_deref(), Some(want.as_str()), "{case}");
                        assert_eq!(lane.len, 0);
                    }
                    _ => {
                        let want = ints(&listed[epoch as usize]);
                        check_lane(&deal, rank, &want, want.len(), "monai_weighted");
                        assert!(lane.raised.is_none());
                    }
                }
            }
        }
    }
    cases.len()
}

/// The refusals `WeightedRandomSampler` and `torch.multinomial` raise, beside the option at
/// fault, word for word (the file's `weighted_error` cases that a 1-d list of weights spells).
#[test]
fn refusals_are_the_librarys_beside_their_option() {
    let mut checked = 0;
    for case in golden(WEIGHTED, "weighted_error") {
        let Some(message) = case["message"].as_str() else { continue };
        let Some(weights) = case["weights"].as_array().filter(|w| w.iter().all(Value::is_f64))
        else {
            continue;
        };
        let text: Vec<String> = weights.iter().map(|w| w.to_string()).collect();
        let num_samples = case["num_samples"].to_string();
        let query = [
            ("n", weights.len().to_string()),
            ("weights", text.join(",")),
            ("num_samples", num_samples),
            ("replacement", if case["replacement"] == true { "1" } else { "0" }.into()),
        ];
        let params =
            Params::from_pairs(query.iter().map(|(k, v)| (*k, v.as_str()))).expect("readable");
        for name in ["weighted_no_wrapper", "weighted_wrapper"] {
            let scheme = sampler_viz::model::scheme::by_name(name).expect("registered");
            let errors = scheme.deal(&params, &Default::default()).expect_err("refused");
            let want = format!("{}: {message}", case["error"].as_str().unwrap());
            assert_eq!(errors[0].message(Lang::En), want, "{name}: {case}");
            let field = errors[0].field.name();
            let at_fault = if message.starts_with("num_samples") || message.contains("n_sample") {
                "num_samples"
            } else {
                "weights"
            };
            assert_eq!(field, at_fault, "{message}");
        }
        checked += 1;
    }
    assert_eq!(checked, 6);
}
