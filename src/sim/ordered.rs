//! Parallel batches folded in index order in bounded memory, and the thread count.
//!
//! [`ordered_fold`] hands batch indices `0..n` to `threads` workers in increasing order.
//! Each finished batch's result waits in a small reorder buffer until every batch before it
//! has been folded, then is folded into the accumulator and dropped. A worker does not start
//! batch `i` until `i < next + window` (`next`: the first batch not yet folded), so at most
//! `window` results (plus one per worker being built) exist at once: memory is O(threads),
//! whatever the run's size. The fold order is the index order, so the result is the same
//! bits for any thread count.
//!
//! When a graceful stop is asked for ([`crate::cleanup::stopping`]), no worker starts another
//! batch; the batches under way finish, and the fold ends at the first batch that never ran,
//! so what was folded is always a prefix `0..k` of the batches.

use crate::error::{Error, Result};
use std::collections::BTreeMap;
use std::sync::{Condvar, Mutex};

/// The most worker threads a run may ask for. More would only add scheduling cost (a run's
/// batches are the unit of work) and, at thousands, exhaust the machine.
pub const MAX_THREADS: usize = 1024;

/// Finished batches that may wait for an earlier one, per worker thread.
pub const WINDOW_PER_THREAD: u64 = 4;

/// The worker count for `--threads` (None: [`default_threads`]): 1 to [`MAX_THREADS`].
pub fn resolve_threads(requested: Option<usize>) -> Result<usize> {
    match requested {
        None => Ok(default_threads()),
        Some(0) => Err(Error::input("--threads must be at least 1")),
        Some(n) if n > MAX_THREADS => Err(Error::input(format!(
            "--threads {n}: at most {MAX_THREADS}"
        ))),
        Some(n) => Ok(n),
    }
}

/// The CPUs this process may use: `std::thread::available_parallelism` (on Linux: the
/// `sched_getaffinity` mask and the cgroup CPU quota), lowered to `SLURM_CPUS_PER_TASK`
/// when Slurm sets it, capped at [`MAX_THREADS`].
pub fn default_threads() -> usize {
    let granted = std::thread::available_parallelism().map_or(1, |n| n.get());
    let slurm = std::env::var("SLURM_CPUS_PER_TASK").ok();
    threads_from(granted, slurm.as_deref())
}

/// [`default_threads`] from its inputs: the CPUs the OS grants and Slurm's per-task count.
fn threads_from(granted: usize, slurm: Option<&str>) -> usize {
    let slurm = slurm
        .and_then(|s| s.trim().parse::<usize>().ok())
        .filter(|&n| n > 0);
    slurm
        .map_or(granted, |s| s.min(granted))
        .clamp(1, MAX_THREADS)
}

struct Shared<A, T> {
    /// The first batch not yet folded.
    next: u64,
    /// Finished batches waiting for an earlier one.
    pending: BTreeMap<u64, T>,
    acc: A,
    /// A worker panicked: the others stop waiting.
    failed: bool,
}

/// Sets `failed` if a worker unwinds, so that no other worker waits for its batch forever.
struct PanicGuard<'a, A, T>(&'a Mutex<Shared<A, T>>, &'a Condvar);

impl<A, T> Drop for PanicGuard<'_, A, T> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            if let Ok(mut s) = self.0.lock() {
                s.failed = true;
            }
            self.1.notify_all();
        }
    }
}

