//! Turning the shared table arguments into a validated, typed table spec for one game: rules
//! with every `--rule` applied, a legal player count, a strategy per seat.

use super::args::TableArgs;
use crate::error::{Error, Result};
use crate::game::{Game, MAX_SEATS, Rules};
use crate::strategy::{StrategySpec, resolve};

/// A validated table: everything needed to deal and play.
#[derive(Clone, Debug)]
pub struct TableSpec<G: Game> {
    /// The game's rules, every `--rule` applied.
    pub rules: G::Rules,
    /// Players at the table, a count the rules can seat.
    pub players: usize,
    /// Each seat's strategy, `players` entries (seat 0 first).
    pub seats: Vec<StrategySpec>,
    /// The master seed.
    pub seed: u64,
}

/// Applies `KEY=VALUE` switches to the game's default rules; a key given twice is refused
/// (the later value would silently win).
pub fn parse_rules<G: Game>(pairs: &[String]) -> Result<G::Rules> {
    let mut rules = G::Rules::default();
    apply_rules::<G>(&mut rules, pairs, "--rule")?;
    Ok(rules)
}

/// Applies `KEY=VALUE` switches to `rules`, refusing a key given twice among `pairs`;
/// `what` names the switches' source in errors.
pub fn apply_rules<G: Game>(rules: &mut G::Rules, pairs: &[String], what: &str) -> Result<()> {
    let mut seen: Vec<&str> = Vec::new();
    for p in pairs {
        let (k, v) = p
            .split_once('=')
            .ok_or_else(|| Error::input(format!("bad {what} '{p}': expected KEY=VALUE")))?;
        let k = k.trim();
        if seen.contains(&k) {
            return Err(Error::input(format!(
                "{what}: rule '{k}' is given twice; give each switch once"
            )));
        }
        seen.push(k);
        rules.set(k, v.trim())?;
    }
    Ok(())
}

/// The strategy used when none is given: `greedy` where the game has it, else `random`.
pub fn default_strategy<G: Game>() -> &'static str {
    if G::bots().iter().any(|b| b.name == "greedy") {
        "greedy"
    } else {
        "random"
    }
}

/// Validates the shared table arguments for game `G`, where each `--strategy` takes a seat
/// (more strategies than seats are refused: the extra ones would never play).
pub fn table<G: Game>(a: &TableArgs) -> Result<TableSpec<G>> {
    let t = pool_table::<G>(a)?;
    if a.strategies.len() > t.players {
        return Err(Error::input(format!(
            "{} strategies for {} seats: give at most one --strategy per seat",
            a.strategies.len(),
            t.players
        )));
    }
    Ok(t)
}

/// Validates the shared table arguments where the strategies are a pool (a tournament:
/// any number, seated in turn).
pub fn pool_table<G: Game>(a: &TableArgs) -> Result<TableSpec<G>> {
    let rules = parse_rules::<G>(&a.rules)?;
    let players = a.players.unwrap_or(G::DEFAULT_PLAYERS);
    if players == 0 || players > MAX_SEATS {
        return Err(Error::input(format!(
            "bad --players {players}: {} seats 2 to 8 at most",
            G::NAME
        )));
    }
    G::check_players(&rules, players).map_err(Error::Input)?;
    let names: Vec<String> = if a.strategies.is_empty() {
        vec![default_strategy::<G>().to_string()]
    } else {
        a.strategies.clone()
    };
    let specs = names
        .iter()
        .map(|n| resolve::<G>(n))
        .collect::<Result<Vec<_>>>()?;
    let seats = (0..players)
        .map(|s| specs[s % specs.len()].clone())
        .collect();
    Ok(TableSpec {
        rules,
        players,
        seats,
        seed: a.seed,
    })
}

/// Reads a count as people write it: `1000000`, `1_000_000` or `1e6` (`2.5e5` too), when
/// the value is a whole number that fits in 64 bits; anything else is refused, naming it.
pub fn parse_count(text: &str) -> std::result::Result<u64, String> {
    let bad = || format!("'{text}' is not a whole number (write 1000000, 1_000_000 or 1e6)");
    let t = text.trim();
    let (mantissa, exp) = match t.split_once(['e', 'E']) {
        Some((m, e)) => (m, e.parse::<u32>().map_err(|_| bad())?),
        None => (t, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits_ok = |s: &str| {
        !s.starts_with('_')
            && !s.ends_with('_')
            && s.bytes().all(|b| b.is_ascii_digit() || b == b'_')
    };
    if int.is_empty() || !digits_ok(int) || !digits_ok(frac) || (exp == 0 && !frac.is_empty()) {
        return Err(bad());
    }
    let frac = frac.trim_end_matches('0');
    let shift = exp.checked_sub(frac.len() as u32).ok_or_else(bad)?;
    let digits: String = int
        .chars()
        .chain(frac.chars())
        .filter(|c| *c != '_')
        .collect();
    let n: u64 = digits.parse().map_err(|_| bad())?;
    10u64
        .checked_pow(shift)
        .and_then(|p| n.checked_mul(p))
        .ok_or_else(|| format!("'{text}' is larger than {}", u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::parse_count;

    #[test]
    fn counts_read_as_written_when_whole() {
        assert_eq!(parse_count("1000000"), Ok(1_000_000));
        assert_eq!(parse_count("1_000_000"), Ok(1_000_000));
        assert_eq!(parse_count("1e6"), Ok(1_000_000));
        assert_eq!(parse_count("1E6"), Ok(1_000_000));
        assert_eq!(parse_count("2.5e5"), Ok(250_000));
        assert_eq!(parse_count("2.50e2"), Ok(250));
        assert_eq!(parse_count("0"), Ok(0));
        assert_eq!(parse_count("18446744073709551615"), Ok(u64::MAX));
        for bad in [
            "",
            "1.5",
            "2.55e1",
            "1e",
            "e6",
            "-5",
            "1e-3",
            "_1",
            "1_",
            "1,000",
            "abc",
            "1e20",
            "18446744073709551616",
            "1.e",
            " ",
        ] {
            assert!(parse_count(bad).is_err(), "{bad:?} was accepted");
        }
    }
}
