//! The "no sampler" set-up beside the distributed picture: every rank's process runs
//! `DataLoader(shuffle=...)` on the whole dataset. What the story's step 5, its cost line, the
//! charts' contrast and the downloads read; computed on its own, so that the
//! [`super::Picture`] holds the distributed sampler's epoch alone.

use super::params::{Field, ParamError, Seeding};
use super::picture::{field_of, row_limit};
use super::query::Params;
use super::visits::{self, Visits};
use crate::sampler::{BatchSampler, NoSampler, SamplerError, unpack_seed, unseeded_process_seeds};

/// Above this many `n × num_replicas`, unseeded ranks' dropped tails are not counted.
const COUNT_LIMIT: usize = 1 << 21;

/// The "no sampler" side: `DataLoader(shuffle=...)` on every rank.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoSamplerSide {
    /// Each rank's process seed (`torch.initial_seed()`).
    pub process_seeds: Vec<u64>,
    /// Each rank's first [`row_limit`] indices this epoch.
    pub orders: Vec<Vec<u32>>,
    /// `len(loader)` on each rank.
    pub loader_len: usize,
    /// Times each sample is processed this epoch, if counted at this size.
    pub visits: Option<Visits>,
}

impl NoSamplerSide {
    /// The side for `params` (values the distributed picture accepts), or what PyTorch
    /// refuses without a sampler, against its control.
    pub fn of(params: &Params) -> Result<NoSamplerSide, ParamError> {
        let (side, processes, loader) = Self::listed(params)?;
        let (n, w) = (params.n as usize, processes.len());
        let visits = match params.seeding {
            Seeding::Alike => Some(visits::no_sampler_alike(n, w, &loader)),
            _ if visits::yielded(&loader, n) == n => Some(visits::no_sampler_alike(n, w, &loader)),
            _ if n * w <= COUNT_LIMIT => {
                let full: Vec<Vec<u32>> = processes.iter().map(|p| p.epoch(params.epoch)).collect();
                Some(visits::no_sampler(n, full.iter().map(Vec::as_slice), &loader))
            }
            _ => None,
        };
        Ok(NoSamplerSide { visits, ..side })
    }

    /// [`Self::of`] but its visits (`None`): each process's seed and first indices, what a
    /// download lists; with the processes and the loader.
    pub(crate) fn listed(
        params: &Params,
    ) -> Result<(NoSamplerSide, Vec<NoSampler>, BatchSampler), ParamError> {
        let loader = params
            .loader_config()
            .check(params.n, true)
            .map_err(|e| ParamError::from_sampler(field_of(&e), &e))?;
        let processes = no_sampler_processes(params)?;
        let process_seeds = processes.iter().map(NoSampler::process_seed).collect();
        let n = params.n as usize;
        let limit = row_limit(processes.len()).min(n) as u32;
        let orders = processes.iter().map(|p| p.epoch_prefix(params.epoch, limit)).collect();
        let side = NoSamplerSide { process_seeds, orders, loader_len: loader.len(n), visits: None };
        Ok((side, processes, loader))
    }
}

/// Each of `num_replicas` processes running `DataLoader(shuffle=...)` without a sampler,
/// seeded alike or not at all, or what PyTorch (or the page) refuses, against its control.
pub(crate) fn no_sampler_processes(params: &Params) -> Result<Vec<NoSampler>, ParamError> {
    let w = usize::try_from(params.num_replicas).unwrap_or(0);
    let field = match params.seeding {
        Seeding::Alike => Field::ManualSeed,
        Seeding::Unseeded => Field::OsSeed,
    };
    let refused = |e: SamplerError| ParamError::from_sampler(field_of_no_sampler(&e, field), &e);
    let process_seeds = match params.seeding {
        Seeding::Alike => vec![unpack_seed(params.manual_seed).map_err(refused)?; w],
        Seeding::Unseeded => unseeded_process_seeds(params.os_seed, w),
    };
    process_seeds
        .iter()
        .map(|&s| NoSampler::with_process_seed(params.n, params.shuffle, s))
        .collect::<Result<Vec<_>, _>>()
        .map_err(refused)
}

fn field_of_no_sampler(error: &SamplerError, seed_field: Field) -> Field {
    match error {
        SamplerError::SeedOverflow { .. } => seed_field,
        other => field_of(other),
    }
}
