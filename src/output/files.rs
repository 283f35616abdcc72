//! Writing a set of files so that none is ever seen half-written: each is written to a hidden
//! temporary file in the target folder, flushed, then renamed over its final name; if any
//! step fails, the temporaries are removed and nothing under a final name has changed; on
//! SIGINT/SIGTERM too ([`crate::cleanup`]).

use crate::error::{Error, Result};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// One file's name and full contents.
pub struct OutFile {
    /// The file name inside the output folder, e.g. `summary.csv`.
    pub name: String,
    /// The whole contents.
    pub bytes: Vec<u8>,
}

impl OutFile {
    /// A file called `name` holding `bytes`.
    pub fn new(name: &str, bytes: impl Into<Vec<u8>>) -> OutFile {
        OutFile {
            name: name.to_string(),
            bytes: bytes.into(),
        }
    }
}

fn out_err(path: &Path, e: std::io::Error) -> Error {
    Error::Output {
        path: path.display().to_string(),
        source: e,
    }
}

/// Writes every file into `dir` (created if missing) atomically per file, all or nothing.
pub fn write_files(dir: &Path, files: &[OutFile]) -> Result<()> {
    fs::create_dir_all(dir).map_err(|e| out_err(dir, e))?;
    let mut temps: Vec<(PathBuf, PathBuf)> = Vec::new();
    let result = (|| {
        for f in files {
            let tmp = dir.join(format!(".{}.{}.tmp", f.name, std::process::id()));
            let fin = dir.join(&f.name);
            temps.push((tmp.clone(), fin));
            crate::cleanup::register(&tmp);
            let mut h = fs::File::create(&tmp).map_err(|e| out_err(&tmp, e))?;
            h.write_all(&f.bytes)
                .and_then(|_| h.sync_all())
                .map_err(|e| out_err(&tmp, e))?;
        }
        for (tmp, fin) in &temps {
            fs::rename(tmp, fin).map_err(|e| out_err(fin, e))?;
        }
        Ok(())
    })();
    for (tmp, _) in &temps {
        if result.is_err() {
            let _ = fs::remove_file(tmp);
        }
        crate::cleanup::forget(tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_all_files_and_leaves_no_temporaries() {
        let dir = std::env::temp_dir().join(format!("cardsim-files-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        write_files(
            &dir,
            &[
                OutFile::new("a.csv", "x\n1\n"),
                OutFile::new("b.json", "{}"),
            ],
        )
        .unwrap();
        let mut names: Vec<String> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["a.csv", "b.json"]);
        assert_eq!(fs::read_to_string(dir.join("a.csv")).unwrap(), "x\n1\n");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_unwritable_folder_is_an_output_error() {
        let file = std::env::temp_dir().join(format!("cardsim-notadir-{}", std::process::id()));
        fs::write(&file, "x").unwrap();
        let e = write_files(&file.join("sub"), &[OutFile::new("a.csv", "x")]).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        fs::remove_file(&file).unwrap();
    }
}
