//! The seam every sampling set-up plugs into: a [`Scheme`] is one way of handing a dataset's
//! indices to GPUs. For a configuration and an epoch it yields a [`Deal`]: every rank's
//! samples in the order they are processed, how each position came to be, and what no GPU
//! processes; plus its lengths and its Python. Everything above (the comparison, its verdicts
//! and facts) is generic over schemes.
//!
//! Adding a scheme is one file here and one line in [`SCHEMES`] (plus its texts in
//! `i18n::schemes`); `tests/schemes.rs` fails for a registered scheme without golden parity
//! cases, texts in both languages or a Python panel.

mod accelerate;
pub mod coverage;
mod deal;
mod distributed;
pub mod draws;
pub mod history;
mod iterable;
mod lightning_unrepeated;
mod lightning_wrapper;
mod monai_weighted;
mod no_sampler;
mod python;
pub mod remote;
mod seed_per_rank;
pub mod stages;
mod torchdata_resume;
pub mod uneven;
pub mod verdict;
mod weighted_no_wrapper;
mod weighted_wrapper;

pub use accelerate::Accelerate;
pub use deal::{Deal, Lane, Origin, Tile, again_in_lane, first_copies};
pub use distributed::Distributed;
pub use iterable::Iterable;
pub use lightning_unrepeated::LightningUnrepeated;
pub use lightning_wrapper::LightningWrapper;
pub use monai_weighted::MonaiWeighted;
pub use no_sampler::NoSamplerScheme;
pub use seed_per_rank::SeedPerRank;
pub use torchdata_resume::TorchdataResume;
pub use verdict::Verdict;
pub use weighted_no_wrapper::WeightedNoWrapper;
pub use weighted_wrapper::WeightedWrapper;

use std::sync::Arc;

use super::picture::refused;
use super::{ParamError, Params};
use crate::i18n::Lang;
use crate::i18n::schemes::SchemeText;
use crate::sampler::Epoch;
use crate::sampler::workers::check_num_workers;

/// The most indices a scheme whose ranks draw lists of their own holds at once
/// (`len(dataset)` × `num_replicas`): ImageNet-1k on 8 fits, the size cap on 64 does not.
pub const PER_RANK_LIMIT: u64 = 1 << 24;

/// Refuses, against `field`, a scheme whose ranks would each draw a list of their own beyond
/// [`PER_RANK_LIMIT`] indices in all.
fn per_rank_lists_fit(params: &Params, field: super::Field) -> Result<(), Vec<ParamError>> {
    let indices = params.n.saturating_mul(params.num_replicas.max(0) as u64);
    if indices > PER_RANK_LIMIT {
        let problem = super::Problem::TooManyIndices { max: PER_RANK_LIMIT };
        return Err(vec![ParamError::new(field, problem)]);
    }
    Ok(())
}

/// The most random draws a scheme whose generator runs on across epochs makes to reach the
/// epoch shown (every epoch before it is drawn again).
pub const DRAW_LIMIT: u64 = 1 << 25;

/// Refuses, against `epoch`, an epoch that `permutations_per_epoch` permutations of `n` a
/// past epoch would take beyond [`DRAW_LIMIT`] to reach.
fn past_epochs_fit(params: &Params, permutations_per_epoch: u64) -> Result<(), Vec<ParamError>> {
    let per_epoch = params.n.max(1).saturating_mul(permutations_per_epoch);
    let max = DRAW_LIMIT / per_epoch;
    if params.epoch > max {
        let problem = super::Problem::EpochTooFar { max };
        return Err(vec![ParamError::new(super::Field::Epoch, problem)]);
    }
    Ok(())
}

/// Tiles listed per lane at most; a count says how many more there are.
pub const LANE_CAP: usize = 64;

/// A stage a scheme's samples go through, in order (what the pipeline animates).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Step {
    /// `0 .. n-1`, as the dataset numbers them.
    Indices,
    /// One permutation shared by every rank.
    Shuffle,
    /// Each rank draws its own permutation.
    ShufflePerRank,
    /// Padded by wrap-around, or trimmed with `drop_last`.
    PadOrTrim,
    /// `indices[rank::num_replicas]`.
    Stripe,
    /// Cut into batches by the `DataLoader`.
    Batch,
    /// The user's own sampler listed afresh (Lightning's wrapper).
    InnerOrder,
    /// Whole batches dealt to the processes in turn (Accelerate).
    DealBatches,
    /// Every batch cut into one slice per process (Accelerate's `split_batches`).
    SplitBatches,
    /// The last round completed from the start of the epoch (Accelerate's `even_batches`).
    CompleteRound,
    /// A new process resumes from a saved state (torchdata).
    Resume,
    /// An iterable dataset copied into every worker of every rank.
    Workers,
    /// Each GPU's batches grouped by the worker that loads them.
    ByWorker,
    /// Each GPU draws its own list by weight (`torch.multinomial`).
    Draw,
    /// Each GPU draws by weight within its own slice (MONAI).
    DrawInSlice,
}

