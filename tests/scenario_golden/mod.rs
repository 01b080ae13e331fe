//! PyTorch 2.15's outputs for the scenarios' small examples, read from the golden files.

use serde_json::Value;

const SAMPLER: &str = include_str!("../golden/pytorch-2.15/distributed_sampler.jsonl");
const LOADER: &str = include_str!("../golden/pytorch-2.15/dataloader.jsonl");

fn golden(text: &str) -> impl Iterator<Item = Value> + '_ {
    text.lines().filter(|l| !l.trim().is_empty()).filter_map(|l| serde_json::from_str(l).ok())
}

fn numbers(v: &Value) -> Vec<u32> {
    v.as_array().into_iter().flatten().filter_map(|x| x.as_u64()).map(|x| x as u32).collect()
}

/// PyTorch's `list(sampler)` for shuffle=True, drop_last=False, after `set_epoch(epoch)`.
pub fn golden_sampler(n: u64, w: u64, rank: u64, seed: u64, epoch: u64) -> Vec<u32> {
    golden(SAMPLER)
        .find(|c| {
            c["n"] == n
                && c["num_replicas"] == w
                && c["rank"] == rank
                && c["seed"] == seed.to_string().as_str()
                && c["epoch"] == epoch.to_string().as_str()
                && c["shuffle"] == true
                && c["drop_last"] == false
        })
        .map(|c| numbers(&c["indices"]))
        .expect("the golden case exists")
}

/// The first 16 indices PyTorch gives a rank of a large dataset (seed 0, epoch 0).
pub fn golden_head(n: u64, w: u64, rank: u64) -> Vec<u32> {
    golden(SAMPLER)
        .find(|c| {
            c["n"] == n
                && c["num_replicas"] == w
                && c["rank"] == rank
                && c["seed"] == "0"
                && c["epoch"] == "0"
                && c["drop_last"] == false
        })
        .map(|c| numbers(&c["head"]))
        .expect("the golden case exists")
}

/// Epoch 0 of `DataLoader(Idx(n), batch_size, shuffle=True)` after `torch.manual_seed(0)`.
pub fn golden_no_sampler_epoch0(n: u64, batch_size: u64) -> Vec<u32> {
    golden(LOADER)
        .find(|c| {
            c["case"] == "dataloader_no_sampler"
                && c["n"] == n
                && c["batch_size"] == batch_size
                && c["manual_seed"] == "0"
                && c["shuffle"] == true
                && c["loader_drop_last"] == false
        })
        .map(|c| {
            c["batches_per_epoch"][0].as_array().into_iter().flatten().flat_map(numbers).collect()
        })
        .expect("the golden case exists")
}
