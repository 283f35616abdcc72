#!/usr/bin/env python3
"""Chinchón (with action cards) benchmark bot, written from docs/bot-protocol.md and
`cardsim rules chinchon` only.

Its own exact arrangement solver (groups, runs on the ring 1..12-CIRC, one WILD per
combination) gives a hand's unmatched points. A 7-card hand is valued with a one-draw
look-ahead over the live cards (the unmatched points expected after the next draw and the
best discard). It takes the discard top only when the hand it makes beats the expected stock
draw, throws action cards at once (a SKIP or DRAW gives it another turn), keeps WILDs, and
closes whenever it may (at 0 points for -10), choosing the close card that leaves least.
"""
import os
import sys
from itertools import combinations

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cardsim_bot import run  # noqa: E402
from knobs import knobs  # noqa: E402

SUITS = "OCEB"
# Knobs (command-line NAME=VALUE, see knobs.py): close, the points a chance to close after the
# next draw is worth; strict, 1 to take the top only on a strictly better look-ahead; take_m,
# the points the take must beat the stock by; wild, a WILD's worth beyond the next draw; gift,
# the weight of what a discard gives the other seats.
K = knobs({"close": 100.0, "strict": 0, "take_m": 0.0, "wild": 10.0, "gift": 1.0})
CLOSE_W = K["close"]
STRICT = K["strict"] == 1
TAKE_M = K["take_m"]
ACTIONS = ("DRAW", "SKIP", "REV")


class Rules:
    def __init__(self, rules, players):
        g = lambda k, d: int(rules.get(k, d))
        self.decks = 1 if players <= 4 else 2
        self.n = {"WILD": g("wild", 2), "CIRC": g("circ", 4), "DRAW": g("draw", 2),
                  "SKIP": g("skip", 2), "REV": g("reverse", 2)}
        self.pts = {"WILD": g("wild_points", 25), "CIRC": g("circ_points", 10)}
        ap = g("action_points", 10)
        for a in ACTIONS:
            self.pts[a] = ap
        self.limit = g("close_limit", 5)

    def points(self, c):
        if c in self.pts:
            return self.pts[c]
        return int(c[:-1])

    def shoe(self):
        s = {}
        for d in range(self.decks):
            for su in SUITS:
                for v in range(1, 13):
                    s["%d%s" % (v, su)] = s.get("%d%s" % (v, su), 0) + 1
            for k, n in self.n.items():
                s[k] = s.get(k, 0) + n
        return s


_PARSE = {}


def parse(c):
    """(kind, number, suit): kind N (number), CIRC, WILD or ACT."""
    p = _PARSE.get(c)
    if p is None:
        if c == "WILD" or c == "CIRC":
            p = (c, 0, "")
        elif c in ACTIONS:
            p = ("ACT", 0, "")
        else:
            p = ("N", int(c[:-1]), c[-1])
        _PARSE[c] = p
    return p


_COMBOS = {}


def combos(hand):
    """Every combination of the hand, as bitmasks (deduplicated; memoized)."""
    key = tuple(hand)
    r = _COMBOS.get(key)
    if r is None:
        if len(_COMBOS) > 200000:
            _COMBOS.clear()
        r = _COMBOS[key] = _combos(hand)
    return r


def _combos(hand):
    P = [parse(c) for c in hand]
    wilds = [i for i, p in enumerate(P) if p[0] == "WILD"]
    out = set()
    # groups of equal numbers, groups of CIRCs
    by = {}
    suits = {}
    circs = []
    for i, p in enumerate(P):
        if p[0] == "N":
            by.setdefault(p[1], []).append(i)
            suits.setdefault(p[2], {}).setdefault(p[1], []).append(i)
        elif p[0] == "CIRC":
            circs.append(i)
    groups = [idx for idx in by.values() if len(idx) >= 2]
    if len(circs) >= 2:
        groups.append(circs)
    for idx in groups:
        if len(idx) >= 3:
            for k in (3, 4):
                for sub in combinations(idx, k):
                    out.add(sum(1 << i for i in sub))
        if wilds:
            for k in (2, 3):
                for sub in combinations(idx, k):
                    m = sum(1 << i for i in sub)
                    for w in wilds:
                        out.add(m | (1 << w))
    # runs: arcs of the ring 1..12, 13 = the CIRC slot
    for su, slot in suits.items():
        if circs:
            slot = dict(slot)
            slot[13] = circs
        if len(slot) < 2:
            continue
        starts = set(slot)
        if wilds:
            starts |= {(p - 2) % 13 + 1 for p in slot}
        for start in starts:
            partial = [(0, False, 0)]
            pos = start
            for L in range(1, 14):
                nxt = []
                cands = slot.get(pos, ())
                for m, uw, nw in partial:
                    for i in cands:
                        nxt.append((m | (1 << i), uw, nw + 1))
                    if not uw and wilds:
                        nxt.append((m, True, nw))
                if not nxt:
                    break
                partial = nxt[:64]
                if L >= 3:
                    for m, uw, nw in partial:
                        if nw >= 2:
                            if uw:
                                for w in wilds:
                                    out.add(m | (1 << w))
                            else:
                                out.add(m)
                pos = pos % 13 + 1
    return out


