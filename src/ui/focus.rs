//! The scheme the story's figures draw: one of the compared schemes (`focus=` in the URL, the
//! first compared one by default), picked above the story, and its deal for the epoch shown
//! with every GPU's list up to the tables' row limit. Each figure of a step that follows it
//! ([`crate::model::story::Step::follows`]) reads this deal, never a particular sampler, and
//! names the scheme it draws. `repeating` counts its first epochs that repeat epoch 0;
//! `Refused` stands in for the downloads while it refuses the values.

use std::sync::Arc;

use leptos::prelude::*;

use super::epochs_run::{EpochsDrawn, EpochsRun};
use super::{AppState, fill, tr, url};
use crate::i18n::story::StoryText as T;
use crate::model::picture::row_limit;
use crate::model::scheme::history::ROW_CAP;
use crate::model::scheme::{self, Deal, Scheme};
use crate::model::story;
use crate::model::{ParamError, Params};

/// The followed scheme's deal, or what it refuses (`Arc`: figures share one).
pub type FocusDeal = Result<Arc<Deal>, Vec<ParamError>>;

/// The scheme the story follows and its deal, shared through context.
#[derive(Clone, Copy)]
pub struct Focus {
    /// The name asked for (`focus=`), kept while the comparison does not hold it.
    asked: RwSignal<Option<String>>,
    /// The scheme followed: the asked one if compared, else the first compared.
    pub scheme: Memo<&'static dyn Scheme>,
    /// Its deal for the picture's parameters.
    pub deal: Memo<FocusDeal>,
    /// How many of its first epochs after epoch 0 hand GPU 0 its epoch-0 list, of how many
    /// ([`crate::model::story::repeating_in`]): read off a run of its first epochs, drawn one
    /// per task when the parameters other than the epoch and the stage change (not on every
    /// tick of the play), where the scheme's design does not say it at once.
    pub repeating: Memo<Option<(usize, usize)>>,
}

impl Focus {
    /// Makes the focus from the URL and provides it.
    pub fn provide(state: AppState) -> Focus {
        let asked = RwSignal::new(url::param("focus"));
        let scheme = Memo::new_with_compare(
            move |_| {
                let compared = state.compare.get();
                let wanted = asked.with(|a| {
                    a.as_deref().and_then(|name| compared.iter().find(|s| s.name() == name))
                });
                match (wanted, compared.first()) {
                    (Some(s), _) | (None, Some(s)) => *s,
                    (None, None) => scheme::SCHEMES[0],
                }
            },
            |a, b| a.map(|s| s.name()) != b.map(|s| s.name()),
        );
        let deal = Memo::new(move |_| {
            let s = scheme.get();
            let shared = state.shared();
            state.dealt.with(|params| {
                let cap = row_limit(params.num_replicas.max(1) as usize);
                s.deal_up_to(params, &shared, cap).map(Arc::new)
            })
        });
        // The run starts within the change (it draws in tasks of its own), so that whatever
        // reads it is busy from the change on.
        let at_epoch_0 = Memo::new(move |_| Params { epoch: 0, ..state.dealt.get() });
        let key = Memo::new(move |_| (Some(scheme.get().name()), at_epoch_0.get()));
        let epochs = EpochsRun::follow(key, ROW_CAP);
        let repeating = Memo::new(move |_| {
            let s = scheme.get();
            // What the scheme's design says, at once; else what the last run drew (the one
            // before, while a new one draws).
            let by_design = at_epoch_0.with(|params| story::repeating_in(s, params, &[]));
            by_design.or_else(|| {
                epochs.drawn.with(|drawn| match drawn {
                    EpochsDrawn::Epochs(e) if e.name == s.name() => {
                        story::repeating_in(s, &e.params, &e.epochs)
                    }
                    _ => None,
                })
            })
        });
        let focus = Focus { asked, scheme, deal, repeating };
        provide_context(focus);
        focus
    }

    /// Follows `name`, and keeps it in the URL.
    pub fn set(&self, state: AppState, name: &str) {
        self.asked.set(Some(name.to_string()));
        state.set_url(&[("focus", Some(name))]);
    }
}

/// The picker above the story: which compared scheme its figures draw.
#[component]
pub fn FocusPicker() -> impl IntoView {
    let state = expect_context::<AppState>();
    let focus = expect_context::<Focus>();
    let options = move || {
        let current = focus.scheme.get().name();
        state
            .compare
            .get()
            .into_iter()
            .map(|s| {
                view! { <option value=s.name() selected=s.name() == current>{tr(s.title())}</option> }
            })
            .collect_view()
    };
    view! {
        <label class="focus-picker">
            <span>{tr(T::Follows)}</span>
            " "
            <select data-testid="focus-picker" on:change=move |ev| focus.set(state, &event_target_value(&ev))>
                {options}
            </select>
        </label>
    }
}

/// The line on a figure that names the scheme it draws.
#[component]
pub fn DrawnFor() -> impl IntoView {
    let state = expect_context::<AppState>();
    let focus = expect_context::<Focus>();
    view! {
        <p class="drawn-for" data-testid="drawn-for" data-scheme=move || focus.scheme.get().name()>
            {move || {
                let lang = state.lang.get();
                fill(T::DrawnFor, lang, &[("scheme", &focus.scheme.get().title().text(lang))])
            }}
        </p>
    }
}

/// What stands in place of the downloads while the followed scheme refuses these values: the
/// library's words, not a file of nothing.
#[component]
pub fn Refused() -> impl IntoView {
    let state = expect_context::<AppState>();
    let focus = expect_context::<Focus>();
    move || {
        let lang = state.lang.get();
        focus.deal.with(|deal| {
            let errors = deal.as_ref().err()?;
            let said = super::story::Said::refused(T::DownloadRefused, focus, errors, lang);
            Some(view! { <p class="figure-refused" data-testid="figure-refused">{said.view()}</p> })
        })
    }
}

/// Whether the followed scheme is one the pipeline animates (one permutation, padded or
/// trimmed, striped, batched), whose epochs are seeded `seed + epoch`.
pub fn animated() -> Memo<bool> {
    let focus = expect_context::<Focus>();
    Memo::new(move |_| focus.scheme.get().pictured())
}
