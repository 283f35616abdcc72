//! `cardsim play <game>`: a person plays one seat in the terminal against bots. The deals
//! are played by the loop every command uses ([`crate::sim::play_deal`]): the person's
//! seat is a strategy that reads a number from stdin, and an observer shows the seat's view,
//! the numbered legal actions and every move made (the bots' and the person's own, once
//! chosen). Only what the seat may see is shown: action texts name a card the seat's view
//! does not show as `??`. The view is shown generically from its JSON: empty fields left out,
//! per-seat lists labelled with the seats (`seat 1 (greedy)`), other lists of objects with
//! their item's name (`pile 2`); a game may draw a field in its own words
//! ([`Game::play_field`]: Lasso's piles) or lay a card list out in rows ([`Game::play_rows`]:
//! Golf's grids). A finished deal is laid open by [`Game::end_lines`] under the end
//! reason's text (`Ended: ...`), then the deal's scores beside the match totals; every card
//! the end lines name is public then, so the last step (a lay-down) names its cards. End of
//! input ends the session cleanly.

use super::args::PlayArgs;
use super::setup::{default_strategy, parse_rules};
use crate::cards::{CardCounts, GameRng};
use crate::error::{Error, Result};
use crate::game::{ActionList, DealResult, Game, MAX_SEATS, MatchProgress, Seat, SeatView};
use crate::games::{GameVisitor, with_game};
use crate::sim::{Observer, deal_rngs, play_deal};
use crate::strategy::{Strategy, StrategySpec, build, check_failures, redact, resolve};
use serde_json::Value;
use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The person's seat: asks for a number until it gets a good one.
struct Person {
    quit: Arc<AtomicBool>,
    /// The bots at the table: when one fails, the game stops with its error.
    bots: Vec<StrategySpec>,
}

impl<G: Game> Strategy<G> for Person {
    fn act(&mut self, _view: &G::View<'_>, legal: &[G::Action], _rng: &mut GameRng) -> G::Action {
        if crate::strategy::any_failed::<G>(&self.bots) {
            self.quit.store(true, Ordering::Relaxed);
        }
        if self.quit.load(Ordering::Relaxed) {
            return legal[0];
        }
        let stdin = std::io::stdin();
        loop {
            out!("Your move (1-{}): ", legal.len());
            crate::stdout::flush();
            let mut bytes = Vec::new();
            match stdin.lock().read_until(b'\n', &mut bytes) {
                Ok(0) | Err(_) => {
                    outln!();
                    self.quit.store(true, Ordering::Relaxed);
                    return legal[0];
                }
                Ok(_) => {}
            }
            // Bytes that are not UTF-8 are a bad answer like any other: ask again.
            let line = String::from_utf8_lossy(&bytes);
            if !std::io::IsTerminal::is_terminal(&stdin) {
                // No terminal echoed the answer: show it, so the screen reads as typed.
                outln!("{}", line.trim());
            }
            match line.trim().parse::<usize>() {
                Ok(n) if (1..=legal.len()).contains(&n) => return legal[n - 1],
                _ => outln!(
                    "  '{}' is not a move: type a number from 1 to {} and press Enter.",
                    line.trim(),
                    legal.len()
                ),
            }
        }
    }
}

/// Shows the table from the person's seat.
struct Screen<'a> {
    me: Seat,
    labels: &'a [String],
    quit: Arc<AtomicBool>,
    /// A step waiting for the state after it (so that cards it turns up show).
    pending: Option<Pending>,
    /// The game's [`Game::play_rows`].
    rows: fn(&str) -> Option<usize>,
    /// The game's [`Game::play_field`].
    field: Field,
}

/// A step echoed once the state after it is known.
struct Pending {
    /// The step as [`Game::describe`] writes it, cards unredacted.
    text: String,
    /// The cards the person was shown before the step.
    before: CardCounts,
    /// The cards the step names as its actor saw it ([`Game::action_json`]): a stock draw
    /// names none. With two decks the person may see another copy of a card drawn unseen,
    /// so the name of a card with a copy hidden from the person is kept only when the step
    /// itself names it, or turns it up for the person.
    named: CardCounts,
}

/// The type of [`Game::play_field`].
type Field = fn(&Value, &str, &dyn Fn(Seat) -> String) -> Option<Vec<String>>;

impl Screen<'_> {
    fn quiet(&self) -> bool {
        self.quit.load(Ordering::Relaxed)
    }

    /// Prints the waiting bot step, naming the cards the person sees before or after it.
    fn flush<G: Game>(&mut self, state: &G) {
        if let Some(p) = self.pending.take() {
            let after = state.view(self.me).shown();
            let mut keep = CardCounts::EMPTY;
            for (c, n) in after.iter() {
                if n > p.before.count(c) {
                    keep.insert(c);
                }
            }
            // A card the person sees, named by the step, or with no copy hidden from the
            // person (one deck): its name tells nothing new.
            let hidden = state.hidden_from(self.me);
            let mut seen = p.before;
            seen.add(&after);
            for (c, _) in seen.iter() {
                if p.named.contains(c) || !hidden.contains(c) {
                    keep.insert(c);
                }
            }
            outln!("  {}", redact::<G>(&p.text, &keep));
        }
    }
}

