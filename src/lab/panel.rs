//! Findings that do not depend on the bot (`compare --panel A,B,...`): every variant is
//! played under each panel member's self-play line-up on the same deals, each member's
//! metric differences from the baseline get their own Holm correction, and a conclusion
//! (a difference's sign where significant, and whether it is significant) is flagged where
//! the members disagree. The panel's `skill_gap` and `upset_share` (issue 25.1) come from
//! its weakest and strongest members played head to head on duplicate deals
//! ([`super::tune::play_against`]): the weakest's score rate r against the strongest gives
//! `skill_gap` = 1 − 2r (the strongest's rate minus the weakest's), and `upset_share` is the
//! share of their meetings the weakest wins outright. Intervals: the jackknife over
//! [`SKILL_BLOCKS`] blocks of deals.

use super::race::Arena;
use super::table::Row;
use super::tune::{Score, TuneArena};
use crate::stats::{Estimate, holm, jackknife};

/// Blocks (jackknife groups) of the head-to-head games behind `skill_gap`.
pub const SKILL_BLOCKS: u64 = 20;
/// Significance level of a conclusion.
pub const ALPHA: f64 = 0.05;

/// One member's conclusion on one (variant, metric): `+1`/`-1` significant with that sign,
/// `0` not significant; None without a difference.
pub fn conclusion(diff: Option<Estimate>, p_holm: f64) -> Option<i8> {
    let d = diff?;
    // A NaN p (no test) is not significant.
    if p_holm.is_nan() || p_holm >= ALPHA {
        return Some(0);
    }
    Some(if d.value > 0.0 { 1 } else { -1 })
}

/// Every member's Holm-adjusted p-values over its own rows (as its metrics.csv has them).
pub fn holm_of(rows: &[Row]) -> Vec<f64> {
    holm(
        &rows
            .iter()
            .map(|r| r.diff.map_or(f64::NAN, |d| d.p))
            .collect::<Vec<_>>(),
    )
}

/// For row `i` (the same variant and metric in every member's rows): whether the members'
/// conclusions agree; None where there is no difference to conclude on.
pub fn agree(members: &[(Vec<Row>, Vec<f64>)], i: usize) -> Option<bool> {
    let cs: Vec<Option<i8>> = members
        .iter()
        .map(|(rows, ps)| conclusion(rows[i].diff, ps[i]))
        .collect();
    let first = cs.first().copied().flatten()?;
    Some(cs.iter().all(|c| *c == Some(first)))
}

/// The weakest's head-to-head record against the strongest: `skill_gap` and `upset_share`
/// with intervals, from per-block scores (`wins` of the weakest, meetings).
pub fn skill(blocks: &[Score]) -> (Option<Estimate>, Option<Estimate>) {
    let gap = jackknife(
        blocks,
        |b| b.meetings > 0,
        |b| b.rate().map(|r| 1.0 - 2.0 * r),
    );
    let upset = jackknife(
        blocks,
        |b| b.meetings > 0,
        |b| (b.meetings > 0).then(|| b.wins as f64 / b.meetings as f64),
    );
    (gap, upset)
}

/// Plays `SKILL_BLOCKS` blocks of `arena` (candidate 0 against its panel) in order.
pub fn skill_blocks<A: Arena<Block = Score>>(arena: &A) -> Vec<Score> {
    (0..SKILL_BLOCKS).map(|b| arena.play(0, b)).collect()
}

/// The head-to-head arena of `weak` against `strong` under `rules` on `deals` deals.
pub fn head_to_head<G: crate::game::Game>(
    rules: &G::Rules,
    players: usize,
    seed: u64,
    deals: u64,
    weak: &crate::strategy::StrategySpec,
    strong: &crate::strategy::StrategySpec,
) -> TuneArena<G> {
    TuneArena {
        rules: rules.clone(),
        players,
        seed,
        block: deals.div_ceil(SKILL_BLOCKS).max(1),
        candidates: vec![weak.clone()],
        panel: vec![strong.clone()],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn est(value: f64) -> Option<Estimate> {
        Some(Estimate {
            value,
            se: 0.1,
            lo: value - 0.2,
            hi: value + 0.2,
            p: 0.01,
        })
    }

    fn row(diff: Option<Estimate>) -> Row {
        Row {
            variant: "v".into(),
            metric: "seat_gap",
            est: None,
            diff,
        }
    }

    #[test]
    fn conclusions_disagree_on_sign_or_significance() {
        let a = (vec![row(est(0.3))], vec![0.01]);
        let same = (vec![row(est(0.1))], vec![0.02]);
        let flipped = (vec![row(est(-0.3))], vec![0.01]);
        let weak = (vec![row(est(0.3))], vec![0.2]);
        assert_eq!(agree(&[a.clone(), same], 0), Some(true));
        assert_eq!(agree(&[a.clone(), flipped], 0), Some(false));
        assert_eq!(agree(&[a.clone(), weak.clone()], 0), Some(false));
        // Both not significant: they agree (on "no evidence").
        assert_eq!(agree(&[weak.clone(), weak], 0), Some(true));
        assert_eq!(agree(&[(vec![row(None)], vec![f64::NAN])], 0), None);
    }

    #[test]
    fn skill_gap_and_upsets_from_known_blocks() {
        // 20 blocks: the weak side scores 60 of 200 half-points (30%), winning 20 of 100.
        let blocks = vec![
            Score {
                half_points: 60,
                meetings: 100,
                wins: 20,
            };
            20
        ];
        let (gap, upset) = skill(&blocks);
        assert!((gap.unwrap().value - 0.4).abs() < 1e-12);
        assert!((upset.unwrap().value - 0.2).abs() < 1e-12);
    }
}
