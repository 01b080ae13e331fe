//! The page's state, shared through context: the text of every control, the errors they
//! raise, and the last picture that could be drawn. The URL's query string mirrors it.

use std::collections::BTreeMap;
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen_futures::JsFuture;
use web_sys::js_sys;

use super::url::replace_query;
use crate::i18n::Lang;
use crate::model::controls::{self, Kind, Shown};
use crate::model::scheme::{self, CompareError, Scheme, Shared};
use crate::model::{Field, ParamError, Params, Picture, Stage};

/// The state every component reads; `Copy`, so it is passed around freely.
#[derive(Clone, Copy)]
pub struct AppState {
    /// What each control holds, as typed (may be invalid).
    pub texts: RwSignal<BTreeMap<Field, String>>,
    /// What is wrong with the current texts, field by field (empty when all is well).
    pub errors: RwSignal<Vec<ParamError>>,
    /// The last picture the core could compute: a bad or refused value keeps its value here.
    /// Read whole only for the distributed scheme: its stage-by-stage pipeline (chips, canvas,
    /// the guide's stage texts), its one-epoch charts, and the epoch deals share ([`Self::shared`]).
    pub picture: RwSignal<Arc<Picture>>,
    /// The picture's parameters: the last values the core accepted, the stage included.
    pub drawn: Memo<Params>,
    /// [`Self::drawn`] at the last stage: what every deal, table and text is made from, so
    /// that the stage's ticks deal nothing again.
    pub dealt: Memo<Params>,
    /// What the controls ask for: the picture's parameters with every valid text applied,
    /// values the core refuses included (what the URL and the share panel hold).
    pub asked: RwSignal<Params>,
    /// While a large picture is being drawn: steps taken and steps in all.
    pub drawing: RwSignal<Option<(u32, u32)>>,
    /// Whether the page is on screen (an embed scrolled out of view is not); playback waits.
    pub visible: RwSignal<bool>,
    /// The language every text is shown in (`lang=` in the URL).
    pub lang: RwSignal<Lang>,
    /// Counts rewrites of the URL's other parameters (`lang=`, `scenario=`, `guide=`), so that
    /// what shows the URL (the share panel) follows them.
    pub url_writes: RwSignal<u64>,
    /// The schemes compared side by side at the top (`compare=` in the URL).
    pub compare: RwSignal<Vec<&'static dyn Scheme>>,
    /// What was wrong with the URL's `compare=` (the default pair is shown meanwhile).
    pub compare_error: RwSignal<Option<CompareError>>,
    /// Counts recomputations, so that a newer one cancels a drawing still under way.
    generation: RwSignal<u64>,
}

/// Permutation steps per slice: 20 to 40 ms in the browser at the size cap (where every swap
/// misses the cache), so that it can paint and take input between slices.
const SLICE: u32 = 1 << 19;

impl AppState {
    /// State from the page's URL query (`?n=...`). A URL with bad values shows the picture of
    /// its good ones (drawn in slices when large, the defaults meanwhile), with each bad
    /// value's message beside its control; a value the core refuses keeps its default, with
    /// the core's message (`controls::settle`).
    pub fn from_query(pairs: &[(String, String)]) -> Self {
        let texts = controls::texts_from_pairs(pairs.iter().map(|(n, v)| (n.as_str(), v.as_str())));
        let lang = pairs
            .iter()
            .find(|(name, _)| name == "lang")
            .and_then(|(_, code)| Lang::from_code(code))
            .map(super::zh_texts::usable)
            .unwrap_or_default();
        let defaults =
            Picture::compute(&Params::default()).expect("the default configuration is valid");
        let asked = pairs.iter().find(|(name, _)| name == "compare").map(|(_, v)| v.as_str());
        let (compare, compare_error) = match asked.map(scheme::parse_compare) {
            Some(Ok(schemes)) => (schemes, None),
            Some(Err(error)) => (default_compare(), Some(error)),
            None => (default_compare(), None),
        };
        let (asked, errors) = controls::params_of(&texts);
        let picture = RwSignal::new(Arc::new(defaults));
        let drawn = Memo::new(move |_| picture.with(|p| p.params.clone()));
        let state = Self {
            texts: RwSignal::new(texts),
            errors: RwSignal::new(Vec::new()),
            picture,
            drawn,
            dealt: Memo::new(move |_| Params { stage: Stage::Batch, ..drawn.get() }),
            asked: RwSignal::new(Params::default()),
            drawing: RwSignal::new(None),
            visible: RwSignal::new(true),
            lang: RwSignal::new(lang),
            url_writes: RwSignal::new(0),
            compare: RwSignal::new(compare),
            compare_error: RwSignal::new(compare_error),
            generation: RwSignal::new(0),
        };
        state.draw(&Params::default(), asked, errors, false);
        state
    }