_SOLVED = {}


def solve_masks(pts, masks):
    """(least unmatched points, mask of the unmatched cards) given the combinations."""
    n = len(pts)
    by_low = [[] for _ in range(n)]
    for m in masks:
        low = (m & -m).bit_length() - 1
        by_low[low].append(m)
    memo = {}

    def f(rem):
        if rem == 0:
            return 0, 0
        r = memo.get(rem)
        if r is not None:
            return r
        low = (rem & -rem).bit_length() - 1
        v, lm = f(rem & ~(1 << low))
        best = (v + pts[low], lm | (1 << low))
        for m in by_low[low]:
            if m & rem == m:
                v2, lm2 = f(rem & ~m)
                if v2 < best[0]:
                    best = (v2, lm2)
        memo[rem] = best
        return best

    return f((1 << n) - 1)


def solve(hand, R):
    return solve_masks([R.points(c) for c in hand], combos(hand))


def combos_with(hand, c):
    """The combinations of hand + [c] (c at index len(hand)) that hold c."""
    k, v, s = parse(c)
    n = len(hand)
    if k == "WILD":
        return [m for m in combos(hand + [c]) if (m >> n) & 1]
    sub = []
    for i, h in enumerate(hand):
        hk, hv, hs = parse(h)
        if hk == "WILD" or (hk == "CIRC" and (k == "CIRC" or (k == "N" and (v <= 2 or v >= 11)))):
            sub.append(i)
        elif hk == "N" and ((k == "N" and (hv == v or hs == s)) or (k == "CIRC" and (hv <= 2 or hv >= 11))):
            sub.append(i)
    if len(sub) < 2:
        return []
    sh = [hand[i] for i in sub] + [c]
    last = len(sub)
    out = []
    for m in combos(sh):
        if not (m >> last) & 1:
            continue
        full = 1 << n
        for j, i in enumerate(sub):
            if (m >> j) & 1:
                full |= 1 << i
        out.append(full)
    return out


class Ctx:
    def __init__(self, view, R):
        self.R = R
        live = R.shoe()
        seen = list(view["hand"]) + list(view["discard"])
        for i, k in enumerate(view.get("known") or []):
            if i != view["seat"]:
                seen += k
        for c in seen:
            if live.get(c, 0) > 0:
                live[c] -= 1
        if view.get("reshuffles", 0) and view.get("restocked"):
            rs = view["restocked"]
            live = {c: min(n, rs.get(c, 0)) for c, n in live.items()}
        self.live = {c: n for c, n in live.items() if n > 0}
        self.total = max(1, sum(self.live.values()))
        self.cache = {}

    def U(self, hand):
        key = tuple(sorted(hand))
        r = _SOLVED.get(key)
        if r is None:
            if len(_SOLVED) > 200000:
                _SOLVED.clear()
            r = _SOLVED[key] = solve(list(key), self.R)
        return r

    def candidates(self, hand, keep=4, slack=8):
        """The discards worth weighing from a hand: those leaving the fewest points."""
        opts = []
        for c in set(hand):
            h = list(hand)
            h.remove(c)
            opts.append((self.U(h)[0] + (WILD_KEEP if c == "WILD" else 0), -self.R.points(c), c))
        opts.sort()
        lo = opts[0][0]
        return [c for u, _, c in opts if u <= lo + slack][:keep]

    def best_discard(self, hand):
        """(points left, card) of the best discard from a hand (approx.: the highest loose
        card of the best arrangement; exact when several discards are tried)."""
        best = None
        for c in set(hand):
            h = list(hand)
            h.remove(c)
            u = self.U(h)[0]
            if best is None or u < best[0] or (u == best[0] and self.R.points(c) > self.R.points(best[1])):
                best = (u, c)
        return best

    def relevant(self, hand, c):
        """Can card c combine with the hand (share a number, a suit within 2 on the ring, a
        CIRC or WILD)?"""
        k, v, s = parse(c)
        if k == "ACT":
            return False
        if k == "WILD":
            return True
        for h in hand:
            hk, hv, hs = parse(h)
            if hk == "WILD":
                return True
            if k == "CIRC":
                if hk == "CIRC" or (hk == "N" and (hv <= 2 or hv >= 11)):
                    return True
                continue
            if hk == "N":
                if hv == v:
                    return True
                if hs == s:
                    d = abs(hv - v) % 13
                    if min(d, 13 - d) <= 2:
                        return True
            elif hk == "CIRC" and (v <= 2 or v >= 11):
                return True
        return False

    def lookahead(self, hand):
        """Unmatched points expected after one more draw from the live cards and the best
        discard (never worse than now)."""
        hand = sorted(hand)
        key = ("L",) + tuple(hand)
        if key in self.cache:
            return self.cache[key]
        R = self.R
        base = list(combos(hand))
        pts = [R.points(c) for c in hand]
        u0, _ = solve_masks(pts, base)
        tot = 0.0
        miss = u0 - (CLOSE_W if u0 <= R.limit else 0.0)
        for c, n in self.live.items():
            extra = combos_with(hand, c)
            if not extra:
                tot += n * miss
                continue
            p8 = pts + [R.points(c)]
            u8, lm = solve_masks(p8, base + extra)
            lp = [p8[i] for i in range(len(p8)) if (lm >> i) & 1]
            u = u8 - max(lp) if lp else 0
            tot += n * (min(u0, u) - (CLOSE_W if min(u0, u) <= self.R.limit else 0.0))
        r = self.cache[key] = tot / self.total
        return r


