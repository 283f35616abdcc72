//! Writing results so that nothing is ever seen half-written, mixed or written elsewhere.
//!
//! A run's folder is replaced as a whole ([`write_folder`]): the new files are written into
//! a fresh hidden folder beside `--out` (`.NAME.cardsim-RANDOM`, made with `mkdir`, each file
//! inside created exclusively without following links), the files in `--out` that are not
//! cardsim's are hard-linked into it, and one `renameat2(RENAME_EXCHANGE)` swaps it with
//! `--out`. Before the swap `--out` is the earlier run untouched; after it, the new run
//! complete. The old folder is then removed; one a kill left behind is removed by the next
//! run into the same folder. A single file ([`write_files`], e.g. `report.html`) is written
//! to an exclusive temporary file with an unpredictable name, then renamed into place.
//!
//! A folder being written is locked ([`lock_folder`]: `flock` on the folder itself, so a
//! dead process's lock is gone with it): a second run into it refuses at once.
//! Interrupted writes leave nothing: the temporaries are registered with [`crate::cleanup`].

use crate::error::{Error, Result};
use std::ffi::{CString, OsStr};
use std::fs;
use std::io::Write;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Every file name cardsim writes into an output folder.
pub const OWN_FILES: &[&str] = &[
    "summary.csv",
    "scores.csv",
    "lengths.csv",
    "teams.csv",
    "ends.csv",
    "compare.csv",
    "metrics.csv",
    "variants.csv",
    "best.csv",
    "ntbea.csv",
    "tune.csv",
    "retest.csv",
    "best.toml",
    "panel.csv",
    "tournament.csv",
    "pairwise.csv",
    "bench.csv",
    "search.csv",
    "run.json",
    "shard.json",
    "report.html",
];

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

/// Whether `name` is one of cardsim's files, or a temporary one of an interrupted write
/// (`.NAME.PID.tmp` of older versions, `.NAME.cardsim-RANDOM.tmp` of this one), or a
/// probe of a killed run (`.cardsim-probe-RANDOM`).
pub fn is_own(name: &str) -> bool {
    if OWN_FILES.contains(&name) || name.starts_with(".cardsim-probe-") {
        return true;
    }
    let Some(inner) = name.strip_prefix('.').and_then(|n| n.strip_suffix(".tmp")) else {
        return false;
    };
    inner.rsplit_once('.').is_some_and(|(f, tag)| {
        let tag = tag.strip_prefix("cardsim-").unwrap_or(tag);
        OWN_FILES.contains(&f) && !tag.is_empty() && tag.bytes().all(|b| b.is_ascii_alphanumeric())
    })
}

