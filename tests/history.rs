//! The epoch history (each GPU's list over epochs 0–3) for any registered scheme: its rows are
//! the first samples of each GPU's whole list, and a row is marked "same as epoch 0" exactly
//! when that GPU's whole list equals its epoch-0 list.

use proptest::prelude::*;
use sampler_viz::model::scheme::history::{self, EPOCHS, EpochRows, Plan};
use sampler_viz::model::scheme::{self, EpochSeed, SCHEMES, Scheme, Shared};
use sampler_viz::model::{InnerSampler, Params, Seeding};
use sampler_viz::sampler::Sharding;

/// Every GPU's whole list in `epoch`, or `None` when the scheme refuses the parameters.
fn whole_lists(scheme: &dyn Scheme, params: &Params, epoch: u64) -> Option<Vec<Vec<u32>>> {
    let at = Params { epoch, ..params.clone() };
    let deal = scheme.deal_up_to(&at, &Shared::default(), usize::MAX).ok()?;
    Some(deal.lanes.iter().map(|l| l.tiles.iter().map(|t| t.index).collect()).collect())
}

/// The history of `name`, or a panic naming what was refused.
#[track_caller]
fn history_of(name: &str, params: &Params) -> Vec<EpochRows> {
    let scheme = scheme::by_name(name).expect("registered");
    history::history(scheme, params, history::ROW_CAP).unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

/// `(epoch, rank)` of rows, in order.
type Marked = Vec<(u64, usize)>;

/// Which `(epoch, rank)` rows are marked "same as epoch 0".
fn marked(epochs: &[EpochRows]) -> Marked {
    let rows = epochs
        .iter()
        .flat_map(|e| e.rows.iter().enumerate().map(move |(r, row)| (e.epoch, r, row)));
    rows.filter(|(_, _, row)| row.same_as_first).map(|(e, r, _)| (e, r)).collect()
}

/// Every `(epoch, rank)` row of epochs 1–3 on `w` GPUs.
fn every_later_row(w: usize) -> Marked {
    (1..EPOCHS).flat_map(|e| (0..w).map(move |r| (e, r))).collect()
}

/// The lesson, table by table: without `set_epoch` (or `shuffle`) every later epoch repeats
/// epoch 0 on every GPU; with it, none does; without a sampler, seeded ranks reshuffle.
#[test]
fn set_epoch_decides_the_repetition() {
    let base = Params { n: 16, num_replicas: 4, ..Params::default() };
    let cases: &[(&str, Params, Marked)] = &[
        ("distributed", Params { set_epoch: false, ..base.clone() }, every_later_row(4)),
        ("distributed", Params { shuffle: false, ..base.clone() }, every_later_row(4)),
        ("distributed", base.clone(), vec![]),
        ("seed_per_rank", Params { set_epoch: false, ..base.clone() }, every_later_row(4)),
        ("no_sampler", base.clone(), vec![]),
        ("no_sampler", Params { shuffle: false, ..base.clone() }, every_later_row(4)),
    ];
    for (name, params, expected) in cases {
        assert_eq!(&marked(&history_of(name, params)), expected, "{name} {params:?}");
    }
}

/// `set_epoch` decides whether the epochs repeat (what the history's sum then names) for a
/// shuffling sampler told the epoch, not for a loader without a sampler or a sampler that does
/// not shuffle; and where it decides, the history flips with it.
#[test]
fn set_epoch_decides_where_the_history_flips() {
    let base = Params { n: 16, num_replicas: 4, ..Params::default() };
    let cases: &[(&str, Params, bool)] = &[
        ("distributed", base.clone(), true),
        ("distributed", Params { set_epoch: false, ..base.clone() }, true),
        ("distributed", Params { shuffle: false, ..base.clone() }, false),
        ("seed_per_rank", base.clone(), true),
        ("no_sampler", base.clone(), false),
        ("iterable", base.clone(), false),
    ];
    for (name, params, decides) in cases {
        let s = scheme::by_name(name).expect("registered");
        assert_eq!(history::set_epoch_decides(s, params), *decides, "{name} {params:?}");
    }
    // Where it decides, the history bears it out: one way repeats, the other does not.
    for s in SCHEMES.iter().filter(|s| history::set_epoch_decides(**s, &base)) {
        let off = Params { set_epoch: false, ..base.clone() };
        let on = history_of(s.name(), &base);
        assert_eq!(marked(&history_of(s.name(), &off)), every_later_row(4), "{}", s.name());
        assert!(marked(&on).len() < every_later_row(4).len(), "{}", s.name());
    }
}

/// Epoch 0 of the history is the deal of epoch 0, lane for lane (first samples, lengths).
#[test]
fn rows_are_the_lanes_of_each_epoch() {
    let params = Params { n: 10, num_replicas: 3, seed: 7, ..Params::default() };
    for epoch in history_of("distributed", &params) {
        let lists = whole_lists(&scheme::Distributed, &params, epoch.epoch).unwrap();
        for (row, list) in epoch.rows.iter().zip(&lists) {
            assert_eq!((row.indices.as_slice(), row.len), (list.as_slice(), list.len()));
        }
    }
}

/// The budget: ImageNet-1k's one permutation per epoch fits, a permutation per GPU does not.
#[test]
fn large_histories_are_planned_against_the_budget() {
    let imagenet = Params { n: 1_281_167, num_replicas: 8, ..Params::default() };
    assert_eq!(history::plan(&scheme::Distributed, &imagenet), Plan::Epochs);
    assert_eq!(history::plan(&scheme::NoSamplerScheme, &imagenet), Plan::Epochs);
    let per_rank = history::plan(&scheme::SeedPerRank, &imagenet);
    assert_eq!(per_rank, Plan::TooLarge { draws: 1_281_167 * 8 });
}

fn arb_params() -> impl Strategy<Value = Params> {
    let sampler = (0u64..30, 1i64..5, any::<bool>(), 0i128..3, any::<bool>(), any::<bool>());
    let loader = (1i64..6, any::<bool>(), any::<bool>(), 0u64..100, 0i64..3);
    let ecosystem = (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        0u64..4,
        any::<bool>(),
        0u8..3,
    );
    (sampler, loader, ecosystem).prop_map(|(s, l, e)| Params {
        n: s.0,
        num_replicas: s.1,
        shuffle: s.2,
        seed: s.3,
        drop_last: s.4,
        set_epoch: s.5,
        batch_size: l.0,
        loader_drop_last: l.1,
        seeding: if l.2 { Seeding::Unseeded } else { Seeding::Alike },
        os_seed: l.3,
        num_workers: l.4,
        split_batches: e.0,
        even_batches: e.1,
        use_seedable_sampler: e.2,
        inner: if e.3 { InnerSampler::Random } else { InnerSampler::Sequential },
        consumed: e.4,
        restore_epoch: e.5,
        sharding: [Sharding::None, Sharding::Worker, Sharding::RankAndWorker][usize::from(e.6)],
        ..Params::default()
    })
}

/// One range of first epochs on the page: the history's, which the timeline lists (it draws
/// the followed scheme's history) and step 3's sentence counts, the multi-epoch charts compare
/// and the charts' introduction names (the landing page's play reads the same constant).
#[test]
fn the_timeline_and_the_charts_show_the_history_epochs() {
    use sampler_viz::chart::{history as chart_history, summary};
    use sampler_viz::i18n::Lang;
    use sampler_viz::model::story;
    let forgotten = Params { set_epoch: false, ..Params::default() };
    let later = (EPOCHS - 1) as usize;
    let distributed = scheme::by_name("distributed").expect("registered");
    let drawn = history_of("distributed", &forgotten);
    assert_eq!(story::repeating_in(distributed, &forgotten, &drawn), Some((later, later)));
    assert_eq!(story::repeating(distributed, &Params::default()), Some((0, later)));
    assert_eq!(chart_history::EPOCHS as u64, EPOCHS);
    assert!(summary::intro(Lang::En).contains("the first 4 epochs (0 to 3)"));
    assert!(summary::intro(Lang::Zh).contains("前 4 个 epoch（0 到 3）"));
}

/// The call the timeline writes for each epoch: `seed +` the epoch the sampler is told (0
/// without `set_epoch`), the epoch alone for Lightning's unrepeated sampler, nothing to seed
/// without shuffling, and no such call for a scheme that is not one seeded permutation.
#[test]
fn each_epoch_is_seeded_from_the_epoch_told() {
    use EpochSeed::{EpochOnly, Seeded, Unshuffled};
    let base = Params { seed: 7, ..Params::default() };
    let forgotten = Params { set_epoch: false, ..base.clone() };
    let unshuffled = Params { shuffle: false, ..base.clone() };
    let cases: &[(&str, &Params, Option<EpochSeed>)] = &[
        ("distributed", &base, Some(Seeded { told: 3, seed: 10 })),
        ("distributed", &forgotten, Some(Seeded { told: 0, seed: 7 })),
        ("distributed", &unshuffled, Some(Unshuffled)),
        ("lightning_unrepeated", &base, Some(EpochOnly { told: 3 })),
        ("lightning_unrepeated", &forgotten, Some(EpochOnly { told: 0 })),
        ("no_sampler", &base, None),
        ("seed_per_rank", &base, None),
    ];
    for (name, params, expected) in cases {
        let scheme = scheme::by_name(name).expect("registered");
        assert_eq!(scheme.epoch_seed(params, 3), *expected, "{name} {params:?}");
    }
}

proptest! {
    /// Two epochs a scheme seeds alike deal every GPU the same list: the timeline may write
    /// the call because it decides the order.
    #[test]
    fn epochs_seeded_alike_deal_alike(params in arb_params(), a in 0..EPOCHS, b in 0..EPOCHS) {
        for &scheme in SCHEMES {
            let (Some(sa), Some(sb)) = (scheme.epoch_seed(&params, a), scheme.epoch_seed(&params, b))
            else { continue };
            if sa == sb {
                prop_assert_eq!(
                    whole_lists(scheme, &params, a), whole_lists(scheme, &params, b),
                    "{} {:?}", scheme.name(), params
                );
            }
        }
    }

    /// For every registered scheme, with a cap small enough that most rows are cut: each row
    /// is the start of that GPU's whole list, its length the list's, and it is marked exactly
    /// when that list equals the GPU's epoch-0 list.
    #[test]
    fn marks_are_whole_list_equality(params in arb_params(), cap in 0usize..5) {
        for &scheme in SCHEMES {
            let Ok(epochs) = history::history(scheme, &params, cap) else { continue };
            let first = whole_lists(scheme, &params, 0).expect("epoch 0 was dealt");
            for epoch in &epochs {
                let lists = whole_lists(scheme, &params, epoch.epoch).expect("dealt");
                prop_assert_eq!(epoch.rows.len(), lists.len());
                for (rank, (row, list)) in epoch.rows.iter().zip(&lists).enumerate() {
                    prop_assert_eq!(&row.indices[..], &list[..cap.min(list.len())]);
                    prop_assert_eq!(row.len, list.len());
                    let same = epoch.epoch > 0 && first.get(rank) == Some(list);
                    prop_assert_eq!(row.same_as_first, same, "{} epoch {} rank {}", scheme.name(), epoch.epoch, rank);
                }
            }
        }
    }
}
