//! Property tests: every parser of user text answers random bytes and strings with a value
//! or an error, never a panic (card text and `score` for every game, knob files, study
//! files, `shard.json`).

use cardsim::cli::parse;
use cardsim::games::NAMES;
use proptest::prelude::*;

fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Card-like words: ranks, suits and a few troublemakers (multi-byte characters).
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        "[A2-9TJQK1][0-2]?[CDHSOEB♠é]?",
        "--[a-z]{1,6}",
        "[A-Z0-9♠♦ñ]{0,4}",
        any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn card_text_never_panics(s in any::<String>(), b in prop::collection::vec(any::<u8>(), 0..8)) {
        parse::card_text(&s);
        parse::card_text(&lossy(&b));
    }

    #[test]
    fn score_never_panics(g in 0..NAMES.len(), words in prop::collection::vec(word(), 0..9)) {
        let _ = parse::score(NAMES[g], &words);
    }

    #[test]
    fn study_and_shard_text_never_panic(s in any::<String>(), b in prop::collection::vec(any::<u8>(), 0..64)) {
        let _ = parse::study(&s);
        let _ = parse::study(&lossy(&b));
        let _ = parse::shard(&s);
        let _ = parse::shard(&lossy(&b));
    }

    #[test]
    fn near_valid_study_text_never_panics(name in "[a-z./]{0,4}", out in "[a-z./]{0,6}", n in any::<i64>()) {
        let text = format!("out = \"{out}\"\n[[run]]\nname = \"{name}\"\nkind = \"simulate\"\ngame = \"golf\"\ndeals = {n}\n");
        let _ = parse::study(&text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn knob_files_never_panic(g in 0..NAMES.len(), b in prop::collection::vec(any::<u8>(), 0..64),
                              knob in "[a-z_]{1,12}", v in any::<f64>()) {
        let path = std::env::temp_dir().join(format!("cardsim-prop-knobs-{}.toml", std::process::id()));
        std::fs::write(&path, &b).unwrap();
        let _ = parse::knob_file(NAMES[g], &path);
        std::fs::write(&path, format!("base = \"greedy\"\n[knobs]\n{knob} = {v:?}\n")).unwrap();
        let _ = parse::knob_file(NAMES[g], &path);
        let _ = std::fs::remove_file(&path);
    }
}

#[test]
fn the_reported_panic_is_an_error() {
    let words: Vec<String> = "KS♠ KH 5C 5D 9C 9D".split(' ').map(String::from).collect();
    for g in ["golf", "hand-and-foot", "broken-ladder"] {
        assert!(parse::score(g, &words).is_err(), "{g}");
    }
    assert_eq!(parse::card_text("KS♠"), 0);
    assert_eq!(parse::card_text("QH"), 4);
}
