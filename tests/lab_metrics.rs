//! The balance lab's metrics against answers known another way: synthetic runs with a known
//! seat bias, a fixed length and a known variance split; a real run's metrics against the
//! same figures recomputed from its other files (summary.csv, lengths.csv); identical
//! variants differ by exactly zero; same bytes for any thread count.

mod common;

use cardsim::cards::GameRng;
use cardsim::game::{MAX_SEATS, SeatMask};
use cardsim::games::golf::Golf;
use cardsim::lab::counts::{Counts, UnitOutcome, group_of};
use cardsim::lab::metrics::{Prepared, estimate, metrics, seat_gap2};
use cardsim::sim::Mode;
use cardsim::stats::GROUPS;
use common::{cardsim, read, tmp};

/// `n` units of a 3-seat table where seat s wins with probability `p[s]` (the rest: seat 2),
/// with every unit `turns` long, counted in the lab's groups.
fn biased(p: [f64; 2], n: u64, turns: u64, seed: u64) -> Vec<Counts> {
    let mut rng = GameRng::new(seed, 9);
    let mut groups = vec![Counts::default(); GROUPS];
    for unit in 0..n {
        let x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let w = if x < p[0] {
            0
        } else if x < p[0] + p[1] {
            1
        } else {
            2
        };
        let mut scores = [10i64; MAX_SEATS];
        scores[w] = 0; // Golf: lower is better, so the winner leads by 10
        let o = UnitOutcome {
            players: 3,
            winners: SeatMask::one(w),
            scores,
            turns,
            deals: 1,
        };
        groups[group_of(unit)].add::<Golf>(&o, false);
    }
    groups
}

fn metric(groups: &[Counts], name: &str) -> cardsim::stats::Estimate {
    let ms = metrics(3, Mode::Deals);
    let m = ms.iter().find(|m| m.name == name).unwrap();
    estimate(m, &Prepared::new(groups)).unwrap_or_else(|| panic!("{name} has a value"))
}

#[test]
fn a_known_seat_bias_is_recovered_and_covered_by_its_interval() {
    // w = (1/2, 1/4, 1/4): seat_gap = 1/2 - 1/3 = 1/6; Σ (w - 1/3)² = 1/36 + 2/144 = 1/24.
    let (gap, gap2) = (1.0 / 6.0, 1.0 / 24.0);
    let reps = 120;
    let (mut cover, mut cover2) = (0, 0);
    for r in 0..reps {
        let g = biased([0.5, 0.25], 3000, 20, r);
        let e = metric(&g, "seat_gap");
        let e2 = metric(&g, "seat_gap2");
        cover += (e.lo <= gap && gap <= e.hi) as u32;
        cover2 += (e2.lo <= gap2 && gap2 <= e2.hi) as u32;
    }
    // 95% intervals: over 120 runs, 104 or more cover (binomial 0.95: P(X < 104) < 1%).
    assert!(cover >= 104, "seat_gap covered {cover}/{reps}");
    assert!(cover2 >= 104, "seat_gap2 covered {cover2}/{reps}");
}

#[test]
fn seat_gap2_does_not_grow_with_noise_where_the_plain_squared_gap_does() {
    // Fair seats: the true Σ (w - 1/3)² is 0. Averaged over runs, the bias-corrected
    // estimate is ~0 while the plain squared gap is ~Σ w(1 - w)/N = 2/3/N > 0.
    let n = 600;
    let reps = 300;
    let (mut sum2, mut plain) = (0.0, 0.0);
    for r in 0..reps {
        let g = biased([1.0 / 3.0, 1.0 / 3.0], n, 20, 1000 + r);
        let all = cardsim::lab::metrics::total(&g);
        sum2 += seat_gap2(&all, 3).unwrap();
        plain += (0..3)
            .map(|s| (all.win[s] as f64 / 840.0 / n as f64 - 1.0 / 3.0).powi(2))
            .sum::<f64>();
    }
    let (sum2, plain) = (sum2 / reps as f64, plain / reps as f64);
    let expect_plain = (2.0 / 3.0) / n as f64;
    assert!(
        (plain - expect_plain).abs() < 0.25 * expect_plain,
        "{plain} vs {expect_plain}"
    );
    assert!(sum2.abs() < 0.2 * expect_plain, "seat_gap2 mean {sum2}");
}

