//! The harness's checks of one state's views: typed at every step ([`check_typed`]: the
//! cards a view shows, what it remembers against what its seat was shown), and the JSON a
//! bot is sent on a sample ([`check_json`], [`json_cards_within`]).

use crate::cards::CardCounts;
use crate::game::{Game, Seat, SeatView};

/// What one seat has been shown in the deal so far: the cards its view showed at the last
/// step, and an upper bound on how many copies of each card it has ever been shown (each
/// step adds the copies the view shows beyond the last step's).
#[derive(Clone, Copy, Default)]
pub(super) struct Memory {
    last: CardCounts,
    seen: CardCounts,
}

impl Memory {
    /// Takes in a step's `shown` cards; `Err` names a remembered card never shown as often.
    fn step(&mut self, shown: &CardCounts, remembered: &CardCounts) -> Result<(), String> {
        let mut new = CardCounts::EMPTY;
        for (c, n) in shown.iter() {
            let before = self.last.count(c);
            if n > before {
                new.insert_n(c, n - before);
            }
        }
        self.seen.add(&new);
        self.last = *shown;
        if remembered.is_subset(&self.seen) {
            return Ok(());
        }
        let extra: Vec<String> = remembered
            .iter()
            .filter(|&(c, n)| n > self.seen.count(c))
            .map(|(c, n)| format!("{c} x{n}"))
            .collect();
        Err(format!(
            "its view remembers cards it was never shown (as often): {}",
            extra.join(", ")
        ))
    }
}

/// Conservation, and for every seat: shown + hidden within the shoe; with `memory` (one per
/// seat, carried from step to step of a deal), every remembered card was shown before.
pub(super) fn check_typed<G: Game>(
    state: &G,
    players: usize,
    memory: &mut [Memory],
) -> Result<(), String> {
    let shoe = state.shoe();
    let all = state.all_cards();
    if all != shoe {
        return Err(format!(
            "cards not conserved: zones hold {all:?}, shoe is {shoe:?}"
        ));
    }
    for seat in 0..players {
        let view = state.view(seat);
        let shown = view.shown();
        let mut seen = shown;
        seen.add(&state.hidden_from(seat));
        if !seen.is_subset(&shoe) {
            return Err(format!(
                "seat {seat}'s view shows a card hidden from it:\n{}",
                state.render()
            ));
        }
        if let Some(m) = memory.get_mut(seat) {
            m.step(&shown, &view.remembered())
                .map_err(|e| format!("seat {seat}: {e}:\n{}", state.render()))?;
        }
    }
    Ok(())
}

/// The JSON check of `seat`'s view ([`view_json_cards`]), the state shown on failure.
pub(super) fn check_json<G: Game>(state: &G, seat: Seat) -> Result<(), String> {
    view_json_cards::<G>(&state.view(seat))
        .map_err(|e| format!("seat {seat}: {e}:\n{}", state.render()))
}

/// Checks one state on its own: conservation and, for every seat, that its view and its
/// JSON show nothing hidden (no history: what a view remembers is checked against what its
/// seat was shown only in a played deal).
pub fn check_state<G: Game>(state: &G, players: usize) -> Result<(), String> {
    check_typed(state, players, &mut [])?;
    (0..players).try_for_each(|s| check_json(state, s))
}

/// The JSON check of one view: [`json_cards_within`] its JSON, with the cards it shows and
/// the cards it remembers.
pub fn view_json_cards<G: Game>(view: &G::View<'_>) -> Result<(), String> {
    json_cards_within::<G>(&view.to_json(), &view.shown(), &view.remembered())
}

