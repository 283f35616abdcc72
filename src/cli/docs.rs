//! `cardsim completions <shell>` and `cardsim man`: the command line described for shells and
//! for `man`, generated from the clap definitions in [`super::args`] so they never drift.

use super::args::Cli;
use crate::error::Result;
use crate::game::{Game, Rules};
use crate::games::{GameVisitor, NAMES, with_game};
use clap::{Command, CommandFactory};
use clap_complete::Shell;

/// The completion script for `shell`: besides commands and options, it completes the
/// games, every game's strategies and the `--rule` keys (as `KEY=`).
pub fn completion_script(shell: Shell) -> Vec<u8> {
    let mut buf = Vec::new();
    // Built first: every positional then has its index, which `mut_arg` (moving an argument
    // to the end of the list) leaves alone.
    let mut cmd = Cli::command();
    cmd.build();
    clap_complete::generate(shell, &mut completing(cmd), "cardsim", &mut buf);
    buf
}

/// Every game's strategy names, and every game's rule keys as `KEY=`, each once.
struct Words;

impl GameVisitor for Words {
    type Out = (Vec<String>, Vec<String>);
    fn visit<G: Game>(self) -> Self::Out {
        let keys = <G::Rules as Rules>::switches()
            .iter()
            .map(|s| format!("{}=", s.key))
            .collect();
        (crate::strategy::list_names::<G>(), keys)
    }
}

/// `cmd` with the values its completions offer: the games for a `game` argument, the
/// strategies of all games for `--strategy`, the rule keys for `--rule`. Only the
/// completion scripts see these lists; parsing stays as it is (knob file paths, `exec:`
/// commands and unknown names still reach cardsim's own checks and suggestions).
fn completing(cmd: Command) -> Command {
    let (mut strategies, mut keys) = (Vec::new(), Vec::new());
    for g in NAMES {
        let (s, k) = with_game(g, Words).unwrap_or_default();
        strategies.extend(s);
        keys.extend(k);
    }
    for list in [&mut strategies, &mut keys] {
        let mut seen = std::collections::HashSet::new();
        list.retain(|w| seen.insert(w.clone()));
    }
    hint(
        cmd,
        NAMES.iter().map(|s| s.to_string()).collect(),
        strategies,
        keys,
    )
}

fn hint(
    mut cmd: Command,
    games: Vec<String>,
    strategies: Vec<String>,
    keys: Vec<String>,
) -> Command {
    let ids: Vec<String> = cmd
        .get_arguments()
        .map(|a| a.get_id().to_string())
        .collect();
    for (id, words) in [
        ("game", &games),
        ("strategies", &strategies),
        ("rules", &keys),
    ] {
        if ids.iter().any(|i| i == id) {
            // The completion script is made once per process: leaking its few words is
            // how clap takes values known only at run time.
            let words: Vec<&'static str> = words
                .iter()
                .map(|w| &*Box::leak(w.clone().into_boxed_str()))
                .collect();
            let parser = clap::builder::PossibleValuesParser::new(words);
            cmd = cmd.mut_arg(id, |a| a.value_parser(parser).hide_possible_values(true));
        }
    }
    let subs: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in subs {
        cmd = cmd.mut_subcommand(name, |s| {
            hint(s, games.clone(), strategies.clone(), keys.clone())
        });
    }
    cmd
}

