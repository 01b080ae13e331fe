//! The workers' pitfalls: an `IterableDataset` that does not shard its stream (every worker of
//! every GPU yields everything), one given a `DistributedSampler` (PyTorch refuses), and GPUs
//! that end a training epoch with different step counts (the run hangs).

use super::outcome::{Fact, Phrase, Row, Side, example, where_count};
use super::{Worked, setup};
use crate::i18n::scenarios::ScenarioText as T;
use crate::model::Params;
use crate::sampler::per_rank::counts;
use crate::sampler::{BatchSampler, SamplerError, Sharding, Unrepeated};

/// Each rank's samples, in the order yielded, when a stream of `range(params.n)` is read by
/// `num_workers` workers per rank and sharded by `params.sharding`.
fn streams(params: &Params) -> Result<Vec<Vec<u32>>, SamplerError> {
    let loader = BatchSampler::new(params.batch_size, params.loader_drop_last)?;
    let loaders = params.iterable_loaders(loader, params.num_workers.max(0) as usize);
    Ok(loaders
        .iter()
        .map(|l| l.batches().into_iter().flat_map(|(batch, _)| batch).collect())
        .collect())
}

/// A side of rows per rank (samples seen more than once marked) with the epoch's counts.
fn counted_side(code: &'static str, params: Option<Params>, n: u64, ranks: &[Vec<u32>]) -> Side {
    let counts = counts(n as usize, ranks);
    let mut side = Side::new(code, params);
    for (r, list) in ranks.iter().enumerate() {
        let twice = |i: u32| counts[i as usize] > 1;
        side.rows.push(Row::of(Phrase::new(T::RowRank).with("r", r), Some(r), list, twice));
    }
    let trained: u64 = ranks.iter().map(|l| l.len() as u64).sum();
    side.facts.push(Fact::new("trained", T::FactTrained, trained));
    side.facts.push(Fact::new(
        "most-times",
        T::FactMostTimes,
        counts.iter().copied().max().unwrap_or(0).into(),
    ));
    let never = where_count(&counts, |c| c == 0);
    side.facts.push(Fact::new("never-seen", T::FactNeverSeen, never.len() as u64).naming(never));
    side
}

/// Scenario 14: a stream that does not shard: each sample `num_workers × num_replicas` times.
pub(super) fn iterable_no_shard() -> Result<Worked, SamplerError> {
    let fixed = Params { num_workers: 2, sharding: Sharding::RankAndWorker, ..example(8, 2, 2) };
    let broken = Params { sharding: Sharding::None, ..fixed.clone() };
    let broken_side = counted_side(
        "def __iter__(self):\n    yield from range(self.n)  # every worker of every rank",
        Some(broken.clone()),
        8,
        &streams(&broken)?,
    );
    let fixed_side = counted_side(
        "def __iter__(self):\n    info = get_worker_info()\n    k = self.world * info.num_workers\n    for i in range(self.rank * info.num_workers + info.id, self.n, k):\n        yield i",
        Some(fixed.clone()),
        8,
        &streams(&fixed)?,
    );
    Ok((setup(8, 2, 2), broken_side, fixed_side))
}

/// Scenario 15: a `DistributedSampler` for an `IterableDataset`: PyTorch refuses the loader.
pub(super) fn iterable_sampler() -> Result<Worked, SamplerError> {
    let fixed = Params { num_workers: 2, sharding: Sharding::RankAndWorker, ..example(8, 2, 2) };
    let mut broken =
        Side::new("DataLoader(stream, batch_size=2, sampler=DistributedSampler(stream))", None);
    broken.error = Some(SamplerError::IterableWithSampler);
    let fixed_side = counted_side(
        "DataLoader(stream, batch_size=2, num_workers=2)  # __iter__ shards by rank and worker",
        Some(fixed.clone()),
        8,
        &streams(&fixed)?,
    );
    Ok((setup(8, 2, 2), broken, fixed_side))
}

