//! Cards and card collections, shared by every game.
//!
//! - [`Card`], [`Suit`], [`Rank`]: a French-suited card as one byte, suit-major
//!   (`suit * 13 + rank`), jokers at indices 52 and 53. Games with another deck (the Spanish
//!   deck of Chinchón) map their cards into the same 0..64 index space.
//! - [`CardSet`]: a set of distinct cards as a `u64` bitset (one deck).
//! - [`CardCounts`]: a multiset of card kinds (several decks), same method names as `CardSet`.
//! - [`Pile`]: a fixed-capacity ordered stack of cards (stock, discard pile), no heap.
//! - [`GameRng`]: the portable generator every deal and strategy draws from, with an unbiased
//!   bounded draw and a Fisher–Yates shuffle that will never change under us.

mod card;
mod counts;
mod pile;
mod rng;
mod set;

pub use card::{Card, ParseCardError, Rank, Suit};
pub use counts::CardCounts;
pub use pile::Pile;
pub use rng::GameRng;
pub use set::CardSet;
