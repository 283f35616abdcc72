#!/usr/bin/env python3
"""Broken Ladder benchmark bot (written from docs/bot-protocol.md and `cardsim rules
broken-ladder` only).

Counts outs as distinct live cards: an unseen physical card is an out when putting it in place
of one hand card makes the hand valid (Starter + signed sum = Head, rank limit kept), counted
once however many places it fits. Lays down whenever it can; takes the discard only when it
completes the hand or raises the chance to complete by the end of the next turn above what
the stock gives over the same two draws; discards the card whose loss costs the fewest outs
(then the fewest points), and among equal discards the one least useful to the next player.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cardsim_bot import run  # noqa: E402
from knobs import knobs  # noqa: E402

RANKS = "A23456789TJQK"
SUITS = "HDSC"
# Knobs (command-line NAME=VALUE, see knobs.py): pts, one point of unsigned hand sum, in
# completion chance; gap, one point between the signed sum and the target; take, 3 to weigh a
# take against the stock over two draws (any other value: a simpler two-draw estimate); opp,
# the weight of the next player's outs a discard gives.
K = knobs({"pts": 0.0005, "gap": 0.00125, "take": 3, "opp": 0.01})
POINTS_W = K["pts"]
GAP_W = K["gap"]


def rank_of(card):
    return card[:-1]


def value(card):
    r = rank_of(card)
    if r == "10":
        return 10
    return RANKS.index(r) + 1


def signed(card):
    v = value(card)
    return v if card[-1] in "HD" else -v


def card_name(v, suit):
    r = RANKS[v - 1]
    return r + suit


class Table:
    def __init__(self, view):
        self.target = value(view["head"]) - value(view["starters"][view["seat"]])
        self.limit = view.get("rank_limit")
        packs = view["packs"]
        live = {}
        for r in range(1, 14):
            for s in SUITS:
                live[card_name(r, s)] = packs
        seen = list(view["hand"]) + list(view["discard"]) + [view["head"]] + list(view["starters"])
        for i, k in enumerate(view.get("known") or []):
            if i != view["seat"]:
                seen += k
        for c in seen:
            c = norm(c)
            if live.get(c, 0) > 0:
                live[c] -= 1
        self.live = live
        self.unseen = max(1, sum(live.values()))
        mem = view.get("stock_memory")
        if mem:
            st = {norm(c): n for c, n in mem.items()}
            self.stock = st
            self.stock_n = max(1, sum(st.values()))
        else:
            self.stock = live
            self.stock_n = self.unseen

    def valid(self, hand):
        if sum(signed(c) for c in hand) != self.target:
            return False
        if self.limit is not None:
            cnt = {}
            for c in hand:
                r = rank_of(c)
                cnt[r] = cnt.get(r, 0) + 1
                if cnt[r] > self.limit:
                    return False
        return True

    def out_cards(self, hand):
        """The card names that complete `hand` (5 cards) by replacing one card."""
        s = sum(signed(c) for c in hand)
        outs = set()
        for i, c in enumerate(hand):
            need = self.target - (s - signed(c))
            if need == 0 or abs(need) > 13:
                continue
            suits = "HD" if need > 0 else "SC"
            rest = hand[:i] + hand[i + 1:]
            for su in suits:
                x = card_name(abs(need), su)
                if x in outs:
                    continue
                if self.limit is not None:
                    r = rank_of(x)
                    if sum(1 for y in rest if rank_of(y) == r) + 1 > self.limit:
                        continue
                outs.add(x)
        return outs

    def outs(self, hand, pool=None):
        pool = pool if pool is not None else self.live
        return sum(pool.get(x, 0) for x in self.out_cards(hand))

    def p_next(self, hand):
        return self.outs(hand, self.stock) / self.stock_n

    def hand_value(self, hand):
        """Chance that one stock draw completes it, plus a little for points held."""
        if self.valid(hand):
            return 10.0 + POINTS_W * sum(value(c) for c in hand)
        gap = abs(sum(signed(c) for c in hand) - self.target)
        return (self.p_next(hand) + POINTS_W * sum(value(c) for c in hand)
                - GAP_W * gap)

    def best_keep(self, six):
        """(value, index of the card to throw) for six cards."""
        best = None
        for i in range(len(six)):
            keep = six[:i] + six[i + 1:]
            v = self.hand_value(keep)
            if best is None or v > best[0] + 1e-12:
                best = (v, i)
        return best


def norm(c):
    return c


def choose(view, actions, ctx):
    kinds = [a.kind for a in actions]
    if "lay-down" in kinds:
        return kinds.index("lay-down")
    T = Table(view)
    hand = list(view["hand"])
    if "draw" in kinds:
        stock = next((i for i, a in enumerate(actions) if a.kind == "draw" and a.pile == "stock"), None)
        take = next((i for i, a in enumerate(actions) if a.kind == "draw" and a.pile == "discard"), None)
        if take is None or stock is None:
            return stock if stock is not None else take
        d = actions[take].card
        six = hand + [d]
        rediscard = ctx.rules.get("rediscard", "on") == "on"
        # best hand keeping the discard (throwing it back is a wasted turn)
        best_take = None
        for i in range(5):
            keep = hand[:i] + hand[i + 1:] + [d]
            v = T.hand_value(keep)
            if best_take is None or v > best_take:
                best_take = v
        if best_take >= 10.0:
            return take
        p_take = best_take  # chance of completing with the next draw (approx.)
        p0 = T.p_next(hand)
        # the stock over two draws: complete now, or with the (possibly improved) hand next
        if K["take"] == 3:
            p_stock = stock_two_draws(T, hand)
        else:
            p_stock = p0 + (1 - p0) * p0
        return take if p_take > p_stock + 1e-9 else stock
    # discard: keep the best five
    discards = [(i, a.card) for i, a in enumerate(actions) if a.kind == "discard"]
    nxt = next_player_outs(view, T, ctx)
    best = None
    for i, c in discards:
        keep = list(hand)
        keep.remove(c)
        v = T.hand_value(keep)
        # a card that may complete the next player costs its chance of doing so
        v -= OPP_W * nxt.get(c, 0.0)
        if best is None or v > best[0] + 1e-12:
            best = (v, i)
    return best[1]


def stock_two_draws(T, hand):
    """Chance to be complete by the end of the next turn drawing from the stock now: the
    stock card completes, or the best five kept with it complete on the next draw. Cards of
    one rank and colour play alike, so each such pair is weighed once."""
    p0 = T.p_next(hand)
    kinds = {}
    for c, k in T.stock.items():
        if k > 0:
            key = (rank_of(c), c[-1] in "HD")
            if key in kinds:
                kinds[key][1] += k
            else:
                kinds[key] = [c, k]
    tot = 0.0
    for c, k in kinds.values():
        best = p0
        for i in range(5):
            keep = hand[:i] + hand[i + 1:] + [c]
            if T.valid(keep):
                best = 1.0
                break
            p = T.p_next(keep)
            if p > best:
                best = p
        tot += k * best
    return tot / T.stock_n


OPP_SAMPLES = 40
OPP_W = K["opp"]


def next_player_outs(view, T, ctx):
    """For each card name: the chance that it completes the next player's hand (its known
    cards, the rest sampled from the unseen cards)."""
    n = view["players"]
    nxt = (view["seat"] + 1) % n
    known = list((view.get("known") or [[]] * n)[nxt])
    size = view["hand_sizes"][nxt]
    u = max(0, size - len(known))
    target = value(view["head"]) - value(view["starters"][nxt])
    pool = []
    for c, k in T.live.items():
        pool += [c] * k
    if len(pool) < u:
        return {}
    opp = Table.__new__(Table)
    opp.target = target
    opp.limit = T.limit
    hits = {}
    rng = ctx.rng
    for _ in range(OPP_SAMPLES):
        h = known + rng.sample(pool, u)
        if len(h) != 5:
            continue
        for x in opp.out_cards(h):
            hits[x] = hits.get(x, 0) + 1
    return {x: k / OPP_SAMPLES for x, k in hits.items()}


if __name__ == "__main__":
    run(choose)
