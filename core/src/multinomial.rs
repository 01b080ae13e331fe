//! `torch.multinomial(weights, n_sample, replacement, generator=g)` on the CPU, for the 1-d
//! float64 tensor `WeightedRandomSampler` hands it.
//!
//! PyTorch takes one of two roads, and they spend the generator differently:
//! - **One key per weight** (no replacement, or a single draw): every weight `p` gets an
//!   exponential draw `q` (one 64-bit draw each, `q = -log1p(-u)`), and the indices of the
//!   `n_sample` largest `p / q` come out largest first. That is the Gumbel trick: it picks
//!   without replacement with the right probabilities, and it costs one draw per *weight*.
//! - **Inverse transform** (replacement, two draws or more): the running sums of the weights,
//!   divided by their total, are searched for one uniform double per *sample*.
//!
//! Every uniform double is `(random64() & (2^53 - 1)) * 2^-53`. PyTorch builds with MKL can
//! fill `exponential_` from MKL's own stream instead; the golden vectors (each rank's draws
//! depend on its generator alone) show the scalar road, which is the one here.

use super::{Generator, MAX_LEN, SamplerError};

/// The most categories `torch.multinomial` takes: 2^24, the largest run of integers a float32
/// holds exactly (PyTorch's `FLOAT32_MAX_CONSECUTIVE_INT`).
pub const MAX_CATEGORIES: usize = 1 << 24;

/// Which road a valid call takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Road {
    /// `n_sample` largest `p / q`: one draw per weight.
    Keys,
    /// A binary search of the running sums: one draw per sample.
    InverseTransform,
}

/// PyTorch's checks, in its order, and the road the call then takes; the draws never change
/// whether a call is refused.
pub fn check(weights: &[f64], n_sample: i64, replacement: bool) -> Result<Road, SamplerError> {
    if n_sample <= 0 {
        return Err(SamplerError::MultinomialNoSamples);
    }
    let n_categories = weights.len();
    if !replacement && n_sample as u64 > n_categories as u64 {
        return Err(SamplerError::MultinomialTooManyWithoutReplacement);
    }
    if n_categories > MAX_CATEGORIES {
        return Err(SamplerError::MultinomialTooManyCategories);
    }
    let road = if !replacement || n_sample == 1 {
        check_keys(weights)?;
        Road::Keys
    } else {
        check_running_sums(weights)?;
        Road::InverseTransform
    };
    // This tool's limit comes last, so that PyTorch's own refusals are the ones shown.
    if n_sample as u64 > u64::from(MAX_LEN) {
        return Err(SamplerError::TooManyDraws { num_samples: n_sample as u128 });
    }
    Ok(road)
}

/// How many 64-bit draws a valid call takes from the generator.
pub fn draws(weights: &[f64], n_sample: i64, replacement: bool) -> Result<u64, SamplerError> {
    Ok(match check(weights, n_sample, replacement)? {
        Road::Keys => weights.len() as u64,
        Road::InverseTransform => n_sample as u64,
    })
}

/// `torch.multinomial(weights, n_sample, replacement, generator=g)`: the drawn indices.
pub fn multinomial(
    weights: &[f64],
    n_sample: i64,
    replacement: bool,
    g: &mut Generator,
) -> Result<Vec<u32>, SamplerError> {
    let k = n_sample as usize;
    Ok(match check(weights, n_sample, replacement)? {
        Road::Keys => largest_keys(weights, k, g),
        Road::InverseTransform => inverse_transform(weights, k, g),
    })
}

/// The key road's checks: one reduction for the range, then the total.
fn check_keys(weights: &[f64]) -> Result<(), SamplerError> {
    if weights.is_empty() {
        // The range check reduces the whole tensor, which an empty one cannot be.
        return Err(SamplerError::MultinomialEmpty);
    }
    // `max < inf && min >= 0`; a NaN spoils both reductions.
    if weights.iter().any(|&p| p.is_nan() || p < 0.0 || p == f64::INFINITY) {
        return Err(SamplerError::MultinomialInvalidProbability);
    }
    if weights.iter().all(|&p| p == 0.0) {
        return Err(SamplerError::MultinomialZeroSum);
    }
    Ok(())
}

