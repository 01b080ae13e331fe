//! The scheme seam for other pages: `schemes()` lists every registered way of handing a
//! dataset to GPUs, and `schemeDeal(name, options)` gives what each GPU processes in one epoch
//! under one of them, in full, with the same numbers the page's comparison shows.

use wasm_bindgen::prelude::*;
use web_sys::js_sys::{Array, Object, Reflect, Uint32Array};

use super::args::Options;
use super::error::{raised, wrong_type};
use crate::i18n::Lang;
use crate::model::scheme::{self, Deal, Origin, SCHEMES, Shared, Step};
use crate::model::{Field, ParamError, Params, Problem};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A registered scheme: its name (as `compare=` and `schemeDeal` take it) and its stages. */
export interface SchemeInfo {
  name: string;
  /**
   * "indices" | "shuffle" | "shuffle_per_rank" | "pad_or_trim" | "stripe" | "batch" |
   * "inner_order" | "deal_batches" | "split_batches" | "complete_round" | "resume" | "workers" |
   * "by_worker" | "draw" | "draw_in_slice"
   */
  steps: string[];
}

/**
 * `schemeDeal`'s options: the page's parameters by their URL names, each optional (an absent
 * one takes the page's default). Any other key in an object literal is a type error here, and
 * any other key at all a `TypeError` at run time, where each also takes the URL's spelling
 * (`"1"` for `true`, a decimal string for a number).
 */
export interface SchemeOptions {
  /** `len(dataset)`. Default `8`. */
  n?: number;
  /** How many processes (GPUs), up to 64. Default `2`. */
  num_replicas?: number;
  /** The sampler's `shuffle` (the loader's under `no_sampler` and `accelerate`). Default `true`. */
  shuffle?: boolean;
  /** The sampler's `seed`. Default `0`. */
  seed?: PyInt;
  /** The sampler's `drop_last`. Default `false`. */
  drop_last?: boolean;
  /** The training epoch, 0 ..= 1,000,000. Default `0`. */
  epoch?: PyInt;
  /** Whether the loop calls `set_epoch(epoch)`. Default `true`. */
  set_epoch?: boolean;
  /** The `DataLoader`'s `batch_size`. Default `4`. */
  batch_size?: number;
  /** The `DataLoader`'s `drop_last`. Default `false`. */
  loader_drop_last?: boolean;
  /**
   * The `DataLoader`'s `shuffle` beside a sampler, which PyTorch refuses (`no_sampler`,
   * `accelerate` and `iterable`, whose loaders get none, ignore it). Default `false`.
   */
  loader_shuffle?: boolean;
  /** `torch.manual_seed(manual_seed)` in every process. Default `0`. */
  manual_seed?: PyInt;
  /** `no_sampler`: every process seeded alike, or none seeded. Default `"alike"`. */
  seeding?: "alike" | "unseeded";
  /** Stands in for the OS entropy of an unseeded process. Default `2024`. */
  os_seed?: PyInt;
  /** Accelerate's `split_batches`. Default `false`. */
  split_batches?: boolean;
  /** Accelerate's `even_batches`. Default `true`. */
  even_batches?: boolean;
  /** Accelerate's `use_seedable_sampler`. Default `false`. */
  use_seedable_sampler?: boolean;
  /** Accelerate's `data_seed`: `"none"` or a seed. Default `"none"`. */
  data_seed?: "none" | PyInt;
  /** The sampler Lightning's `DistributedSamplerWrapper` wraps. Default `"random"`. */
  inner?: "sequential" | "random";
  /** `g.manual_seed(inner_seed)` for the wrapped `RandomSampler`. Default `0`. */
  inner_seed?: PyInt;
  /** torchdata: batches taken before `state_dict()`. Default `1`. */
  consumed?: number;
  /** torchdata: whether the new process calls `set_epoch(epoch)`. Default `false`. */
  restore_epoch?: boolean;
  /** The `DataLoader`'s `num_workers`. Default `0`. */
  num_workers?: number;
  /** How `iterable`'s dataset shards its stream. Default `"none"`. */
  sharding?: "none" | "worker" | "rank_and_worker";
  /**
   * The weighted samplers' `weights`: `"imbalanced"` (90 % / 10 %, each sample 1 / its class's
   * size), `"uniform"`, or up to 256 numbers (an array, or a string separated by commas)
   * repeated over the dataset. Default `"imbalanced"`.
   */
  weights?: string | number[];
  /** `WeightedRandomSampler`'s `num_samples`: `"len"` (`len(weights)`) or a number. Default `"len"`. */
  num_samples?: "len" | number;
  /** `WeightedRandomSampler`'s `replacement`. Default `true`. */
  replacement?: boolean;
  /** How each process seeds its weighted draws from `inner_seed`. Default `"alike"`. */
  generator?: "alike" | "per_rank" | "global_alike" | "global_per_rank";
  /** MONAI's `even_divisible`. Default `true`. */
  even_divisible?: boolean;
  /** MONAI's `num_samples_per_rank`: `"none"` (its slice's length) or a number. Default `"none"`. */
  num_samples_per_rank?: "none" | number;
}

