//! Reading a pitfall's two sides in tests: its facts by id, the samples they name, its rows.

use sampler_viz::model::scenario::{Comparison, Scenario, Side};

#[derive(Clone, Copy, Debug)]
pub enum Which {
    Broken,
    Fixed,
}
use Which::{Broken, Fixed};

pub fn compare(scenario: Scenario) -> Comparison {
    match scenario.compare() {
        Ok(c) => c,
        Err(e) => panic!("{} does not compute: {e}", scenario.name()),
    }
}

pub fn side(c: &Comparison, which: Which) -> &Side {
    match which {
        Broken => &c.broken,
        Fixed => &c.fixed,
    }
}

/// The fact `id` of one side of `scenario` is `expect`.
#[track_caller]
pub fn check(scenario: Scenario, which: Which, id: &str, expect: u64) {
    let c = compare(scenario);
    let fact = side(&c, which).fact(id);
    let got = fact.map(|f| f.value);
    assert_eq!(got, Some(expect), "{} {which:?} {id}", scenario.name());
}

/// The samples a fact names.
pub fn samples(scenario: Scenario, which: Which, id: &str) -> Vec<u32> {
    let c = compare(scenario);
    side(&c, which).fact(id).map(|f| f.samples.clone()).unwrap_or_default()
}

/// Each row's indices (only rows short enough to be shown whole).
pub fn rows(scenario: Scenario, which: Which) -> Vec<Vec<u32>> {
    let c = compare(scenario);
    side(&c, which).rows.iter().map(|r| r.chips.iter().map(|c| c.index).collect()).collect()
}
