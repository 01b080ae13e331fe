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
    pub fn say(&self, key: SchemeText) -> &'static str {
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
}
