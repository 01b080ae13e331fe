//! The weighted samplers' arguments as the URL spells them: `weights=` (a preset, or a short
//! list repeated over the dataset), `num_samples=`, `num_samples_per_rank=` and
//! `generator=` (how each process seeds the sampler's draws), with the classes a preset
//! balances and the Python that builds the same weights.

use crate::sampler::{Number, Seeding, Source};

/// The most values a `weights=` list holds.
pub const MAX_LISTED: usize = 256;

/// The weights every sample gets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WeightsSpec {
    /// Two classes, 90 % and 10 % (class 1 is the last tenth, at least one sample), each sample
    /// weighted 1 / the size of its class, the usual way to balance them.
    Imbalanced,
    /// Every sample 1.0.
    Uniform,
    /// Sample `i` weighs `list[i % len(list)]`.
    List(Listed),
}

/// A list of weights, compared by their bits (every NaN is read as the one NaN).
#[derive(Debug, Clone)]
pub struct Listed(Vec<f64>);

impl PartialEq for Listed {
    fn eq(&self, other: &Self) -> bool {
        let bits = |l: &Listed| l.0.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        bits(self) == bits(other)
    }
}

impl Eq for Listed {}

impl WeightsSpec {
    /// `imbalanced`, `uniform`, or up to [`MAX_LISTED`] numbers separated by commas (Python's
    /// `inf` and `nan` included: the library judges them).
    pub fn parse(text: &str) -> Option<WeightsSpec> {
        match text.trim() {
            "imbalanced" => return Some(WeightsSpec::Imbalanced),
            "uniform" => return Some(WeightsSpec::Uniform),
            _ => {}
        }
        let values: Option<Vec<f64>> = text
            .split(',')
            .map(|v| v.trim().parse::<f64>().ok().map(|x| if x.is_nan() { f64::NAN } else { x }))
            .collect();
        let values = values.filter(|v| !v.is_empty() && v.len() <= MAX_LISTED)?;
        Some(WeightsSpec::List(Listed(values)))
    }

    /// Sample `i` weighing `values[i % values.len()]` (at most [`MAX_LISTED`] values, as
    /// [`WeightsSpec::parse`] reads them).
    pub fn listed(values: Vec<f64>) -> WeightsSpec {
        WeightsSpec::List(Listed(values))
    }

    /// The URL's spelling, which [`WeightsSpec::parse`] reads back.
    pub fn text(&self) -> String {
        match self {
            WeightsSpec::Imbalanced => "imbalanced".into(),
            WeightsSpec::Uniform => "uniform".into(),
            WeightsSpec::List(Listed(values)) => {
                values.iter().map(|x| format!("{x:?}")).collect::<Vec<_>>().join(",")
            }
        }
    }

    /// Every sample's weight, for a dataset of `n` samples.
    pub fn values(&self, n: usize) -> Vec<f64> {
        match self {
            WeightsSpec::Imbalanced => {
                let classes = Classes::of_imbalanced(n as u64);
                let [a, b] = classes.sizes().map(|s| 1.0 / s as f64);
                (0..n as u32).map(|i| if classes.of(i) == 0 { a } else { b }).collect()
            }
            WeightsSpec::Uniform => vec![1.0; n],
            WeightsSpec::List(Listed(values)) => (0..n).map(|i| values[i % values.len()]).collect(),
        }
    }

    /// The classes these weights balance, when they are a preset that has classes.
    pub fn classes(&self, n: u64) -> Option<Classes> {
        (*self == WeightsSpec::Imbalanced).then(|| Classes::of_imbalanced(n))
    }

    /// The Python lines that define `weights` (and `labels`) for `n` samples, with
    /// `comment` after the weights' line.
    pub fn python(&self, n: u64, comment: &str) -> String {
        match self {
            WeightsSpec::Imbalanced => {
                let [a, b] = Classes::of_imbalanced(n).sizes();
                format!(
                    "labels = [0] * {a} + [1] * {b}  # 90 % / 10 %\ncounts = [labels.count(c) for c in (0, 1)]\nweights = [1.0 / counts[c] for c in labels]  # {comment}\n"
                )
            }
            WeightsSpec::Uniform => format!("weights = [1.0] * {n}  # {comment}\n"),
            WeightsSpec::List(Listed(values)) => {
                let list: Vec<String> = values.iter().map(|&x| python_float(x)).collect();
                let list = list.join(", ");
                if values.len() as u64 == n {
                    format!("weights = [{list}]  # {comment}\n")
                } else {
                    format!(
                        "pattern = [{list}]\nweights = [pattern[i % len(pattern)] for i in range({n})]  # {comment}\n"
                    )
                }
            }
        }
    }
}