    /// A control changed: keep its text, and redraw if everything is valid.
    pub fn set(&self, field: Field, text: String) {
        self.texts.update(|t| {
            t.insert(field, text);
        });
        self.recompute(true);
    }

    /// A control changed, without rewriting the URL (the landing page playing by itself).
    pub fn set_quiet(&self, field: Field, text: String) {
        self.texts.update(|t| {
            t.insert(field, text);
        });
        self.recompute(false);
    }

    /// Sets several fields at once (a preset), then redraws once.
    pub fn set_many(&self, values: &[(Field, String)]) {
        self.texts.update(|t| t.extend(values.iter().cloned()));
        self.recompute(true);
    }

    /// Writes what the controls ask for into the URL (after changes made without it).
    pub fn write_url(&self) {
        replace_query(&self.asked.get_untracked().to_query());
    }

    /// [`Self::set_many`] without rewriting the URL (the landing page playing by itself).
    pub fn set_many_quiet(&self, values: &[(Field, String)]) {
        self.texts.update(|t| t.extend(values.iter().cloned()));
        self.recompute(false);
    }

    /// The text of one control.
    pub fn text(&self, field: Field) -> Signal<String> {
        let texts = self.texts;
        Signal::derive(move || texts.with(|t| t.get(&field).cloned().unwrap_or_default()))
    }

    /// What the control of `field` shows: its text read as the picture reads it, or the
    /// picture's value where a checkbox's or a choice's text is bad ([`controls::shown`]).
    pub fn shown(&self, field: Field) -> Signal<Shown> {
        let (texts, drawn) = (self.texts, self.drawn);
        // Free text shows as typed: redrawing the picture leaves it (and its caret) alone.
        let follows_picture = Kind::of(field) != Kind::Text;
        Signal::derive(move || {
            texts.with(|t| {
                let text = t.get(&field).map_or("", String::as_str);
                let read = |p: &Params| controls::shown(field, text, p);
                if follows_picture { drawn.with(read) } else { drawn.with_untracked(read) }
            })
        })
    }

    /// The errors that belong next to one control.
    pub fn errors_for(&self, field: Field) -> Signal<Vec<ParamError>> {
        let errors = self.errors;
        Signal::derive(move || {
            errors.with(|es| es.iter().filter(|e| e.field == field).cloned().collect())
        })
    }

    /// Switches the page's language, and keeps it in the URL and in `<html lang>`.
    pub fn set_lang(&self, lang: Lang) {
        self.lang.set(lang);
        self.set_url(&[("lang", Some(lang.code()))]);
        set_html_lang(lang);
    }

    /// Sets (`Some`) or removes (`None`) parameters of the URL that are not controls.
    pub fn set_url(&self, changes: &[(&str, Option<&str>)]) {
        super::url::set_params(changes);
        self.url_writes.update(|n| *n += 1);
    }

    /// Compares `scheme` in place `k` (0-based), and keeps the list in the URL.
    pub fn set_compared(&self, k: usize, scheme: &'static dyn Scheme) {
        let mut list = self.compare.get_untracked();
        if let Some(slot) = list.get_mut(k) {
            *slot = scheme;
        }
        self.set_url(&[("compare", Some(&scheme::compare_value(&list)))]);
        self.compare.set(list);
        self.compare_error.set(None);
        // A scheme dealt on demand whose part could not be loaded: compared anew, try again.
        super::part::retry_missing(super::part::STORY);
    }

    /// Compares exactly `schemes`, in order, and keeps them in the URL.
    pub fn set_compare(&self, schemes: Vec<&'static dyn Scheme>) {
        self.set_url(&[("compare", Some(&scheme::compare_value(&schemes)))]);
        self.compare.set(schemes);
        self.compare_error.set(None);
        super::part::retry_missing(super::part::STORY);
    }

