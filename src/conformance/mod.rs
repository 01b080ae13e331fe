//! Conformance with PyTorch: checks the sampler core against golden vectors in the JSONL
//! format of `tests/golden/` (one case per line; see that folder's README).
//!
//! Shared by the parity tests, the `conformance` example (a runner for any file in the
//! format) and the wasm parity test, so all three judge a case the same way.

mod cases;
mod ecosystem;
mod expected;
mod fields;
mod weighted;

pub use expected::{Expected, digest};
pub use fields::Fields;

/// A case that did not match PyTorch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// 1-based line number in its file.
    pub line: usize,
    /// The case's kind and scalar arguments, to find it again.
    pub label: String,
    /// What differed.
    pub reason: String,
}

/// The outcome of checking many cases.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Report {
    /// How many cases matched.
    pub passed: usize,
    /// The cases that did not.
    pub failures: Vec<Failure>,
}

impl Report {
    /// Checks every non-blank line of a JSONL text with `check` (normally [`check_line`]) and
    /// returns the failures this text added.
    pub fn check_jsonl(
        &mut self,
        text: &str,
        check: impl Fn(&str) -> Result<(), String>,
    ) -> &[Failure] {
        let before = self.failures.len();
        for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            match check(line) {
                Ok(()) => self.passed += 1,
                Err(reason) => self.fail(i + 1, label(line), reason),
            }
        }
        &self.failures[before..]
    }

    /// Checks every case of a JSONL text with [`check_line`]: the report of that text alone.
    pub fn of_jsonl(text: &str) -> Report {
        let mut report = Report::default();
        report.check_jsonl(text, check_line);
        report
    }

    /// Records a failed case.
    pub fn fail(&mut self, line: usize, label: String, reason: String) {
        self.failures.push(Failure { line, label, reason });
    }

    /// The closing line, `N passed, M failed`.
    pub fn summary(&self) -> String {
        format!("{} passed, {} failed", self.passed, self.failures.len())
    }
}

/// Checks one JSONL line: `Ok` when the core reproduces PyTorch's output exactly.
pub fn check_line(line: &str) -> Result<(), String> {
    let value: serde_json::Value =
        serde_json::from_str(line).map_err(|e| format!("not valid JSON: {e}"))?;
    cases::check_case(&Fields::of(&value)?)
}

/// A short description of a case: its kind, then its scalar fields and arguments.
pub fn label(line: &str) -> String {
    let Ok(serde_json::Value::Object(map)) = serde_json::from_str(line) else {
        return "(unreadable case)".into();
    };
    let kind = map.get("case").and_then(|v| v.as_str()).unwrap_or("?");
    let parts =
        map.iter().filter(|(k, v)| *k != "case" && (!v.is_array() && !k.ends_with("_sha256")));
    let args: Vec<String> = parts.map(|(k, v)| format!("{k}={v}")).collect();
    format!("{kind} {}", args.join(" "))
}
