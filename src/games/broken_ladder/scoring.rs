//! Pure card arithmetic: card values, the [`Hand`] type, validity of a hand, deal scores and
//! the `cardsim score broken-ladder` command.

use crate::cards::{Card, CardCounts, Pile};

/// Per card index (jokers and unused indices 0): the number, the signed value and the
/// packed rank-count bit, computed once; the functions below read them (every greedy decision
/// reads them dozens of times).
const TABLE: [(i8, i8, u64); 64] = {
    let mut t = [(0i8, 0i8, 0u64); 64];
    let mut i = 0;
    while i < 52 {
        let c = Card::from_index(i as u8);
        let n = c.rank().number() as i8;
        t[i] = (
            n,
            if c.suit().is_red() { n } else { -n },
            1 << (4 * c.rank().index() as u32),
        );
        i += 1;
    }
    t
};

/// The number on a card: ace 1 .. king 13.
#[inline]
pub const fn number(c: Card) -> i32 {
    TABLE[(c.index() & 63) as usize].0 as i32
}

/// A hand card's signed value: red positive, black negative.
#[inline]
pub const fn signed(c: Card) -> i32 {
    TABLE[(c.index() & 63) as usize].1 as i32
}

/// Rank counts packed 4 bits per rank (13 nibbles), for the rank limit.
#[inline]
pub const fn rank_bit(c: Card) -> u64 {
    TABLE[(c.index() & 63) as usize].2
}

/// True when some nibble of packed rank counts reaches `limit` + 1 (limit 1..=7).
#[inline]
pub const fn over_limit(counts: u64, limit: u8) -> bool {
    let add = (8 - (limit as u64 + 1)) * 0x0001_1111_1111_1111;
    (counts + add) & 0x0008_8888_8888_8888 != 0
}

/// A hand: five cards between turns, six after a draw. A [`Pile`] of six, no heap.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Hand(Pile<6>);

impl std::fmt::Debug for Hand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&cards_text(self.as_slice()))
    }
}

impl Hand {
    /// A hand holding `cards` (at most six).
    pub fn from_slice(cards: &[Card]) -> Hand {
        Hand(Pile::from_slice(cards))
    }

    /// The cards (their order means nothing: a discard's place is taken by the last card).
    #[inline]
    pub fn as_slice(&self) -> &[Card] {
        self.0.as_slice()
    }

    /// The number of cards (five between turns, six after a draw).
    #[inline]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when the hand holds no card.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Adds `c` (a drawn card).
    #[inline]
    pub fn push(&mut self, c: Card) {
        self.0.push(c);
    }

    /// Removes one copy of `c` (the last card takes its place); panics when there is none
    /// (a bug: only legal discards are applied).
    pub fn remove(&mut self, c: Card) {
        let i = self
            .as_slice()
            .iter()
            .position(|&x| x == c)
            .expect("card not in hand");
        let last = self.0.pop().expect("non-empty");
        if i < self.0.len() {
            self.0.as_mut_slice()[i] = last;
        }
    }

    /// The signed sum of the cards.
    #[inline]
    pub fn signed_sum(&self) -> i32 {
        self.as_slice().iter().map(|&c| signed(c)).sum()
    }

    /// The unsigned sum of the cards (all positive).
    #[inline]
    pub fn points(&self) -> i32 {
        self.as_slice().iter().map(|&c| number(c)).sum()
    }

    /// Copies per rank, packed 4 bits per rank (13 nibbles, ace lowest), for the rank limit.
    #[inline]
    pub fn rank_counts(&self) -> u64 {
        self.as_slice().iter().map(|&c| rank_bit(c)).sum()
    }

    /// The cards as a multiset.
    pub fn counts(&self) -> CardCounts {
        self.as_slice().iter().copied().collect()
    }
}

/// The Head minus the Starter minus the hand's signed sum: 0 when the sum is right.
#[inline]
pub fn need(head: Card, starter: Card, hand: &Hand) -> i32 {
    number(head) - number(starter) - hand.signed_sum()
}