/// Every card a view's JSON names (in `G`'s notation) must be one the seat may know: a
/// string value (in arrays, as an object's value, at any depth) among `shown`; an object key
/// (a map from card to copies, like a remembered stock) among `shown` or `remembered`, as
/// many copies as the key's value says (one when the value is not a count). Any other
/// card named is a leak.
pub fn json_cards_within<G: Game>(
    json: &serde_json::Value,
    shown: &CardCounts,
    remembered: &CardCounts,
) -> Result<(), String> {
    struct Named {
        values: [u32; 64],
        keys: [u32; 64],
    }
    fn walk<G: Game>(v: &serde_json::Value, out: &mut Named) {
        match v {
            serde_json::Value::String(s) => {
                if let Some(c) = G::card_from_text(s) {
                    out.values[c.index() as usize & 63] += 1;
                }
            }
            serde_json::Value::Array(xs) => xs.iter().for_each(|x| walk::<G>(x, out)),
            serde_json::Value::Object(m) => {
                for (k, x) in m {
                    if let Some(c) = G::card_from_text(k) {
                        let copies = x.as_u64().map_or(1, |n| n.min(u32::MAX as u64) as u32);
                        out.keys[c.index() as usize & 63] += copies;
                    }
                    walk::<G>(x, out);
                }
            }
            _ => {}
        }
    }
    let mut named = Named {
        values: [0; 64],
        keys: [0; 64],
    };
    walk::<G>(json, &mut named);
    let mut leaks = Vec::new();
    for i in 0..64u8 {
        let c = crate::cards::Card::from_index(i);
        let (s, r) = (shown.count(c) as u32, remembered.count(c) as u32);
        if named.values[i as usize] > s {
            leaks.push(format!(
                "{c} (named {} times, shown {s})",
                named.values[i as usize]
            ));
        }
        if named.keys[i as usize] > s.max(r) {
            leaks.push(format!(
                "{c} as a key ({} copies, shown {s}, remembered {r})",
                named.keys[i as usize]
            ));
        }
    }
    if leaks.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "the view's JSON names cards the seat is neither shown nor remembers: {}: {json}",
            leaks.join(", ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::GameRng;
    use crate::game::Table;
    use crate::games::golf::Golf;

    /// A fresh Golf deal, seat 0's view JSON, what it shows, and a card hidden from seat 0.
    fn golf() -> (
        serde_json::Value,
        CardCounts,
        CardCounts,
        crate::cards::Card,
    ) {
        let g = Golf::deal(
            &Default::default(),
            &Table::first(4),
            &mut GameRng::new(5, 1),
        );
        let v = g.view(0);
        let shown = v.shown();
        let hidden = g.hidden_from(0);
        let card = hidden
            .iter()
            .map(|(c, _)| c)
            .find(|&c| !shown.contains(c))
            .expect("a hidden card");
        (v.to_json(), shown, v.remembered(), card)
    }

    #[test]
    fn a_view_json_naming_only_what_it_shows_passes() {
        let (json, shown, remembered, _) = golf();
        json_cards_within::<Golf>(&json, &shown, &remembered).unwrap();
    }

    #[test]
    fn a_hidden_card_named_as_an_object_key_is_a_leak() {
        // `stock_cards` is an object from card to copies: before the fix the check read only
        // the object's values (the copies), so a hidden card named as a key passed.
        let (mut json, shown, remembered, card) = golf();
        json["stock_cards"] = serde_json::json!({ card.to_string(): 1 });
        let e = json_cards_within::<Golf>(&json, &shown, &remembered).unwrap_err();
        assert!(e.contains(&format!("{card} as a key")), "{e}");
        // The same key is fine when the view remembers the card, as often as it says.
        let mut memory = remembered;
        memory.insert(card);
        json_cards_within::<Golf>(&json, &shown, &memory).unwrap();
        json["stock_cards"] = serde_json::json!({ card.to_string(): 2 });
        assert!(json_cards_within::<Golf>(&json, &shown, &memory).is_err());
    }

    #[test]
    fn a_hidden_card_named_as_a_value_is_a_leak() {
        let (mut json, shown, remembered, card) = golf();
        json["held"] = serde_json::json!(card.to_string());
        assert!(json_cards_within::<Golf>(&json, &shown, &remembered).is_err());
    }

    #[test]
    fn a_view_remembers_only_cards_its_seat_was_shown() {
        let (c, d) = (
            crate::cards::Card::from_index(3),
            crate::cards::Card::from_index(9),
        );
        let one = |c| [c].into_iter().collect::<CardCounts>();
        let mut m = Memory::default();
        // Remembering a card never shown is a leak.
        assert!(m.step(&CardCounts::EMPTY, &one(c)).is_err());
        let mut m = Memory::default();
        m.step(&one(c), &CardCounts::EMPTY).unwrap();
        // Shown once, hidden since: remembered once, not twice.
        m.step(&CardCounts::EMPTY, &one(c)).unwrap();
        let mut two = one(c);
        two.insert(c);
        assert!(m.step(&CardCounts::EMPTY, &two).is_err());
        // Shown again after it was hidden: a second copy may have been seen.
        let mut m = Memory::default();
        m.step(&one(c), &CardCounts::EMPTY).unwrap();
        m.step(&one(d), &CardCounts::EMPTY).unwrap();
        m.step(&one(c), &CardCounts::EMPTY).unwrap();
        m.step(&CardCounts::EMPTY, &two).unwrap();
        assert!(m.step(&CardCounts::EMPTY, &one(d)).is_ok());
    }
}
