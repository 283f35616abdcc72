#!/usr/bin/env python3
"""A cardsim exec: bot that always plays the first legal action (docs/bot-protocol.md).

    cardsim simulate golf --strategy 'exec:python3 examples/bots/first_legal.py' --strategy greedy
"""
import json
import sys


def main():
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "act":
            print(0, flush=True)


if __name__ == "__main__":
    main()
