//! The sampler core as an ES module for other people's pages (`js/sampler_viz.js`, built by
//! `scripts/build-js-api`; see `docs/js-api.md`): every rank's indices of a
//! `DistributedSampler`, its `DataLoader` batches, `torch.randperm`, and the batches of a
//! `DataLoader` without a sampler.
//!
//! Only the core is reached from here, so the module carries none of the page. Arguments are
//! PyTorch's, camelCased, with PyTorch's defaults; what PyTorch refuses is thrown with
//! PyTorch's message (see [`error`]), and no argument can reach a panic (see [`args`]).

mod args;
mod error;
mod schemes;

pub use schemes::{scheme_deal, schemes};

use wasm_bindgen::prelude::*;
use web_sys::js_sys::{Array, Uint32Array};

use crate::model::query::MAX_REPLICAS;
use crate::sampler::{
    BatchSampler, Config, DistributedSampler, Epoch, Generator, LoaderConfig, MAX_LEN, NoSampler,
    unpack_seed,
};
use args::Options;
use error::{out_of_range, raised};

/// The most batches one call returns: each is a JavaScript object, and millions of them
/// would exhaust the tab long before the indices do.
const MAX_BATCHES: u64 = 1 << 20;

pub(crate) const LIMIT_RULE: &str = "PyTorch would accept this, but this module takes n up to 2^24 and \
     returns at most 64 ranks per call (rankIndices takes one rank of any numReplicas), 2^20 \
     batches and 2^25 indices.";

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/**
 * A Python integer: a BigInt (`42n`), a decimal string (`"18446744073709551615"`) or a
 * safe-integer number. Seeds span -2^63 ..= 2^64 - 1, beyond JavaScript's safe integers.
 */
export type PyInt = bigint | string | number;

/** `DistributedSampler(dataset, num_replicas, rank, shuffle, seed, drop_last)` then `set_epoch(epoch)`. */
export interface DistributedOptions {
  /** `len(dataset)`, 0 ..= 2^24. */
  n: number;
  /** `num_replicas`: how many processes (GPUs) share the dataset. */
  numReplicas: number;
  /** Shuffle with a generator seeded by `seed + epoch`. Default `true`. */
  shuffle?: boolean;
  /** The seed every process shares. Default `0`. */
  seed?: PyInt;
  /** The sampler's `drop_last`: trim the tail instead of padding by wrap-around. Default `false`. */
  dropLast?: boolean;
  /** The value given to `sampler.set_epoch`. Default `0`. */
  epoch?: PyInt;
}

/** A `DistributedSampler` seen from one process: `rank` is `0 ..= numReplicas - 1`. */
export interface RankOptions extends DistributedOptions {
  /** This process's `rank`. */
  rank: number;
}

/** The sampler, then `DataLoader(dataset, batch_size, sampler=sampler, drop_last=loaderDropLast)`. */
export interface DistributedLoaderOptions extends DistributedOptions {
  /** `batch_size`. Default `1`. */
  batchSize?: number;
  /** The `DataLoader`'s `drop_last`: drop a short last batch. Default `false`. */
  loaderDropLast?: boolean;
  /** The `DataLoader`'s own `shuffle`, which PyTorch refuses beside a sampler. Default `false`. */
  loaderShuffle?: boolean;
}

/** `torch.manual_seed(manualSeed)` then `DataLoader(dataset, batch_size, shuffle, drop_last)`, iterated `epochs` times. */
export interface NoSamplerOptions {
  /** `len(dataset)`, 0 ..= 2^24. */
  n: number;
  /** The seed given to `torch.manual_seed` in this process. */
  manualSeed: PyInt;
  /** `shuffle`: a `RandomSampler` drawn from the process's generator. Default `false`. */
  shuffle?: boolean;
  /** `batch_size`. Default `1`. */
  batchSize?: number;
  /** The `DataLoader`'s `drop_last`. Default `false`. */
  dropLast?: boolean;
  /** How many epochs (`for batch in loader` loops). Default `1`. */
  epochs?: number;
}

/**
 * What every function throws. What PyTorch (or Accelerate, Lightning) refuses is an `Error`
 * whose `name` and `pythonException` are the Python exception's (`"ValueError"`, or
 * `"AssertionError"` for Lightning's bare `assert`) and whose `message` is the library's,
 * letter for letter. Arguments JavaScript got wrong throw a `TypeError` (wrong kind, a
 * fraction, an unknown option) or a `RangeError` (negative count, unsafe number, beyond this
 * module's limits), and a call before `init()` a plain `Error` naming `init`, all with
 * `pythonException` `null`.
 */
export interface SamplerVizError extends Error {
  /** The Python exception the library raises, or `null` where it would not raise. */
  pythonException: "ValueError" | "AssertionError" | null;
  /** The rule behind the error, in a sentence. */
  rule: string;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// An options object typed by [`TYPES`].
    #[wasm_bindgen(typescript_type = "DistributedOptions")]
    pub type DistributedOptions;
    /// An options object typed by [`TYPES`].
    #[wasm_bindgen(typescript_type = "RankOptions")]
    pub type RankOptions;
    /// An options object typed by [`TYPES`].
    #[wasm_bindgen(typescript_type = "DistributedLoaderOptions")]
    pub type DistributedLoaderOptions;
    /// An options object typed by [`TYPES`].
    #[wasm_bindgen(typescript_type = "NoSamplerOptions")]
    pub type NoSamplerOptions;
}

