#!/usr/bin/env python3
"""A Golf bot that reads the structured actions of protocol v2 (docs/bot-protocol.md).

It keeps low cards and pairs columns: it takes the discard when it is low (value 4 or less)
or pairs a face-up card of its column partner, puts a kept card where it pairs a column or
over its worst face-up or a face-down card, and turns up cards at random when it must. It
knows each action by `a.kind`, `a.card`, `a.position` (the helper's `Action`), not by text.

    cardsim tournament golf --strategy 'exec:python3 examples/bots/golf_columns.py' --strategy random --players 2 --deals 200
"""
from cardsim_bot import run

VALUES = {"A": 1, "2": -2, "T": 10, "J": 10, "Q": 10, "K": 0}


def value(card):
    """The card's Golf value (jokers -2, with jokers=on)."""
    if card is None:
        return 5  # a face-down card: about the average
    if card == "JK":
        return -2
    return VALUES[card[0]] if card[0] in VALUES else int(card[0])


def partner(p):
    return (p + 3) % 6


def place_gain(grid, p, card):
    """How much putting `card` at position `p` lowers the grid's score (columns paired)."""
    old = grid[p]
    other = grid[partner(p)]
    before = 0 if old and other and old[0] == other[0] else value(old)
    after = 0 if other and other[0] == card[0] else value(card)
    return before - after


def choose(view, actions, ctx):
    grid = view["grids"][ctx.seat]
    kinds = {a.kind for a in actions}
    if "draw" in kinds:
        for i, a in enumerate(actions):
            if a.pile == "discard" and a.card:
                best = max(place_gain(grid, p, a.card) for p in range(6))
                if value(a.card) <= 4 or best >= 5:
                    return i
        return next(i for i, a in enumerate(actions) if a.pile == "stock")
    if "swap" in kinds:
        swaps = [(place_gain(grid, a.position, a.card), i) for i, a in enumerate(actions) if a.kind == "swap"]
        gain, i = max(swaps)
        discards = [i for i, a in enumerate(actions) if a.kind == "discard"]
        if gain > 0 or not discards:
            return i
        return discards[0]
    # Turning up a card (or not): at random among the legal ones.
    return ctx.rng.randrange(len(actions))


if __name__ == "__main__":
    run(choose)
