//! Action texts safe to show a seat: [`crate::game::Game::describe`] writes an action in
//! the real state and may name cards the seat cannot see (the stock's top card a draw will
//! take, the face-down card a flip will turn). Such names become `??`.

use crate::cards::CardCounts;
use crate::game::{Game, Seat, SeatView};

/// The text of `a`, about to be chosen by `seat` in `state`, as the seat may read it:
/// [`redact`] with the cards the seat is shown, less every card that playing `a` would newly
/// show it (a stock draw's card). With two decks the seat may see another copy of that card,
/// so its name alone would tell what the stock holds.
pub fn seat_text<G: Game>(state: &G, seat: Seat, a: G::Action) -> String {
    let before = state.view(seat).shown();
    let mut next = state.clone();
    next.apply(a);
    let after = next.view(seat).shown();
    let mut keep = before;
    for (c, n) in after.iter() {
        if n > before.count(c) {
            while keep.remove(c) {}
        }
    }
    redact::<G>(&state.describe(a), &keep)
}

/// `text` with every card name the seat's `shown` cards do not hold replaced by `??`. A
/// card name is a word in capitals and digits that the game reads as a card.
pub fn redact<G: Game>(text: &str, shown: &CardCounts) -> String {
    let mut out = String::with_capacity(text.len());
    let mut start = None;
    for (i, ch) in text.char_indices() {
        if ch.is_alphanumeric() {
            start.get_or_insert(i);
        } else {
            if let Some(s) = start.take() {
                push_word::<G>(&text[s..i], shown, &mut out);
            }
            out.push(ch);
        }
    }
    if let Some(s) = start {
        push_word::<G>(&text[s..], shown, &mut out);
    }
    out
}

/// One word of [`redact`]: `??` for a card name the seat cannot see, else the word.
fn push_word<G: Game>(word: &str, shown: &CardCounts, out: &mut String) {
    let capital = word
        .bytes()
        .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit());
    match capital.then(|| G::card_from_text(word)).flatten() {
        Some(c) if !shown.contains(c) => out.push_str("??"),
        _ => out.push_str(word),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;
    use crate::games::golf::Golf;

    #[test]
    fn hidden_card_names_become_question_marks() {
        let mut shown = CardCounts::default();
        shown.insert("QH".parse::<Card>().unwrap());
        assert_eq!(
            redact::<Golf>("seat 2 draws from the stock: 7S", &shown),
            "seat 2 draws from the stock: ??"
        );
        assert_eq!(
            redact::<Golf>("seat 2 takes the discard QH as is", &shown),
            "seat 2 takes the discard QH as is"
        );
        assert_eq!(redact::<Golf>("", &shown), "");
    }

    /// Plays random deals and, at every decision, checks each legal action's seat text: a
    /// card that playing it would newly show the seat is never named, even where the seat
    /// sees another copy of it (two decks). Returns how often redacting by the shown cards
    /// alone would have named it.
    fn no_copy_leaks<G: Game>(players: usize, deals: u64) -> usize {
        use crate::cards::GameRng;
        use crate::game::{ActionList, Table};
        let mut leaks_by_name = 0;
        let table = Table::first(players);
        for d in 0..deals {
            let mut rng = GameRng::new(d, 7);
            let mut g = G::deal(&G::Rules::default(), &table, &mut rng);
            let mut legal = ActionList::new();
            while let Some(seat) = g.to_act() {
                legal.clear();
                g.legal_actions(&mut legal);
                let before = g.view(seat).shown();
                for &a in legal.iter() {
                    let mut next = g.clone();
                    next.apply(a);
                    let after = next.view(seat).shown();
                    let text = seat_text(&g, seat, a);
                    for (c, n) in after.iter() {
                        if n > before.count(c) && before.count(c) > 0 {
                            let name = G::card_text(c);
                            let word = |t: &str| {
                                t.split(|ch: char| !ch.is_alphanumeric()).any(|w| w == name)
                            };
                            assert!(!word(&text), "{}: {text} names {name}", G::NAME);
                            if word(&redact::<G>(&g.describe(a), &before)) {
                                leaks_by_name += 1;
                            }
                        }
                    }
                }
                let i = rng.below(legal.len() as u32) as usize;
                g.apply(legal[i]);
            }
        }
        leaks_by_name
    }

    #[test]
    fn a_stock_draw_never_names_its_card_when_another_copy_is_in_sight() {
        use crate::games::broken_ladder::BrokenLadder;
        // Golf at 5 players and Broken Ladder at 5 use two decks.
        let golf = no_copy_leaks::<Golf>(5, 60);
        let ladder = no_copy_leaks::<BrokenLadder>(5, 60);
        // Redacting by card names alone told the stock's top card in both games.
        assert!(
            golf > 0 && ladder > 0,
            "golf {golf}, broken-ladder {ladder}"
        );
    }
}
