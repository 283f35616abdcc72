"""cardsim_bot: write a cardsim bot as one function (standard library only).

Copy this file next to your bot, or keep your bot in this folder, then:

    from cardsim_bot import run

    def choose(view, actions, ctx):
        return 0            # the index of the chosen action in `actions`

    run(choose)

and play it with `cardsim simulate golf --strategy 'exec:python3 mybot.py'`.

`choose` is called only when the seat has a real choice (two or more legal actions). It gets
`view`, the seat's view as a dict (exactly what the seat may see; `cardsim rules GAME`
documents it, `docs/schema/GAME.view.json` is its JSON Schema), `actions`, the legal actions,
and, if it takes a third parameter, `ctx`.

Each action is an `Action`: a string, the action's text as `cardsim trace` writes it (a card
the seat cannot see written `??`), that also carries the action as structured JSON (protocol
version 2, `docs/schema/GAME.actions.json`): `a.kind` (`"draw"`, `"discard"`, `"swap"`...),
`a.card`, `a.pile`, `a.position`... (any field of the JSON as an attribute, None when the
action has no such field), and `a.json`, the whole dict.

`ctx` holds:

- `ctx.game`, `ctx.players`, `ctx.rules` (every switch: value text), `ctx.seed`: from hello;
- `ctx.deal`, `ctx.hand`, `ctx.seat`: which deal this is and the bot's seat in it;
- `ctx.rng`: a `random.Random` seeded afresh at every deal from the seed, deal, hand and seat,
  so a bot that draws its randomness from it makes the same choices whichever process or
  thread plays the deal (cardsim's output is then the same at any --threads);
- `ctx.scores`, `ctx.winners`: the last deal's result (None before the first);
- `ctx.protocol`: the protocol version in use (2 unless `run(choose, protocol=1)`).

It returns an index into `actions`. Print debugging to stderr, never to stdout. The protocol
itself is docs/bot-protocol.md; this helper speaks versions 1 and 2 of it and chooses 2 when
cardsim offers it.
"""
import inspect
import json
import random
import sys

PROTOCOL = 2


class Action(str):
    """One legal action: its text (a str) with its structured JSON as attributes."""

    def __new__(cls, text, data=None):
        a = super().__new__(cls, text)
        a.json = data if data is not None else {}
        return a

    def __getattr__(self, name):
        # Only called for names that are not attributes: the JSON's fields.
        if name.startswith("__"):
            raise AttributeError(name)
        return self.__dict__.get("json", {}).get(name)


class Context:
    """What the bot knows besides its view: the table, the deal, a seeded generator."""

    def __init__(self):
        self.game = None
        self.players = None
        self.rules = {}
        self.seed = 0
        self.deal = None
        self.hand = 0
        self.seat = None
        self.rng = random.Random(0)
        self.scores = None
        self.winners = None
        self.protocol = 1


def run(choose, stdin=None, stdout=None, protocol=PROTOCOL):
    """Plays cardsim's messages from `stdin` until it closes, answering with `choose`.

    `protocol`: the highest version to choose (1 keeps to version 1: no hello answer)."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    wants_ctx = len(inspect.signature(choose).parameters) >= 3
    ctx = Context()
    for line in stdin:
        msg = json.loads(line)
        kind = msg["type"]
        if kind == "act":
            structured = msg.get("actions") if ctx.protocol >= 2 else None
            if structured is not None:
                actions = [Action(t, j) for t, j in zip(msg["legal"], structured)]
            else:
                actions = [Action(t) for t in msg["legal"]]
            if wants_ctx:
                i = choose(msg["view"], actions, ctx)
            else:
                i = choose(msg["view"], actions)
            if not isinstance(i, int) or not 0 <= i < len(actions):
                raise SystemExit("cardsim_bot: choose returned %r for %d actions" % (i, len(actions)))
            stdout.write("%d\n" % i)
            stdout.flush()
        elif kind == "deal":
            ctx.deal = msg["deal"]
            ctx.hand = msg.get("hand", 0)
            ctx.seat = msg["seat"]
            if "rules" in msg:
                ctx.rules = msg["rules"]
            ctx.rng = random.Random("%d:%d:%d:%d" % (ctx.seed, ctx.deal, ctx.hand, ctx.seat))
        elif kind == "result":
            ctx.scores = msg["scores"]
            ctx.winners = msg["winners"]
        elif kind == "hello":
            ctx.game = msg["game"]
            ctx.players = msg["players"]
            ctx.rules = msg["rules"]
            ctx.seed = msg["seed"]
            ctx.seat = msg["seat"]
            offered = [v for v in msg.get("versions", [1]) if v <= protocol]
            if offered and max(offered) > 1:
                ctx.protocol = max(offered)
                stdout.write(json.dumps({"type": "hello", "protocol": ctx.protocol}) + "\n")
                stdout.flush()
