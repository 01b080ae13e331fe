//! What a scheme hands the GPUs in one epoch, as the comparison draws it: per rank the samples
//! processed (the first ones as tiles), what the loader leaves out, and over all ranks the
//! visit counts and the samples no GPU processes.

use crate::model::visits::{self, Visits};
use crate::sampler::BatchSampler;

/// How a position of a rank's list came to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Origin {
    /// A sample of the dataset, at its first place in the list.
    Sample,
    /// A copy added to make the list divide evenly (wrap-around padding, or a round of
    /// batches completed from the start of the epoch).
    Padding,
    /// A sample this GPU already trained this epoch, trained again (after a resume).
    Again,
    /// A sample this GPU already drew this epoch, drawn again (weighted draws with replacement).
    Repeat,
}

/// One sample in a GPU's lane.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tile {
    /// The dataset index.
    pub index: u32,
    /// How it got here.
    pub origin: Origin,
    /// Whether another lane of the same scheme also holds this index this epoch.
    pub dup: bool,
}

/// One GPU's epoch.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Lane {
    /// The first samples it processes, in order (up to the cap the deal was made with).
    pub tiles: Vec<Tile>,
    /// How many samples it processes this epoch.
    pub len: usize,
    /// `len(sampler)` on this rank (what the sampler yields, before the loader drops any).
    pub sampler_len: usize,
    /// `len(loader)` on this rank: its steps this epoch.
    pub loader_len: usize,
    /// The first indices (up to the cap) its loader leaves out (`DataLoader(drop_last=True)`'s short batch).
    pub left_out: Vec<u32>,
    /// Where a new process took over mid-epoch (a resume): the position of its first sample.
    pub resumed_at: Option<usize>,
    /// `len(loader)` as the library reports it, when that is not the steps it takes.
    pub reported_len: Option<usize>,
    /// The worker process that loaded each batch, in order (empty: not shown).
    pub workers: Vec<usize>,
    /// Each batch's length, in order, when they are not all `batch_size` but the last (an
    /// iterable's workers each end with a short batch); empty otherwise.
    pub batch_lens: Vec<usize>,
    /// What this GPU's process raised, and in which epoch, when it raised (the library's
    /// error: the lane then holds the epochs before, none of this one).
    pub raised: Option<(u64, crate::sampler::SamplerError)>,
}

impl Lane {
    /// Its listed indices in `list(sampler)`'s order: the ones it processes, then (when all of
    /// those are listed) the ones its loader leaves out.
    pub fn listed(&self) -> Vec<u32> {
        let mut list: Vec<u32> = self.tiles.iter().map(|t| t.index).collect();
        if list.len() >= self.len {
            list.extend(&self.left_out);
        }
        list
    }

    /// The positions where its batches start, below `upto`.
    pub fn batch_starts(&self, batch_size: usize, upto: usize) -> Vec<usize> {
        if self.batch_lens.is_empty() {
            return (0..upto).step_by(batch_size.max(1)).collect();
        }
        let starts = self.batch_lens.iter().scan(0, |at, &len| {
            let start = *at;
            *at += len;
            Some(start)
        });
        starts.take_while(|&s| s < upto).collect()
    }
}

/// What every rank processes in one epoch, and what that adds up to.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Deal {
    /// `len(dataset)`.
    pub n: u64,
    /// The loader's `batch_size` (where the lanes' batches break).
    pub batch_size: usize,
    /// One lane per rank, rank 0 first.
    pub lanes: Vec<Lane>,
    /// How many samples are processed how many times, over all ranks.
    pub visits: Visits,
    /// The first samples no GPU processes this epoch, ascending (up to the cap).
    pub unseen: Vec<u32>,
    /// An earlier epoch whose deal this one repeats exactly (0, when nothing moves).
    pub repeats: Option<u64>,
    /// The loader's `base_seed` this epoch, when its workers' seeds are known: worker `w`
    /// seeds `torch` and `random` with `base_seed + w`.
    pub base_seed: Option<u64>,
    /// What weighted draws add up to, for the schemes that draw by weight.
    pub draws: Option<super::draws::Draws>,
}

impl Deal {
    /// Names the worker of each batch as a map-style `DataLoader(num_workers=k)` hands them
    /// out: batch `b` to worker `b % k` (`k` > 0), on every lane.
    pub fn assign_workers(&mut self, num_workers: usize) {
        for lane in &mut self.lanes {
            lane.workers = (0..lane.loader_len).map(|b| b % num_workers.max(1)).collect();
        }
    }

