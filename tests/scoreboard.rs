//! Step 6's scoreboard as the story's part writes it (`model::scoreboard`): well-formed HTML,
//! one row per registered scheme in the registry's order, pending until dealt, each dealt row
//! read off that scheme's own deal, a button to compare every scheme but the one followed, and
//! a refusal in the library's words:
//!
//! ```python
//! >>> len(DataLoader(range(10), batch_size=4, sampler=DistributedSampler(range(10), num_replicas=4, rank=0)))
//! 1
//! >>> torch.multinomial(torch.ones(10), 20, replacement=False)
//! RuntimeError: cannot sample n_sample > prob_dist.size(-1) samples without replacement
//! ```

use sampler_viz::i18n::Lang;
use sampler_viz::model::scheme::{self, Shared};
use sampler_viz::model::{Params, Problem, scoreboard};

mod html;
use html::{attribute, tags};

/// The table with the first `dealt` registered schemes dealt at `query`.
fn table(query: &str, dealt: usize, focus: &str, lang: Lang) -> String {
    let params = Params::from_query(query).expect("valid test parameters");
    let deals: Vec<_> =
        scheme::SCHEMES.iter().take(dealt).map(|s| s.deal(&params, &Shared::default())).collect();
    scoreboard::table(&deals, focus, lang)
}

#[test]
fn one_row_per_registered_scheme_pending_until_dealt() {
    let all = scheme::SCHEMES.len();
    for dealt in [0, 1, all] {
        for lang in [Lang::En, Lang::Zh] {
            let html = table("n=10&num_replicas=4", dealt, "distributed", lang);
            let t = tags(&html);
            let names = attribute(&t, "data-scheme");
            let registered: Vec<_> = scheme::SCHEMES.iter().map(|s| s.name().to_string()).collect();
            assert_eq!(names, registered);
            let keys = attribute(&t, "data-key");
            let rows: Vec<_> = keys.iter().filter(|k| registered.contains(k)).cloned().collect();
            assert_eq!(rows, registered, "each row keyed by its scheme");
            assert_eq!(keys.iter().filter(|k| *k == "compare").count(), all - 1, "one button each");
            assert_eq!(html.matches(r#"data-dealt="""#).count(), dealt);
            assert_eq!(html.matches(r#"class="pending""#).count(), all - dealt);
            let compared = attribute(&t, "data-compare");
            assert_eq!(compared.len(), all - 1);
            assert!(!compared.contains(&"distributed".to_string()), "not the scheme followed");
        }
    }
}

#[test]
fn a_dealt_row_says_its_own_verdict_and_steps_or_its_refusal() {
    let html =
        table("n=10&num_replicas=4&batch_size=4", scheme::SCHEMES.len(), "distributed", Lang::En);
    let row = |name: &str| {
        let from = html.find(&format!(r#"data-scheme="{name}""#)).expect("a row");
        html[from..from + html[from..].find("</tr>").unwrap()].to_string()
    };
    // 10 samples on 4 GPUs: 12 positions, 2 padding copies; one batch of up to 4 each.
    assert!(
        row("distributed").contains(r#"<td data-label="Steps per GPU" data-key="steps">1</td>"#),
        "{}",
        row("distributed")
    );
    assert!(row("no_sampler").contains("all 10 samples"), "{}", row("no_sampler"));
    // Each button names the set-up it brings up, beside the one followed.
    let seed_per_rank = scheme::by_name("seed_per_rank").unwrap().title().text(Lang::En);
    let wanted = format!("Compare “{seed_per_rank}” beside “");
    assert!(row("seed_per_rank").contains(&wanted), "{}", row("seed_per_rank"));
    let refused = table(
        "n=10&replacement=0&num_samples=20",
        scheme::SCHEMES.len(),
        "weighted_wrapper",
        Lang::Zh,
    );
    let from = refused.find(r#"data-scheme="weighted_wrapper""#).unwrap();
    let row = &refused[from..from + refused[from..].find("</tr>").unwrap()];
    assert!(
        row.contains(r#"<span lang="en">RuntimeError: cannot sample n_sample &gt; prob_dist.size(-1) samples without replacement</span>"#),
        "{row}"
    );
    assert!(row.contains("不接受这些设置："), "{row}");
}

/// At ImageNet-1k on 8 the table deals every scheme but those whose epoch takes more than
/// `ROW_BUDGET` draws (the weighted ones, seconds each there): their rows say so, in both
/// languages, and the comparison still deals them.
#[test]
fn past_its_budget_a_scheme_is_not_dealt_for_the_table() {
    let params = Params::from_query("n=1281167&num_replicas=8&batch_size=256").unwrap();
    let rows: Vec<_> =
        scheme::SCHEMES.iter().map(|s| scoreboard::row(*s, &params, &Shared::default())).collect();
    let left_out: Vec<&str> = scheme::SCHEMES
        .iter()
        .zip(&rows)
        .filter(|(_, row)| {
            row.as_ref().is_err_and(|e| matches!(e[0].problem, Problem::NotDealtHere { .. }))
        })
        .map(|(s, _)| s.name())
        .collect();
    assert_eq!(left_out, ["weighted_no_wrapper", "weighted_wrapper", "monai_weighted"]);
    for s in scheme::SCHEMES.iter().filter(|s| !left_out.contains(&s.name())) {
        assert!(s.draws_per_epoch(&params) <= scoreboard::ROW_BUDGET, "{} is dealt", s.name());
    }
    for (lang, says) in [
        (
            Lang::En,
            "Not dealt here: its epoch takes 40,997,344 draws, more than this table deals at once (16,777,216). Compare it to see its lanes.",
        ),
        (
            Lang::Zh,
            "此处未分配：它的一个 epoch 需要 40,997,344 次抽取，超过此表一次处理的上限（16,777,216）。加入对比即可查看其分配。",
        ),
    ] {
        let html = scoreboard::table(&rows, "distributed", lang);
        let t = tags(&html);
        let keys = attribute(&t, "data-key");
        assert_eq!(keys.iter().filter(|k| *k == "not-dealt").count(), 3);
        assert!(html.contains(says), "{lang:?}: {html}");
        assert!(!html.contains("data-key=\"refused\""), "not a refusal: the library would deal it");
    }
}
