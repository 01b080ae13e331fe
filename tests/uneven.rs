//! Where a run whose GPUs take different step counts hangs: the GPUs with more steps wait at
//! the all-reduce of step `fewest`, for GPUs that have finished.

use sampler_viz::model::Params;
use sampler_viz::model::scheme::uneven::{Cell, Hang};
use sampler_viz::model::scheme::{Shared, by_name};

#[track_caller]
fn hang(name: &str, query: &str) -> Option<Hang> {
    let params = Params::from_pairs(query.split('&').filter_map(|p| p.split_once('='))).unwrap();
    Hang::of(&by_name(name).unwrap().deal(&params, &Shared::default()).unwrap())
}

#[test]
fn uneven_schemes_hang_where_the_fewest_steps_end() {
    // 10 samples on 4 GPUs, one per step: 3, 3, 2, 2 steps.
    let h = hang("lightning_unrepeated", "n=10&num_replicas=4&batch_size=1").unwrap();
    assert_eq!((h.steps.clone(), h.at), (vec![3, 3, 2, 2], 2));
    assert_eq!((h.waiting.clone(), h.finished.clone()), (vec![0, 1], vec![2, 3]));
    assert_eq!(
        [h.cell(0, 1), h.cell(0, 2), h.cell(2, 2)],
        [Cell::Trains, Cell::Waits, Cell::Finished]
    );
    // Accelerate without even_batches: 5 batches of 4 on 3 GPUs, 2, 2 and 1 steps.
    let h =
        hang("accelerate", "n=20&num_replicas=3&batch_size=4&even_batches=0&shuffle=0").unwrap();
    assert_eq!((h.at, h.waiting.clone()), (1, vec![0, 1]));
    // A stream sharded by rank: 5 and 4 samples.
    let h = hang("iterable", "n=9&num_replicas=2&batch_size=1&sharding=rank_and_worker").unwrap();
    assert_eq!((h.steps.clone(), h.at), (vec![5, 4], 4));
    assert_eq!(h.shown_steps(), 1..5);
    // 3 samples on 3 GPUs, 2 workers each, sharded by rank and worker: 2, 1 and 0 steps. GPUs
    // 0 and 1 both wait at step 1's all-reduce; neither gets further.
    let h =
        hang("iterable", "n=3&num_replicas=3&batch_size=1&num_workers=2&sharding=rank_and_worker")
            .unwrap();
    assert_eq!(h.steps, [2, 1, 0]);
    assert_eq!(
        [h.cell(0, 0), h.cell(1, 0), h.cell(2, 0)],
        [Cell::Waits, Cell::Waits, Cell::Finished]
    );
    assert_eq!(
        [h.cell(0, 1), h.cell(1, 1), h.cell(2, 1)],
        [Cell::Never, Cell::Never, Cell::Finished]
    );
}

#[test]
fn even_schemes_do_not_hang() {
    assert_eq!(hang("distributed", "n=10&num_replicas=4&batch_size=1"), None);
    assert_eq!(hang("accelerate", "n=20&num_replicas=3&batch_size=4"), None);
    assert_eq!(hang("lightning_unrepeated", "n=12&num_replicas=4"), None);
}
