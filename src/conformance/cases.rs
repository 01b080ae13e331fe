//! One checker per kind of golden case: rebuild PyTorch's call from the case's fields, run the
//! core, and compare with what PyTorch gave.

use super::{Expected, Fields};
use crate::sampler::{
    BatchSampler, Config, DistributedSampler, Generator, LoaderConfig, NoSampler, SamplerError,
    randperm,
};

/// Checks one case, whatever its kind.
pub fn check_case(case: &Fields) -> Result<(), String> {
    match case.str("case")? {
        "randperm" => randperm_case(case),
        "distributed_sampler" => sampler_case(case),
        "dataloader_distributed" => loader_case(case),
        "dataloader_no_sampler" => no_sampler_case(case),
        "error" => error_case(case),
        "accelerate_prepare" => super::ecosystem::accelerate_case(case),
        "lightning_wrapper" => super::ecosystem::wrapper_case(case),
        "lightning_unrepeated" => super::ecosystem::unrepeated_case(case),
        "torchdata_resume" => super::ecosystem::resume_case(case),
        "loader_workers_map" => super::ecosystem::workers_map_case(case),
        "loader_workers_iterable" => super::ecosystem::workers_iterable_case(case),
        "weighted_random" => super::weighted::random_case(case),
        "weighted_wrapper" => super::weighted::wrapper_case(case),
        "weighted_no_wrapper" => super::weighted::no_wrapper_case(case),
        "monai_weighted" => super::weighted::monai_case(case),
        "weighted_error" => super::weighted::error_case(case),
        other => Err(format!("unknown case kind `{other}`")),
    }
}

/// `g = torch.Generator(); g.manual_seed(seed); torch.randperm(n, generator=g)`
fn randperm_case(c: &Fields) -> Result<(), String> {
    let n = int_as::<u32>(c, "n")?;
    let mut g = Generator::manual_seed(c.int("seed")?).map_err(raised)?;
    Expected::read(c, "perm")?.compare("perm", &randperm(n, &mut g))
}

/// `s = DistributedSampler(ds, num_replicas, rank, shuffle, seed, drop_last); s.set_epoch(epoch); list(s)`
fn sampler_case(c: &Fields) -> Result<(), String> {
    let sampler = DistributedSampler::new(&sampler_config(c)?).map_err(raised)?;
    check_len(c, sampler.len())?;
    Expected::read(c, "indices")?.compare("indices", &sampler.indices().map_err(raised)?)
}

/// The same sampler, then `DataLoader(ds, batch_size, sampler=s, drop_last=loader_drop_last)`.
fn loader_case(c: &Fields) -> Result<(), String> {
    let config = sampler_config(c)?;
    let sampler = DistributedSampler::new(&config).map_err(raised)?;
    // The case's `shuffle` is the sampler's; this DataLoader is given none.
    let loader = LoaderConfig { shuffle: false, ..loader_config(c, "loader_drop_last")? };
    let batches = loader.check(config.n, true).map_err(raised)?;
    let indices = sampler.indices().map_err(raised)?;
    check_len(c, batches.len(indices.len()))?;
    compare_batches("batches", &c.int_lists("batches")?, &batches, &indices)
}

/// `torch.manual_seed(manual_seed)`, then `DataLoader(ds, batch_size, shuffle, drop_last)`
/// iterated `epochs` times in one process.
fn no_sampler_case(c: &Fields) -> Result<(), String> {
    let n = int_as::<u64>(c, "n")?;
    let loader = loader_config(c, "loader_drop_last")?;
    let batches = loader.check(n, false).map_err(raised)?;
    let process = NoSampler::new(n, loader.shuffle, c.int("manual_seed")?).map_err(raised)?;
    check_len(c, batches.len(process.len()))?;
    let want = c.int_list_lists("batches_per_epoch")?;
    if c.has("epochs") && c.int("epochs")? != want.len() as i128 {
        return Err(format!(
            "`epochs` says {}, but {} epochs are listed",
            c.int("epochs")?,
            want.len()
        ));
    }
    for (epoch, (want, order)) in want.iter().zip(process.epochs()).enumerate() {
        compare_batches(&format!("epoch {epoch} batches"), want, &batches, &order)?;
    }
    Ok(())
}