/// Scenario 16: training with Lightning's unrepeated sampler: GPUs end with 3 and 2 steps, and
/// those with 3 hang at the all-reduce of step 3; `DistributedSampler` pads to equal counts.
pub(super) fn uneven_hang() -> Result<Worked, SamplerError> {
    let params = Params { shuffle: false, ..example(10, 4, 1) };
    let unrepeated = Unrepeated { config: params.sampler_config(0) }.ranks()?;
    let padded = super::outcome::epoch(&params)?.ranks();
    let side = |code, params: Option<Params>, ranks: &[Vec<u32>]| {
        let mut side = counted_side(code, params, 10, ranks);
        let steps: Vec<u64> = ranks.iter().map(|l| l.len() as u64).collect();
        let (fewest, most) =
            (steps.iter().min().copied().unwrap_or(0), steps.iter().max().copied().unwrap_or(0));
        side.facts.push(Fact::new("fewest-steps", T::FactFewestSteps, fewest));
        side.facts.push(Fact::new("most-steps", T::FactMostSteps, most));
        let waiting = steps.iter().filter(|&&s| s > fewest).count() as u64;
        side.facts.push(Fact::new("waiting", T::FactWaiting, waiting));
        side
    };
    let mut broken =
        side("sampler = UnrepeatedDistributedSampler(train_set)  # in training", None, &unrepeated);
    broken.not_shown = T::NotInPictureUnrepeated;
    let fixed = side(
        "sampler = DistributedSampler(train_set)  # pads to equal counts",
        Some(params),
        &padded,
    );
    Ok((setup(10, 4, 1), broken, fixed))
}

/// Where the workers' seeds come from in the seed scenario: `torch.manual_seed(SEED)`.
const SEED: i128 = 0;

/// Scenario 17: a generator made in `__init__` (`np.random.default_rng(0)`) is copied into
/// every worker, so every worker draws the same "random" augmentations; a `worker_init_fn`
/// that reseeds it from `torch.initial_seed()` (the loader's `base_seed` plus the worker's id)
/// gives each worker its own.
pub(super) fn worker_same_seed() -> Result<Worked, SamplerError> {
    let params = Params { num_workers: 2, manual_seed: SEED, ..example(8, 2, 2) };
    let epoch = super::outcome::epoch(&params)?;
    let loader = BatchSampler::new(params.batch_size, false)?;
    let rank0: Vec<u32> = epoch.rank(0).collect();
    let batches: Vec<&[u32]> = loader.batches(&rank0).collect();
    let base = crate::sampler::workers::base_seeds(SEED, 1)?[0];
    let side = |code, seeds: Vec<u64>| {
        let mut side = Side::new(code, Some(params.clone()));
        for (w, &seed) in seeds.iter().enumerate() {
            let mine: Vec<u32> = batches
                .iter()
                .skip(w)
                .step_by(seeds.len())
                .flat_map(|b| b.iter().copied())
                .collect();
            let alike = seeds.iter().filter(|&&s| s == seed).count() > 1;
            let label = Phrase::new(T::RowWorkerSeed).with("w", w).with("seed", seed);
            // GPU 0's workers, in GPU 0's colour.
            side.rows.push(Row::of(label, Some(0), &mine, |_| alike));
        }
        let mut distinct = seeds.clone();
        distinct.sort_unstable();
        distinct.dedup();
        side.facts.push(Fact::new(
            "distinct-worker-seeds",
            T::FactWorkerSeeds,
            distinct.len() as u64,
        ));
        side.facts.push(Fact::new("base-seed", T::FactBaseSeed, base));
        side
    };
    let workers = params.num_workers as u64;
    let broken = side(
        "class Augment(Dataset):\n    def __init__(self):\n        self.rng = np.random.default_rng(0)  # copied into every worker",
        vec![0; workers as usize],
    );
    let fixed = side(
        "def worker_init_fn(worker_id):  # torch.initial_seed() is base_seed + worker_id\n    info = get_worker_info()\n    info.dataset.rng = np.random.default_rng([torch.initial_seed(), dist.get_rank()])\n\nDataLoader(ds, sampler=sampler, num_workers=2, worker_init_fn=worker_init_fn)",
        (0..workers).map(|w| base + w).collect(),
    );
    Ok((setup(8, 2, 2), broken, fixed))
}
