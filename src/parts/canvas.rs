//! Step 1's canvas for large datasets as the story's part draws it ([`crate::model::raster`]
//! and its [`caption`]), for the page's canvas view (`ui::canvas_view`), which keeps the
//! figures, their `<canvas>` elements and the rank map's title, and puts in what this gives.
//!
//! The permutation is the page's: it has drawn it (in slices) for everything else it shows, so
//! it hands it over once per epoch, in slices too, rather than have it drawn twice.
//!
//! - `canvas_received(query)`: how many indices of the epoch of the page's parameters `query`
//!   ([`crate::model::Params::to_query`]) have come (0 for another epoch than the one held or
//!   coming), and `canvas_holds(query)`, whether all have;
//! - `canvas_receive(query, at, slice)`: the next slice of that epoch's list before padding,
//!   starting at position `at` (0 begins it afresh, letting go of the epoch held before); the
//!   core checks the list is a permutation of the dataset's indices as it comes
//!   ([`crate::sampler::EpochReceiver`]);
//! - `canvas_image(query, stage, width, lang)`: the image of stage `stage` (1–5), or of the rank
//!   map (`stage` 0), `width` pixels wide, of the epoch held for `query`: a [`CanvasImage`]
//!   with its pixels, its strips' labels, its sentence and its `<figcaption>`'s HTML. Throws
//!   when that epoch is not the one held. The last images drawn are kept, so that asking again
//!   in another language (or for the rank map after a stage change) draws no pixel anew;
//! - `canvas_release()`: lets go of the epoch and the images (the canvas has left the page).
//!
//! Values the core refuses are the error, in the library's words. `lang` is a language code
//! (`en`, `zh`; anything else is English).

use std::cell::RefCell;

use wasm_bindgen::Clamped;
use wasm_bindgen::prelude::*;

use crate::model::Stage;
use crate::model::raster::caption::{self, Shape};
use crate::model::raster::{self, Raster, Source};
use crate::sampler::{BatchSampler, DistributedSampler, Epoch, EpochReceiver};

/// The epoch held or coming: the parameters it is for, as the page wrote them, with what draws
/// it.
struct Held {
    query: String,
    /// What the captions read: the lengths, ranks, batch size and whether it shuffled.
    shape: Shape,
    loader: BatchSampler,
    /// The list as far as it has come, until it is whole.
    coming: Option<EpochReceiver>,
    /// The epoch, once the list is whole.
    epoch: Option<Epoch>,
}

/// An image drawn, and what it was drawn for: the epoch's values, the stage (0: the rank map)
/// and the width asked.
struct Drawn {
    query: String,
    stage: u8,
    width: usize,
    raster: Raster,
}

/// How many images are kept: the stage shown and the rank map.
const KEPT: usize = 2;

thread_local! {
    /// The one epoch held or coming (the last the page began to hand over).
    static HELD: RefCell<Option<Held>> = const { RefCell::new(None) };
    /// The last images drawn, the latest last.
    static DRAWN: RefCell<Vec<Drawn>> = const { RefCell::new(Vec::new()) };
}

/// One image, with what is said around it.
#[wasm_bindgen]
pub struct CanvasImage {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
    labels: String,
    sentence: String,
    caption: String,
}

#[wasm_bindgen]
impl CanvasImage {
    /// Pixels across.
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Pixels down.
    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The pixels, 4 bytes each (RGBA), row by row: ready for `ImageData`. Taken: a second
    /// call gives none.
    pub fn take_rgba(&mut self) -> Clamped<Vec<u8>> {
        Clamped(std::mem::take(&mut self.rgba))
    }

    /// The strips' labels, as the `<li>`s of the list beside the image.
    #[wasm_bindgen(getter)]
    pub fn labels(&self) -> String {
        self.labels.clone()
    }

    /// What the image shows, in one sentence (its `aria-label`).
    #[wasm_bindgen(getter)]
    pub fn sentence(&self) -> String {
        self.sentence.clone()
    }

    /// The `<figcaption>`'s HTML: the sentence and the legend.
    #[wasm_bindgen(getter)]
    pub fn caption(&self) -> String {
        self.caption.clone()
    }
}

