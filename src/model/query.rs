//! [`Params`] and its query-string form: `?n=8&num_replicas=2&seed=0&...`, booleans written
//! `0`/`1` (and read in any of [`super::FLAG_SPELLINGS`]).
//! Decoding the URL itself (percent escapes) is the browser's job; this takes decoded pairs.

use super::params::{Field, InnerSampler, ParamError, Problem, Seeding, Stage};
use super::values::{flag, flag_text, seed, whole};
use super::weights::{WeightedSeeding, WeightsSpec, num_samples_text, parse_num_samples};
use crate::sampler::{Config, LoaderConfig, Number};

/// The most ranks the page draws (PyTorch has no such limit).
pub const MAX_REPLICAS: i64 = 64;
/// The last training epoch the page goes to.
pub const MAX_EPOCH: u64 = 1_000_000;

/// Everything the page shows is a function of these.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Params {
    /// `len(dataset)`.
    pub n: u64,
    /// `DistributedSampler(num_replicas=...)`: how many GPUs.
    pub num_replicas: i64,
    /// The rank highlighted (and the one `list(sampler)` would give).
    pub rank: i64,
    /// `shuffle=` of the sampler, and of the loader on the no-sampler side.
    pub shuffle: bool,
    /// `DistributedSampler(seed=...)`.
    pub seed: i128,
    /// `DistributedSampler(drop_last=...)`.
    pub drop_last: bool,
    /// The training epoch shown, from 0.
    pub epoch: u64,
    /// Whether the training loop calls `sampler.set_epoch(epoch)`.
    pub set_epoch: bool,
    /// `DataLoader(batch_size=...)`.
    pub batch_size: i64,
    /// `DataLoader(drop_last=...)`.
    pub loader_drop_last: bool,
    /// `DataLoader(shuffle=...)` beside `sampler=`: PyTorch refuses `True` (the pitfall shown).
    pub loader_shuffle: bool,
    /// `torch.manual_seed(...)` on the no-sampler side.
    pub manual_seed: i128,
    /// Whether the no-sampler ranks are seeded alike or not at all.
    pub seeding: Seeding,
    /// Stands in for the OS entropy that seeds unseeded processes.
    pub os_seed: u64,
    /// The pipeline stage shown.
    pub stage: Stage,
    /// Accelerate's `split_batches`: cut every batch into one slice per process.
    pub split_batches: bool,
    /// Accelerate's `even_batches`: complete the last round from the epoch's start.
    pub even_batches: bool,
    /// Accelerate's `use_seedable_sampler`: reseed the shuffle every epoch.
    pub use_seedable_sampler: bool,
    /// Accelerate's `data_seed` (`None`: the process's initial seed).
    pub data_seed: Option<i128>,
    /// The sampler Lightning's `DistributedSamplerWrapper` wraps.
    pub inner: InnerSampler,
    /// `g.manual_seed(inner_seed)` for the wrapped `RandomSampler`.
    pub inner_seed: i128,
    /// torchdata: batches trained before `state_dict()` is saved.
    pub consumed: u64,
    /// torchdata: whether the resumed process calls `set_epoch(epoch)` before loading.
    pub restore_epoch: bool,
    /// `DataLoader(num_workers=...)` (checked by the scheme that reads it: PyTorch's message).
    pub num_workers: i64,
    /// How the `iterable` scheme's dataset shards its stream.
    pub sharding: crate::sampler::Sharding,
    /// The weighted samplers' `weights`, a preset or a short list.
    pub weights: WeightsSpec,
    /// `WeightedRandomSampler(num_samples=...)`: `None` is `len(weights)`.
    pub num_samples: Option<Number>,
    /// `WeightedRandomSampler(replacement=...)`.
    pub replacement: bool,
    /// How each process seeds its weighted sampler's draws (from `inner_seed`).
    pub generator: WeightedSeeding,
    /// MONAI's `even_divisible`: `False` deals the slices unpadded.
    pub even_divisible: bool,
    /// MONAI's `num_samples_per_rank` (`None`: the length of the rank's slice).
    pub num_samples_per_rank: Option<i64>,
}