    /// The samples' classes, when the weights balance classes (each tile then shows its class).
    pub fn classes(&self) -> Option<crate::model::weights::Classes> {
        self.draws.as_ref().and_then(|d| d.classes.as_ref()).map(|c| c.classes)
    }

    /// Samples no GPU processes this epoch.
    pub fn unseen_len(&self) -> u64 {
        self.visits.samples(0)
    }

    /// Samples processed by more than one GPU (more than once) this epoch.
    pub fn duplicated(&self) -> u64 {
        self.visits.histogram.iter().filter(|&&(t, _)| t >= 2).map(|&(_, s)| s).sum()
    }

    /// The fewest and the most steps a GPU takes this epoch.
    pub fn steps_range(&self) -> (u64, u64) {
        let steps = || self.lanes.iter().map(|l| l.loader_len as u64);
        (steps().min().unwrap_or(0), steps().max().unwrap_or(0))
    }

    /// The first GPU whose `len(loader)`, as the library reports it, is not the steps it
    /// takes: `(rank, reported, steps)`.
    pub fn misreported(&self) -> Option<(usize, usize, usize)> {
        self.lanes
            .iter()
            .enumerate()
            .find_map(|(rank, lane)| Some((rank, lane.reported_len?, lane.loader_len)))
    }

    /// The earlier epoch this one repeats, where there is anything to repeat (an empty
    /// dataset repeats trivially, and is not said to).
    pub fn repeats_shown(&self) -> Option<u64> {
        self.repeats.filter(|_| self.n > 0)
    }

    /// Samples processed at least once.
    pub fn seen(&self) -> u64 {
        self.n - self.unseen_len()
    }

    /// Generic over schemes: the deal of ranks whose sampler lists are `lists` (rank 0 first),
    /// `origin(rank, k)` telling how position `k` came to be, batched by `loader`, listing up
    /// to `cap` samples per lane.
    pub fn from_lists(
        n: usize,
        lists: &[Vec<u32>],
        origin: impl Fn(usize, usize) -> Origin,
        loader: &BatchSampler,
        cap: usize,
    ) -> Deal {
        // Each sample's visits, and the lanes holding it in one byte (the first lane plus one,
        // the top bit set once a second lane holds it too): at ImageNet-1k 6.4 MB read in the
        // order's random order, where three counters took 15 MB and nearly twice the time.
        let mut visits_of = vec![0u32; n];
        let mut lanes_of = vec![0u8; n];
        let kept: Vec<usize> = lists.iter().map(|l| visits::yielded(loader, l.len())).collect();
        for (rank, (list, &kept)) in lists.iter().zip(&kept).enumerate() {
            let mark = lane_mark(rank);
            for &index in &list[..kept] {
                let i = index as usize;
                visits_of[i] += 1;
                let lanes = &mut lanes_of[i];
                if *lanes == 0 {
                    *lanes = mark;
                } else if *lanes & 0x7f != mark {
                    *lanes |= 0x80;
                }
            }
        }
        let lanes = lists
            .iter()
            .zip(&kept)
            .enumerate()
            .map(|(rank, (list, &kept))| Lane {
                tiles: (0..kept.min(cap))
                    .map(|k| Tile {
                        index: list[k],
                        origin: origin(rank, k),
                        dup: lanes_of[list[k] as usize] & 0x80 != 0,
                    })
                    .collect(),
                len: kept,
                sampler_len: list.len(),
                loader_len: loader.len(list.len()),
                left_out: list[kept..].iter().take(cap).copied().collect(),
                resumed_at: None,
                reported_len: None,
                workers: Vec::new(),
                batch_lens: Vec::new(),
                raised: None,
            })
            .collect();
        let (visits, unseen) = Visits::with_unseen(&visits_of, cap);
        Deal {
            n: n as u64,
            batch_size: loader.batch_size(),
            lanes,
            visits,
            unseen,
            repeats: None,
            base_seed: None,
            draws: None,
        }
    }