/// A call that PyTorch refused: the same exception type and the same message.
fn error_case(c: &Fields) -> Result<(), String> {
    let args = c.object("args")?;
    let outcome = match c.str("call")? {
        "DistributedSampler" => {
            DistributedSampler::new(&sampler_config(&args)?).and_then(|s| s.indices().map(drop))
        }
        "DataLoader" => {
            let loader = loader_config(&args, "drop_last")?;
            loader.check(int_as(&args, "n")?, args.bool_or("with_sampler", false)?).map(drop)
        }
        other => return Err(format!("unknown call `{other}`")),
    };
    expect_error(c, outcome)
}

/// A refusal the case expects (`error`, `message`): the same exception type and message.
pub(super) fn expect_error(c: &Fields, outcome: Result<(), SamplerError>) -> Result<(), String> {
    let (error, message) = (c.str("error")?, c.str("message")?);
    match outcome {
        Ok(()) => Err(format!("expected {error}: {message}; the core raised nothing")),
        Err(e) if e.exception() == Some(error) && e.to_string() == message => Ok(()),
        Err(e) => {
            Err(format!("expected {error}: {message}; got {}: {e}", e.exception().unwrap_or("-")))
        }
    }
}

pub(super) fn sampler_config(c: &Fields) -> Result<Config, String> {
    Ok(Config {
        n: int_as(c, "n")?,
        num_replicas: int_as(c, "num_replicas")?,
        rank: int_as(c, "rank")?,
        shuffle: c.bool_or("shuffle", true)?,
        seed: c.int_or("seed", 0)?,
        drop_last: c.bool_or("drop_last", false)?,
        epoch: c.int_or("epoch", 0)?,
    })
}

/// `DataLoader`'s arguments; `batch_size` defaults to 1 and `shuffle` to False, as in PyTorch.
fn loader_config(c: &Fields, drop_last_key: &str) -> Result<LoaderConfig, String> {
    Ok(LoaderConfig {
        batch_size: i64::try_from(c.int_or("batch_size", 1)?)
            .map_err(|_| "`batch_size` is out of range".to_string())?,
        shuffle: c.bool_or("shuffle", false)?,
        drop_last: c.bool_or(drop_last_key, false)?,
    })
}

fn compare_batches(
    name: &str,
    want: &[Vec<i128>],
    loader: &BatchSampler,
    indices: &[u32],
) -> Result<(), String> {
    let got: Vec<&[u32]> = loader.batches(indices).collect();
    if want.len() != got.len() {
        return Err(format!("{name}: expected {} batches, got {}", want.len(), got.len()));
    }
    for (i, (want, got)) in want.iter().zip(got).enumerate() {
        Expected::Full(want.clone()).compare(&format!("{name}[{i}]"), got)?;
    }
    Ok(())
}

/// Lists of batches (or of indices), each against the expected one.
pub(super) fn compare_lists(
    name: &str,
    want: &[Vec<i128>],
    got: &[Vec<u32>],
) -> Result<(), String> {
    if want.len() != got.len() {
        return Err(format!("{name}: expected {} batches, got {}", want.len(), got.len()));
    }
    for (i, (want, got)) in want.iter().zip(got).enumerate() {
        Expected::Full(want.clone()).compare(&format!("{name}[{i}]"), got)?;
    }
    Ok(())
}

fn check_len(c: &Fields, got: usize) -> Result<(), String> {
    let want = c.int("len")?;
    if want != got as i128 {
        return Err(format!("len: expected {want}, got {got}"));
    }
    Ok(())
}

pub(super) fn int_as<T: TryFrom<i128>>(c: &Fields, key: &str) -> Result<T, String> {
    T::try_from(c.int(key)?).map_err(|_| format!("`{key}` is out of the range this tool models"))
}

pub(super) fn raised(e: SamplerError) -> String {
    format!("PyTorch gave a result, but the core raised {}: {e}", e.exception().unwrap_or("-"))
}
