//! Shared by the native and the wasm parity tests.

use sampler_viz::conformance::Report;

/// Every case of a golden file matches PyTorch, and the file holds the cases we expect.
#[track_caller]
pub fn check_golden(text: &str, expected_cases: usize) {
    let report = Report::of_jsonl(text);
    let failures = &report.failures;
    assert!(failures.is_empty(), "{} failed, first: {:?}", failures.len(), failures.first());
    assert_eq!(report.passed, expected_cases);
}
