//! Where each chip of the animated pipeline sits at each [`Stage`], for datasets small enough to
//! draw one element per sample. The UI only moves elements to these places.
//!
//! A chip is one occurrence of a sample in `DistributedSampler.__iter__`'s list, with a key that
//! stays the same at every stage so the eye can follow it: the `n` samples are keyed by their
//! dataset index, the wrap-around copies (`indices += indices[:padding_size]`) by their position
//! `j >= n` in the padded list. Every number comes from the core's [`Epoch`] and the loader's
//! [`BatchSampler`](crate::sampler::BatchSampler); nothing here samples.

use super::{Picture, Stage};
use crate::sampler::Epoch;

/// The pipeline is drawn chip by chip only when `max(n, total_size)` is at most this.
pub const CHIP_LIMIT: usize = 192;
/// Grid units left of the rows at Stripe and Batch, where the `rank r` labels go.
pub const LABEL_WIDTH: f32 = 2.0;
/// Grid units between two batches of a rank.
pub const BATCH_GAP: f32 = 0.5;
/// Grid units between one rank's row and the next, more when a rank's row wraps.
pub const ROW_GAP: f32 = 0.25;
/// Grid units between one rank's wrapped row and the next.
pub const WIDE_ROW_GAP: f32 = 0.75;
/// Extra grid units above a batch that starts a new line.
pub const BATCH_LINE_GAP: f32 = 0.25;

/// Which chip this is: the same at every stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ChipKey {
    /// The dataset's sample with this index.
    Sample(u32),
    /// The wrap-around padding copy at this position (`>= n`) of the padded list.
    Copy(usize),
}

/// What a chip is at the stage shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChipKind {
    /// A sample of the dataset.
    Sample,
    /// A padding copy of the sample at position `from` (`j % n`) of the shuffled list.
    Padding {
        /// The position in `indices` it copies.
        from: usize,
    },
    /// Cut off by the sampler's `drop_last` (from the Pad stage on).
    Dropped,
}

/// One chip at one stage.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Chip {
    /// Its identity across stages.
    pub key: ChipKey,
    /// The dataset index it shows.
    pub index: u32,
    /// Left edge, in grid units.
    pub x: f32,
    /// Top edge, in grid units.
    pub y: f32,
    /// The rank it goes to, from the Stripe stage on (`None` before, and when dropped).
    pub rank: Option<usize>,
    /// Sample, padding copy or dropped.
    pub kind: ChipKind,
    /// In the short last batch that `DataLoader(drop_last=True)` never yields (Batch stage).
    pub loader_dropped: bool,
    /// False for padding copies before the Pad stage: they sit on their source, unseen.
    pub visible: bool,
}

/// Every chip's place at one stage.
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    /// Every chip, in key order (samples by index, then copies by position) at every stage.
    pub chips: Vec<Chip>,
    /// Grid units from the left edge to the right edge of the rightmost chip.
    pub width: f32,
    /// Grid units from the top to the bottom edge of the lowest chip.
    pub height: f32,
    /// `(y, text)`: a label left of the row starting at `y` (Stripe and Batch).
    pub row_labels: Vec<(f32, String)>,
}

impl Layout {
    /// The chip with this key, if the layout has it.
    pub fn chip(&self, key: ChipKey) -> Option<&Chip> {
        self.chips.binary_search_by_key(&key, |c| c.key).ok().map(|i| &self.chips[i])
    }
}

/// Whether the picture is small enough to draw chip by chip.
pub fn fits(picture: &Picture) -> bool {
    picture.epoch.total_size().max(picture.epoch.order().len()) <= CHIP_LIMIT
}

/// Every chip's place at `stage`, in a grid `columns` units wide (labels included).
pub fn layout(picture: &Picture, stage: Stage, columns: usize) -> Layout {
    let places = Places::new(picture, stage, columns.max(1));
    let chips: Vec<Chip> = occurrences(&picture.epoch)
        .map(|(key, index, position)| places.chip(key, index, position))
        .collect();
    let width = chips.iter().map(|c| c.x + 1.0).fold(0.0, f32::max);
    let height = chips.iter().map(|c| c.y + 1.0).fold(0.0, f32::max);
    Layout { chips, width, height, row_labels: places.labels }
}

/// Every chip's key, index and position in the padded list, in key order. A dropped sample's
/// position is past `total_size`; a copy's source is at position `j % n`.
fn occurrences(epoch: &Epoch) -> impl Iterator<Item = (ChipKey, u32, usize)> + '_ {
    let order = epoch.order();
    let mut position = vec![0; order.len()];
    for (p, &index) in order.iter().enumerate() {
        if let Some(slot) = position.get_mut(index as usize) {
            *slot = p;
        }
    }
    let samples = (0u32..).zip(position).map(|(i, p)| (ChipKey::Sample(i), i, p));
    let copies =
        (order.len()..epoch.total_size()).map(|j| (ChipKey::Copy(j), epoch.padded_at(j), j));
    samples.chain(copies)
}

