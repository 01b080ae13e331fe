//! `torch.utils.data.WeightedRandomSampler(weights, num_samples, replacement, generator=g)`,
//! and the two ways a script hands it to several GPUs: straight to every process's
//! `DataLoader` ([`NoWrapper`]: every GPU draws its own whole list), or inside Lightning's
//! `DistributedSamplerWrapper` ([`WeightedWrapper`]: each GPU keeps a stripe of *its own*
//! draws, which agree across GPUs only when their generators do).
//!
//! Each listing is one `torch.multinomial` call from the sampler's generator, which runs on:
//! epoch `e` is the `e`-th listing, never a fresh seed. The sampler itself holds no generator
//! (it stays a plain value); the methods take the generator's seed and the listing's number.

use std::fmt;

use super::lightning::wrap_listing;
use super::multinomial::{draws, multinomial};
use super::{Config, DistributedSampler, Generator, MAX_LEN, SamplerError};

/// A Python number given as an argument, kept as Python would print it.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy)]
pub enum Number {
    /// An `int`.
    Int(i128),
    /// A `float`: never a valid count, whatever its value.
    Float(f64),
}

impl PartialEq for Number {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Self::Int(a), Self::Int(b)) => a == b,
            (Self::Float(a), Self::Float(b)) => a.to_bits() == b.to_bits(),
            _ => false,
        }
    }
}

impl Eq for Number {}

macro_rules! int_number {
    ($($t:ty),*) => {$(
        impl From<$t> for Number {
            fn from(n: $t) -> Self {
                Self::Int(n as i128)
            }
        }
    )*};
}
int_number!(i32, i64, i128, u32, u64, usize);

impl From<f64> for Number {
    fn from(x: f64) -> Self {
        Self::Float(x)
    }
}

impl fmt::Display for Number {
    /// Python's `str()`: `2.5`, `3.0`, `1e+16`, `1e-05`, `inf`, `nan`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Int(n) => write!(f, "{n}"),
            Self::Float(x) if x.is_nan() => f.write_str("nan"),
            Self::Float(x) => {
                // Rust's shortest round-trip form switches to an exponent where Python's does
                // (below 1e-4, from 1e16); only the exponent is spelt differently.
                let text = format!("{x:?}");
                match text.split_once('e') {
                    None => f.write_str(&text),
                    Some((mantissa, exp)) => {
                        let (sign, digits) = exp.strip_prefix('-').map_or(("+", exp), |d| ("-", d));
                        write!(f, "{mantissa}e{sign}{digits:0>2}")
                    }
                }
            }
        }
    }
}

/// A tensor's shape, printed as Python prints the tuple: `(2, 1)`, `(3,)`, `()`.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape(pub Vec<usize>);

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.as_slice() {
            [one] => write!(f, "({one},)"),
            dims => {
                let dims: Vec<String> = dims.iter().map(usize::to_string).collect();
                write!(f, "({})", dims.join(", "))
            }
        }
    }
}

/// `torch.as_tensor(weights, dtype=torch.double)`: the values in order and the shape.
#[derive(Debug, Clone, PartialEq)]
pub struct Weights {
    /// Every value, row after row.
    pub values: Vec<f64>,
    /// The tensor's shape; a sequence of numbers is 1-d.
    pub shape: Shape,
}

impl From<Vec<f64>> for Weights {
    fn from(values: Vec<f64>) -> Self {
        let shape = Shape(vec![values.len()]);
        Self { values, shape }
    }
}

impl From<&[f64]> for Weights {
    fn from(values: &[f64]) -> Self {
        values.to_vec().into()
    }
}

/// A validated `WeightedRandomSampler(weights, num_samples, replacement)`.
#[derive(Debug, Clone, PartialEq)]
pub struct WeightedRandomSampler {
    weights: Vec<f64>,
    num_samples: usize,
    replacement: bool,
}

impl WeightedRandomSampler {
    /// The constructor's checks in its order (`num_samples`, then the weights' shape), then
    /// this tool's limit. The weights' values are checked by `torch.multinomial`, at listing.
    pub fn new(
        weights: impl Into<Weights>,
        num_samples: impl Into<Number>,
        replacement: bool,
    ) -> Result<Self, SamplerError> {
        let (weights, num_samples) = (weights.into(), num_samples.into());
        let count = match num_samples {
            Number::Int(n) if n > 0 => n,
            _ => return Err(SamplerError::WeightedNumSamples { num_samples }),
        };
        if weights.shape.0.len() != 1 {
            return Err(SamplerError::WeightsNot1d { shape: weights.shape });
        }
        if count > i128::from(MAX_LEN) {
            return Err(SamplerError::TooManyDraws { num_samples: count as u128 });
        }
        Ok(Self { weights: weights.values, num_samples: count as usize, replacement })
    }

    /// `sampler.weights`, one per sample of the dataset.
    pub fn weights(&self) -> &[f64] {
        &self.weights
    }

