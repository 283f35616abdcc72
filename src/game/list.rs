//! `ActionList`: the fixed-capacity buffer legal actions are written into, reused across
//! deals so that listing moves never allocates.

use std::ops::Deref;

/// Most legal actions a game may list at once.
pub const ACTION_CAP: usize = 256;

/// A fixed-capacity list of actions.
#[derive(Clone)]
pub struct ActionList<A: Copy + Default> {
    items: [A; ACTION_CAP],
    len: usize,
}

impl<A: Copy + Default> Default for ActionList<A> {
    fn default() -> Self {
        ActionList {
            items: [A::default(); ACTION_CAP],
            len: 0,
        }
    }
}

impl<A: Copy + Default> ActionList<A> {
    /// An empty list.
    pub fn new() -> Self {
        Self::default()
    }

    /// Empties the list (the buffer is kept).
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Replaces the list with `actions` (one copy: for games whose phases have fixed lists).
    #[inline]
    pub fn set(&mut self, actions: &[A]) {
        self.items[..actions.len()].copy_from_slice(actions);
        self.len = actions.len();
    }

    /// Sets the list to the first `len` of `block`, copying the whole block (a fixed-size
    /// copy the compiler makes without a loop; `len <= N`).
    #[inline]
    pub fn set_block<const N: usize>(&mut self, block: &[A; N], len: usize) {
        debug_assert!(len <= N);
        self.items[..N].copy_from_slice(block);
        self.len = len;
    }

    /// Adds an action; more than [`ACTION_CAP`] is a bug in the game.
    #[inline]
    pub fn push(&mut self, a: A) {
        assert!(
            self.len < ACTION_CAP,
            "more than {ACTION_CAP} legal actions"
        );
        self.items[self.len] = a;
        self.len += 1;
    }
}

impl<A: Copy + Default> Deref for ActionList<A> {
    type Target = [A];
    fn deref(&self) -> &[A] {
        &self.items[..self.len]
    }
}
