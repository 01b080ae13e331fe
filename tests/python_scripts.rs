//! Every scheme's Python panel, run with the real packages, prints what its lanes show
//! (`scripts/check-python`). Skipped unless `SAMPLER_VIZ_PYTHON` names a Python with the pinned
//! torch, accelerate, pytorch-lightning and torchdata.

use std::process::Command;

#[test]
fn python_panels_print_the_lanes() {
    let Some(python) = std::env::var_os("SAMPLER_VIZ_PYTHON") else {
        println!("skipped: set SAMPLER_VIZ_PYTHON=/path/to/python with the pinned packages");
        return;
    };
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/check-python");
    // Strict: the Python named must have every pinned package, or the test fails.
    let mut check = Command::new(script);
    check.env("PYTHON", python).env("CHECK_PYTHON_STRICT", "1");
    let status = check.status().expect("run check-python");
    assert!(status.success(), "scripts/check-python failed: see its FAIL lines");
}
