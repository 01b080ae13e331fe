//! Samplers that do **not** agree: each process builds its own `DistributedSampler` with its
//! own arguments, as a buggy training script does (`DistributedSampler(ds, seed=rank)`).
//!
//! [`DistributedSampler::epoch`] draws one permutation for every rank, which is only right when
//! every process passes the same seed. Here each rank draws its own permutation and keeps its
//! own stripe of it, exactly as each Python process would.

use super::{Config, DistributedSampler, SamplerError};

/// `list(sampler)` in each process `r` that ran `DistributedSampler(..., rank=r, seed=seeds[r])`
/// (every other argument from `config`); `seeds.len()` is the number of processes.
pub fn indices_with_seeds(config: &Config, seeds: &[i128]) -> Result<Vec<Vec<u32>>, SamplerError> {
    let num_replicas = i64::try_from(seeds.len())
        .map_err(|_| SamplerError::InvalidRank { rank: 0, num_replicas: i64::MAX })?;
    (0i64..)
        .zip(seeds)
        .map(|(rank, &seed)| {
            let own = Config { num_replicas, rank, seed, ..config.clone() };
            DistributedSampler::new(&own)?.indices()
        })
        .collect()
}

/// How many times each sample `0 .. n` occurs in `lists` together.
pub fn counts(n: usize, lists: &[Vec<u32>]) -> Vec<u32> {
    let mut counts = vec![0u32; n];
    for &index in lists.iter().flatten() {
        if let Some(c) = counts.get_mut(index as usize) {
            *c += 1;
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_seeds_give_the_shared_sampler() {
        let config = Config { n: 21, ..Config::default() };
        let shared = DistributedSampler::new(&config).and_then(|s| s.epoch()).map(|e| e.ranks());
        assert_eq!(indices_with_seeds(&config, &[0, 0]), shared);
    }

    #[test]
    fn counts_ignore_nothing_in_range() {
        assert_eq!(counts(4, &[vec![0, 1], vec![1, 3]]), vec![1, 2, 0, 1]);
        assert_eq!(counts(0, &[]), Vec::<u32>::new());
    }
}
