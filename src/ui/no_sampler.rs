//! The other way: no sampler, `DataLoader(shuffle=True)` on every GPU, and what it costs.

use leptos::prelude::*;

use super::controls::{FieldErrors, NumberField};
use super::index_table::RankTable;
use super::indices::{SameEpoch, use_indices};
use super::{AppState, thousands};
use crate::model::{Field, Picture, Seeding, Visits};

/// The no-sampler side: its orders per rank and the visits it costs, beside the sampler's.
#[component]
pub fn NoSamplerPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let indices = use_indices(state);
    let seeding = state.text(Field::Seeding);
    view! {
        <section class="no-sampler" aria-labelledby="no-sampler-title">
            <h2 id="no-sampler-title">"Without a sampler"</h2>
            <p class="explain">
                {move || state.picture.with(|p| format!(
                    "DataLoader(dataset, batch_size={}, shuffle={}) in each of {} processes: every GPU walks the whole dataset.",
                    p.params.batch_size, if p.params.shuffle { "True" } else { "False" }, p.params.num_replicas
                ))}
            </p>
            <div class="field">
                <label for="seeding">"Each process"</label>
                <select
                    id="seeding"
                    name="seeding"
                    data-testid="control-seeding"
                    prop:value=move || seeding.get()
                    on:change=move |ev| state.set(Field::Seeding, event_target_value(&ev))
                >
                    <option value="alike">"calls torch.manual_seed(manual_seed)"</option>
                    <option value="unseeded">"never seeds (the OS picks its seed)"</option>
                </select>
                <FieldErrors field=Field::Seeding />
            </div>
            {move || if seeding.get() == "unseeded" {
                view! { <NumberField field=Field::OsSeed label="simulated OS entropy" /> }.into_any()
            } else {
                view! { <NumberField field=Field::ManualSeed label="manual_seed" /> }.into_any()
            }}
            {move || indices.with(|SameEpoch(p)| side(p))}
        </section>
    }
}

fn side(p: &Picture) -> AnyView {
    let side = match &p.no_sampler {
        Ok(side) => side,
        Err(e) => {
            return view! {
                <div class="error-note" role="alert" data-testid="no-sampler-error">
                    <p><strong>{e.message.clone()}</strong></p>
                    <p>{e.rule.clone()}</p>
                </div>
            }
            .into_any();
        }
    };
    let identical = side.orders.windows(2).all(|w| w[0] == w[1]);
    let note = match (p.params.seeding, identical) {
        (_, true) if p.params.num_replicas > 1 => {
            "Every GPU gets the same batches in the same order."
        }
        (Seeding::Unseeded, _) => "Each GPU walks the whole dataset in its own order.",
        _ => "Each GPU walks the whole dataset.",
    };
    let seeds = side.process_seeds.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
    view! {
        <p class="note" data-testid="no-sampler-note">{note}</p>
        <p class="seeds">"torch.initial_seed() per rank: " <code>{seeds}</code></p>
        <RankTable
            testid="no-sampler-table"
            caption=format!("Indices each rank receives in epoch {}, without a sampler", p.params.epoch)
            rows=side.orders.clone()
            full_len=p.params.n as usize
            highlight=p.params.rank as usize
        />
    }
    .into_any()
}

/// What each set-up costs per epoch: how often each sample is processed, over all GPUs.
#[component]
pub fn Cost() -> impl IntoView {
    let indices = use_indices(expect_context::<AppState>());
    move || {
        indices.with(|SameEpoch(p)| {
            let w = p.params.num_replicas as u64;
            let without = match &p.no_sampler {
                Ok(side) => match &side.visits {
                    Some(v) => describe(v),
                    None => "not counted at this size".into(),
                },
                Err(e) => e.message.clone(),
            };
            view! {
                <section class="cost" aria-labelledby="cost-title">
                    <h2 id="cost-title">"Work per epoch, all GPUs together"</h2>
                    <dl>
                        <div>
                            <dt>"With DistributedSampler"</dt>
                            <dd data-testid="visits">{describe(&p.visits)}</dd>
                        </div>
                        <div>
                            <dt>"Without a sampler"</dt>
                            <dd data-testid="no-sampler-visits">{without}</dd>
                        </div>
                    </dl>
                    <p class="note">{format!("Without a sampler the {w} GPUs together do {w}× the work of one epoch.")}</p>
                </section>
            }
        })
    }
}

/// "49,998 samples once, 2 twice (50,002 sample-visits)".
fn describe(v: &Visits) -> String {
    let times = |t: u32| match t {
        0 => "never".to_string(),
        1 => "once".to_string(),
        2 => "twice".to_string(),
        t => format!("{t} times"),
    };
    let parts: Vec<String> = v
        .histogram
        .iter()
        .map(|&(t, s)| format!("{} samples {}", thousands(s), times(t)))
        .collect();
    format!("{} ({} sample-visits)", parts.join(", "), thousands(v.processed()))
}
