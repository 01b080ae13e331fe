//! What the canvas view says around its pixels (`model::raster::caption`), written by the
//! story's part: the captions' numbers are the picture's (from the parameters alone), they
//! say what each image holds, and each strip's label sits beside its strip.

use sampler_viz::i18n::Lang;
use sampler_viz::model::raster::caption::{Shape, caption, labels};
use sampler_viz::model::raster::{self, Source};
use sampler_viz::model::{Lengths, Params, Picture, Stage};

fn params(n: u64, num_replicas: i64) -> Params {
    Params { n, num_replicas, ..Params::default() }
}

/// The lengths said without drawing are those of the epoch drawn, and the refusals the
/// picture's.
#[test]
fn the_shape_without_drawing_is_the_pictures() {
    for n in [0, 1, 2, 7, 8, 9, 50, 101] {
        for w in [1, 2, 3, 8, 9] {
            for drop_last in [false, true] {
                for (batch_size, loader_drop_last) in [(1, false), (4, true), (7, false), (7, true)]
                {
                    let p = Params { drop_last, batch_size, loader_drop_last, ..params(n, w) };
                    let said = Shape::of(&p);
                    match Picture::compute(&p) {
                        Ok(picture) => {
                            let (e, q) = (&picture.epoch, p.to_query());
                            let said = said.unwrap();
                            let l = &said.lengths;
                            assert_eq!(said.num_replicas, e.num_replicas(), "{q}");
                            assert_eq!(said.batch_size, batch_size as usize, "{q}");
                            assert_eq!((l.dataset, l.sampler), (n, e.num_samples()), "{q}");
                            assert_eq!(l.total_size, e.total_size(), "{q}");
                            assert_eq!(
                                (l.padding, l.dropped),
                                (e.padding_len(), e.dropped().len()),
                                "{q}"
                            );
                            // Each rank's loader: the batches it yields, and what is left over.
                            let batches = e.num_samples().div_ceil(batch_size as usize);
                            let full = e.num_samples() / batch_size as usize;
                            let loader = if loader_drop_last { full } else { batches };
                            assert_eq!(l.loader, loader, "{q}");
                            let yielded = (loader * batch_size as usize).min(e.num_samples());
                            assert_eq!(l.loader_dropped, e.num_samples() - yielded, "{q}");
                            assert_eq!(said, Shape::of_picture(&picture), "{q}");
                        }
                        Err(errors) => assert_eq!(said, Err(errors), "{}", p.to_query()),
                    }
                }
            }
        }
    }
    for refused in
        [params(8, 0), Params { rank: 9, ..params(8, 4) }, Params { batch_size: 0, ..params(8, 2) }]
    {
        assert!(Shape::of(&refused).is_err(), "{}", refused.to_query());
        assert_eq!(Shape::of(&refused).err(), Picture::compute(&refused).err());
    }
    let (lengths, w, _) = Lengths::of(&params(10, 4)).unwrap();
    assert_eq!((lengths.total_size, lengths.padding, lengths.sampler, w), (12, 2, 3, 4));
}

/// The caption of `stage` (the rank map when `None`) for `p`: its sentence, and words its
/// legend holds and does not hold.
#[track_caller]
fn check(p: &Params, stage: Option<Stage>, sentence: &str, holds: &[&str], lacks: &[&str]) {
    let said = caption(&Shape::of(p).unwrap(), stage, Lang::En);
    assert_eq!(said.sentence, sentence, "{stage:?} of {}", p.to_query());
    assert!(said.html.starts_with(r#"<p aria-hidden="true">"#), "{}", said.html);
    for word in holds {
        assert!(said.html.contains(word), "{word:?} in {}", said.html);
    }
    for word in lacks {
        assert!(!said.html.contains(word), "no {word:?} in {}", said.html);
    }
}

/// Each caption's sentence, and the keys of its legend, for what its image shows.
#[test]
fn captions_say_what_each_image_holds() {
    let padded = params(10, 4);
    check(
        &padded,
        Some(Stage::Indices),
        "Stage 1 of 5: the 10 dataset indices in order, a smooth gradient. Colour is the index, dark purple for 0 to yellow for the last.",
        &["index 0", "<span>9</span>"],
        &["rank 0", "padding"],
    );
    check(
        &padded,
        Some(Stage::Pad),
        "Stage 3 of 5: padded to total_size 12 with 2 copies from the start of the list (hatched). Colour is the index, dark purple for 0 to yellow for the last.",
        &[
            "swatch hatched",
            "padding: a copy from the start of the list",
            "right margin: the line holds padding",
        ],
        &["rank 0", "dropped"],
    );
    check(
        &Params { drop_last: true, ..params(10, 4) },
        Some(Stage::Pad),
        "Stage 3 of 5: trimmed to total_size 8: the last 2 indices are dropped (grey). Colour is the index, dark purple for 0 to yellow for the last.",
        &["dropped: no rank trains on it", "right margin: the line holds a dropped one"],
        &["hatched"],
    );
    check(
        &Params { batch_size: 2, loader_drop_last: true, ..params(10, 2) },
        Some(Stage::Batch),
        "Stage 5 of 5: each rank's 5 indices in 2 batches of up to 2; the short last batch of 1 is dropped (grey). Colour is the index, dark purple for 0 to yellow for the last.",
        &[
            "rank 0",
            "rank 1",
            "a gap where each batch starts (if 8 px or wider)",
            "dropped: no rank trains on it",
        ],
        &["rank 2", "hatched"],
    );
    check(
        &padded,
        None,
        "The 10 samples in dataset order, each in the colour of the rank that gets it this epoch; 2 received twice (hatched).",
        &["received twice (padding)", "rank 3"],
        &["index 0", "colour r mod 8"],
    );
    check(
        &params(100, 10),
        None,
        "The 100 samples in dataset order, each in the colour of the rank that gets it this epoch.",
        &["rank 7", "rank r uses colour r mod 8 (10 ranks)"],
        &["rank 8", "twice"],
    );
    let zh = caption(&Shape::of(&padded).unwrap(), Some(Stage::Pad), Lang::Zh);
    assert!(zh.sentence.starts_with("第 3 步（共 5 步）"), "{}", zh.sentence);
}

/// Each strip's label sits at its strip, in its rank's colour, translated but for `rank r`.
#[test]
fn labels_sit_beside_their_strips() {
    let picture = Picture::compute(&params(10, 2)).unwrap();
    let raster = raster::render(Source::of(&picture), Stage::Stripe, 200);
    let html = labels(&raster.rows, Lang::En);
    let expected: String = raster
        .rows
        .iter()
        .enumerate()
        .map(|(r, row)| {
            format!(
                r#"<li class="raster-label ranked" style="--rank-hue: var(--rank-{r}); top: {}px; height: {}px">rank {r}</li>"#,
                row.y, row.height
            )
        })
        .collect();
    assert_eq!(html, expected);
    let shuffled = raster::render(Source::of(&picture), Stage::Shuffle, 200);
    assert!(
        labels(&shuffled.rows, Lang::Zh).ends_with(">已打乱</li>"),
        "{}",
        labels(&shuffled.rows, Lang::Zh)
    );
    assert!(!labels(&shuffled.rows, Lang::En).contains("ranked"));
}
