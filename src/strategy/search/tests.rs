//! Knob checks and the tree arena (the bots' play is tested per game in `tests/search.rs`).

use super::tree::{NONE, ROOT, Tree};
use super::*;

fn params(kv: &[(&str, f64)]) -> Params {
    Params::new(kv.iter().map(|(k, v)| (k.to_string(), *v)).collect())
}

#[test]
fn count_knobs_take_one_to_ten_million() {
    let ok = |kv: &[(&str, f64)]| check("ismcts", ISMCTS_KNOBS, &params(kv));
    assert!(ok(&[("iterations", 1.0)]).is_ok());
    assert!(ok(&[("iterations", 10_000_000.0)]).is_ok());
    assert!(ok(&[("depth", 0.0)]).is_ok());
    for bad in [0.0, 10_000_001.0, 2.5, -3.0, f64::NAN] {
        let e = ok(&[("iterations", bad)]).unwrap_err();
        assert!(e.contains("iterations") && !e.contains('\n'), "{e}");
    }
    let pimc = |kv: &[(&str, f64)]| check("pimc", PIMC_KNOBS, &params(kv));
    assert!(pimc(&[("determinizations", 0.0)]).is_err());
    assert!(pimc(&[("rollouts", 0.0)]).is_err());
    assert!(pimc(&[("determinizations", 64.0), ("rollouts", 2.0)]).is_ok());
    // A count knob of the other bot is unknown here.
    assert!(
        pimc(&[("iterations", 10.0)])
            .unwrap_err()
            .contains("no knob")
    );
}

#[test]
fn other_knobs_are_checked_too() {
    let ok = |kv: &[(&str, f64)]| check("ismcts", ISMCTS_KNOBS, &params(kv));
    assert!(ok(&[("policy", 1.0), ("exploration", 0.0), ("margin", 0.0)]).is_ok());
    assert!(ok(&[("policy", 2.0)]).is_err());
    assert!(ok(&[("exploration", -1.0)]).is_err());
    assert!(ok(&[("margin_scale", 0.0)]).is_err());
    assert!(ok(&[("margin", 2e6)]).is_err());
    assert!(ok(&[("speed", 1.0)]).unwrap_err().contains("no knob"));
    // Other bots keep the general rule (no count ranges).
    assert!(check("greedy", &[], &params(&[("x", 1.0)])).is_err());
}

#[test]
fn tree_links_edges_and_outcomes() {
    let mut t: Tree<u8> = Tree::new();
    t.reset();
    let a = t.add_edge(ROOT, 0, 7);
    let b = t.add_edge(ROOT, 1, 9);
    assert_eq!(t.first_child(ROOT), b);
    assert_eq!(t.node(b).next_sibling, a);
    assert_eq!(t.node(a).next_sibling, NONE);
    assert_eq!(t.node(a).avail, 1);
    let (x, fresh) = t.outcome(a, 42);
    assert!(fresh);
    assert_eq!(t.outcome(a, 42), (x, false));
    let (y, fresh) = t.outcome(a, 43);
    assert!(fresh && y != x);
    assert_eq!(t.len(), 5);
    t.reset();
    assert_eq!((t.len(), t.first_child(ROOT)), (1, NONE));
}

#[test]
fn paired_standard_error_matches_the_textbook_formula() {
    // Differences 0.2, -0.1, 0.4, 0.3: mean 0.2, sample variance 0.04667, SE sqrt(v / 4).
    let d = [0.2f64, -0.1, 0.4, 0.3];
    let mean = d.iter().sum::<f64>() / 4.0;
    let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / 3.0;
    let se = paired_se(d.iter().sum(), d.iter().map(|x| x * x).sum(), 4.0);
    assert!((se - (var / 4.0).sqrt()).abs() < 1e-12, "{se}");
    assert_eq!(paired_se(0.3, 0.09, 1.0), f64::INFINITY);
    // The gate: past the prior and past two standard errors.
    assert!(beats_prior(0.3, 0.1, 0.15));
    assert!(!beats_prior(0.3, 0.2, 0.15));
    assert!(!beats_prior(0.1, 0.01, 0.15));
    assert!(!beats_prior(1.0, f64::INFINITY, 0.0));
}

#[test]
fn the_opponents_knob_takes_zero_or_one() {
    let ok = |kv: &[(&str, f64)]| check("ismcts", ISMCTS_KNOBS, &params(kv));
    assert!(ok(&[("opponents", 1.0)]).is_ok());
    assert!(ok(&[("opponents", 0.5)]).unwrap_err().contains("opponents"));
    assert!(ok(&[("prior", -0.1)]).is_err());
}
