//! Everything the page draws for one set of [`Params`], computed by the core in one go.

use std::sync::Arc;

use super::params::{Field, ParamError};
use super::query::Params;
use super::visits::{self, Visits};
use crate::sampler::{BatchSampler, DistributedSampler, Epoch, EpochTask, SamplerError};

/// The most indices a table row lists; longer rows are cut, saying so.
pub const TABLE_LIMIT: usize = 2000;
/// The most indices a whole table lists (64 rows of 2,000 would make the page crawl).
pub const TABLE_TOTAL: usize = 16_000;

/// How many indices each of `num_replicas` rows lists at most: [`TABLE_LIMIT`], fewer when
/// there are many ranks. A dataset of up to 2,000 samples is always listed in full.
pub fn row_limit(num_replicas: usize) -> usize {
    TABLE_LIMIT.min(TABLE_TOTAL / num_replicas.max(1))
}

/// The numbers people confuse, side by side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lengths {
    /// `len(dataset)`.
    pub dataset: u64,
    /// `len(sampler)`: indices per rank.
    pub sampler: usize,
    /// `len(loader)`: batches, the steps per epoch on each rank.
    pub loader: usize,
    /// `total_size`: the list after padding or trimming.
    pub total_size: usize,
    /// Copies added by wrap-around padding.
    pub padding: usize,
    /// Indices trimmed by the sampler's `drop_last`.
    pub dropped: usize,
    /// Indices per rank lost with the loader's short last batch (`DataLoader(drop_last=True)`).
    pub loader_dropped: usize,
}

/// What the page draws.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    /// The parameters it was computed from.
    pub params: Params,
    /// The sampler, as PyTorch would build it.
    pub sampler: DistributedSampler,
    /// The current epoch, every stage and rank (shared: a stage change keeps it).
    pub epoch: Arc<Epoch>,
    /// The `DataLoader`'s batching.
    pub loader: BatchSampler,
    /// `len(dataset)`, `len(sampler)`, `len(loader)`, ...
    pub lengths: Lengths,
    /// Times each sample is processed this epoch, with the sampler.
    pub visits: Visits,
}

impl Picture {
    /// Computes the picture, or says which parameters PyTorch (or the page) refuses.
    pub fn compute(params: &Params) -> Result<Picture, Vec<ParamError>> {
        Ok(Picture::start(params)?.finish())
    }

    /// Checks `params` and starts the picture; only the permutation is left to draw, in slices
    /// ([`PictureTask::advance`]) so that a page stays responsive at large sizes.
    pub fn start(params: &Params) -> Result<PictureTask, Vec<ParamError>> {
        let config = params.sampler_config(params.rank);
        let sampler = DistributedSampler::new(&config).map_err(refused)?;
        let loader = params.loader_config().check(params.n, true).map_err(refused)?;
        let epoch = sampler.start_epoch().map_err(refused)?;
        Ok(PictureTask { params: params.clone(), sampler, loader, epoch })
    }
}

/// A picture whose permutation is still being drawn.
pub struct PictureTask {
    params: Params,
    sampler: DistributedSampler,
    loader: BatchSampler,
    epoch: EpochTask,
}

impl PictureTask {
    /// Takes up to `steps` more steps of the permutation; `true` once it is drawn.
    pub fn advance(&mut self, steps: u32) -> bool {
        self.epoch.advance(steps)
    }

    /// Steps taken and steps in all.
    pub fn progress(&self) -> (u32, u32) {
        self.epoch.progress()
    }

    /// Draws what is left and computes the rest of the picture (all of it quick).
    pub fn finish(self) -> Picture {
        let PictureTask { params, sampler, loader, epoch } = self;
        let epoch = epoch.finish();
        Picture {
            lengths: lengths(&params, &epoch, &loader),
            visits: visits::distributed(&epoch, &loader),
            epoch: Arc::new(epoch),
            params,
            sampler,
            loader,
        }
    }
}

/// What the core refused, against the control it belongs next to.
pub(crate) fn refused(error: SamplerError) -> Vec<ParamError> {
    vec![ParamError::from_sampler(field_of(&error), &error)]
}

/// The control an error belongs next to.
pub(crate) fn field_of(error: &SamplerError) -> Field {
    match error {
        SamplerError::InvalidRank { num_replicas, .. } if *num_replicas <= 0 => Field::NumReplicas,
        SamplerError::InvalidRank { .. } => Field::Rank,
        SamplerError::SeedOverflow { .. } => Field::Seed,
        SamplerError::InvalidBatchSize { .. } => Field::BatchSize,
        SamplerError::SamplerWithShuffle => Field::LoaderShuffle,
        SamplerError::InvalidNumSamples { .. } | SamplerError::DatasetTooLarge { .. } => Field::N,
        SamplerError::TotalSizeTooLarge { .. } => Field::NumReplicas,
        SamplerError::SplitBatches { .. } => Field::SplitBatches,
        SamplerError::UnrepeatedEmptyRank => Field::NumReplicas,
        SamplerError::ConsumedBeyondEpoch { .. } => Field::Consumed,
        SamplerError::NegativeWorkers => Field::NumWorkers,
        SamplerError::IterableWithSampler => Field::Sharding,
        SamplerError::WeightedNumSamples { .. }
        | SamplerError::MultinomialTooManyWithoutReplacement
        | SamplerError::TooManyDraws { .. } => Field::NumSamples,
        // Only MONAI asks `torch.multinomial` for a count of its own.
        SamplerError::MultinomialNoSamples => Field::NumSamplesPerRank,
        SamplerError::WeightsNot1d { .. }
        | SamplerError::MultinomialTooManyCategories
        | SamplerError::MultinomialEmpty
        | SamplerError::MultinomialInvalidProbability
        | SamplerError::MultinomialNegativeEntry
        | SamplerError::MultinomialNonFiniteEntry
        | SamplerError::MultinomialZeroSum => Field::Weights,
        SamplerError::MonaiShortDataset => Field::NumReplicas,
    }
}

fn lengths(params: &Params, epoch: &Epoch, loader: &BatchSampler) -> Lengths {
    Lengths::new(params.n, epoch.total_size(), epoch.num_replicas(), loader)
}

impl Lengths {
    /// The lengths of `n` samples on `num_replicas` ranks whose padded (or trimmed) list is
    /// `total_size` long, batched by `loader`: closed forms, with no permutation drawn.
    pub fn new(n: u64, total_size: usize, num_replicas: usize, loader: &BatchSampler) -> Lengths {
        let sampler = total_size / num_replicas.max(1);
        let listed = usize::try_from(n).unwrap_or(usize::MAX);
        Lengths {
            dataset: n,
            sampler,
            loader: loader.len(sampler),
            total_size,
            padding: total_size.saturating_sub(listed),
            dropped: listed.saturating_sub(total_size),
            loader_dropped: sampler - visits::yielded(loader, sampler),
        }
    }

    /// The lengths [`Picture::compute`] gives for `params`, with the ranks and the loader
    /// they are counted on, checked as it checks them but without drawing the permutation.
    pub fn of(params: &Params) -> Result<(Lengths, usize, BatchSampler), Vec<ParamError>> {
        let sampler =
            DistributedSampler::new(&params.sampler_config(params.rank)).map_err(refused)?;
        let loader = params.loader_config().check(params.n, true).map_err(refused)?;
        let w = usize::try_from(params.num_replicas).unwrap_or(1);
        Ok((Lengths::new(params.n, sampler.total_size(), w, &loader), w, loader))
    }
}
