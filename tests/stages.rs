//! Every scheme's stage by stage agrees with its deal: the stages are the ones it names, in
//! order, and its last stage (for a resume, the batches before the save then after it) holds
//! exactly each GPU's lane.

use sampler_viz::model::scheme::stages::{self, StageView};
use sampler_viz::model::scheme::{LANE_CAP, SCHEMES, Shared, Step};
use sampler_viz::model::{InnerSampler, Params};

/// Each GPU's indices in a stage, flattened.
fn per_gpu(stage: &StageView) -> Vec<Vec<u32>> {
    stage.rows.iter().map(|row| row.groups.concat()).collect()
}

#[test]
fn the_last_stage_is_the_lanes() {
    let configs = [
        Params { n: 10, num_replicas: 3, batch_size: 2, ..Params::default() },
        Params { n: 21, num_replicas: 4, batch_size: 4, shuffle: false, ..Params::default() },
        Params {
            n: 10,
            num_replicas: 4,
            batch_size: 4,
            split_batches: true,
            even_batches: false,
            ..Params::default()
        },
        Params {
            n: 16,
            num_replicas: 2,
            batch_size: 2,
            epoch: 1,
            consumed: 3,
            ..Params::default()
        },
        Params {
            n: 300,
            num_replicas: 2,
            batch_size: 8,
            loader_drop_last: true,
            inner: InnerSampler::Sequential,
            epoch: 2,
            ..Params::default()
        },
    ];
    let mut checked = 0;
    for params in &configs {
        for scheme in SCHEMES {
            let deal = scheme.deal(params, &Shared::default()).expect("valid");
            let stages =
                stages::of(*scheme, params, &deal).expect("these configurations are valid");
            // Every registered scheme has stages: all it names, or (read off its deal) the
            // last two, its lists and their batches.
            let steps: Vec<Step> = stages.iter().map(|s| s.step).collect();
            let named = scheme.steps(params);
            let own = !scheme.stages(params).expect("valid").is_empty();
            let expected = if own { named } else { &named[named.len() - 2..] };
            assert_eq!(steps, expected, "{}", scheme.name());
            let lanes: Vec<Vec<u32>> =
                deal.lanes.iter().map(|l| l.tiles.iter().map(|t| t.index).collect()).collect();
            let last = per_gpu(stages.last().expect("a stage"));
            let shown: Vec<Vec<u32>> = if scheme.name() == "torchdata_resume" {
                let before = per_gpu(&stages[stages.len() - 2]);
                before.iter().zip(&last).map(|(b, a)| [&b[..], &a[..]].concat()).collect()
            } else {
                last
            };
            for (lane, stage) in lanes.iter().zip(&shown) {
                let k = lane.len().min(stage.len()).min(LANE_CAP);
                assert_eq!(lane[..k], stage[..k], "{} {params:?}", scheme.name());
            }
            checked += 1;
        }
    }
    assert_eq!(checked, configs.len() * SCHEMES.len(), "every scheme at every configuration");
}