/// True when five `hand` cards with `starter` make `head` within the rank limit.
pub fn is_valid(head: Card, starter: Card, hand: &Hand, rank_limit: Option<u8>) -> bool {
    hand.len() == 5
        && need(head, starter, hand) == 0
        && rank_limit.is_none_or(|l| !over_limit(hand.rank_counts(), l))
}

/// The layer-down's score: 10 times the unsigned sum of its five cards.
pub fn layer_score(hand: &Hand) -> i32 {
    10 * hand.points()
}

/// Cards as text, space-separated.
pub fn cards_text(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// `cardsim score broken-ladder --head C --starter C C1 .. C5`: `{"valid", "score"}`, the
/// score being the layer's (10 x unsigned sum) when valid, else the hand's unsigned sum.
/// Refuses more copies of a card than `packs` packs hold (the largest shoe of the rules).
pub fn score_cli(
    rank_limit: Option<u8>,
    packs: u8,
    args: &[String],
) -> Result<serde_json::Value, String> {
    const USAGE: &str =
        "usage: cardsim score broken-ladder --head CARD --starter CARD C1 C2 C3 C4 C5";
    let mut head = None;
    let mut starter = None;
    let mut hand = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let slot = match a.as_str() {
            "--head" => &mut head,
            "--starter" => &mut starter,
            _ => {
                hand.push(parse_card(a)?);
                continue;
            }
        };
        let text = it
            .next()
            .ok_or_else(|| format!("{a} needs a card; {USAGE}"))?;
        if slot.is_some() {
            return Err(format!("{a} is given twice; {USAGE}"));
        }
        *slot = Some(parse_card(text)?);
    }
    let (Some(head), Some(starter)) = (head, starter) else {
        return Err(format!("--head and --starter are required; {USAGE}"));
    };
    if hand.len() != 5 {
        return Err(format!("a hand is five cards, got {}; {USAGE}", hand.len()));
    }
    let mut all: crate::cards::CardCounts = hand.iter().copied().collect();
    all.insert(head);
    all.insert(starter);
    if let Some((c, n)) = all.iter().find(|&(_, n)| n > packs) {
        return Err(format!(
            "{c} appears {n} times, but the largest shoe under these rules holds {packs}"
        ));
    }
    let hand = Hand::from_slice(&hand);
    let valid = is_valid(head, starter, &hand, rank_limit);
    let score = if valid {
        layer_score(&hand)
    } else {
        hand.points()
    };
    Ok(serde_json::json!({ "valid": valid, "score": score }))
}

