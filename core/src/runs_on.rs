//! A generator that runs on across epochs: each epoch's sampler draws `per_epoch` permutations
//! of `n` from it (in Accelerate's several processes and Lightning's wrapper around a seeded
//! `RandomSampler`, two, of which the first is the epoch's order), so epoch `e`'s order needs
//! the generator after the `per_epoch · e` permutations before it.
//!
//! [`RunsOn`] keeps the generator at the start of one epoch: asked for a later epoch, it makes
//! only the draws in between (`randperm_skip`); asked for an earlier one, it starts again from
//! the generator it was given. A page that steps through the epochs one by one then pays for
//! one epoch's draws per step, not for every epoch since the first.

use super::{Generator, randperm, randperm_skip};

/// A generator running on across epochs, held at the start of one epoch.
#[derive(Clone)]
pub struct RunsOn {
    n: u32,
    per_epoch: u32,
    first: Generator,
    epoch: u64,
    at: Generator,
    /// The generator after the epoch's order was drawn, once it was: the next epoch starts
    /// from there.
    after_order: Option<Generator>,
}

impl RunsOn {
    /// `first`, the generator at the start of epoch 0, drawing `per_epoch` permutations of `n`
    /// per epoch (at least one: the epoch's order).
    pub fn new(n: u32, per_epoch: u32, first: Generator) -> Self {
        let per_epoch = per_epoch.max(1);
        Self { n, per_epoch, at: first.clone(), first, epoch: 0, after_order: None }
    }

    /// Moves to the start of `epoch`, drawing only the permutations in between when it is not
    /// before the epoch held.
    fn go_to(&mut self, epoch: u64) {
        if epoch == self.epoch {
            return;
        }
        let mut skips = if epoch < self.epoch {
            self.at = self.first.clone();
            self.epoch = 0;
            0
        } else if let Some(after) = self.after_order.take() {
            // The epoch's order is drawn already: its other permutations are left.
            self.at = after;
            self.epoch += 1;
            u64::from(self.per_epoch - 1)
        } else {
            0
        };
        skips += (epoch - self.epoch) * u64::from(self.per_epoch);
        for _ in 0..skips {
            randperm_skip(self.n, &mut self.at);
        }
        self.epoch = epoch;
        self.after_order = None;
    }

    /// The first permutation `epoch` draws: its order.
    pub fn order(&mut self, epoch: u64) -> Vec<u32> {
        self.go_to(epoch);
        let mut g = self.at.clone();
        let order = randperm(self.n, &mut g);
        self.after_order = Some(g);
        order
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Epoch `e`'s order drawn the long way: every permutation before it in full.
    fn drawn(n: u32, per_epoch: u32, seed: u64, epoch: u64) -> Vec<u32> {
        let mut g = Generator::from_seed(seed);
        for _ in 0..epoch * u64::from(per_epoch) {
            randperm(n, &mut g);
        }
        randperm(n, &mut g)
    }

    #[test]
    fn any_walk_through_the_epochs_gives_each_epochs_order() {
        for n in [10, 1_000] {
            let mut runs = RunsOn::new(n, 2, Generator::from_seed(7));
            for epoch in [0, 1, 2, 5, 3, 3, 0, 4] {
                assert_eq!(runs.order(epoch), drawn(n, 2, 7, epoch), "n {n}, epoch {epoch}");
            }
        }
    }
}
