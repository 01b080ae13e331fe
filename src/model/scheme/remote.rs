//! A scheme dealt on demand: in the page's own wasm (feature `on-demand`), the schemes not
//! compared by default are [`Remote`]s, which keep what the pickers and the panels' frames
//! read (name, title, summary, steps, options) and ask everything they compute of the story's
//! part, where the registered scheme itself answers ([`answer`]). So the first load carries
//! none of their code, and the numbers drawn are still the scheme's own, dealt by the same
//! code natively and in the part.
//!
//! A question and its answer cross as bytes (postcard). The page installs how they reach the
//! part ([`install`]); until it is loaded, every question is answered by
//! [`Problem::Loading`] (or [`Problem::NotLoaded`] when it cannot be), and the page asks again
//! once it is.

use std::cell::Cell;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::stages::StageView;
use super::{Deal, EpochSeed, Scheme, Shared, Step};
use crate::i18n::Lang;
use crate::i18n::schemes::SchemeText;
use crate::model::{Field, ParamError, Params, Problem};

/// What the page asks of a scheme dealt on demand: one of the [`Scheme`] methods that compute.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ask {
    /// [`Scheme::deal_up_to`] with this cap.
    Deal { cap: u64 },
    /// [`Scheme::repeats_by_design`].
    RepeatsByDesign,
    /// [`Scheme::python`] in this language (its code).
    Python { lang: String },
    /// [`Scheme::stages`].
    Stages,
    /// [`Scheme::draws_per_epoch`].
    DrawsPerEpoch,
    /// [`Scheme::epoch_seed`] of this epoch.
    EpochSeed { epoch: u64 },
}

/// A question: the registered scheme, the page's parameters ([`Params::to_query`]) and what
/// is asked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// The scheme's name in the registry.
    pub scheme: String,
    /// The parameters, as [`Params::to_query`] writes them.
    pub query: String,
    /// What is asked.
    pub ask: Ask,
}

/// Why a question has no answer yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unavailable {
    /// The part that answers is on its way.
    Loading,
    /// It could not be loaded (or answered): why.
    Missing(String),
}

impl Unavailable {
    /// As the error a refused deal carries (against `n`, the first field: no control is at
    /// fault).
    pub fn error(self) -> ParamError {
        let problem = match self {
            Unavailable::Loading => Problem::Loading,
            Unavailable::Missing(why) => Problem::NotLoaded(why),
        };
        ParamError::new(Field::N, problem)
    }
}

/// How a request's bytes reach the part and its answer's bytes come back.
pub type Asker = fn(&[u8]) -> Result<Vec<u8>, Unavailable>;

thread_local! {
    static ASKER: Cell<Option<Asker>> = const { Cell::new(None) };
}

/// Sets how [`Remote`] schemes reach the part that deals them (the page does, at start).
pub fn install(asker: Asker) {
    ASKER.set(Some(asker));
}

/// Answers a [`Request`]'s bytes with the registered scheme itself (what the story's part
/// exports): the answer's bytes, or why the request could not be read.
pub fn answer(request: &[u8]) -> Result<Vec<u8>, String> {
    let request: Request = postcard::from_bytes(request).map_err(|e| e.to_string())?;
    let scheme = super::by_name(&request.scheme)
        .ok_or_else(|| format!("no scheme is named {:?}", request.scheme))?;
    // The page's parameters always read back (`tests/fuzz_params.rs`); if they ever did not,
    // no answer of any type is better than one of the wrong type.
    let params = Params::from_query(&request.query).map_err(|errors| {
        let first = errors.first().map(|e| e.message(Lang::En)).unwrap_or_default();
        format!("the parameters do not read back: {first}")
    })?;
    match request.ask {
        Ask::Deal { cap } => {
            let cap = usize::try_from(cap).unwrap_or(usize::MAX);
            bytes(&scheme.deal_up_to(&params, &Shared::default(), cap))
        }
        Ask::RepeatsByDesign => bytes(&scheme.repeats_by_design(&params)),
        Ask::Python { lang } => {
            bytes(&scheme.python(&params, Lang::from_code(&lang).unwrap_or(Lang::En)))
        }
        Ask::Stages => bytes(&scheme.stages(&params)),
        Ask::DrawsPerEpoch => bytes(&scheme.draws_per_epoch(&params)),
        Ask::EpochSeed { epoch } => bytes(&scheme.epoch_seed(&params, epoch)),
    }
}