fn parse_card(text: &str) -> Result<Card, String> {
    let c: Card = text
        .parse()
        .map_err(|e: crate::cards::ParseCardError| e.to_string())?;
    if c.is_joker() {
        return Err(format!("bad card '{text}': Broken Ladder has no jokers"));
    }
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(s: &str) -> Hand {
        Hand::from_slice(
            &s.split_whitespace()
                .map(|t| t.parse().unwrap())
                .collect::<Vec<Card>>(),
        )
    }

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn values_by_colour() {
        let table = [
            ("AC", -1),
            ("AD", 1),
            ("TH", 10),
            ("JS", -11),
            ("QD", 12),
            ("KC", -13),
            ("KH", 13),
        ];
        for (c, v) in table {
            assert_eq!(signed(card(c)), v, "{c}");
            assert_eq!(number(card(c)), v.abs(), "{c}");
        }
    }

    #[test]
    fn the_seed_example_is_valid_and_scores_160() {
        // Starter 3, Head 5: black A, black 3, black 3, red 4, red 5: 3 + (5 + 4 - 3 - 3 - 1) = 5.
        let h = hand("AC 3S 3C 4H 5D");
        assert!(is_valid(card("5S"), card("3D"), &h, Some(2)));
        assert_eq!(layer_score(&h), 160);
        assert_eq!(hand("KC QD QH 9S 8C").points(), 54);
    }

    #[test]
    fn colour_matters_and_head_starter_count_positive() {
        // Same ranks, one colour flipped: the sum moves by 2 x 4.
        assert!(!is_valid(
            card("5S"),
            card("3D"),
            &hand("AC 3S 3C 4S 5D"),
            Some(2)
        ));
        // Black Head and Starter still count positive: 3C + (...) = 5C.
        assert!(is_valid(
            card("5C"),
            card("3S"),
            &hand("AC 3S 3C 4H 5D"),
            Some(2)
        ));
        assert_eq!(need(card("5C"), card("3S"), &hand("AC 3S 3C 4S 5D")), 8);
    }

    #[test]
    fn rank_limit_counts_ranks_across_colours_and_packs() {
        // 3 + (2 + 2 + 2 - 1 - 3) = 5: three twos (two of them identical, a multi-pack hand).
        let h = hand("2D 2D 2H AC 3S");
        assert!(!is_valid(card("5H"), card("3H"), &h, Some(2)));
        assert!(is_valid(card("5H"), card("3H"), &h, None));
        // Two pairs of identical cards are fine: 1 + (4 + 4 - 2 - 2 + 0...) with 7H 7S.
        let h = hand("4D 4D 2C 2C 7H");
        assert_eq!(h.signed_sum(), 11);
        assert!(is_valid(card("QH"), card("AC"), &h, Some(2)));
        // Three of a rank in mixed colours.
        let h = hand("6H 6S 6D AC 2C");
        assert!(!is_valid(card("9C"), card("6C"), &h, Some(2)));
        assert!(is_valid(card("9C"), card("6C"), &h, None));
        // Four of a rank is also over.
        assert!(over_limit(hand("KC KC KD KH").rank_counts(), 2));
        assert!(!over_limit(hand("KC KD QH QH AS").rank_counts(), 2));
    }

    #[test]
    fn a_hand_must_have_five_cards() {
        assert!(!is_valid(card("5S"), card("5D"), &Hand::default(), None));
        let mut h = hand("AD AC 2D 2C 3D");
        h.push(card("3C"));
        assert!(!is_valid(card("5S"), card("5D"), &h, None));
        h.remove(card("3D"));
        h.remove(card("3C"));
        h.push(card("KH"));
        h.push(card("KS"));
        h.remove(card("KH"));
        assert_eq!(h.signed_sum(), -13);
    }

    #[test]
    fn score_command() {
        let args = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        let v = score_cli(Some(2), 4, &args("--head 5S --starter 3D AC 3S 3C 4H 5D")).unwrap();
        assert_eq!(v, serde_json::json!({"valid": true, "score": 160}));
        let v = score_cli(Some(2), 4, &args("--starter 3D --head 5S KC QD QH 9S 8C")).unwrap();
        assert_eq!(v, serde_json::json!({"valid": false, "score": 54}));
        let v = score_cli(Some(2), 4, &args("--head 5H --starter 3H 2D 2D 2H AC 3S")).unwrap();
        assert_eq!(v, serde_json::json!({"valid": false, "score": 10}));
        let v = score_cli(None, 4, &args("--head 5H --starter 3H 2D 2D 2H AC 3S")).unwrap();
        assert_eq!(v, serde_json::json!({"valid": true, "score": 100}));
        for bad in [
            "--head 5S AC 3S 3C 4H 5D",
            "--head 5S --starter 3D AC",
            "--head ZZ --starter 3D AC 3S 3C 4H 5D",
            "--head 5S --starter",
            "--head JK --starter 3D AC 3S 3C 4H 5D",
            "--head 5S --head 6S --starter 3D AC 3S 3C 4H 5D",
        ] {
            let e = score_cli(Some(2), 4, &args(bad)).unwrap_err();
            assert!(!e.contains('\n'), "{e}");
        }
    }
}
