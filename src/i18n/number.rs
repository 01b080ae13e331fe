//! Counts as the page prints them, in either language: `50,000`.

use std::fmt;

/// A count shown with thousands separators (`1,281,167`), as both languages write it on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count(pub u64);

impl From<usize> for Count {
    fn from(n: usize) -> Self {
        Count(n as u64)
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = self.0.to_string();
        for (i, d) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                f.write_str(",")?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Count;

    #[test]
    fn separates_thousands() {
        for (n, text) in [(0, "0"), (999, "999"), (1000, "1,000"), (1_281_167, "1,281,167")] {
            assert_eq!(Count(n).to_string(), text);
        }
    }
}
