//! The page (wasm only): Leptos components that draw what the sampler core computed.
//! Nothing here decides an index; every number on screen comes from [`crate::sampler`].

mod app;
mod index_table;
mod rank_lanes;

pub use app::App;
pub use index_table::IndexTable;
pub use rank_lanes::RankLanes;

/// How many rank colours the palette has before it repeats (Okabe–Ito, colour-blind safe).
pub const PALETTE_LEN: usize = 8;
