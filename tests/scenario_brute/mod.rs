//! The same counts as the scenarios, worked out the slow, obvious way over the core.

use std::collections::HashMap;

use sampler_viz::sampler::{Config, DistributedSampler};

/// `list(DistributedSampler(range(n), num_replicas=w, rank=r, seed=seed))` after `set_epoch(e)`.
pub fn python_list(n: u64, w: i64, r: i64, seed: i128, epoch: i128) -> Vec<u32> {
    let config = Config { n, num_replicas: w, rank: r, seed, epoch, ..Config::default() };
    DistributedSampler::new(&config).and_then(|s| s.indices()).expect("valid example")
}

/// `(never seen, seen more than once)` over `lists`, counted with a hash map.
pub fn brute_coverage(n: u32, lists: &[Vec<u32>]) -> (u64, u64) {
    let mut seen: HashMap<u32, u32> = HashMap::new();
    for &i in lists.iter().flatten() {
        *seen.entry(i).or_default() += 1;
    }
    let never = (0..n).filter(|i| !seen.contains_key(i)).count() as u64;
    (never, seen.values().filter(|&&c| c > 1).count() as u64)
}
