//! `cardsim trace --json` (issue 24, item 14): every decision lists its legal actions as the
//! bot protocol writes them (text and structured, with the index chosen), every state line
//! and result names its dealer, and `--matches` traces a whole match with the dealer rotating
//! and the match totals after every deal.

mod common;

use serde_json::Value;

fn trace(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["trace"];
    all.extend_from_slice(args);
    all.push("--json");
    let o = common::cardsim(&all);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn every_decision_lists_its_legal_actions_and_every_state_its_dealer() {
    for game in [
        "golf",
        "lasso",
        "broken-ladder",
        "hand-and-foot",
        "chinchon",
    ] {
        let lines = trace(&[
            game,
            "--deal",
            "2",
            "--strategy",
            "greedy",
            "--strategy",
            "random",
        ]);
        let steps: Vec<&Value> = lines.iter().filter(|l| l["type"] == "action").collect();
        assert!(!steps.is_empty(), "{game}");
        for s in &steps {
            let legal = s["legal"].as_array().unwrap();
            let actions = s["actions"].as_array().unwrap();
            assert!(
                !legal.is_empty() && legal.len() == actions.len(),
                "{game}: {s}"
            );
            let i = s["chosen"].as_u64().expect("an index") as usize;
            assert_eq!(legal[i], s["action"], "{game}: {s}");
            assert_eq!(actions[i], s["structured"], "{game}: {s}");
            assert!(actions.iter().all(|a| a["kind"].is_string()), "{game}: {s}");
        }
        // A real choice somewhere (not only forced moves).
        assert!(
            steps
                .iter()
                .any(|s| s["legal"].as_array().unwrap().len() > 1)
        );
        for l in lines
            .iter()
            .filter(|l| l["type"] == "state" || l["type"] == "result")
        {
            assert_eq!(l["dealer"], 0, "{game}: a lone deal is dealt by seat 0");
        }
    }
}

#[test]
fn matches_rotate_the_dealer_and_carry_the_totals() {
    let lines = trace(&["golf", "--players", "3", "--matches", "--deal", "1"]);
    assert_eq!(lines[0]["type"], "match");
    assert_eq!(lines[0]["match"], 1);
    let states: Vec<&Value> = lines.iter().filter(|l| l["type"] == "state").collect();
    let results: Vec<&Value> = lines.iter().filter(|l| l["type"] == "result").collect();
    assert_eq!(states.len(), 9, "golf's match is 9 holes");
    assert_eq!(results.len(), 9);
    let mut sums = [0i64; 3];
    for (k, (s, r)) in states.iter().zip(&results).enumerate() {
        assert_eq!(s["hand"], k as u64);
        assert_eq!(r["hand"], k as u64);
        assert_eq!(s["dealer"], (k % 3) as u64, "the deal passes to the left");
        assert_eq!(r["dealer"], s["dealer"]);
        for (p, sum) in sums.iter_mut().enumerate() {
            *sum += r["scores"][p].as_i64().unwrap();
        }
        let totals: Vec<i64> = r["totals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_i64().unwrap())
            .collect();
        assert_eq!(totals, sums.to_vec(), "golf's totals add the deal scores");
    }
    let last = lines.last().unwrap();
    assert_eq!(last["type"], "match_result");
    assert_eq!(last["totals"], results[8]["totals"]);
    assert_eq!(last["deals"], 9);
    // The lowest total wins Golf's match.
    let low = sums.iter().min().unwrap();
    for w in last["winners"].as_array().unwrap() {
        assert_eq!(sums[w.as_u64().unwrap() as usize], *low);
    }
}
