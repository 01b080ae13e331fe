//! The page's entry point: install the panic hook and mount the app.

#[cfg(all(target_arch = "wasm32", feature = "page"))]
fn main() {
    sampler_viz::ui::panic_banner::install();
    leptos::mount::mount_to_body(sampler_viz::ui::App);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "sampler-viz is a web page: build and serve it with `scripts/serve` (see README.md)."
    );
}
