//! The page: controls, lengths, the pipeline stage by stage, the index tables beside the
//! no-sampler set-up, the cost, and the epoch timeline.

use leptos::prelude::*;

use super::canvas_view::CanvasView;
use super::code_panel::CodePanel;
use super::controls::Controls;
use super::index_table::IndexTable;
use super::lengths::Lengths;
use super::no_sampler::{Cost, NoSamplerPanel};
use super::pipeline::Pipeline;
use super::playback::Playback;
use super::state::{AppState, query_pairs};
use super::timeline::Timeline;
use crate::model::layout::CHIP_LIMIT;
use crate::model::{Params, Picture};

/// The whole page. State comes from the URL and is shared through context.
#[component]
pub fn App() -> impl IntoView {
    let state = AppState::from_query(&query_pairs());
    provide_context(state);
    // A memo, so the pipeline is rebuilt only when it switches between chips and canvas,
    // never on a stage change (its chips must persist to animate).
    let small = Memo::new(move |_| {
        state.picture.with(|p| p.epoch.total_size().max(p.params.n as usize) <= CHIP_LIMIT)
    });
    view! {
        <header class="masthead">
            <h1>"What does each GPU get?"</h1>
            <p class="lede">
                "PyTorch's " <code>"DistributedSampler"</code>
                ", index for index: the same shuffle, padding, striping and batches as PyTorch 2.15."
            </p>
        </header>
        <main>
            <Controls />
            <Drawing />
            <Lengths />
            <section class="pipeline-section" aria-labelledby="pipeline-title">
                <h2 id="pipeline-title">"With DistributedSampler, stage by stage"</h2>
                <p class="call" data-testid="call">
                    <code>{move || state.picture.with(|p| python_call(&p.params))}</code>
                </p>
                <Playback />
                {move || if small.get() { view! { <Pipeline /> }.into_any() } else { view! { <CanvasView /> }.into_any() }}
            </section>
            <div class="side-by-side">
                <section class="with-sampler" aria-labelledby="with-sampler-title">
                    <h2 id="with-sampler-title">"With DistributedSampler"</h2>
                    <p class="explain">{move || state.picture.with(|p| sampler_sentence(p))}</p>
                    <IndexTable />
                </section>
                <NoSamplerPanel />
            </div>
            <Cost />
            <Timeline />
            <CodePanel />
        </main>
        <footer class="colophon">
            <p>
                "Every index is computed in your browser by a Rust reimplementation of PyTorch's generator, "
                <code>"randperm"</code> " and samplers, checked against PyTorch 2.15's own outputs."
            </p>
        </footer>
    }
}

/// Says that a large picture is being drawn (the page stays usable meanwhile).
#[component]
fn Drawing() -> impl IntoView {
    let state = expect_context::<AppState>();
    view! {
        <p class="drawing" role="status" data-testid="drawing">
            {move || state.drawing.get().map(|(done, all)| {
                format!("Drawing the permutation… {}%", u64::from(done) * 100 / u64::from(all.max(1)))
            })}
        </p>
    }
}

/// The sampler's construction as Python, with the current values.
fn python_call(p: &Params) -> String {
    let py = |b: bool| if b { "True" } else { "False" };
    let epoch = if p.set_epoch {
        format!("sampler.set_epoch({})", p.epoch)
    } else {
        "set_epoch never called, so the sampler's epoch stays 0".to_string()
    };
    format!(
        "sampler = DistributedSampler(dataset, num_replicas={}, rank={}, shuffle={}, seed={}, drop_last={}); {epoch}",
        p.num_replicas,
        p.rank,
        py(p.shuffle),
        p.seed,
        py(p.drop_last),
    )
}

/// One sentence on what each rank gets.
fn sampler_sentence(p: &Picture) -> String {
    format!(
        "Each of the {} GPUs gets its own {} indices ({} batches of up to {}); together they cover the dataset once.",
        p.params.num_replicas,
        super::thousands(p.lengths.sampler as u64),
        super::thousands(p.lengths.loader as u64),
        p.params.batch_size
    )
}
