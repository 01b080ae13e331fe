//! Checkers for weighted sampling across GPUs (`tests/golden/ecosystem/weighted.jsonl`):
//! `WeightedRandomSampler` alone, in each process, in Lightning's wrapper, and MONAI's
//! `DistributedWeightedRandomSampler`, each rebuilt from the case's fields.

use serde_json::Value;

use super::Fields;
use super::cases::{compare_lists, expect_error, int_as, raised};
use crate::sampler::{
    Config, DistributedWeightedRandomSampler, Generator, NoWrapper, Number, SamplerError, Seeding,
    Shape, WeightedRandomSampler, WeightedWrapper, Weights,
};

/// `weighted_random`: `g.manual_seed(generator_seed)`, `WeightedRandomSampler(weights,
/// num_samples, replacement, generator=g)`, listed `epochs` times.
pub fn random_case(c: &Fields) -> Result<(), String> {
    let sampler = sampler(c)?;
    let want = c.int_lists("indices")?;
    check_epochs(c, want.len())?;
    let got = sampler.listings(c.int("generator_seed")?, want.len()).map_err(raised)?;
    compare_lists("indices", &want, &got)
}

/// `weighted_wrapper`: in each process, the sampler (seeded per `seeding`) inside
/// `DistributedSamplerWrapper(inner, num_replicas, rank, shuffle, seed, drop_last)`, with
/// `set_epoch(e)` before each epoch.
pub fn wrapper_case(c: &Fields) -> Result<(), String> {
    let base = WeightedWrapper {
        sampler: sampler(c)?,
        generator_seed: c.int("generator_seed")?,
        seeding: seeding(c)?,
        config: Config {
            n: 0,
            num_replicas: int_as(c, "num_replicas")?,
            rank: 0,
            shuffle: c.bool_or("shuffle", true)?,
            seed: c.int_or("seed", 0)?,
            drop_last: c.bool_or("drop_last", false)?,
            epoch: 0,
        },
    };
    per_epoch(c, |epoch| {
        let wrapper = WeightedWrapper {
            config: Config { epoch: epoch.into(), ..base.config.clone() },
            ..base.clone()
        };
        wrapper.ranks_after(epoch)
    })
}

/// `weighted_no_wrapper`: the same sampler handed straight to each process's `DataLoader`.
pub fn no_wrapper_case(c: &Fields) -> Result<(), String> {
    let processes = NoWrapper {
        sampler: sampler(c)?,
        generator_seed: c.int("generator_seed")?,
        seeding: seeding(c)?,
        num_replicas: int_as(c, "num_replicas")?,
    };
    per_epoch(c, |epoch| processes.ranks(epoch))
}

/// `monai_weighted`: `DistributedWeightedRandomSampler(range(n), weights, num_samples_per_rank,
/// generator=g, even_divisible, num_replicas, rank, shuffle, seed)` in each process; a rank's
/// list may end with what it raised.
pub fn monai_case(c: &Fields) -> Result<(), String> {
    let weights = floats(c.value("weights")?).ok_or("`weights` is not a list of numbers")?;
    if weights.len() as i128 != c.int("n")? {
        return Err("`weights` does not hold one weight per sample".into());
    }
    let sampler = DistributedWeightedRandomSampler {
        weights,
        num_samples_per_rank: if c.is_null("num_samples_per_rank") {
            None
        } else {
            Some(int_as(c, "num_samples_per_rank")?)
        },
        generator_seed: c.int("generator_seed")?,
        even_divisible: c.bool_or("even_divisible", true)?,
        num_replicas: int_as(c, "num_replicas")?,
        shuffle: c.bool_or("shuffle", true)?,
        seed: c.int_or("seed", 0)?,
    };
    let ranks = c.value("indices")?.as_array().ok_or("`indices` is not a list")?;
    if ranks.len() as i64 != sampler.num_replicas {
        return Err(format!("{} ranks listed, {} expected", ranks.len(), sampler.num_replicas));
    }
    let epochs = int_as::<u64>(c, "epochs")?;
    for (rank, listed) in ranks.iter().enumerate() {
        let listed = listed.as_array().ok_or("a rank's epochs are not a list")?;
        let (done, raised_at) = sampler.rank_epochs(rank as i64, epochs);
        monai_rank(rank, listed, &done, raised_at, epochs)?;
    }
    Ok(())
}

/// One MONAI rank: its finished epochs, then the error object it ended with, if any.
fn monai_rank(
    rank: usize,
    listed: &[Value],
    done: &[Vec<u32>],
    raised_at: Option<SamplerError>,
    epochs: u64,
) -> Result<(), String> {
    let (error, lists) = match listed.split_last() {
        Some((last, lists)) if last.is_object() => (Some(Fields::of(last)?), lists),
        _ => (None, listed),
    };
    let want: Vec<Vec<i128>> = lists
        .iter()
        .map(|l| Fields::of(&serde_json::json!({ "l": l }))?.ints("l"))
        .collect::<Result<_, _>>()?;
    if error.is_none() && want.len() as u64 != epochs {
        return Err(format!("rank {rank}: {} epochs listed, {epochs} expected", want.len()));
    }
    compare_lists(&format!("rank {rank}"), &want, done)?;
    match (error, raised_at) {
        (Some(error), outcome) => expect_error(&error, outcome.map_or(Ok(()), Err))
            .map_err(|e| format!("rank {rank} epoch {}: {e}", done.len())),
        (None, None) => Ok(()),
        (None, Some(e)) => Err(format!("rank {rank}: {}", raised(e))),
    }
}

