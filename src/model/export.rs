//! Downloads: what each rank gets this epoch, as CSV or JSON, written straight from the
//! [`Picture`] (so a download says exactly what the tables say, without the tables' cut).
//!
//! - CSV: a header `rank,position,index,batch`, then one row per index of `list(sampler)` on
//!   each rank; `batch` is the loader's batch it lands in (empty when `DataLoader(drop_last=True)`
//!   leaves it out).
//! - JSON: `{"config": {…}, "len_sampler", "len_loader", "listed", "ranks": [[…]],
//!   "batches": [[[…]]], "no_sampler": {…}}`, `config` in PyTorch's argument names, grouped by
//!   constructor; `no_sampler` holds each rank's first [`TABLE_LIMIT`] indices, as the page shows.
//!
//! Both list at most [`EXPORT_LIMIT`] indices over all ranks (a tab's memory): beyond, each
//! rank's first [`per_rank`] indices, and `listed` < `len_sampler` says so.

use std::fmt::Write;

use super::params::Seeding;
use super::picture::{NoSamplerSide, Picture, TABLE_LIMIT};
use super::query::Params;
use crate::i18n::Lang;

/// The most indices a download lists, all ranks together (ImageNet-1k's 1,281,167 fit).
pub const EXPORT_LIMIT: usize = 1 << 21;

/// How many indices of each rank a download lists: all of them, up to [`EXPORT_LIMIT`] in all.
pub fn per_rank(picture: &Picture) -> usize {
    let ranks = picture.epoch.num_replicas().max(1);
    picture.epoch.num_samples().min(EXPORT_LIMIT / ranks)
}

/// `rank,position,index,batch` rows: the first `per_rank` indices of every rank.
pub fn csv(picture: &Picture, per_rank: usize) -> String {
    let batch_size = picture.loader.batch_size();
    let batches = picture.lengths.loader;
    let mut out = String::with_capacity(24 * per_rank * picture.epoch.num_replicas() + 32);
    out.push_str("rank,position,index,batch\n");
    for rank in 0..picture.epoch.num_replicas() {
        for (position, index) in picture.epoch.rank(rank).take(per_rank).enumerate() {
            let _ = write!(out, "{rank},{position},{index},");
            let batch = position / batch_size;
            if batch < batches {
                let _ = write!(out, "{batch}");
            }
            out.push('\n');
        }
    }
    out
}

/// The configuration, each rank's first `per_rank` indices and their batches, and the
/// no-sampler side's orders as the page shows them, as one JSON object.
pub fn json(picture: &Picture, per_rank: usize) -> String {
    let ranks: Vec<Vec<u32>> = (0..picture.epoch.num_replicas())
        .map(|r| picture.epoch.rank(r).take(per_rank).collect())
        .collect();
    let mut out = String::with_capacity(20 * per_rank * ranks.len() + 512);
    let _ = write!(
        out,
        "{{\n\"config\": {},\n\"len_sampler\": {},\n\"len_loader\": {},\n\"listed\": {per_rank},\n",
        config(&picture.params),
        picture.lengths.sampler,
        picture.lengths.loader,
    );
    out.push_str("\"ranks\": [");
    lines(&mut out, ranks.iter().map(|r| list(r)));
    out.push_str("],\n\"batches\": [");
    lines(&mut out, ranks.iter().map(|r| batches(picture, r)));
    let _ = write!(out, "],\n\"no_sampler\": {}\n}}\n", no_sampler(picture));
    out
}

/// A file name for the download, without the extension: `sampler-viz_n8_w2_seed0_epoch0`.
pub fn file_stem(params: &Params) -> String {
    format!(
        "sampler-viz_n{}_w{}_seed{}_epoch{}",
        params.n, params.num_replicas, params.seed, params.epoch
    )
}

/// `DistributedSampler(...)`'s and `DataLoader(...)`'s arguments, and the training loop's.
fn config(p: &Params) -> String {
    format!(
        "{{\"len_dataset\": {}, \"sampler\": {{\"num_replicas\": {}, \"rank\": {}, \"shuffle\": {}, \
         \"seed\": {}, \"drop_last\": {}}}, \"epoch\": {}, \"set_epoch\": {}, \
         \"loader\": {{\"batch_size\": {}, \"drop_last\": {}}}}}",
        p.n,
        p.num_replicas,
        p.rank,
        p.shuffle,
        p.seed,
        p.drop_last,
        p.epoch,
        p.set_epoch,
        p.batch_size,
        p.loader_drop_last,
    )
}

/// One rank's batches as the `DataLoader` yields them (the last one cut too if the list is).
fn batches(picture: &Picture, indices: &[u32]) -> String {
    let chunks = indices.chunks(picture.loader.batch_size()).take(picture.lengths.loader);
    let parts: Vec<String> = chunks.map(list).collect();
    format!("[{}]", parts.join(", "))
}

/// How each no-sampler process was seeded and its first indices, or why there are none.
fn no_sampler(picture: &Picture) -> String {
    let p = &picture.params;
    let seeding = match p.seeding {
        Seeding::Alike => format!("\"seeding\": \"alike\", \"manual_seed\": {}", p.manual_seed),
        Seeding::Unseeded => format!("\"seeding\": \"unseeded\", \"os_seed\": {}", p.os_seed),
    };
    match &picture.no_sampler {
        Ok(side) => format!("{{{seeding}, {}}}", orders(side, p)),
        Err(e) => format!("{{{seeding}, \"error\": {}}}", json_string(&e.message(Lang::En))),
    }
}

fn orders(side: &NoSamplerSide, p: &Params) -> String {
    let seeds: Vec<String> = side.process_seeds.iter().map(u64::to_string).collect();
    let mut out = format!(
        "\"process_seeds\": [{}], \"len_loader\": {}, \"listed\": {}, \"orders\": [",
        seeds.join(", "),
        side.loader_len,
        TABLE_LIMIT.min(p.n as usize),
    );
    lines(&mut out, side.orders.iter().map(|o| list(o)));
    out.push(']');
    out
}

/// `items` one per line, separated by commas.
fn lines(out: &mut String, items: impl Iterator<Item = String>) {
    for (i, item) in items.enumerate() {
        out.push_str(if i == 0 { "\n  " } else { ",\n  " });
        out.push_str(&item);
    }
    out.push('\n');
}

/// `[3, 1, 4]`.
fn list(indices: &[u32]) -> String {
    let mut out = String::with_capacity(indices.len() * 9 + 2);
    out.push('[');
    for (i, index) in indices.iter().enumerate() {
        let _ = write!(out, "{}{index}", if i == 0 { "" } else { ", " });
    }
    out.push(']');
    out
}

/// A JSON string literal (quotes, backslashes and control characters escaped).
fn json_string(text: &str) -> String {
    serde_json::Value::String(text.to_string()).to_string()
}
