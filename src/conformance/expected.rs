//! Comparing what the core computed with what PyTorch printed, in either of the golden
//! format's two forms: the whole list, or (above 20,000 items) its SHA-256, length, head and
//! tail.

use std::fmt::Write;

use sha2::{Digest, Sha256};

use super::Fields;

/// One expected sequence of indices.
pub enum Expected {
    /// Every item.
    Full(Vec<i128>),
    /// `<name>_sha256` of the items joined by ",", `<name>_len`, and the first and last 16.
    Digest { sha256: String, len: usize, head: Vec<i128>, tail: Vec<i128> },
}

impl Expected {
    /// Reads the sequence stored under `name`, in whichever form the case has it.
    pub fn read(fields: &Fields, name: &str) -> Result<Self, String> {
        if fields.has(name) {
            return fields.ints(name).map(Expected::Full);
        }
        let sha256 = fields.str(&format!("{name}_sha256"))?.to_ascii_lowercase();
        let len = fields.int(&format!("{name}_len"))?;
        let len = usize::try_from(len).map_err(|_| format!("`{name}_len` is negative"))?;
        Ok(Expected::Digest { sha256, len, head: fields.ints("head")?, tail: fields.ints("tail")? })
    }

    /// `Ok` when `got` is exactly the expected sequence; otherwise where they first differ.
    pub fn compare(&self, name: &str, got: &[u32]) -> Result<(), String> {
        match self {
            Expected::Full(want) => compare_items(name, want, got, 0),
            Expected::Digest { sha256, len, head, tail } => {
                if got.len() != *len {
                    return Err(format!("{name}: expected {len} items, got {}", got.len()));
                }
                compare_items(name, head, &got[..head.len().min(got.len())], 0)?;
                let from = got.len().saturating_sub(tail.len());
                compare_items(name, tail, &got[from..], from)?;
                let digest = digest(got);
                if &digest != sha256 {
                    return Err(format!("{name}: sha256 {digest}, expected {sha256}"));
                }
                Ok(())
            }
        }
    }
}

/// SHA-256 of the decimal items joined by "," (no spaces), as the golden format stores it.
pub fn digest(items: &[u32]) -> String {
    let mut hasher = Sha256::new();
    let mut text = String::new();
    for (i, x) in items.iter().enumerate() {
        text.clear();
        if i > 0 {
            text.push(',');
        }
        // Writing to a String cannot fail.
        let _ = write!(text, "{x}");
        hasher.update(text.as_bytes());
    }
    hasher.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

fn compare_items(name: &str, want: &[i128], got: &[u32], offset: usize) -> Result<(), String> {
    if let Some(i) = (0..want.len().min(got.len())).find(|&i| want[i] != i128::from(got[i])) {
        return Err(format!("{name}[{}]: expected {}, got {}", offset + i, want[i], got[i]));
    }
    if want.len() != got.len() {
        return Err(format!("{name}: expected {} items, got {}", want.len(), got.len()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digest_joins_decimals_with_commas() {
        // hashlib.sha256(b"0,1,10").hexdigest()
        assert_eq!(
            digest(&[0, 1, 10]),
            "34bbe43b05b9c1ac1f09f92dded62460088b3634966778880d19f4a578f37ee3"
        );
    }
}