/// `weighted_error`: what constructing and listing the sampler raises (`error` and `message`,
/// both `null` when nothing is).
pub fn error_case(c: &Fields) -> Result<(), String> {
    let weights = tensor(c.value("weights")?).ok_or("`weights` is not a tensor of numbers")?;
    let num_samples = number(c.value("num_samples")?).ok_or("`num_samples` is not a number")?;
    let outcome = WeightedRandomSampler::new(weights, num_samples, c.bool_or("replacement", true)?)
        .and_then(|s| s.list(&mut Generator::manual_seed(0)?).map(drop));
    if c.is_null("error") && c.is_null("message") {
        return outcome.map_err(raised);
    }
    expect_error(c, outcome)
}

/// The case's `WeightedRandomSampler(weights, num_samples, replacement)`.
fn sampler(c: &Fields) -> Result<WeightedRandomSampler, String> {
    let weights = floats(c.value("weights")?).ok_or("`weights` is not a list of numbers")?;
    WeightedRandomSampler::new(weights, c.int("num_samples")?, c.bool_or("replacement", true)?)
        .map_err(raised)
}

/// `seeding`: the global flavours draw what the per-generator ones draw.
fn seeding(c: &Fields) -> Result<Seeding, String> {
    match c.str("seeding")? {
        "alike" | "global_alike" => Ok(Seeding::Alike),
        "per_rank" | "global_per_rank" => Ok(Seeding::PerRank),
        other => Err(format!("unknown seeding `{other}`")),
    }
}

/// `indices[r][e]` against `ranks(e)[r]` for every epoch and rank.
fn per_epoch(
    c: &Fields,
    ranks: impl Fn(u64) -> Result<Vec<Vec<u32>>, SamplerError>,
) -> Result<(), String> {
    let want = c.int_list_lists("indices")?;
    let w: usize = int_as(c, "num_replicas")?;
    if want.len() != w {
        return Err(format!("{} ranks listed, {w} expected", want.len()));
    }
    let epochs = want.first().map_or(0, Vec::len);
    check_epochs(c, epochs)?;
    for epoch in 0..epochs {
        let got = ranks(epoch as u64).map_err(raised)?;
        if got.len() != w {
            return Err(format!("epoch {epoch}: the core dealt {} ranks, {w} expected", got.len()));
        }
        for (rank, want) in want.iter().enumerate() {
            let want = want.get(epoch).ok_or("ranks list different numbers of epochs")?;
            compare_lists(
                &format!("rank {rank} epoch {epoch}"),
                std::slice::from_ref(want),
                &got[rank..=rank],
            )?;
        }
    }
    Ok(())
}

fn check_epochs(c: &Fields, listed: usize) -> Result<(), String> {
    let want = c.int("epochs")?;
    if want != listed as i128 {
        return Err(format!("`epochs` says {want}, but {listed} epochs are listed"));
    }
    Ok(())
}

fn floats(v: &Value) -> Option<Vec<f64>> {
    v.as_array()?.iter().map(Value::as_f64).collect()
}

/// A JSON number as the Python value it was: an `int` or a `float`.
fn number(v: &Value) -> Option<Number> {
    let n = v.as_number()?;
    if let Some(i) = n.as_i64() {
        return Some(Number::Int(i.into()));
    }
    n.as_u64().map(|u| Number::Int(u.into())).or_else(|| n.as_f64().map(Number::Float))
}

/// `torch.as_tensor(v)`: nested lists of numbers, flattened, with their (regular) shape.
fn tensor(v: &Value) -> Option<Weights> {
    match v {
        Value::Number(n) => Some(Weights { values: vec![n.as_f64()?], shape: Shape(vec![]) }),
        Value::Array(items) => {
            let inner: Vec<Weights> = items.iter().map(tensor).collect::<Option<_>>()?;
            let rest = inner.first().map_or(Shape(vec![]), |w| w.shape.clone());
            if inner.iter().any(|w| w.shape != rest) {
                return None;
            }
            let mut shape = vec![items.len()];
            shape.extend(rest.0);
            let values = inner.into_iter().flat_map(|w| w.values).collect();
            Some(Weights { values, shape: Shape(shape) })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Python writes each weight as the shortest text that reads back to its double; the
    /// reader must give that double exactly (serde_json's `float_roundtrip`).
    #[test]
    fn weights_read_back_to_pythons_doubles() {
        let text = "[0.14285714285714285, 0.07692307692307693, 0.3333333333333333, 0.001]";
        let got = floats(&serde_json::from_str(text).unwrap()).unwrap();
        let want: Vec<f64> = ["0.14285714285714285", "0.07692307692307693", "0.3333333333333333"]
            .iter()
            .chain(&["0.001"])
            .map(|s| s.parse().unwrap())
            .collect();
        assert_eq!(
            got.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
            want.iter().map(|x| x.to_bits()).collect::<Vec<_>>()
        );
    }

    #[test]
    fn nested_lists_are_tensors_with_a_shape() {
        let w = tensor(&serde_json::json!([[1.0], [2.0]])).unwrap();
        assert_eq!((w.values, w.shape), (vec![1.0, 2.0], Shape(vec![2, 1])));
        assert_eq!(tensor(&serde_json::json!([])).unwrap().shape, Shape(vec![0]));
        assert_eq!(tensor(&serde_json::json!([[1.0], 2.0])), None);
    }
}
