//! `torch.utils.data.DistributedSampler`: shuffle with `seed + epoch`, pad by wrap-around or
//! trim (`drop_last`), then stripe `indices[rank::num_replicas]`.
//!
//! Python builds the whole list again in every process and keeps one stripe of it. The page
//! shows every rank at once, so [`DistributedSampler::epoch`] draws the permutation **once**
//! and every rank is read from it.

use super::{Generator, MAX_LEN, MAX_TOTAL_SIZE, Randperm, SamplerError, randperm_prefix};

/// The arguments of `DistributedSampler(dataset, num_replicas, rank, shuffle, seed, drop_last)`
/// and the epoch passed to `set_epoch` (0 when it is never called).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// `len(dataset)`.
    pub n: u64,
    /// How many processes share the dataset.
    pub num_replicas: i64,
    /// This process's number, `0 ..= num_replicas - 1`.
    pub rank: i64,
    /// Shuffle with a generator seeded by `seed + epoch`; otherwise keep `0..n` in order.
    pub shuffle: bool,
    /// The seed every process must share.
    pub seed: i128,
    /// Trim the tail so it divides evenly, instead of padding by wrap-around.
    pub drop_last: bool,
    /// The value given to `set_epoch`.
    pub epoch: i128,
}

impl Default for Config {
    /// PyTorch's defaults on the classic toy example: 8 samples on 2 ranks.
    fn default() -> Self {
        Self { n: 8, num_replicas: 2, rank: 0, shuffle: true, seed: 0, drop_last: false, epoch: 0 }
    }
}

/// A validated `DistributedSampler`, as built by its constructor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DistributedSampler {
    n: u32,
    num_replicas: u32,
    rank: u32,
    shuffle: bool,
    seed: i128,
    epoch: i128,
    num_samples: u32,
}

impl DistributedSampler {
    /// Checks `config` as PyTorch's constructor does, then against this tool's size limit.
    pub fn new(config: &Config) -> Result<Self, SamplerError> {
        let Config { n, num_replicas, rank, shuffle, seed, drop_last, epoch } = *config;
        if rank >= num_replicas || rank < 0 {
            return Err(SamplerError::InvalidRank { rank, num_replicas });
        }
        if n > u64::from(MAX_LEN) {
            return Err(SamplerError::DatasetTooLarge { n: n.into() });
        }
        let w = num_replicas as u64;
        // ceil((n - w) / w) when trimming a ragged tail; ceil(n / w) otherwise. For n < w the
        // trimmed count is ceil of a value in (-1, 0), which is 0.
        let num_samples = if drop_last && n % w != 0 { n / w } else { n.div_ceil(w) };
        let total_size = u128::from(num_samples) * u128::from(w);
        if total_size > u128::from(MAX_TOTAL_SIZE) {
            return Err(SamplerError::TotalSizeTooLarge { total_size });
        }
        Ok(Self {
            n: n as u32,
            num_replicas: w as u32,
            rank: rank as u32,
            shuffle,
            seed,
            epoch,
            num_samples: num_samples as u32,
        })
    }

    /// `sampler.set_epoch(epoch)`.
    pub fn set_epoch(&mut self, epoch: i128) {
        self.epoch = epoch;
    }

    /// `len(sampler)`: how many indices each rank gets (`num_samples`).
    pub fn len(&self) -> usize {
        self.num_samples as usize
    }

    /// True when every rank gets no index at all.
    pub fn is_empty(&self) -> bool {
        self.num_samples == 0
    }

    /// `total_size = num_samples * num_replicas`: the length after padding or trimming.
    pub fn total_size(&self) -> usize {
        self.len() * self.num_replicas as usize
    }

    /// The seed the epoch's generator gets, `seed + epoch`, or `None` without shuffling.
    pub fn generator_seed(&self) -> Option<i128> {
        self.shuffle.then(|| self.seed.saturating_add(self.epoch))
    }

