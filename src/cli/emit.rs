//! How every command hands back its results, the same way: the files (CSV + `run.json`) are
//! written into `--out` (a run owns its folder and replaces it as a whole: cardsim's files of
//! an earlier run there are gone once the new ones are in place, all at once; other files
//! are kept; see [`crate::output::write_folder`]), then either a
//! readable table (unless `--quiet`) or, with `--json`, one JSON document on stdout.

use super::args::OutputArgs;
use crate::error::{Error, Result};
use crate::output::{OutFile, write_folder};
use serde_json::{Map, Value};

pub use crate::output::OWN_FILES;

/// Writes `files` into `--out` (if given), with `report.html` made from them when
/// `--report` asks, and shows the results.
pub fn emit(o: &OutputArgs, files: &[OutFile], table: impl FnOnce()) -> Result<()> {
    if let Some(dir) = &o.out {
        write_folder(dir, files, o.report)?;
    }
    if o.json {
        crate::outln!("{}", json_document(files)?);
    } else if !o.quiet {
        table();
    }
    Ok(())
}

/// A CSV cell as JSON: an integer, a number, null when empty, else text.
fn cell(s: &str) -> Value {
    if s.is_empty() {
        Value::Null
    } else if let Ok(i) = s.parse::<i64>() {
        Value::from(i)
    } else if let Some(x) = s.parse::<f64>().ok().filter(|x| x.is_finite()) {
        Value::from(x)
    } else {
        Value::from(s)
    }
}

/// A CSV text as an array of objects keyed by the header.
pub fn csv_rows(text: &[u8]) -> Result<Value> {
    let mut r = csv::Reader::from_reader(text);
    let err = |e: csv::Error| Error::Other(format!("csv: {e}"));
    let head: Vec<String> = r.headers().map_err(err)?.iter().map(String::from).collect();
    let mut rows = Vec::new();
    for rec in r.records() {
        let rec = rec.map_err(err)?;
        let obj: Map<String, Value> = head.iter().cloned().zip(rec.iter().map(cell)).collect();
        rows.push(Value::Object(obj));
    }
    Ok(Value::Array(rows))
}

/// The `--json` document: `run` from run.json, and each CSV file's rows under its stem.
pub fn json_document(files: &[OutFile]) -> Result<Value> {
    let mut doc = Map::new();
    for f in files {
        if let Some(stem) = f.name.strip_suffix(".csv") {
            doc.insert(stem.to_string(), csv_rows(&f.bytes)?);
        } else if f.name == "run.json" {
            let v = serde_json::from_slice(&f.bytes)
                .map_err(|e| Error::Other(format!("run.json: {e}")))?;
            doc.insert("run".into(), v);
        }
    }
    Ok(Value::Object(doc))
}

/// Prints chosen columns of a CSV text as an aligned table: `(header, column)` pairs;
/// numbers are right-aligned, text left-aligned.
pub fn print_csv(text: &[u8], cols: &[(&str, &str)]) -> Result<()> {
    let mut r = csv::Reader::from_reader(text);
    let err = |e: csv::Error| Error::Other(format!("csv: {e}"));
    let head: Vec<String> = r.headers().map_err(err)?.iter().map(String::from).collect();
    let idx: Vec<Option<usize>> = cols
        .iter()
        .map(|(_, c)| head.iter().position(|h| h == c))
        .collect();
    // A column the file does not hold is the caller's mistake: it would print empty
    // (`tests/cli_tables.rs` prints every table in a debug build).
    debug_assert!(
        idx.iter().all(Option::is_some),
        "table column missing from the CSV: {:?} not in {head:?}",
        cols.iter()
            .zip(&idx)
            .filter(|(_, i)| i.is_none())
            .map(|((_, c), _)| c)
            .collect::<Vec<_>>()
    );
    let mut rows: Vec<Vec<String>> = vec![cols.iter().map(|(h, _)| h.to_string()).collect()];
    for rec in r.records() {
        let rec = rec.map_err(err)?;
        rows.push(
            idx.iter()
                .map(|i| i.and_then(|i| rec.get(i)).unwrap_or("").to_string())
                .collect(),
        );
    }
    let width: Vec<usize> = (0..cols.len())
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let numeric: Vec<bool> = (0..cols.len())
        .map(|c| {
            rows[1..]
                .iter()
                .all(|r| r[c].is_empty() || r[c].parse::<f64>().is_ok())
        })
        .collect();
    for row in &rows {
        let line: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, v)| match numeric[c] {
                true => format!("{v:>w$}", w = width[c]),
                false => format!("{v:<w$}", w = width[c]),
            })
            .collect();
        crate::outln!("{}", line.join("  ").trim_end());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_cells_become_typed_json() {
        let v = csv_rows(b"a,b,c,d\n1,2.5,,x\n").unwrap();
        assert_eq!(
            v,
            serde_json::json!([{"a": 1, "b": 2.5, "c": null, "d": "x"}])
        );
    }
}
