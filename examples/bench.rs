//! Times the sampler core on the sizes the page shows: `randperm` alone, every rank of a
//! `DistributedSampler` epoch (what the page computes on each change), and one epoch without a
//! sampler; then one epoch of every registered scheme at ImageNet-1k on 8 GPUs.
//! `n = 1,281,167` is ImageNet-1k's training set.
//!
//! `cargo run --release --example bench` prints a table; `-- --json` prints one JSON object per
//! line (`name`, `n`, `num_replicas`, `median_ms`, `min_ms`, `runs`). Each case is warmed up,
//! then run at least [`MIN_RUNS`] times and for at least [`MIN_TIME`]; the median is reported.
//! `num_replicas` is 1 for the cases that draw a single permutation.
//!
//! On Linux (glibc) the big cases can differ by a few ms between two processes: whether freed
//! vectors go back to the OS (to be faulted in again next run) depends on the heap's layout.
//! `GLIBC_TUNABLES=glibc.malloc.mmap_threshold=268435456:glibc.malloc.trim_threshold=268435456`
//! keeps them, as a wasm page's memory always does.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use sampler_viz::model::Params;
use sampler_viz::model::scheme::{SCHEMES, Shared};
use sampler_viz::sampler::{Config, DistributedSampler, Generator, NoSampler, randperm};

/// Fewest timed runs per case, however slow it is.
const MIN_RUNS: usize = 15;
/// Least total time spent in the timed runs of one case.
const MIN_TIME: Duration = Duration::from_secs(1);
/// Most timed runs per case, so the fastest cases stop too.
const MAX_RUNS: usize = 10_000;

/// One benchmark: `run(n, num_replicas)` does the work and returns a value to keep it alive.
struct Case {
    name: String,
    n: u32,
    num_replicas: u32,
    run: Box<dyn Fn(u32, u32) -> usize>,
}

/// What one case measured.
struct Timing {
    median_ms: f64,
    min_ms: f64,
    runs: usize,
}

/// The cases: the core's parts, then one epoch of every registered scheme (its deal, as the
/// comparison makes it) at ImageNet-1k on 8 GPUs, epoch 1 (so that a generator that runs on
/// across epochs draws two epochs).
fn cases() -> Vec<Case> {
    let mut cases = vec![
        case("randperm", 50_000, 1, bench_randperm),
        case("randperm", 1_281_167, 1, bench_randperm),
        case("all_ranks", 50_000, 2, bench_all_ranks),
        case("all_ranks", 1_281_167, 8, bench_all_ranks),
        case("no_sampler_epoch", 50_000, 1, bench_no_sampler),
    ];
    for scheme in SCHEMES {
        let run = move |n: u32, w: u32| {
            let params = Params {
                n: u64::from(n),
                num_replicas: i64::from(w),
                batch_size: 256,
                epoch: 1,
                ..Params::default()
            };
            let deal = scheme.deal(&params, &Shared::default()).expect("benchmark config is valid");
            deal.lanes.len()
        };
        let name = format!("scheme:{}", scheme.name());
        cases.push(Case { name, n: 1_281_167, num_replicas: 8, run: Box::new(run) });
    }
    cases
}

/// A row of [`cases`].
fn case(name: &str, n: u32, num_replicas: u32, run: fn(u32, u32) -> usize) -> Case {
    Case { name: name.to_string(), n, num_replicas, run: Box::new(run) }
}

/// `torch.randperm(n, generator=torch.Generator().manual_seed(0))`.
fn bench_randperm(n: u32, _: u32) -> usize {
    let mut g = Generator::manual_seed(0).expect("seed 0 is valid");
    randperm(n, &mut g).len()
}

/// `[list(DistributedSampler(ds, w, r, shuffle=True, seed=0)) for r in range(w)]`, as the page
/// computes it: one permutation, every rank materialised.
fn bench_all_ranks(n: u32, num_replicas: u32) -> usize {
    let config =
        Config { n: u64::from(n), num_replicas: i64::from(num_replicas), ..Config::default() };
    let sampler = DistributedSampler::new(&config).expect("benchmark config is valid");
    let epoch = sampler.epoch().expect("seed 0 is valid");
    epoch.ranks().iter().map(Vec::len).sum()
}

/// `torch.manual_seed(0)`, then the first epoch of `DataLoader(ds, shuffle=True)`.
fn bench_no_sampler(n: u32, _: u32) -> usize {
    let loader = NoSampler::new(u64::from(n), true, 0).expect("benchmark config is valid");
    loader.epoch(0).len()
}

/// Warms up, then times `case` until both [`MIN_RUNS`] and [`MIN_TIME`] are reached.
fn measure(case: &Case) -> Timing {
    black_box((case.run)(case.n, case.num_replicas));
    let mut samples = Vec::new();
    let started = Instant::now();
    while samples.len() < MAX_RUNS && (samples.len() < MIN_RUNS || started.elapsed() < MIN_TIME) {
        let t = Instant::now();
        black_box((case.run)(black_box(case.n), black_box(case.num_replicas)));
        samples.push(t.elapsed().as_secs_f64() * 1e3);
    }
    samples.sort_by(f64::total_cmp);
    let mid = samples.len() / 2;
    let median_ms =
        if samples.len() % 2 == 0 { (samples[mid - 1] + samples[mid]) / 2.0 } else { samples[mid] };
    Timing { median_ms, min_ms: samples[0], runs: samples.len() }
}

/// One JSON object, for `--json`.
fn json_line(case: &Case, t: &Timing) -> String {
    format!(
        r#"{{"name":"{}","n":{},"num_replicas":{},"median_ms":{:.4},"min_ms":{:.4},"runs":{}}}"#,
        case.name, case.n, case.num_replicas, t.median_ms, t.min_ms, t.runs
    )
}

/// One line of the table, under the header `main` prints.
fn table_row(case: &Case, t: &Timing) -> String {
    format!(
        "{:<28} {:>10} {:>6} {:>11.3} {:>11.3} {:>6}",
        case.name, case.n, case.num_replicas, t.median_ms, t.min_ms, t.runs
    )
}

fn main() -> ExitCode {
    let json = match std::env::args().nth(1).as_deref() {
        None => false,
        Some("--json") => true,
        Some(other) => {
            eprintln!("unknown argument {other:?}; usage: bench [--json]");
            return ExitCode::from(2);
        }
    };
    if !json {
        println!(
            "{:<28} {:>10} {:>6} {:>11} {:>11} {:>6}",
            "name", "n", "ranks", "median ms", "min ms", "runs"
        );
    }
    for case in &cases() {
        let t = measure(case);
        let line = if json { json_line(case, &t) } else { table_row(case, &t) };
        println!("{line}");
    }
    ExitCode::SUCCESS
}
