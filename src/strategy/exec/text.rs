//! Action texts safe to show a seat: [`crate::game::Game::describe`] writes an action in
//! the real state and may name cards the seat cannot see (the stock's top card a draw will
//! take, the face-down card a flip will turn). Such names become `??`.

use crate::cards::CardCounts;
use crate::game::Game;

/// `text` with every card name the seat's `shown` cards do not hold replaced by `??`. A
/// card name is a word in capitals and digits that the game reads as a card.
pub fn redact<G: Game>(text: &str, shown: &CardCounts) -> String {
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        let capital = word
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
        match G::card_from_text(word) {
            Some(c) if capital && !shown.contains(c) => out.push_str("??"),
            _ => out.push_str(word),
        }
        word.clear();
    };
    for ch in text.chars() {
        if ch.is_alphanumeric() {
            word.push(ch);
        } else {
            flush(&mut word, &mut out);
            out.push(ch);
        }
    }
    flush(&mut word, &mut out);
    out
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
}
