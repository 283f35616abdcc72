//! Builds the shipped knob files (`strategies/<game>/<name>.toml`) into the binary, so an
//! installed `cardsim` finds them from any folder: writes `$OUT_DIR/strategies.rs`, a list
//! of (game, name, text) with each text taken by `include_str!`.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    if let Ok(games) = std::fs::read_dir(&root) {
        for g in games.flatten() {
            println!("cargo:rerun-if-changed={}", g.path().display());
            let Ok(rd) = std::fs::read_dir(g.path()) else {
                continue;
            };
            for f in rd.flatten() {
                let p = f.path();
                if p.extension().is_some_and(|x| x == "toml") {
                    let game = g.file_name().to_string_lossy().into_owned();
                    let name = p.file_stem().unwrap().to_string_lossy().into_owned();
                    files.push((game, name, p));
                }
            }
        }
    }
    files.sort();
    let mut out = String::from("/// The shipped knob files: (game, name, text).\n");
    out.push_str("pub static SHIPPED: &[(&str, &str, &str)] = &[\n");
    for (game, name, p) in &files {
        println!("cargo:rerun-if-changed={}", p.display());
        writeln!(
            out,
            "    ({game:?}, {name:?}, include_str!({:?})),",
            p.display().to_string()
        )
        .unwrap();
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("strategies.rs");
    std::fs::write(dest, out).unwrap();
}
