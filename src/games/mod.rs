//! The games, one folder each, all of the same shape (rules, state, legal actions, apply,
//! scoring, view, bots, tests). This file is the only list of them: adding a game is one
//! entry in [`NAMES`] and one arm in [`with_game`].

pub mod broken_ladder;
pub mod chinchon;
pub mod golf;
pub mod hand_and_foot;
pub mod lasso;

use crate::game::Game;

/// Code that runs for one game, chosen by name at run time.
pub trait GameVisitor {
    /// What [`GameVisitor::visit`] returns.
    type Out;
    /// Runs the code for the game `G`.
    fn visit<G: Game>(self) -> Self::Out;
}

/// Every game's command-line name, in the order `cardsim list` shows them.
pub const NAMES: &[&str] = &[
    "lasso",
    "golf",
    "broken-ladder",
    "hand-and-foot",
    "chinchon",
];

/// The command-line name `name` stands for: any case, accents dropped, `_` or a space for
/// `-` (`Golf`, `chinchón`, `hand_and_foot`); [`with_game`] accepts every such spelling.
pub fn canonical(name: &str) -> String {
    name.trim()
        .chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'á' | 'à' | 'â' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'ó' | 'ò' | 'ô' | 'ö' => 'o',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'ñ' => 'n',
            '_' | ' ' => '-',
            c => c,
        })
        .collect()
}

/// Runs `v` for the game called `name` (in any spelling [`canonical`] accepts); `None` when
/// there is no such game.
pub fn with_game<V: GameVisitor>(name: &str, v: V) -> Option<V::Out> {
    match canonical(name).as_str() {
        "lasso" => Some(v.visit::<lasso::Lasso>()),
        "golf" => Some(v.visit::<golf::Golf>()),
        "broken-ladder" => Some(v.visit::<broken_ladder::BrokenLadder>()),
        "hand-and-foot" => Some(v.visit::<hand_and_foot::HandAndFoot>()),
        "chinchon" => Some(v.visit::<chinchon::Chinchon>()),
        _ => None,
    }
}
