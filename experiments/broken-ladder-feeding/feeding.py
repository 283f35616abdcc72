#!/usr/bin/env python3
"""Where 2-player Broken Ladder deals are won, and whether a discard can be made safe.

Replays `cardsim trace broken-ladder --players 2 --json` deals (greedy on both seats, default
rules) from their dealt state and, at every discard that does not leave the discarder a valid
hand, scores each of the six cards it could throw:
  - outs: the unseen cards (from the discarder's view) that would make its kept five valid;
  - feeds: whether the card would make the next player's actual hand valid (it takes it);
  - danger: the chance it feeds under a uniform model of the next player's hidden cards
    (the expected number of its 4-card subsets summing to what the card would complete);
  - same_value: whether it has the signed value of the next player's last discard.

Usage: feeding.py CARDSIM DEALS SEED
"""
import collections
import itertools
import json
import math
import subprocess
import sys

RANK = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}
DECK = [r + s for r in "A23456789TJQK" for s in "CDHS"]


def value(c):
    return RANK.get(c[0]) or int(c[0])


def signed(c):
    return value(c) if c[1] in "HD" else -value(c)


def valid(hand, need):
    ranks = collections.Counter(c[0] for c in hand)
    return sum(map(signed, hand)) == need and max(ranks.values()) < 3


def completes(five, card, need):
    return any(valid(five[:i] + five[i + 1:] + [card], need) for i in range(len(five)))


def danger(unseen, known, need, card):
    """Expected 4-card subsets of a hand (known cards + uniform unseen ones) summing to
    need - signed(card): the chance `card` completes it, to first order."""
    total = sum(unseen.values())
    one = collections.Counter()
    for c, n in unseen.items():
        one[signed(c)] += n / total
    sums = [collections.Counter({0: 1.0})]
    for _ in range(4):
        nxt = collections.Counter()
        for a, p in sums[-1].items():
            for b, q in one.items():
                nxt[a + b] += p * q
        sums.append(nxt)
    hidden, rest, e = 5 - len(known), need - signed(card), 0.0
    for j in range(min(4, len(known)) + 1):
        if 4 - j <= hidden:
            for ks in itertools.combinations(known, j):
                e += math.comb(hidden, 4 - j) * sums[4 - j][rest - sum(map(signed, ks))]
    return e


def main():
    binary, deals, seed = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    won_off_discard, rows = 0, []
    for d in range(deals):
        out = subprocess.run(
            [binary, "trace", "broken-ladder", "--players", "2", "--seed", seed,
             "--deal", str(d), "--json"], capture_output=True, text=True, check=True).stdout
        recs = [json.loads(line) for line in out.splitlines()]
        st = next(r for r in recs if r["type"] == "state")["state"]
        need = [value(st["head"]) - value(s) for s in st["starters"]]
        hands = [list(h) for h in st["hands"]]
        stock, pile = list(st["stock"]), list(st["discard"])
        known, last_discard, last_draw = [[], []], [None, None], [None, None]
        for a in (r for r in recs if r["type"] == "action"):
            s, o, x = a["seat"], 1 - a["seat"], a["structured"]
            if x["kind"] == "draw":
                last_draw[s] = x["pile"]
                if x["pile"] == "stock":
                    hands[s].append(stock.pop())
                else:
                    c = pile.pop()
                    hands[s].append(c)
                    known[s].append(c)
            elif x["kind"] == "discard":
                six, c = hands[s], x["card"]
                fives = [six[:i] + six[i + 1:] for i in range(6)]
                if not any(valid(f, need[s]) for f in fives):
                    seen = collections.Counter(six) + collections.Counter(pile) \
                        + collections.Counter(known[o])
                    unseen = collections.Counter(DECK) - seen
                    cands = []
                    for y, f in zip(six, fives):
                        outs = sum(n for u, n in unseen.items() if completes(f, u, need[s]))
                        cands.append(dict(
                            card=y, chosen=y == c, outs=outs,
                            feeds=completes(hands[o], y, need[o]),
                            danger=danger(unseen, known[o], need[o], y),
                            same_value=last_discard[o] == signed(y)))
                    rows.append(cands)
                six.remove(c)
                pile.append(c)
                last_discard[s] = signed(c)
                if c in known[s]:
                    known[s].remove(c)
            elif "lays down" in a["action"]:
                won_off_discard += last_draw[s] == "discard"
    chosen = [next(c for c in r if c["chosen"]) for r in rows]
    every = [c for r in rows for c in r]
    print(f"deals {deals}: won by taking the loser's discard {won_off_discard}"
          f" ({won_off_discard / deals:.1%})")
    print(f"discards weighed {len(rows)}: the chosen card feeds the next player"
          f" {sum(c['feeds'] for c in chosen) / len(chosen):.1%},"
          f" any of the six {sum(c['feeds'] for c in every) / len(every):.1%}")
    every.sort(key=lambda c: c["danger"])
    k = len(every) // 5
    print("uniform-model danger by fifth (model / actual): " + ", ".join(
        f"{sum(c['danger'] for c in every[i * k:(i + 1) * k]) / k:.3f}"
        f" / {sum(c['feeds'] for c in every[i * k:(i + 1) * k]) / k:.3f}" for i in range(5)))
    same = [c for c in every if c["same_value"]]
    print(f"cards of the next player's last discard's value: {len(same)} of {len(every)},"
          f" feed {sum(c['feeds'] for c in same) / max(len(same), 1):.1%}")
    for slack in (0, 1, 2):
        n = fed = saved = lost = 0
        for r, ch in zip(rows, chosen):
            alt = [c for c in r if c["same_value"] and not ch["same_value"]
                   and c["outs"] >= ch["outs"] - slack]
            if alt:
                best = max(alt, key=lambda c: c["outs"])
                n += 1
                fed += ch["feeds"]
                saved += ch["feeds"] - best["feeds"]
                lost += ch["outs"] - best["outs"]
        print(f"a safe card within {slack} outs of the chosen one: {n} discards,"
              f" chosen fed {fed}, feeds saved {saved}, outs given up {lost}")


if __name__ == "__main__":
    main()
