//! Seats and sets of seats (`SeatMask`, a `u16` bitset).

/// The most players any game seats.
pub const MAX_SEATS: usize = 8;

/// A seat number, 0-based, clockwise from seat 0.
pub type Seat = usize;

/// A set of seats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeatMask(pub u16);

impl SeatMask {
    /// No seat.
    pub const EMPTY: SeatMask = SeatMask(0);

    /// Seats `0..players`.
    pub const fn all(players: usize) -> SeatMask {
        SeatMask(((1u32 << players) - 1) as u16)
    }

    /// The set holding only `seat`.
    pub const fn one(seat: Seat) -> SeatMask {
        SeatMask(1 << seat)
    }

    /// True when `seat` is in the set.
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 >> seat & 1 == 1
    }

    /// Adds `seat`.
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat;
    }

    /// Takes `seat` out.
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat);
    }

    /// The number of seats in the set.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True when the set holds no seat.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats in the set, lowest first.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        // One step per seat in the set (lowest set bit first), not one per possible seat.
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let s = bits.trailing_zeros() as Seat;
                bits &= bits - 1;
                s
            })
        })
    }

    /// The seats whose value is the extreme (lowest when `low`, else highest) among `seats`.
    pub fn extreme_of<T: Ord + Copy>(seats: SeatMask, values: &[T], low: bool) -> SeatMask {
        let best = seats.iter().map(|s| values[s]);
        let best = if low { best.min() } else { best.max() };
        let mut m = SeatMask::EMPTY;
        if let Some(b) = best {
            for s in seats.iter() {
                if values[s] == b {
                    m.insert(s);
                }
            }
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iter_lists_each_seat_in_the_set_lowest_first() {
        for bits in [0u16, 1, 0b1010_0001, 0x8000, 0xffff, 0b0110_0000_0001_0010] {
            let want: Vec<Seat> = (0..16).filter(|&s| bits >> s & 1 == 1).collect();
            assert_eq!(SeatMask(bits).iter().collect::<Vec<_>>(), want, "{bits:#b}");
        }
    }

    #[test]
    fn extremes_share_ties() {
        let v = [3, 1, 1, 5];
        assert_eq!(
            SeatMask::extreme_of(SeatMask::all(4), &v, true),
            SeatMask(0b0110)
        );
        assert_eq!(
            SeatMask::extreme_of(SeatMask::all(4), &v, false),
            SeatMask(0b1000)
        );
        assert_eq!(
            SeatMask::extreme_of(SeatMask(0b1001), &v, true),
            SeatMask(0b0001)
        );
        assert_eq!(SeatMask::all(8).len(), 8);
        assert_eq!(SeatMask(0b1010).iter().collect::<Vec<_>>(), vec![1, 3]);
    }
}
