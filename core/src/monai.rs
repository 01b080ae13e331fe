//! MONAI 1.6.1's `monai.data.DistributedWeightedRandomSampler(dataset, weights,
//! num_samples_per_rank, generator=g, even_divisible, num_replicas, rank, shuffle, seed)`.
//!
//! Each process first takes its slice as MONAI's `DistributedSampler` deals it (PyTorch's,
//! or with `even_divisible=False` unpadded, so ranks may differ by one), then draws
//! `num_samples_per_rank` indices of that slice *with replacement*, weighted by the slice's
//! own weights, from its generator (which runs on from epoch to epoch). A rank never sees a
//! sample outside its slice, and a slice whose weights are all zero makes `torch.multinomial`
//! raise on that rank alone.
//!
//! The dataset here is `range(len(weights))`; `drop_last` is left at its default, `False`.

use super::multinomial::multinomial;
use super::{Config, DistributedSampler, Generator, SamplerError};

/// The sampler's arguments, shared by every process (each passes its own `rank`).
#[derive(Debug, Clone, PartialEq)]
pub struct DistributedWeightedRandomSampler {
    /// `weights[i]` for sample `i`; the dataset is `range(len(weights))`.
    pub weights: Vec<f64>,
    /// Draws per rank and epoch; `None` draws as many as the rank's slice holds.
    pub num_samples_per_rank: Option<i64>,
    /// Each process's `g.manual_seed(generator_seed)`, made once before the sampler.
    pub generator_seed: i128,
    /// `False` deals the slices without padding: ranks may hold one sample fewer.
    pub even_divisible: bool,
    /// How many processes share the dataset.
    pub num_replicas: i64,
    /// Shuffle the slices with `seed + epoch` (MONAI's default is `True`).
    pub shuffle: bool,
    /// The slices' shuffle seed, shared by every process.
    pub seed: i128,
}

impl DistributedWeightedRandomSampler {
    /// PyTorch's `DistributedSampler` arguments for `rank` in `epoch`.
    fn config(&self, rank: i64, epoch: u64) -> Config {
        Config {
            n: self.weights.len() as u64,
            num_replicas: self.num_replicas,
            rank,
            shuffle: self.shuffle,
            seed: self.seed,
            drop_last: false,
            epoch: epoch.into(),
        }
    }

    /// What process `rank` checks before its first epoch, in Python's order: the generator's
    /// seed, PyTorch's `DistributedSampler`, then MONAI's own check.
    pub fn check(&self, rank: i64) -> Result<(), SamplerError> {
        Generator::manual_seed(self.generator_seed)?;
        DistributedSampler::new(&self.config(rank, 0))?;
        if !self.even_divisible && (self.weights.len() as u64) < self.num_replicas as u64 {
            return Err(SamplerError::MonaiShortDataset);
        }
        Ok(())
    }

    /// How many samples `rank`'s slice holds (`num_samples` after MONAI's adjustment).
    pub fn slice_len(&self, rank: i64) -> Result<usize, SamplerError> {
        self.check(rank)?;
        let (n, w, r) = (self.weights.len(), self.num_replicas as usize, rank as usize);
        Ok(if self.even_divisible { n.div_ceil(w) } else { (r..n).step_by(w).len() })
    }

    /// `len(sampler)` on `rank`: `num_samples_per_rank`, or its slice's length.
    pub fn len(&self, rank: i64) -> Result<i64, SamplerError> {
        Ok(match self.num_samples_per_rank {
            Some(k) => k,
            None => self.slice_len(rank)? as i64,
        })
    }

    /// `rank`'s slice in `epoch`: PyTorch's stripe, or without padding.
    pub fn slice(&self, rank: i64, epoch: u64) -> Result<Vec<u32>, SamplerError> {
        self.check(rank)?;
        let sampler = DistributedSampler::new(&self.config(rank, epoch))?;
        if self.even_divisible {
            return sampler.indices();
        }
        let order = sampler.epoch()?;
        Ok(order
            .order()
            .iter()
            .skip(rank as usize)
            .step_by(self.num_replicas as usize)
            .copied()
            .collect())
    }

