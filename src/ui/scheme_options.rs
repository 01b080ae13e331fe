//! A compared scheme's own options (named as its library names them) and the stages its
//! samples go through, both under its lanes.

use leptos::prelude::*;

use super::compare::Deals;
use super::controls::message_lang;
use super::{AppState, tr};
use crate::i18n::ecosystem::EcoText as E;
use crate::model::controls::Kind;
use crate::model::scheme::Step;
use crate::model::{Field, flag_text};

/// The options and stages of the `k`-th compared scheme.
#[component]
pub fn SchemeOptions(
    /// Its place among the compared schemes.
    k: usize,
    /// What each compared scheme deals (its refusals go next to the option at fault).
    deals: Memo<Deals>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let current = Memo::new(move |_| state.compare.with(|c| c.get(k).map(|s| s.name())));
    // Rebuilt only when the scheme changes, so that typing in an option keeps its focus;
    // which options are idle follows the parameters on its own.
    move || {
        let scheme = crate::model::scheme::by_name(current.get()?)?;
        // `hide=` leaves an option out as it does any control (its value still comes from the
        // URL).
        let layout = use_context::<crate::model::embed::Layout>().unwrap_or_default();
        let options: Vec<Field> =
            scheme.options().iter().copied().filter(|&f| !layout.hides(f)).collect();
        let fields = options.iter().map(|&field| option(k, field, deals)).collect_view();
        (!options.is_empty()).then(|| {
            view! {
                <fieldset class="scheme-options" data-testid="scheme-options">
                    <legend>{tr(E::Options)}</legend>
                    {fields}
                </fieldset>
            }
        })
    }
}

/// The stages of the `k`-th compared scheme, named in order (they follow its options).
#[component]
pub fn SchemeHow(k: usize) -> impl IntoView {
    let state = expect_context::<AppState>();
    let steps = move || {
        let scheme = state.compare.with(|c| c.get(k).copied())?;
        let params = state.dealt.get();
        let steps = scheme.steps(&params).iter();
        Some(steps.map(|&step| view! { <li>{tr(step_text(step))}</li> }).collect_view())
    };
    view! {
        <div class="scheme-how" data-testid="scheme-how">
            <span class="how-label">{tr(E::How)}</span>
            <ol class="steps">{steps}</ol>
        </div>
    }
}

/// Whether the other parameters make `field` do nothing (its control is then hidden; its
/// value stays in the URL).
fn idle(params: &crate::model::Params, field: Field) -> bool {
    match field {
        Field::InnerSeed => params.inner == crate::model::InnerSampler::Sequential,
        Field::DataSeed => !params.use_seedable_sampler,
        _ => false,
    }
}

/// The label a field's control carries here: the library's own name for it.
fn label(field: Field) -> &'static str {
    match field {
        Field::LoaderDropLast => "DataLoader drop_last",
        Field::ManualSeed => "torch.manual_seed",
        Field::Inner => "sampler",
        Field::InnerSeed => "g.manual_seed",
        other => other.name(),
    }
}

/// One option's control (a checkbox, a choice or a number) and its errors.
fn option(k: usize, field: Field, deals: Memo<Deals>) -> AnyView {
    let state = expect_context::<AppState>();
    let shown = state.shown(field);
    let id = format!("option-{k}-{field}");
    let error_id = format!("option-error-{k}-{field}");
    let page_errors = state.errors_for(field);
    // The page's own errors for this field, then what the scheme's library refused because of it.
    let errors = Signal::derive(move || {
        let mut all = page_errors.get();
        deals.with(|d| {
            if let Some((_, Err(refused))) = d.get(k) {
                all.extend(refused.iter().filter(|e| e.field == field).cloned());
            }
        });
        all
    });
    let invalid = move || !errors.get().is_empty();
    let messages = move || {
        let lang = state.lang.get();
        errors
            .get()
            .iter()
            .map(|e| view! { <span class="error" lang=message_lang(e)>{e.message(lang)}</span> })
            .collect_view()
    };
    let flag = Kind::of(field) == Kind::Checkbox;
    let choices: Option<&[(&str, &str)]> = match field {
        Field::Inner => {
            Some(&[("random", "RandomSampler(generator=g)"), ("sequential", "SequentialSampler")])
        }
        Field::Sharding => {
            Some(&[("none", "none"), ("worker", "worker"), ("rank_and_worker", "rank_and_worker")])
        }
        Field::Generator => Some(&[
            ("alike", "g.manual_seed(seed)"),
            ("per_rank", "g.manual_seed(seed + rank)"),
            ("global_alike", "torch.manual_seed(seed)"),
            ("global_per_rank", "torch.manual_seed(seed + rank)"),
        ]),
        _ => None,
    };
    // Weights take a preset's name or a list; the other texts are numbers.
    let (mode, list) = match field {
        Field::Weights => ("text", Some(format!("{id}-presets"))),
        _ => ("numeric", None),
    };
    let presets = list.clone().map(|list| {
        view! { <datalist id=list><option value="imbalanced"></option><option value="uniform"></option></datalist> }
    });
    let control = if flag {
        view! {
            <input type="checkbox" id=id.clone() data-testid=format!("option-{field}")
                aria-describedby=error_id.clone() prop:checked=move || shown.get().checked()
                on:change=move |ev| state.set(field, flag_text(event_target_checked(&ev)).into()) />
        }
        .into_any()
    } else if let Some(choices) = choices {
        let options = choices
            .iter()
            .map(|&(value, name)| view! { <option value=value>{name}</option> })
            .collect_view();
        view! {
            <select id=id.clone() data-testid=format!("option-{field}") prop:value=move || shown.get().text()
                on:change=move |ev| state.set(field, event_target_value(&ev))>
                {options}
            </select>
        }
        .into_any()
    } else {
        view! {
            <input type="text" id=id.clone() inputmode=mode autocomplete="off" spellcheck="false" list=list
                data-testid=format!("option-{field}") aria-invalid=move || invalid().to_string()
                aria-describedby=error_id.clone()
                prop:value=move || shown.get().text() on:input=move |ev| state.set(field, event_target_value(&ev)) />
            {presets}
        }
        .into_any()
    };
    let hidden = move || state.dealt.with(|p| idle(p, field));
    view! {
        <div class="field" class:toggle=flag class:invalid=invalid hidden=hidden>
            <label for=id><code>{label(field)}</code></label>
            {control}
            <span class="field-errors" id=format!("option-error-{k}-{field}") aria-live="polite">{messages}</span>
        </div>
    }
    .into_any()
}

/// A stage's name.
pub(super) fn step_text(step: Step) -> E {
    match step {
        Step::Indices => E::StepIndices,
        Step::Shuffle => E::StepShuffle,
        Step::ShufflePerRank => E::StepShufflePerRank,
        Step::PadOrTrim => E::StepPadOrTrim,
        Step::Stripe => E::StepStripe,
        Step::Batch => E::StepBatch,
        Step::InnerOrder => E::StepInnerOrder,
        Step::DealBatches => E::StepDealBatches,
        Step::SplitBatches => E::StepSplitBatches,
        Step::CompleteRound => E::StepCompleteRound,
        Step::Resume => E::StepResume,
        Step::Workers => E::StepWorkers,
        Step::ByWorker => E::StepByWorker,
        Step::Draw => E::StepDraw,
        Step::DrawInSlice => E::StepDrawInSlice,
    }
}