impl Default for Params {
    /// The classic toy example: 8 samples on 2 GPUs, batch 4, every stage shown.
    fn default() -> Self {
        Self {
            n: 8,
            num_replicas: 2,
            rank: 0,
            shuffle: true,
            seed: 0,
            drop_last: false,
            epoch: 0,
            set_epoch: true,
            batch_size: 4,
            loader_drop_last: false,
            loader_shuffle: false,
            manual_seed: 0,
            seeding: Seeding::Alike,
            os_seed: 2024,
            stage: Stage::Batch,
            split_batches: false,
            even_batches: true,
            use_seedable_sampler: false,
            data_seed: None,
            inner: InnerSampler::Random,
            inner_seed: 0,
            consumed: 1,
            restore_epoch: false,
            num_workers: 0,
            sharding: crate::sampler::Sharding::None,
            weights: WeightsSpec::Imbalanced,
            num_samples: None,
            replacement: true,
            generator: WeightedSeeding::Alike,
            even_divisible: true,
            num_samples_per_rank: None,
        }
    }
}

impl Params {
    /// The epoch handed to the sampler: `epoch` when `set_epoch` is called, else 0 forever.
    pub fn sampler_epoch(&self) -> u64 {
        if self.set_epoch { self.epoch } else { 0 }
    }

    /// `DistributedSampler`'s arguments as seen by `rank`, told this epoch (or 0).
    pub fn sampler_config(&self, rank: i64) -> Config {
        Config {
            n: self.n,
            num_replicas: self.num_replicas,
            rank,
            shuffle: self.shuffle,
            seed: self.seed,
            drop_last: self.drop_last,
            epoch: self.sampler_epoch().into(),
        }
    }

    /// The `DataLoader`'s arguments beside `sampler=` (`loader_shuffle`, `loader_drop_last`).
    pub fn loader_config(&self) -> LoaderConfig {
        LoaderConfig {
            batch_size: self.batch_size,
            shuffle: self.loader_shuffle,
            drop_last: self.loader_drop_last,
        }
    }

    /// Reads decoded `(name, value)` pairs over the defaults. Unknown names are left for other
    /// parts of the page; every bad value is reported against its field.
    pub fn from_pairs<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Params, Vec<ParamError>> {
        let (params, errors) = Params::read_pairs(pairs);
        if errors.is_empty() { Ok(params) } else { Err(errors) }
    }

    /// [`Params::from_pairs`] that keeps every good value: the defaults with each valid pair
    /// applied (a bad one leaves its field at the default), and the errors of the bad ones.
    pub fn read_pairs<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> (Params, Vec<ParamError>) {
        Params::default().read_pairs_over(pairs)
    }

    /// [`Params::read_pairs`] over `self` rather than the defaults: a bad value leaves its
    /// field at `self`'s value.
    pub fn read_pairs_over<'a>(
        &self,
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> (Params, Vec<ParamError>) {
        let mut params = self.clone();
        let mut errors = Vec::new();
        for (field, value) in
            pairs.into_iter().filter_map(|(n, v)| Field::from_name(n).map(|f| (f, v)))
        {
            let mut next = params.clone();
            match next.set(field, value) {
                Ok(()) => params = next,
                Err(error) => errors.push(error),
            }
        }
        (params, errors)
    }

