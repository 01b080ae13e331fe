//! What a compared scheme's deal adds up to, in words: the verdict and the facts under its
//! lanes (each number read off the deal).

use leptos::prelude::*;

use super::{fill, thousands};
use crate::i18n::Lang;
use crate::i18n::schemes::SchemeText as T;
use crate::model::scheme::Deal;
use crate::model::scheme::draws::{ClassCounts, Draws};

/// What holds at any size: each GPU's share, the samples on several GPUs, the steps.
pub fn facts(deal: &Deal, lang: Lang) -> impl IntoView {
    let n = deal.n;
    let lens = || deal.lanes.iter().map(|l| l.len as u64);
    let (min, max) = (lens().min().unwrap_or(0), lens().max().unwrap_or(0));
    let share = if min == max {
        // A share to one decimal, rounded half up: 160,146 of 1,281,167 is 12.5%.
        let tenths = (max * 2000).checked_div(n).map_or(0, |x| x.div_ceil(2));
        let percent = match tenths % 10 {
            0 => format!("{}", tenths / 10),
            d => format!("{}.{d}", tenths / 10),
        };
        fill(
            T::Share,
            lang,
            &[("per", &thousands(max)), ("n", &thousands(n)), ("percent", &percent)],
        )
    } else {
        fill(
            T::ShareUneven,
            lang,
            &[("min", &thousands(min)), ("max", &thousands(max)), ("n", &thousands(n))],
        )
    };
    let (fewest, most) = deal.steps_range();
    let steps = if fewest == most {
        fill(T::Steps, lang, &[("steps", &thousands(most))])
    } else {
        fill(T::StepsUneven, lang, &[("min", &thousands(fewest)), ("max", &thousands(most))])
    };
    // The library's len() where it disagrees with the steps taken (Accelerate's split quirk).
    let reported = deal.misreported().map(|(rank, len, steps)| {
        let values: [(&str, &dyn std::fmt::Display); 3] =
            [("len", &len), ("rank", &rank), ("steps", &steps)];
        view! { <li data-fact="reported-len">{fill(T::ReportedLen, lang, &values)}</li> }
    });
    // The workers' seeds this epoch, when the loader has workers and they are known.
    let workers = deal.lanes.iter().flat_map(|l| l.workers.iter()).max().map(|&w| w + 1);
    let seeds = deal.base_seed.zip(workers).map(|(base, k)| {
        let mut list: Vec<String> = (0..k.min(4) as u64).map(|w| (base + w).to_string()).collect();
        if k > 4 {
            list.push("…".into());
        }
        let values: [(&str, &dyn std::fmt::Display); 2] =
            [("base", &base), ("seeds", &list.join(", "))];
        view! { <li data-fact="worker-seeds">{fill(T::WorkerSeeds, lang, &values)}</li> }
    });
    view! {
        <li data-fact="share">{share}</li>
        <li data-fact="duplicated">{fill(T::Duplicated, lang, &[("count", &thousands(deal.duplicated()))])}</li>
        <li data-fact="steps">{steps}</li>
        {reported}
        {seeds}
        {deal.draws.as_ref().map(|d| draws(d, lang))}
    }
}

/// What weighted draws add up to: samples on several GPUs, repeats, and each class's share
/// (whether every GPU drew the same list is the verdict's to say).
fn draws(draws: &Draws, lang: Lang) -> impl IntoView + use<> {
    let repeats: u64 = draws.repeats.iter().sum();
    let classes = draws.classes.as_ref().map(|c| class_facts(c, lang));
    view! {
        <li data-fact="on-several-gpus">{fill(T::OnSeveralGpus, lang, &[("count", &thousands(draws.on_several_gpus))])}</li>
        <li data-fact="repeat-draws">{fill(T::RepeatDraws, lang, &[("count", &thousands(repeats))])}</li>
        {classes}
    }
}

/// One fact per class: its size, the share the weights aim at, and what each GPU and all
/// GPUs together train on.
fn class_facts(counts: &ClassCounts, lang: Lang) -> impl IntoView + use<> {
    let sizes = counts.classes.sizes();
    let (target, total) = (counts.target_percent(), counts.total());
    let drawn_all: u64 = total.iter().sum();
    (0..2)
        .map(|c| {
            let gpus: Vec<String> = counts
                .per_rank
                .iter()
                .enumerate()
                .map(|(rank, per)| {
                    let drawn: u64 = per.iter().sum();
                    let values: [(&str, &dyn std::fmt::Display); 3] =
                        [("rank", &rank), ("count", &thousands(per[c])), ("drawn", &thousands(drawn))];
                    fill(T::ClassOnGpu, lang, &values)
                })
                .collect();
            let percent = (total[c] * 100).checked_div(drawn_all).unwrap_or(0);
            let values: [(&str, &dyn std::fmt::Display); 8] = [
                ("c", &c),
                ("size", &thousands(sizes[c])),
                ("n", &thousands(counts.classes.n)),
                ("target", &target[c]),
                ("gpus", &gpus.join(", ")),
                ("all", &thousands(total[c])),
                ("drawn", &thousands(drawn_all)),
                ("percent", &percent),
            ];
            view! { <li data-fact=format!("class-{c}") data-count=total[c]>{fill(T::ClassShare, lang, &values)}</li> }
        })
        .collect_view()
}