/** One GPU's epoch under a scheme. */
export interface SchemeRank {
  /** The samples it processes, in order. */
  indices: Uint32Array;
  /** Positions in `indices` that hold a padding copy. */
  padding: Uint32Array;
  /** Positions in `indices` that this GPU processes a second time (after a resume, or from another of its workers). */
  again: Uint32Array;
  /** Positions in `indices` holding a sample this GPU already drew this epoch (weighted draws). */
  repeat: Uint32Array;
  /**
   * What this process raised, when it did (MONAI's rank whose slice weighs nothing): the
   * Python exception, its message and the epoch; its `indices` are then empty.
   */
  raised: { name: string; message: string; epoch: number } | null;
  /** Where a resumed process took over (the position of its first sample), or `null`. */
  resumedAt: number | null;
  /** `len(loader)` as the library reports it when that is not `loaderLen`, else `null`. */
  reportedLen: number | null;
  /** The worker process that loaded each batch (when `num_workers > 0`), or empty. */
  workers: Uint32Array;
  /**
   * Each batch's length when they are not all `batchSize` but the last (an iterable's workers
   * each end with a short batch); empty otherwise.
   */
  batchLengths: Uint32Array;
  /** What its loader leaves out (`DataLoader(drop_last=True)`'s short batch). */
  leftOut: Uint32Array;
  /** `len(sampler)` and `len(loader)` on this rank. */
  samplerLen: number;
  loaderLen: number;
}

/** What every GPU processes in one epoch, and what that adds up to. */
export interface SchemeDeal {
  scheme: string;
  /** Each GPU's batch size: `indices` break into batches of it (a rank's last may be short). */
  batchSize: number;
  ranks: SchemeRank[];
  /** `[times, samples]`: how many samples are processed how many times, over all GPUs. */
  visits: [number, number][];
  /** Samples no GPU processes this epoch, ascending. */
  unseen: Uint32Array;
  /** Samples processed by more than one GPU. */
  duplicated: number;
  /** An earlier epoch this one repeats exactly, or `null`. */
  repeats: number | null;
  /**
   * The weighted schemes' draws, else `null`: samples drawn on more than one GPU, and per GPU
   * the samples of class 0 and class 1 it trains on when the weights balance classes.
   */
  draws: { onSeveralGpus: number; classes: [number, number][] | null } | null;
  /**
   * The loader's `base_seed` this epoch as a decimal string (worker `w` seeds `torch` and
   * `random` with `base_seed + w`), when `num_workers > 0` and it is known; else `null`.
   */
  baseSeed: string | null;
}
"#;

/// Every registered scheme, in the page's pickers' order.
#[wasm_bindgen(unchecked_return_type = "SchemeInfo[]")]
pub fn schemes() -> Array {
    SCHEMES
        .iter()
        .map(|s| {
            let steps: Array = s
                .steps(&Params::default())
                .iter()
                .map(|&step| JsValue::from_str(step_name(step)))
                .collect();
            object(&[("name", s.name().into()), ("steps", steps.into())])
        })
        .collect()
}

/// What each GPU processes in `options.epoch` under the scheme called `name`.
///
/// @throws {SamplerVizError} PyTorch's `ValueError`s, word for word; a `TypeError` for an
/// unknown scheme or option, a `RangeError` for a value the page refuses.
#[wasm_bindgen(js_name = schemeDeal, unchecked_return_type = "SchemeDeal")]
pub fn scheme_deal(
    name: &str,
    #[wasm_bindgen(unchecked_param_type = "SchemeOptions")] options: JsValue,
) -> Result<JsValue, JsValue> {
    let Some(scheme) = scheme::by_name(name) else {
        let names: Vec<&str> = SCHEMES.iter().map(|s| s.name()).collect();
        let rule = format!("The registered schemes are {}.", names.join(", "));
        return Err(wrong_type(&format!("schemeDeal: no scheme called {name:?}"), &rule));
    };
    let keys = option_names();
    let options = Options::new(&options, "schemeDeal", &keys)?;
    let mut pairs = Vec::new();
    for key in &keys {
        if let Some(text) = options.url_text(key)? {
            pairs.push((*key, text));
        }
    }
    let params =
        Params::from_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str()))).map_err(refused)?;
    // Every index of every rank comes back: within the page's cap on the padded list.
    let indices = params.n.saturating_mul(params.num_replicas.max(0) as u64);
    if indices > crate::sampler::MAX_TOTAL_SIZE {
        let message = format!(
            "schemeDeal: n × num_replicas = {indices} is over this module's limit of {}",
            crate::sampler::MAX_TOTAL_SIZE
        );
        return Err(super::error::out_of_range(&message, super::LIMIT_RULE));
    }
    let deal = scheme.deal_up_to(&params, &Shared::default(), usize::MAX).map_err(refused)?;
    Ok(deal_object(scheme.name(), &deal))
}

