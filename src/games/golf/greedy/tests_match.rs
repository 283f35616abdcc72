//! Tests of the match shift in `chance.rs` and `going_out.rs`: a chance table and a going-out
//! chance with every seat's match total counted, against the same without totals.

use super::*;

/// At every decision of 3-player greedy deals, against the tables without match totals:
/// - every seat's total `d` points above the bot's is the table read `d` points lower, bit
///   for bit (the same products in the same order);
/// - a seat far behind the bot in the match drops out of the product (its factor 1), and a
///   seat far ahead leaves nothing to win (every entry 0, a flat table);
/// - the going-out chance with every total `d` above is the chance of a score `d` points
///   lower, bit for bit.
#[test]
fn a_match_total_shifts_the_chance_to_win() {
    let mut n = 0u64;
    super::tests::each_decision(3, 37, 6, |_, v, t, u| {
        let seat = v.seat();
        let mut wt = WinTable::EMPTY;
        wt.build(v, t, u, |s| s != 0, (None, &[0; MAX_SEATS]));
        let plain = wt.w;
        let others: Vec<usize> = (0..3).filter(|&s| s != seat).collect();
        for d in [-7i32, 3, 40] {
            let mut shift = [0; MAX_SEATS];
            others.iter().for_each(|&s| shift[s] = d);
            wt.product(v, &shift);
            for i in 0..LEN as i32 {
                if (0..LEN as i32).contains(&(i - d)) {
                    let (a, b) = (wt.w[i as usize], plain[(i - d) as usize]);
                    assert_eq!(a.to_bits(), b.to_bits(), "shift {d}, index {i}");
                }
            }
        }
        // One seat far behind: the other seat's factor alone; far ahead: nothing to win.
        let (far, near) = (others[0], others[1]);
        let mut shift = [0; MAX_SEATS];
        shift[far] = 1000;
        wt.product(v, &shift);
        let (lo, hi) = wt.span[near];
        for i in 0..LEN {
            let want = match i {
                i if i > hi => 0.0,
                i if i >= lo => wt.g[near][i],
                _ => 1.0,
            };
            assert_eq!(wt.w[i].to_bits(), want.to_bits(), "index {i}");
        }
        shift[far] = -1000;
        wt.product(v, &shift);
        assert!(wt.flat() && wt.w[0] == 0.0);
        // The going-out chance.
        let mine = v.keys(seat).iter().map(|&k| i32::from(k & 7)).sum::<i32>() * 10;
        for d in [-12i32, 5, 33] {
            let mut shift = [0; MAX_SEATS];
            others.iter().for_each(|&s| shift[s] = d);
            for stop in [0.0, 0.5] {
                let a = chance_out(v, t, u, (mine, &shift), stop);
                let b = chance_out(v, t, u, (mine - 10 * d, &[0; MAX_SEATS]), stop);
                assert_eq!(a.to_bits(), b.to_bits(), "shift {d}, stop {stop}");
            }
        }
        n += 1;
    });
    assert!(n > 100, "{n} decisions");
}
