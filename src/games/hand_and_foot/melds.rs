//! Card values, hand counting and the partnership's melds: pure functions, unit-tested by hand.

use crate::cards::{Card, CardCounts, Rank, Suit};

/// Ranks that may be melded (rank indices: ace, 4..king; never 2s or 3s).
pub const MELD_RANKS: [u8; 11] = [0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
/// Cards in a book.
pub const BOOK: u8 = 7;
/// Wild kinds in actions: 1 = a two, 2 = a joker (0 = a natural card).
pub const TWO: u8 = 1;
pub const JOKER: u8 = 2;

/// True for jokers and 2s.
pub fn is_wild(c: Card) -> bool {
    c.is_joker() || c.rank() == Rank::TWO
}

/// The card's value, in a meld or against its holder (3s: red 300, black 100).
pub fn card_value(c: Card) -> i32 {
    if c.is_joker() {
        return 50;
    }
    match c.rank().index() {
        0 | 1 => 20,
        2 if c.suit().is_red() => 300,
        2 => 100,
        3..=6 => 5,
        _ => 10,
    }
}

/// The value of every card in `h` (the penalty for cards left in hand and foot).
pub fn penalty(h: &CardCounts) -> i32 {
    h.iter().map(|(c, n)| card_value(c) * n as i32).sum()
}

/// A hand summarised by rank in one pass: copies per rank index, jokers, and the total.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub ranks: [u8; 13],
    pub jokers: u8,
    pub len: u32,
}

/// The [`Tally`] of `h`.
pub fn tally(h: &CardCounts) -> Tally {
    let mut t = Tally::default();
    for s in 0..4u8 {
        for r in 0..13u8 {
            t.ranks[r as usize] += h.count(Card::from_index(s * 13 + r));
        }
    }
    t.jokers = jokers(h);
    t.len = t.ranks.iter().map(|&n| n as u32).sum::<u32>() + t.jokers as u32;
    t
}

/// Copies of rank `r` (index) in `h`.
pub fn rank_count(h: &CardCounts, r: u8) -> u8 {
    Suit::ALL
        .iter()
        .map(|&s| h.count(Card::new(Rank::new(r), s)))
        .sum()
}

/// Jokers in `h`.
pub fn jokers(h: &CardCounts) -> u8 {
    h.count(Card::JOKER) + h.count(Card::JOKER2)
}

/// A card of rank `r` held in `h` (the first suit present), if any.
pub fn first_of_rank(h: &CardCounts, r: u8) -> Option<Card> {
    Suit::ALL
        .iter()
        .map(|&s| Card::new(Rank::new(r), s))
        .find(|&c| h.contains(c))
}

/// The card of wild kind `w` ([`TWO`] or [`JOKER`]) held in `h`, if any.
pub fn first_wild(h: &CardCounts, w: u8) -> Option<Card> {
    if w == JOKER {
        [Card::JOKER, Card::JOKER2]
            .into_iter()
            .find(|&c| h.contains(c))
    } else {
        first_of_rank(h, 1)
    }
}

/// A held 3 of the given colour, if any.
pub fn first_three(h: &CardCounts, red: bool) -> Option<Card> {
    Suit::ALL
        .iter()
        .filter(|s| s.is_red() == red)
        .map(|&s| Card::new(Rank::THREE, s))
        .find(|&c| h.contains(c))
}

/// One partnership's melds: per rank the open meld (naturals, wilds), the natural books
/// closed, and every melded card with their total value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Melds {
    /// Naturals in the open meld of each rank (0 = no open meld).
    pub nat: [u8; 13],
    /// Wilds in the open meld of each rank.
    pub wild: [u8; 13],
    /// Natural books closed, per rank.
    pub nat_books: [u8; 13],
    /// Every card melded by the partnership this deal.
    pub cards: CardCounts,
    /// The value of those cards.
    pub points: i32,
}

impl Melds {
    /// True when rank `r` has an open meld.
    pub fn is_open(&self, r: u8) -> bool {
        self.nat[r as usize] > 0
    }

    /// True when a new meld of rank `r` may be started.
    pub fn can_start(&self, r: u8, rebook: bool) -> bool {
        !self.is_open(r) && (rebook || self.nat_books[r as usize] == 0)
    }

