#!/usr/bin/env python3
"""Writes docs/schema/GAME.view.json and GAME.actions.json (JSON Schema, draft 2020-12).

    python3 docs/schema/generate.py SAMPLES.jsonl...

Each SAMPLES file holds the messages cardsim sent a protocol v2 bot of one game (see
docs/bot-protocol.md; `tests/protocol.rs` records such runs). The view schema is inferred from
every view in the samples (a key is required when every view holds it; types are the union of
those seen, widened by the OVERRIDES below where a run seldom shows a value) and each key is
described by the bullet of the game's rules page (`cardsim rules GAME`, "View JSON") that names
it. The action schemas are written from ACTIONS below, which follows src/games/*/protocol.rs.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FOLDER = {"golf": "golf", "lasso": "lasso", "broken-ladder": "broken_ladder",
          "hand-and-foot": "hand_and_foot", "chinchon": "chinchon"}

CARD = {"type": "string", "description": "a card in the game's notation"}
INT = {"type": "integer", "minimum": 0}


def act(kind, about, **fields):
    """One action kind: its fields (all required) and what it does."""
    props = {"kind": {"const": kind}}
    props.update(fields)
    return {"type": "object", "description": about, "properties": props,
            "required": ["kind"] + list(fields), "additionalProperties": False}


def maybe(s):
    return {"anyOf": [s, {"type": "null"}]}


DRAW_STOCK = act("draw", "take the top card of the stock (not named: it is hidden)",
                 pile={"const": "stock"})
DRAW_DISCARD = act("draw", "take the top card of the discard pile",
                   pile={"const": "discard"}, card=maybe(CARD))

ACTIONS = {
    "golf": [
        act("flip", "turn up the face-down card at a grid position (0-2 top row, 3-5 bottom)",
            position=INT),
        act("no-flip", "decline the optional turn-up after a discard"),
        DRAW_STOCK, DRAW_DISCARD,
        act("swap", "put the held card at a position; the card there (`replaces`, null when "
            "face down) goes to the discard pile", position=INT, card=maybe(CARD),
            replaces=maybe(CARD)),
        act("discard", "discard the held stock card", card=maybe(CARD)),
    ],
    "broken-ladder": [
        act("lay-down", "lay the five hand cards down (ends the deal)",
            cards={"type": "array", "items": CARD}),
        DRAW_STOCK, DRAW_DISCARD,
        act("discard", "discard a hand card, ending the turn", card=CARD),
    ],
    "chinchon": [
        DRAW_STOCK, DRAW_DISCARD,
        act("discard", "discard a hand card face up (an action card then acts)", card=CARD),
        act("close", "discard a hand card face down and close", card=CARD),
    ],
    "hand-and-foot": [
        act("pass", "pass packet 0 or 1 to the seat on the left (`to`)", packet=INT, to=INT),
        act("keep", "play the own packet or the received one as the hand",
            packet={"enum": ["own", "received"]}),
        act("draw", "draw two stock cards", pile={"const": "stock"}, count={"const": 2}),
        act("take-upcard", "first turn only: take the upcard instead of drawing",
            card=maybe(CARD)),
        act("take-pile", "take the whole discard pile (its top `card` and a natural pair "
            "melded at once); `size` cards", card=maybe(CARD), size=INT),
        act("meld", "start a meld of `rank` (a rank letter): three naturals (`wild` null) or "
            "two naturals and a wild (`2` or `joker`)", rank={"type": "string"},
            wild={"enum": [None, "2", "joker"]}),
        act("add", "add one natural (`wild` null) or one wild to the open meld of `rank`",
            rank={"type": "string"}, wild={"enum": [None, "2", "joker"]}),
        act("retract", "take back an opening that cannot reach the minimum"),
        act("discard", "discard a hand card, ending the turn", card=CARD),
    ],
    "lasso": [
        act("pass", "decline: no (further) set this turn, no lasso, or no answer "
            "(`declines`)", declines={"enum": ["set", "lasso", "answer"]}),
        act("setup", "set up the own pile with `up` face up and `down` face down",
            up=CARD, down=CARD),
        act("reveal", "turn up the face-down top of a pile (slot 0-3)", pile=INT),
        act("take", "take the top `count` cards of a pile (more than one obliges a set with "
            "the deepest)", pile=INT, count=INT, cards={"type": "array", "items": CARD}),
        DRAW_STOCK,
        act("discard", "discard a hand card face down onto a pile", card=CARD, pile=INT),
        act("blind", "discard the stock top, unseen, onto a pile", pile=INT),
        act("draw-until", "draw stock cards until one matches a revealed top, then discard it"),
        act("refill", "refill an empty slot, starting with a hand card", pile=INT, card=CARD),
        act("refill-with", "complete a refill with a second hand card", card=CARD),
        act("refill-stock", "complete a refill with the stock top"),
        act("lay", "lay a 4-card set (`set`: its kind, `points` its value)",
            cards={"type": "array", "items": CARD}, set={"type": "string"},
            points={"type": "integer"}),
        act("set-low", "choose the lowest card of the set to lay (the next decision lists "
            "the sets with it)", card=CARD),
        act("lasso", "lasso the set just laid (`set`: its index) with an ace", card=CARD,
            set=INT),
        act("answer", "answer a lasso chain with the next card down and claim set `set`",
            card=CARD, set=INT),
    ],
}

# Types a short run may not show (a key seen only as null, or only as one of its types).
OVERRIDES = {
    "golf": {"held": maybe(CARD), "holder": maybe(INT), "ender": maybe(INT),
             "to_act": maybe(INT), "stock_cards": maybe(
                 {"type": "object", "additionalProperties": INT})},
    "broken-ladder": {"stock_memory": maybe({"type": "object", "additionalProperties": INT}),
                      "to_act": maybe(INT)},
    "hand-and-foot": {"to_act": maybe(INT), "top": maybe(CARD)},
    "lasso": {"chain": maybe({"type": "object"}), "owed_index": maybe(INT)},
    "chinchon": {"unmatched_without": maybe({"type": "array", "items": {"type": "integer"}}),
                 "last_effect": maybe({"type": "object"}),
                 "end": {"anyOf": [{"type": "string"}, {"type": "object"}]},
                 "restocked": {"type": "object", "additionalProperties": INT}},
}


def type_of(v):
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, int):
        return "integer"
    if isinstance(v, float):
        return "number"
    if isinstance(v, str):
        return "string"
    if isinstance(v, list):
        return "array"
    return "object"


class Shape:
    """The union of the values seen at one place of the JSON."""

    def __init__(self):
        self.types = set()
        self.items = None
        self.props = {}
        self.count = 0
        self.present = {}

    def add(self, v):
        t = type_of(v)
        self.types.add(t)
        if t == "array":
            self.items = self.items or Shape()
            for x in v:
                self.items.add(x)
        elif t == "object":
            self.count += 1
            for k, x in v.items():
                self.props.setdefault(k, Shape()).add(x)
                self.present[k] = self.present.get(k, 0) + 1

    def schema(self):
        alts = []
        for t in sorted(self.types):
            s = {"type": t}
            if t == "array" and self.items and self.items.types:
                s["items"] = self.items.schema()
            if t == "object":
                s["properties"] = {k: p.schema() for k, p in sorted(self.props.items())}
                s["required"] = sorted(k for k, n in self.present.items() if n == self.count)
            alts.append(s)
        return alts[0] if len(alts) == 1 else {"anyOf": alts}


def paragraph(game):
    """The rules page's View JSON section as one line."""
    text = open(os.path.join(ROOT, "src/games", FOLDER[game], "rules.md")).read()
    m = re.search(r"^#+ View JSON\n(.*?)(?=^#|\Z)", text, re.S | re.M)
    return " ".join((m.group(1) if m else "").split())


