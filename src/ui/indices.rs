//! The picture as everything but the pipeline sees it: a stage change keeps the same epoch
//! (`Arc`), so tables, counts and the followed scheme's deal are not rebuilt when only the
//! stage moves.

use std::sync::Arc;

use leptos::prelude::*;

use super::AppState;
use crate::model::Picture;

/// A picture compared by its epoch alone: the same `Arc` means the same indices and the same
/// parameters but (perhaps) the stage.
#[derive(Clone)]
pub struct SameEpoch(pub Arc<Picture>);

impl PartialEq for SameEpoch {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0.epoch, &other.0.epoch)
    }
}

/// The current picture, changing only when its indices do.
pub fn use_indices(state: AppState) -> Memo<SameEpoch> {
    Memo::new(move |_| SameEpoch(state.picture.get()))
}
