//! The embed view's URL parameters (`embed=`, `hide=`) and the `<iframe>` code.

use sampler_viz::i18n::Lang;
use sampler_viz::model::embed::{
    Layout, Notice, Section, iframe_code, iframe_title, notices, pitfall_iframe_title, reply_origin,
};
use sampler_viz::model::scenario::Scenario;
use sampler_viz::model::scheme::by_name;
use sampler_viz::model::{Field, Params};

/// Reads a decoded query string as the page does.
fn layout(query: &str) -> Layout {
    let pairs =
        query.split('&').filter(|p| !p.is_empty()).map(|p| p.split_once('=').unwrap_or((p, "")));
    Layout::from_pairs(pairs)
}

/// `query` hides exactly `fields` and `sections`.
#[track_caller]
fn check(query: &str, embed: bool, fields: &[Field], sections: &[Section]) {
    let got = layout(query);
    assert_eq!(got.embed, embed, "{query}: embed");
    let hidden: Vec<Field> = Field::ALL.into_iter().filter(|&f| got.hides(f)).collect();
    assert_eq!(hidden, fields, "{query}: fields");
    let hidden: Vec<Section> = Section::ALL.into_iter().filter(|&s| got.hides_section(s)).collect();
    assert_eq!(hidden, sections, "{query}: sections");
}

#[test]
fn the_full_page_hides_nothing() {
    check("", false, &[], &[]);
    check("n=8&num_replicas=2", false, &[], &[]);
    check("embed=0", false, &[], &[]);
    check("embed=yes", false, &[], &[]);
}

#[test]
fn embed_takes_the_spellings_of_every_flag() {
    check("embed=1", true, &[], &[]);
    check("embed=true&n=8", true, &[], &[]);
    check("embed=True", true, &[], &[]);
    check("embed= True ", true, &[], &[]);
    check("embed=False", false, &[], &[]);
    check("embed=TRUE", false, &[], &[]);
}

#[test]
fn hide_names_controls_by_their_url_names() {
    check("embed=1&hide=seed,drop_last", true, &[Field::Seed, Field::DropLast], &[]);
    check("hide=loader_drop_last", false, &[Field::LoaderDropLast], &[]);
    check("hide= stage , epoch", false, &[Field::Epoch, Field::Stage], &[]);
}

#[test]
fn unknown_names_are_ignored() {
    check("hide=seed,bogus,,SEED,<script>", false, &[Field::Seed], &[]);
}

#[test]
fn hide_names_sections_and_controls_hides_every_control() {
    check(
        "hide=no_sampler,timeline,tables",
        false,
        &[],
        &[Section::NoSampler, Section::Timeline, Section::Tables],
    );
    check("hide=controls", false, &Field::ALL, &[]);
    assert!(layout("hide=controls").hides_all(&Field::ALL));
    assert!(!layout("hide=seed").hides_all(&[Field::Seed, Field::N]));
}

#[test]
fn several_hide_parameters_add_up() {
    check("hide=seed&hide=timeline&embed=1", true, &[Field::Seed], &[Section::Timeline]);
}

#[test]
fn the_iframe_code_escapes_its_attributes() {
    let code = iframe_code("https://example.org/s/?n=8&embed=1&x=\"><script>", "a \"title\"");
    assert_eq!(
        code,
        "<iframe class=\"sampler-viz\" src=\"https://example.org/s/?n=8&amp;embed=1&amp;x=&quot;&gt;&lt;script&gt;\" \
         title=\"a &quot;title&quot;\" width=\"100%\" height=\"800\" loading=\"lazy\"></iframe>"
    );
}

#[test]
fn the_iframe_title_names_the_configuration() {
    let params = Params { n: 17, num_replicas: 4, seed: 5, epoch: 2, ..Params::default() };
    let title = iframe_title(&params, &[], Lang::En);
    assert_eq!(title, "DistributedSampler: 17 samples on 4 GPUs, seed 5, epoch 2 (sampler-viz)");
    let title = iframe_title(&params, &[], Lang::Zh);
    assert_eq!(title, "DistributedSampler：17 个样本，4 块 GPU，seed 5，epoch 2（sampler-viz）");
    let compared: Vec<_> =
        ["accelerate", "distributed"].iter().filter_map(|n| by_name(n)).collect();
    let title = iframe_title(&params, &compared, Lang::En);
    assert_eq!(
        title,
        "Accelerate's prepare() · With DistributedSampler: 17 samples on 4 GPUs, seed 5, epoch 2 (sampler-viz)"
    );
}

#[test]
fn a_pitfalls_iframe_is_titled_by_the_pitfall() {
    assert_eq!(
        pitfall_iframe_title(Scenario::NoSetEpoch, Lang::En),
        format!(
            "{}: broken beside fixed (sampler-viz)",
            Scenario::NoSetEpoch.title().text(Lang::En)
        )
    );
}

/// What the page says about `query` (embedded or not as `embed=` says, and a pitfall alone
/// when `pitfall_only`).
#[track_caller]
fn said(query: &str, pitfall_only: bool) -> Vec<Notice> {
    let pairs: Vec<(&str, &str)> = query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| p.split_once('=').unwrap_or((p, "")))
        .collect();
    notices(pairs.iter().copied(), layout(query), pitfall_only)
}

