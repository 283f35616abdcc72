#!/usr/bin/env python3
"""Six-card Golf benchmark bot (written from docs/bot-protocol.md and `cardsim rules golf` only).

Counts the unseen cards (shoe less every face-up grid card, the discard pile and a held card
it may see), values a grid by column expectation over them, takes the discard when its best
placement beats the stock's expected best placement, pairs columns, never puts a high card on
a face-down spot unpaired, weighs the others' final turns before going out, and on a final
turn plays for the chance to win.
"""
import bisect
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cardsim_bot import run  # noqa: E402
from knobs import knobs  # noqa: E402

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]
# Knobs (command-line NAME=VALUE, see knobs.py): tempo, the credit for filling a face-down spot
# while 3+ are face down; go, the chance to win (after the others' final turns) wanted to go
# out; opp, the weight of what a discard gives the next player; pair, 1 to count a face-down
# card's chance to pair its column partner (0: it never pairs); high, the penalty for a card of
# 7 or more put face down unpaired.
K = knobs({"tempo": 5.0, "go": 0.75, "opp": 0.5, "pair": 1, "high": 100.0})
TEMPO = K["tempo"]
GO_OUT_WIN = K["go"]
PAIR = K["pair"] == 1
MY_SAMPLES = 24     # samples of my own face-down cards (two or more) per chance
SAMPLES = 60         # Monte Carlo samples for chances


def rank(card):
    return "JK" if card == "JK" else card[0]


class Rules:
    def __init__(self, rules, players):
        self.jokers = rules.get("jokers", "off") == "on"
        d = rules.get("decks", "auto")
        self.decks = (1 if players <= 4 else 2) if d == "auto" else int(d)
        self.pair2 = int(rules.get("pair_of_twos", "0"))
        self.rows = rules.get("row_rule", "on") == "on"
        b = rules.get("box", "-20")
        self.box = None if b == "off" else int(b)
        self.final_turns = rules.get("final_turns", "yes") == "yes"
        self.flip_after = rules.get("flip_after_discard", "no")
        self.val = {"A": 1, "2": -2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
                    "T": 10, "J": 10, "Q": 10, "K": 0, "JK": -2}
        if self.jokers:
            self.val["2"] = 2

    def shoe(self):
        c = {r: 4 * self.decks for r in RANKS}
        if self.jokers:
            c["JK"] = 2 * self.decks
        return c

    def col_pair(self, r):
        return self.pair2 if (r == "2" and self.pair2) else 0

    def score(self, ranks):
        """Exact score of a grid of six known ranks."""
        v = self.val
        if self.box is not None:
            for a, b in ((0, 1), (1, 2)):
                four = {ranks[a], ranks[b], ranks[a + 3], ranks[b + 3]}
                if len(four) == 1:
                    c = 3 - a - b
                    rest = (self.col_pair(ranks[c]) if ranks[c] == ranks[c + 3]
                            else v[ranks[c]] + v[ranks[c + 3]])
                    return self.box + rest
        zero = [False] * 6
        extra = 0
        for c in range(3):
            if ranks[c] == ranks[c + 3]:
                zero[c] = zero[c + 3] = True
                extra += self.col_pair(ranks[c])
        if self.rows:
            for r0 in (0, 3):
                if ranks[r0] == ranks[r0 + 1] == ranks[r0 + 2]:
                    zero[r0] = zero[r0 + 1] = zero[r0 + 2] = True
        return extra + sum(v[ranks[i]] for i in range(6) if not zero[i])


class Counts:
    """Distribution of an unseen card, by rank."""

    def __init__(self, counts, R):
        self.c = {r: n for r, n in counts.items() if n > 0}
        self.n = sum(self.c.values())
        self.R = R
        if self.n == 0:
            self.c = R.shoe()
            self.n = sum(self.c.values())
        self.p = {r: n / self.n for r, n in self.c.items()}
        self.mean = sum(R.val[r] * p for r, p in self.p.items())
        # expected value of a column of two face-down cards
        pair = sum(p * p * (2 * R.val[r] - R.col_pair(r)) for r, p in self.p.items())
        self.two_down = 2 * self.mean - (pair if PAIR else 0.0)

    def col_one_up(self, r):
        """Expected score of a column with `r` face up and one face-down card."""
        v = self.R.val[r]
        pr = self.p.get(r, 0.0)
        if not PAIR:
            return v + self.mean
        return (1 - pr) * v + (self.mean - pr * v) + pr * self.R.col_pair(r)

    def items(self):
        return self.p.items()


