//! The Chinchón deck mapped into the engine's card index space: the 48 Spanish cards are
//! `suit * 12 + (number - 1)` (suits oros, copas, espadas, bastos), then one index per special
//! card kind (`WILD` 48, `CIRC` 49, `DRAW` 50, `SKIP` 51, `REV` 52). Copies of a kind (two decks,
//! several wilds) share an index, so shoes are [`CardCounts`] and hands are small piles.

use super::rules::Rules;
use crate::cards::{Card, CardCounts, Pile};

/// The most cards one shoe can hold: two decks of 48 plus 5 special kinds x 8 copies.
pub const SHOE_CAP: usize = 2 * (48 + 5 * 8);

/// `WILD`: stands for any card, one per combination.
pub const WILD: Card = Card::from_index(48);
/// `CIRC`: suitless; groups with other `CIRC`s, bridges 12 and 1 in a run.
pub const CIRC: Card = Card::from_index(49);
/// `DRAW`: discarded face up, the next player draws a card and loses its turn.
pub const DRAW: Card = Card::from_index(50);
/// `SKIP`: discarded face up, the next player loses its turn.
pub const SKIP: Card = Card::from_index(51);
/// `REV`: discarded face up, the direction of play reverses.
pub const REV: Card = Card::from_index(52);

const SUITS: [char; 4] = ['O', 'C', 'E', 'B'];

/// What a card is, for combinations and effects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A Spanish card: suit 0..4, number 1..=12.
    Num {
        /// 0..4: oros, copas, espadas, bastos.
        suit: u8,
        /// 1..=12.
        num: u8,
    },
    /// A `WILD`.
    Wild,
    /// A `CIRC`.
    Circ,
    /// `DRAW`, `SKIP` or `REV`: never combines.
    Action,
}

/// Kinds by card index: a table lookup instead of a division in the hot path.
const KINDS: [Kind; 64] = {
    let mut t = [Kind::Action; 64];
    let mut i = 0;
    while i < 48 {
        t[i] = Kind::Num {
            suit: (i / 12) as u8,
            num: (i % 12 + 1) as u8,
        };
        i += 1;
    }
    t[48] = Kind::Wild;
    t[49] = Kind::Circ;
    t
};

/// The kind of a Chinchón card.
#[inline]
pub fn kind(c: Card) -> Kind {
    KINDS[c.index() as usize & 63]
}

/// The Spanish card of `num` (1..=12) in `suit` (0..4).
pub const fn num_card(suit: u8, num: u8) -> Card {
    Card::from_index(suit * 12 + num - 1)
}

/// True for the five special kinds (they can never be taken from the discard pile).
#[inline]
pub fn is_special(c: Card) -> bool {
    c.index() >= 48
}

/// Text in RULES.md notation: `7O`, `12B`, `WILD`, `CIRC`, `DRAW`, `SKIP`, `REV`.
pub fn name(c: Card) -> String {
    match c.index() {
        i @ 0..48 => format!("{}{}", i % 12 + 1, SUITS[(i / 12) as usize]),
        48 => "WILD".into(),
        49 => "CIRC".into(),
        50 => "DRAW".into(),
        51 => "SKIP".into(),
        52 => "REV".into(),
        i => format!("#{i}"),
    }
}

/// Space-separated names.
pub fn names(cards: &[Card]) -> String {
    cards.iter().map(|&c| name(c)).collect::<Vec<_>>().join(" ")
}

/// The names as a JSON array.
pub fn names_json(cards: &[Card]) -> serde_json::Value {
    cards.iter().map(|&c| name(c)).collect()
}

/// Reads one card in its exact notation (`7O`, `WILD`; not `7o`): what view JSON holds.
pub fn from_text(text: &str) -> Option<Card> {
    parse(text).ok().filter(|&c| name(c) == text)
}

/// Parses one card (case-insensitive), with a clear one-line error.
pub fn parse(text: &str) -> Result<Card, String> {
    let up = text.trim().to_ascii_uppercase();
    let special = [
        ("WILD", WILD),
        ("CIRC", CIRC),
        ("DRAW", DRAW),
        ("SKIP", SKIP),
        ("REV", REV),
    ];
    if let Some(&(_, c)) = special.iter().find(|(n, _)| *n == up) {
        return Ok(c);
    }
    let bad = || {
        format!(
            "bad card '{text}': expected a number 1-12 and a suit O C E B (e.g. '7O', '12B'), or WILD CIRC DRAW SKIP REV"
        )
    };
    let suit = up
        .chars()
        .last()
        .and_then(|s| SUITS.iter().position(|&x| x == s))
        .ok_or_else(bad)?;
    let num: u8 = up[..up.len() - 1].parse().map_err(|_| bad())?;
    if !(1..=12).contains(&num) {
        return Err(bad());
    }
    Ok(num_card(suit as u8, num))
}