const SAMPLER_KEYS: [&str; 6] = ["n", "numReplicas", "shuffle", "seed", "dropLast", "epoch"];

/// `torch.randperm(n, generator=g)` after `g.manual_seed(seed)`.
///
/// @throws {SamplerVizError} `ValueError: Overflow when unpacking long long` for a seed
/// outside -2^63 ..= 2^64 - 1; `RangeError` for `n` above 2^24.
#[wasm_bindgen]
pub fn randperm(
    #[wasm_bindgen(unchecked_param_type = "number", param_description = "`n`, 0 ..= 2^24")]
    n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "PyInt", param_description = "the generator's seed")]
    seed: JsValue,
) -> Result<Vec<u32>, JsValue> {
    let n = args::count(&n, "randperm: n", args::N_RULE)?;
    let mut generator =
        Generator::manual_seed(args::seed(&seed, "randperm: seed")?).map_err(raised)?;
    if n > u64::from(MAX_LEN) {
        let message = format!("randperm: n = {n} is over this module's limit of {MAX_LEN}");
        return Err(out_of_range(&message, LIMIT_RULE));
    }
    Ok(crate::sampler::randperm(n as u32, &mut generator))
}

/// `list(sampler)` for every rank `0 ..= numReplicas - 1`, all from one permutation: what
/// each GPU gets this epoch. At most 64 ranks per call.
///
/// @throws {SamplerVizError} PyTorch's `ValueError`s (`numReplicas` below 1, a
/// `seed + epoch` outside -2^63 ..= 2^64 - 1).
#[wasm_bindgen(js_name = distributedIndices, unchecked_return_type = "Uint32Array[]")]
pub fn distributed_indices(options: &DistributedOptions) -> Result<Array, JsValue> {
    let options = Options::new(options, "distributedIndices", &SAMPLER_KEYS)?;
    let (config, sampler) = sampler(&options, 0)?;
    let epoch = every_rank(&config, &sampler)?;
    Ok((0..epoch.num_replicas()).map(|r| copy(&epoch.rank(r).collect::<Vec<_>>())).collect())
}

/// `list(DistributedSampler(dataset, numReplicas, rank, ...))`: one process's indices, for
/// any `numReplicas` up to 2^53 - 1.
///
/// @throws {SamplerVizError} `ValueError: Invalid rank 2, rank should be in the interval
/// [0, 1]` and PyTorch's other `ValueError`s.
#[wasm_bindgen(js_name = rankIndices)]
pub fn rank_indices(options: &RankOptions) -> Result<Vec<u32>, JsValue> {
    let keys = [&SAMPLER_KEYS[..], &["rank"]].concat();
    let options = Options::new(options, "rankIndices", &keys)?;
    let config = config(&options, options.int("rank", None)?)?;
    let Config { n, num_replicas, rank, drop_last, .. } = config;
    // A world wider than the dataset gives each rank at most one index: position `rank` of
    // the list padded by wrap-around, `order[rank % n]`, which is rank `rank % n` of a world
    // of `n`; with `drop_last` (or no samples) none. Read that way, the padded list (up to
    // 2^53 indices long) is never built, whatever `numReplicas` is. PyTorch's checks (the
    // rank, then this tool's limit on `n`) still judge the world as given.
    if num_replicas <= n as i64 || !(0..num_replicas).contains(&rank) || n > u64::from(MAX_LEN) {
        return DistributedSampler::new(&config).and_then(|s| s.indices()).map_err(raised);
    }
    let world = n.max(1) as i64;
    let narrow = Config { num_replicas: world, rank: rank % world, drop_last: false, ..config };
    // Drawn even when none is kept: the seed is checked when the epoch is drawn, as in Python.
    let indices = DistributedSampler::new(&narrow).and_then(|s| s.indices()).map_err(raised)?;
    Ok(if drop_last { Vec::new() } else { indices })
}

/// The version of this module, the crate's (`sampler-viz` in its package.json): pin it and
/// compare it with what you loaded.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").into()
}

