//! Downloads: what each rank gets this epoch from the scheme the story follows, as CSV or
//! JSON, written straight from its [`Deal`] (so a download says exactly what the tables say,
//! without the tables' cut), with the no-sampler side ([`NoSamplerSide`]).
//!
//! - CSV: a header `rank,position,index,batch`, then one row per index of `list(sampler)` on
//!   each rank; `batch` is the loader's batch it lands in (empty when `DataLoader(drop_last=True)`
//!   leaves it out).
//! - JSON: `{"scheme": "distributed", "config": {…}, "len_sampler", "len_loader", "listed", "ranks": [[…]],
//!   "batches": [[[…]]], "no_sampler": {…}}`, `config` in PyTorch's argument names, grouped by
//!   constructor, with the scheme's other options under their URL names (`config.options`); `no_sampler` holds each rank's first [`TABLE_LIMIT`] indices, as the page shows.
//!
//! Both list at most [`EXPORT_LIMIT`] indices over all ranks (a tab's memory): beyond, each
//! rank's first [`cap`] indices, and `listed` < `len_sampler` says so.

use std::fmt::Write;

use super::no_sampler_side::NoSamplerSide;
use super::params::{Field, Seeding};
use super::picture::{Picture, TABLE_LIMIT};
use super::query::Params;
use super::scheme::{Deal, Lane, Scheme, Shared};
use crate::i18n::Lang;

/// The most indices a download lists, all ranks together (ImageNet-1k's 1,281,167 fit).
pub const EXPORT_LIMIT: usize = 1 << 21;

/// How many indices of each rank a download lists at most: [`EXPORT_LIMIT`] in all.
pub fn cap(params: &Params) -> usize {
    EXPORT_LIMIT / params.num_replicas.max(1) as usize
}

/// What `scheme` deals for `params`, listing what a download lists.
pub fn deal(
    scheme: &dyn Scheme,
    params: &Params,
    shared: &Shared,
) -> Result<Deal, Vec<super::ParamError>> {
    scheme.deal_up_to(params, shared, cap(params))
}

/// How many indices of each rank the download of `deal` lists: every one its sampler yields,
/// up to the cap it was dealt with.
pub fn per_rank(deal: &Deal) -> usize {
    deal.lanes.iter().map(|l| l.listed().len()).max().unwrap_or(0)
}

/// The largest `len(sampler)` of any rank.
pub fn len_sampler(deal: &Deal) -> usize {
    deal.lanes.iter().map(|l| l.sampler_len).max().unwrap_or(0)
}

/// Each processed position's batch, in order (positions past them are left out).
fn batch_of(lane: &Lane, batch_size: usize) -> Vec<usize> {
    let kept = lane.tiles.len();
    let starts = lane.batch_starts(batch_size, kept);
    let mut of = Vec::with_capacity(kept);
    for (b, &start) in starts.iter().enumerate() {
        let end = starts.get(b + 1).copied().unwrap_or(kept);
        of.extend(std::iter::repeat_n(b, end - start));
    }
    of
}

/// `rank,position,index,batch` rows: every listed index of every rank.
pub fn csv(deal: &Deal) -> String {
    let mut out = String::with_capacity(24 * per_rank(deal) * deal.lanes.len() + 32);
    out.push_str("rank,position,index,batch\n");
    for (rank, lane) in deal.lanes.iter().enumerate() {
        let batches = batch_of(lane, deal.batch_size);
        for (position, index) in lane.listed().into_iter().enumerate() {
            let _ = write!(out, "{rank},{position},{index},");
            if let Some(batch) = batches.get(position) {
                let _ = write!(out, "{batch}");
            }
            out.push('\n');
        }
    }
    out
}