WILD_KEEP = K["wild"]
GIFT_W = K["gift"]


def gift(known, c):
    """How much a discard may help another seat, from the cards it took in view of all:
    it completes a combination with them (8) or joins one of them (2)."""
    if not known or parse(c)[0] == "ACT":
        return 0.0
    if combos_with(list(known), c):
        return 8.0
    k, v, s = parse(c)
    for h in known:
        hk, hv, hs = parse(h)
        if hk == "WILD" or k == "WILD":
            return 2.0
        if hk == "N" and k == "N" and (hv == v or (hs == s and abs(hv - v) <= 2)):
            return 2.0
        if hk == "CIRC" and k == "CIRC":
            return 2.0
    return 0.0


def choose(view, actions, ctx):
    R = Rules(ctx.rules, view["players"])
    C = Ctx(view, R)
    hand = list(view["hand"])
    kinds = [a.kind for a in actions]

    if "draw" in kinds:
        take = next((i for i, a in enumerate(actions) if a.kind == "draw" and a.pile == "discard"), None)
        stock = next((i for i, a in enumerate(actions) if a.kind == "draw" and a.pile == "stock"), None)
        if take is None or stock is None:
            return stock if stock is not None else take
        d = actions[take].card
        h8 = hand + [d]
        # the hand after taking: its best discard (not d itself), valued with look-ahead
        w_take = None
        cands = [x for x in C.candidates(h8) if x != d] or [x for x in hand if x != d] or hand
        for x in cands:
            h = list(h8)
            h.remove(x)
            w = C.lookahead(h)
            if w_take is None or w < w_take:
                w_take = w
        # the stock: the expected points after the draw; one more draw's gain as well
        u0 = C.U(hand)[0]
        e1 = C.lookahead(hand)
        w_stock = e1 - (u0 - e1)
        # a discard that lets it close at once is always taken
        u_take_now = min(C.U(h8[:j] + h8[j + 1:])[0] for j in range(len(h8)) if h8[j] != d)
        if u_take_now <= R.limit:
            return take
        if STRICT:
            u_take = min(C.U([y for j, y in enumerate(h8) if j != h8.index(x)])[0] for x in cands)
            if u_take >= u0:
                return stock
        return take if w_take < w_stock - TAKE_M - 1e-9 else stock

    # discard or close
    closes = [(i, a.card) for i, a in enumerate(actions) if a.kind == "close"]
    if closes:
        best = None
        for i, c in closes:
            h = list(hand)
            h.remove(c)
            u = C.U(h)[0]
            if best is None or u < best[0] or (u == best[0] and R.points(c) > R.points(actions[best[1]].card)):
                best = (u, i)
        if best[0] <= R.limit:
            return best[1]
    discards = [(i, a.card) for i, a in enumerate(actions) if a.kind == "discard"]
    # action cards go at once (SKIP and DRAW first: another turn)
    for pref in ("SKIP", "DRAW", "REV"):
        for i, c in discards:
            if c == pref:
                return i
    opp_known = []
    for i, k in enumerate(view.get("known") or []):
        if i != view["seat"]:
            opp_known += k
    best = None
    seen = set()
    cands = set(C.candidates(hand))
    for i, c in discards:
        if c in seen or c not in cands:
            continue
        seen.add(c)
        h = list(hand)
        h.remove(c)
        w = C.lookahead(h) + GIFT_W * gift(opp_known, c)
        if c == "WILD":
            w += WILD_KEEP
        key = (w, -R.points(c))
        if best is None or key < best[0]:
            best = (key, i)
    return best[1]


if __name__ == "__main__":
    run(choose)
