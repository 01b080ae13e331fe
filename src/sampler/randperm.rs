//! `torch.randperm(n, generator=g)` on the CPU, both of PyTorch's loops.
//!
//! PyTorch keeps its original swap loop for "small" `n` and switches to an inside-out
//! Fisher–Yates driven by 64-bit draws at `n >= u32::MAX / 20`, where `random() % (n - i)`
//! would start to show its bias. Each branch draws a different number of outputs, so both
//! are reproduced exactly.

use super::Generator;

/// The first `n` that takes the 64-bit loop: `u32::MAX / 20 = 214_748_364`.
pub const SMALL_N_LIMIT: u32 = u32::MAX / 20;

/// A random permutation of `0..n`, the very one `torch.randperm(n, generator=g)` returns.
///
/// Indices are `u32`: PyTorch returns `int64`, but no dataset this tool can hold needs more.
pub fn randperm(n: u32, g: &mut Generator) -> Vec<u32> {
    if n < SMALL_N_LIMIT { swap_loop(n, g) } else { inside_out_loop(n, g) }
}

/// The first `len` items of `randperm(n, g)`, drawing only what they need.
///
/// In the swap loop, step `i` fixes position `i` for good (later steps only touch positions
/// past it), so `len` steps over a sparse record of the displaced items give the exact prefix.
/// The inside-out loop settles nothing before its end, so there the whole permutation is drawn.
pub fn randperm_prefix(n: u32, len: u32, g: &mut Generator) -> Vec<u32> {
    let len = len.min(n);
    if n >= SMALL_N_LIMIT || len >= n / 2 {
        let mut full = randperm(n, g);
        full.truncate(len as usize);
        return full;
    }
    // `moved[p]` is the item now at position `p`, for the positions a swap has touched.
    let mut moved = std::collections::HashMap::with_capacity(2 * len as usize);
    (0..len)
        .map(|i| {
            let j = i + g.random() % (n - i);
            let at_j = moved.get(&j).copied().unwrap_or(j);
            let at_i = moved.get(&i).copied().unwrap_or(i);
            moved.insert(j, at_i);
            at_j
        })
        .collect()
}

/// `for i in 0..n-1: z = random() % (n - i); swap(r[i], r[i + z])`, one 32-bit draw per step.
fn swap_loop(n: u32, g: &mut Generator) -> Vec<u32> {
    let mut r: Vec<u32> = (0..n).collect();
    for i in 0..n.saturating_sub(1) {
        let z = g.random() % (n - i);
        r.swap(i as usize, (i + z) as usize);
    }
    r
}

/// `for i in 0..n: z = random64() % (i + 1); r[i] = r[z]; r[z] = i`, with no initial fill.
fn inside_out_loop(n: u32, g: &mut Generator) -> Vec<u32> {
    let mut r = vec![0u32; n as usize];
    for i in 0..n as usize {
        let z = (g.random64() % (i as u64 + 1)) as usize;
        r[i] = r[z];
        r[z] = i as u32;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check_is_permutation(p: &[u32]) {
        let mut seen = vec![false; p.len()];
        for &x in p {
            assert!(!std::mem::replace(&mut seen[x as usize], true), "{x} twice");
        }
    }

    #[test]
    fn a_prefix_is_the_start_of_the_full_permutation() {
        for (n, len) in [(0, 0), (1, 1), (10, 3), (1000, 7), (1000, 400), (1000, 1000), (50, 80)] {
            let full = randperm(n, &mut Generator::from_seed(5));
            let prefix = randperm_prefix(n, len, &mut Generator::from_seed(5));
            assert_eq!(prefix, full[..len.min(n) as usize], "n={n} len={len}");
        }
    }

    #[test]
    fn both_loops_give_permutations() {
        let mut g = Generator::from_seed(3);
        check_is_permutation(&swap_loop(1000, &mut g));
        check_is_permutation(&inside_out_loop(1000, &mut g));
    }

    #[test]
    fn the_swap_loop_draws_n_minus_one_outputs() {
        let (mut a, mut b) = (Generator::from_seed(9), Generator::from_seed(9));
        swap_loop(10, &mut a);
        (0..9).for_each(|_| {
            b.random();
        });
        assert_eq!(a.random(), b.random());
    }

    #[test]
    fn the_inside_out_loop_draws_two_outputs_per_element() {
        let (mut a, mut b) = (Generator::from_seed(9), Generator::from_seed(9));
        inside_out_loop(10, &mut a);
        (0..20).for_each(|_| {
            b.random();
        });
        assert_eq!(a.random(), b.random());
    }
}
