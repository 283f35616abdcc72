//! `exec:COMMAND` bots: a strategy played by another program over JSON lines (the protocol
//! is `docs/bot-protocol.md`). Each worker thread's instance holds one process, taken from
//! the factory's pool and given back after its batch, so processes are reused across deals
//! and number at most one per worker thread and seat. A bot that breaks the protocol marks
//! the factory failed; the runners stop and report the first failure as one line.
//!
//! What runs is the user's choice: `cardsim rerun` sets an [`ExecPolicy`] so that a
//! run.json someone sent cannot start a command unless `--allow-exec` says so (and then
//! every command is printed before it starts).

mod message;
mod process;
mod text;
mod tree;

pub use message::{DEFAULT_VERSION, VERSIONS};
pub use process::{MAX_LINE, kill_all};
pub use text::{redact, seat_text};

use super::factory::StrategyFactory;
use super::{DealStart, Describe, Factory, Knob, Params, Strategy, StrategySpec};
use crate::cards::GameRng;
use crate::error::Error;
use crate::game::{DealResult, Game, Rules};
use process::BotProcess;
use serde_json::{Value, json};
use std::marker::PhantomData;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Whether exec bots may start: the command line's own strategies may; those a `run.json`
/// names (`cardsim rerun`) only with `--allow-exec`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExecPolicy {
    /// Exec strategies are built silently (the user typed them).
    Allow,
    /// Exec strategies are refused: they come from a file, not from the user.
    Refuse,
    /// Exec strategies from a file are built, each command printed on stderr first.
    Announce,
}

static POLICY: AtomicU8 = AtomicU8::new(0);