/// The inverse-transform road's checks, weight by weight as the kernel sums them.
fn check_running_sums(weights: &[f64]) -> Result<(), SamplerError> {
    let mut sum = 0.0;
    for &p in weights {
        // `p >= 0` is checked first, and a NaN fails it: it is reported as below 0.
        if p < 0.0 || p.is_nan() {
            return Err(SamplerError::MultinomialNegativeEntry);
        }
        if !p.is_finite() {
            return Err(SamplerError::MultinomialNonFiniteEntry);
        }
        sum += p;
    }
    if sum <= 0.0 {
        return Err(SamplerError::MultinomialZeroSum);
    }
    Ok(())
}

/// `1 / 2^53`: a uniform double is its 53 bits times this.
const UNIFORM_SCALE: f64 = 1.0 / (1u64 << 53) as f64;

/// The low 53 bits of a 64-bit draw: what a uniform double is made of.
fn uniform_bits(g: &mut Generator) -> u64 {
    g.random64() & ((1 << 53) - 1)
}

/// `uniform_real_distribution<double>(0, 1)`: the low 53 bits of a 64-bit draw, over 2^53.
fn uniform(g: &mut Generator) -> f64 {
    uniform_bits(g) as f64 * UNIFORM_SCALE
}

/// `exponential_(1)` on the CPU's scalar road: `-1 / lambda * log1p(-u)` with `lambda = 1`.
fn exponential(g: &mut Generator) -> f64 {
    -(-uniform(g)).ln_1p()
}

/// `a` ranks above `b` in `argmax` and `topk`: larger, with NaN above everything.
fn above(a: f64, b: f64) -> bool {
    (a.is_nan() && !b.is_nan()) || a > b
}

/// The key road: `p / q` for every weight in order, then `argmax` (one draw) or the `k`
/// largest, largest first (`topk`).
fn largest_keys(weights: &[f64], k: usize, g: &mut Generator) -> Vec<u32> {
    let keys: Vec<f64> = weights.iter().map(|&p| p / exponential(g)).collect();
    if k == 1 {
        let best =
            (1..keys.len()).fold(0, |best, i| if above(keys[i], keys[best]) { i } else { best });
        return vec![best as u32];
    }
    // Equal keys (only zero weights, in practice) come in index order here; PyTorch's
    // `topk` leaves their order to its selection algorithm.
    let mut order: Vec<u32> = (0..keys.len() as u32).collect();
    let rank = |a: &u32, b: &u32| {
        let (x, y) = (keys[*a as usize], keys[*b as usize]);
        if above(x, y) {
            std::cmp::Ordering::Less
        } else if above(y, x) {
            std::cmp::Ordering::Greater
        } else {
            a.cmp(b)
        }
    };
    if k < order.len() {
        order.select_nth_unstable_by(k - 1, rank);
        order.truncate(k);
    }
    order.sort_unstable_by(rank);
    order
}

/// The inverse-transform road: running sums over their total, the last one set to 1, and for
/// each sample the first bucket whose sum is not below a uniform draw (PyTorch's binary
/// search). The running sums never decrease (the weights are not negative, and adding or
/// dividing by a positive total keeps their order), so that bucket is one and the same however
/// it is found: here for the draws in ascending order, by one walk up the sums, which reads
/// them in order where a search per draw read them at random (at ImageNet-1k, four times
/// faster). A unit test below checks it against the search, draw for draw.
fn inverse_transform(weights: &[f64], k: usize, g: &mut Generator) -> Vec<u32> {
    let cumulative = running_sums(weights);
    // Each draw's 53 bits (the uniform double is them over 2^53, in the same order) and its
    // place among the draws.
    let mut draws: Vec<(u64, u32)> = (0..k as u32).map(|at| (uniform_bits(g), at)).collect();
    draws.sort_unstable();
    let mut buckets = vec![0u32; k];
    let mut bucket = 0;
    for (bits, at) in draws {
        let u = bits as f64 * UNIFORM_SCALE;
        while bucket < cumulative.len() && cumulative[bucket] < u {
            bucket += 1;
        }
        buckets[at as usize] = bucket as u32;
    }
    buckets
}