    /// What a deal of [`Self::dealt`] shares with the picture: its epoch, which the
    /// distributed scheme deals from rather than drawing the permutation again. Untracked: a
    /// deal follows `dealt`, which changes with the picture.
    pub fn shared(&self) -> Shared {
        Shared { epoch: Some(self.picture.with_untracked(|p| p.epoch.clone())) }
    }

    /// The pipeline stage shown.
    pub fn stage(&self) -> Signal<Stage> {
        let drawn = self.drawn;
        Signal::derive(move || drawn.with(|p| p.stage))
    }

    fn recompute(&self, write_url: bool) {
        let base = self.drawn.get_untracked();
        let (asked, errors) = self.texts.with_untracked(|t| controls::params_over(&base, t));
        self.draw(&base, asked, errors, write_url);
    }

    /// Draws what `asked` can draw over `base` (`controls::settle`: a value the core refuses
    /// goes back to `base`'s), at once when small, in slices when large, then shows it with
    /// `errors` and the core's messages. When only `base`'s own values are refused in this
    /// combination, the picture stays, with the messages.
    fn draw(&self, base: &Params, asked: Params, errors: Vec<ParamError>, write_url: bool) {
        let generation = self.cancel_drawing();
        // The URL and the share panel keep what the controls ask for, refused values included,
        // so that a link reopens the same controls and the same messages.
        self.asked.set(asked.clone());
        if write_url {
            replace_query(&asked.to_query());
        }
        if let Some(picture) = self.restaged(&asked) {
            return self.show(picture, errors);
        }
        let (task, errors) = controls::settle(base, asked, errors, Picture::start);
        let Some((drawn, mut task)) = task else { return self.errors.set(errors) };
        if let Some(picture) = self.restaged(&drawn) {
            return self.show(picture, errors);
        }
        self.errors.set(errors.clone());
        // A small picture is drawn at once; a large one only starts here, so that even the
        // first slice runs in a task of its own.
        if task.progress().1 <= SLICE {
            return self.show(task.finish(), errors);
        }
        let state = *self;
        spawn_local(async move {
            loop {
                state.drawing.set(Some(task.progress()));
                next_macrotask().await;
                if state.generation.get_untracked() != generation {
                    return;
                }
                if task.advance(SLICE) {
                    break;
                }
            }
            next_macrotask().await;
            if state.generation.get_untracked() != generation {
                return;
            }
            state.drawing.set(None);
            state.show(task.finish(), errors);
        });
    }

    /// Makes any drawing still under way out of date (whatever happens next, it is); returns
    /// the next drawing's generation.
    fn cancel_drawing(&self) -> u64 {
        let generation = self.generation.get_untracked() + 1;
        self.generation.set(generation);
        self.drawing.set(None);
        generation
    }

    fn show(&self, picture: Picture, errors: Vec<ParamError>) {
        self.picture.set(Arc::new(picture));
        self.errors.set(errors);
    }

    /// The current picture at another stage, when the stage is all that changed.
    fn restaged(&self, params: &Params) -> Option<Picture> {
        let current = self.picture.get_untracked();
        let same_but_stage = Params { stage: current.params.stage, ..params.clone() };
        (same_but_stage == current.params)
            .then(|| Picture { params: params.clone(), ..(*current).clone() })
    }
}

/// The pair compared when the URL names none.
fn default_compare() -> Vec<&'static dyn Scheme> {
    scheme::DEFAULT_COMPARE.iter().filter_map(|name| scheme::by_name(name)).collect()
}

/// Resolves on the browser's next task, after it has had the chance to paint and handle input.
pub async fn next_macrotask() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = window().set_timeout_with_callback(&resolve);
    });
    let _ = JsFuture::from(promise).await;
}

/// The page's query string as decoded `(name, value)` pairs: `lang`, `compare` and every field.
pub fn query_pairs() -> Vec<(String, String)> {
    let names = ["lang", "compare"].into_iter().chain(Field::ALL.iter().map(|f| f.name()));
    super::url::pairs(names, false)
}

/// Marks the document's language, for screen readers and fonts.
pub fn set_html_lang(lang: Lang) {
    if let Some(root) = document().document_element() {
        let _ = root.set_attribute("lang", if lang == Lang::Zh { "zh-Hans" } else { "en" });
    }
}
