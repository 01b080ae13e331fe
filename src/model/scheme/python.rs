//! What every scheme's Python starts with: the imports and a dataset whose items are their
//! own indices, so that the batches print the indices each GPU gets. Comments follow the
//! page's language; the code, and so what it prints, does not.

use crate::i18n::Lang;
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
