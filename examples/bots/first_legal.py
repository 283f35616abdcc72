#!/usr/bin/env python3
"""A cardsim exec: bot that always plays the first legal action (docs/bot-protocol.md).

    cardsim simulate golf --strategy 'exec:python3 examples/bots/first_legal.py' --strategy greedy
"""
from cardsim_bot import run


def choose(view, actions):
    return 0


if __name__ == "__main__":
    run(choose)
