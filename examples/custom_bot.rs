//! A Golf bot of your own beside cardsim's built-in ones, without editing cardsim: a
//! duplicate tournament of `lowball` (below) against `greedy` and `random`, with ratings.
//!
//! ```text
//! cargo run --release --example custom_bot
//! ```

use cardsim::cards::{Card, GameRng};
use cardsim::games::golf::{Action, Golf, View};
use cardsim::sim::{
    Mode,
    tournament::{TournamentSpec, tournament},
};
use cardsim::stats::{WIN_UNITS, bradley_terry};
use cardsim::strategy::{Strategy, StrategySpec, resolve};

/// Keeps low cards: takes the discard when it is worth 3 or less, puts a kept card where
/// it replaces the most points (a face-down card counts 5), and turns up the first card
/// it may.
struct Lowball;

/// A card's points as this bot estimates them (a king 0, a joker -2, faces 10).
fn points(c: Card) -> i32 {
    if c == Card::JOKER || c == Card::JOKER2 {
        return -2;
    }
    match c.rank().index() {
        12 => 0,
        r => (r as i32 + 1).min(10),
    }
}

impl Strategy<Golf> for Lowball {
    fn act(&mut self, view: &View<'_>, legal: &[Action], _rng: &mut GameRng) -> Action {
        let me = view.seat();
        let here = |p: u8| view.card(me, p as usize).map_or(5, points);
        let worst = legal.iter().filter_map(|a| match a {
            Action::Swap(p) => Some((here(*p), *a)),
            _ => None,
        });
        if let Some(held) = view.held() {
            // Swap when that saves 2 points or more, else discard the card.
            if let Some((gain, a)) = worst
                .map(|(v, a)| (v - points(held), a))
                .max_by_key(|x| x.0)
                && (gain >= 2 || !legal.contains(&Action::Discard))
            {
                return a;
            }
            if legal.contains(&Action::Discard) {
                return Action::Discard;
            }
        }
        let top = view.discard().last().copied();
        if legal.contains(&Action::DrawDiscard) && top.is_some_and(|c| points(c) <= 3) {
            return Action::DrawDiscard;
        }
        if legal.contains(&Action::DrawStock) {
            return Action::DrawStock;
        }
        legal[0] // a flip (or declining one)
    }
}

fn main() -> cardsim::Result<()> {
    let strategies = vec![
        StrategySpec::custom::<Golf>("lowball", || Box::new(Lowball) as Box<dyn Strategy<Golf>>),
        resolve::<Golf>("greedy")?,
        resolve::<Golf>("random")?,
    ];
    let spec = TournamentSpec::<Golf> {
        rules: Default::default(),
        players: 3,
        strategies,
        seed: 2026,
        deals: 0..20_000,
        threads: None,
        mode: Mode::Deals,
        progress: false,
    };
    let (t, _threads) = tournament(&spec)?;
    let wins: Vec<Vec<f64>> = t
        .pair
        .iter()
        .map(|r| r.iter().map(|&h| h as f64 / 2.0).collect())
        .collect();
    let ratings = bradley_terry(&wins);
    println!(
        "{:<8} {:>7} {:>9} {:>8}",
        "strategy", "games", "win rate", "rating"
    );
    for (i, s) in spec.strategies.iter().enumerate() {
        let rate = t.win_units[i] as f64 / WIN_UNITS as f64 / t.games[i] as f64;
        let elo = ratings.as_ref().map_or(f64::NAN, |r| r[i].elo);
        println!(
            "{:<8} {:>7} {:>9.4} {:>8.1}",
            s.label, t.games[i], rate, elo
        );
    }
    Ok(())
}
