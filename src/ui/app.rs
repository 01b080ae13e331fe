//! The page: controls, lengths, the pipeline stage by stage, the index tables beside the
//! no-sampler set-up, the cost, the epoch timeline, the code and the share panel; or, embedded
//! (`embed=1`), the compact view without the masthead, cost, code, share panel and footer.
//! `hide=` leaves out controls and sections on either ([`crate::model::embed`]).

use leptos::prelude::*;

use super::canvas_view::CanvasView;
use super::charts::Charts;
use super::code_panel::CodePanel;
use super::compare::Compare;
use super::controls::Controls;
use super::embed::{self, EmbedFooter};
use super::focus::{Focus, animated};
use super::index_table::IndexTable;
use super::inside_figure::InsideFigure;
use super::lang_switch::{LangSwitch, follow_title};
use super::lengths::Lengths;
use super::no_sampler::{Cost, NoSamplerPanel};
use super::pipeline::Pipeline;
use super::playback::Playback;
use super::scenarios::{self, Scenarios};
use super::scoreboard::Scoreboard;
use super::share::SharePanel;
use super::stages_figure::StagesFigure;
use super::state::{AppState, query_pairs};
use super::story::{Figures, Story};
use super::timeline::Timeline;
use super::{fill, rich, tr, url};
use crate::i18n::Lang;
use crate::i18n::page::PageText;
use crate::model::embed::{Layout, Section};
use crate::model::layout;
use crate::model::story::Step;
use crate::model::{Field, Params};

/// The whole page. State comes from the URL and is shared through context.
#[component]
pub fn App() -> impl IntoView {
    crate::model::scheme::remote::install(super::schemes_part::ask);
    let state = AppState::from_query(&query_pairs());
    super::state::set_html_lang(state.lang.get_untracked());
    let layout = embed::page_layout();
    provide_context(state);
    provide_context(layout);
    provide_context(super::present::Presenting::from_url(state, layout.embed));
    super::compare::Held::provide(state);
    Focus::provide(state);
    super::no_sampler::Without::provide(state);
    super::story::StoryCursor::provide(layout.embed);
    super::story_styles::Missing::provide();
    follow_title(state);
    if layout.embed {
        embed::post_height_to_parent();
        embed::track_visibility(state);
    }
    let full = !layout.embed;
    // An embed of a pitfall shows that pitfall alone (the full page is one click away).
    let pitfall_only = layout.embed && scenarios::known_in_url();
    // The landing page: no parameter but, at most, the language.
    let landing = query_pairs().iter().all(|(name, _)| name == "lang")
        && url::param("compare").is_none()
        && ["embed", "hide", "scenario", "guide"].iter().all(|name| url::param(name).is_none());
    view! {
        {full.then(masthead)}
        {layout.embed.then(|| view! { <h1 class="sr-only">{tr(PageText::EmbedTitle)}</h1> })}
        {if pitfall_only {
            let unstyled = expect_context::<super::story_styles::Missing>().note(state.lang);
            view! { <main class="embed">{embed::notices(layout, true)} {unstyled} {scenarios::embedded()}</main> }.into_any()
        } else {
            view! { <Main layout=layout landing=landing /> }.into_any()
        }}
        {if full { colophon().into_any() } else { view! { <EmbedFooter /> }.into_any() }}
    }
}

/// Everything under the masthead: the comparison, the scenarios, the controls, the picture.
#[component]
fn Main(
    /// What the URL asks to show.
    layout: Layout,
    /// The bare landing page (its comparison plays epochs by itself).
    landing: bool,
) -> impl IntoView {
    let full = !layout.embed;
    let compare = !layout.hides_section(Section::Compare);
    let only = layout.step;
    view! {
        <main class:embed=layout.embed class:one-step=layout.embed && only.is_some()
            class:hide-seeding=layout.hides(Field::Seeding)>
            {embed::notices(layout, false)}
            {layout.embed.then(scenarios::embedded)}
            {(compare && only.is_none()).then(|| view! { <Compare landing=landing /> })}
            {only.is_none().then(|| view! { <Controls /> })}
            <Drawing />
            <Story layout=layout figures=Figures { figure } only=only />
            {full.then(|| view! { <Charts /> })}
            {full.then(|| view! { <CodePanel /> <SharePanel /> })}
        </main>
    }
}