def unseen_counts(view, R):
    c = R.shoe()
    seen = []
    for g in view["grids"]:
        seen += [x for x in g if x]
    seen += view["discard"]
    if view.get("held"):
        seen.append(view["held"])
    for x in seen:
        r = rank(x)
        if c.get(r, 0) > 0:
            c[r] -= 1
    return c


def stock_dist(view, R, unseen):
    if view.get("stock_known") and view.get("stock_cards"):
        c = {}
        for card, n in view["stock_cards"].items():
            c[rank(card)] = c.get(rank(card), 0) + n
        return Counts(c, R)
    return unseen


def expected(grid, U, R):
    """Expected score of a grid (list of ranks or None), face-down cards over U."""
    if all(grid):
        return R.score(grid)
    tot = 0.0
    for c in range(3):
        a, b = grid[c], grid[c + 3]
        if a and b:
            tot += R.col_pair(a) if a == b else R.val[a] + R.val[b]
        elif a or b:
            tot += U.col_one_up(a or b)
        else:
            tot += U.two_down
    # a box or row already made of face-up cards
    if R.box is not None:
        for x, y in ((0, 1), (1, 2)):
            s = {grid[x], grid[y], grid[x + 3], grid[y + 3]}
            if len(s) == 1 and None not in s:
                tot += R.box - 2 * R.col_pair(grid[x])
                break
    return tot


def placements(grid, r):
    """Grids after putting rank r at each position."""
    out = []
    for p in range(6):
        g = list(grid)
        g[p] = r
        out.append((p, g))
    return out


def place_value(grid, p, r, U, R, base=None):
    """Gain in expected score (positive: better) of putting r at p, with tempo and the
    no-high-card-face-down rule."""
    if base is None:
        base = expected(grid, U, R)
    g = list(grid)
    g[p] = r
    gain = base - expected(g, U, R)
    if grid[p] is None:
        partner = grid[(p + 3) % 6]
        paired = partner == r
        if not paired and R.val[r] >= 7:
            gain -= K["high"]  # never a high card face down unpaired
        downs = sum(1 for x in grid if x is None)
        if downs >= 3 and R.flip_after == "no":
            gain += TEMPO
    return gain


# ---------------------------------------------------------------- chances

def sample_card(U, rng):
    x = rng.random()
    acc = 0.0
    last = None
    for r, p in U.items():
        acc += p
        last = r
        if x < acc:
            return r
    return last


def opp_final(grid, U, R, rng, top):
    """One sample of an opponent's score after one more turn: its face-down cards drawn from
    U, and it improves by its best placement of the discard top or a stock card."""
    g = list(grid)
    downs = [i for i in range(6) if g[i] is None]
    base = expected(g, U, R)
    # best use of the top discard, or of a stock card
    best = None
    if top is not None:
        gains = [(base - expected(gg, U, R), gg) for _, gg in placements(g, top)]
        best = max(gains, key=lambda t: t[0])
    if best is None or best[0] < 2:
        r = sample_card(U, rng)
        gains = [(base - expected(gg, U, R), gg) for _, gg in placements(g, r)]
        b2 = max(gains, key=lambda t: t[0])
        if b2[0] > 0:
            best = b2
        elif best is None or best[0] <= 0:
            best = (0, g)
    g = best[1]
    g = [x if x is not None else sample_card(U, rng) for x in g]
    return R.score(g)


def my_final(grid, U, R, rng):
    return R.score([x if x is not None else sample_card(U, rng) for x in grid])


_OPP = {}


