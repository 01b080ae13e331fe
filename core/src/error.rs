//! Errors as values: what PyTorch raises for a configuration, word for word, plus the limit
//! this tool adds because a browser tab cannot hold everything PyTorch can.

use std::fmt;

use super::weighted::{Number, Shape};
use super::{MAX_LEN, MAX_TOTAL_SIZE};

/// Everything that can be wrong with a sampler or loader configuration.
///
/// `Display` gives PyTorch's exact message where PyTorch raises (and this tool's limits in
/// English); [`SamplerError::exception`] names the Python exception type. The page words the
/// rule behind each error itself, in its languages.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SamplerError {
    /// `DistributedSampler(..., num_replicas, rank)` with `rank` outside `[0, num_replicas - 1]`
    /// (so also any `num_replicas <= 0`).
    InvalidRank { rank: i64, num_replicas: i64 },
    /// `manual_seed(seed)` with a seed outside `-2^63 ..= 2^64 - 1`; for `DistributedSampler`
    /// the seed is `seed + epoch`, raised when the epoch's indices are drawn.
    SeedOverflow { seed: i128 },
    /// `BatchSampler` (and so `DataLoader`) with `batch_size <= 0`.
    InvalidBatchSize { batch_size: i64 },
    /// `DataLoader(..., sampler=s, shuffle=True)`.
    SamplerWithShuffle,
    /// `RandomSampler` (`DataLoader(shuffle=True)`) on an empty dataset.
    InvalidNumSamples { num_samples: u64 },
    /// Accelerate's `split_batches=True` with a `batch_size` that `num_processes` does not
    /// divide: raised by `prepare_data_loader`, or (a batch of 1) by `BatchSamplerShard`.
    SplitBatches { batch_size: i64, num_processes: i64, shard: bool },
    /// Lightning's `UnrepeatedDistributedSampler` on a rank left without a sample
    /// (`assert self.num_samples >= 1 or self.total_size == 0`, no message).
    UnrepeatedEmptyRank,
    /// `DataLoader(num_workers=...)` below 0.
    NegativeWorkers,
    /// `DataLoader(iterable_dataset, sampler=DistributedSampler(...))`. PyTorch's message ends
    /// with the sampler's `repr`, whose memory address differs on every run: shown as `0x…`.
    IterableWithSampler,
    /// Not a library's: more batches taken before a save than the epoch holds (Python's
    /// `next` raises `StopIteration`).
    ConsumedBeyondEpoch { consumed: usize, len: usize },
    /// `WeightedRandomSampler(weights, num_samples)` with a `num_samples` that is not a positive
    /// `int` (a float is refused whatever its value).
    WeightedNumSamples { num_samples: Number },
    /// `WeightedRandomSampler` with weights that `torch.as_tensor` makes other than 1-d.
    WeightsNot1d { shape: Shape },
    /// `torch.multinomial` asked for no sample (MONAI's `num_samples_per_rank=0`, or a rank
    /// left with none).
    MultinomialNoSamples,
    /// `torch.multinomial` without replacement asked for more samples than there are weights.
    MultinomialTooManyWithoutReplacement,
    /// `torch.multinomial` over more than 2^24 weights.
    MultinomialTooManyCategories,
    /// `torch.multinomial` over no weight at all, on its road that checks the range first
    /// (no replacement, or one sample): the reduction of an empty tensor raises. Read from
    /// PyTorch's source; no golden case reaches it.
    MultinomialEmpty,
    /// `torch.multinomial` (no replacement, or one sample) with a NaN, `inf` or negative weight.
    MultinomialInvalidProbability,
    /// `torch.multinomial` with replacement, two samples or more: a weight below 0 (or NaN)
    /// met while summing.
    MultinomialNegativeEntry,
    /// The same road: an infinite weight met while summing.
    MultinomialNonFiniteEntry,
    /// `torch.multinomial` whose weights add up to nothing: all zero (for MONAI, the weights
    /// of this rank's slice).
    MultinomialZeroSum,
    /// MONAI's `DistributedSampler(even_divisible=False)` on fewer samples than ranks.
    MonaiShortDataset,
    /// Not a library's: more weighted draws per epoch than this tool holds ([`MAX_LEN`]).
    TooManyDraws { num_samples: u128 },
    /// Not PyTorch's: `len(dataset)` beyond what this tool holds ([`MAX_LEN`]).
    DatasetTooLarge { n: u128 },
    /// Not PyTorch's: the padded list (`num_samples * num_replicas`) beyond [`MAX_LEN`].
    TotalSizeTooLarge { total_size: u128 },
}

