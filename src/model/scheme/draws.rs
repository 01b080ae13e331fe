//! What weighted draws add up to in one epoch, shared by the weighted schemes: a sample one
//! GPU draws twice is a repeat (not padding), the samples drawn on more than one GPU, and,
//! when the weights balance classes, how many of each class every GPU trains on.

use super::{DRAW_LIMIT, Deal, Origin, PER_RANK_LIMIT, refused};
use crate::model::visits::yielded;
use crate::model::weights::Classes;
use crate::model::{Field, ParamError, Params, Problem};
use crate::sampler::{BatchSampler, Number, WeightedRandomSampler, unpack_seed};

/// The weighted schemes' facts about one epoch.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Draws {
    /// Samples drawn on more than one GPU.
    pub on_several_gpus: u64,
    /// Per rank, the draws of a sample that GPU had already drawn this epoch.
    pub repeats: Vec<u64>,
    /// Whether two or more GPUs all drew the very same list.
    pub same_lists: bool,
    /// Per class, when the weights balance classes.
    pub classes: Option<ClassCounts>,
}

/// How many samples of each class every GPU trains on this epoch.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ClassCounts {
    /// Which sample is in which class.
    pub classes: Classes,
    /// Per rank, its samples of class 0 and of class 1 (repeats counted).
    pub per_rank: Vec<[u64; 2]>,
}

impl ClassCounts {
    /// Every GPU's samples of each class, together.
    pub fn total(&self) -> [u64; 2] {
        self.per_rank.iter().fold([0, 0], |[a, b], [x, y]| [a + x, b + y])
    }

    /// The share of the draws the weights aim at for each class, in per cent: the classes
    /// that hold samples weigh alike (weights 1 / the class's size).
    pub fn target_percent(&self) -> [u64; 2] {
        let sizes = self.classes.sizes();
        let held = sizes.iter().filter(|&&s| s > 0).count() as u64;
        sizes.map(|s| if s > 0 { 100 / held.max(1) } else { 0 })
    }
}

/// The deal of GPUs whose samplers yield `lists` (rank 0 first): position `k` of rank `r`
/// is a padding copy when `padding(r, k)`, else a repeat when the GPU drew it before.
pub fn deal(
    n: usize,
    lists: &[Vec<u32>],
    padding: impl Fn(usize, usize) -> bool,
    loader: &BatchSampler,
    cap: usize,
    classes: Option<Classes>,
) -> Deal {
    let mut drawn_by = vec![u32::MAX; n];
    let mut lanes_of = vec![0u8; n];
    let mut repeats = Vec::with_capacity(lists.len());
    let mut per_rank = Vec::with_capacity(lists.len());
    let origins: Vec<Vec<Origin>> = (0u32..)
        .zip(lists)
        .map(|(r, list)| {
            let kept = yielded(loader, list.len());
            let (mut again, mut count) = (0, [0u64; 2]);
            let origins = (0..list.len())
                .map(|k| {
                    let i = list[k] as usize;
                    let first = std::mem::replace(&mut drawn_by[i], r) != r;
                    if k < kept {
                        lanes_of[i] = lanes_of[i].saturating_add(u8::from(first));
                        again += u64::from(!first);
                        if let Some(c) = classes {
                            count[usize::from(c.of(list[k]))] += 1;
                        }
                    }
                    match () {
                        _ if padding(r as usize, k) => Origin::Padding,
                        _ if first => Origin::Sample,
                        _ => Origin::Repeat,
                    }
                })
                .collect();
            repeats.push(again);
            per_rank.push(count);
            origins
        })
        .collect();
    let mut deal = Deal::from_lists(n, lists, |r, k| origins[r][k], loader, cap);
    let on_several_gpus = lanes_of.iter().filter(|&&l| l >= 2).count() as u64;
    let same_lists = lists.len() >= 2 && lists.windows(2).all(|w| w[0] == w[1]);
    let classes = classes.map(|classes| ClassCounts { classes, per_rank });
    deal.draws = Some(Draws { on_several_gpus, repeats, same_lists, classes });
    deal
}

/// `WeightedRandomSampler(weights, num_samples, replacement)` as `params` build it, after the
/// Python's earlier lines: each process's `manual_seed` of the draws' seed (against
/// `inner_seed`), then this page's limits on the lists every rank draws.
pub fn sampler(params: &Params) -> Result<WeightedRandomSampler, Vec<ParamError>> {
    let w = params.num_replicas.max(0) as usize;
    lists_fit(params, Field::N, params.n)?;
    for rank in 0..w.max(1) {
        let seed = params.generator.seeding().seed(params.inner_seed, rank);
        unpack_seed(seed).map_err(|e| vec![ParamError::from_sampler(Field::InnerSeed, &e)])?;
    }
    let weights = params.weights.values(params.n as usize);
    let num_samples = params.num_samples.unwrap_or(Number::Int(params.n.into()));
    let sampler = WeightedRandomSampler::new(weights, num_samples, params.replacement);
    let sampler = sampler.map_err(refused)?;
    lists_fit(params, Field::NumSamples, sampler.len() as u64)?;
    Ok(sampler)
}

/// Refuses, against `field`, lists of `len` on every rank beyond [`PER_RANK_LIMIT`] in all.
pub fn lists_fit(params: &Params, field: Field, len: u64) -> Result<(), Vec<ParamError>> {
    let all = len.saturating_mul(params.num_replicas.max(1) as u64);
    if all > PER_RANK_LIMIT {
        let problem = Problem::TooManyIndices { max: PER_RANK_LIMIT };
        return Err(vec![ParamError::new(field, problem)]);
    }
    Ok(())
}

/// Refuses an epoch that `per_epoch` draws of every rank in each earlier epoch take beyond
/// [`DRAW_LIMIT`] to reach (the generators run on from epoch to epoch).
pub fn epochs_fit(params: &Params, per_epoch: u64) -> Result<(), Vec<ParamError>> {
    let all = per_epoch.saturating_mul(params.num_replicas.max(1) as u64).max(1);
    let max = DRAW_LIMIT / all;
    if params.epoch > max {
        let problem = Problem::EpochTooFar { max };
        return Err(vec![ParamError::new(Field::Epoch, problem)]);
    }
    Ok(())
}
