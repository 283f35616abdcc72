//! `cardsim completions <shell>` and `cardsim man`: the command line described for shells and
//! for `man`, generated from the clap definitions in [`super::args`] so they never drift.

use super::args::Cli;
use crate::error::Result;
use clap::CommandFactory;
use clap_complete::Shell;

/// The completion script for `shell`.
pub fn completion_script(shell: Shell) -> Vec<u8> {
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "cardsim", &mut buf);
    buf
}

/// The manual page (roff) of cardsim and its commands, one section each.
pub fn man_page() -> Result<Vec<u8>> {
    let cmd = Cli::command();
    let mut buf = Vec::new();
    let io =
        |e: std::io::Error| crate::error::Error::Other(format!("cannot write the man page: {e}"));
    clap_mangen::Man::new(cmd.clone())
        .render(&mut buf)
        .map_err(io)?;
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
    use clap::Command;

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
