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
    let (permutation, rest) = Randperm::new(n, g.clone()).finish();
    *g = rest;
    permutation
}

/// Items of the swap loop's start written for the cost of one of its steps (a step draws and
/// swaps at random places; writing `0..n` in order is far cheaper).
const FILL_PER_STEP: u32 = 8;

/// `randperm(n)` drawn in slices, so that a page can let the browser paint between them.
/// Whatever the slices, the draws and the permutation are exactly [`randperm`]'s.
#[derive(Clone)]
pub struct Randperm {
    /// The permutation so far. Its room is taken at the start but written only as the loop
    /// goes (the swap loop's start `0..n` in its first slices): at the size cap, writing or
    /// zeroing 64 MB at once is a long task in a browser.
    r: Vec<u32>,
    n: u32,
    done: u32,
    steps: u32,
    inside_out: bool,
    g: Generator,
}

impl Randperm {
    /// Starts `randperm(n)` with generator `g`; no step is taken yet.
    pub fn new(n: u32, g: Generator) -> Self {
        Self::with_loop(n, g, n >= SMALL_N_LIMIT)
    }

    /// Starts either of PyTorch's loops, whatever `n` (tests run the large loop on small `n`).
    fn with_loop(n: u32, g: Generator, inside_out: bool) -> Self {
        // The swap loop starts from 0..n and makes n - 1 steps; the inside-out loop fills as it goes.
        let steps = if inside_out { n } else { n.saturating_sub(1) };
        Self { r: Vec::with_capacity(n as usize), n, done: 0, steps, inside_out, g }
    }

    /// Takes up to `steps` more steps of PyTorch's loop; `true` once the permutation is whole.
    /// Before the swap loop's first step, its start `0..n` is written, [`FILL_PER_STEP`]
    /// items for each step of the budget.
    pub fn advance(&mut self, steps: u32) -> bool {
        let mut steps = steps;
        let filled = self.r.len() as u32;
        if !self.inside_out && filled < self.n {
            let end = filled.saturating_add(steps.saturating_mul(FILL_PER_STEP)).min(self.n);
            self.r.extend(filled..end);
            steps -= (end - filled).div_ceil(FILL_PER_STEP).min(steps);
            if end < self.n {
                return false;
            }
        }
        let end = self.done.saturating_add(steps).min(self.steps);
        let (r, g, n) = (&mut self.r, &mut self.g, self.n);
        if self.inside_out {
            // for i in 0..n: z = random64() % (i + 1); r[i] = r[z]; r[z] = i
            for i in self.done as usize..end as usize {
                let z = (g.random64() % (i as u64 + 1)) as usize;
                r.push(i as u32);
                r.swap(i, z);
            }
        } else {
            // for i in 0..n-1: z = random() % (n - i); swap(r[i], r[i + z])
            for i in self.done..end {
                let z = g.random() % (n - i);
                r.swap(i as usize, (i + z) as usize);
            }
        }
        self.done = end;
        self.is_done()
    }

    /// Whether every step has been taken.
    pub fn is_done(&self) -> bool {
        self.done == self.steps && self.r.len() == self.n as usize
    }

    /// How many steps are taken, and how many there are in all.
    pub fn progress(&self) -> (u32, u32) {
        (self.done, self.steps)
    }

    /// Takes the steps left, then gives the permutation and the generator after its draws.
    pub fn finish(mut self) -> (Vec<u32>, Generator) {
        self.advance(u32::MAX);
        (self.r, self.g)
    }
}

/// Advances `g` exactly as `randperm(n, g)` does, without building the permutation: each of
/// PyTorch's loops makes as many draws whatever they give (the swap loop `n - 1` calls of
/// `random()`, the inside-out loop `n` of `random64()`), so an epoch whose order is not wanted
/// (an earlier epoch of a generator that runs on) costs its draws alone.
pub fn randperm_skip(n: u32, g: &mut Generator) {
    skip_loop(n, g, n >= SMALL_N_LIMIT);
}