    /// Every rank's indices for the current epoch, from one permutation.
    pub fn epoch(&self) -> Result<Epoch, SamplerError> {
        Ok(self.start_epoch()?.finish())
    }

    /// The current epoch, to be drawn in slices ([`EpochTask::advance`]) by a page that must
    /// stay responsive; the result is [`DistributedSampler::epoch`]'s.
    pub fn start_epoch(&self) -> Result<EpochTask, SamplerError> {
        let order = match self.generator_seed() {
            Some(seed) => {
                Order::Drawing(Box::new(Randperm::new(self.n, Generator::manual_seed(seed)?)))
            }
            None => Order::Ready((0..self.n).collect()),
        };
        Ok(EpochTask {
            order,
            total_size: self.total_size(),
            num_replicas: self.num_replicas as usize,
        })
    }

    /// The current epoch from its list before padding, `order`, drawn elsewhere by
    /// [`DistributedSampler::epoch`] (in another process, or in another module of a page that
    /// holds it), so that it need not be drawn twice; `None` unless `order` is a permutation of
    /// the dataset's indices.
    pub fn epoch_from(&self, order: &[u32]) -> Option<Epoch> {
        let mut receiver = self.receive_epoch();
        receiver.take(order).then_some(())?;
        receiver.finish()
    }

    /// [`DistributedSampler::epoch_from`] a slice at a time, for a page that must stay
    /// responsive while a large list is handed over.
    pub fn receive_epoch(&self) -> EpochReceiver {
        let n = self.n as usize;
        EpochReceiver {
            // All of it at once: growing by doubling would copy the list again and again.
            order: Vec::with_capacity(n),
            seen: vec![0; n.div_ceil(64)],
            n,
            total_size: self.total_size(),
            num_replicas: self.num_replicas as usize,
        }
    }

    /// The first `k` indices of every rank this epoch, drawing only the start of the
    /// permutation when that is enough (large datasets, short previews).
    pub fn preview(&self, k: usize) -> Result<Vec<Vec<u32>>, SamplerError> {
        let w = self.num_replicas as usize;
        let k = k.min(self.len());
        let needed = k * w;
        if needed >= self.n as usize {
            let epoch = self.epoch()?;
            return Ok((0..w).map(|r| epoch.rank(r).take(k).collect()).collect());
        }
        let prefix = match self.generator_seed() {
            Some(seed) => {
                randperm_prefix(self.n, needed as u32, &mut Generator::manual_seed(seed)?)
            }
            None => (0..needed as u32).collect(),
        };
        Ok((0..w).map(|r| prefix.iter().skip(r).step_by(w).copied().collect()).collect())
    }

    /// `list(sampler)`: this rank's indices for the current epoch.
    pub fn indices(&self) -> Result<Vec<u32>, SamplerError> {
        Ok(self.epoch()?.rank(self.rank as usize).collect())
    }
}

/// An epoch whose permutation is being drawn, a slice at a time.
#[derive(Clone)]
pub struct EpochTask {
    order: Order,
    total_size: usize,
    num_replicas: usize,
}

#[derive(Clone)]
enum Order {
    Drawing(Box<Randperm>),
    Ready(Vec<u32>),
}

impl EpochTask {
    /// Takes up to `steps` more steps of `randperm`; `true` once the order is drawn.
    pub fn advance(&mut self, steps: u32) -> bool {
        match &mut self.order {
            Order::Drawing(task) => task.advance(steps),
            Order::Ready(_) => true,
        }
    }

    /// How far the drawing is: steps taken and steps in all.
    pub fn progress(&self) -> (u32, u32) {
        match &self.order {
            Order::Drawing(task) => task.progress(),
            Order::Ready(_) => (0, 0),
        }
    }

    /// Draws what is left and gives the epoch.
    pub fn finish(self) -> Epoch {
        let order = match self.order {
            Order::Drawing(task) => task.finish().0,
            Order::Ready(order) => order,
        };
        Epoch { order, total_size: self.total_size, num_replicas: self.num_replicas }
    }
}

