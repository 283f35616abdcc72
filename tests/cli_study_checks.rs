//! A study's compare runs have their variants checked with everything else before the first
//! run starts: a bad variant in the third run leaves nothing played and nothing written.

mod common;
use common::{cardsim, tmp};

fn study(dir: &std::path::Path, third_variants: &str) -> std::path::PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    let file = dir.join("study.toml");
    let text = format!(
        r#"
out = "results"
seed = 3

[[run]]
name = "first"
kind = "simulate"
game = "golf"
deals = 200

[[run]]
name = "second"
kind = "compare"
game = "golf"
deals = 200
variants = ["base:", "nofinal:final_turns=no"]

[[run]]
name = "third"
kind = "compare"
game = "golf"
deals = 200
variants = {third_variants}
"#
    );
    std::fs::write(&file, text).unwrap();
    file
}

#[test]
fn a_bad_variant_in_the_third_run_stops_the_study_before_anything_runs() {
    let cases = [
        (r#"["base:", "odd:no_such_switch=1"]"#, "no_such_switch"),
        (r#"["base:", "odd:final_turns=maybe"]"#, "maybe"),
        (r#"["base:"]"#, "at least two"),
        (
            r#"["base:", "base:final_turns=no"]"#,
            "two variants are called 'base'",
        ),
        (r#"["base:", "nocolon"]"#, "expected NAME:KEY=VAL"),
    ];
    for (variants, want) in cases {
        let d = tmp("study-variant");
        let file = study(&d, variants);
        let o = cardsim(&["run", file.to_str().unwrap(), "--quiet"]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{variants}: {err}");
        assert_eq!(err.lines().count(), 1, "{variants}: {err}");
        assert!(
            err.contains("run 'third'") && err.contains(want),
            "{variants}: {err}"
        );
        assert!(!d.join("results").exists(), "{variants}: a run was played");
        std::fs::remove_dir_all(&d).unwrap();
    }
    // The same study with good variants runs all three.
    let d = tmp("study-variant-ok");
    let file = study(&d, r#"["base:", "short:final_turns=no"]"#);
    let o = cardsim(&["run", file.to_str().unwrap(), "--quiet"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for run in ["first", "second", "third"] {
        assert!(
            d.join("results").join(run).join("run.json").exists(),
            "{run}"
        );
    }
    std::fs::remove_dir_all(&d).unwrap();
}