/// The folder exec bots start in when not the current one (a study's folder).
static DIR: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Sets the folder exec strategies built from now on start their command in (None: the
/// current folder). A study sets its own folder, as its knob paths resolve there; `rerun`
/// sets the folder its run.json records.
pub fn set_dir(dir: Option<PathBuf>) {
    *DIR.lock().unwrap_or_else(|e| e.into_inner()) = dir;
}

/// The folder exec commands start in now, as an absolute path.
pub fn dir() -> PathBuf {
    let set = DIR.lock().unwrap_or_else(|e| e.into_inner()).clone();
    let d = set
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or_else(|| PathBuf::from("."));
    std::fs::canonicalize(&d).unwrap_or(d)
}

/// The largest file a bot command names that is fingerprinted (64 MiB).
const MAX_NAMED: u64 = 64 << 20;

/// The files a bot command names (its words that are regular files, from [`dir`]), each
/// with the SHA-256 of its bytes: what `run.json` records so that `rerun` refuses a changed
/// bot. Words are split at blanks, quotes stripped; programs found on `PATH` are not files
/// the command names this way and are not fingerprinted.
pub fn named_files(command: &str) -> Vec<(String, String)> {
    let base = dir();
    let mut out: Vec<(String, String)> = Vec::new();
    for w in command.split(|c: char| c.is_whitespace() || ";&|<>()".contains(c)) {
        let w = w.trim_matches(|c| c == '\'' || c == '"');
        if w.is_empty() || out.iter().any(|(p, _)| p == w) {
            continue;
        }
        let p = base.join(w);
        let regular = std::fs::metadata(&p).is_ok_and(|m| m.is_file() && m.len() <= MAX_NAMED);
        if let Some(d) = regular.then(|| sha256_of(&p)).flatten() {
            out.push((w.to_string(), d));
        }
    }
    out
}

/// The SHA-256 of a file's bytes, as hex.
fn sha256_of(p: &std::path::Path) -> Option<String> {
    Some(crate::output::sha256_hex(&std::fs::read(p).ok()?))
}

/// Sets what happens to exec strategies built from now on.
pub fn set_policy(p: ExecPolicy) {
    POLICY.store(p as u8, Ordering::SeqCst);
}

/// What happens to exec strategies built now.
fn policy() -> ExecPolicy {
    match POLICY.load(Ordering::SeqCst) {
        0 => ExecPolicy::Allow,
        1 => ExecPolicy::Refuse,
        _ => ExecPolicy::Announce,
    }
}

/// The prefix that names an exec bot.
pub const PREFIX: &str = "exec:";

/// The knobs a knob file with `base = "exec:..."` may set.
pub const KNOBS: &[Knob] = &[Knob {
    name: "timeout",
    default: 10.0,
    doc: "seconds a bot may take to answer before the run ends with an error",
}];

/// What every instance of one exec strategy shares.
struct Shared {
    label: String,
    command: String,
    /// The folder the command starts in.
    dir: PathBuf,
    timeout: Duration,
    pool: Mutex<Vec<BotProcess>>,
    failure: Mutex<Option<String>>,
}

impl Shared {
    fn fail(&self, msg: String) {
        let mut f = self.failure.lock().unwrap_or_else(|e| e.into_inner());
        if f.is_none() {
            *f = Some(msg);
        }
    }

    fn failed(&self) -> bool {
        self.failure
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_some()
    }
}

impl Drop for Shared {
    /// The pooled processes end together (one grace for all, then their groups are killed).
    fn drop(&mut self) {
        let pool = std::mem::take(self.pool.get_mut().unwrap_or_else(|e| e.into_inner()));
        process::end_all(pool, true);
    }
}

struct ExecFactory(Arc<Shared>);

impl<G: Game> StrategyFactory<G> for ExecFactory {
    fn build(&self) -> Box<dyn Strategy<G>> {
        Box::new(ExecBot::<G> {
            shared: self.0.clone(),
            process: None,
            deal: String::new(),
            _game: PhantomData,
        })
    }

    fn failure(&self) -> Option<String> {
        self.0
            .failure
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}

/// The spec of an exec strategy labelled `label` running `command`.
pub fn spec<G: Game>(
    label: &str,
    command: &str,
    params: Params,
    file: Option<PathBuf>,
) -> Result<StrategySpec, Error> {
    if command.trim().is_empty() {
        return Err(Error::input(
            "exec: needs a command, e.g. 'exec:python3 bot.py'",
        ));
    }
    match policy() {
        ExecPolicy::Allow => {}
        ExecPolicy::Refuse => {
            return Err(Error::input(format!(
                "strategy {label} would run the command {command:?}: rerun does not run a command a run.json names unless --allow-exec is given"
            )));
        }
        ExecPolicy::Announce => eprintln!(
            "cardsim: --allow-exec: bot command: {command} (in {})",
            dir().display()
        ),
    }
    let timeout = params.knob(KNOBS, "timeout");
    if timeout <= 0.0 {
        return Err(Error::input(format!(
            "strategy {label}: the timeout knob must be above 0 seconds"
        )));
    }
    let shared = Shared {
        label: label.to_string(),
        command: command.to_string(),
        dir: dir(),
        timeout: Duration::from_secs_f64(timeout),
        pool: Mutex::new(Vec::new()),
        failure: Mutex::new(None),
    };
    let factory: Arc<dyn StrategyFactory<G>> = Arc::new(ExecFactory(Arc::new(shared)));
    Ok(StrategySpec {
        label: label.to_string(),
        base: format!("{PREFIX}{command}"),
        params,
        file,
        factory: Some(Factory::new::<G>(factory)),
    })
}

/// One seat's instance: its process (once started) and where it is in the run.
struct ExecBot<G: Game> {
    shared: Arc<Shared>,
    process: Option<BotProcess>,
    /// "deal I" (", hand K" in a match), for error messages.
    deal: String,
    _game: PhantomData<fn() -> G>,
}

fn rules_json(values: &[(&'static str, String)]) -> Value {
    Value::Object(
        values
            .iter()
            .map(|(k, v)| (k.to_string(), Value::String(v.clone())))
            .collect(),
    )
}

impl<G: Game> ExecBot<G> {
    /// Marks the strategy failed with `what` the bot did, and ends the process.
    fn fail(&mut self, what: &str) {
        if let Some(p) = self.process.take() {
            process::end_all(vec![p], false);
        }
        let s = &self.shared;
        s.fail(format!(
            "strategy '{}' at {}: the bot {what}",
            s.label, self.deal
        ));
    }

    /// This instance's process: its own, one from the pool, or a new one, greeted.
    fn process(&mut self, d: &DealStart<'_, G>) -> Result<&mut BotProcess, String> {
        if self.process.is_none() {
            let pooled = self
                .shared
                .pool
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .pop();
            let p = match pooled {
                Some(p) => p,
                None => {
                    let mut p = BotProcess::spawn(&self.shared.command, &self.shared.dir)?;
                    p.rules = d.rules.values();
                    let hello = json!({"type": "hello", "protocol": DEFAULT_VERSION,
                        "versions": VERSIONS, "game": G::NAME,
                        "players": d.players, "seat": d.seat,
                        "rules": rules_json(&p.rules), "seed": d.seed});
                    p.send(&hello.to_string())?;
                    p
                }
            };
            self.process = Some(p);
        }
        Ok(self.process.as_mut().expect("just set"))
    }

    fn start(&mut self, d: &DealStart<'_, G>) -> Result<(), String> {
        let p = self.process(d)?;
        p.nothing_unasked()?;
        let mut msg = json!({"type": "deal", "deal": d.unit, "seat": d.seat});
        if d.deal_no > 0 {
            msg["hand"] = json!(d.deal_no);
        }
        // Rules other than those the process last heard of (compare's variants).
        let values = d.rules.values();
        if values != p.rules {
            msg["rules"] = rules_json(&values);
            p.rules = values;
        }
        p.send(&msg.to_string())
    }

    fn choose(
        &mut self,
        view: &G::View<'_>,
        legal: &[G::Action],
        describe: &Describe<'_, G>,
    ) -> Result<G::Action, String> {
        let timeout = self.shared.timeout;
        let p = self.process.as_mut().ok_or("was not started")?;
        p.nothing_unasked()?;
        // Until the bot has chosen, the v2 form (it holds all of the v1 form).
        let structured = p.version != Some(1);
        p.send(&message::act_line::<G>(view, legal, describe, structured))?;
        let answer = p.answer(timeout)?;
        match answer.trim().parse::<usize>() {
            Ok(i) if i < legal.len() => Ok(legal[i]),
            Ok(i) => Err(format!(
                "answered {i}, but only {} actions are legal (0 to {})",
                legal.len(),
                legal.len() - 1
            )),
            Err(_) => Err(format!(
                "answered {:?}, which is not an action's index",
                shorten(&answer)
            )),
        }
    }
}

/// At most 80 characters of what a bot said.
pub(super) fn shorten(s: &str) -> String {
    let mut t: String = s.chars().take(80).collect();
    if t.len() < s.len() {
        t.push_str("...");
    }
    t
}

impl<G: Game> Strategy<G> for ExecBot<G> {
    fn start_deal(&mut self, d: &DealStart<'_, G>) {
        self.deal = if d.deal_no > 0 {
            format!("match {}, deal {} (seat {})", d.unit, d.deal_no, d.seat)
        } else {
            format!("deal {} (seat {})", d.unit, d.seat)
        };
        if self.shared.failed() {
            return;
        }
        if let Err(e) = self.start(d) {
            self.fail(&e);
        }
    }

    fn act(&mut self, view: &G::View<'_>, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        self.act_described(view, legal, &Describe::none(), rng)
    }

    fn act_described(
        &mut self,
        view: &G::View<'_>,
        legal: &[G::Action],
        describe: &Describe<'_, G>,
        _rng: &mut GameRng,
    ) -> G::Action {
        if self.process.is_some() && !self.shared.failed() {
            match self.choose(view, legal, describe) {
                Ok(a) => return a,
                Err(e) => self.fail(&e),
            }
        }
        // The run is ending: finish the deal quickly without the bot.
        legal[0]
    }

    fn end_deal(&mut self, r: &DealResult) {
        if self.process.is_none() || self.shared.failed() {
            return;
        }
        let winners: Vec<usize> = r.winners.iter().collect();
        let msg = json!({"type": "result", "scores": &r.scores[..r.players], "winners": winners});
        if let Err(e) = self
            .process
            .as_mut()
            .expect("checked")
            .send(&msg.to_string())
        {
            self.fail(&e);
        }
    }
}

impl<G: Game> Drop for ExecBot<G> {
    fn drop(&mut self) {
        if let Some(Err(e)) = self.process.as_mut().map(|p| p.nothing_unasked()) {
            self.fail(&e);
        }
        if let Some(p) = self.process.take() {
            if self.shared.failed() {
                process::end_all(vec![p], false);
            } else {
                let mut pool = self.shared.pool.lock().unwrap_or_else(|e| e.into_inner());
                pool.push(p);
            }
        }
    }
}