/// Sixteen hex digits from the kernel's random source (names no one can guess).
fn unpredictable() -> String {
    let mut b = [0u8; 8];
    // SAFETY: getrandom(2) writes at most `b.len()` bytes into `b`.
    let n = unsafe { libc::getrandom(b.as_mut_ptr().cast(), b.len(), 0) };
    if n != b.len() as isize {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        b = (t ^ (std::process::id() as u64).rotate_left(40)).to_le_bytes();
    }
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn cstr(name: &OsStr) -> std::io::Result<CString> {
    CString::new(name.as_bytes())
        .map_err(|_| std::io::Error::from(std::io::ErrorKind::InvalidInput))
}

fn check(r: libc::c_int) -> std::io::Result<libc::c_int> {
    if r < 0 {
        Err(std::io::Error::last_os_error())
    } else {
        Ok(r)
    }
}

/// Opens a folder (`name` inside `at`, or the path itself when `at` is None), never
/// following a link at its last step.
fn open_dir(at: Option<&OwnedFd>, name: &OsStr) -> std::io::Result<OwnedFd> {
    let c = cstr(name)?;
    let flags = libc::O_RDONLY | libc::O_DIRECTORY | libc::O_NOFOLLOW | libc::O_CLOEXEC;
    let at = at.map_or(libc::AT_FDCWD, |f| f.as_raw_fd());
    // SAFETY: a valid NUL-terminated path; the fd returned is owned by the OwnedFd.
    let fd = check(unsafe { libc::openat(at, c.as_ptr(), flags) })?;
    Ok(unsafe { OwnedFd::from_raw_fd(fd) })
}

/// Creates `name` inside the folder `dir` exclusively (never through a link, never over an
/// existing file), writes `bytes` and flushes them to disk.
fn create_at(dir: &OwnedFd, name: &OsStr, bytes: &[u8]) -> std::io::Result<()> {
    let c = cstr(name)?;
    let flags = libc::O_WRONLY | libc::O_CREAT | libc::O_EXCL | libc::O_NOFOLLOW | libc::O_CLOEXEC;
    // SAFETY: as in open_dir; the mode is passed as the variadic third argument.
    let fd =
        check(unsafe { libc::openat(dir.as_raw_fd(), c.as_ptr(), flags, 0o644 as libc::c_uint) })?;
    let mut f = unsafe { fs::File::from_raw_fd(fd) };
    f.write_all(bytes)?;
    f.sync_all()
}

/// The folders locked by this process, with their open handles (the `flock` lives as long
/// as the handle).
static LOCKS: Mutex<Vec<(PathBuf, OwnedFd)>> = Mutex::new(Vec::new());

/// The real path of `dir`, created if missing.
fn real_folder(dir: &Path) -> Result<PathBuf> {
    if dir.exists() && !dir.is_dir() {
        return Err(Error::input(format!(
            "--out {}: exists and is not a folder",
            dir.display()
        )));
    }
    fs::create_dir_all(dir).map_err(|e| out_err(dir, e))?;
    fs::canonicalize(dir).map_err(|e| out_err(dir, e))
}

/// Locks the output folder `dir` (created if missing) for this process until its files are
/// written ([`write_folder`]) or the process ends. Another cardsim holding it: one line,
/// at once. The lock is the kernel's `flock` on the folder, so a dead process holds none.
pub fn lock_folder(dir: &Path) -> Result<()> {
    let real = real_folder(dir)?;
    let mut locks = LOCKS.lock().unwrap_or_else(|e| e.into_inner());
    if locks.iter().any(|(p, _)| *p == real) {
        return Ok(());
    }
    for _ in 0..10 {
        let fd = open_dir(None, real.as_os_str()).map_err(|e| out_err(dir, e))?;
        // SAFETY: flock(2) on a descriptor we own.
        if unsafe { libc::flock(fd.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
            if std::io::Error::last_os_error().raw_os_error() != Some(libc::EWOULDBLOCK) {
                return Ok(()); // a file system without locks: run unlocked, as before
            }
            return Err(Error::input(format!(
                "--out {}: another cardsim is writing into this folder now; wait for it or choose another folder",
                dir.display()
            )));
        }
        // The folder we locked must still be the one at that path (a run that just
        // finished swapped in a new one).
        use std::os::unix::fs::MetadataExt;
        let here = fs::metadata(&real).ok().map(|m| (m.dev(), m.ino()));
        let f = fs::File::from(fd);
        let ours = f.metadata().ok().map(|m| (m.dev(), m.ino()));
        if here == ours {
            locks.push((real, OwnedFd::from(f)));
            return Ok(());
        }
    }
    Err(Error::input(format!(
        "--out {}: keeps being replaced by another process",
        dir.display()
    )))
}

/// Releases this process's lock on `real` (the folder's real path).
fn unlock(real: &Path) {
    let mut locks = LOCKS.lock().unwrap_or_else(|e| e.into_inner());
    locks.retain(|(p, _)| p != real);
}

/// Checks that `--out` can be written before a long run: a folder, or a path whose nearest
/// existing folder takes a file. An existing folder is locked for this run at once; a new
/// one is made (and locked) only when the results are written, so a failed run leaves none.
pub fn check_out_folder(dir: &Path) -> Result<()> {
    if dir.exists() && !dir.is_dir() {
        return Err(Error::input(format!(
            "--out {}: exists and is not a folder",
            dir.display()
        )));
    }
    let mut p = dir;
    while !p.exists() {
        match p.parent() {
            Some(q) if !q.as_os_str().is_empty() => p = q,
            _ => p = Path::new("."),
        }
    }
    if !p.is_dir() {
        return Err(Error::input(format!(
            "--out {}: {} is not a folder",
            dir.display(),
            p.display()
        )));
    }
    let fd = open_dir(None, p.as_os_str()).map_err(|e| out_err(p, e))?;
    let cannot = |e| Error::input(format!("--out {}: cannot write there: {e}", dir.display()));
    // An unnamed file first (O_TMPFILE: nothing a kill could leave behind), else a named one.
    let dot = cstr(OsStr::new(".")).map_err(|e| out_err(dir, e))?;
    let flags = libc::O_TMPFILE | libc::O_WRONLY | libc::O_CLOEXEC;
    // SAFETY: openat(2) of an unnamed file in the folder we opened; closed at once.
    let t = unsafe { libc::openat(fd.as_raw_fd(), dot.as_ptr(), flags, 0o600 as libc::c_uint) };
    if t >= 0 {
        drop(unsafe { OwnedFd::from_raw_fd(t) });
    } else {
        let e = std::io::Error::last_os_error();
        if matches!(
            e.raw_os_error(),
            Some(libc::EACCES | libc::EROFS | libc::EPERM)
        ) {
            return Err(cannot(e));
        }
        let probe = format!(".cardsim-probe-{}", unpredictable());
        create_at(&fd, OsStr::new(&probe), b"").map_err(cannot)?;
        let c = cstr(OsStr::new(&probe)).map_err(|e| out_err(dir, e))?;
        // SAFETY: unlinkat(2) of the probe just created in the folder we opened.
        unsafe { libc::unlinkat(fd.as_raw_fd(), c.as_ptr(), 0) };
    }
    if dir.is_dir() {
        lock_folder(dir)?;
    }
    Ok(())
}

/// Writes every file into the existing (or new) folder `dir`, each through an exclusive
/// temporary file renamed into place: for a file added to a folder (`report.html`).
pub fn write_files(dir: &Path, files: &[OutFile]) -> Result<()> {
    fs::create_dir_all(dir).map_err(|e| out_err(dir, e))?;
    let fd = open_dir(None, dir.as_os_str()).map_err(|e| out_err(dir, e))?;
    for f in files {
        let tmp = format!(".{}.cardsim-{}.tmp", f.name, unpredictable());
        let (tmp_path, fin) = (dir.join(&tmp), dir.join(&f.name));
        let made = crate::cleanup::create_registered(&tmp_path, || {
            create_at(&fd, OsStr::new(&tmp), &f.bytes)
        });
        let r = made.and_then(|_| {
            let (a, b) = (cstr(OsStr::new(&tmp))?, cstr(OsStr::new(&f.name))?);
            // SAFETY: renameat(2) of two names inside the folder we opened.
            check(unsafe { libc::renameat(fd.as_raw_fd(), a.as_ptr(), fd.as_raw_fd(), b.as_ptr()) })
        });
        if r.is_err() {
            let _ = fs::remove_file(&tmp_path);
        }
        crate::cleanup::forget(&tmp_path);
        r.map_err(|e| out_err(&fin, e))?;
    }
    Ok(())
}

/// Writes a run's files as its whole folder `dir`, all or nothing (see the module docs);
/// with `report`, `report.html` made from them too. Files in `dir` that are not cardsim's
/// are kept; cardsim's of an earlier run that this one does not write are gone.
pub fn write_folder(dir: &Path, files: &[OutFile], report: bool) -> Result<()> {
    let existed = dir.is_dir();
    lock_folder(dir)?;
    let real = real_folder(dir)?;
    let cwd = std::env::current_dir().and_then(fs::canonicalize).ok();
    let r = if cwd.as_deref() == Some(&real) {
        // Swapping the current folder away would leave the shell in the old one.
        in_place(&real, files, report)
    } else {
        swap_in(dir, &real, files, report)
    };
    if r.is_err() {
        crate::cleanup::park_if_interrupted();
        if !existed {
            let _ = fs::remove_dir(&real); // only when empty: the folder made for this run
        }
    }
    unlock(&real);
    r
}

/// The work of [`write_folder`] on the folder's real path.
fn swap_in(dir: &Path, real: &Path, files: &[OutFile], report: bool) -> Result<()> {
    let (Some(parent), Some(name)) = (real.parent(), real.file_name()) else {
        return Err(Error::input(format!(
            "--out {}: not a folder a run can own",
            dir.display()
        )));
    };
    let pfd = open_dir(None, parent.as_os_str()).map_err(|e| out_err(parent, e))?;
    let prefix = format!(".{}.cardsim-", name.to_string_lossy());
    // Folders an earlier, killed run left (we hold the lock: no live run is using one).
    for e in fs::read_dir(parent)
        .map_err(|e| out_err(parent, e))?
        .flatten()
    {
        let n = e.file_name().to_string_lossy().into_owned();
        if n.starts_with(&prefix) && e.file_type().is_ok_and(|t| t.is_dir()) {
            let _ = fs::remove_dir_all(e.path());
        }
    }
    let stage = format!("{prefix}{}", unpredictable());
    let stage_path = parent.join(&stage);
    let cs = cstr(OsStr::new(&stage)).map_err(|e| out_err(&stage_path, e))?;
    let made = crate::cleanup::create_registered(&stage_path, || {
        // SAFETY: mkdirat(2) of a new name in the folder we opened.
        check(unsafe { libc::mkdirat(pfd.as_raw_fd(), cs.as_ptr(), 0o700) })
    });
    if made.as_ref().is_err_and(|e| {
        matches!(
            e.raw_os_error(),
            Some(libc::EACCES | libc::EPERM | libc::EROFS)
        )
    }) {
        // The folder's parent takes no new folder: write the files one by one.
        crate::cleanup::forget(&stage_path);
        return in_place(real, files, report);
    }
    let r = made
        .map_err(|e| out_err(&stage_path, e))
        .and_then(|_| fill(&pfd, &stage, &stage_path, real, name, files, report));
    let _ = fs::remove_dir_all(&stage_path);
    crate::cleanup::forget(&stage_path);
    if let Ok(d) = fs::File::open(parent) {
        let _ = d.sync_all();
    }
    match r {
        // A file system that cannot exchange two names (some network ones): file by file.
        Ok(false) => in_place(real, files, report),
        Ok(true) => Ok(()),
        Err(e) => Err(e),
    }
}

/// The fallback when the folder cannot be swapped (it is the current folder, or its parent
/// is not writable): each file renamed into place, then cardsim's files of an earlier run
/// removed. Each file is whole, but a failure midway can leave two runs' files.
fn in_place(real: &Path, files: &[OutFile], report: bool) -> Result<()> {
    write_files(real, files)?;
    let mut written: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
    if report {
        let html = crate::report::render(real)?;
        write_files(real, &[OutFile::new(crate::report::FILE, html)])?;
        written.push(crate::report::FILE);
    }
    for e in fs::read_dir(real).map_err(|e| out_err(real, e))?.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let file = e.file_type().is_ok_and(|t| t.is_file());
        if file && is_own(&name) && !written.contains(&name.as_str()) {
            fs::remove_file(e.path()).map_err(|err| out_err(&e.path(), err))?;
        }
    }
    Ok(())
}

/// Fills the staging folder and swaps it with the run's folder: false when the file system
/// cannot swap (nothing changed).
fn fill(
    pfd: &OwnedFd,
    stage: &str,
    stage_path: &Path,
    real: &Path,
    name: &OsStr,
    files: &[OutFile],
    report: bool,
) -> Result<bool> {
    let sfd = open_dir(Some(pfd), OsStr::new(stage)).map_err(|e| out_err(stage_path, e))?;
    for f in files {
        create_at(&sfd, OsStr::new(&f.name), &f.bytes)
            .map_err(|e| out_err(&real.join(&f.name), e))?;
    }
    if report {
        let html = crate::report::render(stage_path)?;
        let f = crate::report::FILE;
        create_at(&sfd, OsStr::new(f), html.as_bytes()).map_err(|e| out_err(&real.join(f), e))?;
    }
    // What is not cardsim's stays: hard links to the same files.
    let ofd = open_dir(Some(pfd), name).map_err(|e| out_err(real, e))?;
    for e in fs::read_dir(real).map_err(|e| out_err(real, e))?.flatten() {
        let n = e.file_name();
        if e.file_type().is_ok_and(|t| t.is_dir()) {
            return Err(Error::input(format!(
                "--out {}: holds a folder, {}; a run replaces its folder as a whole and moves no folder, so give it a folder of its own",
                real.display(),
                n.to_string_lossy()
            )));
        }
        if is_own(&n.to_string_lossy()) {
            continue;
        }
        let c = cstr(&n).map_err(|err| out_err(&e.path(), err))?;
        // SAFETY: linkat(2) between two folders we opened; 0: a link is linked, not followed.
        check(unsafe { libc::linkat(ofd.as_raw_fd(), c.as_ptr(), sfd.as_raw_fd(), c.as_ptr(), 0) })
            .map_err(|err| out_err(&e.path(), err))?;
    }
    use std::os::unix::fs::PermissionsExt;
    let mode = fs::metadata(real).map_or(0o755, |m| m.permissions().mode() & 0o7777);
    // SAFETY: fchmod(2) and fsync(2) on the staging folder we made.
    unsafe {
        libc::fchmod(sfd.as_raw_fd(), mode as libc::mode_t);
        libc::fsync(sfd.as_raw_fd());
    }
    let (a, b) = (
        cstr(OsStr::new(stage)).map_err(|e| out_err(stage_path, e))?,
        cstr(name).map_err(|e| out_err(real, e))?,
    );
    let r = crate::cleanup::while_committing(|| {
        // SAFETY: renameat2(2) exchanging two names inside the folder we opened.
        check(unsafe {
            libc::renameat2(
                pfd.as_raw_fd(),
                a.as_ptr(),
                pfd.as_raw_fd(),
                b.as_ptr(),
                libc::RENAME_EXCHANGE,
            )
        })
        .map(|_| ())
    });
    match r {
        Ok(()) => Ok(true),
        Err(e)
            if matches!(
                e.raw_os_error(),
                Some(libc::EINVAL | libc::ENOSYS | libc::EOPNOTSUPP)
            ) =>
        {
            Ok(false)
        }
        Err(e) => Err(out_err(real, e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut n: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        n.sort();
        n
    }

    #[test]
    fn a_folder_is_replaced_whole_keeping_other_files() {
        let top = std::env::temp_dir().join(format!("cardsim-files-{}", std::process::id()));
        let _ = fs::remove_dir_all(&top);
        let dir = top.join("out");
        write_folder(
            &dir,
            &[
                OutFile::new("summary.csv", "x\n1\n"),
                OutFile::new("scores.csv", "s"),
            ],
            false,
        )
        .unwrap();
        fs::write(dir.join("notes.txt"), "mine").unwrap();
        write_folder(
            &dir,
            &[
                OutFile::new("summary.csv", "x\n2\n"),
                OutFile::new("run.json", "{}"),
            ],
            false,
        )
        .unwrap();
        assert_eq!(names(&dir), ["notes.txt", "run.json", "summary.csv"]);
        assert_eq!(
            fs::read_to_string(dir.join("summary.csv")).unwrap(),
            "x\n2\n"
        );
        assert_eq!(names(&top), ["out"]);
        fs::remove_dir_all(&top).unwrap();
    }

    #[test]
    fn a_planted_link_is_not_followed() {
        let top = std::env::temp_dir().join(format!("cardsim-files-link-{}", std::process::id()));
        let _ = fs::remove_dir_all(&top);
        fs::create_dir_all(&top).unwrap();
        let victim = top.join("victim");
        fs::write(&victim, "keep").unwrap();
        let fd = open_dir(None, top.as_os_str()).unwrap();
        std::os::unix::fs::symlink(&victim, top.join("x.csv")).unwrap();
        assert!(create_at(&fd, OsStr::new("x.csv"), b"bad").is_err());
        assert_eq!(fs::read_to_string(&victim).unwrap(), "keep");
        fs::remove_dir_all(&top).unwrap();
    }

    #[test]
    fn own_files_and_their_temporaries_are_recognised() {
        assert!(is_own("teams.csv") && is_own(".scores.csv.1234.tmp"));
        assert!(is_own(".scores.csv.cardsim-0a1b.tmp"));
        assert!(!is_own("notes.txt") && !is_own(".notes.txt.12.tmp"));
        assert!(!is_own(".scores.csv..tmp"));
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