/// Runs `work(i)` for every batch `i` in `0..batches` on `threads` workers and folds the
/// results with `fold` strictly in index order into `acc`; returns `acc` and how many
/// batches it folded: all of them, or fewer after a graceful stop (see the module docs).
pub fn ordered_fold<A, T, W, F>(threads: usize, batches: u64, acc: A, work: W, fold: F) -> (A, u64)
where
    A: Send,
    T: Send,
    W: Fn(u64) -> T + Sync,
    F: Fn(&mut A, T) + Sync,
{
    let threads = threads.clamp(1, MAX_THREADS);
    let window = WINDOW_PER_THREAD * threads as u64;
    let shared = Mutex::new(Shared {
        next: 0,
        pending: BTreeMap::new(),
        acc,
        failed: false,
    });
    let ready = Condvar::new();
    let claimed = std::sync::atomic::AtomicU64::new(0);
    let worker = || {
        let _guard = PanicGuard(&shared, &ready);
        loop {
            let i = claimed.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if i >= batches {
                return;
            }
            {
                let mut s = shared.lock().expect("no worker panicked");
                let stop = crate::cleanup::stopping;
                while i >= s.next + window && !s.failed && !stop() {
                    // Timed: a stop asked for while every worker waits must still be seen.
                    let tick = std::time::Duration::from_millis(50);
                    s = ready.wait_timeout(s, tick).expect("no worker panicked").0;
                }
                if s.failed || stop() {
                    drop(s);
                    ready.notify_all();
                    return;
                }
            }
            let t = work(i);
            let mut s = shared.lock().expect("no worker panicked");
            s.pending.insert(i, t);
            let mut folded = false;
            loop {
                let next = s.next;
                let Some(t) = s.pending.remove(&next) else {
                    break;
                };
                fold(&mut s.acc, t);
                s.next += 1;
                folded = true;
            }
            if folded {
                ready.notify_all();
            }
        }
    };
    // One long-lived task per rayon worker: each pulls batch indices in increasing order.
    // A pool of exactly `threads` workers runs them all at once, so a task waiting for the
    // window never holds up the batch it waits for.
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|_| worker());
            }
        }),
        // No threads to be had: play every batch on this one, in order.
        Err(_) => worker(),
    }
    let s = shared.into_inner().expect("no worker panicked");
    debug_assert!(crate::cleanup::stopping() || (s.pending.is_empty() && s.next == batches));
    (s.acc, s.next)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn folds_in_index_order_at_any_thread_count() {
        for threads in [1, 2, 3, 8] {
            let (out, n) = ordered_fold(threads, 500, Vec::new(), |i| i * 7, |v, x| v.push(x));
            assert_eq!(out, (0..500).map(|i| i * 7).collect::<Vec<u64>>());
            assert_eq!(n, 500);
        }
        let (none, n) = ordered_fold(4, 0, Vec::<u64>::new(), |i| i, |v, x| v.push(x));
        assert!(none.is_empty() && n == 0);
    }

    #[test]
    fn results_waiting_to_be_folded_stay_within_the_window() {
        // Batch 0 is slow, so every later batch finishes first and must wait for it.
        let live = AtomicUsize::new(0);
        let peak = AtomicUsize::new(0);
        let threads = 4;
        let n = ordered_fold(
            threads,
            400,
            0u64,
            |i| {
                if i == 0 {
                    std::thread::sleep(std::time::Duration::from_millis(50));
                }
                let now = live.fetch_add(1, Ordering::SeqCst) + 1;
                peak.fetch_max(now, Ordering::SeqCst);
                i
            },
            |n, _| {
                live.fetch_sub(1, Ordering::SeqCst);
                *n += 1;
            },
        );
        assert_eq!(n, (400, 400));
        let bound = (WINDOW_PER_THREAD as usize) * threads;
        assert!(peak.load(Ordering::SeqCst) <= bound, "{peak:?} > {bound}");
    }

    #[test]
    fn thread_counts_are_checked_and_the_default_honours_slurm() {
        assert!(resolve_threads(Some(0)).is_err());
        assert!(resolve_threads(Some(MAX_THREADS + 1)).is_err());
        assert_eq!(resolve_threads(Some(MAX_THREADS)).unwrap(), MAX_THREADS);
        assert_eq!(threads_from(16, None), 16);
        assert_eq!(threads_from(16, Some("4")), 4);
        assert_eq!(
            threads_from(2, Some("16")),
            2,
            "Slurm never raises what the OS grants"
        );
        assert_eq!(threads_from(8, Some("0")), 8);
        assert_eq!(threads_from(8, Some("x")), 8);
        assert_eq!(threads_from(5000, None), MAX_THREADS);
        assert!(default_threads() >= 1);
    }

    #[test]
    #[should_panic]
    fn a_panicking_batch_panics_the_run_instead_of_hanging_it() {
        ordered_fold(
            3,
            100,
            0u64,
            |i| {
                if i == 0 {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                    panic!("boom");
                }
                i
            },
            |a, x| *a += x,
        );
    }
}