/// How positions of the padded list map to the grid at one stage.
struct Places {
    stage: Stage,
    columns: usize,
    n: usize,
    total: usize,
    w: usize,
    /// Indices per rank the loader yields (the rest is its dropped short batch).
    kept: usize,
    /// `(x, y)` of a rank's `k`-th index, at Stripe and Batch.
    lane: Vec<(f32, f32)>,
    /// From one rank's first line to the next rank's.
    pitch: f32,
    /// `(x, y)` of the `k`-th index of the sampler's dropped tail, below the ranks.
    tail: Vec<(f32, f32)>,
    tail_y: f32,
    labels: Vec<(f32, String)>,
}

impl Places {
    fn new(picture: &Picture, stage: Stage, columns: usize) -> Self {
        let epoch = &picture.epoch;
        let (n, total, w) = (epoch.order().len(), epoch.total_size(), epoch.num_replicas().max(1));
        let (batches, kept) = batches(picture);
        let groups = if stage == Stage::Batch { batches } else { vec![epoch.num_samples()] };
        let room = (columns as f32 - LABEL_WIDTH).max(1.0);
        let (lane, lines) = flow(&groups, room);
        let pitch = lines.max(1.0) + if lines > 1.0 { WIDE_ROW_GAP } else { ROW_GAP };
        let (tail, _) = flow(&[n.saturating_sub(total)], room);
        let tail_y = w as f32 * pitch;
        let mut labels = Vec::new();
        if stage >= Stage::Stripe {
            labels.extend((0..w).map(|r| (r as f32 * pitch, format!("rank {r}"))));
            if !tail.is_empty() {
                labels.push((tail_y, "dropped".to_string()));
            }
        }
        Self { stage, columns, n, total, w, kept, lane, pitch, tail, tail_y, labels }
    }

    /// The chip at `position` of the padded list (`index` there), as it is at this stage.
    fn chip(&self, key: ChipKey, index: u32, position: usize) -> Chip {
        let stage = self.stage;
        let kind = match key {
            ChipKey::Copy(j) => ChipKind::Padding { from: j.checked_rem(self.n).unwrap_or(0) },
            ChipKey::Sample(_) if position >= self.total && stage >= Stage::Pad => {
                ChipKind::Dropped
            }
            ChipKey::Sample(_) => ChipKind::Sample,
        };
        let striped = stage >= Stage::Stripe && position < self.total;
        let (x, y) = self.place(index, position);
        Chip {
            key,
            index,
            x,
            y,
            rank: striped.then_some(position % self.w),
            kind,
            loader_dropped: stage == Stage::Batch && striped && position / self.w >= self.kept,
            visible: matches!(key, ChipKey::Sample(_)) || stage >= Stage::Pad,
        }
    }

    /// Top-left corner of the chip at `position` (`index` there); before Pad, a copy sits on
    /// its source.
    fn place(&self, index: u32, position: usize) -> (f32, f32) {
        let slot = match self.stage {
            Stage::Indices => index as usize,
            Stage::Shuffle => position.checked_rem(self.n).unwrap_or(0),
            Stage::Pad => position,
            Stage::Stripe | Stage::Batch => return self.striped(position),
        };
        ((slot % self.columns) as f32, (slot / self.columns) as f32)
    }

    /// Rank `j % w`'s row, column `j / w` (`indices[rank::num_replicas]`), or the dropped row.
    fn striped(&self, position: usize) -> (f32, f32) {
        let (row_y, place) = if position < self.total {
            ((position % self.w) as f32 * self.pitch, self.lane.get(position / self.w))
        } else {
            (self.tail_y, self.tail.get(position - self.total))
        };
        let (x, y) = place.copied().unwrap_or_default();
        (LABEL_WIDTH + x, row_y + y)
    }
}

/// The sizes of each rank's batches (the loader's, then the short one it drops) and how many
/// indices per rank the loader yields. Every rank has `num_samples` indices, so rank 0 speaks
/// for all.
fn batches(picture: &Picture) -> (Vec<usize>, usize) {
    let rank0: Vec<u32> = picture.epoch.rank(0).collect();
    let mut sizes: Vec<usize> = picture.loader.batches(&rank0).map(<[u32]>::len).collect();
    let kept: usize = sizes.iter().sum();
    if kept < rank0.len() {
        sizes.push(rank0.len() - kept);
    }
    (sizes, kept)
}

/// `(x, y)` of each chip when `groups` of chips run left to right in lines `room` units wide,
/// [`BATCH_GAP`] between groups; a group that does not fit the rest of a line starts the next
/// one, [`BATCH_LINE_GAP`] lower so the break shows. Also returns the height used.
fn flow(groups: &[usize], room: f32) -> (Vec<(f32, f32)>, f32) {
    const SLACK: f32 = 1e-3;
    let mut places = Vec::with_capacity(groups.iter().sum());
    let (mut x, mut y) = (0.0f32, 0.0f32);
    for &size in groups {
        if x > 0.0 {
            x += BATCH_GAP;
            if x + (size as f32).min(room) > room + SLACK {
                (x, y) = (0.0, y + 1.0 + BATCH_LINE_GAP);
            }
        }
        for _ in 0..size {
            if x + 1.0 > room + SLACK {
                (x, y) = (0.0, y + 1.0);
            }
            places.push((x, y));
            x += 1.0;
        }
    }
    let height = if places.is_empty() { 0.0 } else { y + 1.0 };
    (places, height)
}