def bullets(game):
    """The rules page's View JSON bullets, each as one line."""
    text = open(os.path.join(ROOT, "src/games", FOLDER[game], "rules.md")).read()
    m = re.search(r"^#+ View JSON\n(.*?)(?=^#|\Z)", text, re.S | re.M)
    out, cur = [], None
    for line in (m.group(1) if m else "").splitlines():
        if line.startswith("- "):
            cur = line[2:].strip()
            out.append(cur)
        elif cur is not None and line.startswith("  ") and line.strip():
            out[-1] += " " + line.strip()
        else:
            cur = None
    return out


def view_schema(game, views):
    shape = Shape()
    for v in views:
        shape.add(v)
    s = shape.schema()
    docs = bullets(game)
    for k, p in s["properties"].items():
        if k in OVERRIDES.get(game, {}):
            p.clear()
            p.update(OVERRIDES[game][k])
        said = [b for b in docs if "`%s`" % k in b]
        if not said:
            # A paragraph rather than bullets: "`key` (what it is)".
            m = re.search(r"`%s` \(((?:[^()]|\([^()]*\))*)\)" % re.escape(k), paragraph(game))
            said = [m.group(1)] if m else ["see `cardsim rules %s`, View JSON" % game]
        p["description"] = " ".join(said)
    s.update({"$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": "https://cardsim.invalid/schema/%s.view.json" % game,
              "title": "%s: a seat's view" % game,
              "description": "The `view` of an `act` message (docs/bot-protocol.md): what one seat "
              "may see. `cardsim rules %s` documents every key (View JSON)." % game})
    return dict(sorted(s.items(), key=lambda kv: (not kv[0].startswith("$"), kv[0])))


def actions_schema(game):
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://cardsim.invalid/schema/%s.actions.json" % game,
            "title": "%s: one legal action, structured (protocol v2)" % game,
            "description": "An element of an `act` message's `actions` (docs/bot-protocol.md); "
            "`kind` tells which. No card the seat cannot see is named.",
            "oneOf": ACTIONS[game]}


def main(paths):
    views = {}
    for path in paths:
        game = None
        for line in open(path):
            m = json.loads(line)
            if m["type"] == "hello":
                game = m["game"]
            elif m["type"] == "act":
                views.setdefault(game, []).append(m["view"])
    for game, vs in sorted(views.items()):
        for name, s in [("view", view_schema(game, vs)), ("actions", actions_schema(game))]:
            with open(os.path.join(HERE, "%s.%s.json" % (game, name)), "w") as f:
                json.dump(s, f, indent=1, ensure_ascii=False)
                f.write("\n")
        print("%s: %d views" % (game, len(vs)))


if __name__ == "__main__":
    main(sys.argv[1:])