/// A scheme with no stages of its own shows, read off its deal, each GPU's list as its
/// sampler yields it (what the loader leaves out at its end, what is past the cap counted)
/// and then its batches, each the loader's.
#[test]
fn the_stages_read_off_a_deal() {
    let cases = [
        (
            "no_sampler",
            Params {
                n: 10,
                num_replicas: 2,
                batch_size: 4,
                loader_drop_last: true,
                ..Params::default()
            },
            Step::ShufflePerRank,
        ),
        (
            "seed_per_rank",
            Params { n: 10, num_replicas: 3, batch_size: 2, ..Params::default() },
            Step::Stripe,
        ),
        (
            "weighted_no_wrapper",
            Params { n: 20, num_replicas: 2, batch_size: 4, ..Params::default() },
            Step::Draw,
        ),
        (
            "weighted_wrapper",
            Params { n: 300, num_replicas: 2, batch_size: 8, ..Params::default() },
            Step::Stripe,
        ),
        (
            "monai_weighted",
            Params {
                n: 21,
                num_replicas: 4,
                batch_size: 3,
                loader_drop_last: true,
                ..Params::default()
            },
            Step::DrawInSlice,
        ),
    ];
    // Without shuffle every process walks the dataset's own order: its row says so.
    let cases = cases.into_iter().chain([(
        "no_sampler",
        Params { n: 10, num_replicas: 2, batch_size: 4, shuffle: false, ..Params::default() },
        Step::Indices,
    )]);
    for (name, params, listed) in cases {
        let scheme = sampler_viz::model::scheme::by_name(name).unwrap();
        assert!(scheme.stages(&params).unwrap().is_empty(), "{name} has stages of its own now");
        let whole = scheme.deal_up_to(&params, &Shared::default(), usize::MAX).unwrap();
        let deal = scheme.deal(&params, &Shared::default()).unwrap();
        let stages = stages::of(scheme, &params, &deal).unwrap();
        assert_eq!(stages[0].step, listed, "{name}");
        for (rank, lane) in whole.lanes.iter().enumerate() {
            let (list, batches) = (&stages[0].rows[rank], &stages[1].rows[rank]);
            let all = lane.listed();
            assert_eq!(all.len(), lane.sampler_len, "{name}: the whole list");
            let shown = list.groups.concat();
            assert_eq!(shown[..], all[..shown.len()], "{name} GPU {rank}'s list");
            assert_eq!(shown.len() + list.more, lane.sampler_len, "{name} GPU {rank}: counted");
            let processed: Vec<u32> = lane.tiles.iter().map(|t| t.index).collect();
            let batched = batches.groups.concat();
            assert_eq!(batched[..], processed[..batched.len()], "{name} GPU {rank}'s batches");
            assert_eq!(
                batched.len() + batches.more,
                lane.len,
                "{name} GPU {rank}: batches counted"
            );
            for group in &batches.groups[..batches.groups.len().saturating_sub(1)] {
                assert_eq!(group.len(), params.batch_size as usize, "{name}: whole batches");
            }
        }
    }
}

/// With workers, each GPU's batches grouped by the worker that loads them (batch b to worker
/// b % num_workers): together they are the lane, batch for batch.
#[test]
fn batches_by_worker() {
    use sampler_viz::model::scheme::stages::by_worker;
    let params =
        Params { n: 16, num_replicas: 2, batch_size: 2, num_workers: 3, ..Params::default() };
    let deal = sampler_viz::model::scheme::by_name("distributed")
        .unwrap()
        .deal(&params, &Shared::default())
        .unwrap();
    let view = by_worker(&deal).expect("the loader has workers");
    assert_eq!(view.rows.len(), 6, "3 workers on each of 2 GPUs");
    let lane: Vec<u32> = deal.lanes[0].tiles.iter().map(|t| t.index).collect();
    let batch = |b: usize| lane[2 * b..2 * b + 2].to_vec();
    assert_eq!(view.rows[0].groups, [batch(0), batch(3)]);
    assert_eq!(view.rows[1].groups, [batch(1)]);
    assert_eq!(view.rows[2].groups, [batch(2)]);
    assert_eq!((view.rows[3].gpu, view.rows[3].worker), (Some(1), Some(0)));
    let without = Params { num_workers: 0, ..params };
    let deal = sampler_viz::model::scheme::by_name("distributed")
        .unwrap()
        .deal(&without, &Shared::default())
        .unwrap();
    assert!(by_worker(&deal).is_none());
}

/// A GPU whose process raised (MONAI's slice that weighs nothing) holds the library's error in
/// every stage read off its deal, never an empty list; the others their draws.
#[test]
fn a_raised_lane_says_so_in_every_stage() {
    let params = Params::from_query("n=10&num_replicas=2&batch_size=2&weights=1,0&shuffle=0")
        .expect("valid");
    let scheme = sampler_viz::model::scheme::by_name("monai_weighted").unwrap();
    let deal = scheme.deal(&params, &Shared::default()).unwrap();
    let raised = deal.lanes[1].raised.clone().expect("GPU 1's slice weighs nothing");
    for stage in stages::of(scheme, &params, &deal).unwrap() {
        assert_eq!(stage.rows[1].raised, Some(raised.clone()), "{:?}", stage.step);
        assert!(stage.rows[1].groups.is_empty());
        assert_eq!(stage.rows[0].raised, None);
        assert_eq!(stage.rows[0].groups.concat().len(), 5, "{:?}: GPU 0's five draws", stage.step);
    }
}
