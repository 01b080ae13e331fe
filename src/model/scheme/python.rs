//! What every scheme's Python starts with: the imports and a dataset whose items are their
//! own indices, so that the batches print the indices each GPU gets. Comments follow the
//! page's language; the code, and so what it prints, does not.

use crate::i18n::Lang;
use crate::i18n::ecosystem::EcoText;
use crate::i18n::schemes::SchemeText;
use crate::model::Params;

/// Python spelled from the page's parameters, with comments in `lang`.
pub struct Py<'a>(pub &'a Params, pub Lang);

impl Py<'_> {
    /// `True` or `False`.
    pub fn bool(&self, b: bool) -> &'static str {
        if b { "True" } else { "False" }
    }

    /// A comment's text in the page's language.
    pub fn say(&self, key: impl crate::i18n::Text) -> &'static str {
        key.text(self.1)
    }

    /// The imports and `dataset`.
    pub fn head(&self) -> String {
        format!(
            "import torch\nfrom torch.utils.data import DataLoader, DistributedSampler\n\ndataset = list(range({n}))  # {item}\n\n",
            n = self.0.n,
            item = self.say(SchemeText::PyItem),
        )
    }

    /// Every process's `DistributedSampler` built with `seed=<seed>` (`# <comment>` beside it),
    /// told the epoch, inside a `DataLoader`, printing the indices of its batches.
    pub fn sampler_loop(&self, seed: &str, comment: Option<SchemeText>) -> String {
        let p = self.0;
        let comment = comment.map(|key| format!("  # {}", self.say(key))).unwrap_or_default();
        format!(
            "{head}for rank in range({w}):\n    sampler = DistributedSampler(dataset, num_replicas={w}, rank=rank, shuffle={shuffle}, seed={seed}, drop_last={drop_last}){comment}\n    sampler.set_epoch({epoch})\n    loader = DataLoader(dataset, batch_size={bs}, sampler=sampler, drop_last={ldl}{workers})\n    print(f\"GPU {{rank}}:\", [i for batch in loader for i in batch.tolist()])\n",
            head = self.head(),
            w = p.num_replicas,
            shuffle = self.bool(p.shuffle),
            drop_last = self.bool(p.drop_last),
            epoch = p.sampler_epoch(),
            bs = p.batch_size,
            ldl = self.bool(p.loader_drop_last),
            workers = if p.num_workers > 0 {
                format!(", num_workers={}", p.num_workers)
            } else {
                String::new()
            },
        )
    }
}

/// The weighted schemes' Python: the weights, and each process's generator and sampler.
impl Py<'_> {
    /// The imports (`from` lines beside `DataLoader`), `dataset` and `weights`.
    pub fn weighted_head(&self, imports: &str) -> String {
        let p = self.0;
        let comment = match p.weights.classes(p.n) {
            Some(_) => self.say(EcoText::PyBalanced),
            None => self.say(EcoText::PyWeight),
        };
        format!(
            "import torch\n{imports}\n\ndataset = list(range({n}))  # {item}\n{weights}\n",
            n = p.n,
            item = self.say(SchemeText::PyItem),
            weights = p.weights.python(p.n, comment),
        )
    }

    /// In process `rank`: its generator seeded as `generator=` says, then `WeightedRandomSampler`
    /// bound to `name`, each line indented by four spaces.
    pub fn weighted_sampler(&self, name: &str) -> String {
        let p = self.0;
        let seed = match p.generator.seeding() {
            crate::sampler::Seeding::Alike => p.inner_seed.to_string(),
            crate::sampler::Seeding::PerRank => format!("{} + rank", p.inner_seed),
        };
        let per_rank = p.generator.seeding() == crate::sampler::Seeding::PerRank;
        let why = self.say(if per_rank { EcoText::PySeedPerRank } else { EcoText::PySeedAlike });
        let args = format!(
            "weights, num_samples={k}, replacement={r}",
            k = crate::model::weights::num_samples_python(p.num_samples),
            r = self.bool(p.replacement),
        );
        match p.generator.source() {
            crate::sampler::Source::Own => format!(
                "    g = torch.Generator()\n    g.manual_seed({seed})  # {why}\n    {name} = WeightedRandomSampler({args}, generator=g)\n"
            ),
            crate::sampler::Source::Global => format!(
                "    torch.manual_seed({seed})  # {why}\n    {name} = WeightedRandomSampler({args})  # {global}\n",
                global = self.say(EcoText::PyGlobal),
            ),
        }
    }

    /// `loader`, the loop to the epoch shown (`set_epoch` when asked for) and the print.
    pub fn weighted_loop(&self, set_epoch: bool) -> String {
        let p = self.0;
        let set_epoch =
            if set_epoch && p.set_epoch { "        sampler.set_epoch(epoch)\n" } else { "" };
        format!(
            "    loader = DataLoader(dataset, batch_size={bs}, sampler=sampler, drop_last={ldl})\n    for epoch in range({epochs}):\n{set_epoch}        seen = [i for batch in loader for i in batch.tolist()]\n    print(f\"GPU {{rank}}:\", seen)\n",
            bs = p.batch_size,
            ldl = self.bool(p.loader_drop_last),
            epochs = p.epoch + 1,
        )
    }
}
