//! Knob files for every game: a strategy or an error, never a panic.
#![no_main]

use cardsim::cli::parse;
use cardsim::games::NAMES;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let path = std::env::temp_dir().join(format!("cardsim-fuzz-{}.toml", std::process::id()));
    if std::fs::write(&path, data).is_ok() {
        for g in NAMES {
            let _ = parse::knob_file(g, &path);
        }
    }
});
