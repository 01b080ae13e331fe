//! The page's own texts, one file per part of the page (the charts, scenarios and walk-through
//! have sections of their own beside this one).

pub mod canvas;
pub mod controls;
pub mod errors;
pub mod masthead;
pub mod no_sampler;
pub mod panels;
pub mod pipeline;
pub mod playback;
pub mod tables;

pub use canvas::CanvasText;
pub use controls::ControlText;
pub use errors::ErrorText;
pub use masthead::PageText;
pub use no_sampler::NoSamplerText;
pub use panels::PanelText;
pub use pipeline::PipelineText;
pub use playback::PlaybackText;
pub use tables::TableText;

/// Every text of the page's own sections.
pub fn entries() -> Vec<crate::i18n::Entry> {
    [
        canvas::entries(),
        controls::entries(),
        errors::entries(),
        masthead::entries(),
        no_sampler::entries(),
        panels::entries(),
        pipeline::entries(),
        playback::entries(),
        tables::entries(),
    ]
    .concat()
}