    /// True when one more wild fits in the open meld of `r` (naturals stay the majority).
    pub fn wild_fits(&self, r: u8) -> bool {
        let i = r as usize;
        self.nat[i] > self.wild[i] + 1
    }

    /// Natural books (7 clean cards, closed).
    pub fn natural_books(&self) -> u32 {
        self.nat_books.iter().map(|&n| n as u32).sum()
    }

    /// Unnatural books: open melds with a wild and 7 or more cards.
    pub fn unnatural_books(&self) -> u32 {
        (0..13)
            .filter(|&i| self.wild[i] > 0 && self.nat[i] + self.wild[i] >= BOOK)
            .count() as u32
    }

    /// Books after adding `n` naturals and `w` wilds to rank `r` (as `add` would).
    pub fn books_after(&self, r: u8, n: u8, w: u8) -> (u32, u32) {
        let i = r as usize;
        let (nb, ub) = (self.natural_books(), self.unnatural_books());
        let (n0, w0) = (self.nat[i], self.wild[i]);
        let (n1, w1) = (n0 + n, w0 + w);
        if w1 == 0 && n1 >= BOOK {
            (nb + 1, ub)
        } else if w1 > 0 && n1 + w1 >= BOOK && !(w0 > 0 && n0 + w0 >= BOOK) {
            (nb, ub + 1)
        } else {
            (nb, ub)
        }
    }

    /// Book bonuses: natural 500, unnatural 300.
    pub fn book_points(&self) -> i32 {
        500 * self.natural_books() as i32 + 300 * self.unnatural_books() as i32
    }

    /// Melds card `c` into the meld of rank `r` (callers check legality); a clean meld
    /// reaching 7 closes as a natural book.
    pub fn add(&mut self, r: u8, c: Card) {
        let i = r as usize;
        if is_wild(c) {
            self.wild[i] += 1;
        } else {
            self.nat[i] += 1;
        }
        self.cards.insert(c);
        self.points += card_value(c);
        if self.wild[i] == 0 && self.nat[i] == BOOK {
            self.nat[i] = 0;
            self.nat_books[i] += 1;
        }
    }
}

