//! PyTorch's CPU generator (`torch.Generator()` on the CPU): `manual_seed`, `random()`,
//! `random64()`.
//!
//! The engine is a standard 32-bit MT19937, taken from the `rand_mt` crate and checked
//! against PyTorch's own outputs (the golden vectors). What PyTorch adds on top is small and
//! lives here: which seeds `manual_seed` accepts and how a 64-bit draw is built.

use rand_mt::Mt;

use super::SamplerError;

/// The smallest seed `manual_seed` accepts: `-2^63` (the most negative `long long`).
pub const SEED_MIN: i128 = i64::MIN as i128;
/// The largest seed `manual_seed` accepts: `2^64 - 1` (the largest `unsigned long long`).
pub const SEED_MAX: i128 = u64::MAX as i128;

/// Turns a Python integer seed into the 64 bits PyTorch stores, as `Generator.manual_seed` does.
///
/// PyTorch first tries to read the seed as an unsigned 64-bit integer, then as a signed one
/// (so `-1` becomes `2^64 - 1`); anything else is `ValueError: Overflow when unpacking long long`.
pub fn unpack_seed(seed: i128) -> Result<u64, SamplerError> {
    if (SEED_MIN..=SEED_MAX).contains(&seed) {
        // In range, the low 64 bits are the two's-complement reinterpretation PyTorch makes.
        Ok(seed as u64)
    } else {
        Err(SamplerError::SeedOverflow { seed })
    }
}

/// A CPU `torch.Generator`: MT19937 seeded with the low 32 bits of the 64-bit seed.
#[derive(Clone)]
pub struct Generator {
    engine: Mt,
}

impl Generator {
    /// `g = torch.Generator(); g.manual_seed(seed)` for any Python integer `seed`.
    pub fn manual_seed(seed: i128) -> Result<Self, SamplerError> {
        unpack_seed(seed).map(Self::from_seed)
    }

    /// A generator whose 64-bit seed is already unpacked (as `torch.initial_seed()` reports it).
    pub fn from_seed(seed: u64) -> Self {
        // PyTorch's mt19937 keeps the 64-bit seed but initialises its state from the low 32 bits.
        Self { engine: Mt::new(seed as u32) }
    }

    /// One 32-bit output, PyTorch's `generator->random()`.
    #[inline]
    pub fn random(&mut self) -> u32 {
        self.engine.next_u32()
    }

    /// One 64-bit draw, PyTorch's `generator->random64()`: `(first << 32) | second`.
    #[inline]
    pub fn random64(&mut self) -> u64 {
        // rand_mt builds its u64 the same way (high word first); the parity tests pin it.
        self.engine.next_u64()
    }

    /// `torch.empty((), dtype=torch.int64).random_(generator=g)`: a draw in `0 .. 2^63`.
    pub fn random_int64(&mut self) -> u64 {
        self.random64() % (1u64 << 63)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check_unpack(seed: i128, expect: Option<u64>) {
        assert_eq!(unpack_seed(seed).ok(), expect, "unpack_seed({seed})");
    }

    #[test]
    fn unpack_seed_follows_manual_seed() {
        check_unpack(0, Some(0));
        check_unpack(42, Some(42));
        check_unpack(-1, Some(u64::MAX));
        check_unpack(SEED_MIN, Some(1 << 63));
        check_unpack(SEED_MAX, Some(u64::MAX));
        check_unpack(SEED_MAX + 1, None);
        check_unpack(SEED_MIN - 1, None);
    }

    #[test]
    fn only_the_low_32_bits_seed_the_engine() {
        let mut a = Generator::from_seed(7);
        let mut b = Generator::from_seed(7 + (1 << 32));
        assert_eq!(a.random64(), b.random64());
    }

    #[test]
    fn default_mt19937_reference_output() {
        // The 10000th output of std::mt19937 seeded with 5489 is 4123659995 (C++ standard).
        let mut g = Generator::from_seed(5489);
        let last = (0..10_000).map(|_| g.random()).last();
        assert_eq!(last, Some(4_123_659_995));
    }
}