fn bytes(value: &impl Serialize) -> Result<Vec<u8>, String> {
    postcard::to_allocvec(value).map_err(|e| e.to_string())
}

/// Scheme `S` with every computation asked of the part that deals it: its name, title,
/// summary, steps and options are `S`'s own (called directly, so only those of its methods are
/// in the page's wasm).
pub struct Remote<S>(pub S);

/// Asks the part about scheme `name` (not generic over the scheme: one copy in the wasm).
fn ask<T: DeserializeOwned>(name: &str, params: &Params, ask: Ask) -> Result<T, Unavailable> {
    let request = Request { scheme: name.into(), query: params.to_query(), ask };
    let request = bytes(&request).map_err(Unavailable::Missing)?;
    let asker = ASKER.get().ok_or_else(|| Unavailable::Missing("no part to ask".into()))?;
    let answer = asker(&request)?;
    postcard::from_bytes(&answer).map_err(|e| Unavailable::Missing(e.to_string()))
}

/// What the part answers, or `fallback` (what the page shows meanwhile) when it cannot yet.
fn ask_or<T: DeserializeOwned>(name: &str, params: &Params, what: Ask, fallback: T) -> T {
    ask(name, params, what).unwrap_or(fallback)
}

fn deal(name: &str, params: &Params, cap: usize) -> Result<Deal, Vec<ParamError>> {
    let cap = u64::try_from(cap).unwrap_or(u64::MAX);
    ask(name, params, Ask::Deal { cap }).unwrap_or_else(|why| Err(vec![why.error()]))
}

fn stages(name: &str, params: &Params) -> Result<Vec<StageView>, Vec<ParamError>> {
    ask(name, params, Ask::Stages).unwrap_or_else(|why| Err(vec![why.error()]))
}

/// The Python, or (while the part cannot answer) a comment saying why there is none yet.
fn python(name: &str, params: &Params, lang: Lang) -> String {
    ask(name, params, Ask::Python { lang: lang.code().into() })
        .unwrap_or_else(|why| format!("# {}", why.error().message(lang)))
}

fn draws_per_epoch(name: &str, params: &Params) -> u64 {
    ask_or(name, params, Ask::DrawsPerEpoch, super::every_rank_list(params))
}

impl<S: Scheme> Scheme for Remote<S> {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn title(&self) -> SchemeText {
        self.0.title()
    }

    fn summary(&self) -> SchemeText {
        self.0.summary()
    }

    fn steps(&self, params: &Params) -> &'static [Step] {
        self.0.steps(params)
    }

    fn options(&self) -> &'static [Field] {
        self.0.options()
    }

    fn map_style_workers(&self) -> bool {
        self.0.map_style_workers()
    }

    fn covers_epochs(&self) -> bool {
        self.0.covers_epochs()
    }

    fn pictured(&self) -> bool {
        self.0.pictured()
    }

    /// The part's [`Scheme::deal_up_to`] (workers and `base_seed` included).
    fn lanes_up_to(
        &self,
        params: &Params,
        _shared: &Shared,
        cap: usize,
    ) -> Result<Deal, Vec<ParamError>> {
        deal(self.0.name(), params, cap)
    }

    fn deal_up_to(
        &self,
        params: &Params,
        _shared: &Shared,
        cap: usize,
    ) -> Result<Deal, Vec<ParamError>> {
        deal(self.0.name(), params, cap)
    }

    fn repeats_by_design(&self, params: &Params) -> bool {
        ask_or(self.0.name(), params, Ask::RepeatsByDesign, false)
    }

    fn python(&self, params: &Params, lang: Lang) -> String {
        python(self.0.name(), params, lang)
    }

    fn stages(&self, params: &Params) -> Result<Vec<StageView>, Vec<ParamError>> {
        stages(self.0.name(), params)
    }

    fn draws_per_epoch(&self, params: &Params) -> u64 {
        draws_per_epoch(self.0.name(), params)
    }

    fn epoch_seed(&self, params: &Params, epoch: u64) -> Option<EpochSeed> {
        ask_or(self.0.name(), params, Ask::EpochSeed { epoch }, None)
    }
}