/// The batches a `DataLoader` given the sampler yields on every rank: `result[rank][batch]`.
///
/// @throws {SamplerVizError} PyTorch's `ValueError`s, among them `batch_size should be a
/// positive integer value, but got batch_size=0` and `sampler option is mutually exclusive
/// with shuffle`.
#[wasm_bindgen(js_name = distributedBatches, unchecked_return_type = "Uint32Array[][]")]
pub fn distributed_batches(options: &DistributedLoaderOptions) -> Result<Array, JsValue> {
    let keys = [&SAMPLER_KEYS[..], &["batchSize", "loaderDropLast", "loaderShuffle"]].concat();
    let options = Options::new(options, "distributedBatches", &keys)?;
    let loader = LoaderConfig {
        batch_size: options.int("batchSize", Some(1))?,
        shuffle: options.flag("loaderShuffle", false)?,
        drop_last: options.flag("loaderDropLast", false)?,
    };
    // PyTorch builds the sampler, then the DataLoader, and draws when iterated.
    let (config, sampler) = sampler(&options, 0)?;
    let batches = loader.check(config.n, true).map_err(raised)?;
    check_replicas(&config)?;
    check_batch_count(batches.len(sampler.len()) as u64 * config.num_replicas as u64)?;
    let epoch = every_rank(&config, &sampler)?;
    let ranks = (0..epoch.num_replicas()).map(|r| epoch.rank(r).collect::<Vec<_>>());
    Ok(ranks.map(|indices| batch_views(&indices, &batches)).collect())
}

/// The batches of `epochs` epochs of a `DataLoader` without a sampler, in a process that
/// called `torch.manual_seed(manualSeed)`: `result[epoch][batch]`. Every rank seeded alike
/// walks these same batches.
///
/// @throws {SamplerVizError} PyTorch's `ValueError`s: a seed out of range, `batch_size`
/// below 1, `shuffle` on an empty dataset (`num_samples should be a positive integer value`).
#[wasm_bindgen(js_name = noSamplerBatches, unchecked_return_type = "Uint32Array[][]")]
pub fn no_sampler_batches(options: &NoSamplerOptions) -> Result<Array, JsValue> {
    let keys = ["n", "manualSeed", "shuffle", "batchSize", "dropLast", "epochs"];
    let options = Options::new(options, "noSamplerBatches", &keys)?;
    let n = options.count("n", None)?;
    let manual_seed = options.seed("manualSeed", None)?;
    let loader = LoaderConfig {
        batch_size: options.int("batchSize", Some(1))?,
        shuffle: options.flag("shuffle", false)?,
        drop_last: options.flag("dropLast", false)?,
    };
    let epochs = options.count("epochs", Some(1))?;
    // torch.manual_seed comes first, then the DataLoader's checks.
    unpack_seed(manual_seed).map_err(raised)?;
    let batches = loader.check(n, false).map_err(raised)?;
    let process = NoSampler::new(n, loader.shuffle, manual_seed).map_err(raised)?;
    check_batch_count(epochs.saturating_mul(batches.len(process.len()).max(1) as u64))?;
    if epochs.saturating_mul(n) > 2 * u64::from(MAX_LEN) {
        let limit = 2 * MAX_LEN;
        let message =
            format!("{epochs} epochs of {n} indices are over this module's limit of {limit}");
        return Err(out_of_range(&message, LIMIT_RULE));
    }
    let orders = process.epochs().take(epochs as usize);
    Ok(orders.map(|order| batch_views(&order, &batches)).collect())
}

/// The sampler's arguments in `options`, seen from `rank`.
fn config(options: &Options, rank: i64) -> Result<Config, JsValue> {
    Ok(Config {
        n: options.count("n", None)?,
        num_replicas: options.int("numReplicas", None)?,
        rank,
        shuffle: options.flag("shuffle", true)?,
        seed: options.py_int("seed", 0)?,
        drop_last: options.flag("dropLast", false)?,
        epoch: options.py_int("epoch", 0)?,
    })
}

/// The validated sampler of `options` seen from `rank`, and the arguments it was built from.
fn sampler(options: &Options, rank: i64) -> Result<(Config, DistributedSampler), JsValue> {
    let config = config(options, rank)?;
    let sampler = DistributedSampler::new(&config).map_err(raised)?;
    Ok((config, sampler))
}

/// The epoch of every rank, within this module's limit on ranks.
fn every_rank(config: &Config, sampler: &DistributedSampler) -> Result<Epoch, JsValue> {
    check_replicas(config)?;
    sampler.epoch().map_err(raised)
}

fn check_replicas(config: &Config) -> Result<(), JsValue> {
    if config.num_replicas > MAX_REPLICAS {
        let message = format!(
            "numReplicas = {} is over this module's limit of {MAX_REPLICAS} ranks per call; \
             rankIndices takes any one rank",
            config.num_replicas
        );
        return Err(out_of_range(&message, LIMIT_RULE));
    }
    Ok(())
}

fn check_batch_count(count: u64) -> Result<(), JsValue> {
    if count > MAX_BATCHES {
        let message = format!("{count} batches are over this module's limit of {MAX_BATCHES}");
        return Err(out_of_range(&message, LIMIT_RULE));
    }
    Ok(())
}

/// The batches of `indices`, as views into one copy of them (one object per batch, not one
/// buffer).
fn batch_views(indices: &[u32], batches: &BatchSampler) -> Array {
    let all = copy(indices);
    let mut start = 0;
    batches
        .batches(indices)
        .map(|batch| {
            let view = all.subarray(start, start + batch.len() as u32);
            start += batch.len() as u32;
            view
        })
        .collect()
}

fn copy(indices: &[u32]) -> Uint32Array {
    Uint32Array::new_from_slice(indices)
}
