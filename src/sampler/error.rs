//! Errors as values: what PyTorch raises for a configuration, word for word, plus the limit
//! this tool adds because a browser tab cannot hold everything PyTorch can.

use std::fmt;

use super::{MAX_LEN, MAX_TOTAL_SIZE};
use crate::i18n::page::errors::ErrorText;
use crate::i18n::{Lang, fill};

/// Everything that can be wrong with a sampler or loader configuration.
///
/// `Display` gives PyTorch's exact message where PyTorch raises; [`SamplerError::exception`]
/// names the Python exception type, and [`SamplerError::rule`] explains the rule in plain words.
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
    /// Not PyTorch's: `len(dataset)` beyond what this tool holds ([`MAX_LEN`]).
    DatasetTooLarge { n: u128 },
    /// Not PyTorch's: the padded list (`num_samples * num_replicas`) beyond [`MAX_LEN`].
    TotalSizeTooLarge { total_size: u128 },
}

impl SamplerError {
    /// The Python exception PyTorch raises, or `None` for this tool's own limits.
    pub fn exception(&self) -> Option<&'static str> {
        match self {
            Self::DatasetTooLarge { .. } | Self::TotalSizeTooLarge { .. } => None,
            _ => Some("ValueError"),
        }
    }

    /// The error as the page shows it: `ValueError: …` as Python prints it where PyTorch
    /// raises, else this tool's limit in `lang`.
    pub fn shown_in(&self, lang: Lang) -> String {
        match self.exception() {
            Some(exception) => format!("{exception}: {self}"),
            None => self.message_in(lang),
        }
    }

    /// The rule behind the error, in a sentence (English: the JS API's `rule`).
    pub fn rule(&self) -> String {
        self.rule_in(Lang::En)
    }

    /// The rule behind the error, in a sentence for the page, in `lang`.
    pub fn rule_in(&self, lang: Lang) -> String {
        let key = match self {
            Self::InvalidRank { num_replicas, .. } if *num_replicas <= 0 => ErrorText::RuleReplicas,
            Self::InvalidRank { .. } => ErrorText::RuleRank,
            Self::SeedOverflow { .. } => ErrorText::RuleSeed,
            Self::InvalidBatchSize { .. } => ErrorText::RuleBatchSize,
            Self::SamplerWithShuffle => ErrorText::RuleSamplerShuffle,
            Self::InvalidNumSamples { .. } => ErrorText::RuleEmptyDataset,
            Self::DatasetTooLarge { .. } | Self::TotalSizeTooLarge { .. } => {
                ErrorText::RuleToolLimit
            }
        };
        fill(key.text(lang), &[("max", &self.limit())])
    }

    /// This tool's limit that the error names: samples for `len(dataset)`, indices for the
    /// padded list.
    fn limit(&self) -> u64 {
        match self {
            Self::TotalSizeTooLarge { .. } => MAX_TOTAL_SIZE,
            _ => u64::from(MAX_LEN),
        }
    }

    /// The message in `lang`: PyTorch's own (English, as Python prints it) where PyTorch
    /// raises, and this tool's limits in the page's language.
    pub fn message_in(&self, lang: Lang) -> String {
        match self {
            Self::DatasetTooLarge { n } => {
                fill(ErrorText::DatasetTooLarge.text(lang), &[("n", n), ("max", &self.limit())])
            }
            Self::TotalSizeTooLarge { total_size } => fill(
                ErrorText::TotalSizeTooLarge.text(lang),
                &[("total_size", total_size), ("max", &self.limit())],
            ),
            _ => self.to_string(),
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
            Self::DatasetTooLarge { .. } | Self::TotalSizeTooLarge { .. } => {
                f.write_str(&self.message_in(Lang::En))
            }
        }
    }
}

impl std::error::Error for SamplerError {}
