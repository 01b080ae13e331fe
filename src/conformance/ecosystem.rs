//! Checkers for the ecosystem's golden cases (`tests/golden/ecosystem/`): Accelerate,
//! Lightning and torchdata, each rebuilt from the case's fields and run on the core.

use super::Fields;
use super::cases::{compare_lists, expect_error, int_as, raised, sampler_config};
use crate::sampler::workers::map_workers;
use crate::sampler::{
    AccelerateConfig, BatchSampler, Config, DistributedSampler, Inner, IterableLoader, Prepared,
    Resume, SamplerError, Sharding, Unrepeated, Wrapper,
};

/// `accelerate_prepare`: `torch.manual_seed(manual_seed)`, `DataLoader(range(n), batch_size,
/// shuffle, drop_last=loader_drop_last)`, `prepare_data_loader(...)` in each process, then
/// `epochs` epochs (`set_epoch(e)` before each when `set_epoch`).
pub fn accelerate_case(c: &Fields) -> Result<(), String> {
    let config = AccelerateConfig {
        n: int_as(c, "n")?,
        num_processes: int_as(c, "num_processes")?,
        batch_size: int_as(c, "batch_size")?,
        shuffle: c.bool_or("shuffle", false)?,
        drop_last: c.bool_or("loader_drop_last", false)?,
        split_batches: c.bool_or("split_batches", false)?,
        even_batches: c.bool_or("even_batches", true)?,
        use_seedable_sampler: c.bool_or("use_seedable_sampler", false)?,
        data_seed: if c.is_null("data_seed") { None } else { Some(c.int("data_seed")?) },
        manual_seed: c.int("manual_seed")?,
    };
    let prepared = Prepared::new(&config);
    if c.has("error") {
        return expect_error(c, prepared.map(drop));
    }
    let prepared = prepared.map_err(raised)?;
    let want = c.int_list_lists_lists("batches")?;
    if want.len() != config.num_processes {
        return Err(format!("{} processes listed, {} expected", want.len(), config.num_processes));
    }
    let epochs = int_as::<u64>(c, "epochs")?;
    for epoch in 0..epochs {
        let got = prepared.epoch(epoch).map_err(raised)?;
        for (p, (want, got)) in want.iter().zip(&got).enumerate() {
            let want = want.get(epoch as usize).ok_or("fewer epochs listed than `epochs`")?;
            compare_lists(&format!("process {p} epoch {epoch}"), want, got)?;
        }
    }
    Ok(())
}

/// `lightning_wrapper`: `DistributedSamplerWrapper(inner, num_replicas, rank, shuffle, seed,
/// drop_last)`, `set_epoch(e)` and `list(...)` for each epoch, in each rank.
pub fn wrapper_case(c: &Fields) -> Result<(), String> {
    let inner = match c.str("inner")? {
        "sequential" => Inner::Sequential,
        "random" => Inner::Random { seed: c.int("inner_seed")? },
        other => return Err(format!("unknown inner sampler `{other}`")),
    };
    per_rank_epochs(c, |config| Wrapper { inner, config }.indices())
}

/// `lightning_unrepeated`: `UnrepeatedDistributedSampler(range(n), num_replicas, rank,
/// shuffle, seed)`, `set_epoch(e)` and `list(...)` for each epoch, in each rank.
pub fn unrepeated_case(c: &Fields) -> Result<(), String> {
    per_rank_epochs(c, |config| Unrepeated { config }.indices())
}