#[test]
fn nothing_in_the_url_is_dropped_without_a_word() {
    assert_eq!(said("n=8&embed=1&hide=seed,timeline&guide=0", false), []);
    assert_eq!(said("embed=yes", false), [Notice::NotFlag { name: "embed", got: "yes".into() }]);
    assert_eq!(said("guide=TRUE", false), [Notice::NotFlag { name: "guide", got: "TRUE".into() }]);
    assert_eq!(said("guide=1", false), [], "the full page opens the walk-through");
    assert_eq!(said("embed=1&guide=True", false), [Notice::GuideOnFullPage]);
    assert_eq!(said("present=1&speed=0.5", false), [], "present mode and a speed it offers");
    assert_eq!(said("present=on", false), [Notice::NotFlag { name: "present", got: "on".into() }]);
    assert_eq!(said("embed=1&present=1", false), [Notice::PresentOnFullPage]);
    assert_eq!(said("speed=3", false), [Notice::UnknownSpeed("3".into())]);
    assert_eq!(
        said("hide=sed,seed,,timeline&hide=lengths,pipeline,charts", false),
        [Notice::UnknownHide("sed".into()), Notice::UnknownHide("charts".into())]
    );
    assert_eq!(
        said("scenario=resume&n=30&embed=1&batch_size=7&n=31&lang=zh", true),
        [Notice::PitfallOwnExample(vec!["n".into(), "batch_size".into()])]
    );
    assert_eq!(
        said("scenario=resume&embed=1&compare=distributed,accelerate&hide=timeline,sed", true),
        [
            Notice::UnknownHide("sed".into()),
            Notice::PitfallOwnExample(vec!["compare".into(), "hide=timeline".into()])
        ]
    );
    assert_eq!(said("hide=foo,foo&hide=foo", false), [Notice::UnknownHide("foo".into())]);
    assert_eq!(said("hide=pipeline&guide=1", false), [Notice::GuideNeedsPipeline]);
    assert_eq!(said("scenario=resume&n=30&embed=1", false), []);
    assert_eq!(said("embed=1&step=set-epoch", false), [], "a step of the story, alone");
    assert_eq!(said("step=setepoch", false), [Notice::UnknownStep("setepoch".into())]);
}

#[test]
fn step_shows_one_step_of_the_story_in_an_embed() {
    use sampler_viz::model::story::Step;
    assert_eq!(layout("embed=1&step=set-epoch").step, Some(Step::SetEpoch));
    assert_eq!(layout("embed=1&step=pitfalls").step, Some(Step::Pitfalls));
    assert_eq!(layout("step=set-epoch").step, None, "the full page shows the whole story");
    assert_eq!(layout("embed=1&step=nope").step, None, "an unknown step shows them all");
    let text = Notice::UnknownStep("x".into()).text(Lang::En);
    assert!(text.contains("split, pad-or-trim, set-epoch"), "{text}");
}

#[test]
fn the_notices_say_what_was_ignored_in_both_languages() {
    let notice = Notice::NotFlag { name: "embed", got: "yes".into() };
    assert_eq!(
        notice.text(Lang::En),
        "embed=\"yes\" was ignored: embed is a flag, 0 or 1 (also false or true, False or True)."
    );
    assert!(notice.text(Lang::Zh).contains("embed=\"yes\""));
    let own = Notice::PitfallOwnExample(vec!["n".into(), "batch_size".into()]);
    assert!(
        own.text(Lang::En).contains("are not used here: n, batch_size."),
        "{}",
        own.text(Lang::En)
    );
}

#[test]
fn the_height_goes_back_to_the_origin_that_asked() {
    assert_eq!(reply_origin("https://tutorial.example"), "https://tutorial.example");
    assert_eq!(reply_origin("null"), "*");
    assert_eq!(reply_origin(""), "*");
}

/// docs/embed.md's row of `compare=` and of `scenario=`: a registered scheme or pitfall the
/// embedding guide does not name cannot be found by a tutorial's author.
#[test]
fn the_embedding_guide_names_every_scheme_and_every_pitfall() {
    let docs = include_str!("../docs/embed.md");
    let row = |start: &str| {
        docs.lines()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("docs/embed.md has a row starting {start}"))
    };
    let compare = row("| `compare=");
    for scheme in sampler_viz::model::scheme::SCHEMES {
        let name = format!("`{}`", scheme.name());
        assert!(compare.contains(&name), "docs/embed.md's compare= row names {name}");
    }
    let scenario = row("| `scenario=");
    for s in Scenario::ALL {
        let name = format!("`{}`", s.name());
        assert!(scenario.contains(&name), "docs/embed.md's scenario= row names {name}");
    }
    let count = ["seventeen", "eighteen", "nineteen", "twenty", "twenty-one", "twenty-two"];
    let said = count.iter().position(|w| scenario.contains(&format!("the {w} pitfalls")));
    assert_eq!(said.map(|k| k + 17), Some(Scenario::ALL.len()), "the row counts the pitfalls");
}
