//! Numbers as the charts and their summaries print them.

/// `part / whole` as a percentage with one decimal, rounded half up in integers (no float
/// formatting, which would cost the page's wasm several kilobytes). An empty whole counts as
/// 100 %, since nothing is missing from it; rounding never shows a share as complete (or
/// empty) when it is not.
pub fn percent(part: u64, whole: u64) -> String {
    if whole == 0 {
        return "100.0%".to_string();
    }
    let (part, whole) = (u128::from(part), u128::from(whole));
    let tenths = (part * 2000 + whole) / (2 * whole);
    match tenths {
        1000 if part < whole => ">99.9%".to_string(),
        0 if part > 0 => "<0.1%".to_string(),
        t => format!("{}.{}%", t / 10, t % 10),
    }
}

/// `part / whole`, 1 for an empty whole.
pub fn share(part: u64, whole: u64) -> f64 {
    if whole == 0 { 1.0 } else { part as f64 / whole as f64 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_round_without_lying() {
        let cases = [
            ((1, 3), "33.3%"),
            ((2, 3), "66.7%"),
            ((1, 2000), "0.1%"),
            ((1, 2001), "<0.1%"),
            ((0, 5), "0.0%"),
            ((9999, 10000), ">99.9%"),
            ((5, 5), "100.0%"),
            ((0, 0), "100.0%"),
        ];
        for ((part, whole), expected) in cases {
            assert_eq!(percent(part, whole), expected, "{part}/{whole}");
        }
    }
}
