//! Action texts safe to show a seat: [`crate::game::Game::describe`] writes an action in
//! the real state and may name cards the seat cannot see (the stock's top card a draw will
//! take, the face-down card a flip will turn). Such names become `??`.

use crate::cards::CardCounts;
use crate::game::Game;

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
}
