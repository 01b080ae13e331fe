//! Every word the page shows, in English and Simplified Chinese, in one place.
//!
//! Each section of the page has a file here declaring its texts with [`texts!`]: one key, its
//! English and its Chinese side by side, so a key cannot exist in one language only. `{name}`
//! marks a value filled in by [`fill`]. `tests/i18n.rs` checks that no text is empty, that the
//! Chinese is really translated, and that both languages use the same placeholders.
//! PyTorch's own error messages stay in English (they are what Python prints); the rule
//! explaining each one is translated.

mod error_words;
mod lang;
mod number;
#[macro_use]
mod texts;

pub mod canvas_words;
pub mod chart_words;
pub mod charts;
pub mod ecosystem;
pub mod guide;
pub mod history;
pub mod loaded;
pub mod page;
pub mod pitfalls;
pub mod scenarios;
pub mod schemes;
pub mod story;

pub use error_words::ErrorWords;
pub use lang::Lang;
pub use number::Count;
pub use texts::{Entry, Text, fill, names, placeholders};

/// Every text of every section, for the completeness test and for tooling.
pub fn entries() -> Vec<Entry> {
    let mut all = Vec::new();
    all.extend(canvas_words::entries());
    all.extend(charts::entries());
    all.extend(chart_words::entries());
    all.extend(ecosystem::entries());
    all.extend(guide::entries());
    all.extend(history::entries());
    all.extend(page::entries());
    all.extend(pitfalls::entries());
    all.extend(scenarios::entries());
    all.extend(schemes::entries());
    all.extend(story::entries());
    all
}