    /// The deal when each of `w` ranks walks a whole order of the `n` samples and processes
    /// all the loader keeps of it. `orders` is one order shared by every rank (whole), or one
    /// per rank (their first `cap` items are enough, and then the loader must keep all `n`):
    /// either way each sample the loader keeps is processed once per rank, so no per-sample
    /// pass is needed.
    pub fn every_rank_whole(
        n: usize,
        orders: &[Vec<u32>],
        w: usize,
        loader: &BatchSampler,
        cap: usize,
    ) -> Deal {
        let kept = visits::yielded(loader, n);
        let shared = orders.len() == 1;
        debug_assert!(shared || kept == n, "per-rank heads only when nothing is dropped");
        let lanes = (0..w)
            .map(|r| {
                let order = &orders[if shared { 0 } else { r }];
                let tiles = order.iter().take(kept.min(cap));
                Lane {
                    tiles: tiles
                        .map(|&index| Tile { index, origin: Origin::Sample, dup: w >= 2 })
                        .collect(),
                    len: kept,
                    sampler_len: n,
                    loader_len: loader.len(n),
                    left_out: order.iter().skip(kept).take(cap).copied().collect(),
                    resumed_at: None,
                    reported_len: None,
                    workers: Vec::new(),
                    batch_lens: Vec::new(),
                    raised: None,
                }
            })
            .collect();
        let tail = if shared { orders[0].get(kept..).unwrap_or_default() } else { &[] };
        let unseen = first_sorted(tail.to_vec(), cap);
        Deal {
            n: n as u64,
            batch_size: loader.batch_size(),
            lanes,
            visits: visits::no_sampler_alike(n, w, loader),
            unseen,
            repeats: None,
            base_seed: None,
            draws: None,
        }
    }
}

impl Deal {
    /// The deal of ranks whose loaders yield `batches` (rank 0 first), each batch of
    /// `batch_size` but maybe a rank's last: the lanes break where the batches do, and each
    /// lane's steps are its batches.
    pub fn from_batches(
        n: usize,
        batches: &[Vec<Vec<u32>>],
        batch_size: usize,
        origin: impl Fn(usize, usize) -> Origin,
        cap: usize,
    ) -> Deal {
        let lists: Vec<Vec<u32>> = batches.iter().map(|b| b.concat()).collect();
        let loader = BatchSampler::new(batch_size.max(1) as i64, false).expect("a positive size");
        let mut deal = Deal::from_lists(n, &lists, origin, &loader, cap);
        for (lane, batches) in deal.lanes.iter_mut().zip(batches) {
            lane.loader_len = batches.len();
            let short = |b: &Vec<u32>| b.len() != batch_size;
            if batches.iter().rev().skip(1).any(short) {
                lane.batch_lens = batches.iter().map(Vec::len).collect();
            }
        }
        deal
    }
}

/// Lane `rank`'s mark in [`Deal::from_lists`]'s byte per sample: `rank + 1` in seven bits
/// (ranks are at most [`MAX_REPLICAS`](crate::model::MAX_REPLICAS), 64).
fn lane_mark(rank: usize) -> u8 {
    debug_assert!(rank < 0x7f, "rank {rank} does not fit in seven bits");
    (rank % 0x7f) as u8 + 1
}

/// Each rank's first `cap` positions' origins when batches are handed out step by step, rank
/// by rank: a sample's first copy in that order is the sample, any later one a copy made to
/// even the ranks out. A position's origin depends only on the steps before it, so the steps
/// after the one holding every rank's `cap`-th position are not walked.
pub fn first_copies(n: usize, batches: &[Vec<Vec<u32>>], cap: usize) -> Vec<Vec<Origin>> {
    let mut seen = vec![false; n];
    let mut origins: Vec<Vec<Origin>> = batches.iter().map(|_| Vec::new()).collect();
    // Each lane's positions wanted: its first `cap`, or all it has.
    let wanted: Vec<usize> =
        batches.iter().map(|b| b.iter().map(Vec::len).sum::<usize>().min(cap)).collect();
    let steps = batches.iter().map(Vec::len).max().unwrap_or(0);
    for step in 0..steps {
        if origins.iter().zip(&wanted).all(|(o, &wanted)| o.len() >= wanted) {
            break;
        }
        for (rank, batches) in batches.iter().enumerate() {
            for &index in batches.get(step).into_iter().flatten() {
                let first = !std::mem::replace(&mut seen[index as usize], true);
                origins[rank].push(if first { Origin::Sample } else { Origin::Padding });
            }
        }
    }
    origins
}

/// Each position's origin in one rank's batches: a sample the rank already processed this
/// epoch (after a resume, or from another of its workers) is processed again.
pub fn again_in_lane(n: usize, batches: &[Vec<u32>]) -> Vec<Origin> {
    let mut seen = vec![false; n];
    let mut again = |i: &u32| std::mem::replace(&mut seen[*i as usize], true);
    batches
        .iter()
        .flatten()
        .map(|i| if again(i) { Origin::Again } else { Origin::Sample })
        .collect()
}

/// The `cap` smallest of `samples`, ascending.
pub(super) fn first_sorted(mut samples: Vec<u32>, cap: usize) -> Vec<u32> {
    samples.sort_unstable();
    samples.truncate(cap);
    samples
}