/// `indices[r][e]` against `indices(config)` for every rank and epoch.
fn per_rank_epochs(
    c: &Fields,
    indices: impl Fn(Config) -> Result<Vec<u32>, SamplerError>,
) -> Result<(), String> {
    let want = c.int_list_lists("indices")?;
    let w: i64 = int_as(c, "num_replicas")?;
    if want.len() as i64 != w {
        return Err(format!("{} ranks listed, {w} expected", want.len()));
    }
    let base = Config {
        n: int_as(c, "n")?,
        num_replicas: w,
        rank: 0,
        shuffle: c.bool_or("shuffle", true)?,
        seed: c.int_or("seed", 0)?,
        drop_last: c.bool_or("drop_last", false)?,
        epoch: 0,
    };
    for (rank, epochs) in want.iter().enumerate() {
        for (epoch, want) in epochs.iter().enumerate() {
            let config = Config { rank: rank as i64, epoch: epoch as i128, ..base.clone() };
            let got = indices(config).map_err(raised)?;
            compare_lists(
                &format!("rank {rank} epoch {epoch}"),
                std::slice::from_ref(want),
                &[got],
            )?;
        }
    }
    Ok(())
}

/// `torchdata_resume`: `consumed` batches of `epoch`, `state_dict()`, then a new process that
/// calls `set_epoch(resume_set_epoch)` (unless null) and `load_state_dict`.
pub fn resume_case(c: &Fields) -> Result<(), String> {
    let resume = Resume {
        config: sampler_config(c)?,
        loader: BatchSampler::new(int_as(c, "batch_size")?, c.bool_or("loader_drop_last", false)?)
            .map_err(raised)?,
        consumed: int_as(c, "consumed")?,
        resume_epoch: if c.is_null("resume_set_epoch") {
            None
        } else {
            Some(c.int("resume_set_epoch")?)
        },
    };
    let got = resume.run().map_err(raised)?;
    compare_lists("before", &c.int_lists("before")?, &got.before)?;
    compare_lists("after", &c.int_lists("after")?, &got.after)
}

/// `loader_workers_map`: `DistributedSampler(...)`, `set_epoch(epoch)`, then
/// `DataLoader(..., batch_size, sampler, drop_last=loader_drop_last, num_workers)`: the batches
/// in the order yielded and the worker of each.
pub fn workers_map_case(c: &Fields) -> Result<(), String> {
    let indices =
        DistributedSampler::new(&sampler_config(c)?).map_err(raised)?.indices().map_err(raised)?;
    let loader = BatchSampler::new(int_as(c, "batch_size")?, c.bool_or("loader_drop_last", false)?)
        .map_err(raised)?;
    let batches: Vec<Vec<u32>> = loader.batches(&indices).map(<[u32]>::to_vec).collect();
    compare_lists("batches", &c.int_lists("batches")?, &batches)?;
    let workers: Vec<i128> = map_workers(batches.len(), int_as(c, "num_workers")?)
        .into_iter()
        .map(|w| w.map_or(-1, |w| w as i128))
        .collect();
    compare_workers(c, &workers)
}

/// `loader_workers_iterable`: an `IterableDataset` of `range(n)` sharded by `sharding`, in
/// `DataLoader(dataset, batch_size, drop_last=loader_drop_last, num_workers)` on `rank`.
pub fn workers_iterable_case(c: &Fields) -> Result<(), String> {
    let loader = IterableLoader {
        n: int_as(c, "n")?,
        num_replicas: int_as(c, "num_replicas")?,
        rank: int_as(c, "rank")?,
        sharding: Sharding::from_name(c.str("sharding")?)
            .ok_or_else(|| format!("unknown sharding `{}`", c.str("sharding").unwrap_or("?")))?,
        loader: BatchSampler::new(int_as(c, "batch_size")?, c.bool_or("loader_drop_last", false)?)
            .map_err(raised)?,
        num_workers: int_as(c, "num_workers")?,
    };
    let (batches, workers): (Vec<Vec<u32>>, Vec<usize>) = loader.batches().into_iter().unzip();
    compare_lists("batches", &c.int_lists("batches")?, &batches)?;
    compare_workers(c, &workers.iter().map(|&w| w as i128).collect::<Vec<_>>())
}

/// The case's `workers` against the worker of each batch.
fn compare_workers(c: &Fields, got: &[i128]) -> Result<(), String> {
    let want = c.ints("workers")?;
    if want != got {
        return Err(format!("workers: expected {want:?}, got {got:?}"));
    }
    Ok(())
}
