//! The runner draws `random`'s choice in place (`Strategy::uniform`), without building the
//! seat's view or calling the bot: every game's deals must be the ones `random` plays when
//! it is asked through `act`.

use cardsim::cards::GameRng;
use cardsim::game::{ActionList, Game, Table};
use cardsim::games::{GameVisitor, NAMES, with_game};
use cardsim::sim::{Quiet, deal_rngs, play_deal};
use cardsim::strategy::{Random, Strategy};

/// `random`, asked through its `act`, so that the runner cannot draw for it in place.
struct Asked(Random);

impl<G: Game> Strategy<G> for Asked {
    fn act(&mut self, v: &G::View<'_>, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        Strategy::<G>::act(&mut self.0, v, legal, rng)
    }
}

struct SameDeals;

impl GameVisitor for SameDeals {
    type Out = ();
    fn visit<G: Game>(self) {
        let rules = G::Rules::default();
        let players = G::DEFAULT_PLAYERS;
        let table = Table::first(players);
        let mut buf = ActionList::new();
        // Hand and Foot and Chinchón deals under random play are long: fewer of them.
        for i in 0..12 {
            let mut play = |in_place: bool| {
                let mut seats: Vec<Box<dyn Strategy<G>>> = (0..players)
                    .map(|_| -> Box<dyn Strategy<G>> {
                        if in_place {
                            Box::new(Random)
                        } else {
                            Box::new(Asked(Random))
                        }
                    })
                    .collect();
                assert_eq!(seats[0].uniform(), in_place);
                play_deal(
                    &rules,
                    &table,
                    &mut deal_rngs(11, i, 0),
                    &mut seats,
                    &mut buf,
                    &mut Quiet,
                )
            };
            assert_eq!(play(true), play(false), "{} deal {i}", G::NAME);
        }
    }
}

#[test]
fn random_drawn_in_place_plays_the_deals_it_plays_when_asked() {
    for name in NAMES {
        with_game(name, SameDeals).unwrap();
    }
}
