//! Usage errors (what clap refuses before cardsim runs) are one line on stderr, with the
//! project's one error prefix, clap's tip kept on that line and the help to read, exit 2;
//! `--help` and `--version` still print in full, exit 0.

mod common;
use common::cardsim;

#[test]
fn every_usage_error_is_one_line_with_the_prefix_and_exit_2() {
    let cases: &[(&[&str], &[&str])] = &[
        (
            &["simulate", "golf", "--bogus"],
            &[
                "unexpected argument '--bogus'",
                "try 'cardsim simulate --help'",
            ],
        ),
        (
            &["simulate", "golf", "--deals", "x"],
            &["invalid value 'x' for '--deals", "1e6", "--help"],
        ),
        (
            &["simulat"],
            &["unrecognized subcommand 'simulat'", "'simulate'"],
        ),
        (
            &["rules"],
            &[
                "required arguments were not provided",
                "<GAME>",
                "try 'cardsim rules --help'",
            ],
        ),
        (
            &["simulate", "golf", "--deals"],
            &["a value is required for '--deals"],
        ),
        (
            &["simulate", "golf", "--deals", "5", "--matches", "5"],
            &["cannot be used with", "--matches"],
        ),
        (
            &["completions", "fishy"],
            &["invalid value 'fishy'", "bash"],
        ),
        (
            &[],
            &["no command given", "simulate", "try 'cardsim --help'"],
        ),
        (
            &["check"],
            &["required arguments were not provided", "<GAME>"],
        ),
        (&["merge"], &["required arguments", "<DIRS>"]),
    ];
    for (args, wants) in cases {
        let o = cardsim(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.ends_with('\n'), "{args:?}: {err:?}");
        assert!(err.starts_with("cardsim: error: "), "{args:?}: {err}");
        assert!(
            !err["cardsim: error: ".len()..].contains("error:"),
            "{args:?}: {err}"
        );
        for w in *wants {
            assert!(err.contains(w), "{args:?}: {w:?} not in {err}");
        }
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn help_and_version_still_print_in_full() {
    let o = cardsim(&["simulate", "--help"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stdout).lines().count() > 10);
    let o = cardsim(&["--version"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("cardsim "));
}

/// `bench --seconds` takes a time above zero and at most an hour: `inf`, `1e300`, `0` and
/// `nan` are refused at once in one line (a huge value used to run on for hours).
#[test]
fn bench_refuses_a_time_it_cannot_keep() {
    for s in ["inf", "1e300", "0", "nan", "3601"] {
        let o = cardsim(&["bench", "golf", "--seconds", s, "--repeat", "1"]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_ne!(o.status.code(), Some(0), "{s}: {err}");
        assert_eq!(err.lines().count(), 1, "{s}: {err}");
        assert!(err.contains("--seconds"), "{s}: {err}");
        assert!(err.contains("at most 3600"), "{s}: {err}");
        assert!(o.stdout.is_empty(), "{s}");
    }
}