/// Work a scheme may share with the page's main picture instead of doing it twice: the
/// `DistributedSampler` epoch for the current parameters, when the picture already drew it.
#[derive(Debug, Clone, Default)]
pub struct Shared {
    /// The epoch of `DistributedSampler(seed=seed)` for these parameters.
    pub epoch: Option<Arc<Epoch>>,
}

/// One way of handing a dataset's indices to GPUs.
pub trait Scheme: Sync {
    /// The name in the registry and in `compare=`.
    fn name(&self) -> &'static str;
    /// Its title on the page.
    fn title(&self) -> SchemeText;
    /// One sentence on how it hands out the data.
    fn summary(&self) -> SchemeText;
    /// The stages its samples go through with these parameters.
    fn steps(&self, params: &Params) -> &'static [Step];
    /// What every rank processes in `params.epoch`, listing up to `cap` samples per lane, or
    /// the errors the library raises (each scheme's own work; [`Scheme::deal_up_to`] adds the
    /// loader's workers).
    fn lanes_up_to(
        &self,
        params: &Params,
        shared: &Shared,
        cap: usize,
    ) -> Result<Deal, Vec<ParamError>>;
    /// Whether its loader hands whole batches of a map-style dataset to `num_workers` worker
    /// processes in turn (batch `b` to worker `b % num_workers`): every scheme but an
    /// `IterableDataset`'s, which has no sampler either.
    fn map_style_workers(&self) -> bool {
        true
    }
    /// Whether, after `torch.manual_seed(manual_seed)`, each epoch's `iter(loader)` is the only
    /// draw from the process's global generator (so its `base_seed` is known): not when a
    /// `RandomSampler` draws there too.
    fn only_base_seed_draws(&self, params: &Params) -> bool {
        let _ = params;
        false
    }
    /// [`Scheme::lanes_up_to`], with the worker that loads each batch when the loader has
    /// workers (and PyTorch's refusal of a negative `num_workers`).
    fn deal_up_to(
        &self,
        params: &Params,
        shared: &Shared,
        cap: usize,
    ) -> Result<Deal, Vec<ParamError>> {
        let num_workers = check_num_workers(params.num_workers).map_err(refused)?;
        let mut deal = self.lanes_up_to(params, shared, cap)?;
        if num_workers > 0 && self.map_style_workers() {
            deal.assign_workers(num_workers);
        }
        if num_workers > 0 && self.only_base_seed_draws(params) {
            // One draw per epoch since `torch.manual_seed`: epoch e's is the (e + 1)-th.
            let epochs = usize::try_from(params.epoch).unwrap_or(usize::MAX).saturating_add(1);
            let seeds = crate::sampler::workers::base_seeds(params.manual_seed, epochs);
            deal.base_seed = seeds
                .map_err(|e| vec![ParamError::from_sampler(super::Field::ManualSeed, &e)])?
                .pop();
        }
        Ok(deal)
    }
    /// [`Scheme::deal_up_to`] with the lanes the page draws ([`LANE_CAP`]).
    fn deal(&self, params: &Params, shared: &Shared) -> Result<Deal, Vec<ParamError>> {
        self.deal_up_to(params, shared, LANE_CAP)
    }
    /// Whether every epoch deals what epoch 0 dealt, by the way the scheme is built (not by
    /// chance): without shuffling, or without `set_epoch` for a sampler.
    fn repeats_by_design(&self, params: &Params) -> bool;
    /// The Python that prints what [`Scheme::deal`] gives, with these parameters.
    fn python(&self, params: &Params, lang: Lang) -> String;
    /// What its indices look like after each of its stages, for these parameters; empty for a
    /// scheme with no stages of its own, whose lists and batches [`stages::of`] reads off its
    /// deal.
    fn stages(&self, params: &Params) -> Result<Vec<stages::StageView>, Vec<ParamError>> {
        let _ = params;
        Ok(Vec::new())
    }
    /// About how many random draws (or list positions) one epoch's deal takes: what the epoch
    /// history weighs against its budget. Every rank's list by default.
    fn draws_per_epoch(&self, params: &Params) -> u64 {
        every_rank_list(params)
    }
    /// Whether "epochs until every GPU has seen every sample" means something for it: not for
    /// a scheme that stages a one-off event (a resume) in every epoch.
    fn covers_epochs(&self) -> bool {
        true
    }
    /// Whether the page's stage-by-stage picture ([`crate::model::picture`]: one permutation
    /// seeded `seed + epoch`, padded or trimmed, striped to ranks, batched) is what this
    /// scheme does, so the pipeline can play it stage by stage and the walk-through explain it.
    fn pictured(&self) -> bool {
        false
    }
    /// How `epoch`'s order is seeded, for a scheme that draws one permutation a generator
    /// seeded from the epoch its sampler is told (the epoch timeline writes the call): `None`
    /// otherwise.
    fn epoch_seed(&self, params: &Params, epoch: u64) -> Option<EpochSeed> {
        let _ = (params, epoch);
        None
    }
    /// Its own options beyond the comparison's bar, named as its library names them (the
    /// panel shows a control for each).
    fn options(&self) -> &'static [super::Field] {
        &[]
    }
}

