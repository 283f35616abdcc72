//! The balance lab on the page: the game-quality metrics of a simulate or compare folder
//! (`metrics.csv`, with intervals and, for compare, the differences from the baseline), and
//! a `balance` folder's race (`variants.csv`, `run.json`'s race): survivors and
//! eliminations per round, every variant's objective with its interval (the front the race
//! closed in on), and the fresh-seed re-test (`best.csv`).

use super::chart::{PALETTE, WIDTH, figure, legend};
use super::data::{Csv, read_csv, read_csv_opt};
use super::dotplot::{Dot, DotPlot, draw};
use super::fmt::{dec, esc};
use super::page::{html, numbers, section, table, txt, val, wrap};
use crate::error::{Error, Result};
use std::path::Path;

/// A number as the page shows metrics: up to 4 decimals, "–" when empty.
fn show(csv: &Csv, r: usize, c: usize) -> String {
    let t = csv.text(r, c);
    match t.parse::<f64>() {
        Ok(x) => dec(x, 4),
        Err(_) => "–".into(),
    }
}

/// `[lo, hi]` of two columns, or empty.
fn interval(csv: &Csv, r: usize, lo: usize, hi: usize) -> String {
    if csv.text(r, lo).is_empty() {
        String::new()
    } else {
        format!("[{}, {}]", show(csv, r, lo), show(csv, r, hi))
    }
}

/// The "Game-quality metrics" section of a folder with `metrics.csv` (empty without one).
pub fn metrics(dir: &Path, level: usize) -> Result<String> {
    let Some(m) = read_csv_opt(dir, "metrics.csv")? else {
        return Ok(String::new());
    };
    let (variant, metric, value, lo, hi) = (
        m.col("variant")?,
        m.col("metric")?,
        m.col("value")?,
        m.col("lo")?,
        m.col("hi")?,
    );
    let diff = m.col("diff").ok();
    let mut head = vec!["variant", "metric", "value", "95% interval"];
    if diff.is_some() {
        head.extend(["diff vs baseline", "95% interval", "Holm p"]);
    }
    let mut rows = Vec::new();
    for r in 0..m.rows.len() {
        let mut row = vec![
            txt(m.text(r, variant)),
            txt(m.text(r, metric)),
            val(show(&m, r, value), m.text(r, value)),
            txt(&interval(&m, r, lo, hi)),
        ];
        if let Some(d) = diff {
            let (dl, dh, p) = (m.col("diff_lo")?, m.col("diff_hi")?, m.col("p_holm")?);
            row.push(val(show(&m, r, d), m.text(r, d)));
            row.push(txt(&interval(&m, r, dl, dh)));
            row.push(val(show(&m, r, p), m.text(r, p)));
        }
        rows.push(row);
    }
    let intro = "Balance, decisiveness, margins, lead changes, luck and length, each with its 95% \
                 interval (docs/balance-lab.md says how each is measured).";
    let body = numbers(
        &format!("{} metric rows (metrics.csv)", m.rows.len()),
        wrap(table("metrics.csv", &head, rows)),
    );
    Ok(section(level, "Game-quality metrics", intro, &body))
}

/// Survivors left after each round and eliminations in it, from `variants.csv`'s
/// `status` and `round_out`: `(round, eliminated, left)` for rounds 1..=rounds.
pub fn rounds(v: &Csv, rounds: usize) -> Result<Vec<(usize, usize, usize)>> {
    let (status, out) = (v.col("status")?, v.col("round_out")?);
    let mut gone = vec![0usize; rounds + 1];
    for r in 0..v.rows.len() {
        if v.text(r, status) == "eliminated" {
            let k = v.count(r, out)? as usize;
            if k == 0 || k > rounds {
                return Err(Error::input(format!(
                    "variants.csv: round_out {k} is outside the race's {rounds} rounds"
                )));
            }
            gone[k] += 1;
        }
    }
    let mut left = v.rows.len();
    Ok((1..=rounds)
        .map(|k| {
            left -= gone[k];
            (k, gone[k], left)
        })
        .collect())
}

