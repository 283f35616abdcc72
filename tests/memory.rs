//! Bounded memory: the runner folds batch results as they finish, so the heap a run needs
//! does not grow with its length. A global allocator tracks live and peak heap bytes; a run
//! 32 times longer (2,048 vs 65,536 deals: 4 vs 128 batches) needs at most a constant more heap.

use cardsim::game::Game;
use cardsim::games::{GameVisitor, with_game};
use cardsim::sim::{Mode, RunSpec, run};
use cardsim::strategy::resolve;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Peak;
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Peak {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let now = LIVE.fetch_add(l.size(), Ordering::SeqCst) + l.size();
        PEAK.fetch_max(now, Ordering::SeqCst);
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size(), Ordering::SeqCst);
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        if n > l.size() {
            let now = LIVE.fetch_add(n - l.size(), Ordering::SeqCst) + n - l.size();
            PEAK.fetch_max(now, Ordering::SeqCst);
        } else {
            LIVE.fetch_sub(l.size() - n, Ordering::SeqCst);
        }
        unsafe { System.realloc(p, l, n) }
    }
}

#[global_allocator]
static A: Peak = Peak;

/// The peak heap growth (bytes above the live heap at the start) of a run of `deals`.
struct PeakOf {
    deals: u64,
    mode: Mode,
}

impl GameVisitor for PeakOf {
    type Out = usize;
    fn visit<G: Game>(self) -> usize {
        let spec = RunSpec::<G> {
            rules: G::Rules::default(),
            players: G::DEFAULT_PLAYERS,
            seats: vec![resolve::<G>("random").unwrap(); G::DEFAULT_PLAYERS],
            mode: self.mode,
            seed: 11,
            units: 0..self.deals,
            threads: Some(2),
            progress: false,
        };
        let base = LIVE.load(Ordering::SeqCst);
        PEAK.store(base, Ordering::SeqCst);
        let out = run(&spec).unwrap();
        assert_eq!(out.tally.units, self.deals);
        PEAK.load(Ordering::SeqCst) - base
    }
}

#[test]
fn a_longer_run_needs_no_more_heap() {
    for (game, mode, short) in [("golf", Mode::Deals, 2_048), ("golf", Mode::Matches, 32)] {
        let peak = |deals| with_game(game, PeakOf { deals, mode }).unwrap();
        peak(short); // warm up one-time allocations (thread-locals, lazies)
        // The least peak of three runs: how many finished batches wait in the reorder buffer
        // depends on scheduling (a loaded machine delays one worker), and the histograms' dense
        // arrays widen a little with the rarer extremes a longer run meets.
        let least = |deals| (0..3).map(|_| peak(deals)).min().unwrap();
        let (a, b) = (least(short), least(short * 32));
        // Before batches were folded as they finished, all 128 batch tallies were held at once
        // (about 32 times the short run's heap); bounded memory keeps the long run within a
        // constant of the short one.
        assert!(
            b <= a + 64 * 1024,
            "{game}: {b} bytes of heap for 32x the units vs {a}"
        );
    }
}
