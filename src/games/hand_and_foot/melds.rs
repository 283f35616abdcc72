//! Card values, hand counting and the partnership's melds: pure functions, unit-tested by hand.

use crate::cards::{Card, CardCounts, Rank, Suit};

#[path = "melds_masks.rs"]
mod masks;
#[cfg(test)]
pub use masks::step_masks_by_rank;
pub use masks::{StepMasks, leftover_sums, step_masks};

/// Ranks that may be melded (rank indices: ace, 4..king; never 2s or 3s).
pub const MELD_RANKS: [u8; 11] = [0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
/// Cards in a book.
pub const BOOK: u8 = 7;
/// The wild kind of a two in actions (wild kind 0 is a natural card).
pub const TWO: u8 = 1;
/// The wild kind of a joker in actions.
pub const JOKER: u8 = 2;

/// The wild cards' indices as bits: the four 2s (rank index 1 of each suit) and the jokers.
const WILD_BITS: u64 = 1 << 1 | 1 << 14 | 1 << 27 | 1 << 40 | 1 << 52 | 1 << 53;

/// True for jokers and 2s.
#[inline]
pub fn is_wild(c: Card) -> bool {
    (WILD_BITS >> (c.index() & 63)) & 1 != 0
}

/// [`card_value`] of each card index (0 past the jokers).
const VALUES: [i32; 64] = {
    let mut v = [0; 64];
    let mut i = 0;
    while i < 54 {
        v[i] = value_by_rank(Card::from_index(i as u8));
        i += 1;
    }
    v
};

/// The card's value, in a meld or against its holder (3s: red 300, black 100).
#[inline]
pub fn card_value(c: Card) -> i32 {
    VALUES[(c.index() & 63) as usize]
}

/// [`card_value`] from the card's rank and suit (the table's source).
const fn value_by_rank(c: Card) -> i32 {
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
    /// Copies per rank index (ace 0 .. king 12), jokers apart.
    pub ranks: [u8; 13],
    /// Number of jokers.
    pub jokers: u8,
    /// All the cards, jokers included.
    pub len: u32,
}

/// The [`Tally`] of `h`.
pub fn tally(h: &CardCounts) -> Tally {
    let ranks = h.rank_totals();
    let jokers = jokers(h);
    let len = byte_sum(lanes(&ranks)) + jokers as u32;
    Tally { ranks, jokers, len }
}

/// [`tally`] card by card: the reference its word-at-a-time sums are tested against.
#[cfg(test)]
pub fn tally_by_card(h: &CardCounts) -> Tally {
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

/// Per-byte constants of the word-at-a-time rank masks ([`step_ranks`]).
const ONES: u128 = u128::from_le_bytes([1; 16]);
const HIGH: u128 = u128::from_le_bytes([0x80; 16]);
/// The meld ranks as bits of a rank mask (bit `r` for rank index `r`).
const MELD_MASK: u32 = 0x1FFF & !0b110;

/// Thirteen per-rank bytes as the low bytes of a word (the top three zero).
#[inline]
fn lanes(b: &[u8; 13]) -> u128 {
    // Two overlapping 8-byte loads (bytes 0..8 and 5..13, the latter shifted past 5..8).
    let word = |o: usize| u64::from_le_bytes(b[o..o + 8].try_into().expect("8 bytes"));
    word(0) as u128 | ((word(5) >> 24) as u128) << 64
}

/// The sum of the bytes of `x`, exact for any bytes (added in 16-bit lanes first).
#[inline]
fn byte_sum(x: u128) -> u32 {
    const LO: u64 = 0x00FF_00FF_00FF_00FF;
    let (a, b) = (x as u64, (x >> 64) as u64);
    // Four 16-bit lanes of at most 4 * 255 each; the multiplication sums them in the top one.
    let lanes = (a & LO) + ((a >> 8) & LO) + (b & LO) + ((b >> 8) & LO);
    (lanes.wrapping_mul(0x0001_0001_0001_0001) >> 48) as u32
}

/// The high bit of each byte of `x` that is at least `k` (every byte under 128).
#[inline]
fn at_least(x: u128, k: u8) -> u128 {
    (x + ONES * (0x80 - k) as u128) & HIGH
}

/// The bytes' high bits (nothing else set) as a 16-bit mask, bit `i` for byte `i`.
#[inline]
fn high_bits(x: u128) -> u32 {
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let half = |w: u64| ((w >> 7).wrapping_mul(GATHER) >> 56) as u32;
    half(x as u64) | half((x >> 64) as u64) << 8
}

/// The meld ranks where the hand counted in `tl` has a meld step to consider beside the
/// melds `m` (bit `r` for rank index `r`): a rank that may be started with a natural pair
/// in hand, or an open rank with a natural in hand or (with a wild in hand) room for a
/// wild. A superset of the ranks with a legal step ([`super::state::HandAndFoot`]'s
/// `each_meld` checks each step in full); every rank left out has none.
#[inline]
pub fn step_ranks(tl: &Tally, m: &Melds, rebook: bool) -> u32 {
    let (hand, nat) = (lanes(&tl.ranks), lanes(&m.nat));
    let open = at_least(nat, 1);
    let free = if rebook {
        HIGH
    } else {
        !at_least(lanes(&m.nat_books), 1) & HIGH
    };
    let start = !open & free & at_least(hand, 2);
    // nat > wild + 1, bytewise: (nat | 0x80) - (wild + 2) keeps the high bit.
    let room = ((nat | HIGH) - (lanes(&m.wild) + 2 * ONES)) & HIGH;
    let wilds = tl.jokers > 0 || tl.ranks[1] > 0;
    let add = open & (at_least(hand, 1) | if wilds { room } else { 0 });
    high_bits(start | add) & MELD_MASK
}

/// The ranks held in the hand counted in `tl` (bit `r` for rank index `r`; jokers apart).
#[inline]
pub fn held_ranks(tl: &Tally) -> u32 {
    high_bits(at_least(lanes(&tl.ranks), 1)) & 0x1FFF
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

    /// True when the open meld of rank `r` holds 7 or more cards (for a dirty meld: an
    /// unnatural book already).
    #[inline]
    pub fn is_book(&self, r: u8) -> bool {
        self.nat[r as usize] + self.wild[r as usize] >= BOOK
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

    /// Natural books (7 clean cards, closed), summed a word at a time.
    #[inline]
    pub fn natural_books(&self) -> u32 {
        byte_sum(lanes(&self.nat_books))
    }

    /// Unnatural books: open melds with a wild and 7 or more cards (a word at a time
    /// while every count is under 64, as in play; by rank otherwise).
    #[inline]
    pub fn unnatural_books(&self) -> u32 {
        let (nat, wild) = (lanes(&self.nat), lanes(&self.wild));
        if (nat | wild) & (HIGH | HIGH >> 1) != 0 {
            return self.unnatural_books_by_rank();
        }
        (at_least(wild, 1) & at_least(nat + wild, BOOK)).count_ones()
    }

    /// [`Melds::unnatural_books`] rank by rank.
    pub fn unnatural_books_by_rank(&self) -> u32 {
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
            .map(|&c| super::view::card_text(c))
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

/// True when `k` naturals of one rank can all be melded with no wild: one clean meld of 3
/// to 7, or (with `rebook`) books of 7 and one clean meld of 3 to 6 beside them.
fn clean_ok(k: u8, rebook: bool) -> bool {
    k >= 3 && (k <= BOOK || (rebook && (k.is_multiple_of(BOOK) || k % BOOK >= 3)))
}

/// Most meld points a partnership with no melds can lay down, step by step, from the
/// cards counted in `tl` (every card may be used): exact. Per rank, `a` naturals are
/// all melded clean when they can be (wild room `a - 1`); a natural pair needs one wild
/// (room 1); naturals that cannot all go clean (8 or 9 with `rebook`, over 7 without) are
/// melded as far as they go clean, or all of them with one wild (room `a - 1`). Each wild
/// needed by such a rank costs no points (it still counts), so with `W` wilds the `W`
/// ranks gaining most take one; every other wild goes where there is room, jokers first.
pub fn opening_max(tl: &Tally, rebook: bool) -> i32 {
    extension_max(tl, &Melds::default(), rebook)
}

/// Most meld points the cards counted in `tl` could add to the melds `m`: exact when `m`
/// is empty ([`opening_max`]); otherwise an estimate for bots (naturals of an open rank
/// all join its meld, which then has room for wilds; clean closes are not modelled).
pub fn extension_max(tl: &Tally, m: &Melds, rebook: bool) -> i32 {
    let (jk, w) = (tl.jokers as u32, tl.jokers as u32 + tl.ranks[1] as u32);
    let (mut pts, mut room) = (0i32, 0u32);
    let mut needs = [(0i32, 0u32); 11];
    let mut n = 0;
    for r in MELD_RANKS {
        let (a, i) = (tl.ranks[r as usize], r as usize);
        let v = card_value(Card::new(Rank::new(r), Suit::Clubs));
        if m.is_open(r) {
            pts += v * a as i32;
            room += (m.nat[i] + a).saturating_sub(1 + m.wild[i]) as u32;
        } else if !m.can_start(r, rebook) {
            continue;
        } else if a == 2 {
            needs[n] = (2 * v, 1);
            n += 1;
        } else if clean_ok(a, rebook) {
            pts += v * a as i32;
            room += a as u32 - 1;
        } else if a > 2 {
            let k = (3..a).rev().find(|&k| clean_ok(k, rebook)).unwrap_or(0);
            pts += v * k as i32;
            needs[n] = (v * (a - k) as i32, a as u32 - 1);
            n += 1;
        }
    }
    let placed = if w as usize >= n {
        for &(g, c) in &needs[..n] {
            pts += g;
            room += c;
        }
        w.min(room)
    } else {
        needs[..n].sort_unstable_by_key(|x| std::cmp::Reverse(x.0));
        pts += needs[..w as usize].iter().map(|x| x.0).sum::<i32>();
        w
    };
    pts + 50 * placed.min(jk) as i32 + 20 * placed.saturating_sub(jk) as i32
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
    fn card_tables_match_the_rules() {
        for i in 0..54 {
            let c = Card::from_index(i);
            assert_eq!(card_value(c), value_by_rank(c), "{c}");
            assert_eq!(is_wild(c), c.is_joker() || c.rank() == Rank::TWO, "{c}");
        }
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
    fn byte_sums_are_exact() {
        let mut x = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834u128;
        for k in 0..200 {
            let w = if k < 4 {
                [u128::MAX, 0, 1 << 127, 0xFF][k]
            } else {
                x
            };
            let want: u32 = w.to_le_bytes().iter().map(|&b| b as u32).sum();
            assert_eq!(byte_sum(w), want, "{w:#x}");
            x = x.rotate_left(7).wrapping_mul(0x2545_F491_4F6C_DD1D);
        }
    }

    #[test]
    fn minimums_by_band() {
        let got: Vec<i32> = [0, 1499, 1500, 2999, 3000, 4999, 5000, 12000, -300]
            .map(minimum)
            .to_vec();
        assert_eq!(got, [50, 50, 90, 90, 120, 120, 150, 150, 50]);
    }

    fn tl(s: &str) -> Tally {
        let mut h = CardCounts::EMPTY;
        h.add_cards(cards(s));
        tally(&h)
    }

    #[test]
    fn opening_max_is_exact() {
        // aces 60 + kings 20, the joker and the 2 on them: 150 (the old estimate said 130).
        assert_eq!(opening_max(&tl("AS AH AC KS KH 2C JK 4D 3H"), true), 150);
        assert_eq!(opening_max(&tl("KS KH 2C 9S"), true), 40);
        // the hand after taking the pile of 6s: 6s 20, Qs 30, 4s and 5s with a 2
        // each (20 + 40), the third 2 on a meld: 130.
        let h = "6S 6H 6S 6D 2C 2D 2S 4H 4S 7C 8S 9D KH QD QH TC QS 5D 5S 3C";
        assert_eq!(opening_max(&tl(h), true), 130);
        // eight naturals: 7 clean (one left over) or all eight with a wild.
        assert_eq!(opening_max(&tl("9S 9S 9S 9S 9H 9H 9H 9H"), true), 70);
        assert_eq!(opening_max(&tl("9S 9S 9S 9S 9H 9H 9H 9H 2C"), false), 100);
        assert_eq!(opening_max(&tl("9S 9S 9S 9S 9H 9H 9H 9H 9D 9D"), true), 100);
        // one wild, two pairs: the better pair takes it.
        assert_eq!(opening_max(&tl("AS AH 4S 4H JK"), true), 90);
        // wilds beyond the room are left.
        assert_eq!(opening_max(&tl("KS KH KD JK JK 2C"), true), 130);
    }
}