    /// What process `rank` lists in epochs `0 .. epochs`, `set_epoch(e)` before each, from
    /// one generator: the epochs it finished, then what it raised (ending the run), if it did.
    pub fn rank_epochs(&self, rank: i64, epochs: u64) -> (Vec<Vec<u32>>, Option<SamplerError>) {
        self.rank_epochs_told(rank, epochs, true)
    }

    /// [`Self::rank_epochs`] in a loop that calls `set_epoch(e)` before epoch `e` when
    /// `set_epoch`, else never (every slice is then epoch 0's; the generator still runs on).
    pub fn rank_epochs_told(
        &self,
        rank: i64,
        epochs: u64,
        set_epoch: bool,
    ) -> (Vec<Vec<u32>>, Option<SamplerError>) {
        let mut done = Vec::new();
        let mut g =
            match self.check(rank).and_then(|()| Generator::manual_seed(self.generator_seed)) {
                Ok(g) => g,
                Err(e) => return (done, Some(e)),
            };
        for epoch in 0..epochs {
            match self.epoch_from(rank, if set_epoch { epoch } else { 0 }, &mut g) {
                Ok(indices) => done.push(indices),
                Err(e) => return (done, Some(e)),
            }
        }
        (done, None)
    }

    /// Every rank's indices in `epoch`, each from its own generator run on from epoch 0, or
    /// what that rank raised at or before `epoch`. The outer error is what every process's
    /// constructor refuses alike (rank 0's checks stand for all: only the rank differs).
    pub fn ranks(&self, epoch: u64) -> Result<Vec<Result<Vec<u32>, SamplerError>>, SamplerError> {
        self.ranks_told(epoch, true)
    }

    /// [`Self::ranks`] in a loop that calls `set_epoch` only when `set_epoch`.
    pub fn ranks_told(
        &self,
        epoch: u64,
        set_epoch: bool,
    ) -> Result<Vec<Result<Vec<u32>, SamplerError>>, SamplerError> {
        self.check(0)?;
        Ok((0..self.num_replicas)
            .map(|rank| match self.rank_epochs_told(rank, epoch.saturating_add(1), set_epoch) {
                (_, Some(e)) => Err(e),
                (mut done, None) => Ok(done.pop().unwrap_or_default()),
            })
            .collect())
    }

    /// One epoch on `rank`, drawing from `g`.
    fn epoch_from(
        &self,
        rank: i64,
        epoch: u64,
        g: &mut Generator,
    ) -> Result<Vec<u32>, SamplerError> {
        let slice = self.slice(rank, epoch)?;
        let weights: Vec<f64> = slice.iter().map(|&i| self.weights[i as usize]).collect();
        let k = self.len(rank)?;
        let drawn = multinomial(&weights, k, true, g)?;
        Ok(drawn.iter().map(|&p| slice[p as usize]).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sampler(
        weights: &[f64],
        even_divisible: bool,
        num_replicas: i64,
    ) -> DistributedWeightedRandomSampler {
        DistributedWeightedRandomSampler {
            weights: weights.to_vec(),
            num_samples_per_rank: None,
            generator_seed: 0,
            even_divisible,
            num_replicas,
            shuffle: false,
            seed: 0,
        }
    }

    #[test]
    fn uneven_slices_hold_one_sample_fewer() {
        let s = sampler(&[1.0; 5], false, 4);
        let lens: Vec<usize> = (0..4).map(|r| s.slice_len(r).unwrap()).collect();
        assert_eq!(lens, [2, 1, 1, 1]);
        assert_eq!(s.slice(0, 0).unwrap(), [0, 4]);
        assert_eq!(sampler(&[1.0; 5], true, 4).slice(1, 0).unwrap(), [1, 0]);
        assert_eq!(sampler(&[1.0; 3], false, 4).check(0), Err(SamplerError::MonaiShortDataset));
    }

    #[test]
    fn a_rank_whose_slice_weighs_nothing_raises_alone() {
        let s = sampler(&[0.0, 1.0, 0.0, 1.0], true, 2);
        let ranks = s.ranks(0).unwrap();
        assert_eq!(ranks[0], Err(SamplerError::MultinomialZeroSum));
        let rank1 = ranks[1].clone().unwrap();
        assert_eq!(rank1.len(), 2);
        assert!(rank1.iter().all(|i| [1, 3].contains(i)));
    }
}
