//! What every scheme's Python starts with: the imports and a dataset whose items are their
//! own indices, so that the batches print the indices each GPU gets.

use crate::model::Params;

/// Python spelled from the page's parameters.
pub struct Py<'a>(pub &'a Params);

impl Py<'_> {
    /// `True` or `False`.
    pub fn bool(&self, b: bool) -> &'static str {
        if b { "True" } else { "False" }
    }

    /// The imports and `dataset`.
    pub fn head(&self) -> String {
        format!(
            "import torch\nfrom torch.utils.data import DataLoader, DistributedSampler\n\ndataset = list(range({n}))  # item i is i\n\n",
            n = self.0.n
        )
    }
}
