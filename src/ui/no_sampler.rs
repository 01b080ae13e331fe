//! The other way: no sampler, `DataLoader(shuffle=shuffle)` on every GPU (the sampler's
//! `shuffle`, not `loader_shuffle`), and what it costs.

use std::sync::Arc;

use leptos::prelude::*;

use super::controls::{FieldErrors, NumberField, message_lang};
use super::index_table::RankTable;
use super::{AppState, fill, thousands, tr};
use crate::i18n::Lang;
use crate::i18n::page::{ControlText, NoSamplerText as T, TableText};
use crate::model::{Field, NoSamplerSide, ParamError, Params, Seeding, Visits};

/// The no-sampler side of the parameters drawn, computed once for the panel, the cost line
/// and the charts' contrast.
#[derive(Clone, Copy)]
pub struct Without(pub Memo<Arc<Result<NoSamplerSide, ParamError>>>);

impl Without {
    /// Gives the page its no-sampler side, following the parameters drawn (not the stage).
    pub fn provide(state: AppState) {
        let side = Memo::new(move |_| Arc::new(state.dealt.with(NoSamplerSide::of)));
        provide_context(Without(side));
    }
}

/// The no-sampler side: its orders per rank and the visits it costs, beside the sampler's.
#[component]
pub fn NoSamplerPanel(
    /// Whether its index table is shown (`hide=tables` leaves it out).
    tables: bool,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let without = expect_context::<Without>().0;
    // What the select shows and what picks the seed field: the seeding the picture uses when
    // the URL's text is bad (model::controls).
    let shown = state.shown(Field::Seeding);
    let seeding = Signal::derive(move || shown.with(|s| s.text()));
    view! {
        <section class="no-sampler" aria-labelledby="no-sampler-title">
            <h3 id="no-sampler-title">{tr(T::Title)}</h3>
            <p class="explain">{move || state.dealt.with(|p| explain(p, state.lang.get()))}</p>
            <div class="field">
                <label for="seeding">{tr(T::EachProcess)}</label>
                <select
                    id="seeding"
                    name="seeding"
                    data-testid="control-seeding"
                    prop:value=move || seeding.get()
                    on:change=move |ev| state.set(Field::Seeding, event_target_value(&ev))
                >
                    <option value="alike">{tr(T::Alike)}</option>
                    <option value="unseeded">{tr(T::Unseeded)}</option>
                </select>
                <FieldErrors field=Field::Seeding />
            </div>
            {move || if seeding.get() == "unseeded" {
                view! { <NumberField field=Field::OsSeed label=tr(ControlText::OsEntropy) /> }.into_any()
            } else {
                view! { <NumberField field=Field::ManualSeed label="manual_seed" /> }.into_any()
            }}
            {move || {
                let lang = state.lang.get();
                without.with(|s| state.dealt.with(|p| side(p, s, lang, tables)))
            }}
        </section>
    }
}

/// What the panel simulates, with this configuration's values.
fn explain(p: &Params, lang: Lang) -> String {
    let shuffle = if p.shuffle { "True" } else { "False" };
    let values: [(&str, &dyn std::fmt::Display); 3] =
        [("size", &p.batch_size), ("shuffle", &shuffle), ("w", &p.num_replicas)];
    fill(T::Explain, lang, &values)
}

fn side(p: &Params, side: &Result<NoSamplerSide, ParamError>, lang: Lang, tables: bool) -> AnyView {
    let side = match side {
        Ok(side) => side,
        Err(e) => {
            return view! {
                <div class="error-note" role="alert" data-testid="no-sampler-error">
                    <p><strong lang=message_lang(e)>{e.message(lang)}</strong></p>
                    <p>{e.rule(lang)}</p>
                </div>
            }
            .into_any();
        }
    };
    let identical = side.orders.windows(2).all(|w| w[0] == w[1]);
    let note = match (p.seeding, identical) {
        (_, true) if p.num_replicas > 1 => T::SameBatches,
        (Seeding::Unseeded, _) => T::OwnOrder,
        _ => T::WholeDataset,
    };
    let seeds = side.process_seeds.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
    view! {
        <p class="note" data-testid="no-sampler-note">{note.text(lang)}</p>
        <p class="seeds">{T::Seeds.text(lang)} <code>{seeds}</code></p>
        {tables.then(|| view! {
            <RankTable
                testid="no-sampler-table"
                caption=fill(TableText::NoSamplerCaption, lang, &[("epoch", &p.epoch)])
                rows=side.orders.clone()
                full_len=p.n as usize
                highlight=p.rank as usize
            />
        })}
    }
    .into_any()
}

/// What each set-up costs per epoch: how often each sample is processed, over all GPUs, with
/// the scheme the story follows and without a sampler.
#[component]
pub fn Cost() -> impl IntoView {
    let state = expect_context::<AppState>();
    let focus = expect_context::<super::focus::Focus>();
    let side = expect_context::<Without>().0;
    move || {
        let lang = state.lang.get();
        let w = state.dealt.with(|p| p.num_replicas as u64);
        side.with(|side| {
            let without = match side.as_ref() {
                Ok(side) => match &side.visits {
                    Some(v) => describe(v, lang),
                    None => T::NotCounted.text(lang).into(),
                },
                Err(e) => e.message(lang),
            };
            let without_lang = side.as_ref().as_ref().err().and_then(message_lang);
            view! {
                <section class="cost" aria-labelledby="cost-title">
                    <h3 id="cost-title">{T::CostTitle.text(lang)}</h3>
                    <dl>
                        <div>
                            <dt>{focus.scheme.get().title().text(lang)}</dt>
                            <dd data-testid="visits">{focus.deal.with(|d| d.as_ref().ok().map(|d| describe(&d.visits, lang)))}</dd>
                        </div>
                        <div>
                            <dt>{T::Title.text(lang)}</dt>
                            <dd data-testid="no-sampler-visits" lang=without_lang>{without}</dd>
                        </div>
                    </dl>
                    <p class="note">{fill(T::CostNote, lang, &[("w", &w)])}</p>
                </section>
            }
        })
    }
}

/// "49,998 samples once, 2 twice (50,002 times a sample is processed)".
fn describe(v: &Visits, lang: Lang) -> String {
    let parts: Vec<String> = v
        .histogram
        .iter()
        .map(|&(t, s)| {
            let count = thousands(s);
            match t {
                0 => fill(T::Never, lang, &[("count", &count)]),
                1 => fill(T::Once, lang, &[("count", &count)]),
                2 => fill(T::Twice, lang, &[("count", &count)]),
                t => fill(T::Times, lang, &[("count", &count), ("t", &t)]),
            }
        })
        .collect();
    let total = thousands(v.processed());
    fill(T::Visits, lang, &[("parts", &parts.join(T::Comma.text(lang))), ("total", &total)])
}