impl<G: Game> Observer<G> for Screen<'_> {
    fn before(&mut self, state: &G, seat: Seat, legal: &[G::Action]) {
        if self.quiet() {
            return;
        }
        self.flush(state);
        if seat != self.me {
            return;
        }
        let full = state.view(seat).to_json();
        let mut json = full.clone();
        outln!();
        outln!("--- your turn (seat {seat}){} ---", header(&mut json));
        self.show(&json, "", 1, &full);
        if legal.len() == 1 {
            // The move is echoed next, with any card it shows the person.
            outln!("(only one move)");
            return;
        }
        for (i, &a) in legal.iter().enumerate() {
            outln!(
                "  {:>2}. {}",
                i + 1,
                crate::strategy::seat_text(state, seat, a)
            );
        }
    }

    fn chose(&mut self, state: &G, seat: Seat, action: G::Action) {
        if self.quiet() {
            return;
        }
        // Every move is echoed, the person's own too (cards it turns up show after it).
        let who = if seat == self.me {
            "you"
        } else {
            &self.labels[seat]
        };
        let text = format!("[{who}] {}", state.describe(action));
        self.pending = Some(Pending {
            text,
            before: state.view(self.me).shown(),
            named: named::<G>(&state.action_json(action).to_string()),
        });
    }

    fn end(&mut self, state: &G, r: &DealResult) {
        if self.quiet() {
            return;
        }
        let lines = state.end_lines(&|s| self.name(s));
        // The cards are laid open: every card the end lines name is public, so the last
        // step (a lay-down, a close) names its cards.
        if let Some(p) = &mut self.pending {
            for l in &lines {
                let cards = named::<G>(l);
                p.before.add(&cards);
                p.named.add(&cards);
            }
        }
        self.flush(state);
        outln!();
        let how = G::END_REASONS.get(r.end as usize).map_or("", |e| e.about);
        outln!("=== the deal is over ===");
        outln!("  Ended: {how}");
        for l in &lines {
            outln!("  {l}");
        }
    }
}

/// Every card named in `text` (words in capitals and digits the game reads as a card, as
/// [`redact`] finds them), one per naming.
fn named<G: Game>(text: &str) -> CardCounts {
    let mut cards = CardCounts::EMPTY;
    for w in text.split(|ch: char| !ch.is_alphanumeric()) {
        let capital = !w.is_empty()
            && w.bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit());
        if let Some(c) = capital.then(|| G::card_from_text(w)).flatten() {
            cards.insert(c);
        }
    }
    cards
}

impl Screen<'_> {
    fn name(&self, s: Seat) -> String {
        if s == self.me {
            format!("seat {s} (you)")
        } else {
            format!("seat {s} ({})", self.labels[s])
        }
    }
}

/// The turn header's extra facts, taken out of the view's JSON: the phase (when a word),
/// the turns played and the dealer; the seat, the table size and the seat to act (the
/// person's, it is their turn) are dropped as the header says them.
fn header(v: &mut Value) -> String {
    let Some(m) = v.as_object_mut() else {
        return String::new();
    };
    let mut out = String::new();
    // The phase: a word, or an object with its name (Lasso's).
    let phase = match m.get("phase") {
        Some(Value::String(p)) => Some(p.clone()),
        Some(Value::Object(o)) => o.get("name").and_then(|n| n.as_str()).map(String::from),
        _ => None,
    };
    if let Some(p) = phase {
        out.push_str(&format!(", phase {}", p.replace('_', " ")));
        m.remove("phase");
    }
    if let Some(t) = m.remove("turns") {
        let s = if t == 1 { "" } else { "s" };
        out.push_str(&format!(", {t} turn{s} played"));
    }
    if let Some(d) = m.remove("dealer") {
        out.push_str(&format!(", dealer seat {d}"));
    }
    for k in ["seat", "players", "to_act"] {
        m.remove(k);
    }
    out
}

/// Whether a view field holds nothing worth a line (`null`, `{}`, `false`: a flag that is
/// off; the legal moves say what the person may do; a list of empty lists, such as the
/// cards known in each hand before any is known).
fn empty(v: &Value) -> bool {
    v.is_null()
        || v == &Value::Bool(false)
        || v.as_object().is_some_and(|o| o.is_empty())
        || v.as_array().is_some_and(|a| {
            !a.is_empty() && a.iter().all(|x| x.as_array().is_some_and(|i| i.is_empty()))
        })
}

