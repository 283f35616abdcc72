//! A Golf bot of your own in a `simulate` run, with the command line's outputs: the CSV
//! files, `run.json` and `report.html` in `out/custom-bot`, and the table on stdout, all
//! through `cardsim::cli::simulate_to` (docs/library.md).
//!
//! ```text
//! cargo run --release --example custom_bot_outputs
//! ```

use cardsim::cards::GameRng;
use cardsim::cli::setup::TableSpec;
use cardsim::games::golf::{Action, Golf, View};
use cardsim::sim::Mode;
use cardsim::strategy::{Strategy, StrategySpec, resolve};

/// Takes the discard pile's top card whenever it may, and otherwise plays the first legal
/// action: a weak bot, which the results show.
struct DiscardTaker;

impl Strategy<Golf> for DiscardTaker {
    fn act(&mut self, _view: &View<'_>, legal: &[Action], _rng: &mut GameRng) -> Action {
        if legal.contains(&Action::DrawDiscard) {
            return Action::DrawDiscard;
        }
        legal[0]
    }
}

fn main() -> cardsim::Result<()> {
    let mine = StrategySpec::custom::<Golf>("taker", || {
        Box::new(DiscardTaker) as Box<dyn Strategy<Golf>>
    });
    let table = TableSpec::<Golf> {
        rules: Default::default(),
        players: 2,
        seats: vec![mine, resolve::<Golf>("greedy")?],
        seed: 2026,
    };
    let out = std::path::Path::new("out/custom-bot");
    let report = cardsim::cli::simulate_to(&table, Mode::Deals, 20_000, None, out, true)?;
    cardsim::output::print_table(&report);
    println!("\nfiles and report.html in {}", out.display());
    Ok(())
}
