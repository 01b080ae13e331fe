//! Prints the Python a scheme's panel shows for a query string (`--scheme NAME`: `distributed`
//! unless named, `no_sampler`, `seed_per_rank`, …), or (with `--expect`) what that script
//! prints according to this crate, each GPU's samples, so the two can be compared with the
//! libraries installed (`scripts/check-python` does, for every scheme):
//!
//! ```sh
//! cargo run --example python_script -- "n=10&num_replicas=3" > panel.py
//! diff <(python panel.py) <(cargo run --example python_script -- "n=10&num_replicas=3" --expect)
//! cargo run --example python_script -- "n=10&num_replicas=3" --scheme seed_per_rank
//! ```

use std::process::ExitCode;

use sampler_viz::i18n::Lang;
use sampler_viz::model::Params;
use sampler_viz::model::scheme::{self, Shared};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let query = args.iter().find(|a| !a.starts_with("--")).cloned().unwrap_or_default();
    let pairs = query.split('&').filter_map(|p| p.split_once('='));
    let expect = args.iter().any(|a| a == "--expect");
    let at = args.iter().position(|a| a == "--scheme");
    let name = at.and_then(|i| args.get(i + 1)).map_or("distributed", String::as_str);
    scheme_panel(name, pairs, expect)
}

/// A scheme's Python, or what it prints.
fn scheme_panel<'a>(
    name: &str,
    pairs: impl Iterator<Item = (&'a str, &'a str)>,
    expect: bool,
) -> ExitCode {
    let Some(scheme) = scheme::by_name(name) else {
        eprintln!("no scheme called {name}");
        return ExitCode::FAILURE;
    };
    let deal = Params::from_pairs(pairs)
        .and_then(|p| scheme.deal(&p, &Shared::default()).map(|deal| (p, deal)));
    let (params, deal) = match deal {
        Ok(both) => both,
        Err(errors) => {
            errors.iter().for_each(|e| eprintln!("{}: {}", e.field, e.message(Lang::En)));
            return ExitCode::FAILURE;
        }
    };
    if !expect {
        print!("{}", scheme.python(&params, Lang::En));
        return ExitCode::SUCCESS;
    }
    match scheme::expected_output(&deal) {
        Some(out) => print!("{out}"),
        None => {
            eprintln!("a lane holds more than {} samples: pick a smaller n", scheme::LANE_CAP);
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
