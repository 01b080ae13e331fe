//! Downloads read back: the CSV and the JSON list exactly what the scheme dealt (here
//! `DistributedSampler`, whose lists the picture computes too, and every registered scheme).

use sampler_viz::model::export::{self, EXPORT_LIMIT};
use sampler_viz::model::picture::TABLE_LIMIT;
use sampler_viz::model::scheme::{self, Deal, SCHEMES, Shared};
use sampler_viz::model::{NoSamplerSide, Params, Picture, Seeding};
use serde_json::Value;

fn picture(params: Params) -> Picture {
    Picture::compute(&params).expect("a valid configuration")
}

/// What `DistributedSampler` deals for the picture's values, as a download lists it.
fn listed(p: &Picture) -> Deal {
    let distributed = scheme::by_name("distributed").expect("registered");
    export::deal(distributed, &p.params, &Shared::default()).expect("dealt")
}

/// Each rank's indices as `list(sampler)` gives them.
fn ranks(p: &Picture) -> Vec<Vec<u32>> {
    (0..p.epoch.num_replicas()).map(|r| p.epoch.rank(r).collect()).collect()
}

/// CSV rows as `(rank, position, index, batch)`.
fn parse_csv(text: &str) -> Vec<(usize, usize, u32, Option<usize>)> {
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("rank,position,index,batch"));
    lines
        .map(|line| {
            let cells: Vec<&str> = line.split(',').collect();
            assert_eq!(cells.len(), 4, "{line}");
            let batch = (!cells[3].is_empty()).then(|| cells[3].parse().expect("a batch number"));
            let number = |s: &str| s.parse::<usize>().expect("a number");
            (number(cells[0]), number(cells[1]), number(cells[2]) as u32, batch)
        })
        .collect()
}

/// The CSV, regrouped by rank, equals every rank's list; batch numbers are `position / batch_size`.
#[track_caller]
fn check_csv(params: Params) {
    let p = picture(params);
    let rows = parse_csv(&export::csv(&listed(&p)));
    let mut by_rank = vec![Vec::new(); p.epoch.num_replicas()];
    for &(rank, position, index, batch) in &rows {
        assert_eq!(position, by_rank[rank].len(), "rows in order");
        by_rank[rank].push(index);
        let expect = position / p.loader.batch_size();
        assert_eq!(batch, (expect < p.lengths.loader).then_some(expect), "row {rank},{position}");
    }
    assert_eq!(by_rank, ranks(&p));
}

#[test]
fn the_csv_lists_every_rank_as_the_picture_does() {
    check_csv(Params::default());
    check_csv(Params { n: 17, num_replicas: 4, seed: 42, epoch: 3, ..Params::default() });
    check_csv(Params { n: 10, num_replicas: 3, drop_last: true, ..Params::default() });
    check_csv(Params { n: 23, num_replicas: 2, batch_size: 5, ..Params::default() });
}

#[test]
fn a_short_last_batch_dropped_by_the_loader_has_no_batch_number() {
    let params = Params {
        n: 23,
        num_replicas: 2,
        batch_size: 5,
        loader_drop_last: true,
        ..Params::default()
    };
    check_csv(params.clone());
    let p = picture(params);
    let rows = parse_csv(&export::csv(&listed(&p)));
    // 12 indices per rank, batches of 5: positions 10 and 11 are left out.
    let unbatched: Vec<(usize, usize)> =
        rows.iter().filter(|r| r.3.is_none()).map(|r| (r.0, r.1)).collect();
    assert_eq!(unbatched, [(0, 10), (0, 11), (1, 10), (1, 11)]);
}

fn numbers(value: &Value) -> Vec<u32> {
    let items = value.as_array().expect("an array");
    items.iter().map(|v| v.as_u64().expect("an index") as u32).collect()
}

fn parse_json(p: &Picture, deal: &Deal) -> Value {
    let distributed = scheme::by_name("distributed").expect("registered");
    serde_json::from_str(&export::json(p, distributed, deal)).expect("valid JSON")
}

#[test]
fn the_json_lists_ranks_batches_and_config_in_pytorch_names() {
    let params =
        Params { n: 23, num_replicas: 3, seed: 7, epoch: 2, batch_size: 3, ..Params::default() };
    let p = picture(params);
    let json = parse_json(&p, &listed(&p));
    let got: Vec<Vec<u32>> = json["ranks"].as_array().expect("ranks").iter().map(numbers).collect();
    assert_eq!(got, ranks(&p));
    for (rank, batches) in json["batches"].as_array().expect("batches").iter().enumerate() {
        let batches: Vec<Vec<u32>> =
            batches.as_array().expect("a rank").iter().map(numbers).collect();
        let expect: Vec<Vec<u32>> = p.loader.batches(&got[rank]).map(<[u32]>::to_vec).collect();
        assert_eq!(batches, expect);
    }
    let config = &json["config"];
    assert_eq!(config["len_dataset"], 23);
    assert_eq!(config["sampler"]["num_replicas"], 3);
    assert_eq!(config["sampler"]["seed"], 7);
    assert_eq!(config["sampler"]["shuffle"], true);
    assert_eq!(config["sampler"]["drop_last"], false);
    assert_eq!(config["epoch"], 2);
    assert_eq!(config["set_epoch"], true);
    assert_eq!(config["loader"]["batch_size"], 3);
    assert_eq!(config["loader"]["drop_last"], false);
    assert_eq!(json["len_sampler"], p.lengths.sampler);
    assert_eq!(json["len_loader"], p.lengths.loader);
    assert_eq!(json["listed"], p.lengths.sampler);
    assert_eq!(json["scheme"], "distributed");
}

