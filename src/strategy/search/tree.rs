//! The ISMCTS tree: one arena of nodes the bot keeps and clears at every decision (its
//! capacity stays, so after the first decisions a search allocates nothing).
//!
//! Two kinds of node alternate. An *information-set* node (the root, and every node reached
//! after an observation) has *edge* children, one per move as the searching seat sees it:
//! (the seat that moves, its action with hidden cards masked by [`Game::public_action`]).
//! Edges carry the statistics (visits, availability, total value for the seat that moved).
//! An edge's children are information-set nodes keyed by what the move showed the
//! searching seat (the change in the cards its view shows: a card drawn, turned up or
//! discarded), so that, say, a placement after drawing a king is not averaged with one after
//! drawing an ace.
//!
//! [`Game::public_action`]: crate::game::Game::public_action

/// "No node" in a link.
pub const NONE: u32 = u32::MAX;
/// The root's index.
pub const ROOT: u32 = 0;

/// One node (either kind; see the module docs).
#[derive(Clone, Copy, Debug)]
pub struct Node<A> {
    /// Edge: the seat that moves.
    pub mover: u8,
    /// Edge: the move as the searching seat sees it. Information-set node where `advised`:
    /// greedy's choice there.
    pub action: A,
    /// Information-set node: whether `action` holds greedy's choice (the searching seat's
    /// own decisions below the root, with `tree_prior = 1`).
    pub advised: bool,
    /// Information-set node: the observation that leads to it.
    pub obs: u64,
    /// The first child, or [`NONE`].
    pub first_child: u32,
    /// The next child of the same parent, or [`NONE`].
    pub next_sibling: u32,
    /// Edge: iterations through it. Information-set node: selections made at it.
    pub visits: u32,
    /// Edge: iterations in which it was legal when its parent was visited.
    pub avail: u32,
    /// Edge: total value (for `mover`) of the iterations through it.
    pub total: f64,
}

/// The arena.
pub struct Tree<A> {
    nodes: Vec<Node<A>>,
}

impl<A: Copy + Default + Eq> Tree<A> {
    /// An empty tree (call [`Tree::reset`] before use).
    pub fn new() -> Tree<A> {
        Tree { nodes: Vec::new() }
    }

    /// Empties the tree down to a fresh root.
    pub fn reset(&mut self) {
        self.nodes.clear();
        self.nodes.push(Self::blank());
    }

    fn blank() -> Node<A> {
        Node {
            mover: 0,
            action: A::default(),
            advised: false,
            obs: 0,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            avail: 0,
            total: 0.0,
        }
    }

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True when the tree holds no node (before the first [`Tree::reset`]).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Node `i`.
    pub fn node(&self, i: u32) -> &Node<A> {
        &self.nodes[i as usize]
    }

    /// Node `i`, to change.
    pub fn node_mut(&mut self, i: u32) -> &mut Node<A> {
        &mut self.nodes[i as usize]
    }

    /// The first child of `i` (then follow `next_sibling`), or [`NONE`].
    pub fn first_child(&self, i: u32) -> u32 {
        self.nodes[i as usize].first_child
    }

    /// Adds an edge under information-set node `parent`; it starts available once.
    pub fn add_edge(&mut self, parent: u32, mover: u8, action: A) -> u32 {
        self.add(parent, |n| {
            n.mover = mover;
            n.action = action;
            n.avail = 1;
        })
    }

    /// The information-set node under edge `edge` reached by observation `obs`, and whether
    /// it was just made.
    pub fn outcome(&mut self, edge: u32, obs: u64) -> (u32, bool) {
        let mut c = self.first_child(edge);
        while c != NONE {
            if self.nodes[c as usize].obs == obs {
                return (c, false);
            }
            c = self.nodes[c as usize].next_sibling;
        }
        (self.add(edge, |n| n.obs = obs), true)
    }

    fn add(&mut self, parent: u32, fill: impl FnOnce(&mut Node<A>)) -> u32 {
        let i = self.nodes.len() as u32;
        let mut n = Self::blank();
        fill(&mut n);
        n.next_sibling = self.nodes[parent as usize].first_child;
        self.nodes[parent as usize].first_child = i;
        self.nodes.push(n);
        i
    }
}

impl<A: Copy + Default + Eq> Default for Tree<A> {
    fn default() -> Self {
        Self::new()
    }
}
