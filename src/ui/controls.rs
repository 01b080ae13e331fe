//! The controls: every argument of the real API, presets, and the rule next to any bad value.

use leptos::prelude::*;

use super::{AppState, tr};
use crate::i18n::page::ControlText;
use crate::model::embed::Layout;
use crate::model::{Field, flag_text};

/// One-click configurations from the classic tutorials and real datasets: the label, the
/// values set, and the schemes compared at the top (none: the comparison keeps its own).
type Preset = (ControlText, &'static [(Field, &'static str)], &'static [&'static str]);

/// The presets, in the bar's order.
const PRESETS: [Preset; 5] = [
    (
        ControlText::PresetToy,
        &[(Field::N, "8"), (Field::NumReplicas, "2"), (Field::BatchSize, "4")],
        &[],
    ),
    (
        ControlText::PresetSmall,
        &[(Field::N, "16"), (Field::NumReplicas, "2"), (Field::BatchSize, "2")],
        &[],
    ),
    (
        ControlText::PresetCifar,
        &[(Field::N, "50000"), (Field::NumReplicas, "2"), (Field::BatchSize, "64")],
        &[],
    ),
    (
        ControlText::PresetImagenet,
        &[(Field::N, "1281167"), (Field::NumReplicas, "8"), (Field::BatchSize, "256")],
        &[],
    ),
    // 90 % of one class, each sample weighted 1 / its class's size (`weights=imbalanced`).
    (
        ControlText::PresetImbalanced,
        &[
            (Field::N, "20"),
            (Field::NumReplicas, "2"),
            (Field::BatchSize, "4"),
            (Field::Weights, "imbalanced"),
            (Field::NumSamples, "len"),
            (Field::Replacement, "1"),
            (Field::Generator, "alike"),
        ],
        &["weighted_no_wrapper", "weighted_wrapper", "monai_weighted"],
    ),
];

/// The controls of each group, as the Python code groups them; those that matter most sit
/// in the comparison's bar ([`FIRST`]) unless the comparison is hidden.
const SAMPLER: [Field; 6] =
    [Field::N, Field::NumReplicas, Field::Rank, Field::Shuffle, Field::Seed, Field::DropLast];
const TRAINING: [Field; 2] = [Field::Epoch, Field::SetEpoch];
const LOADER: [Field; 4] =
    [Field::BatchSize, Field::LoaderShuffle, Field::LoaderDropLast, Field::NumWorkers];
/// The controls in the comparison's bar.
pub const FIRST: [Field; 7] = [
    Field::N,
    Field::NumReplicas,
    Field::BatchSize,
    Field::Shuffle,
    Field::DropLast,
    Field::SetEpoch,
    Field::Epoch,
];

/// The page's layout, or the full page when none was provided.
fn layout() -> Layout {
    use_context::<Layout>().unwrap_or_default()
}

/// Every parameter, grouped as the Python code groups them; a group whose controls `hide=` all
/// leaves out is left out, and the presets stay off the embedded view.
#[component]
pub fn Controls() -> impl IntoView {
    let layout = layout();
    // With the comparison on the page, its bar holds the controls that matter.
    let here = move |field: &Field| {
        layout.hides_section(crate::model::embed::Section::Compare) || !FIRST.contains(field)
    };
    let shows = move |group: &[Field]| group.iter().any(|f| here(f) && !layout.hides(*f));
    let any = shows(&SAMPLER) || shows(&TRAINING) || shows(&LOADER);
    any.then(|| {
        view! {
            <section class="controls" aria-label=tr(ControlText::Configuration)>
                {(!layout.embed && layout.hides_section(crate::model::embed::Section::Compare)).then(presets)}
                {shows(&SAMPLER).then(|| view! {
                    <fieldset>
                        <legend><code>"DistributedSampler"</code></legend>
                        {here(&Field::N).then(|| view! { <NumberField field=Field::N label=Field::N.label() /> })}
                        {here(&Field::NumReplicas).then(|| view! { <NumberField field=Field::NumReplicas label="num_replicas" /> })}
                        <NumberField field=Field::Rank label=tr(ControlText::RankLabel) />
                        {here(&Field::Shuffle).then(|| view! { <Toggle field=Field::Shuffle label="shuffle" /> })}
                        <NumberField field=Field::Seed label="seed" />
                        {here(&Field::DropLast).then(|| view! { <Toggle field=Field::DropLast label="drop_last" /> })}
                    </fieldset>
                })}
                {shows(&TRAINING).then(|| view! {
                    <fieldset>
                        <legend>{tr(ControlText::TrainingLoop)}</legend>
                        <EpochField />
                        <Toggle field=Field::SetEpoch label="sampler.set_epoch(epoch)" />
                    </fieldset>
                })}
                {shows(&LOADER).then(|| view! {
                    <fieldset>
                        <legend><code>"DataLoader"</code></legend>
                        {here(&Field::BatchSize).then(|| view! { <NumberField field=Field::BatchSize label="batch_size" /> })}
                        <Toggle field=Field::LoaderShuffle label="shuffle" />
                        <Toggle field=Field::LoaderDropLast label="drop_last" />
                        <NumberField field=Field::NumWorkers label="num_workers" />
                    </fieldset>
                })}
            </section>
        }
    })
}

