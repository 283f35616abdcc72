//! Card text and `score` arguments for every game: an answer or an error, never a panic.
#![no_main]

use cardsim::cli::parse;
use cardsim::games::NAMES;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    parse::card_text(&text);
    let words: Vec<String> = text.split_whitespace().map(String::from).collect();
    for g in NAMES {
        let _ = parse::score(g, &words);
    }
});
