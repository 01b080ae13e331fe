//! Several epochs of one sampler: how alike their orders are, and how much of the dataset each
//! rank has processed after `k` epochs. Each epoch needs a whole permutation, so
//! [`HistoryTask`] works in slices ([`HistoryTask::advance`]) that a page runs between frames.
//!
//! Epochs that share a generator seed (no `set_epoch`, or `shuffle=False`) share their order,
//! so they are compared and counted once. Orders are kept for re-use while all of them fit in
//! [`CACHE_LIMIT`] indices; past that an order is drawn again when a pair needs it, which
//! costs time instead of a tab's memory.

use std::sync::Arc;

pub use super::known::History;
use crate::model::picture::refused;
use crate::model::visits::yielded;
use crate::model::{Field, ParamError, Params, Picture};
use crate::sampler::{
    BatchSampler, DistributedSampler, Epoch, EpochTask, SamplerError, unpack_seed,
};

/// Epochs `0 .. EPOCHS` are compared and counted: the epoch history's range
/// ([`crate::model::scheme::history::EPOCHS`]), so that the page names one range.
pub const EPOCHS: usize = crate::model::scheme::history::EPOCHS as usize;
/// Ranks `0 .. TRACKED_RANKS` get a coverage curve (as many as the palette has colours).
pub const TRACKED_RANKS: usize = 8;
/// Keep every epoch's order when together they hold at most this many indices (32 MB).
pub const CACHE_LIMIT: usize = 1 << 23;

/// The work behind a [`History`], done a slice at a time.
pub struct HistoryTask {
    sampler: DistributedSampler,
    set_epoch: bool,
    /// Positions `0 .. kept` of the padded list are processed (the loader may drop a batch).
    kept: usize,
    /// Each epoch's generator seed (`None` without shuffling): equal seeds, equal orders.
    keys: Vec<Option<u64>>,
    cache: Option<Vec<Option<Arc<Epoch>>>>,
    /// The picture's own epoch with its generator seed: an epoch with the same seed is that
    /// very order, so it is not drawn again.
    shown: Option<(Option<u64>, Arc<Epoch>)>,
    /// The cell being computed: `row <= col`.
    row: usize,
    col: usize,
    a: Option<Arc<Epoch>>,
    b: Option<Arc<Epoch>>,
    drawing: Option<EpochTask>,
    cursor: usize,
    agree: u64,
    bits: Vec<Vec<u64>>,
    counts: Vec<u64>,
    history: History,
}

impl HistoryTask {
    /// Starts on epochs `0 .. EPOCHS` of the picture's sampler and loader (its own epoch
    /// aside), told each epoch by `set_epoch` or never, as the picture's parameters say.
    pub fn new(picture: &Picture) -> Self {
        let (n, w) = (picture.epoch.order().len(), picture.epoch.num_replicas());
        let shown = seed_key(&picture.sampler).ok().map(|key| (key, picture.epoch.clone()));
        let (sampler, loader) = (&picture.sampler, &picture.loader);
        HistoryTask::with(sampler, loader, picture.params.set_epoch, (n, w), shown)
    }

    /// [`HistoryTask::new`] for `params` without their picture, as the story's part starts it
    /// ([`crate::parts`]): the same checks as [`Picture::start`], and the picture's own epoch
    /// drawn again where an epoch needs it.
    pub fn start(params: &Params) -> Result<Self, Vec<ParamError>> {
        let sampler =
            DistributedSampler::new(&params.sampler_config(params.rank)).map_err(refused)?;
        let loader = params.loader_config().check(params.n, true).map_err(refused)?;
        // Both fit: the sampler has just accepted them (the size cap is far below usize::MAX).
        let (n, w) = (params.n as usize, params.num_replicas as usize);
        Ok(HistoryTask::with(&sampler, &loader, params.set_epoch, (n, w), None))
    }

