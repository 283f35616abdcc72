//! A bot written against the library runs with the command line's outputs:
//! `cardsim::cli::simulate_to` writes the files `cardsim simulate` writes, byte for byte for
//! the same table, and a custom bot's folder reads back in `cardsim report`.

mod common;

use cardsim::cards::GameRng;
use cardsim::cli::setup::{TableSpec, parse_rules};
use cardsim::games::golf::{Action, Golf, View};
use cardsim::sim::Mode;
use cardsim::strategy::{Strategy, StrategySpec, resolve};
use common::{cardsim, read, tmp};

#[test]
fn simulate_to_writes_the_files_of_the_command_line() {
    let (lib, cli) = (tmp("lib-files"), tmp("lib-files-cli"));
    let table = TableSpec::<Golf> {
        rules: parse_rules::<Golf>(&["box=-40".to_string()]).unwrap(),
        players: 3,
        seats: vec![
            resolve::<Golf>("greedy").unwrap(),
            resolve::<Golf>("random").unwrap(),
        ]
        .into_iter()
        .cycle()
        .take(3)
        .collect(),
        seed: 7,
    };
    let r = cardsim::cli::simulate_to(&table, Mode::Deals, 1500, Some(2), &lib, false).unwrap();
    assert_eq!(r.tally.units, 1500);
    let out = cardsim(&[
        "simulate",
        "golf",
        "--players",
        "3",
        "--strategy",
        "greedy",
        "--strategy",
        "random",
        "--strategy",
        "greedy",
        "--rule",
        "box=-40",
        "--seed",
        "7",
        "--deals",
        "1500",
        "-j",
        "1",
        "--quiet",
        "--out",
        cli.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for f in ["summary.csv", "scores.csv", "lengths.csv", "ends.csv"] {
        assert_eq!(read(&lib, f), read(&cli, f), "{f}");
    }
    let run: serde_json::Value = serde_json::from_str(&read(&lib, "run.json")).unwrap();
    assert_eq!(run["count"], 1500);
    assert_eq!(run["rules"]["box"], "-40");
    let _ = std::fs::remove_dir_all(&lib);
    let _ = std::fs::remove_dir_all(&cli);
}

struct FirstLegal;

impl Strategy<Golf> for FirstLegal {
    fn act(&mut self, _view: &View<'_>, legal: &[Action], _rng: &mut GameRng) -> Action {
        legal[0]
    }
}

#[test]
fn a_custom_bot_gets_csv_files_and_a_report() {
    let dir = tmp("lib-custom");
    let mine =
        StrategySpec::custom::<Golf>("first", || Box::new(FirstLegal) as Box<dyn Strategy<Golf>>);
    let table = TableSpec::<Golf> {
        rules: Default::default(),
        players: 2,
        seats: vec![mine, resolve::<Golf>("greedy").unwrap()],
        seed: 2026,
    };
    let r = cardsim::cli::simulate_to(&table, Mode::Deals, 400, None, &dir, true).unwrap();
    let summary = read(&dir, "summary.csv");
    assert!(
        summary.starts_with("game,players,variant,unit,seat,strategy,played,"),
        "{summary}"
    );
    assert!(
        summary.contains("golf,2,defaults,deals,0,first,400,"),
        "{summary}"
    );
    assert!(
        summary.contains("golf,2,defaults,deals,1,greedy,400,"),
        "{summary}"
    );
    let html = read(&dir, "report.html");
    assert!(
        html.contains("first") && html.contains("<svg"),
        "a page with charts"
    );
    // `cardsim report` reads the folder as any run's.
    std::fs::remove_file(dir.join("report.html")).unwrap();
    let out = cardsim(&["report", "--quiet", dir.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dir.join("report.html").is_file());
    // The greedy seat beats a first-legal bot nearly always: the run really played.
    let greedy = &r.seat_lines()[1];
    assert!(greedy.win_rate > 0.9, "{}", greedy.win_rate);
    assert!(cardsim::cli::simulate_to(&table, Mode::Deals, 0, None, &dir, false).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}
