//! What the page shows, computed from its parameters: parsing the URL's query, the whole
//! picture for one configuration, and the per-sample counts. Pure Rust like the core, so it is
//! tested natively; the UI only turns a [`Picture`] into elements.

pub mod controls;
mod ecosystem_params;
pub mod embed;
pub mod epoch_history;
pub mod export;
pub mod guide;
pub mod html;
pub mod lanes;
pub mod layout;
pub mod no_sampler_side;
pub mod params;
pub mod picture;
pub mod pipeline;
pub mod present;
pub mod query;
pub mod raster;
pub mod scenario;
pub mod scheme;
pub mod scoreboard;
pub mod story;
pub mod timeline;
mod values;
pub mod visits;
pub mod weights;

pub use no_sampler_side::NoSamplerSide;
pub use params::{Field, InnerSampler, ParamError, Problem, Seeding, Stage};
pub use picture::{Lengths, Picture, PictureTask};
pub use query::{MAX_REPLICAS, Params};
pub use values::{FLAG_SPELLINGS, flag_text, parse_flag};
pub use visits::Visits;
