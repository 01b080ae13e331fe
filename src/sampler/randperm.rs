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
