//! `shard.json`: accepted as a consistent shard or refused, never a panic or a huge
//! allocation.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = cardsim::cli::parse::shard(&String::from_utf8_lossy(data));
});