    /// Starts on `(n, w)` = (`len(dataset)`, `num_replicas`), re-using `shown` (an epoch with
    /// its generator seed) for any epoch with that seed.
    fn with(
        sampler: &DistributedSampler,
        loader: &BatchSampler,
        set_epoch: bool,
        (n, w): (usize, usize),
        shown: Option<(Option<u64>, Arc<Epoch>)>,
    ) -> Self {
        let (keys, error) = seed_keys(sampler, set_epoch);
        let k = keys.len();
        let tracked = w.min(TRACKED_RANKS);
        HistoryTask {
            sampler: sampler.clone(),
            set_epoch,
            kept: yielded(loader, sampler.len()) * w,
            cache: (n.saturating_mul(k) <= CACHE_LIMIT).then(|| vec![None; k]),
            shown,
            keys,
            row: 0,
            col: 0,
            a: None,
            b: None,
            drawing: None,
            cursor: 0,
            agree: 0,
            bits: vec![vec![0; n / 64 + 1]; tracked],
            counts: vec![0; tracked],
            history: History {
                n: n as u64,
                total_size: sampler.total_size() as u64,
                num_replicas: w,
                matches: vec![vec![None; k]; k],
                seen: vec![Vec::new(); tracked],
                error: error.map(|e| ParamError::from_sampler(Field::Seed, &e)),
            },
        }
    }

    /// What is known so far.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Does up to about `steps` units of work (permutation steps or positions compared);
    /// `true` once everything is known.
    pub fn advance(&mut self, steps: u32) -> bool {
        let mut budget = steps as usize;
        while !self.done() && budget > 0 {
            budget = budget.saturating_sub(self.step(budget).max(1));
        }
        self.done()
    }

    /// Does what is left and gives the whole history.
    pub fn finish(mut self) -> History {
        while !self.advance(u32::MAX) {}
        self.history
    }

    fn done(&self) -> bool {
        self.row >= self.keys.len()
    }

    /// One piece of the current cell; returns the work done.
    fn step(&mut self, budget: usize) -> usize {
        let (row, col) = (self.row, self.col);
        if col == row {
            if let Some(earlier) = (0..row).find(|&r| self.keys[r] == self.keys[row]) {
                return self.copy_row(earlier);
            }
            if row > 0 {
                // Only the first row counts coverage; an epoch agrees with itself everywhere.
                return self.finish_cell(self.history.total_size);
            }
        } else if let Some(earlier) = (0..col).find(|&c| self.keys[c] == self.keys[col]) {
            // Epoch `col` repeats epoch `earlier` exactly: same agreement (known by now, on
            // this row or by symmetry), and nothing new seen.
            let agree = self.history.matches[row][earlier];
            return self.finish_cell(agree.unwrap_or(0));
        }
        if self.a.is_none() {
            return self.obtain(row, budget);
        }
        if col != row && self.b.is_none() {
            return self.obtain(col, budget);
        }
        self.scan(budget)
    }

    /// Row `row` is the same order as row `earlier`: the same agreements everywhere.
    fn copy_row(&mut self, earlier: usize) -> usize {
        let row = self.row;
        for col in row..self.keys.len() {
            let agree = self.history.matches[earlier][col];
            self.history.matches[row][col] = agree;
            self.history.matches[col][row] = agree;
        }
        self.next_row();
        1
    }

    /// Gets epoch `e` into the free slot (`a`, then `b`), drawing it in slices if needed.
    fn obtain(&mut self, e: usize, budget: usize) -> usize {
        let shown = self.shown.as_ref().filter(|(key, _)| *key == self.keys[e]);
        if let Some(epoch) = shown.map(|(_, epoch)| epoch.clone()) {
            self.put(epoch);
            return 1;
        }
        if let Some(epoch) = self.cache.as_ref().and_then(|c| c[e].clone()) {
            self.put(epoch);
            return 1;
        }
        let task = match self.drawing.take() {
            Some(task) => task,
            None => match self.sampler_at(e).start_epoch() {
                Ok(task) => task,
                Err(error) => return self.fail(e, error),
            },
        };
        let mut task = task;
        let before = task.progress().0;
        let finished = task.advance(u32::try_from(budget).unwrap_or(u32::MAX));
        let work = task.progress().0.saturating_sub(before) as usize;
        if !finished {
            self.drawing = Some(task);
            return work;
        }
        let epoch = Arc::new(task.finish());
        if let Some(cache) = self.cache.as_mut() {
            cache[e] = Some(epoch.clone());
        }
        self.put(epoch);
        work
    }

