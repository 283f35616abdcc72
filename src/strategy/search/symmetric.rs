//! Test support: the search bots' seat symmetry. A search bot samples the hidden cards and
//! plays rollouts; every game's determinizer must deal the hidden cards to seats in an order
//! relative to the searching seat (never seat 0 first), so that the same deal, dealt by
//! another seat with the line-up rotated, is searched on the very same samples.

use super::{Params, bots};
use crate::game::Game;
use crate::game::check::seat_symmetry;

/// Checks `pimc` and `ismcts`, each with a small budget (and with `infer`, which weighs
/// samples by the game's `explain`), for seat symmetry over `deals` deals of `rules` at
/// each table size of `players`. Panics naming the bot and the failing deal.
pub(crate) fn search_bots_are_seat_symmetric<G: Game>(
    rules: &G::Rules,
    players: &[usize],
    deals: u64,
    seed: u64,
) {
    let budgets: [(&str, &[(&str, f64)]); 3] = [
        ("pimc", &[("determinizations", 3.0)]),
        ("ismcts", &[("iterations", 12.0)]),
        ("ismcts", &[("iterations", 8.0), ("infer", 3.0)]),
    ];
    for (name, kv) in budgets {
        let bot = bots::<G>()
            .into_iter()
            .find(|b| b.name == name)
            .expect("a search bot");
        let params = Params::new(kv.iter().map(|(k, v)| (k.to_string(), *v)).collect());
        for &n in players {
            seat_symmetry::<G>(rules, n, deals, seed, &|_| (bot.build)(&params))
                .unwrap_or_else(|e| panic!("{name} {kv:?}, {n} players: {e}"));
        }
    }
}
