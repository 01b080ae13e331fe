//! The sampler core: PyTorch's data-sampling pipeline, bit for bit, in plain Rust.
//!
//! Nothing here knows about the browser or the page (a crate of its own, `sampler-core`, whose
//! only dependencies are its generators): the same code runs in native tests, the benchmark,
//! the conformance runner and, compiled to wasm, the page.
//!
//! | module | mirrors |
//! | --- | --- |
//! | [`generator`] | `torch.Generator` (CPU): `manual_seed`, `random()`, `random64()` |
//! | [`randperm`](mod@randperm) | `torch.randperm(n, generator=g)` |
//! | [`runs_on`] | a generator that runs on across epochs, stepped from epoch to epoch |
//! | [`distributed`] | `torch.utils.data.DistributedSampler` |
//! | [`random`] | `DataLoader(shuffle=True)` without a sampler (`RandomSampler`) |
//! | [`batch`] | `torch.utils.data.BatchSampler` |
//! | [`loader`] | `DataLoader`'s argument checks |
//! | [`accelerate`] | Accelerate's `prepare_data_loader` and `BatchSamplerShard` |
//! | [`lightning`] | Lightning's `DistributedSamplerWrapper`, `UnrepeatedDistributedSampler` |
//! | [`multinomial`](mod@multinomial) | `torch.multinomial(weights, n, replacement, generator=g)` |
//! | [`weighted`] | `WeightedRandomSampler`, alone in each process or in Lightning's wrapper |
//! | [`monai`] | MONAI's `DistributedWeightedRandomSampler` |
//! | [`torchdata`] | torchdata's `StatefulDistributedSampler` saved and resumed |
//! | [`workers`] | `DataLoader(num_workers=k)`: the worker of each batch, iterable streams |
//! | [`per_rank`] | processes that each build their own sampler (a seed per rank) |
//! | [`error`] | PyTorch's exceptions, as values |

pub mod accelerate;
pub mod batch;
pub mod distributed;
pub mod error;
pub mod generator;
pub mod lightning;
pub mod loader;
pub mod monai;
pub mod multinomial;
pub mod per_rank;
pub mod random;
pub mod randperm;
pub mod runs_on;
pub mod torchdata;
pub mod weighted;
pub mod workers;

pub use accelerate::{AccelerateConfig, Prepared};
pub use batch::BatchSampler;
pub use distributed::{Config, DistributedSampler, Epoch, EpochReceiver, EpochTask};
pub use error::SamplerError;
pub use generator::{Generator, SEED_MAX, SEED_MIN, unpack_seed};
pub use lightning::{Inner, Unrepeated, Wrapper, wrap_listing};
pub use loader::LoaderConfig;
pub use monai::DistributedWeightedRandomSampler;
pub use multinomial::multinomial;
pub use random::{NoSampler, unseeded_process_seeds};
pub use randperm::{Randperm, randperm, randperm_prefix, randperm_skip};
pub use runs_on::RunsOn;
pub use torchdata::{Resume, Resumed};
pub use weighted::{
    NoWrapper, Number, Seeding, Shape, Source, WeightedRandomSampler, WeightedWrapper, Weights,
};
pub use workers::{IterableLoader, Sharding};

/// The most samples this tool draws: `len(dataset)` up to 2^24 = 16,777,216, and a padded list
/// up to twice that. PyTorch goes further; a browser tab holding every rank's indices does not.
pub const MAX_LEN: u32 = 1 << 24;
/// The longest padded list this tool holds: `total_size` may reach twice [`MAX_LEN`].
pub const MAX_TOTAL_SIZE: u64 = 2 * MAX_LEN as u64;
