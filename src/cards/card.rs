//! One card: `Card(u8)`, suit-major, with parsing and display in RULES.md notation
//! (`AS`, `TD`, `10H`, `JK`).

use std::fmt;
use std::str::FromStr;

/// A suit, in index order clubs, diamonds, hearts, spades.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// Clubs (index 0, black).
    Clubs = 0,
    /// Diamonds (index 1, red).
    Diamonds = 1,
    /// Hearts (index 2, red).
    Hearts = 2,
    /// Spades (index 3, black).
    Spades = 3,
}

impl Suit {
    /// The four suits in index order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit's index, 0..4 (clubs 0 .. spades 3).
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The suit with index `i` (only its low two bits are read). A `match` rather than a
    /// look-up in `ALL`: it compiles to the index itself, with no load from memory.
    pub const fn from_index(i: u8) -> Suit {
        match i & 3 {
            0 => Suit::Clubs,
            1 => Suit::Diamonds,
            2 => Suit::Hearts,
            _ => Suit::Spades,
        }
    }

    /// Diamonds and hearts are red.
    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    /// The suit's letter in card notation: `C`, `D`, `H` or `S`.
    pub const fn letter(self) -> char {
        ['C', 'D', 'H', 'S'][self as usize]
    }
}

/// A rank, ace low: `Rank(0)` is the ace, `Rank(12)` the king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    /// The ace (index 0, number 1).
    pub const ACE: Rank = Rank(0);
    /// The two (index 1).
    pub const TWO: Rank = Rank(1);
    /// The three (index 2).
    pub const THREE: Rank = Rank(2);
    /// The ten (index 9), written `T` (or `10`).
    pub const TEN: Rank = Rank(9);
    /// The jack (index 10, number 11).
    pub const JACK: Rank = Rank(10);
    /// The queen (index 11, number 12).
    pub const QUEEN: Rank = Rank(11);
    /// The king (index 12, number 13).
    pub const KING: Rank = Rank(12);

    /// The rank with 0-based index `i` (0 = ace .. 12 = king).
    pub const fn new(i: u8) -> Rank {
        assert!(i < 13);
        Rank(i)
    }

    /// The rank's 0-based index, 0..13 (ace 0 .. king 12).
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The number printed on the card: ace 1, jack 11, queen 12, king 13.
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// The rank's letter in card notation: `A`, `2`..`9`, `T`, `J`, `Q`, `K`.
    pub const fn letter(self) -> char {
        [
            'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K',
        ][self.0 as usize]
    }
}

/// One card: `suit * 13 + rank` for the 52 French cards, 52 and 53 for the two jokers of a
/// deck. Games with other decks may use any index below 64 with their own meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The first joker of a deck.
    pub const JOKER: Card = Card(52);
    /// The second joker of a deck (same face, a distinct bit in a [`super::CardSet`]).
    pub const JOKER2: Card = Card(53);

    /// Every card of one deck in index order: the 52 suit by suit, then the two jokers.
    pub const DECK: [Card; 54] = {
        let mut d = [Card(0); 54];
        let mut i = 0;
        while i < 54 {
            d[i] = Card(i as u8);
            i += 1;
        }
        d
    };

    /// The French card of `rank` in `suit`.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 13 + rank.0)
    }

    /// The card with raw index `i` (below 64).
    pub const fn from_index(i: u8) -> Card {
        assert!(i < 64);
        Card(i)
    }

    /// The card's index, 0..64 (52 and 53 are the jokers).
    pub const fn index(self) -> u8 {
        self.0
    }

    /// True for the two jokers of a deck (indices 52 and 53).
    pub const fn is_joker(self) -> bool {
        self.0 == 52 || self.0 == 53
    }

    /// The rank of a French card (meaningless for jokers: check [`Card::is_joker`] first).
    pub const fn rank(self) -> Rank {
        Rank(self.0 % 13)
    }

    /// The suit of a French card (meaningless for jokers).
    pub const fn suit(self) -> Suit {
        Suit::from_index(self.0 / 13)
    }

    /// All 52 French cards, clubs first.
    pub fn all52() -> impl Iterator<Item = Card> {
        (0..52).map(Card)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_joker() {
            f.write_str("JK")
        } else if self.0 < 52 {
            write!(f, "{}{}", self.rank().letter(), self.suit().letter())
        } else {
            write!(f, "#{}", self.0)
        }
    }
}

/// A card text that is not in the notation of RULES.md.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "bad card '{0}': expected rank A 2-9 T/10 J Q K and suit C D H S (e.g. 'QH', '10S'), or JK"
)]
pub struct ParseCardError(pub String);

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let err = || ParseCardError(s.to_string());
        let up = s.trim().to_ascii_uppercase();
        if up == "JK" {
            return Ok(Card::JOKER);
        }
        // Card text is ASCII: anything else (a `♠`, an accent) is simply not a card, and
        // checking first keeps the byte split below on a character boundary.
        if up.len() < 2 || !up.is_ascii() {
            return Err(err());
        }
        let (r, su) = up.split_at(up.len() - 1);
        let suit = match su {
            "C" => Suit::Clubs,
            "D" => Suit::Diamonds,
            "H" => Suit::Hearts,
            "S" => Suit::Spades,
            _ => return Err(err()),
        };
        let rank = match r {
            "A" | "1" => 0,
            "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" => r.as_bytes()[0] - b'1',
            "T" | "10" => 9,
            "J" => 10,
            "Q" => 11,
            "K" => 12,
            _ => return Err(err()),
        };
        Ok(Card::new(Rank(rank), suit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_text() {
        for c in Card::all52() {
            assert_eq!(c.to_string().parse::<Card>(), Ok(c));
        }
        assert_eq!("10h".parse::<Card>().unwrap().to_string(), "TH");
        assert_eq!("jk".parse::<Card>(), Ok(Card::JOKER));
        assert_eq!(Card::JOKER2.to_string(), "JK");
    }

    #[test]
    fn bad_card_text_is_rejected() {
        for s in ["", "Z", "1", "11H", "QX", "AH2", "0S"] {
            assert!(s.parse::<Card>().is_err(), "{s}");
        }
    }

    #[test]
    fn index_is_suit_major() {
        let c = Card::new(Rank::QUEEN, Suit::Hearts);
        assert_eq!(c.index(), 2 * 13 + 11);
        assert_eq!(c.rank(), Rank::QUEEN);
        assert_eq!(c.suit(), Suit::Hearts);
        assert!(Suit::Hearts.is_red() && !Suit::Spades.is_red());
        assert_eq!(Rank::KING.number(), 13);
    }
}