#[test]
fn a_fixed_length_and_a_fixed_margin_have_no_spread() {
    let g = biased([0.4, 0.3], 2000, 30, 5);
    for (name, want) in [
        ("turns_mean", 30.0),
        ("turns_sd", 0.0),
        ("turns_p5", 30.0),
        ("turns_p95", 30.0),
        ("margin_mean", 10.0),
        ("margin_p50", 10.0),
        ("decisive_share", 1.0),
        ("tie_share", 0.0),
    ] {
        let e = metric(&g, name);
        assert_eq!(e.value, want, "{name}");
        if name != "decisive_share" && name != "tie_share" {
            assert!(e.lo == want && e.hi == want, "{name}: {e:?}");
        }
    }
}

/// A column of a CSV text by header name, as f64 per row.
fn column(text: &str, name: &str) -> Vec<f64> {
    let mut lines = text.lines();
    let head: Vec<&str> = lines.next().unwrap().split(',').collect();
    let i = head.iter().position(|h| *h == name).unwrap();
    lines
        .map(|l| l.split(',').nth(i).unwrap().parse().unwrap())
        .collect()
}

fn metric_row(text: &str, variant: &str, name: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split(',').map(String::from).collect::<Vec<_>>())
        .find(|r| r[2] == variant && r[3] == name)
        .unwrap_or_else(|| panic!("{variant} {name}"))
}

#[test]
fn a_run_s_metrics_agree_with_its_other_files_at_any_thread_count() {
    let (a, b) = (tmp("lab-m1"), tmp("lab-m2"));
    for (dir, threads) in [(&a, "1"), (&b, "2")] {
        let out = cardsim(&[
            "simulate",
            "golf",
            "--deals",
            "1500",
            "--seed",
            "3",
            "--threads",
            threads,
            "--quiet",
            "--out",
            dir.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{out:?}");
    }
    let m = read(&a, "metrics.csv");
    assert_eq!(m, read(&b, "metrics.csv"), "same bytes for 1 and 2 threads");
    // seat_gap from summary.csv's win rates.
    let rates = column(&read(&a, "summary.csv"), "win_rate");
    let gap = rates.iter().map(|w| (w - 0.25).abs()).fold(0.0, f64::max);
    let got: f64 = metric_row(&m, "defaults", "seat_gap")[4].parse().unwrap();
    assert!((got - gap).abs() < 2e-6, "{got} vs {gap}");
    // turns_mean from lengths.csv.
    let l = read(&a, "lengths.csv");
    let (t, c) = (column(&l, "length"), column(&l, "count"));
    let mean = t.iter().zip(&c).map(|(t, c)| t * c).sum::<f64>() / c.iter().sum::<f64>();
    let got: f64 = metric_row(&m, "defaults", "turns_mean")[4].parse().unwrap();
    assert!((got - mean).abs() < 1e-6, "{got} vs {mean}");
    // decisive + tie + no winner = 1.
    let share = |n| -> f64 { metric_row(&m, "defaults", n)[4].parse().unwrap() };
    let total = share("decisive_share") + share("tie_share") + share("no_winner_share");
    assert!((total - 1.0).abs() < 1e-5, "{total}");
    // The same figures reach run.json.
    let run: serde_json::Value = serde_json::from_str(&read(&a, "run.json")).unwrap();
    assert!(run["metrics"].as_array().unwrap().len() >= 17);
}

#[test]
fn identical_variants_differ_by_exactly_zero_and_a_real_switch_is_found() {
    let d = tmp("lab-cmp");
    let out = cardsim(&[
        "compare",
        "golf",
        "--deals",
        "1200",
        "--variant",
        "a:",
        "--variant",
        "b:",
        "--variant",
        "c:flip_after_discard=required",
        "--quiet",
        "--out",
        d.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    let m = read(&d, "metrics.csv");
    assert!(m.starts_with(
        "game,players,variant,metric,value,lo,hi,diff,diff_lo,diff_hi,p_value,p_holm\n"
    ));
    for name in ["seat_gap2", "turns_mean", "decisive_share", "lead_changes"] {
        let r = metric_row(&m, "b", name);
        assert_eq!(
            (r[7].as_str(), r[8].as_str(), r[9].as_str()),
            ("0.000000", "0.000000", "0.000000"),
            "{name}"
        );
    }
    // Turning a face-down card up after every stock discard shortens deals (by about 6
    // turns in 1200 deals): a real difference is found, Holm-significant.
    let r = metric_row(&m, "c", "turns_mean");
    let (diff, holm): (f64, f64) = (r[7].parse().unwrap(), r[11].parse().unwrap());
    assert!(diff < -3.0 && holm < 0.001, "{r:?}");
    // The baseline has no difference of its own.
    assert_eq!(metric_row(&m, "a", "turns_mean")[7], "");
}
