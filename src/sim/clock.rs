//! Clocks for `run.json`: the process's CPU time and the wall clock as Unix time, so that
//! merged shards can report their total CPU time and the wall-clock span they covered.

/// CPU time (user + system) this process has used so far, in seconds (0 where unknown).
pub fn cpu_seconds() -> f64 {
    #[cfg(unix)]
    {
        let mut u = std::mem::MaybeUninit::<libc::rusage>::zeroed();
        // SAFETY: getrusage writes a complete `rusage` into the pointer it is given and
        // reads nothing from it; RUSAGE_SELF is always a valid target.
        let ok = unsafe { libc::getrusage(libc::RUSAGE_SELF, u.as_mut_ptr()) } == 0;
        if ok {
            // SAFETY: getrusage succeeded, so the struct is initialised (it was zeroed too).
            let u = unsafe { u.assume_init() };
            let t = |tv: libc::timeval| tv.tv_sec as f64 + tv.tv_usec as f64 * 1e-6;
            return t(u.ru_utime) + t(u.ru_stime);
        }
    }
    0.0
}

/// Seconds since the Unix epoch, now.
pub fn unix_seconds() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_time_grows_with_work_and_unix_time_is_recent() {
        // Spin until the CPU clock has moved by 20 ms (a loaded machine may take a while to
        // give us that much CPU; 20 s of wall clock without it means the clock is broken).
        let before = cpu_seconds();
        let start = std::time::Instant::now();
        let mut x = 0u64;
        while cpu_seconds() - before < 0.02 && start.elapsed().as_secs() < 20 {
            for _ in 0..10_000 {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(std::hint::black_box(1));
            }
        }
        std::hint::black_box(x);
        let used = cpu_seconds() - before;
        assert!(used >= 0.02, "{used}");
        assert!(unix_seconds() > 1.7e9);
    }
}
