//! The page (wasm only): Leptos components that draw what the model computed.
//! Nothing here decides an index; every number on screen comes from [`crate::model::Picture`].

mod app;
mod canvas_legend;
mod canvas_view;
mod chart_figure;
mod chart_history;
mod charts;
mod code_panel;
mod controls;
mod embed;
mod guide;
mod index_table;
mod indices;
mod lengths;
mod no_sampler;
pub mod panic_banner;
mod pipeline;
mod playback;
mod scenarios;
mod share;
mod state;
mod timeline;
mod width;

pub use app::App;
pub use state::AppState;

/// The text of `key` in the page's current language, as a reactive closure for a view.
pub fn tr<T: crate::i18n::Text>(key: T) -> impl Fn() -> &'static str + Copy + 'static {
    let lang = leptos::prelude::expect_context::<AppState>().lang;
    move || key.text(leptos::prelude::Get::get(&lang))
}

/// How many rank colours the palette has before it repeats (Okabe–Ito, colour-blind safe).
pub const PALETTE_LEN: usize = 8;

/// The CSS colour of a rank: `var(--rank-K)`, cycling through the palette.
pub fn rank_colour(rank: usize) -> String {
    format!("var(--rank-{})", rank % PALETTE_LEN)
}

/// A count with thousands separators: `50,000`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    out
}
