//! The page's words for the core's errors: [`ErrorWords`] on [`SamplerError`], so that the core
//! stays data (PyTorch's message as `Display`) and the wording in both languages stays here.

use super::page::errors::ErrorText;
use super::{Lang, fill};
use crate::sampler::{MAX_LEN, MAX_TOTAL_SIZE, SamplerError};

/// How the page words a [`SamplerError`]: the message as shown and the rule behind it, in `lang`.
pub trait ErrorWords {
    /// The error as the page shows it: `ValueError: …` as Python prints it where PyTorch
    /// raises, else this tool's limit in `lang`.
    fn shown_in(&self, lang: Lang) -> String;

    /// The rule behind the error, in a sentence (English: the JS API's `rule`).
    fn rule(&self) -> String {
        self.rule_in(Lang::En)
    }

    /// The rule behind the error, in a sentence for the page, in `lang`.
    fn rule_in(&self, lang: Lang) -> String;

    /// The message in `lang`: PyTorch's own (English, as Python prints it) where PyTorch
    /// raises, and this tool's limits in the page's language.
    fn message_in(&self, lang: Lang) -> String;
}

impl ErrorWords for SamplerError {
    fn shown_in(&self, lang: Lang) -> String {
        match self.exception() {
            // Python prints a bare exception (an `assert` without a message) as its name alone.
            Some(exception) if self.to_string().is_empty() => exception.to_string(),
            Some(exception) => format!("{exception}: {self}"),
            None => self.message_in(lang),
        }
    }

    fn rule_in(&self, lang: Lang) -> String {
        let key = match self {
            Self::InvalidRank { num_replicas, .. } if *num_replicas <= 0 => ErrorText::RuleReplicas,
            Self::InvalidRank { .. } => ErrorText::RuleRank,
            Self::SeedOverflow { .. } => ErrorText::RuleSeed,
            Self::InvalidBatchSize { .. } => ErrorText::RuleBatchSize,
            Self::SamplerWithShuffle => ErrorText::RuleSamplerShuffle,
            Self::InvalidNumSamples { .. } => ErrorText::RuleEmptyDataset,
            Self::SplitBatches { .. } => ErrorText::RuleSplitBatches,
            Self::UnrepeatedEmptyRank => ErrorText::RuleUnrepeatedEmpty,
            Self::ConsumedBeyondEpoch { .. } => ErrorText::RuleConsumed,
            Self::NegativeWorkers => ErrorText::RuleNumWorkers,
            Self::IterableWithSampler => ErrorText::RuleIterableSampler,
            Self::WeightedNumSamples { .. } | Self::MultinomialNoSamples => {
                ErrorText::RuleWeightedNumSamples
            }
            Self::WeightsNot1d { .. }
            | Self::MultinomialTooManyCategories
            | Self::MultinomialEmpty
            | Self::MultinomialInvalidProbability
            | Self::MultinomialNegativeEntry
            | Self::MultinomialNonFiniteEntry => ErrorText::RuleWeights,
            Self::MultinomialTooManyWithoutReplacement => ErrorText::RuleWithoutReplacement,
            Self::MultinomialZeroSum => ErrorText::RuleZeroWeight,
            Self::MonaiShortDataset => ErrorText::RuleMonaiShort,
            Self::DatasetTooLarge { .. }
            | Self::TotalSizeTooLarge { .. }
            | Self::TooManyDraws { .. } => ErrorText::RuleToolLimit,
        };
        fill(key.text(lang), &[("max", &limit(self))])
    }

    fn message_in(&self, lang: Lang) -> String {
        match self {
            Self::DatasetTooLarge { n } => {
                fill(ErrorText::DatasetTooLarge.text(lang), &[("n", n), ("max", &limit(self))])
            }
            Self::TotalSizeTooLarge { total_size } => fill(
                ErrorText::TotalSizeTooLarge.text(lang),
                &[("total_size", total_size), ("max", &limit(self))],
            ),
            Self::TooManyDraws { num_samples } => fill(
                ErrorText::TooManyDraws.text(lang),
                &[("num_samples", num_samples), ("max", &limit(self))],
            ),
            Self::ConsumedBeyondEpoch { consumed, len } => fill(
                ErrorText::ConsumedBeyondEpoch.text(lang),
                &[("consumed", consumed), ("len", len)],
            ),
            _ => self.to_string(),
        }
    }
}

/// This tool's limit that the error names: samples for `len(dataset)`, indices for the padded
/// list.
fn limit(error: &SamplerError) -> u64 {
    match error {
        SamplerError::TotalSizeTooLarge { .. } => MAX_TOTAL_SIZE,
        _ => u64::from(MAX_LEN),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check(error: SamplerError) {
        assert_eq!(error.exception(), None);
        assert_eq!(error.message_in(Lang::En), error.to_string());
        assert_eq!(error.shown_in(Lang::En), error.to_string());
    }

    /// The core words its own limits in English for `Display`; the page's English must be the
    /// same sentence, so that the two copies cannot drift apart.
    #[test]
    fn the_page_words_the_limits_as_the_core_does_in_english() {
        check(SamplerError::DatasetTooLarge { n: u128::from(MAX_LEN) + 1 });
        check(SamplerError::TotalSizeTooLarge { total_size: u128::from(MAX_TOTAL_SIZE) + 2 });
        check(SamplerError::ConsumedBeyondEpoch { consumed: 5, len: 4 });
        check(SamplerError::ConsumedBeyondEpoch { consumed: 1, len: 0 });
        check(SamplerError::TooManyDraws { num_samples: u128::from(MAX_LEN) + 1 });
    }

    #[test]
    fn pytorch_messages_stay_english_and_rules_follow_the_language() {
        let error = SamplerError::InvalidBatchSize { batch_size: 0 };
        assert_eq!(error.message_in(Lang::Zh), error.to_string());
        assert_eq!(error.shown_in(Lang::Zh), format!("ValueError: {error}"));
        assert_eq!(error.rule(), error.rule_in(Lang::En));
        assert_ne!(error.rule_in(Lang::Zh), error.rule_in(Lang::En));
    }
}
