//! The page: controls, lengths, the pipeline stage by stage, the index tables beside the
//! no-sampler set-up, the cost, the epoch timeline, the code and the share panel; or, embedded
//! (`embed=1`), the compact view without the masthead, cost, code, share panel and footer.
//! `hide=` leaves out controls and sections on either ([`crate::model::embed`]).

use leptos::prelude::*;

use super::canvas_view::CanvasView;
use super::charts::Charts;
use super::code_panel::CodePanel;
use super::controls::Controls;
use super::embed::{self, EmbedFooter};
use super::guide::Guide;
use super::index_table::IndexTable;
use super::lengths::Lengths;
use super::no_sampler::{Cost, NoSamplerPanel};
use super::pipeline::Pipeline;
use super::playback::Playback;
use super::scenarios::Scenarios;
use super::share::SharePanel;
use super::state::{AppState, query_pairs};
use super::timeline::Timeline;
use crate::model::embed::{Layout, Section};
use crate::model::layout::CHIP_LIMIT;
use crate::model::{Field, Params, Picture};

/// The whole page. State comes from the URL and is shared through context.
#[component]
pub fn App() -> impl IntoView {
    let state = AppState::from_query(&query_pairs());
    super::state::set_html_lang(state.lang.get_untracked());
    let layout = embed::page_layout();
    provide_context(state);
    provide_context(layout);
    if layout.embed {
        embed::post_height_to_parent();
        embed::track_visibility(state);
    }
    let full = !layout.embed;
    let no_sampler = !layout.hides_section(Section::NoSampler);
    view! {
        {full.then(masthead)}
        {layout.embed.then(|| view! { <h1 class="sr-only">"What does each GPU get? DistributedSampler, index for index"</h1> })}
        <main class:embed=layout.embed class:hide-seeding=layout.hides(Field::Seeding)>
            {full.then(|| view! { <Scenarios /> })}
            <Controls />
            <Drawing />
            <Lengths />
            {full.then(|| view! { <Guide /> })}
            <PipelineSection layout=layout />
            {(!layout.hides_section(Section::Tables)).then(|| view! { <Tables no_sampler=no_sampler /> })}
            {(full && no_sampler).then(|| view! { <Cost /> })}
            {(!layout.hides_section(Section::Timeline)).then(|| view! { <Timeline /> })}
            {full.then(|| view! { <Charts /> })}
            {full.then(|| view! { <CodePanel /> <SharePanel /> })}
        </main>
        {if full { colophon().into_any() } else { view! { <EmbedFooter /> }.into_any() }}
    }
}

/// The page's title and what it shows.
fn masthead() -> impl IntoView {
    view! {
        <header class="masthead">
            <h1>"What does each GPU get?"</h1>
            <p class="lede">
                "PyTorch's " <code>"DistributedSampler"</code>
                ", index for index: the same shuffle, padding, striping and batches as PyTorch 2.15."
            </p>
        </header>
    }
}

/// Where the numbers come from.
fn colophon() -> impl IntoView {
    view! {
        <footer class="colophon">
            <p>
                "Every index is computed in your browser by a Rust reimplementation of PyTorch's generator, "
                <code>"randperm"</code> " and samplers, checked against PyTorch 2.15's own outputs."
            </p>
        </footer>
    }
}

/// The sampler's call, the playback bar (unless `hide=stage`) and the pipeline itself.
#[component]
fn PipelineSection(
    /// What the URL asks to show.
    layout: Layout,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    // A memo, so the pipeline is rebuilt only when it switches between chips and canvas,
    // never on a stage change (its chips must persist to animate).
    let small = Memo::new(move |_| {
        state.picture.with(|p| p.epoch.total_size().max(p.params.n as usize) <= CHIP_LIMIT)
    });
    view! {
        <section class="pipeline-section" aria-labelledby="pipeline-title">
            <h2 id="pipeline-title">"With DistributedSampler, stage by stage"</h2>
            <p class="call" data-testid="call">
                <code>{move || state.picture.with(|p| python_call(&p.params))}</code>
            </p>
            {(!layout.hides(Field::Stage)).then(|| view! { <Playback /> })}
            {move || if small.get() { view! { <Pipeline /> }.into_any() } else { view! { <CanvasView /> }.into_any() }}
        </section>
    }
}

/// The index tables: with the sampler, and (unless `hide=no_sampler`) without.
#[component]
fn Tables(
    /// Whether the no-sampler side is shown.
    no_sampler: bool,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    view! {
        <div class="side-by-side">
            <section class="with-sampler" aria-labelledby="with-sampler-title">
                <h2 id="with-sampler-title">"With DistributedSampler"</h2>
                <p class="explain">{move || state.picture.with(|p| sampler_sentence(p))}</p>
                <IndexTable />
            </section>
            {no_sampler.then(|| view! { <NoSamplerPanel /> })}
        </div>
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
