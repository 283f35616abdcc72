//! Chinchón: `greedy-prev` (strategies/chinchon/greedy-prev.toml) plays exactly as `greedy`
//! played before the look-ahead of issue 21. The fixture `greedy_prev.csv` was recorded from
//! that greedy (its default knobs) under the engine with the exact scoring of issue 22 (commit
//! after 1eeaef1), before the bot changed: one line per deal with its turns, scores and a hash of
//! every action taken, over several tables and switches.

use super::*;
use crate::sim::{Observer, deal_rngs, play_deal};
use crate::strategy::{build, resolve};

/// FNV-1a over every action taken in a deal, with its seat.
struct Hash(u64);

impl Observer<Chinchon> for Hash {
    const LEGAL: bool = false;
    fn chose(&mut self, _g: &Chinchon, seat: usize, a: Action) {
        let code = match a {
            Action::DrawStock => 0,
            Action::DrawDiscard => 1,
            Action::Discard(c) => 2 + 4 * c.index() as u64,
            Action::Close(c) => 3 + 4 * c.index() as u64,
        };
        for b in [seat as u64, code] {
            self.0 = (self.0 ^ b).wrapping_mul(0x100_0000_01b3);
        }
    }
}

/// The tables of the fixture: (name, rules, players, deals).
fn tables() -> Vec<(&'static str, Rules, usize, u32)> {
    let classic = Rules::classic();
    let mut zero = Rules::default();
    zero.set("action_points", "0").unwrap();
    vec![
        ("default", Rules::default(), 2, 300),
        ("default", Rules::default(), 3, 150),
        ("default", Rules::default(), 4, 100),
        ("classic", classic, 2, 200),
        ("action_points=0", zero, 3, 100),
    ]
}

/// One line per deal: table, players, deal, turns, scores, action hash.
fn fingerprint(bot: &str) -> String {
    let spec = resolve::<Chinchon>(bot).unwrap();
    let mut out = String::new();
    let mut buf = ActionList::new();
    for (name, rules, players, deals) in tables() {
        let mut seats: Vec<_> = (0..players).map(|_| build::<Chinchon>(&spec)).collect();
        for d in 0..deals {
            let t = Table::first(players);
            let mut h = Hash(0xcbf2_9ce4_8422_2325);
            let (r, _) = play_deal(
                &rules,
                &t,
                &mut deal_rngs(21, 0, d),
                &mut seats,
                &mut buf,
                &mut h,
            );
            let scores: Vec<String> = r.scores[..players].iter().map(|s| s.to_string()).collect();
            out += &format!(
                "{name},{players},{d},{},{},{:016x}\n",
                r.turns,
                scores.join(" "),
                h.0
            );
        }
    }
    out
}

#[test]
fn greedy_prev_plays_as_the_greedy_before_the_look_ahead() {
    let want = include_str!("greedy_prev.csv");
    let got = fingerprint("greedy-prev");
    let differ = want
        .lines()
        .zip(got.lines())
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(want.lines().count(), got.lines().count());
    assert_eq!(
        differ,
        0,
        "first difference: {:?}",
        want.lines().zip(got.lines()).find(|(a, b)| a != b)
    );
}

/// Writes the fixture (run by hand: `cargo test --lib record_greedy_prev -- --ignored`).
#[test]
#[ignore]
fn record_greedy_prev_fixture() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/games/chinchon/greedy_prev.csv"
    );
    std::fs::write(path, fingerprint("greedy-prev")).unwrap();
}
