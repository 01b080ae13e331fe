//! The app shell: the configuration shown and the picture of every rank.

use leptos::prelude::*;

use super::{IndexTable, RankLanes};
use crate::sampler::{Config, DistributedSampler, SamplerError};

/// The whole page: the sampler's call, then each rank's indices as lanes and as a table.
#[component]
pub fn App() -> impl IntoView {
    let config = Config::default();
    let picture = match DistributedSampler::new(&config).and_then(|s| s.epoch()) {
        Ok(epoch) => {
            let n = epoch.order().len();
            view! {
                <RankLanes epoch=epoch.clone() n=n />
                <IndexTable epoch=epoch />
            }
            .into_any()
        }
        Err(error) => view! { <ErrorNote error=error /> }.into_any(),
    };
    view! {
        <header class="masthead">
            <h1>"What does each GPU get?"</h1>
            <p class="lede">
                "PyTorch's " <code>"DistributedSampler"</code>
                ", index for index: the same shuffle, padding and striping as PyTorch 2.15."
            </p>
        </header>
        <main>
            <p class="call" data-testid="call">
                <code>{python_call(&config)}</code>
            </p>
            {picture}
        </main>
    }
}

/// A refused configuration: PyTorch's message and the rule behind it.
#[component]
fn ErrorNote(
    /// What the core refused.
    error: SamplerError,
) -> impl IntoView {
    let kind = error.exception().unwrap_or("Limit");
    view! {
        <div class="error-note" role="alert" data-testid="error">
            <p><strong>{kind} ": "</strong> <code>{error.to_string()}</code></p>
            <p>{error.rule()}</p>
        </div>
    }
}

fn python_call(c: &Config) -> String {
    let py_bool = |b: bool| if b { "True" } else { "False" };
    format!(
        "DistributedSampler(dataset_of_len_{}, num_replicas={}, rank={}, shuffle={}, seed={}, drop_last={}).set_epoch({})",
        c.n,
        c.num_replicas,
        c.rank,
        py_bool(c.shuffle),
        c.seed,
        py_bool(c.drop_last),
        c.epoch
    )
}