/// The figure of each step of the story.
fn figure(step: Step, layout: Layout) -> AnyView {
    let full = !layout.embed;
    match step {
        Step::Split => view! { <SplitFigure layout=layout /> }.into_any(),
        Step::PadOrTrim => view! { <Lengths /> }.into_any(),
        Step::SetEpoch => view! { <Timeline /> }.into_any(),
        Step::Batches => view! { <Tables /> }.into_any(),
        Step::NoSampler => {
            let tables = !layout.hides_section(Section::Tables);
            view! { <NoSamplerPanel tables=tables /> {full.then(|| view! { <Cost /> })} }.into_any()
        }
        Step::YourLibrary => view! { <Scoreboard /> }.into_any(),
        Step::InsideOneGpu => view! { <InsideFigure /> }.into_any(),
        Step::Pitfalls => view! { <Scenarios /> }.into_any(),
    }
}

/// Step 1: the pipeline stage by stage for a scheme it animates, or the followed scheme's own
/// stages.
#[component]
fn SplitFigure(
    /// What the URL asks to show.
    layout: Layout,
) -> impl IntoView {
    let animated = animated();
    move || {
        if animated.get() {
            view! { <PipelineSection layout=layout /> }.into_any()
        } else {
            view! { <StagesFigure /> }.into_any()
        }
    }
}

/// The page's title and what it shows.
fn masthead() -> impl IntoView {
    view! {
        <header class="masthead">
            <LangSwitch />
            <h1>{tr(PageText::Title)}</h1>
            <p class="lede">{rich(PageText::Lede)}</p>
        </header>
    }
}

/// Where the numbers come from.
fn colophon() -> impl IntoView {
    view! {
        <footer class="colophon">
            <p>{rich(PageText::Colophon)}</p>
            <p data-testid="version">{super::VERSION_LINE}</p>
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
    let small = Memo::new(move |_| state.picture.with(|p| layout::fits(p)));
    let section = NodeRef::<leptos::html::Section>::new();
    view! {
        <section class="pipeline-section" aria-labelledby="pipeline-title" node_ref=section>
            <h3 id="pipeline-title">{tr(PageText::PipelineTitle)}</h3>
            <p class="call" data-testid="call">
                <code>{move || state.dealt.with(|p| python_call(p, state.lang.get()))}</code>
            </p>
            {(!layout.hides(Field::Stage)).then(|| view! { <Playback /> })}
            {move || if small.get() { view! { <Pipeline near=section /> }.into_any() } else { view! { <CanvasView near=section /> }.into_any() }}
        </section>
    }
}

/// The index tables of the followed scheme: every GPU's list in order.
#[component]
fn Tables() -> impl IntoView {
    view! {
        <section class="with-sampler">
            <IndexTable />
        </section>
    }
}

/// Says that a large picture is being drawn (the page stays usable meanwhile).
#[component]
fn Drawing() -> impl IntoView {
    let state = expect_context::<AppState>();
    view! {
        <p class="drawing" role="status" data-testid="drawing">
            {move || state.drawing.get().map(|(done, all)| {
                let percent = u64::from(done) * 100 / u64::from(all.max(1));
                fill(PageText::Drawing, state.lang.get(), &[("percent", &percent)])
            })}
        </p>
    }
}

/// The sampler's construction as Python, with the current values.
fn python_call(p: &Params, lang: Lang) -> String {
    let py = |b: bool| if b { "True" } else { "False" };
    let epoch = if p.set_epoch {
        format!("sampler.set_epoch({})", p.epoch)
    } else {
        PageText::NoSetEpoch.text(lang).to_string()
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