def opp_samples(view, seat, U, R, rng, others_move, top):
    """SAMPLES draws of (best other score, how many seats share it), cached per decision."""
    key = (tuple(sorted(others_move.items())), top)
    if key in _OPP:
        return _OPP[key]
    others = [s for s in range(view["players"]) if s != seat]
    grids = {s: [rank(x) if x else None for x in view["grids"][s]] for s in others}
    out = []
    # fewer samples per seat at bigger tables (the same work in all)
    for _ in range(max(12, SAMPLES // len(others))):
        best_other = None
        ties = 0
        for s in others:
            og = grids[s]
            if others_move.get(s):
                sc = opp_final(og, U, R, rng, top)
            elif all(og):
                sc = R.score(og)
            else:
                sc = my_final(og, U, R, rng)
            if best_other is None or sc < best_other:
                best_other, ties = sc, 1
            elif sc == best_other:
                ties += 1
        out.append((best_other, ties))
    _OPP[key] = out
    return out


_SORTED = {}


def beat_share(mine, opp_sorted):
    """Share of the other seats' sampled best scores that `mine` beats (ties: half)."""
    lo = bisect.bisect_left(opp_sorted, mine)
    hi = bisect.bisect_right(opp_sorted, mine)
    return ((len(opp_sorted) - hi) + 0.5 * (hi - lo)) / len(opp_sorted)


def win_chance(my_grid, view, seat, U, R, rng, others_move, top):
    """Chance my grid (face-down over U) beats every other seat (ties: shared)."""
    opp = opp_samples(view, seat, U, R, rng, others_move, top)
    key = id(opp)
    srt = _SORTED.get(key)
    if srt is None:
        srt = _SORTED[key] = sorted(o for o, _ in opp)
    downs = [i for i in range(6) if my_grid[i] is None]
    if not downs:
        return beat_share(R.score(my_grid), srt)
    if len(downs) == 1:
        # one face-down card: every rank it may be, weighed exactly
        w = 0.0
        g = list(my_grid)
        for r, p in U.items():
            g[downs[0]] = r
            w += p * beat_share(R.score(g), srt)
        return w
    n = MY_SAMPLES
    return sum(beat_share(my_final(my_grid, U, R, rng), srt) for _ in range(n)) / n


# ---------------------------------------------------------------- decisions

def choose(view, actions, ctx):
    R = Rules(ctx.rules, view["players"])
    _OPP.clear()
    _SORTED.clear()
    _GO_CACHE.clear()
    _PEN.clear()
    seat = view["seat"]
    grid = [rank(x) if x else None for x in view["grids"][seat]]
    U = Counts(unseen_counts(view, R), R)
    S = stock_dist(view, R, U)
    kinds = [a.kind for a in actions]
    rng = ctx.rng
    final = view.get("ender") is not None  # I am on my final turn

    if view["phase"] == "opening":
        flips = [i for i, a in enumerate(actions) if a.kind == "flip"]
        up_cols = {p % 3 for p in range(6) if grid[p]}
        for i in flips:
            if actions[i].position % 3 not in up_cols and actions[i].position in (0, 4, 2, 3, 1, 5):
                # different column from the card already up
                pref = [0, 4, 2, 3, 1, 5]
                cands = [j for j in flips if actions[j].position % 3 not in up_cols]
                return min(cands, key=lambda j: pref.index(actions[j].position))
        return flips[0]

    if "flip" in kinds or "no-flip" in kinds:
        return choose_flip(view, actions, grid, U, R, rng, seat, final)

    if "draw" in kinds:
        return choose_draw(view, actions, grid, U, S, R, rng, seat, final)

    return choose_place(view, actions, grid, U, R, rng, seat, final)


def others_after_me(view, seat):
    """Which other seats still move after I go out now (all of them, with final turns)."""
    R_final = True
    return {s: R_final for s in range(view["players"]) if s != seat}


def last_turn_moves(view, seat):
    """On a final turn: which other seats still play after me."""
    n = view["players"]
    ender = view["ender"]
    left = view.get("finals_left", 0)
    out = {}
    # seats after me in turn order, before coming back to the ender, still play
    s = (seat + 1) % n
    k = 0
    while s != ender and k < n:
        out[s] = True
        s = (s + 1) % n
        k += 1
    for t in range(n):
        if t != seat and t not in out:
            out[t] = False
    if left <= 1:
        out = {t: False for t in out}
    return out


def eval_option(view, g, U, R, rng, seat, final, top_after):
    """Value of ending my turn with grid g: on a final turn the chance to win; else the
    negative expected score, with going out weighed."""
    if final:
        # the chance to win first; the expected score only between equal chances
        pw = win_chance(g, view, seat, U, R, rng, last_turn_moves(view, seat), top_after)
        return 100.0 * pw - 0.01 * expected(g, U, R)
    return -expected(g, U, R)


_GO_CACHE = {}


def go_out_ok(view, g, U, R, rng, seat, top_after):
    key = (tuple(g), top_after)
    if key in _GO_CACHE:
        return _GO_CACHE[key]
    if len(_GO_CACHE) > 1000:
        _GO_CACHE.clear()
    _GO_CACHE[key] = ok = _go_out_ok(view, g, U, R, rng, seat, top_after)
    return ok


def _go_out_ok(view, g, U, R, rng, seat, top_after):
    if not R.final_turns:
        moves = {s: False for s in range(view["players"]) if s != seat}
    else:
        moves = others_after_me(view, seat)
    pw = win_chance(g, view, seat, U, R, rng, moves, top_after)
    need = GO_OUT_WIN - 0.05 * (view["players"] - 2)
    return pw >= need


OPP_W = K["opp"]
_PEN = {}


def gift(view, seat, U, R, top):
    """What the discard top `top` (a rank, or None: a face-down card turned over, unknown)
    is worth to the next player beyond a stock draw: its best placement gain less the
    stock's expected gain (never below 0)."""
    if top in _PEN:
        return _PEN[top]
    n = view["players"]
    nxt = (seat + 1) % n
    if view.get("ender") is not None and nxt == view["ender"]:
        _PEN[top] = 0.0
        return 0.0
    og = [rank(x) if x else None for x in view["grids"][nxt]]
    base = expected(og, U, R)

    def best_gain(r, can_discard):
        g = max(base - expected(og[:p] + [r] + og[p + 1:], U, R) for p in range(6))
        return max(g, 0.0) if can_discard else g

    if "stock" not in _PEN:
        _PEN["stock"] = sum(p * best_gain(r, True) for r, p in U.items())
    st = _PEN["stock"]
    if top is None:
        v = sum(p * max(0.0, best_gain(r, False) - st) for r, p in U.items())
    else:
        v = max(0.0, best_gain(top, False) - st)
    _PEN[top] = v
    return v


def options_for(view, grid, r, U, R, rng, seat, final, can_discard):
    """(value, position or None for discard) for holding rank r."""
    opts = []
    base = expected(grid, U, R)
    downs = sum(1 for x in grid if x is None)
    for p in range(6):
        g = list(grid)
        g[p] = r
        top_after = grid[p] if grid[p] else None
        if final:
            v = eval_option(view, g, U, R, rng, seat, True, top_after)
        else:
            v = place_value(grid, p, r, U, R, base)
            if downs == 1 and grid[p] is None:
                # this finishes the grid: go out only when the chance to win is good
                if not go_out_ok(view, g, U, R, rng, seat, top_after):
                    v -= 50.0
                else:
                    v += 5.0
            if OPP_W:
                v -= OPP_W * gift(view, seat, U, R, top_after)
        opts.append((v, p))
    if can_discard:
        if final:
            v = eval_option(view, grid, U, R, rng, seat, True, r)
        else:
            v = -OPP_W * gift(view, seat, U, R, r) if OPP_W else 0.0
        opts.append((v, None))
    return opts


def choose_place(view, actions, grid, U, R, rng, seat, final):
    held = None
    for a in actions:
        if a.card:
            held = a.card
            break
    r = rank(held)
    can_discard = any(a.kind == "discard" for a in actions)
    opts = options_for(view, grid, r, U, R, rng, seat, final, can_discard)
    legal_pos = {a.position: i for i, a in enumerate(actions) if a.kind == "swap"}
    disc = next((i for i, a in enumerate(actions) if a.kind == "discard"), None)
    best = None
    for v, p in opts:
        if p is None:
            if disc is None:
                continue
            i = disc
        else:
            if p not in legal_pos:
                continue
            i = legal_pos[p]
        if best is None or v > best[0] + 1e-9 or (p is None and v > best[0] - 1e-9):
            best = (v, i)  # on equal values: throw the card (shows the others nothing)
    return best[1]


def choose_draw(view, actions, grid, U, S, R, rng, seat, final):
    take = next((i for i, a in enumerate(actions) if a.kind == "draw" and a.pile == "discard"), None)
    stock = next((i for i, a in enumerate(actions) if a.kind == "draw" and a.pile == "stock"), None)
    if take is None:
        return stock
    if stock is None:
        return take
    top = rank(actions[take].card)
    # Counts with the top discard no longer in sight (it is still "seen": no change).
    take_v = max(v for v, _ in options_for(view, grid, top, U, R, rng, seat, final, False))
    # The stock: expected best option over its distribution.
    ev = 0.0
    if final:
        # fewer samples per rank: a chance estimate per rank
        for r, p in S.items():
            if p < 1e-9:
                continue
            ev += p * max(v for v, _ in options_for(view, grid, r, U, R, rng, seat, final, True))
    else:
        for r, p in S.items():
            ev += p * max(v for v, _ in options_for(view, grid, r, U, R, rng, seat, final, True))
    return take if take_v > ev else stock


def choose_flip(view, actions, grid, U, R, rng, seat, final):
    flips = [i for i, a in enumerate(actions) if a.kind == "flip"]
    noflip = next((i for i, a in enumerate(actions) if a.kind == "no-flip"), None)
    downs = [p for p in range(6) if grid[p] is None]
    if noflip is not None:
        if final or len(downs) <= 2:
            return noflip
    # flip where the column partner is face up (a chance of a pair), else any
    def key(i):
        p = actions[i].position
        partner = grid[(p + 3) % 6]
        return (0 if partner else 1, p)
    return min(flips, key=key)


if __name__ == "__main__":
    run(choose)
