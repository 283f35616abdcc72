#!/usr/bin/env python3
"""A cardsim exec: bot that plays uniformly at random among the legal actions.

It draws from the helper's `ctx.rng`, seeded at every deal from the hello's seed and the deal
message (deal, hand, seat), so it chooses the same way whichever process or thread plays the
deal: cardsim's output is then the same at any --threads (docs/bot-protocol.md).

    cardsim simulate golf --strategy 'exec:python3 examples/bots/random_bot.py' --strategy greedy
"""
from cardsim_bot import run


def choose(view, actions, ctx):
    return ctx.rng.randrange(len(actions))


if __name__ == "__main__":
    run(choose)