/// One-click configurations (in the comparison's bar, off the embedded view).
pub fn presets() -> impl IntoView {
    let state = expect_context::<AppState>();
    let presets = PRESETS
        .iter()
        .map(|(label, values, compare)| {
            let values: Vec<(Field, String)> = values
                .iter()
                .map(|(f, v)| (*f, (*v).to_string()))
                .chain([(Field::Rank, "0".into()), (Field::LoaderShuffle, "0".into())])
                .collect();
            let schemes: Vec<_> =
                compare.iter().filter_map(|name| crate::model::scheme::by_name(name)).collect();
            view! {
                <button type="button" class="preset" on:click=move |_| {
                    state.set_many(&values);
                    if !schemes.is_empty() {
                        state.set_compare(schemes.clone());
                    }
                }>{tr(*label)}</button>
            }
        })
        .collect_view();
    view! { <div class="presets" data-testid="presets">{presets}</div> }
}

/// A whole-number field. Free text, so that a bad value can be typed and explained.
#[component]
pub fn NumberField(
    /// The parameter it edits.
    field: Field,
    /// Its name on the page (PyTorch's name, or a text that follows the page's language).
    #[prop(into)]
    label: Signal<&'static str>,
    /// Its messages go elsewhere (the comparison's bar gathers them under its fields).
    #[prop(optional)]
    errors_apart: bool,
) -> impl IntoView {
    (!layout().hides(field)).then(|| number_input(field, label, errors_apart))
}

fn number_input(field: Field, label: Signal<&'static str>, errors_apart: bool) -> impl IntoView {
    let state = expect_context::<AppState>();
    let shown = state.shown(field);
    let has_error = move || !state.errors_for(field).get().is_empty();
    view! {
        <div class="field" class:invalid=has_error>
            <label for=field.name()><code>{label}</code></label>
            <input
                id=field.name()
                name=field.name()
                type="text"
                inputmode="numeric"
                autocomplete="off"
                spellcheck="false"
                data-testid=format!("control-{field}")
                aria-invalid=move || has_error().to_string()
                aria-describedby=format!("error-{field}")
                prop:value=move || shown.get().text()
                on:input=move |ev| state.set(field, event_target_value(&ev))
            />
            {(!errors_apart).then(|| view! { <FieldErrors field=field /> })}
        </div>
    }
}

/// A boolean field as a checkbox (`0`/`1` in the URL), ticked as the picture reads it.
#[component]
pub fn Toggle(
    /// The parameter it edits.
    field: Field,
    /// Its name on the page.
    label: &'static str,
    /// Its messages go elsewhere (the comparison's bar gathers them under its fields).
    #[prop(optional)]
    errors_apart: bool,
) -> impl IntoView {
    (!layout().hides(field)).then(|| checkbox(field, label, errors_apart))
}

fn checkbox(field: Field, label: &'static str, errors_apart: bool) -> impl IntoView {
    let state = expect_context::<AppState>();
    let shown = state.shown(field);
    // Ticking these leaves the landing page's epochs playing: the play is what shows them.
    let keeps_play = matches!(field, Field::SetEpoch | Field::Shuffle).then_some("");
    view! {
        <div class="field toggle" data-keeps-play=keeps_play>
            <label>
                <input
                    type="checkbox"
                    name=field.name()
                    data-testid=format!("control-{field}")
                    aria-describedby=format!("error-{field}")
                    prop:checked=move || shown.get().checked()
                    on:change=move |ev| state.set(field, flag_text(event_target_checked(&ev)).into())
                />
                <code>{label}</code>
            </label>
            {(!errors_apart).then(|| view! { <FieldErrors field=field /> })}
        </div>
    }
}

/// The training epoch, with previous/next buttons.
#[component]
pub fn EpochField() -> impl IntoView {
    let state = expect_context::<AppState>();
    if layout().hides(Field::Epoch) {
        return None;
    }
    let step = move |delta: i64| {
        let current: i64 = state.text(Field::Epoch).get_untracked().trim().parse().unwrap_or(0);
        state.set(Field::Epoch, (current + delta).max(0).to_string());
    };
    Some(view! {
        <div class="epoch-field">
            <NumberField field=Field::Epoch label="epoch" />
            <div class="stepper">
                <button type="button" aria-label=tr(ControlText::PreviousEpoch) on:click=move |_| step(-1)>"−"</button>
                <button type="button" aria-label=tr(ControlText::NextEpoch) data-testid="next-epoch" on:click=move |_| step(1)>"+"</button>
            </div>
        </div>
    })
}

/// The errors for one field: what is wrong, then the rule, next to the control.
#[component]
pub fn FieldErrors(
    /// The parameter whose errors to show.
    field: Field,
    /// Each library's message starts with the parameter's name (shown apart from its
    /// control; PyTorch's may name another, `Invalid rank 0` for `num_replicas=0`; the page's
    /// own begin with it).
    #[prop(optional)]
    named: bool,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let errors = state.errors_for(field);
    let lang = state.lang;
    view! {
        <div id=format!("error-{field}") class="field-error" data-testid=format!("error-{field}") role="alert">
            {move || {
                let lang = lang.get();
                errors
                    .get()
                    .into_iter()
                    .map(|e| view! {
                        <p>
                            {(named && e.is_pytorchs()).then(|| view! { <code>{field.name()}</code> ": " })}
                            {message_and_rule(&e, lang)}
                        </p>
                    })
                    .collect_view()
            }}
        </div>
    }
}

/// A refusal as the page words it: the message (PyTorch's own, marked English, where it raises),
/// then the rule it breaks.
pub fn message_and_rule(
    error: &crate::model::ParamError,
    lang: crate::i18n::Lang,
) -> impl IntoView + use<> {
    view! { <strong lang=message_lang(error)>{error.message(lang)}</strong> " " {error.rule(lang)} }
}

/// `en` on a message that is PyTorch's own, so that a Chinese page reads it out as English.
pub fn message_lang(error: &crate::model::ParamError) -> Option<&'static str> {
    error.is_pytorchs().then_some("en")
}