    /// Sets one field from its text, as typed in a control or found in the URL.
    pub fn set(&mut self, field: Field, text: &str) -> Result<(), ParamError> {
        let v = text.trim();
        match field {
            Field::N => self.n = whole(field, v, 0, u64::MAX.into())? as u64,
            Field::NumReplicas => {
                self.num_replicas = whole(field, v, i64::MIN.into(), i64::MAX.into())? as i64;
                if self.num_replicas > MAX_REPLICAS {
                    return Err(ParamError::new(
                        field,
                        Problem::TooManyRanks { max: MAX_REPLICAS },
                    ));
                }
            }
            Field::Rank => self.rank = whole(field, v, i64::MIN.into(), i64::MAX.into())? as i64,
            Field::Seed => self.seed = seed(field, v)?,
            Field::ManualSeed => self.manual_seed = seed(field, v)?,
            Field::Epoch => self.epoch = whole(field, v, 0, MAX_EPOCH.into())? as u64,
            Field::BatchSize => {
                self.batch_size = whole(field, v, i64::MIN.into(), i64::MAX.into())? as i64
            }
            Field::OsSeed => self.os_seed = whole(field, v, 0, u64::MAX.into())? as u64,
            Field::Shuffle => self.shuffle = flag(field, v)?,
            Field::DropLast => self.drop_last = flag(field, v)?,
            Field::SetEpoch => self.set_epoch = flag(field, v)?,
            Field::LoaderDropLast => self.loader_drop_last = flag(field, v)?,
            Field::LoaderShuffle => self.loader_shuffle = flag(field, v)?,
            Field::Seeding => {
                self.seeding = match v {
                    "alike" => Seeding::Alike,
                    "unseeded" => Seeding::Unseeded,
                    _ => {
                        return Err(ParamError::new(field, Problem::NotSeeding));
                    }
                }
            }
            Field::Stage => {
                let k = whole(field, v, 1, 5)? as u8;
                self.stage = Stage::from_number(k).unwrap_or(Stage::Batch);
            }
            Field::SplitBatches => self.split_batches = flag(field, v)?,
            Field::EvenBatches => self.even_batches = flag(field, v)?,
            Field::UseSeedableSampler => self.use_seedable_sampler = flag(field, v)?,
            Field::DataSeed => {
                self.data_seed = match v {
                    "" | "none" | "None" => None,
                    _ => Some(seed(field, v)?),
                }
            }
            Field::Inner => {
                self.inner = match v {
                    "sequential" => InnerSampler::Sequential,
                    "random" => InnerSampler::Random,
                    _ => return Err(ParamError::new(field, Problem::NotInner)),
                }
            }
            Field::InnerSeed => self.inner_seed = seed(field, v)?,
            Field::Consumed => self.consumed = whole(field, v, 0, u64::MAX.into())? as u64,
            Field::RestoreEpoch => self.restore_epoch = flag(field, v)?,
            Field::NumWorkers => {
                self.num_workers = whole(field, v, i64::MIN.into(), i64::MAX.into())? as i64
            }
            Field::Sharding => {
                self.sharding = crate::sampler::Sharding::from_name(v)
                    .ok_or_else(|| ParamError::new(field, Problem::NotSharding))?
            }
            Field::Weights => {
                self.weights = WeightsSpec::parse(v)
                    .ok_or_else(|| ParamError::new(field, Problem::NotWeights))?
            }
            Field::NumSamples => {
                self.num_samples = parse_num_samples(v)
                    .ok_or_else(|| ParamError::new(field, Problem::NotNumSamples))?
            }
            Field::Replacement => self.replacement = flag(field, v)?,
            Field::Generator => {
                self.generator = WeightedSeeding::from_name(v)
                    .ok_or_else(|| ParamError::new(field, Problem::NotGenerator))?
            }
            Field::EvenDivisible => self.even_divisible = flag(field, v)?,
            Field::NumSamplesPerRank => {
                self.num_samples_per_rank = match v {
                    "" | "none" | "None" => None,
                    _ => Some(whole(field, v, i64::MIN.into(), i64::MAX.into())? as i64),
                }
            }
        }
        Ok(())
    }