/// The configuration, the scheme, each rank's listed indices and their batches, and the
/// no-sampler side's orders as the page shows them, as one JSON object.
pub fn json(picture: &Picture, scheme: &dyn Scheme, deal: &Deal) -> String {
    let ranks: Vec<Vec<u32>> = deal.lanes.iter().map(Lane::listed).collect();
    let mut out = String::with_capacity(20 * per_rank(deal) * ranks.len() + 512);
    let _ = write!(
        out,
        "{{\n\"scheme\": {},\n\"config\": {},\n\"len_sampler\": {},\n\"len_loader\": {},\n\"listed\": {},\n",
        json_string(scheme.name()),
        config(&picture.params, scheme),
        len_sampler(deal),
        deal.steps_range().1,
        per_rank(deal),
    );
    out.push_str("\"ranks\": [");
    lines(&mut out, ranks.iter().map(|r| list(r)));
    out.push_str("],\n\"batches\": [");
    lines(&mut out, deal.lanes.iter().zip(&ranks).map(|(lane, r)| batches(lane, deal, r)));
    let _ = write!(out, "],\n\"no_sampler\": {}\n}}\n", no_sampler(picture));
    out
}

/// A file name for a download of what `scheme` deals, without the extension:
/// `sampler-viz_distributed_n8_w2_seed0_epoch0`.
pub fn file_stem(params: &Params, scheme: &str) -> String {
    format!(
        "sampler-viz_{scheme}_n{}_w{}_seed{}_epoch{}",
        params.n, params.num_replicas, params.seed, params.epoch
    )
}

/// The fields `config` holds outside `options`.
const IN_CONFIG: [Field; 10] = [
    Field::N,
    Field::NumReplicas,
    Field::Rank,
    Field::Shuffle,
    Field::Seed,
    Field::DropLast,
    Field::Epoch,
    Field::SetEpoch,
    Field::BatchSize,
    Field::LoaderDropLast,
];

/// `DistributedSampler(...)`'s and `DataLoader(...)`'s arguments, the training loop's, and
/// the scheme's other options under their URL names (`"options": {"num_samples": 20}`): a flag
/// as a boolean, a whole number as a number, anything else (`weights`, `none`) as the URL
/// writes it.
fn config(p: &Params, scheme: &dyn Scheme) -> String {
    let value = |f: Field| match (p.flag(f), p.get(f)) {
        (Some(on), _) => on.to_string(),
        (None, text) if text.parse::<i64>().is_ok() => text,
        (None, text) => json_string(&text),
    };
    let options: Vec<String> = scheme
        .options()
        .iter()
        .filter(|f| !IN_CONFIG.contains(f))
        .map(|&f| format!("{}: {}", json_string(f.name()), value(f)))
        .collect();
    format!(
        "{{\"len_dataset\": {}, \"sampler\": {{\"num_replicas\": {}, \"rank\": {}, \"shuffle\": {}, \
         \"seed\": {}, \"drop_last\": {}}}, \"epoch\": {}, \"set_epoch\": {}, \
         \"loader\": {{\"batch_size\": {}, \"drop_last\": {}}}, \"options\": {{{}}}}}",
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
        options.join(", "),
    )
}

/// One rank's batches as its loader yields them.
fn batches(lane: &Lane, deal: &Deal, indices: &[u32]) -> String {
    let kept = lane.tiles.len().min(indices.len());
    let mut starts = lane.batch_starts(deal.batch_size, kept);
    starts.push(kept);
    let parts: Vec<String> = starts.windows(2).map(|w| list(&indices[w[0]..w[1]])).collect();
    format!("[{}]", parts.join(", "))
}

/// How each no-sampler process was seeded and its first indices, or why there are none.
fn no_sampler(picture: &Picture) -> String {
    let p = &picture.params;
    let seeding = match p.seeding {
        Seeding::Alike => format!("\"seeding\": \"alike\", \"manual_seed\": {}", p.manual_seed),
        Seeding::Unseeded => format!("\"seeding\": \"unseeded\", \"os_seed\": {}", p.os_seed),
    };
    match &NoSamplerSide::listed(p).map(|(side, ..)| side) {
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