impl SamplerError {
    /// The Python exception PyTorch raises, or `None` for this tool's own limits.
    pub fn exception(&self) -> Option<&'static str> {
        match self {
            Self::DatasetTooLarge { .. }
            | Self::TotalSizeTooLarge { .. }
            | Self::TooManyDraws { .. }
            | Self::ConsumedBeyondEpoch { .. } => None,
            Self::UnrepeatedEmptyRank => Some("AssertionError"),
            Self::MultinomialNoSamples
            | Self::MultinomialTooManyWithoutReplacement
            | Self::MultinomialTooManyCategories
            | Self::MultinomialEmpty
            | Self::MultinomialInvalidProbability
            | Self::MultinomialNegativeEntry
            | Self::MultinomialNonFiniteEntry
            | Self::MultinomialZeroSum => Some("RuntimeError"),
            _ => Some("ValueError"),
        }
    }
}

impl fmt::Display for SamplerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidRank { rank, num_replicas } => write!(
                f,
                "Invalid rank {rank}, rank should be in the interval [0, {}]",
                i128::from(*num_replicas) - 1
            ),
            Self::SeedOverflow { .. } => f.write_str("Overflow when unpacking long long"),
            Self::InvalidBatchSize { batch_size } => write!(
                f,
                "batch_size should be a positive integer value, but got batch_size={batch_size}"
            ),
            Self::SamplerWithShuffle => {
                f.write_str("sampler option is mutually exclusive with shuffle")
            }
            Self::InvalidNumSamples { num_samples } => write!(
                f,
                "num_samples should be a positive integer value, but got num_samples={num_samples}"
            ),
            Self::SplitBatches { batch_size, num_processes, shard: false } => write!(
                f,
                "To use a `DataLoader` in `split_batches` mode, the batch size ({batch_size}) \
                 needs to be a round multiple of the number of processes ({num_processes})."
            ),
            Self::SplitBatches { batch_size, num_processes, shard: true } => write!(
                f,
                "To use `BatchSamplerShard` in `split_batches` mode, the batch size \
                 ({batch_size}) needs to be a round multiple of the number of processes \
                 ({num_processes})."
            ),
            Self::UnrepeatedEmptyRank => Ok(()),
            Self::IterableWithSampler => f.write_str(
                "DataLoader with IterableDataset: expected unspecified sampler option, but got \
                 sampler=<torch.utils.data.distributed.DistributedSampler object at 0x…>",
            ),
            Self::NegativeWorkers => f.write_str(
                "num_workers option should be non-negative; use num_workers=0 to disable \
                 multiprocessing.",
            ),
            Self::ConsumedBeyondEpoch { consumed, len } => {
                let batches = if *consumed == 1 { "batch" } else { "batches" };
                write!(
                    f,
                    "{consumed} {batches} cannot be taken before the save: the epoch has {len}"
                )
            }
            Self::WeightedNumSamples { num_samples } => write!(
                f,
                "num_samples should be a positive integer value, but got num_samples={num_samples}"
            ),
            Self::WeightsNot1d { shape } => {
                write!(f, "weights should be a 1d sequence but given weights have shape {shape}")
            }
            Self::MultinomialNoSamples => f.write_str("cannot sample n_sample <= 0 samples"),
            Self::MultinomialTooManyWithoutReplacement => f.write_str(
                "cannot sample n_sample > prob_dist.size(-1) samples without replacement",
            ),
            Self::MultinomialTooManyCategories => {
                f.write_str("number of categories cannot exceed 2^24")
            }
            Self::MultinomialEmpty => f.write_str(
                "aminmax(): cannot compute aminmax over an empty dimension as the operation has \
                 no identity.",
            ),
            Self::MultinomialInvalidProbability => {
                f.write_str("probability tensor contains either `inf`, `nan` or element < 0")
            }
            Self::MultinomialNegativeEntry => {
                f.write_str("invalid multinomial distribution (encountering probability entry < 0)")
            }
            Self::MultinomialNonFiniteEntry => f.write_str(
                "invalid multinomial distribution (encountering probability entry = infinity or \
                 NaN)",
            ),
            Self::MultinomialZeroSum => {
                f.write_str("invalid multinomial distribution (sum of probabilities <= 0)")
            }
            Self::MonaiShortDataset => {
                f.write_str("the dataset length is less than the number of participating ranks.")
            }
            Self::TooManyDraws { num_samples } => write!(
                f,
                "{num_samples} weighted draws per epoch are over this tool's limit of {MAX_LEN}"
            ),
            Self::DatasetTooLarge { n } => {
                write!(f, "len(dataset) = {n} is over this tool's limit of {MAX_LEN} samples")
            }
            Self::TotalSizeTooLarge { total_size } => write!(
                f,
                "the padded index list would hold {total_size} indices, over this tool's limit \
                 of {MAX_TOTAL_SIZE}"
            ),
        }
    }
}

impl std::error::Error for SamplerError {}