/// How many indices of the epoch for `query` have come (0 for another epoch).
#[wasm_bindgen]
pub fn canvas_received(query: &str) -> usize {
    HELD.with_borrow(|held| match held.as_ref().filter(|h| h.query == query) {
        Some(Held { epoch: Some(epoch), .. }) => epoch.order().len(),
        Some(Held { coming: Some(coming), .. }) => coming.received(),
        _ => 0,
    })
}

/// Whether the whole epoch for `query` has come.
#[wasm_bindgen]
pub fn canvas_holds(query: &str) -> bool {
    HELD.with_borrow(|held| held.as_ref().is_some_and(|h| h.query == query && h.epoch.is_some()))
}

/// Takes positions `at ..` of the list before padding of the epoch for `query`; `at` 0 begins
/// it afresh.
#[wasm_bindgen]
pub fn canvas_receive(query: &str, at: usize, slice: &[u32]) -> Result<(), JsError> {
    if at == 0 {
        let (params, lang) = super::params_and_lang(query, "en")?;
        // The checks `Shape::with_loader` makes first, so that a refusal is said in the page's
        // words.
        let (shape, loader) = Shape::with_loader(&params)
            .map_err(|errors| JsError::new(&super::first_message(&errors, lang)))?;
        let sampler = DistributedSampler::new(&params.sampler_config(params.rank))
            .map_err(|e| JsError::new(&e.to_string()))?;
        // The epoch held before goes first: its list and the new one's are never both held.
        HELD.set(None);
        let coming = Some(sampler.receive_epoch());
        HELD.set(Some(Held { query: query.to_owned(), shape, loader, coming, epoch: None }));
    }
    HELD.with_borrow_mut(|held| {
        let not_coming = || JsError::new(&format!("no epoch for these values is coming at {at}"));
        let held = held.as_mut().filter(|h| h.query == query).ok_or_else(not_coming)?;
        let coming = held.coming.as_mut().ok_or_else(not_coming)?;
        if coming.received() != at {
            let came = coming.received();
            return Err(JsError::new(&format!("position {at}, where {came} have come")));
        }
        if !coming.take(slice) {
            return Err(JsError::new("not a permutation of this dataset's indices"));
        }
        if coming.is_whole() {
            held.epoch = held.coming.take().and_then(EpochReceiver::finish);
        }
        Ok(())
    })
}

/// Stage `stage`'s image (0: the rank map), `width` pixels wide, of the epoch held for `query`.
#[wasm_bindgen]
pub fn canvas_image(
    query: &str,
    stage: u8,
    width: usize,
    lang: &str,
) -> Result<CanvasImage, JsError> {
    let lang = super::lang_of(lang);
    let stage = match stage {
        0 => None,
        k => Some(Stage::from_number(k).ok_or_else(|| JsError::new("no such stage"))?),
    };
    HELD.with_borrow(|held| {
        let (held, epoch) = match held.as_ref().filter(|h| h.query == query) {
            Some(held @ Held { epoch: Some(epoch), .. }) => (held, epoch),
            _ => return Err(JsError::new("this epoch has not been handed over")),
        };
        let code = stage.map_or(0, Stage::number);
        let raster = DRAWN.with_borrow_mut(|drawn| {
            let at =
                drawn.iter().position(|d| d.query == query && d.stage == code && d.width == width);
            let kept = match at {
                Some(at) => drawn.remove(at),
                None => {
                    let source =
                        Source { epoch, loader: &held.loader, shuffle: held.shape.shuffle };
                    let raster = match stage {
                        Some(stage) => raster::render(source, stage, width),
                        None => raster::rank_map(source, width),
                    };
                    Drawn { query: query.to_owned(), stage: code, width, raster }
                }
            };
            let raster = kept.raster.clone();
            drawn.push(kept);
            if drawn.len() > KEPT {
                drawn.remove(0);
            }
            raster
        });
        let said = caption::caption(&held.shape, stage, lang);
        Ok(CanvasImage {
            width: raster.width as u32,
            height: raster.height as u32,
            labels: caption::labels(&raster.rows, lang),
            rgba: raster.rgba,
            sentence: said.sentence,
            caption: said.html,
        })
    })
}

/// Lets go of the epoch held (or coming) and of the images kept.
#[wasm_bindgen]
pub fn canvas_release() {
    HELD.set(None);
    DRAWN.set(Vec::new());
}