/// The sections of the manual page after the options: exit status, environment, files.
const MAN_EXTRA: &str = r#".SH "EXIT STATUS"
.TP
\fB0\fR
Success.
.TP
\fB1\fR
A failure that is not the input's fault: a bot process that broke the protocol, a write to
stdout that failed.
.TP
\fB2\fR
Bad input: an unknown game, strategy, switch or value, bad card text, an impossible player
count, an unwritable \fB\-\-out\fR folder, a folder that \fBmerge\fR or \fBrerun\fR
refuses. The message is one line on stderr, starting \fBcardsim: error:\fR.
.TP
\fB130\fR
Interrupted by SIGINT or SIGTERM; temporary files are removed. The first SIGINT (Ctrl\-C) of
\fBsimulate\fR or \fBcompare\fR first writes the results of the deals played so far (the
same as a run of that many); a second SIGINT aborts.
.SH ENVIRONMENT
.TP
\fBCARDSIM_PROGRESS_SECS\fR
Seconds between progress lines where stderr is not a terminal (default 30).
.TP
\fBCARDSIM_STRATEGIES\fR
Folders, separated by colons like \fBPATH\fR, searched first for knob files: each holds
\fIgame\fR/\fIname\fR.toml, which \fB\-\-strategy\fR \fIname\fR then finds.
.TP
\fBSLURM_CPUS_PER_TASK\fR
When set, the default number of threads is at most this.
.SH FILES
.TP
\fB./strategies/\fR\fIgame\fR\fB/\fR\fIname\fR\fB.toml\fR
Knob files found by \fB\-\-strategy\fR \fIname\fR from the current folder, after those of
\fBCARDSIM_STRATEGIES\fR; the shipped ones are also built into the binary.
.TP
\fIDIR\fR\fB/run.json\fR, \fIDIR\fR\fB/*.csv\fR, \fIDIR\fR\fB/report.html\fR
What a run with \fB\-\-out\fR \fIDIR\fR writes: \fBrun.json\fR records the run, so
\fBcardsim rerun\fR \fIDIR\fR replays it byte for byte.
"#;

/// The manual page (roff) of cardsim and its commands, one section each.
pub fn man_page() -> Result<Vec<u8>> {
    let cmd = Cli::command();
    let mut buf = Vec::new();
    let io =
        |e: std::io::Error| crate::error::Error::Other(format!("cannot write the man page: {e}"));
    clap_mangen::Man::new(cmd.clone())
        .render(&mut buf)
        .map_err(io)?;
    buf.extend_from_slice(MAN_EXTRA.as_bytes());
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        let man = clap_mangen::Man::new(sub.clone()).title(format!("cardsim-{}", sub.get_name()));
        buf.extend_from_slice(b".bp\n");
        man.render_title(&mut buf).map_err(io)?;
        man.render_name_section(&mut buf).map_err(io)?;
        man.render_synopsis_section(&mut buf).map_err(io)?;
        man.render_description_section(&mut buf).map_err(io)?;
        man.render_options_section(&mut buf).map_err(io)?;
        man.render_extra_section(&mut buf).map_err(io)?;
    }
    Ok(buf)
}

pub fn completions(shell: Shell) -> Result<()> {
    crate::out!("{}", String::from_utf8_lossy(&completion_script(shell)));
    Ok(())
}

pub fn man() -> Result<()> {
    crate::out!("{}", String::from_utf8_lossy(&man_page()?));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completions_offer_games_strategies_and_rule_keys() {
        // Fish completes option values, not positionals: its script names no games.
        let fish = String::from_utf8(completion_script(Shell::Fish)).unwrap();
        assert!(fish.contains("greedy") && fish.contains("box="), "fish");
        for shell in [Shell::Bash, Shell::Zsh] {
            let script = String::from_utf8(completion_script(shell)).unwrap();
            for w in [
                "broken-ladder",
                "chinchon",
                "greedy",
                "ismcts-fast",
                "cautious",
                "box=",
                "final_turns=",
            ] {
                assert!(script.contains(w), "{shell}: no '{w}'");
            }
        }
    }

    #[test]
    fn the_man_page_has_exit_status_environment_and_files() {
        let page = String::from_utf8(man_page().unwrap()).unwrap();
        for s in [
            ".SH \"EXIT STATUS\"",
            ".SH ENVIRONMENT",
            ".SH FILES",
            "CARDSIM_STRATEGIES",
            "\\fB130\\fR",
        ] {
            assert!(page.contains(s), "no {s}");
        }
        assert!(!page.contains("\\\\f"), "doubled backslashes");
    }

    /// Every argument of every command, with the path of commands that leads to it, whose
    /// help text is missing or empty.
    fn undocumented(cmd: &Command, path: &str, out: &mut Vec<String>) {
        let here = format!("{path} {}", cmd.get_name());
        for a in cmd.get_arguments() {
            let id = a.get_id().as_str();
            if id == "help" || id == "version" {
                continue;
            }
            let doc = a.get_help().or(a.get_long_help()).map(|h| h.to_string());
            if doc.is_none_or(|d| d.trim().is_empty()) {
                out.push(format!("{here}: {id}"));
            }
        }
        for s in cmd.get_subcommands() {
            if s.get_about().is_none() && s.get_name() != "help" {
                out.push(format!("{here} {}: no about", s.get_name()));
            }
            undocumented(s, &here, out);
        }
    }

    #[test]
    fn every_option_and_command_has_help_text() {
        let mut missing = Vec::new();
        undocumented(&Cli::command(), "", &mut missing);
        assert!(missing.is_empty(), "without help text: {missing:?}");
    }

    #[test]
    fn the_help_walk_finds_an_argument_without_help() {
        let cmd = Command::new("x").arg(clap::Arg::new("bare").long("bare"));
        let mut missing = Vec::new();
        undocumented(&cmd, "", &mut missing);
        assert_eq!(missing, vec![" x: bare".to_string()]);
    }

    #[test]
    fn completions_name_every_command_for_every_shell() {
        let names: Vec<String> = Cli::command()
            .get_subcommands()
            .map(|s| s.get_name().to_string())
            .collect();
        assert!(names.contains(&"simulate".to_string()) && names.contains(&"man".to_string()));
        for shell in [Shell::Bash, Shell::Zsh, Shell::Fish, Shell::PowerShell] {
            let script = String::from_utf8(completion_script(shell)).unwrap();
            for n in &names {
                assert!(script.contains(n.as_str()), "{shell}: no '{n}'");
            }
            let threads = if shell == Shell::Fish {
                "-l threads"
            } else {
                "--threads"
            };
            assert!(script.contains(threads), "{shell}: no --threads");
        }
    }

    #[test]
    fn the_man_page_has_a_section_per_command_with_its_options() {
        let page = String::from_utf8(man_page().unwrap()).unwrap();
        assert!(
            page.starts_with(".ie") || page.contains(".TH cardsim"),
            "{}",
            &page[..200]
        );
        for s in Cli::command().get_subcommands() {
            if s.get_name() != "help" {
                let title = format!(".TH cardsim-{}", s.get_name());
                assert!(page.contains(&title), "no {title}");
            }
        }
        assert!(page.contains("\\-\\-threads"), "options are listed");
    }
}