    fn put(&mut self, epoch: Arc<Epoch>) {
        if self.a.is_none() { self.a = Some(epoch) } else { self.b = Some(epoch) }
    }

    /// The sampler as told epoch `e` (or never told).
    fn sampler_at(&self, e: usize) -> DistributedSampler {
        let mut sampler = self.sampler.clone();
        sampler.set_epoch(if self.set_epoch { e as i128 } else { 0 });
        sampler
    }

    /// Stops before epoch `k`: the charts show the epochs before it and say why. (The seeds
    /// are checked up front, so this is only a guard.)
    fn fail(&mut self, k: usize, error: SamplerError) -> usize {
        self.keys.truncate(k);
        self.history.matches.truncate(k);
        self.history.matches.iter_mut().for_each(|m| m.truncate(k));
        self.history.seen.iter_mut().for_each(|s| s.truncate(k));
        self.history.error = Some(ParamError::from_sampler(Field::Seed, &error));
        // The cell under way may lie beyond the epochs kept: go on from the next row.
        self.drawing = None;
        if self.col >= self.keys.len() {
            self.next_row();
        }
        1
    }

    /// Compares positions of `a` and `b` (the cell's two epochs), and on the first row marks
    /// what each tracked rank processes in epoch `col`.
    fn scan(&mut self, budget: usize) -> usize {
        let (Some(a), b) = (self.a.clone(), self.b.clone()) else { return 1 };
        let newest = b.clone().unwrap_or_else(|| a.clone());
        let end = if b.is_some() { a.total_size() } else { self.kept };
        let stop = self.cursor.saturating_add(budget).min(end);
        let (w, tracked) = (self.history.num_replicas, self.bits.len());
        for p in self.cursor..stop {
            if let Some(b) = &b {
                self.agree += u64::from(a.padded_at(p) == b.padded_at(p));
            }
            if self.row == 0 && p < self.kept && p % w < tracked {
                let (r, s) = (p % w, newest.padded_at(p) as usize);
                let (word, bit) = (s / 64, 1u64 << (s % 64));
                if self.bits[r][word] & bit == 0 {
                    self.bits[r][word] |= bit;
                    self.counts[r] += 1;
                }
            }
        }
        let work = stop - self.cursor;
        self.cursor = stop;
        if stop >= end {
            let agree = if b.is_some() { self.agree } else { self.history.total_size };
            self.finish_cell(agree);
        }
        work
    }

    /// Records the current cell (and, on the first row, the coverage after epoch `col`).
    fn finish_cell(&mut self, agree: u64) -> usize {
        let (row, col) = (self.row, self.col);
        self.history.matches[row][col] = Some(agree);
        self.history.matches[col][row] = Some(agree);
        if row == 0 {
            for (seen, &count) in self.history.seen.iter_mut().zip(&self.counts) {
                seen.push(count);
            }
        }
        (self.b, self.cursor, self.agree) = (None, 0, 0);
        self.col += 1;
        if self.col >= self.keys.len() {
            self.next_row();
        }
        1
    }

    fn next_row(&mut self) {
        self.row += 1;
        (self.col, self.a, self.b, self.cursor, self.agree) = (self.row, None, None, 0, 0);
    }
}

/// Each epoch's generator seed as the engine gets it, up to the first one out of range.
fn seed_keys(
    sampler: &DistributedSampler,
    set_epoch: bool,
) -> (Vec<Option<u64>>, Option<SamplerError>) {
    let mut keys = Vec::with_capacity(EPOCHS);
    for e in 0..EPOCHS {
        let mut s = sampler.clone();
        s.set_epoch(if set_epoch { e as i128 } else { 0 });
        match seed_key(&s) {
            Ok(key) => keys.push(key),
            Err(error) => return (keys, Some(error)),
        }
    }
    (keys, None)
}

/// The seed a sampler's generator gets for its epoch (`None` without shuffling): two epochs
/// with the same key have the same order.
fn seed_key(sampler: &DistributedSampler) -> Result<Option<u64>, SamplerError> {
    sampler.generator_seed().map(unpack_seed).transpose()
}
