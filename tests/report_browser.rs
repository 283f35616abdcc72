//! The report in a real browser: headless Chromium opens one small report from disk, its
//! DOM must be the page (not an error page) with every chart, and its screenshot must be a
//! real picture of the page. Without Chromium the test is skipped with a note, unless `CI`
//! is set or `CARDSIM_BROWSER_TEST=1`, where a missing browser fails it (`.ci/run` installs
//! Debian's `chromium` package when it is missing).

mod common;

use common::{cardsim, tmp};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The first of `chromium`, `chromium-browser` found on PATH.
fn browser() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser"].iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|d| d.join(name))
            .find(|p| p.is_file())
    })
}

/// Whether a missing browser must fail the test.
fn required() -> bool {
    std::env::var_os("CI").is_some_and(|v| !v.is_empty())
        || std::env::var("CARDSIM_BROWSER_TEST").is_ok_and(|v| v == "1")
}

/// Runs headless Chromium on `url` with `args`, killing it after a minute.
fn chromium(bin: &Path, profile: &Path, args: &[&str], url: &str) -> Output {
    let mut child = Command::new(bin)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(url)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chromium starts");
    let start = Instant::now();
    while child.try_wait().expect("waits").is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("chromium did not finish within a minute");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().expect("output")
}

/// A PNG's width and height (from its IHDR chunk).
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    let be = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().unwrap());
    (be(16), be(20))
}

#[test]
fn a_report_opens_from_disk_in_chromium() {
    let Some(bin) = browser() else {
        if required() {
            panic!(
                "the browser test needs Chromium (chromium or chromium-browser on PATH): \
                 apt-get install chromium (CI or CARDSIM_BROWSER_TEST=1 make it required)"
            );
        }
        eprintln!(
            "skipped: no chromium on PATH (install Debian's chromium package to run this test)"
        );
        return;
    };
    let d = tmp("report-browser");
    let dir = d.to_str().unwrap();
    let o = cardsim(&[
        "simulate", "golf", "--deals", "500", "--out", dir, "--report", "-q",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let page = std::fs::canonicalize(d.join("report.html")).unwrap();
    let url = format!("file://{}", page.display());
    let html = std::fs::read_to_string(&page).unwrap();
    let profile = d.join("profile");

    let dom = chromium(&bin, &profile, &["--dump-dom"], &url);
    let text = String::from_utf8_lossy(&dom.stdout);
    assert!(
        dom.status.success(),
        "{}",
        String::from_utf8_lossy(&dom.stderr)
    );
    let error_page = text.contains("chrome-error") || text.contains("ERR_");
    assert!(!error_page, "the page did not load: {text}");
    assert!(text.contains("Win rate by seat"), "{text}");
    let charts = |s: &str| s.matches("<figure class=\"chart\"").count();
    assert_eq!(charts(&text), charts(&html));
    assert_eq!(text.matches("<svg").count(), html.matches("<svg").count());

    let shot = d.join("report.png");
    let arg = format!("--screenshot={}", shot.display());
    let s = chromium(&bin, &profile, &[&arg, "--window-size=1200,2400"], &url);
    assert!(s.status.success(), "{}", String::from_utf8_lossy(&s.stderr));
    let png = std::fs::read(&shot).expect("a screenshot");
    assert_eq!(png_size(&png), (1200, 2400));
    // A blank or error page compresses to a few kilobytes; charts and text do not.
    assert!(
        png.len() > 40_000,
        "the screenshot is nearly empty ({} bytes)",
        png.len()
    );
    std::fs::remove_dir_all(&d).unwrap();
}
