//! Checks the sampler core against golden vectors made by real PyTorch.
//!
//! `cargo run --release --example conformance -- PATH...` takes JSONL files, or folders whose
//! `*.jsonl` files are read, prints a line for every case that does not match, and ends with
//! `N passed, M failed`. It exits non-zero when a case fails or a path cannot be read.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use sampler_viz::conformance::{Report, check_line};

fn main() -> ExitCode {
    let args: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    if args.is_empty() {
        eprintln!("usage: conformance PATH... (JSONL files or folders of them)");
        return ExitCode::from(2);
    }
    let mut report = Report::default();
    let mut unreadable = 0;
    for path in &args {
        let files = jsonl_files(path).unwrap_or_else(|e| {
            eprintln!("cannot read {}: {e}", path.display());
            unreadable += 1;
            Vec::new()
        });
        for file in files {
            let text = match std::fs::read_to_string(&file) {
                Ok(text) => text,
                Err(e) => {
                    eprintln!("cannot read {}: {e}", file.display());
                    unreadable += 1;
                    continue;
                }
            };
            for f in report.check_jsonl(&text, check_catching_panics) {
                println!("FAIL {}:{} {}: {}", file.display(), f.line, f.label, f.reason);
            }
        }
    }
    println!("{}", report.summary());
    if report.failures.is_empty() && unreadable == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// A panic is a bug in the core: report it as a failed case and go on with the next one.
fn check_catching_panics(line: &str) -> Result<(), String> {
    catch_unwind(AssertUnwindSafe(|| check_line(line)))
        .unwrap_or_else(|_| Err("the core panicked".into()))
}

/// A file as given, or a folder's `*.jsonl` files in name order.
fn jsonl_files(path: &Path) -> std::io::Result<Vec<PathBuf>> {
    if !path.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(path)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    Ok(files)
}
