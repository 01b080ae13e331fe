//! The same parity checks, run by the wasm build of the core in headless Chromium
//! (`usize` is 32 bits there). `scripts/test` runs it with `wasm-bindgen-test-runner`:
//! `cargo test --target wasm32-unknown-unknown --test wasm_parity`.
#![cfg(target_arch = "wasm32")]

mod common;

use common::check_golden;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn this_is_the_32_bit_wasm_build() {
    assert_eq!(usize::BITS, 32);
}

/// `torch.randperm(n, generator=g)`, including n = 1,281,167 (checked by SHA-256).
#[wasm_bindgen_test]
fn randperm_matches_pytorch_in_wasm() {
    check_golden(include_str!("golden/pytorch-2.15/randperm.jsonl"), 103);
}

/// `list(DistributedSampler(...))`, including CIFAR-10 and ImageNet-1k ranks.
#[wasm_bindgen_test]
fn distributed_sampler_matches_pytorch_in_wasm() {
    check_golden(include_str!("golden/pytorch-2.15/distributed_sampler.jsonl"), 2382);
}

/// `DataLoader` with and without a sampler.
#[wasm_bindgen_test]
fn dataloader_matches_pytorch_in_wasm() {
    check_golden(include_str!("golden/pytorch-2.15/dataloader.jsonl"), 76);
}

/// PyTorch's exceptions.
#[wasm_bindgen_test]
fn errors_match_pytorch_in_wasm() {
    check_golden(include_str!("golden/pytorch-2.15/errors.jsonl"), 8);
}

/// The ecosystem's samplers (accelerate, Lightning, torchdata), made by the real packages.
#[wasm_bindgen_test]
fn ecosystem_samplers_match_their_libraries_in_wasm() {
    check_golden(include_str!("golden/ecosystem/accelerate.jsonl"), 140);
    check_golden(include_str!("golden/ecosystem/lightning.jsonl"), 150);
    check_golden(include_str!("golden/ecosystem/torchdata.jsonl"), 90);
    check_golden(include_str!("golden/ecosystem/workers.jsonl"), 90);
}

/// Weighted sampling across GPUs (torch.multinomial, Lightning's wrapper, MONAI), made by the
/// real packages.
#[wasm_bindgen_test]
fn weighted_sampling_matches_the_libraries_in_wasm() {
    check_golden(include_str!("golden/ecosystem/weighted.jsonl"), 167);
}
