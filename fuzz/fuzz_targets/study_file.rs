//! Study files: checked or refused, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = cardsim::cli::parse::study(&String::from_utf8_lossy(data));
});
