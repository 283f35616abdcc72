#!/usr/bin/env python3
"""A cardsim exec: bot that plays uniformly at random among the legal actions.

It seeds a fresh generator at every deal from the hello's seed and the deal message (deal,
hand, seat), so it chooses the same way whichever process or thread plays the deal: cardsim's
output is then the same at any --threads (docs/bot-protocol.md).

    cardsim simulate golf --strategy 'exec:python3 examples/bots/random_bot.py' --strategy greedy
"""
import json
import random
import sys


def main():
    seed = 0
    rng = random.Random(0)
    out = sys.stdout
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg["type"]
        if kind == "act":
            out.write("%d\n" % rng.randrange(len(msg["legal"])))
            out.flush()
        elif kind == "deal":
            rng = random.Random("%d:%d:%d:%d" % (seed, msg["deal"], msg.get("hand", 0), msg["seat"]))
        elif kind == "hello":
            seed = msg["seed"]


if __name__ == "__main__":
    main()