/// The name of one item of the list `key` (`piles` -> `pile`).
fn singular(key: &str) -> String {
    let k = key.replace('_', " ");
    k.strip_suffix('s').map_or(k.clone(), |s| s.to_string())
}

impl Screen<'_> {
    /// Whether the list `key` holds one entry per seat: one item per player and a plural
    /// name (`grids`, `hand_sizes`; not `cards` or `sets`), or `known` (the cards known to be
    /// in each seat's hand, in every game's view). A hand of four cards at a table of four, or
    /// the list of active seats, is not.
    fn per_seat(&self, key: &str, items: &[Value]) -> bool {
        items.len() == self.labels.len()
            && ((key.ends_with('s') && !matches!(key, "cards" | "sets")) || key == "known")
    }

    /// A list of cards the game lays out in rows ([`Game::play_rows`]), as its rows, each
    /// card padded to one width; None for anything else.
    fn rows_of(&self, key: &str, x: &Value) -> Option<Vec<String>> {
        let w = (self.rows)(key)?;
        let cards = x.as_array()?;
        if cards.len() <= w || !cards.len().is_multiple_of(w) {
            return None;
        }
        let texts: Vec<String> = cards.iter().map(|c| flat(c).unwrap_or_default()).collect();
        let width = texts
            .iter()
            .map(|t| t.chars().count())
            .max()
            .unwrap_or(0)
            .max(2);
        let rows = texts
            .chunks(w)
            .map(|row| {
                let cells: Vec<String> = row.iter().map(|t| format!("{t:<width$}")).collect();
                cells.join(" ").trim_end().to_string()
            })
            .collect();
        Some(rows)
    }

    /// The label of item `i` of the list `key`.
    fn item_label(&self, key: &str, items: &[Value], i: usize) -> String {
        if self.per_seat(key, items) {
            self.name(i)
        } else {
            format!("{} {i}", singular(key))
        }
    }

    /// Prints a view's JSON readably: one `key: value` line per field (empty ones left out),
    /// lists of cards on one line, per-seat lists labelled with the seats, nested objects
    /// indented.
    /// `root` is the whole view's JSON, which [`Game::play_field`] reads.
    fn show(&self, v: &Value, key: &str, depth: usize, root: &Value) {
        let pad = "  ".repeat(depth);
        match v {
            Value::Object(m) => {
                for (k, x) in m.iter().filter(|(_, x)| !empty(x)) {
                    if depth == 1
                        && let Some(lines) = (self.field)(root, k, &|s| self.name(s))
                    {
                        // The game draws this field itself.
                        for l in lines {
                            outln!("{pad}{l}");
                        }
                        continue;
                    }
                    let name = k.replace('_', " ");
                    if let Some(items) = x.as_array()
                        && self.per_seat(k, items)
                        && items.iter().all(|i| !i.is_array() && !i.is_object())
                    {
                        // One scalar per seat: `hand sizes: you 7, seat 1 5`.
                        let each: Vec<String> = items
                            .iter()
                            .enumerate()
                            .map(|(i, x)| {
                                let who = if i == self.me {
                                    "you".into()
                                } else {
                                    format!("seat {i}")
                                };
                                format!("{who} {}", flat(x).unwrap_or_default())
                            })
                            .collect();
                        outln!("{pad}{name}: {}", each.join(", "));
                        continue;
                    }
                    match flat(x) {
                        Some(t) => outln!("{pad}{name}: {t}"),
                        None => {
                            outln!("{pad}{name}:");
                            self.show(x, k, depth + 1, root);
                        }
                    }
                }
            }
            Value::Array(items) => {
                for (i, x) in items.iter().enumerate() {
                    let label = self.item_label(key, items, i);
                    if let Some(lines) = self.rows_of(key, x) {
                        // A grid: its rows under each other, aligned after the label.
                        let indent = " ".repeat(label.chars().count() + 2);
                        for (r, row) in lines.iter().enumerate() {
                            let head = if r == 0 {
                                format!("{label}: ")
                            } else {
                                indent.clone()
                            };
                            outln!("{pad}{head}{row}");
                        }
                        continue;
                    }
                    match flat(x) {
                        Some(t) => outln!("{pad}{label}: {t}"),
                        None => {
                            outln!("{pad}{label}:");
                            self.show(x, key, depth + 1, root);
                        }
                    }
                }
            }
            x => outln!("{pad}{}", flat(x).unwrap_or_default()),
        }
    }
}