/// The points a card counts when unmatched.
#[inline]
pub fn points(rules: &Rules, c: Card) -> u16 {
    match kind(c) {
        Kind::Num { num, .. } => num as u16,
        Kind::Wild => rules.wild_points,
        Kind::Circ => rules.circ_points,
        Kind::Action => rules.action_points,
    }
}

/// [`points`] of every card index under `rules` (a table for the hot paths, made for each
/// deal: the number cards' points are a constant).
pub fn point_table(rules: &Rules) -> [u16; 64] {
    const NUMBERS: [u16; 64] = {
        let mut t = [0u16; 64];
        let mut i = 0;
        while i < 48 {
            t[i] = (i % 12 + 1) as u16;
            i += 1;
        }
        t
    };
    let mut t = NUMBERS;
    t[WILD.index() as usize] = rules.wild_points;
    t[CIRC.index() as usize] = rules.circ_points;
    for c in [DRAW, SKIP, REV] {
        t[c.index() as usize] = rules.action_points;
    }
    t
}

/// Decks in the shoe for `players`: one for 2-4, two for 5-8.
pub fn decks(players: usize) -> u8 {
    if players <= 4 { 1 } else { 2 }
}

/// The shoe for `players` under `rules`, as counts.
pub fn shoe(rules: &Rules, players: usize) -> CardCounts {
    let d = decks(players);
    let mut s = CardCounts::EMPTY;
    for i in 0..48 {
        s.insert_n(Card::from_index(i), d);
    }
    for (c, n) in specials(rules) {
        s.insert_n(c, n * d);
    }
    s
}

/// The copies of each card index in the shoe for `players` ([`shoe`] as a table, for the
/// hot paths).
pub fn shoe_table(rules: &Rules, players: usize) -> [u8; 64] {
    let d = decks(players);
    let mut t = [0u8; 64];
    t[..48].fill(d);
    for (c, n) in specials(rules) {
        t[c.index() as usize & 63] = n * d;
    }
    t
}

fn specials(rules: &Rules) -> [(Card, u8); 5] {
    [
        (WILD, rules.wild),
        (CIRC, rules.circ),
        (DRAW, rules.draw),
        (SKIP, rules.skip),
        (REV, rules.reverse),
    ]
}

/// The shoe in a fixed order (index order), ready to shuffle.
pub fn ordered_shoe(rules: &Rules, players: usize) -> Pile<SHOE_CAP> {
    let d = decks(players) as usize;
    let mut cards = [Card::from_index(0); SHOE_CAP];
    let numbers = &Card::DECK[..48];
    let mut n = 48 * d;
    if d == 1 {
        cards[..48].copy_from_slice(numbers);
    } else {
        for (pair, &c) in cards.chunks_exact_mut(2).zip(numbers) {
            pair.fill(c);
        }
    }
    for (c, k) in specials(rules) {
        let k = k as usize * d;
        cards[n..n + k].fill(c);
        n += k;
    }
    Pile::from_slice(&cards[..n])
}

/// For tests: rules whose shoe is crowded with specials (4 `WILD`s and 6 `CIRC`s a deck),
/// where hands hold many combinations.
#[cfg(test)]
pub(crate) fn crowded_rules() -> Rules {
    Rules {
        wild: 4,
        circ: 6,
        ..Rules::default()
    }
}

/// For tests: rules with 3 `WILD`s and 4 `CIRC`s a deck, the specials worth their points or
/// (`free`) worth none.
#[cfg(test)]
pub(crate) fn rich_rules(free: bool) -> Rules {
    Rules {
        wild: 3,
        circ: 4,
        wild_points: if free { 0 } else { 25 },
        circ_points: if free { 0 } else { 10 },
        ..Rules::default()
    }
}

/// For tests: the point table of `rules` and its two-deck shoe (8 players) in order, to be
/// shuffled into random hands.
#[cfg(test)]
pub(crate) fn test_deck(rules: &Rules) -> ([u16; 64], Pile<SHOE_CAP>) {
    (point_table(rules), ordered_shoe(rules, 8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_kinds() {
        for i in 0..53 {
            let c = Card::from_index(i);
            assert_eq!(parse(&name(c)), Ok(c));
        }
        assert_eq!(parse("12b"), Ok(num_card(3, 12)));
        assert_eq!(kind(parse("7E").unwrap()), Kind::Num { suit: 2, num: 7 });
        for bad in ["", "13O", "0C", "7X", "JK", "W"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn shoe_sizes_follow_the_switches() {
        let r = Rules::default();
        assert_eq!(shoe(&r, 4).len(), 48 + 12);
        assert_eq!(shoe(&r, 5).len(), 2 * (48 + 12));
        let classic = Rules::classic();
        assert_eq!(shoe(&classic, 2).len(), 48);
        assert_eq!(ordered_shoe(&classic, 8).len(), 96);
        assert_eq!(points(&r, WILD) + points(&r, CIRC) + points(&r, SKIP), 45);
        assert_eq!(points(&r, num_card(1, 12)), 12);
    }
}
