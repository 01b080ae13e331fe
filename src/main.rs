//! The page's entry point: install the panic hook and draw the page.

#[cfg(all(target_arch = "wasm32", feature = "page"))]
fn main() {
    sampler_viz::ui::panic_banner::install();
    sampler_viz::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "sampler-viz is a web page: build and serve it with `scripts/serve` (see README.md)."
    );
}