/// A meld given as cards, checked: its rank, naturals and wilds, or why it is illegal.
pub fn check_meld(cards: &[Card]) -> Result<(u8, u8, u8), String> {
    let list = || {
        cards
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    if cards.len() < 3 {
        return Err(format!("meld '{}' has fewer than 3 cards", list()));
    }
    let (mut rank, mut nat, mut wild) = (None, 0u8, 0u8);
    for &c in cards {
        if is_wild(c) {
            wild += 1;
            continue;
        }
        if c.rank() == Rank::THREE {
            return Err(format!(
                "meld '{}' holds a 3: 3s can never be melded",
                list()
            ));
        }
        match rank {
            Some(r) if r != c.rank().index() => {
                return Err(format!(
                    "meld '{}' mixes ranks: melds are of one rank, no runs",
                    list()
                ));
            }
            _ => rank = Some(c.rank().index()),
        }
        nat += 1;
    }
    let Some(rank) = rank else {
        return Err(format!("meld '{}' has no natural card", list()));
    };
    if nat <= wild {
        return Err(format!("meld '{}': naturals must outnumber wilds", list()));
    }
    if wild == 0 && nat > BOOK {
        return Err(format!(
            "meld '{}': a natural book has at most 7 cards",
            list()
        ));
    }
    Ok((rank, nat, wild))
}

/// One partnership's score for a deal: melded cards, books, the going-out bonus, less the
/// cards left in its hands and feet.
pub fn deal_score(m: &Melds, left: &CardCounts, bonus: i32) -> i32 {
    m.points + m.book_points() + bonus - penalty(left)
}

/// Most meld points that `h` alone could lay down (an estimate used to check whether an
/// opening can still be made; it ignores the 7-card close of clean melds).
pub fn max_points(h: &CardCounts) -> i32 {
    let mut pts = 0;
    let mut room = 0u32;
    let mut pairs = [0i32; 11];
    let mut np = 0;
    let tl = tally(h);
    for r in MELD_RANKS {
        let n = tl.ranks[r as usize];
        let v = card_value(Card::new(Rank::new(r), Suit::Clubs));
        if n >= 3 {
            pts += v * n as i32;
            room += n as u32 - 1;
        } else if n == 2 {
            pairs[np] = 2 * v;
            np += 1;
        }
    }
    let (j, t) = (tl.jokers as u32, tl.ranks[1] as u32);
    // Wilds, best first: jokers then 2s; `next` is the value of the next unused one.
    let mut used = 0u32;
    let mut next = || -> i32 {
        used += 1;
        if used <= j {
            50
        } else if used <= j + t {
            20
        } else {
            0
        }
    };
    for _ in 0..room {
        pts += next();
    }
    pairs[..np].sort_unstable_by(|a, b| b.cmp(a));
    for &p in &pairs[..np] {
        let w = next();
        if w == 0 {
            break;
        }
        pts += p + w;
    }
    pts
}

/// The opening minimum for a partnership with match score `score`.
pub fn minimum(score: i64) -> i32 {
    match score {
        ..1500 => 50,
        1500..3000 => 90,
        3000..5000 => 120,
        _ => 150,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|w| w.parse().unwrap()).collect()
    }

    #[test]
    fn values_by_hand() {
        let v: Vec<i32> = cards("JK AS 2H 3D 3C 4S 7H 8C KD TS")
            .into_iter()
            .map(card_value)
            .collect();
        assert_eq!(v, [50, 20, 20, 300, 100, 5, 5, 10, 10, 10]);
    }

    #[test]
    fn meld_legality() {
        assert_eq!(check_meld(&cards("KS KH 2C")), Ok((12, 2, 1)));
        assert_eq!(check_meld(&cards("7S 7H 7C 7D 7S 7H 7C")), Ok((6, 7, 0)));
        assert!(
            check_meld(&cards("KS 2H 2C"))
                .unwrap_err()
                .contains("outnumber")
        );
        assert!(
            check_meld(&cards("KS KH"))
                .unwrap_err()
                .contains("fewer than 3")
        );
        assert!(check_meld(&cards("3S 3H 3C")).unwrap_err().contains("3s"));
        assert!(
            check_meld(&cards("KS QH KC"))
                .unwrap_err()
                .contains("no runs")
        );
        assert!(
            check_meld(&cards("2S 2H JK"))
                .unwrap_err()
                .contains("no natural")
        );
        assert!(
            check_meld(&cards("5S 5S 5S 5S 5S 5S 5S 5S"))
                .unwrap_err()
                .contains("at most 7")
        );
    }

    #[test]
    fn books_close_and_count() {
        let mut m = Melds::default();
        for c in cards("9S 9H 9C 9D 9S 9H") {
            m.add(8, c);
        }
        assert_eq!(m.books_after(8, 1, 0), (1, 0));
        m.add(8, "9C".parse().unwrap());
        assert_eq!((m.natural_books(), m.is_open(8), m.points), (1, false, 70));
        for c in cards("QS QH QC QD 2S JK") {
            m.add(11, c);
        }
        assert_eq!(m.books_after(11, 1, 0), (1, 1));
        m.add(11, "QS".parse().unwrap());
        assert_eq!((m.unnatural_books(), m.book_points()), (1, 800));
        assert_eq!(m.books_after(11, 1, 0), (1, 1));
        assert!(m.wild_fits(11));
    }

    #[test]
    fn minimums_by_band() {
        let got: Vec<i32> = [0, 1499, 1500, 2999, 3000, 4999, 5000, 12000, -300]
            .map(minimum)
            .to_vec();
        assert_eq!(got, [50, 50, 90, 90, 120, 120, 150, 150, 50]);
    }

    #[test]
    fn max_points_estimate() {
        let mut h = CardCounts::EMPTY;
        h.add_cards(cards("AS AH AC KS KH 2C JK 4D 3H"));
        // aces 60 + joker on aces (room 2) 50 + two on aces 20; the king pair gets no wild.
        assert_eq!(max_points(&h), 130);
        let mut h = CardCounts::EMPTY;
        h.add_cards(cards("KS KH 2C 9S"));
        assert_eq!(max_points(&h), 40);
    }
}