/// An epoch handed over a slice at a time ([`DistributedSampler::receive_epoch`]): its list
/// before padding, checked as it comes to be a permutation of the dataset's indices.
#[derive(Debug, Clone)]
pub struct EpochReceiver {
    order: Vec<u32>,
    /// A bit per index: whether it has come.
    seen: Vec<u64>,
    n: usize,
    total_size: usize,
    num_replicas: usize,
}

impl EpochReceiver {
    /// How many indices have come so far.
    pub fn received(&self) -> usize {
        self.order.len()
    }

    /// Takes the next `slice` of the list; `false` (keeping none of it) when it holds an index
    /// that is not the dataset's, one that came before, or more than the dataset holds.
    pub fn take(&mut self, slice: &[u32]) -> bool {
        if slice.len() > self.n - self.order.len() {
            return false;
        }
        let place = |i: u32| (i as usize / 64, 1u64 << (i % 64));
        for (k, &i) in slice.iter().enumerate() {
            let (word, bit) = place(i);
            if i as usize >= self.n || self.seen[word] & bit != 0 {
                // Give back what this slice marked (each index before `k` marked anew), so
                // that nothing of it is kept.
                for &j in &slice[..k] {
                    let (word, bit) = place(j);
                    self.seen[word] &= !bit;
                }
                return false;
            }
            self.seen[word] |= bit;
        }
        self.order.extend_from_slice(slice);
        true
    }

    /// Whether every index has come.
    pub fn is_whole(&self) -> bool {
        self.order.len() == self.n
    }

    /// The epoch, once every index has come.
    pub fn finish(self) -> Option<Epoch> {
        self.is_whole().then_some(Epoch {
            order: self.order,
            total_size: self.total_size,
            num_replicas: self.num_replicas,
        })
    }
}

/// One epoch of a `DistributedSampler`, every stage and every rank.
///
/// Only the shuffled list is stored: position `j` of the padded list is `order[j % n]`, which
/// is both of Python's padding rules (`indices[:padding]`, and the list repeated when the
/// padding is longer than the list).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Epoch {
    order: Vec<u32>,
    total_size: usize,
    num_replicas: usize,
}

impl Epoch {
    /// The list before padding or trimming: `randperm(n)`, or `0..n` without shuffling.
    pub fn order(&self) -> &[u32] {
        &self.order
    }

    /// How many ranks share the epoch.
    pub fn num_replicas(&self) -> usize {
        self.num_replicas
    }

    /// Each rank's share, `len(sampler)`.
    pub fn num_samples(&self) -> usize {
        self.total_size / self.num_replicas
    }

    /// The length after padding or trimming.
    pub fn total_size(&self) -> usize {
        self.total_size
    }

    /// Index at position `j` of the padded (or trimmed) list; `j < total_size`.
    pub fn padded_at(&self, j: usize) -> u32 {
        let n = self.order.len();
        self.order[if j < n { j } else { j % n }]
    }

    /// The padded (or trimmed) list, `total_size` indices.
    pub fn padded(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.total_size).map(|j| self.padded_at(j))
    }

    /// How many positions were added by wrap-around (0 with `drop_last`).
    pub fn padding_len(&self) -> usize {
        self.total_size.saturating_sub(self.order.len())
    }

    /// The tail `drop_last` cut off (empty when padding).
    pub fn dropped(&self) -> &[u32] {
        &self.order[self.total_size.min(self.order.len())..]
    }

    /// Rank `rank`'s indices in order: `padded[rank::num_replicas]`.
    pub fn rank(&self, rank: usize) -> impl Iterator<Item = u32> + '_ {
        (rank..self.total_size).step_by(self.num_replicas).map(|j| self.padded_at(j))
    }

    /// Every rank's indices, rank 0 first.
    pub fn ranks(&self) -> Vec<Vec<u32>> {
        (0..self.num_replicas).map(|r| self.rank(r).collect()).collect()
    }
}