/// The running sums of `weights` over their total, the last one set to 1.
fn running_sums(weights: &[f64]) -> Vec<f64> {
    let mut sum = 0.0;
    let mut cumulative: Vec<f64> = weights
        .iter()
        .map(|&p| {
            sum += p;
            sum
        })
        .collect();
    for c in &mut cumulative {
        *c /= sum;
    }
    if let Some(last) = cumulative.last_mut() {
        *last = 1.0;
    }
    cumulative
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check_refusal(weights: &[f64], n_sample: i64, replacement: bool, want: SamplerError) {
        assert_eq!(check(weights, n_sample, replacement), Err(want));
    }

    #[test]
    fn refusals_come_in_pytorchs_order() {
        use SamplerError::*;
        check_refusal(&[], 0, false, MultinomialNoSamples);
        check_refusal(&[1.0], 2, false, MultinomialTooManyWithoutReplacement);
        check_refusal(&[], 1, true, MultinomialEmpty);
        check_refusal(&[f64::NAN], 1, true, MultinomialInvalidProbability);
        check_refusal(&[0.0, 0.0], 1, false, MultinomialZeroSum);
        check_refusal(&[f64::INFINITY, -1.0], 2, true, MultinomialNonFiniteEntry);
        check_refusal(&[f64::NAN, f64::INFINITY], 2, true, MultinomialNegativeEntry);
        check_refusal(&[0.0, 0.0], 2, true, MultinomialZeroSum);
        check_refusal(&[], 2, true, MultinomialZeroSum);
        let many = vec![1.0; MAX_CATEGORIES + 1];
        check_refusal(&many, 1, true, MultinomialTooManyCategories);
    }

    #[test]
    fn each_road_spends_its_own_number_of_draws() {
        assert_eq!(draws(&[1.0, 2.0, 3.0], 2, false), Ok(3));
        assert_eq!(draws(&[1.0, 2.0, 3.0], 1, true), Ok(3));
        assert_eq!(draws(&[1.0, 2.0, 3.0], 5, true), Ok(5));
        for (n_sample, replacement) in [(2, false), (1, true), (5, true)] {
            let mut a = Generator::from_seed(3);
            multinomial(&[1.0, 2.0, 3.0], n_sample, replacement, &mut a).unwrap();
            let mut b = Generator::from_seed(3);
            for _ in 0..draws(&[1.0, 2.0, 3.0], n_sample, replacement).unwrap() {
                b.random64();
            }
            assert_eq!(a.random64(), b.random64());
        }
    }

    /// The inverse-transform road as PyTorch writes it: a binary search of the running sums
    /// for each draw in turn.
    fn searched(weights: &[f64], k: usize, g: &mut Generator) -> Vec<u32> {
        let cumulative = running_sums(weights);
        (0..k)
            .map(|_| {
                let u = uniform(g);
                let (mut left, mut right) = (0, cumulative.len());
                while right > left {
                    let mid = left + (right - left) / 2;
                    if cumulative[mid] < u {
                        left = mid + 1;
                    } else {
                        right = mid;
                    }
                }
                left as u32
            })
            .collect()
    }

    #[test]
    fn the_walk_up_the_sums_finds_each_draws_bucket_as_the_search_does() {
        let mut weights_g = Generator::from_seed(11);
        for case in 0..200u64 {
            // Weights with runs of zeros, equal weights, tiny and huge ones.
            let n = 1 + (weights_g.random() % 40) as usize;
            let weights: Vec<f64> = (0..n)
                .map(|_| match weights_g.random() % 5 {
                    0 => 0.0,
                    1 => 1.0,
                    2 => 1e-300,
                    3 => 1e300,
                    _ => f64::from(weights_g.random() % 1000) / 7.0,
                })
                .collect();
            if weights.iter().all(|&w| w == 0.0) {
                continue;
            }
            let k = 2 + (weights_g.random() % 60) as usize;
            let (mut a, mut b) = (Generator::from_seed(case), Generator::from_seed(case));
            assert_eq!(
                inverse_transform(&weights, k, &mut a),
                searched(&weights, k, &mut b),
                "case {case}: {weights:?}"
            );
            assert_eq!(a.random64(), b.random64(), "case {case}: as many draws");
        }
    }

    #[test]
    fn a_uniform_double_keeps_53_bits() {
        // 2^53 - 1 in the low bits is the largest double below 1.
        let mut g = Generator::from_seed(0);
        let u = uniform(&mut g);
        assert!((0.0..1.0).contains(&u));
        assert_eq!(u * (1u64 << 53) as f64, (u * (1u64 << 53) as f64).trunc());
    }
}