    /// `len(sampler)`: `num_samples`, the indices each listing yields.
    pub fn len(&self) -> usize {
        self.num_samples
    }

    /// Never true: `num_samples` is at least 1.
    pub fn is_empty(&self) -> bool {
        self.num_samples == 0
    }

    /// Whether an index may be drawn more than once per listing.
    pub fn replacement(&self) -> bool {
        self.replacement
    }

    /// `list(sampler)` with `generator=g`: one `torch.multinomial`, and `g` runs on.
    pub fn list(&self, g: &mut Generator) -> Result<Vec<u32>, SamplerError> {
        multinomial(&self.weights, self.num_samples as i64, self.replacement, g)
    }

    /// How many 64-bit draws one listing takes (one per weight without replacement or for a
    /// single sample, else one per sample), or why listing is refused.
    pub fn draws_per_listing(&self) -> Result<u64, SamplerError> {
        draws(&self.weights, self.num_samples as i64, self.replacement)
    }

    /// The listing number `index` (0 first) from `g.manual_seed(generator_seed)`: epoch
    /// `index` of a sampler listed once per epoch.
    pub fn listing(&self, generator_seed: i128, index: u64) -> Result<Vec<u32>, SamplerError> {
        self.loader_listing(generator_seed, index, Source::Own)
    }

    /// What the sampler lists in epoch `epoch` of `for epoch in ...: for batch in
    /// DataLoader(dataset, sampler=...)`, its generator seeded with `generator_seed` before
    /// the loop: with [`Source::Global`] each `iter(loader)` draws its `base_seed` from the
    /// same generator first.
    pub fn loader_listing(
        &self,
        generator_seed: i128,
        epoch: u64,
        source: Source,
    ) -> Result<Vec<u32>, SamplerError> {
        let mut g = Generator::manual_seed(generator_seed)?;
        let loader = source.loader_draws();
        let per_epoch = self.draws_per_listing()?.saturating_add(loader);
        for _ in 0..per_epoch.saturating_mul(epoch).saturating_add(loader) {
            g.random64();
        }
        self.list(&mut g)
    }

    /// `[list(sampler) for _ in range(count)]` from `g.manual_seed(generator_seed)`.
    pub fn listings(
        &self,
        generator_seed: i128,
        count: usize,
    ) -> Result<Vec<Vec<u32>>, SamplerError> {
        let mut g = Generator::manual_seed(generator_seed)?;
        (0..count).map(|_| self.list(&mut g)).collect()
    }
}

/// How the processes seed their samplers' draws.
///
/// A script that passes no generator and calls `torch.manual_seed(s)` in each process draws
/// exactly what `generator=g` with `g.manual_seed(s)` draws: the default CPU generator is the
/// same MT19937, and nothing else in these processes draws from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seeding {
    /// Every process seeds with `generator_seed`.
    Alike,
    /// Process `r` seeds with `generator_seed + r`.
    PerRank,
}

impl Seeding {
    /// The seed process `rank` gives its generator.
    pub fn seed(self, generator_seed: i128, rank: usize) -> i128 {
        match self {
            Self::Alike => generator_seed,
            Self::PerRank => generator_seed.saturating_add(rank as i128),
        }
    }
}

/// Which generator a sampler draws from in a training loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// `generator=g`: drawn from by the sampler alone.
    Own,
    /// No `generator`: the process's global one (`torch.manual_seed`), from which each
    /// `iter(DataLoader(...))` draws one `base_seed` (`random_()` on an int64) before the
    /// sampler lists.
    Global,
}

impl Source {
    /// The loader's draws from this generator at the start of each epoch.
    fn loader_draws(self) -> u64 {
        match self {
            Self::Own => 0,
            Self::Global => 1,
        }
    }
}

/// The sampler handed straight to each of `num_replicas` processes' `DataLoader`.
#[derive(Debug, Clone, PartialEq)]
pub struct NoWrapper {
    /// The sampler every process builds.
    pub sampler: WeightedRandomSampler,
    /// The seed of its generator (per [`Seeding`]).
    pub generator_seed: i128,
    /// How each process seeds.
    pub seeding: Seeding,
    /// How many processes.
    pub num_replicas: usize,
}

impl NoWrapper {
    /// Every process's whole list in epoch `epoch` (its listing number `epoch`).
    pub fn ranks(&self, epoch: u64) -> Result<Vec<Vec<u32>>, SamplerError> {
        self.loader_ranks(epoch, Source::Own)
    }

    /// Every process's list in epoch `epoch` of a `DataLoader` loop, drawn from `source`.
    pub fn loader_ranks(&self, epoch: u64, source: Source) -> Result<Vec<Vec<u32>>, SamplerError> {
        // Processes seeded alike draw alike: one listing, drawn once.
        let mut last: Option<(i128, Vec<u32>)> = None;
        (0..self.num_replicas)
            .map(|r| {
                let seed = self.seeding.seed(self.generator_seed, r);
                match &last {
                    Some((drawn, listing)) if *drawn == seed => Ok(listing.clone()),
                    _ => {
                        let listing = self.sampler.loader_listing(seed, epoch, source)?;
                        last = Some((seed, listing.clone()));
                        Ok(listing)
                    }
                }
            })
            .collect()
    }
}

