//! Prints the Python script the page's code panel shows for a query string, or (with
//! `--expect`) what that script prints according to this crate, so the two can be compared
//! with PyTorch installed:
//!
//! ```sh
//! cargo run --example python_script -- "n=10&num_replicas=3" > panel.py
//! diff <(python panel.py) <(cargo run --example python_script -- "n=10&num_replicas=3" --expect)
//! ```

use std::process::ExitCode;

use sampler_viz::i18n::Lang;
use sampler_viz::model::{Params, Picture, python};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let query = args.iter().find(|a| !a.starts_with("--")).cloned().unwrap_or_default();
    let pairs = query.split('&').filter_map(|p| p.split_once('='));
    let picture = match Params::from_pairs(pairs).and_then(|p| Picture::compute(&p)) {
        Ok(picture) => picture,
        Err(errors) => {
            errors.iter().for_each(|e| {
                eprintln!("{}: {} {}", e.field, e.message(Lang::En), e.rule(Lang::En))
            });
            return ExitCode::FAILURE;
        }
    };
    if args.iter().any(|a| a == "--expect") {
        print!("{}", python::expected_output(&picture));
    } else {
        print!("{}", python::script(&picture));
    }
    ExitCode::SUCCESS
}
