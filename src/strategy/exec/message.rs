//! The protocol's messages that depend on the version (`docs/bot-protocol.md`): the hello
//! that offers the versions cardsim speaks, the bot's answer choosing one, and the `act`
//! message, whose v2 form adds each legal action as structured JSON.
//!
//! A bot that answers the hello chooses before its first answer to an `act` (its lines come
//! in order), so cardsim never waits for a choice: until a bot has chosen, its `act`
//! messages are in the v2 form, which holds everything the v1 form holds; a bot whose first
//! line is an index (a v1 bot) has chosen version 1 and gets the v1 form from then on.

use super::text::redact;
use crate::game::{Game, SeatView};
use crate::strategy::Describe;
use serde_json::Value;

/// The versions cardsim speaks, offered in the hello (`versions`).
pub const VERSIONS: &[u32] = &[1, 2];

/// The version a bot that does not answer the hello speaks.
pub const DEFAULT_VERSION: u32 = 1;

/// Reads a line as the bot's answer to the hello: `None` when it is not one (an index),
/// else the version chosen, or why the answer is refused.
pub(super) fn hello_answer(line: &str) -> Option<Result<u32, String>> {
    let t = line.trim_start();
    if !t.starts_with('{') {
        return None;
    }
    let v: Value = match serde_json::from_str(t) {
        Ok(v) => v,
        Err(_) => {
            return Some(Err(format!(
                "answered the hello with {line:?}, which is not JSON"
            )));
        }
    };
    if v["type"] != "hello" {
        return Some(Err(format!(
            "wrote {:?}, which is neither an action's index nor a hello answer",
            super::shorten(line)
        )));
    }
    Some(match v["protocol"].as_u64() {
        Some(n) if VERSIONS.contains(&(n as u32)) => Ok(n as u32),
        _ => Err(format!(
            "chose protocol {} in its hello answer; cardsim speaks {VERSIONS:?}",
            v["protocol"]
        )),
    })
}

/// A JSON value with every string that names a card the seat cannot see replaced by `??`
/// (the game's structured actions name none; this keeps a slip from leaking one).
fn redact_json<G: Game>(v: &mut Value, shown: &crate::cards::CardCounts) {
    match v {
        Value::String(s) if G::card_from_text(s).is_some() => *s = redact::<G>(s, shown),
        Value::Array(a) => a.iter_mut().for_each(|x| redact_json::<G>(x, shown)),
        Value::Object(o) => o.values_mut().for_each(|x| redact_json::<G>(x, shown)),
        _ => {}
    }
}

/// The `act` message, written straight into one string: the view, each legal action's text
/// with the cards the seat cannot see redacted, and with `structured` (protocol v2) each
/// legal action as JSON.
pub(super) fn act_line<G: Game>(
    view: &G::View<'_>,
    legal: &[G::Action],
    describe: &Describe<'_, G>,
    structured: bool,
) -> String {
    let shown = view.shown();
    let mut line = String::with_capacity(512);
    line.push_str(r#"{"type":"act","view":"#);
    line.push_str(&view.to_json().to_string());
    line.push_str(r#","legal":["#);
    for (i, &a) in legal.iter().enumerate() {
        if i > 0 {
            line.push(',');
        }
        let text = describe.seat_text(a, &shown);
        line.push_str(&Value::String(text).to_string());
    }
    line.push(']');
    if structured {
        line.push_str(r#","actions":["#);
        for (i, &a) in legal.iter().enumerate() {
            if i > 0 {
                line.push(',');
            }
            let mut j = describe.json(a);
            redact_json::<G>(&mut j, &shown);
            line.push_str(&j.to_string());
        }
        line.push(']');
    }
    line.push('}');
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hello_answers_are_told_from_indices_and_checked() {
        assert_eq!(hello_answer("3"), None);
        assert_eq!(
            hello_answer(r#"{"type":"hello","protocol":2}"#),
            Some(Ok(2))
        );
        assert_eq!(
            hello_answer(r#" {"type":"hello","protocol":1}"#),
            Some(Ok(1))
        );
        assert!(
            hello_answer(r#"{"type":"hello","protocol":9}"#)
                .unwrap()
                .is_err()
        );
        assert!(hello_answer(r#"{"type":"act"}"#).unwrap().is_err());
        assert!(hello_answer("{nope").unwrap().is_err());
    }
}