/// Lightning's `DistributedSamplerWrapper(sampler, num_replicas, rank, shuffle, seed,
/// drop_last)` in every process, each with its own generator for the inner sampler.
#[derive(Debug, Clone, PartialEq)]
pub struct WeightedWrapper {
    /// The inner sampler every process builds.
    pub sampler: WeightedRandomSampler,
    /// The seed of its generator (per [`Seeding`]).
    pub generator_seed: i128,
    /// How each process seeds.
    pub seeding: Seeding,
    /// The wrapper's `DistributedSampler` arguments and the epoch set. `n` is not read: the
    /// wrapper's dataset is the inner sampler's list, `len(sampler)` long.
    pub config: Config,
}

impl WeightedWrapper {
    /// Every rank's indices in the configured epoch, `set_epoch(e)` before each epoch.
    pub fn ranks(&self) -> Result<Vec<Vec<u32>>, SamplerError> {
        self.ranks_after(self.config.epoch.max(0) as u64)
    }

    /// Every rank's indices when `listed` epochs were listed before this one: each process
    /// lists its inner sampler (its listing number `listed`) and keeps the positions the
    /// wrapper's `DistributedSampler` gives its rank.
    pub fn ranks_after(&self, listed: u64) -> Result<Vec<Vec<u32>>, SamplerError> {
        self.loader_ranks(listed, Source::Own)
    }

    /// [`WeightedWrapper::ranks_after`] in a `DataLoader` loop whose sampler draws from
    /// `source` (the wrapper's own shuffle has a generator of its own).
    pub fn loader_ranks(&self, listed: u64, source: Source) -> Result<Vec<Vec<u32>>, SamplerError> {
        let config = Config { n: self.sampler.len() as u64, ..self.config.clone() };
        // In Python's order: the generator's seed, then the wrapper's constructor.
        Generator::manual_seed(self.seeding.seed(self.generator_seed, 0))?;
        DistributedSampler::new(&config)?;
        let w = config.num_replicas as usize;
        // Processes seeded alike list alike: one listing, wrapped once, for all of them.
        let mut last: Option<(i128, Vec<Vec<u32>>)> = None;
        (0..w)
            .map(|r| {
                let seed = self.seeding.seed(self.generator_seed, r);
                let wrapped = match last.take() {
                    Some((drawn, wrapped)) if drawn == seed => wrapped,
                    _ => {
                        wrap_listing(&config, &self.sampler.loader_listing(seed, listed, source)?)?
                    }
                };
                let mine = wrapped[r].clone();
                last = Some((seed, wrapped));
                Ok(mine)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check_str(n: Number, want: &str) {
        assert_eq!(n.to_string(), want);
    }

    #[test]
    fn numbers_print_as_python_prints_them() {
        check_str(Number::Int(-1), "-1");
        check_str(Number::Float(2.5), "2.5");
        check_str(Number::Float(3.0), "3.0");
        check_str(Number::Float(1e16), "1e+16");
        check_str(Number::Float(1.5e-7), "1.5e-07");
        check_str(Number::Float(0.0001), "0.0001");
        check_str(Number::Float(-0.0), "-0.0");
        check_str(Number::Float(f64::INFINITY), "inf");
        check_str(Number::Float(f64::NAN), "nan");
    }

    #[test]
    fn shapes_print_as_python_tuples() {
        assert_eq!(Shape(vec![2, 1]).to_string(), "(2, 1)");
        assert_eq!(Shape(vec![3]).to_string(), "(3,)");
        assert_eq!(Shape(vec![]).to_string(), "()");
    }

    /// With no generator, each `iter(loader)` draws its `base_seed` from the same generator
    /// before the sampler lists (checked against torch 2.15.0 by `scripts/check-python`).
    #[test]
    fn a_global_generator_shares_each_epoch_with_the_loader() {
        let s = WeightedRandomSampler::new(vec![0.5, 1.0, 2.0, 4.0], 3, true).unwrap();
        let mut g = Generator::manual_seed(7).unwrap();
        let mut want = Vec::new();
        for _ in 0..3 {
            g.random_int64();
            want.push(s.list(&mut g).unwrap());
        }
        for (e, want) in want.iter().enumerate() {
            assert_eq!(&s.loader_listing(7, e as u64, Source::Global).unwrap(), want);
        }
        assert_eq!(s.loader_listing(7, 2, Source::Own), s.listing(7, 2));
    }

    #[test]
    fn listings_run_on_from_one_generator() {
        let s = WeightedRandomSampler::new(vec![0.5, 1.0, 2.0, 4.0], 3, false).unwrap();
        let all = s.listings(5, 3).unwrap();
        for (e, want) in all.iter().enumerate() {
            assert_eq!(&s.listing(5, e as u64).unwrap(), want);
        }
    }
}