/// The options `schemeDeal` takes (`SchemeOptions` above): the page's parameters but `rank`
/// and `stage`, which choose what the page highlights and change no deal (a deal holds every
/// rank, at the last stage), so passing them would only mislead.
fn option_names() -> Vec<&'static str> {
    let view_only = [Field::Rank, Field::Stage];
    Field::ALL.iter().filter(|f| !view_only.contains(f)).map(|f| f.name()).collect()
}

/// The first error, as PyTorch raises it or as the page words it.
fn refused(errors: Vec<ParamError>) -> JsValue {
    let Some(error) = errors.into_iter().next() else { return JsValue::NULL };
    match error.problem {
        Problem::Refused(e) => raised(e),
        _ => super::error::out_of_range(
            &format!("schemeDeal: {}", error.message(Lang::En)),
            "Each option takes the values the page's URL takes.",
        ),
    }
}

fn deal_object(name: &str, deal: &Deal) -> JsValue {
    let ranks: Array = deal
        .lanes
        .iter()
        .map(|lane| {
            let indices: Vec<u32> = lane.tiles.iter().map(|t| t.index).collect();
            let positions = |origin: Origin| -> Vec<u32> {
                (0u32..)
                    .zip(&lane.tiles)
                    .filter(|(_, t)| t.origin == origin)
                    .map(|(k, _)| k)
                    .collect()
            };
            let (padding, again) = (positions(Origin::Padding), positions(Origin::Again));
            let repeat = positions(Origin::Repeat);
            let raised = lane.raised.as_ref().map_or(JsValue::NULL, |(epoch, e)| {
                let name = e.exception().unwrap_or("Error");
                let message = e.to_string();
                object(&[
                    ("name", name.into()),
                    ("message", message.into()),
                    ("epoch", (*epoch as f64).into()),
                ])
            });
            let resumed_at = lane.resumed_at.map_or(JsValue::NULL, |k| (k as f64).into());
            let reported = lane.reported_len.map_or(JsValue::NULL, |k| (k as f64).into());
            let workers: Vec<u32> = lane.workers.iter().map(|&w| w as u32).collect();
            let batch_lens: Vec<u32> = lane.batch_lens.iter().map(|&l| l as u32).collect();
            object(&[
                ("indices", Uint32Array::new_from_slice(&indices).into()),
                ("padding", Uint32Array::new_from_slice(&padding).into()),
                ("again", Uint32Array::new_from_slice(&again).into()),
                ("repeat", Uint32Array::new_from_slice(&repeat).into()),
                ("raised", raised),
                ("resumedAt", resumed_at),
                ("reportedLen", reported),
                ("workers", Uint32Array::new_from_slice(&workers).into()),
                ("batchLengths", Uint32Array::new_from_slice(&batch_lens).into()),
                ("leftOut", Uint32Array::new_from_slice(&lane.left_out).into()),
                ("samplerLen", (lane.sampler_len as f64).into()),
                ("loaderLen", (lane.loader_len as f64).into()),
            ])
        })
        .collect();
    let visits: Array = deal
        .visits
        .histogram
        .iter()
        .map(|&(times, samples)| Array::of2(&f64::from(times).into(), &(samples as f64).into()))
        .collect();
    let repeats = deal.repeats.map_or(JsValue::NULL, |e| (e as f64).into());
    let base_seed = deal.base_seed.map_or(JsValue::NULL, |s| s.to_string().into());
    let draws = deal.draws.as_ref().map_or(JsValue::NULL, |d| {
        let classes = d.classes.as_ref().map_or(JsValue::NULL, |c| {
            let per =
                c.per_rank.iter().map(|&[a, b]| Array::of2(&(a as f64).into(), &(b as f64).into()));
            per.collect::<Array>().into()
        });
        object(&[("onSeveralGpus", (d.on_several_gpus as f64).into()), ("classes", classes)])
    });
    object(&[
        ("scheme", name.into()),
        ("batchSize", (deal.batch_size as f64).into()),
        ("ranks", ranks.into()),
        ("visits", visits.into()),
        ("unseen", Uint32Array::new_from_slice(&deal.unseen).into()),
        ("duplicated", (deal.duplicated() as f64).into()),
        ("repeats", repeats),
        ("baseSeed", base_seed),
        ("draws", draws),
    ])
}

fn step_name(step: Step) -> &'static str {
    match step {
        Step::Indices => "indices",
        Step::Shuffle => "shuffle",
        Step::ShufflePerRank => "shuffle_per_rank",
        Step::PadOrTrim => "pad_or_trim",
        Step::Stripe => "stripe",
        Step::Batch => "batch",
        Step::InnerOrder => "inner_order",
        Step::DealBatches => "deal_batches",
        Step::SplitBatches => "split_batches",
        Step::CompleteRound => "complete_round",
        Step::Resume => "resume",
        Step::Workers => "workers",
        Step::ByWorker => "by_worker",
        Step::Draw => "draw",
        Step::DrawInSlice => "draw_in_slice",
    }
}

fn object(entries: &[(&str, JsValue)]) -> JsValue {
    let object = Object::new();
    for (key, value) in entries {
        // Setting a property on a fresh, ordinary object cannot fail.
        let _ = Reflect::set(&object, &(*key).into(), value);
    }
    object.into()
}
