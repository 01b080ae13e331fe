//! Writes the page's Chinese texts as the file its wasm loads when a reader first asks for
//! Chinese (`sampler_viz::i18n::loaded`), to standard output. `scripts/build-parts` runs it for
//! every build of the page:
//!
//! ```sh
//! cargo run --no-default-features --example zh_texts > zh.txt
//! ```

use sampler_viz::i18n::{entries, loaded};

fn main() {
    print!("{}", loaded::write(&entries()));
}