/// A double as Python writes it in code: `0.5`, `1e-05`, `float('inf')`.
fn python_float(x: f64) -> String {
    match x {
        _ if x.is_nan() => "float('nan')".into(),
        f64::INFINITY => "float('inf')".into(),
        f64::NEG_INFINITY => "float('-inf')".into(),
        _ => Number::Float(x).to_string(),
    }
}

/// Two classes of `n` samples: class 1 is the last `minority`, class 0 the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Classes {
    /// `len(dataset)`.
    pub n: u64,
    /// How many samples are in class 1.
    pub minority: u64,
}

impl Classes {
    /// The `imbalanced` preset's classes: a tenth of the samples (at least one) in class 1.
    pub fn of_imbalanced(n: u64) -> Classes {
        Classes { n, minority: (n / 10).max(1).min(n) }
    }

    /// The class of sample `index`.
    pub fn of(&self, index: u32) -> u8 {
        u8::from(u64::from(index) >= self.n - self.minority)
    }

    /// How many samples each class holds.
    pub fn sizes(&self) -> [u64; 2] {
        [self.n - self.minority, self.minority]
    }
}

/// `generator=`: how each process seeds its weighted sampler's draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WeightedSeeding {
    /// `g.manual_seed(inner_seed)` in every process, passed as `generator=g`.
    Alike,
    /// `g.manual_seed(inner_seed + rank)`.
    PerRank,
    /// No generator: `torch.manual_seed(inner_seed)` in every process.
    GlobalAlike,
    /// No generator: `torch.manual_seed(inner_seed + rank)`.
    GlobalPerRank,
}

impl WeightedSeeding {
    /// Every value, in the order the page lists them.
    pub const ALL: [WeightedSeeding; 4] = [
        WeightedSeeding::Alike,
        WeightedSeeding::PerRank,
        WeightedSeeding::GlobalAlike,
        WeightedSeeding::GlobalPerRank,
    ];

    /// The name in the URL.
    pub fn name(self) -> &'static str {
        match self {
            WeightedSeeding::Alike => "alike",
            WeightedSeeding::PerRank => "per_rank",
            WeightedSeeding::GlobalAlike => "global_alike",
            WeightedSeeding::GlobalPerRank => "global_per_rank",
        }
    }

    /// The value called `name`.
    pub fn from_name(name: &str) -> Option<WeightedSeeding> {
        WeightedSeeding::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The seed each process uses, as the core takes it.
    pub fn seeding(self) -> Seeding {
        match self {
            WeightedSeeding::Alike | WeightedSeeding::GlobalAlike => Seeding::Alike,
            WeightedSeeding::PerRank | WeightedSeeding::GlobalPerRank => Seeding::PerRank,
        }
    }

    /// Which generator the draws come from.
    pub fn source(self) -> Source {
        match self {
            WeightedSeeding::Alike | WeightedSeeding::PerRank => Source::Own,
            WeightedSeeding::GlobalAlike | WeightedSeeding::GlobalPerRank => Source::Global,
        }
    }
}

/// `num_samples=`: `len` (the library's usual `len(weights)`) or a Python number.
pub fn parse_num_samples(text: &str) -> Option<Option<Number>> {
    let text = text.trim();
    if text == "len" || text.is_empty() {
        return Some(None);
    }
    if let Ok(n) = text.parse::<i128>() {
        return Some(Some(Number::Int(n)));
    }
    // A float is never a valid count, but Python takes it and the sampler refuses it.
    let x = text.parse::<f64>().ok()?;
    Some(Some(Number::Float(if x.is_nan() { f64::NAN } else { x })))
}

/// `num_samples` as the Python passes it: `len(weights)` for `len`.
pub fn num_samples_python(value: Option<Number>) -> String {
    match value {
        None => "len(weights)".into(),
        Some(Number::Float(x)) => python_float(x),
        Some(n) => n.to_string(),
    }
}

/// The URL's spelling of a `num_samples` value.
pub fn num_samples_text(value: Option<Number>) -> String {
    value.map_or("len".into(), |n| n.to_string())
}