/// Positions in every rank's list of a whole epoch: [`Scheme::draws_per_epoch`]'s default.
fn every_rank_list(params: &Params) -> u64 {
    params.n.saturating_mul(params.num_replicas.max(1) as u64)
}

/// How one epoch's permutation is seeded ([`Scheme::epoch_seed`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum EpochSeed {
    /// `g.manual_seed(seed + told)`, `told` being the epoch given to `set_epoch` (0 without it).
    Seeded {
        /// The epoch the sampler was told.
        told: u64,
        /// `seed + told`.
        seed: i128,
    },
    /// `g.manual_seed(told)`: the epoch alone, whatever `seed` says.
    EpochOnly {
        /// The epoch the sampler was told.
        told: u64,
    },
    /// `shuffle=False`: `0 … n-1` in every epoch.
    Unshuffled,
}

impl EpochSeed {
    /// Whether the seed is `seed + told` (what the texts that say "seed + 0" describe).
    pub fn adds_seed(scheme: &dyn Scheme, params: &Params) -> bool {
        !matches!(scheme.epoch_seed(params, 0), Some(EpochSeed::EpochOnly { .. }))
    }
}

/// A scheme that the page's own wasm deals through the story's part ([`remote::Remote`]), so
/// that its first load carries none of its code; everything else (tests, the JS API, the
/// parts) deals it directly.
macro_rules! on_demand {
    ($scheme:expr) => {{
        #[cfg(feature = "on-demand")]
        let scheme: &dyn Scheme = &remote::Remote($scheme);
        #[cfg(not(feature = "on-demand"))]
        let scheme: &dyn Scheme = &$scheme;
        scheme
    }};
}

/// Every scheme the page can compare, in the pickers' order: the two compared by default, then
/// those dealt on demand.
pub static SCHEMES: &[&dyn Scheme] = &[
    &Distributed,
    &NoSamplerScheme,
    on_demand!(SeedPerRank),
    on_demand!(Accelerate),
    on_demand!(LightningWrapper),
    on_demand!(LightningUnrepeated),
    on_demand!(TorchdataResume),
    on_demand!(Iterable),
    on_demand!(WeightedNoWrapper),
    on_demand!(WeightedWrapper),
    on_demand!(MonaiWeighted),
];

/// The registered scheme called `name`.
pub fn by_name(name: &str) -> Option<&'static dyn Scheme> {
    SCHEMES.iter().copied().find(|s| s.name() == name)
}

/// The schemes compared when the URL names none.
pub const DEFAULT_COMPARE: [&str; 2] = ["distributed", "no_sampler"];

/// At most this many schemes side by side (three fit a wide screen).
pub const MAX_COMPARED: usize = 3;

/// `compare=a,b[,c]`: two or three registered names, or what is wrong with the list.
pub fn parse_compare(value: &str) -> Result<Vec<&'static dyn Scheme>, CompareError> {
    let names: Vec<&str> = value.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
    let schemes = names
        .iter()
        .map(|name| by_name(name).ok_or_else(|| CompareError::Unknown { name: name.to_string() }))
        .collect::<Result<Vec<_>, _>>()?;
    if !(2..=MAX_COMPARED).contains(&schemes.len()) {
        return Err(CompareError::Count { got: schemes.len() });
    }
    Ok(schemes)
}

/// The `compare=` value for a list of schemes.
pub fn compare_value(schemes: &[&'static dyn Scheme]) -> String {
    schemes.iter().map(|s| s.name()).collect::<Vec<_>>().join(",")
}

/// What is wrong with a `compare=` value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CompareError {
    /// Fewer than two or more than [`MAX_COMPARED`] names.
    Count { got: usize },
    /// A name no scheme has.
    Unknown { name: String },
}

/// A sample's hue in degrees: the golden angle apart from its neighbours, so that nearby
/// indices look different and each sample keeps its look in every lane, scheme and epoch.
pub fn hue(index: u32) -> u32 {
    ((u64::from(index) * 137_508 / 1000) % 360) as u32
}

/// What a scheme's [`Scheme::python`] prints for `deal`: `GPU r: [i, j, …]` per rank (or the
/// exception it raised, as `type: message`), or `None` when a lane holds more than
/// [`LANE_CAP`] samples (the deal lists only those).
pub fn expected_output(deal: &Deal) -> Option<String> {
    let mut out = String::new();
    for (rank, lane) in deal.lanes.iter().enumerate() {
        if let Some((_, error)) = &lane.raised {
            let exception = error.exception().unwrap_or("Exception");
            out.push_str(&format!("GPU {rank}: {exception}: {error}\n"));
            continue;
        }
        if lane.len > lane.tiles.len() {
            return None;
        }
        let indices: Vec<String> = lane.tiles.iter().map(|t| t.index.to_string()).collect();
        out.push_str(&format!("GPU {rank}: [{}]\n", indices.join(", ")));
    }
    Some(out)
}