    /// The text of one field, as the URL and the controls show it.
    pub fn get(&self, field: Field) -> String {
        let bit = |b: bool| flag_text(b).to_string();
        match field {
            Field::N => self.n.to_string(),
            Field::NumReplicas => self.num_replicas.to_string(),
            Field::Rank => self.rank.to_string(),
            Field::Shuffle => bit(self.shuffle),
            Field::Seed => self.seed.to_string(),
            Field::DropLast => bit(self.drop_last),
            Field::Epoch => self.epoch.to_string(),
            Field::SetEpoch => bit(self.set_epoch),
            Field::BatchSize => self.batch_size.to_string(),
            Field::LoaderDropLast => bit(self.loader_drop_last),
            Field::LoaderShuffle => bit(self.loader_shuffle),
            Field::ManualSeed => self.manual_seed.to_string(),
            Field::Seeding => match self.seeding {
                Seeding::Alike => "alike".into(),
                Seeding::Unseeded => "unseeded".into(),
            },
            Field::OsSeed => self.os_seed.to_string(),
            Field::Stage => self.stage.number().to_string(),
            Field::SplitBatches => bit(self.split_batches),
            Field::EvenBatches => bit(self.even_batches),
            Field::UseSeedableSampler => bit(self.use_seedable_sampler),
            Field::DataSeed => self.data_seed.map_or("none".into(), |s| s.to_string()),
            Field::Inner => match self.inner {
                InnerSampler::Sequential => "sequential".into(),
                InnerSampler::Random => "random".into(),
            },
            Field::InnerSeed => self.inner_seed.to_string(),
            Field::Consumed => self.consumed.to_string(),
            Field::RestoreEpoch => bit(self.restore_epoch),
            Field::NumWorkers => self.num_workers.to_string(),
            Field::Sharding => self.sharding.name().into(),
            Field::Weights => self.weights.text(),
            Field::NumSamples => num_samples_text(self.num_samples),
            Field::Replacement => bit(self.replacement),
            Field::Generator => self.generator.name().into(),
            Field::EvenDivisible => bit(self.even_divisible),
            Field::NumSamplesPerRank => {
                self.num_samples_per_rank.map_or("none".into(), |k| k.to_string())
            }
        }
    }

    /// The value of a flag field (a checkbox on the page); `None` for every other field.
    pub fn flag(&self, field: Field) -> Option<bool> {
        Some(match field {
            Field::Shuffle => self.shuffle,
            Field::DropLast => self.drop_last,
            Field::SetEpoch => self.set_epoch,
            Field::LoaderDropLast => self.loader_drop_last,
            Field::LoaderShuffle => self.loader_shuffle,
            Field::SplitBatches => self.split_batches,
            Field::EvenBatches => self.even_batches,
            Field::UseSeedableSampler => self.use_seedable_sampler,
            Field::RestoreEpoch => self.restore_epoch,
            Field::Replacement => self.replacement,
            Field::EvenDivisible => self.even_divisible,
            _ => return None,
        })
    }

    /// Every field's value as the URL writes it, but the stage (which the picture keeps as the
    /// reader chose it): what loading these parameters into the page sets.
    pub fn values_but_stage(&self) -> Vec<(Field, String)> {
        Field::ALL.into_iter().filter(|&f| f != Field::Stage).map(|f| (f, self.get(f))).collect()
    }

    /// Every field as `name=value` joined by `&` (values need no escaping: digits, `-`, words);
    /// the ecosystem's options only where they differ from their defaults.
    pub fn to_query(&self) -> String {
        let defaults = Params::default();
        let pairs: Vec<String> = Field::ALL
            .iter()
            .filter(|&&f| !Field::ECOSYSTEM.contains(&f) || self.get(f) != defaults.get(f))
            .map(|&f| format!("{}={}", f.name(), self.get(f)))
            .collect();
        pairs.join("&")
    }

    /// Reads what [`Params::to_query`] writes (`name=value` joined by `&`, nothing escaped) over
    /// the defaults: how the story's part ([`crate::parts`]) is told the page's parameters.
    pub fn from_query(query: &str) -> Result<Params, Vec<ParamError>> {
        Params::from_pairs(
            query
                .split('&')
                .filter(|pair| !pair.is_empty())
                .map(|pair| pair.split_once('=').unwrap_or((pair, ""))),
        )
    }
}