/// A `balance` folder's sections: the race, the front, the re-test.
pub fn balance(dir: &Path, level: usize) -> Result<String> {
    let all = read_csv(dir, "variants.csv")?;
    // Under a panel the race's own rows are `panel = worst`; the members' rows get a
    // section of their own.
    let panel_col = all.col("panel").ok();
    let v = match panel_col {
        Some(c) => all.only(c, "worst"),
        None => all.clone(),
    };
    let text = std::fs::read_to_string(dir.join("run.json"))
        .map_err(|e| Error::input(format!("cannot read run.json: {e}")))?;
    let run: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| Error::input(format!("bad run.json: {e}")))?;
    let race = &run["race"];
    let n_rounds = race["rounds"].as_u64().unwrap_or(0) as usize;
    let stopped = race["stopped"].as_str().unwrap_or("?");
    let search = run["search"]["kind"].as_str().unwrap_or("race");
    // The objective is the column after `deals` (whatever columns lead the file).
    let objective = v
        .columns()
        .iter()
        .position(|c| c == "deals")
        .and_then(|i| v.columns().get(i + 1))
        .cloned()
        .ok_or_else(|| Error::input("variants.csv: no objective column"))?;
    // The race, round by round.
    let per = rounds(&v, n_rounds)?;
    // Only the rounds that eliminated someone, and the last.
    let mut rows = Vec::new();
    for (k, gone, left) in per.iter().filter(|(k, g, _)| *g > 0 || *k == n_rounds) {
        rows.push(vec![
            val(k.to_string(), &k.to_string()),
            val(gone.to_string(), &gone.to_string()),
            val(left.to_string(), &left.to_string()),
        ]);
    }
    let mut how = format!(
        "{} variants{}; the race stopped after {} rounds: {}.",
        v.rows.len(),
        if search == "ntbea" {
            format!(
                " (NTBEA's picks from {} candidates, ntbea.csv)",
                run["search"]["candidates"]
                    .as_u64()
                    .map_or("?".into(), |c| c.to_string())
            )
        } else {
            String::new()
        },
        n_rounds,
        esc(stopped)
    );
    if let Some(w) = race["winner"].as_str() {
        how += &format!(" Winner: <b>{}</b>.", esc(&w.replace(';', "; ")));
    }
    let race_body = format!(
        "<p>{how}</p>\n{}",
        wrap(table(
            "variants.csv",
            &["round", "eliminated", "left"],
            rows
        )) + "<p class=\"note\">Rounds that eliminated a variant, and the last round.</p>\n"
    );
    let mut s = section(
        level,
        "The race",
        "Every variant played the same blocks of deals; after each round those significantly \
         worse than the best (or breaking a requirement) were eliminated.",
        &race_body,
    );
    // The front: every variant's objective with its interval, survivors first.
    let (name_c, sw, val_c, lo, hi, status) = (
        v.col("variant")?,
        v.col("switches")?,
        v.col(&objective)?,
        v.col(&format!("{objective}_lo"))?,
        v.col(&format!("{objective}_hi"))?,
        v.col("status")?,
    );
    let mut order: Vec<usize> = (0..v.rows.len()).collect();
    order.sort_by_key(|&r| (v.text(r, status) != "survivor", r));
    order.truncate(40);
    let mut dots = Vec::new();
    for &r in &order {
        let alive = v.text(r, status) == "survivor";
        let Ok(x) = v.text(r, val_c).parse::<f64>() else {
            continue;
        };
        let num = |c: usize| v.text(r, c).parse::<f64>().unwrap_or(f64::NAN);
        // Short switch lists name themselves; long ones go by the variant's name (the
        // table below lists its switches).
        let name = if v.text(r, sw).is_empty() {
            "(base rules)".to_string()
        } else if v.text(r, sw).len() <= 40 {
            v.text(r, sw).to_string()
        } else {
            v.text(r, name_c).to_string()
        };
        dots.push(Dot {
            label: name,
            value: x,
            lo: num(lo),
            hi: num(hi),
            color: if alive { PALETTE[0] } else { PALETTE[7] },
            filled: alive,
            note: dec(x, 5),
        });
    }
    if !dots.is_empty() {
        let tick = |x: f64| dec(x, 4);
        let (svg, points) = draw(&DotPlot {
            dots: &dots,
            x_desc: &objective,
            fmt: &tick,
            reference: Some(0.0),
            range: None,
            alt: &format!("{objective} of every variant with its 95% interval"),
            width: WIDTH,
        })?;
        let leg = legend(&[
            ("survivor".to_string(), PALETTE[0]),
            ("eliminated".to_string(), PALETTE[7]),
        ]);
        let cap = format!(
            "{} of each variant over the blocks it played (lower is better; the race's \
             intervals are wider for variants eliminated early). At most 40 shown, survivors first.",
            esc(&objective)
        );
        let fig = figure("front", points, &objective, &leg, &svg, &cap);
        let mut rows = Vec::new();
        let (blocks, deals, reason) = (v.col("blocks")?, v.col("deals")?, v.col("reason")?);
        for r in 0..v.rows.len() {
            rows.push(vec![
                txt(v.text(r, name_c)),
                txt(&v.text(r, sw).replace(';', "; ")),
                val(v.text(r, blocks).to_string(), v.text(r, blocks)),
                val(v.text(r, deals).to_string(), v.text(r, deals)),
                val(show(&v, r, val_c), v.text(r, val_c)),
                txt(v.text(r, status)),
                txt(v.text(r, reason)),
            ]);
        }
        let head = [
            "variant", "switches", "blocks", "deals", &objective, "status", "reason",
        ];
        let list = numbers(
            &format!("Every raced variant ({})", v.rows.len()),
            wrap(table("variants.csv", &head, rows)),
        );
        s += &section(level, "The front", "", &(fig + &list));
    }
    if panel_col.is_some() {
        s += &super::lab_panel::panel(&all, &objective, level)?;
    }
    s += &super::lab_panel::front(dir, level)?;
    // The re-test.
    if let Some(b) = read_csv_opt(dir, "best.csv")? {
        let mut cols = vec![
            "role",
            "switches",
            "metric",
            "value",
            "lo",
            "hi",
            "diff",
            "p_holm",
            "equivalent",
        ];
        let panel = b.col("panel").is_ok();
        if panel {
            cols.push("panel");
            cols.push("agree");
        }
        let idx: Vec<usize> = cols.iter().map(|c| b.col(c)).collect::<Result<_>>()?;
        let mut rows = Vec::new();
        for r in 0..b.rows.len() {
            rows.push(
                idx.iter()
                    .enumerate()
                    .map(|(i, &c)| {
                        if (3..8).contains(&i) {
                            val(show(&b, r, c), b.text(r, c))
                        } else if i == 10 && b.text(r, c) == "no" {
                            html("<b>no: members disagree</b>".into())
                        } else if i == 1 {
                            // Spaces let a long switch list wrap.
                            txt(&b.text(r, c).replace(';', "; "))
                        } else {
                            txt(b.text(r, c))
                        }
                    })
                    .collect(),
            );
        }
        s += &section(
            level,
            "Re-test on fresh deals",
            if panel {
                "The winner, the base rules and the winner with each switch flipped, on new \
                 deals under each panel member; diff = role − winner, Holm-adjusted p within \
                 each member; equivalent: within ±delta (TOST); agree = no: the members differ \
                 on the sign or the significance of the difference."
            } else if b
                .rows
                .first()
                .is_some_and(|r| r.get(2).is_some_and(|x| x == "base"))
            {
                "The base rules and every front variant on new deals; diff = role − base, \
                 Holm-adjusted p."
            } else {
                "The winner, the base rules and the winner with each switch flipped, on new deals; \
                 diff = role − winner, Holm-adjusted p; equivalent: within ±delta (TOST)."
            },
            &wrap(table("best.csv", &cols, rows)),
        );
    }
    s += &metrics(dir, level)?;
    Ok(s)
}
