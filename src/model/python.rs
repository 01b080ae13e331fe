//! The Python behind the picture: a script that, run with PyTorch 2.x, prints the very indices
//! the page's tables show for the current parameters.

use super::params::Seeding;
use super::picture::Picture;
use crate::i18n::page::PythonText as T;
use crate::i18n::{Lang, fill};

/// The script for `picture`: the dataset, the sampler and loader, the epoch loop (with or
/// without `set_epoch`), and the same loader without a sampler, printing each rank's indices.
pub fn script(picture: &Picture) -> String {
    script_in(picture, Lang::En)
}

/// [`script`] with its comments in `lang`; the code, and so what it prints, is the same.
pub fn script_in(picture: &Picture, lang: Lang) -> String {
    let p = &picture.params;
    let py = |b: bool| if b { "True" } else { "False" };
    let say = |key: T| key.text(lang);
    let set_epoch = if p.set_epoch {
        format!("        sampler.set_epoch(e)  # {}", say(T::NewOrder))
    } else {
        format!("        pass  # {}", say(T::NeverCalled))
    };
    let seed_line = match (process_seeds(p), p.seeding) {
        (_, Seeding::Alike) => {
            format!("    torch.manual_seed({})  # {}", p.manual_seed, say(T::SameSeed))
        }
        (Ok(seeds), Seeding::Unseeded) => {
            format!("    torch.manual_seed({seeds:?}[rank])  # {}", say(T::OsSeed))
        }
        (Err(_), Seeding::Unseeded) => format!("    pass  # {}", say(T::Unseeded)),
    };
    format!(
        r#"import torch
from torch.utils.data import DataLoader, Dataset, DistributedSampler


class Indices(Dataset):
    """{docstring}"""

    def __len__(self):
        return {n}

    def __getitem__(self, i):
        return i


dataset = Indices()
epoch = {epoch}  # {epoch_shown}

# {with_sampler}
for rank in range({w}):
    sampler = DistributedSampler(dataset, num_replicas={w}, rank=rank, shuffle={shuffle}, seed={seed}, drop_last={drop_last})
    loader = DataLoader(dataset, batch_size={bs}, sampler=sampler, drop_last={loader_drop_last})
    for e in range(epoch + 1):
{set_epoch}
        batches = [batch.tolist() for batch in loader]
    print(f"rank {{rank}}, len(loader) = {{len(loader)}}:", list(sampler))

# {without_sampler}
for rank in range({w}):
{seed_line}
    loader = DataLoader(dataset, batch_size={bs}, shuffle={shuffle}, drop_last={loader_drop_last})
    for e in range(epoch + 1):
        batches = [batch.tolist() for batch in loader]
    print(f"rank {{rank}}, no sampler:", [i for batch in batches for i in batch])
"#,
        n = p.n,
        epoch = p.epoch,
        w = p.num_replicas,
        shuffle = py(p.shuffle),
        seed = p.seed,
        drop_last = py(p.drop_last),
        bs = p.batch_size,
        loader_drop_last = py(p.loader_drop_last),
        set_epoch = set_epoch,
        seed_line = seed_line,
        docstring = fill(say(T::Docstring), &[("n", &p.n)]),
        epoch_shown = say(T::EpochShown),
        with_sampler = say(T::WithSampler),
        without_sampler = say(T::WithoutSampler),
    )
}

/// What [`script`] prints, according to this crate: each rank's `list(sampler)` and its
/// `len(loader)`, then each rank's indices without a sampler (as its loader yields them).
pub fn expected_output(picture: &Picture) -> String {
    let list = |xs: &mut dyn Iterator<Item = u32>| {
        format!("[{}]", xs.map(|x| x.to_string()).collect::<Vec<_>>().join(", "))
    };
    let mut out = String::new();
    for rank in 0..picture.epoch.num_replicas() {
        let indices = list(&mut picture.epoch.rank(rank));
        out += &format!("rank {rank}, len(loader) = {}: {indices}\n", picture.lengths.loader);
    }
    if let Ok(seeds) = process_seeds(&picture.params) {
        let n = picture.params.n as usize;
        let yielded = super::visits::yielded(&picture.loader, n);
        for (rank, &seed) in seeds.iter().enumerate() {
            let process = crate::sampler::NoSampler::with_process_seed(
                n as u64,
                picture.params.shuffle,
                seed,
            );
            let order = process.map(|p| p.epoch(picture.params.epoch)).unwrap_or_default();
            out += &format!(
                "rank {rank}, no sampler: {}\n",
                list(&mut order.into_iter().take(yielded))
            );
        }
    }
    out
}

/// Each rank's process seed without a sampler, or `Err` where PyTorch refuses to make the
/// processes (a seed out of range, an empty dataset to shuffle).
fn process_seeds(p: &super::Params) -> Result<Vec<u64>, super::ParamError> {
    let processes = super::no_sampler_side::no_sampler_processes(p)?;
    Ok(processes.iter().map(crate::sampler::NoSampler::process_seed).collect())
}