#[test]
fn the_json_holds_the_no_sampler_orders_the_page_shows() {
    for seeding in [Seeding::Alike, Seeding::Unseeded] {
        let p = picture(Params { n: 2500, num_replicas: 2, seeding, ..Params::default() });
        let side = NoSamplerSide::of(&p.params).expect("a no-sampler side");
        let json = parse_json(&p, &listed(&p));
        let orders: Vec<Vec<u32>> =
            json["no_sampler"]["orders"].as_array().expect("orders").iter().map(numbers).collect();
        assert_eq!(orders, side.orders);
        assert_eq!(orders[0].len(), TABLE_LIMIT);
        assert_eq!(json["no_sampler"]["listed"], TABLE_LIMIT);
        let seeds: Vec<u64> = json["no_sampler"]["process_seeds"]
            .as_array()
            .expect("seeds")
            .iter()
            .map(|s| s.as_u64().expect("a seed"))
            .collect();
        assert_eq!(seeds, side.process_seeds);
    }
}

#[test]
fn a_refused_no_sampler_side_is_reported_not_dropped() {
    let p = picture(Params { manual_seed: -1 << 70, ..Params::default() });
    assert!(NoSamplerSide::of(&p.params).is_err());
    let json = parse_json(&p, &listed(&p));
    assert!(json["no_sampler"]["error"].as_str().is_some_and(|e| !e.is_empty()));
    assert_eq!(json["ranks"].as_array().map(Vec::len), Some(2));
}

#[test]
fn a_cut_download_lists_each_ranks_first_indices_and_says_so() {
    let p = picture(Params { n: 40, num_replicas: 2, batch_size: 3, ..Params::default() });
    let distributed = scheme::by_name("distributed").expect("registered");
    let cut = distributed.deal_up_to(&p.params, &Shared::default(), 7).expect("dealt");
    let json = parse_json(&p, &cut);
    let got: Vec<Vec<u32>> = json["ranks"].as_array().expect("ranks").iter().map(numbers).collect();
    let expect: Vec<Vec<u32>> = ranks(&p).into_iter().map(|r| r[..7].to_vec()).collect();
    assert_eq!(got, expect);
    assert_eq!(json["listed"], 7);
    assert_eq!(json["len_sampler"], 20);
    let csv = parse_csv(&export::csv(&cut));
    assert_eq!(csv.len(), 14);
}

// ImageNet-1k's 1,281,167 samples download whole, and the limit splits evenly over 64 ranks.
const _: () = assert!(EXPORT_LIMIT >= 1_281_167 && EXPORT_LIMIT.is_multiple_of(64));

#[test]
fn downloads_stop_at_the_export_limit() {
    let p = picture(Params { n: 1000, num_replicas: 8, ..Params::default() });
    assert_eq!(export::per_rank(&listed(&p)), 125);
    let p = picture(Params { n: 5_000_000, num_replicas: 2, shuffle: false, ..Params::default() });
    assert_eq!(export::cap(&p.params), EXPORT_LIMIT / 2);
    assert_eq!(export::per_rank(&listed(&p)), EXPORT_LIMIT / 2);
}

/// Every registered scheme downloads: the CSV regrouped by rank is each lane's list, processed
/// samples first, in batches where the lane breaks them.
#[test]
fn every_registered_scheme_downloads_its_lanes() {
    let params = Params { n: 23, num_replicas: 3, batch_size: 4, ..Params::default() };
    for s in SCHEMES {
        let Ok(deal) = export::deal(*s, &params, &Shared::default()) else { continue };
        let rows = parse_csv(&export::csv(&deal));
        for (rank, lane) in deal.lanes.iter().enumerate() {
            let mine: Vec<u32> = rows.iter().filter(|r| r.0 == rank).map(|r| r.2).collect();
            let tiles: Vec<u32> = lane.tiles.iter().map(|t| t.index).collect();
            assert_eq!(&mine[..tiles.len()], &tiles[..], "{} rank {rank}", s.name());
            let batched = rows.iter().filter(|r| r.0 == rank && r.3.is_some()).count();
            assert_eq!(
                batched,
                lane.len,
                "{} rank {rank}: every processed sample has a batch",
                s.name()
            );
        }
        let json: Value = serde_json::from_str(&export::json(&picture(params.clone()), *s, &deal))
            .unwrap_or_else(|e| panic!("{}: {e}", s.name()));
        assert_eq!(json["scheme"], s.name());
        // The scheme's options not already in `config`, each under its URL name, typed.
        let options = json["config"]["options"].as_object().expect("options");
        let names: Vec<&str> = options.keys().map(String::as_str).collect();
        let mut own: Vec<&str> = s.options().iter().map(|f| f.name()).collect();
        own.retain(|name| {
            json["config"].get(name).is_none() && !["seed", "loader_drop_last"].contains(name)
        });
        own.sort_unstable();
        assert_eq!(names, own, "{}", s.name());
        for &f in s.options().iter().filter(|f| own.contains(&f.name())) {
            let written = &options[f.name()];
            match params.flag(f) {
                Some(on) => assert_eq!(written, &Value::Bool(on), "{} {}", s.name(), f.name()),
                None => assert_eq!(
                    written.as_i64().map(|v| v.to_string()).or(written.as_str().map(String::from)),
                    Some(params.get(f)),
                    "{} {}",
                    s.name(),
                    f.name()
                ),
            }
        }
    }
}

#[test]
fn the_file_name_says_which_configuration() {
    let params = Params { n: 50_000, num_replicas: 8, seed: -3, epoch: 2, ..Params::default() };
    assert_eq!(
        export::file_stem(&params, "accelerate"),
        "sampler-viz_accelerate_n50000_w8_seed-3_epoch2"
    );
}
