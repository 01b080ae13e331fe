//! The native benchmark's cases (`examples/bench.rs`), timed in the wasm build of the core in
//! headless Chromium, where the page runs them. Not part of `scripts/test`:
//! `scripts/bench-browser` runs it (`cargo test --profile wasm-release --target wasm32-unknown-unknown
//! --test wasm_bench -- --nocapture`) and divides each figure by the native one.
//!
//! Each case prints one line `BENCH {"name":..,"n":..,"num_replicas":..,"median_ms":..,
//! "min_ms":..,"runs":..,"reps":..}` through `console.log`, which the runner shows with
//! `--nocapture`. The case is warmed up, then timed at least [`MIN_RUNS`] times and for at least
//! [`MIN_TIME_MS`], as the native bench does. A run is `reps` back-to-back calls, enough to last
//! [`MIN_SAMPLE_MS`] (Chromium coarsens `performance.now()` to 0.1 ms on a page that is not
//! cross-origin isolated); the figures are per call. The `picture` cases (`Picture::compute`:
//! everything the page recomputes when a control changes) have no native counterpart.
#![cfg(target_arch = "wasm32")]

use std::hint::black_box;

use sampler_viz::model::{NoSamplerSide, Params, Picture};
use sampler_viz::sampler::{Config, DistributedSampler, Generator, NoSampler, randperm};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen_test::{console_log, wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`: the crate's web-sys has no "Performance" feature, so bind it here.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// Fewest timed runs per case, however slow it is (as `examples/bench.rs`).
const MIN_RUNS: usize = 15;
/// Least total time spent in the timed runs of one case.
const MIN_TIME_MS: f64 = 1000.0;
/// Most timed runs per case.
const MAX_RUNS: usize = 2000;
/// Least duration of one timed run: fast cases repeat the call inside a run.
const MIN_SAMPLE_MS: f64 = 5.0;

/// `torch.randperm(n, generator=torch.Generator().manual_seed(0))`.
fn run_randperm(n: u32, _: u32) -> usize {
    let mut g = Generator::manual_seed(0).expect("seed 0 is valid");
    randperm(n, &mut g).len()
}

/// Every rank of one epoch, as the page computes it: one permutation, every rank materialised.
fn run_all_ranks(n: u32, num_replicas: u32) -> usize {
    let config =
        Config { n: u64::from(n), num_replicas: i64::from(num_replicas), ..Config::default() };
    let sampler = DistributedSampler::new(&config).expect("benchmark config is valid");
    let epoch = sampler.epoch().expect("seed 0 is valid");
    epoch.ranks().iter().map(Vec::len).sum()
}

/// `torch.manual_seed(0)`, then the first epoch of `DataLoader(ds, shuffle=True)`.
fn run_no_sampler(n: u32, _: u32) -> usize {
    let loader = NoSampler::new(u64::from(n), true, 0).expect("benchmark config is valid");
    loader.epoch(0).len()
}

/// What the page computes when a control changes: `Picture::compute` for
/// `?n=..&num_replicas=..` (the epoch, lengths, visits) and the no-sampler side beside it.
fn run_picture(n: u32, num_replicas: u32) -> usize {
    let params =
        Params { n: u64::from(n), num_replicas: i64::from(num_replicas), ..Params::default() };
    let side = NoSamplerSide::of(&params).expect("benchmark params are valid");
    let picture = Picture::compute(&params).expect("benchmark params are valid");
    picture.epoch.total_size() + side.loader_len
}

/// Times `run(n, num_replicas)` and prints its `BENCH` line.
fn bench(name: &str, n: u32, num_replicas: u32, run: fn(u32, u32) -> usize) {
    let call = |reps: usize| {
        let t = performance_now();
        for _ in 0..reps {
            black_box(run(black_box(n), black_box(num_replicas)));
        }
        performance_now() - t
    };
    // Warm-up, which also finds how many calls make one run last MIN_SAMPLE_MS.
    let mut reps = 1;
    while call(reps) < MIN_SAMPLE_MS && reps < 1 << 20 {
        reps *= 2;
    }
    let mut samples = Vec::new();
    let started = performance_now();
    while samples.len() < MAX_RUNS
        && (samples.len() < MIN_RUNS || performance_now() - started < MIN_TIME_MS)
    {
        samples.push(call(reps) / reps as f64);
    }
    samples.sort_by(f64::total_cmp);
    let mid = samples.len() / 2;
    let median_ms =
        if samples.len() % 2 == 0 { (samples[mid - 1] + samples[mid]) / 2.0 } else { samples[mid] };
    console_log!(
        "BENCH {{\"name\":\"{name}\",\"n\":{n},\"num_replicas\":{num_replicas},\
         \"median_ms\":{median_ms:.4},\"min_ms\":{:.4},\"runs\":{},\"reps\":{reps}}}",
        samples[0],
        samples.len()
    );
}

#[wasm_bindgen_test]
fn randperm_cifar10() {
    bench("randperm", 50_000, 1, run_randperm);
}

#[wasm_bindgen_test]
fn randperm_imagenet() {
    bench("randperm", 1_281_167, 1, run_randperm);
}

#[wasm_bindgen_test]
fn all_ranks_cifar10_on_2() {
    bench("all_ranks", 50_000, 2, run_all_ranks);
}

#[wasm_bindgen_test]
fn all_ranks_imagenet_on_8() {
    bench("all_ranks", 1_281_167, 8, run_all_ranks);
}

#[wasm_bindgen_test]
fn no_sampler_epoch_cifar10() {
    bench("no_sampler_epoch", 50_000, 1, run_no_sampler);
}

#[wasm_bindgen_test]
fn picture_cifar10_on_2() {
    bench("picture", 50_000, 2, run_picture);
}

#[wasm_bindgen_test]
fn picture_imagenet_on_8() {
    bench("picture", 1_281_167, 8, run_picture);
}