/// A value as one line, when it is a scalar or a list of scalars.
fn flat(v: &Value) -> Option<String> {
    match v {
        Value::Null => Some("-".into()),
        Value::Bool(b) => Some(if *b { "yes" } else { "no" }.into()),
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) => Some(s.clone()),
        Value::Array(a) if a.is_empty() => Some("(none)".into()),
        Value::Array(a) => a
            .iter()
            .map(|x| match x {
                Value::Array(_) | Value::Object(_) => None,
                x => flat(x),
            })
            .collect::<Option<Vec<_>>>()
            .map(|v| v.join(" ")),
        Value::Object(_) => None,
    }
}

struct Play<'a>(&'a PlayArgs);

impl GameVisitor for Play<'_> {
    type Out = Result<()>;
    fn visit<G: Game>(self) -> Result<()> {
        let a = self.0;
        let rules = parse_rules::<G>(&a.rules)?;
        let players = a.players.unwrap_or(G::DEFAULT_PLAYERS);
        if !(2..=MAX_SEATS).contains(&players) {
            return Err(Error::input(format!("bad --players {players}: 2 to 8")));
        }
        G::check_players(&rules, players).map_err(Error::Input)?;
        if a.seat >= players {
            return Err(Error::input(format!(
                "bad --seat {}: seats are 0 to {}",
                a.seat,
                players - 1
            )));
        }
        if a.matches == 0 {
            return Err(Error::input("--matches must be at least 1"));
        }
        let names = if a.strategies.is_empty() {
            vec![default_strategy::<G>().to_string()]
        } else {
            a.strategies.clone()
        };
        let specs = names
            .iter()
            .map(|n| resolve::<G>(n))
            .collect::<Result<Vec<StrategySpec>>>()?;
        let seed = a.seed.unwrap_or_else(clock_seed);
        let quit = Arc::new(AtomicBool::new(false));
        let mut labels = vec![String::from("you"); players];
        let mut seats: Vec<Box<dyn Strategy<G>>> = Vec::new();
        let mut bot = 0;
        for (s, label) in labels.iter_mut().enumerate() {
            if s == a.seat {
                seats.push(Box::new(Person {
                    quit: quit.clone(),
                    bots: specs.clone(),
                }));
            } else {
                let spec = &specs[bot % specs.len()];
                *label = spec.label.clone();
                seats.push(build::<G>(spec));
                bot += 1;
            }
        }
        outln!(
            "{} for {players}: you are seat {} against {}. Seed {seed} (--seed {seed} plays these deals again).",
            G::NAME,
            a.seat,
            names.join(", ")
        );
        outln!(
            "Rules: `cardsim rules {}`. Type a move's number and press Enter; Ctrl-D to leave.",
            G::NAME
        );
        let mut screen = Screen {
            me: a.seat,
            labels: &labels,
            quit: quit.clone(),
            pending: None,
            rows: G::play_rows,
            field: G::play_field,
        };
        let mut buf = ActionList::new();
        'matches: for unit in 0..a.matches {
            let mut m = MatchProgress::new(players);
            loop {
                let mut rngs = deal_rngs(seed, unit, m.deals);
                outln!();
                outln!(
                    "##### match {} of {}, deal {} #####",
                    unit + 1,
                    a.matches,
                    m.deals + 1
                );
                let (r, _) = play_deal(
                    &rules,
                    &m.table(),
                    &mut rngs,
                    &mut seats,
                    &mut buf,
                    &mut screen,
                );
                if quit.load(Ordering::Relaxed) || crate::strategy::any_failed::<G>(&specs) {
                    break 'matches;
                }
                G::match_add(&rules, &mut m, &r);
                m.advance(&r);
                let over = G::match_over(&rules, &m) || m.deals >= G::MAX_DEALS;
                // The deal's scores beside the match totals after it.
                outln!("  {:<18} {:>6} {:>6}", "", "deal", "match");
                for s in 0..players {
                    outln!(
                        "  {:<18} {:>6} {:>6}",
                        screen.name(s),
                        r.scores[s],
                        m.totals[s]
                    );
                }
                let won: Vec<String> = r.winners.iter().map(|s| screen.name(s)).collect();
                outln!(
                    "Deal {} won by: {}",
                    m.deals,
                    if won.is_empty() {
                        "nobody".to_string()
                    } else {
                        won.join(", ")
                    }
                );
                if over {
                    let w: Vec<String> = G::match_winners(&rules, &m)
                        .iter()
                        .map(|s| screen.name(s))
                        .collect();
                    outln!("Match won by: {}", w.join(", "));
                    break;
                }
            }
        }
        drop(seats);
        check_failures::<G>(&specs)?;
        outln!("Thanks for playing.");
        Ok(())
    }
}

/// A seed from the clock, for a new game each time `--seed` is not given.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(2026, |d| d.as_secs() % 1_000_000)
}

/// Runs `cardsim play`.
pub fn run(a: &PlayArgs) -> Result<()> {
    with_game(&a.game, Play(a)).unwrap_or_else(|| Err(super::unknown_game(&a.game)))
}
