//! Numbers as the charts and their summaries print them.

/// A count with thousands separators: `1,281,167`.
pub fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// `part / whole` as a percentage with one decimal; an empty whole counts as 100 %, since
/// nothing is missing from it.
/// Rounding never shows a share as complete (or empty) when it is not.
pub fn percent(part: u64, whole: u64) -> String {
    let value = share(part, whole) * 100.0;
    match value {
        v if v >= 99.95 && part < whole => ">99.9%".to_string(),
        v if v < 0.05 && part > 0 => "<0.1%".to_string(),
        v => format!("{v:.1}%"),
    }
}

/// `part / whole`, 1 for an empty whole.
pub fn share(part: u64, whole: u64) -> f64 {
    if whole == 0 { 1.0 } else { part as f64 / whole as f64 }
}