fn skip_loop(n: u32, g: &mut Generator, inside_out: bool) {
    if inside_out {
        for _ in 0..n {
            g.random64();
        }
    } else {
        for _ in 1..n {
            g.random();
        }
    }
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

    /// One of PyTorch's loops run to the end, advancing `g` as it draws.
    fn run_loop(n: u32, g: &mut Generator, inside_out: bool) -> Vec<u32> {
        let (r, rest) = Randperm::with_loop(n, g.clone(), inside_out).finish();
        *g = rest;
        r
    }

    /// PyTorch's two loops as written in its source, on a whole array, for the task to match.
    fn as_written(n: u32, g: &mut Generator, inside_out: bool) -> Vec<u32> {
        if inside_out {
            let mut r = vec![0u32; n as usize];
            for i in 0..n as usize {
                let z = (g.random64() % (i as u64 + 1)) as usize;
                r[i] = r[z];
                r[z] = i as u32;
            }
            r
        } else {
            let mut r: Vec<u32> = (0..n).collect();
            for i in 0..n.saturating_sub(1) {
                let z = g.random() % (n - i);
                r.swap(i as usize, (i + z) as usize);
            }
            r
        }
    }

    #[test]
    fn the_task_is_the_loop_as_written() {
        for (n, inside_out) in [(1000, false), (1000, true), (1, true), (2, false), (0, false)] {
            for seed in [0, 7, 11] {
                let expected = as_written(n, &mut Generator::from_seed(seed), inside_out);
                let got = run_loop(n, &mut Generator::from_seed(seed), inside_out);
                assert_eq!(got, expected, "n={n} inside_out={inside_out} seed={seed}");
            }
        }
    }

    #[test]
    fn slices_give_the_same_permutation() {
        // Slices of 1 and 7 steps write the swap loop's start over many slices before a step.
        let cases = [(1000, false), (1000, true), (1, false), (0, true), (0, false), (57, false)];
        for ((n, inside_out), slice) in cases.into_iter().flat_map(|c| [1, 7, 5000].map(|s| (c, s)))
        {
            let whole = run_loop(n, &mut Generator::from_seed(11), inside_out);
            let mut task = Randperm::with_loop(n, Generator::from_seed(11), inside_out);
            let mut slices = 1;
            while !task.advance(slice) {
                slices += 1;
            }
            let expected = (u64::from(n) / 8 + u64::from(n)).div_ceil(u64::from(slice)).max(1);
            assert!(slices <= expected + 1, "n={n}: {slices} slices of {slice}");
            assert_eq!(task.finish().0, whole, "n={n} inside_out={inside_out} slice={slice}");
        }
    }

    #[test]
    fn skipping_draws_what_the_permutation_draws() {
        for (n, inside_out) in
            [(0, false), (1, false), (2, false), (1000, false), (0, true), (1, true), (1000, true)]
        {
            let mut drawn = Generator::from_seed(7);
            run_loop(n, &mut drawn, inside_out);
            let mut skipped = Generator::from_seed(7);
            skip_loop(n, &mut skipped, inside_out);
            assert_eq!(skipped.random64(), drawn.random64(), "n={n} inside_out={inside_out}");
        }
        let (mut drawn, mut skipped) = (Generator::from_seed(9), Generator::from_seed(9));
        randperm(50_000, &mut drawn);
        randperm_skip(50_000, &mut skipped);
        assert_eq!(skipped.random(), drawn.random());
    }

    #[test]
    fn both_loops_give_permutations() {
        let mut g = Generator::from_seed(3);
        check_is_permutation(&randperm(1000, &mut g));
        check_is_permutation(&run_loop(1000, &mut g, true));
    }

    #[test]
    fn the_swap_loop_draws_n_minus_one_outputs() {
        let (mut a, mut b) = (Generator::from_seed(9), Generator::from_seed(9));
        run_loop(10, &mut a, false);
        (0..9).for_each(|_| {
            b.random();
        });
        assert_eq!(a.random(), b.random());
    }

    #[test]
    fn the_inside_out_loop_draws_two_outputs_per_element() {
        let (mut a, mut b) = (Generator::from_seed(9), Generator::from_seed(9));
        run_loop(10, &mut a, true);
        (0..20).for_each(|_| {
            b.random();
        });
        assert_eq!(a.random(), b.random());
    }
}
