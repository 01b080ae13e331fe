//! A scheme stage by stage: what its indices look like after each of its [`Step`]s, as rows
//! of batches (the epoch's whole list, or one row per GPU), each row cut at [`LANE_CAP`]
//! indices. The panel's "stage by stage" draws these; nothing here knows the page.

use super::{LANE_CAP, Step};
use crate::sampler::{BatchSampler, Epoch};

/// What the indices look like after one stage.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StageView {
    /// The stage.
    pub step: Step,
    /// Its rows: one for the whole epoch (`gpu: None`), or one per GPU.
    pub rows: Vec<StageRow>,
}

/// One row of a stage: its first indices, in groups (batches) where the stage has them.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StageRow {
    /// The GPU whose row it is, or `None` for the epoch's whole list.
    pub gpu: Option<usize>,
    /// The loader worker whose batches the row holds, in a view by worker.
    pub worker: Option<usize>,
    /// The first [`LANE_CAP`] indices, in their groups.
    pub groups: Vec<Vec<u32>>,
    /// Indices past the cap.
    pub more: usize,
    /// What the GPU's process raised, and in which epoch, in place of its indices (a row read
    /// off a deal whose lane raised).
    pub raised: Option<(u64, crate::sampler::SamplerError)>,
}

impl StageRow {
    /// The row of `groups` (each a batch, or one group for a plain list), cut at [`LANE_CAP`].
    pub fn of<G: IntoIterator<Item = u32>>(
        gpu: Option<usize>,
        groups: impl IntoIterator<Item = G>,
    ) -> StageRow {
        let (mut shown, mut more) = (Vec::new(), 0);
        let mut room = LANE_CAP;
        for group in groups {
            let mut group = group.into_iter();
            let head: Vec<u32> = group.by_ref().take(room).collect();
            room -= head.len();
            more += group.count();
            if !head.is_empty() {
                shown.push(head);
            }
        }
        StageRow { gpu, worker: None, groups: shown, more, raised: None }
    }

    /// One plain list (no batches), cut at [`LANE_CAP`].
    pub fn list(gpu: Option<usize>, list: impl IntoIterator<Item = u32>) -> StageRow {
        StageRow::of(gpu, [list])
    }
}

/// A rank's batches grouped by the worker that loads them (one row per GPU and worker), from
/// a deal whose lanes name each batch's worker; `None` without workers.
pub fn by_worker(deal: &super::Deal) -> Option<StageView> {
    deal.lanes.iter().find(|l| !l.workers.is_empty())?;
    let mut rows = Vec::new();
    for (rank, lane) in deal.lanes.iter().enumerate() {
        // The lane's tiles are its first batches; the worker of each is in order.
        let batches = batches(lane, deal.batch_size);
        // Only the workers of the batches shown (never a row per idle worker).
        let mut workers: Vec<usize> = lane.workers.iter().take(batches.len()).copied().collect();
        workers.sort_unstable();
        workers.dedup();
        for w in workers {
            let mine = batches.iter().enumerate().filter(|&(b, _)| lane.workers.get(b) == Some(&w));
            let mut row = StageRow::of(Some(rank), mine.map(|(_, b)| b.iter().copied()));
            row.worker = Some(w);
            rows.push(row);
        }
    }
    Some(StageView { step: super::Step::ByWorker, rows })
}

/// The batches a lane's tiles hold, in order (its first batches, as far as the tiles go).
fn batches(lane: &super::Lane, batch_size: usize) -> Vec<Vec<u32>> {
    let indices: Vec<u32> = lane.tiles.iter().map(|t| t.index).collect();
    let mut starts = lane.batch_starts(batch_size, indices.len());
    starts.push(indices.len());
    starts.windows(2).map(|w| indices[w[0]..w[1]].to_vec()).collect()
}

/// A scheme's stages for `params`: its own ([`super::Scheme::stages`]), or, for a scheme that
/// has none of its own, the last two read off its `deal`: each GPU's list as its sampler yields
/// it (named by the step before the batches), then those lists in the loader's batches. With
/// a map-style loader's workers, then each GPU's batches by worker ([`by_worker`]).
pub fn of(
    scheme: &dyn super::Scheme,
    params: &crate::model::Params,
    deal: &super::Deal,
) -> Result<Vec<StageView>, Vec<crate::model::ParamError>> {
    let mut stages = scheme.stages(params)?;
    if stages.is_empty() {
        let steps = scheme.steps(params);
        let listed =
            steps.iter().rev().find(|&&s| s != Step::Batch).copied().unwrap_or(Step::Stripe);
        stages = from_deal(listed, deal);
    }
    stages.extend(scheme.map_style_workers().then(|| by_worker(deal)).flatten());
    Ok(stages)
}

/// Each GPU's list (`listed`, the step that made it) and its batches, read off a deal's lanes.
fn from_deal(listed: Step, deal: &super::Deal) -> Vec<StageView> {
    // A lane whose process raised holds the library's error in each stage, not an empty list.
    let lists = deal.lanes.iter().enumerate().map(|(rank, lane)| {
        let mut row = StageRow::list(Some(rank), lane.listed());
        let shown: usize = row.groups.iter().map(Vec::len).sum();
        row.more = lane.sampler_len.saturating_sub(shown);
        row.raised.clone_from(&lane.raised);
        row
    });
    let batches = deal.lanes.iter().enumerate().map(|(rank, lane)| {
        let mut row = StageRow::of(Some(rank), batches(lane, deal.batch_size));
        let shown: usize = row.groups.iter().map(Vec::len).sum();
        row.more = lane.len.saturating_sub(shown);
        row.raised.clone_from(&lane.raised);
        row
    });
    vec![
        StageView { step: listed, rows: lists.collect() },
        StageView { step: Step::Batch, rows: batches.collect() },
    ]
}

/// A stage of one row for the whole epoch.
pub fn whole(step: Step, row: StageRow) -> StageView {
    StageView { step, rows: vec![row] }
}

/// `DistributedSampler`'s stages for `epoch`, each index passed through `map` (the identity,
/// or Lightning's wrapper looking positions up in its inner sampler's list): the indices,
/// the shuffle, the padded or trimmed list, each rank's stripe, and its batches.
pub fn sampler_stages(
    epoch: &Epoch,
    loader: &BatchSampler,
    first: Step,
    map: impl Fn(u32) -> u32,
) -> Vec<StageView> {
    let n = epoch.order().len() as u32;
    let w = epoch.num_replicas();
    let stripes: Vec<Vec<u32>> = (0..w).map(|r| epoch.rank(r).map(&map).collect()).collect();
    let first_row = match first {
        Step::InnerOrder => StageRow::list(None, (0..n).map(&map)),
        _ => StageRow::list(None, 0..n),
    };
    vec![
        whole(first, first_row),
        whole(Step::Shuffle, StageRow::list(None, epoch.order().iter().map(|&i| map(i)))),
        whole(Step::PadOrTrim, StageRow::list(None, epoch.padded().map(&map))),
        StageView {
            step: Step::Stripe,
            rows: stripes
                .iter()
                .enumerate()
                .map(|(r, s)| StageRow::list(Some(r), s.iter().copied()))
                .collect(),
        },
        StageView {
            step: Step::Batch,
            rows: stripes
                .iter()
                .enumerate()
                .map(|(r, s)| StageRow::of(Some(r), loader.batches(s).map(|b| b.iter().copied())))
                .collect(),
        },
    ]
}
