"""Movements as data (Laws 1-8: boards, tables and rounds): who sits where in every round
and which board set they play.

A movement is a list of ``Seating`` rows (table, round, NS pair, EW pair, board set) and
the number of boards in a set. ``mitchell`` (NS stationary, EW up a table, boards down;
an even number of tables skips once half way), with an optional arrow-switch on chosen
rounds (the NS pair plays the EW cards there, so the field is one); ``appendix_mitchell``
(a base Mitchell with a table and a half appended: the appendix table shares table 1's
boards, the half table's pair has a bye a round); ``howell`` for 3 to
8 tables (every pair meets every other once and plays every board set once); a phantom
pair when the count of pairs is odd (its opponents sit out). ``validate`` checks what the
Laws and the movement promise: no pair twice in a round, no set at two tables at once,
no pair playing a set twice, and each pair meeting exactly the opponents it should.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import combinations

PHANTOM = "phantom"


@dataclass(frozen=True, slots=True)
class Seating:
    table: int
    round: int
    ns: str
    ew: str
    board_set: int
    switched: bool = False  # arrow-switch: the NS pair holds the EW cards this round

    @property
    def sits_out(self) -> bool:
        return PHANTOM in (self.ns, self.ew)

    def directions(self) -> tuple[str, str]:
        """The pairs holding the NS and the EW cards (swapped on an arrow-switched round)."""
        return (self.ew, self.ns) if self.switched else (self.ns, self.ew)


@dataclass(slots=True)
class Movement:
    name: str
    tables: int
    rounds: int
    sets: int
    boards_per_set: int
    seatings: list[Seating] = field(default_factory=list)
    one_field: bool = False  # one ranking (Howell, arrow-switched Mitchell) or by direction
    shared: list[tuple[int, ...]] = field(default_factory=list)  # tables that share their boards
    set_boards: dict[int, list[int]] = field(default_factory=dict)  # sets of uneven size, when given

    def boards(self, board_set: int) -> list[int]:
        if board_set < 1:  # a bye: no boards
            return []
        if self.set_boards:
            return list(self.set_boards.get(board_set, []))
        first = (board_set - 1) * self.boards_per_set + 1
        return list(range(first, first + self.boards_per_set))

    def pairs(self) -> list[str]:
        seen = dict.fromkeys(p for s in self.seatings for p in (s.ns, s.ew) if p != PHANTOM)
        return list(seen)

    def at(self, table: int, round_: int) -> Seating | None:
        for s in self.seatings:
            if s.table == table and s.round == round_:
                return s
        return None

    def round_of(self, pair: str, round_: int) -> Seating | None:
        for s in self.seatings:
            if s.round == round_ and pair in (s.ns, s.ew):
                return s
        return None

    def next_round(self, table: int, round_: int) -> list[dict[str, object]]:
        """Where each pair of ``table`` in ``round_`` plays the next round: its table, the
        direction it sits, its opponents and boards (``sits_out`` against the phantom);
        empty after the last round."""
        here = self.at(table, round_)
        if here is None or round_ >= self.rounds:
            return []
        out: list[dict[str, object]] = []
        for pair in (here.ns, here.ew):
            nxt = self.round_of(pair, round_ + 1) if pair != PHANTOM else None
            if nxt is None:
                continue
            ns, ew = nxt.directions()
            out.append({"pair": pair, "round": round_ + 1, "table": nxt.table, "direction": "NS" if pair == ns else "EW",
                        "against": ew if pair == ns else ns, "boards": self.boards(nxt.board_set),
                        "sits_out": nxt.sits_out})
        return out

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "tables": self.tables, "rounds": self.rounds, "sets": self.sets,
                "boards_per_set": self.boards_per_set, "one_field": self.one_field,
                "shared": [list(g) for g in self.shared],
                "set_boards": {str(k): v for k, v in self.set_boards.items()},
                "seatings": [{"table": s.table, "round": s.round, "ns": s.ns, "ew": s.ew,
                              "board_set": s.board_set, "switched": s.switched} for s in self.seatings]}


def split_boards(count: int, sets: int) -> dict[int, list[int]]:
    """``count`` boards in ``sets`` consecutive sets as even as can be (27 in 7: six of
    four, then one of three)."""
    if count < sets:
        raise ValueError(f"{count} boards cannot make {sets} sets")
    base, extra = divmod(count, sets)
    out: dict[int, list[int]] = {}
    first = 1
    for k in range(1, sets + 1):
        size = base + (1 if k <= extra else 0)
        out[k] = list(range(first, first + size))
        first += size
    return out


def mitchell(tables: int, boards_per_set: int = 3, *, rounds: int | None = None, arrow_switch: Iterable[int] = (),
             phantom_ew: int | None = None, boards: int | None = None) -> Movement:
    """A Mitchell of ``tables`` tables: NS pair ``t`` sits at table ``t`` all session, EW
    pair ``tables + e`` starts at table ``e`` and moves up one table a round, the boards
    move down one. With an even number of tables the EW pairs skip a table after half the rounds
    (else they would meet boards they have played), and play one round fewer than tables.
    ``arrow_switch`` names the rounds played with the arrow switched; ``phantom_ew`` the
    EW pair that is missing (its opponents sit out); ``boards`` a total that the sets
    share as evenly as they can (instead of ``boards_per_set`` each)."""
    if tables < 2:
        raise ValueError("a Mitchell needs at least two tables")
    n = tables
    even = n % 2 == 0
    total = rounds if rounds is not None else (n - 1 if even else n)
    if not 1 <= total <= (n - 1 if even else n):
        raise ValueError(f"a {n}-table Mitchell plays at most {n - 1 if even else n} rounds")
    switched = set(arrow_switch)
    mv = Movement(f"Mitchell {n} tables" + (" (skip)" if even else ""), n, total, n, boards_per_set,
                  one_field=bool(switched))
    if boards is not None:
        mv.set_boards = split_boards(boards, n)
        mv.boards_per_set = max(len(b) for b in mv.set_boards.values())
    for r in range(total):
        skip = 1 if even and r >= n // 2 else 0
        for e in range(n):
            t = (e + r + skip) % n
            board_set = (t + r) % n
            ew = PHANTOM if phantom_ew == n + e + 1 else str(n + e + 1)
            ns = str(t + 1)
            mv.seatings.append(Seating(t + 1, r + 1, ns, ew, board_set + 1, (r + 1) in switched))
    mv.seatings.sort(key=lambda s: (s.round, s.table))
    return mv


def appendix_mitchell(base: int, boards_per_set: int = 3) -> Movement:
    """A Mitchell of ``base`` tables with a table and a half appended (for ``base + 1½``
    tables, an odd number of pairs): the boards move as in a ``base``-table Mitchell (one
    set per base table, down one table a round, ``base`` rounds); the appendix table
    ``base + 1`` stands next to table 1 and shares its boards; the EW pairs move up one
    position a round through the ``base + 2`` positions of a ``base + 2``-table Mitchell,
    the last position being the bye (the half table: that pair sits out the round). With
    an even base the EW pairs skip one position after half the rounds, as in a skip
    Mitchell; with an odd base they never do. No pair meets a board set twice and no one
    meets the same opponents twice (``validate`` checks it for every base the tests use).

    NS pairs ``1 .. base + 1`` sit at their tables all session; EW pairs are numbered
    ``base + 2 .. 2·base + 3``. The bye is a seating at the bye stand (table ``base + 2``,
    board set 0, no boards) against the ``PHANTOM``."""
    if base < 3:
        raise ValueError("an appendix Mitchell needs a base of at least three tables")
    n = base
    positions = n + 2
    half = n // 2 if n % 2 == 0 else None
    mv = Movement(f"Appendix Mitchell {n} + 1½ tables", n + 1, n, n, boards_per_set, shared=[(1, n + 1)])
    for r in range(n):
        skip = 1 if half is not None and r >= half else 0
        for e in range(positions):
            p = (e + r + skip) % positions
            ew = str(n + 2 + e)
            if p == n + 1:
                mv.seatings.append(Seating(n + 2, r + 1, PHANTOM, ew, 0))
                continue
            board_set = ((0 if p == n else p) + r) % n + 1
            mv.seatings.append(Seating(p + 1, r + 1, str(p + 1), ew, board_set))
    mv.seatings.sort(key=lambda s: (s.round, s.table))
    return mv


# The board set at table ``i`` in round ``r`` is ``r + c[i]`` (mod the number of sets): the
# pairs there are ``r + i`` and ``r - i`` (the circle method, the last pair stationary at
# table 1), so a pair meets the sets ``c[0]`` and ``c[i] ± i`` relative to itself, and
# these offsets make those all different: each pair plays each set once. Where no such
# offsets are all different (3 and 5 tables) tables with equal offsets share their boards.
HOWELL_OFFSETS: dict[int, tuple[int, ...]] = {
    3: (0, 0, 0), 4: (0, 2, 4, 1), 5: (0, 2, 6, 8, 2), 6: (0, 3, 5, 9, 1, 4),
    7: (0, 3, 5, 9, 1, 6, 2), 8: (0, 2, 7, 11, 6, 1, 13, 5),
}


def howell(tables: int, boards_per_set: int = 2, *, phantom: bool = False) -> Movement:
    """A complete Howell of ``tables`` tables (3 to 8): ``2·tables`` pairs, ``2·tables - 1``
    rounds and board sets; every pair meets every other pair once and plays every set once.
    Pair ``2·tables`` is stationary at table 1; the others move. With ``phantom`` the last
    pair is a phantom (an odd number of pairs): whoever meets it sits out that round."""
    if not 3 <= tables <= 8:
        raise ValueError("a Howell here is for 3 to 8 tables")
    n = tables
    m = 2 * n - 1
    c = HOWELL_OFFSETS[n]
    mv = Movement(f"Howell {n} tables", n, m, m, boards_per_set, one_field=True)
    groups: dict[int, list[int]] = defaultdict(list)
    for i, off in enumerate(c):
        groups[off].append(i + 1)
    mv.shared = [tuple(g) for g in groups.values() if len(g) > 1]
    top = PHANTOM if phantom else str(2 * n)
    for r in range(m):
        a, b = top, str(r + 1)
        mv.seatings.append(Seating(1, r + 1, b if a == PHANTOM else a, a if a == PHANTOM else b,
                                   (r + c[0]) % m + 1))
        for i in range(1, n):
            x, y = (r + i) % m + 1, (r - i) % m + 1
            ns, ew = (str(x), str(y)) if (r + i) % 2 == 0 else (str(y), str(x))
            mv.seatings.append(Seating(i + 1, r + 1, ns, ew, (r + c[i]) % m + 1))
    return mv


def validate(mv: Movement, *, meets: dict[str, set[str]] | None = None) -> list[str]:
    """What is wrong with a movement (empty when nothing): a pair seated twice in a round,
    a set at two tables at once, a pair playing a set twice, a table used twice in a round,
    and (given ``meets``, pair to the opponents it must meet) the wrong opponents."""
    problems: list[str] = []
    by_round: dict[int, list[Seating]] = defaultdict(list)
    for s in mv.seatings:
        by_round[s.round].append(s)
    for r, seats in sorted(by_round.items()):
        problems.extend(_round_problems(mv, r, seats))
    problems.extend(_session_problems(mv, meets))
    return problems


def _round_problems(mv: Movement, r: int, seats: list[Seating]) -> list[str]:
    """Within one round: a table used twice, a pair seated twice, a board set at tables
    that do not share boards."""
    problems: list[str] = []
    tables = Counter(s.table for s in seats)
    for t, k in tables.items():
        if k > 1:
            problems.append(f"round {r}: table {t} is used {k} times")
    pairs = Counter(p for s in seats for p in (s.ns, s.ew) if p != PHANTOM)
    for p, k in pairs.items():
        if k > 1:
            problems.append(f"round {r}: pair {p} is seated {k} times")
    at: dict[int, list[int]] = defaultdict(list)
    for s in seats:
        at[s.board_set].append(s.table)
    for b, ts in at.items():
        if len(ts) > 1 and not any(set(ts) <= set(g) for g in mv.shared):
            problems.append(f"round {r}: board set {b} is at tables {sorted(ts)}, which do not share boards")
    return problems


def _session_problems(mv: Movement, meets: dict[str, set[str]] | None) -> list[str]:
    """Over the whole session: two pairs meeting twice, a pair playing a board set twice,
    and (given ``meets``) a pair not meeting exactly the opponents it must."""
    problems: list[str] = []
    played: dict[str, Counter[int]] = defaultdict(Counter)
    met: dict[str, set[str]] = defaultdict(set)
    for s in mv.seatings:
        if s.sits_out:
            continue
        for p, o in ((s.ns, s.ew), (s.ew, s.ns)):
            played[p][s.board_set] += 1
            if o in met[p]:
                problems.append(f"pair {p} meets pair {o} twice")
            met[p].add(o)
    for p, sets in played.items():
        for b, k in sets.items():
            if k > 1:
                problems.append(f"pair {p} plays board set {b} {k} times")
    if meets is not None:
        for p, want in meets.items():
            if met.get(p, set()) != want:
                problems.append(f"pair {p} meets {sorted(met.get(p, set()))}, not {sorted(want)}")
    return problems


def expected_meetings(mv: Movement) -> dict[str, set[str]]:
    """Whom each pair must meet: in a Howell every other pair; in a Mitchell every pair of
    the other direction, less those an even Mitchell's skip passes over (the table the
    EW pair would reach in the half-way round) and those a short session never reaches."""
    pairs = mv.pairs()
    if mv.name.startswith("Howell"):
        return {p: {q for q in pairs if q != p} for p in pairs}
    n = mv.tables
    even = n % 2 == 0
    out: dict[str, set[str]] = defaultdict(set)
    for e in range(n):
        for r in range(mv.rounds):
            t = (e + r + (1 if even and r >= n // 2 else 0)) % n
            out[str(n + e + 1)].add(str(t + 1))
            out[str(t + 1)].add(str(n + e + 1))
    return {p: out[p] - {PHANTOM} for p in pairs}


MOST_PAIRS = 40  # the largest field the director's page offers movements for


def movements_for(pairs: int, boards_per_round: int = 2) -> list[dict[str, object]]:
    """The movements a club can run for ``pairs`` pairs, each as the spec a session is
    opened with (``movement``): a Mitchell (a phantom EW pair for an odd number; with the
    arrow switched in the last round for one winner), a Howell (3-8 tables) and, for an odd
    number, the appendix Mitchell."""
    if not 4 <= pairs <= MOST_PAIRS:
        raise ValueError(f"movements are offered for 4 to {MOST_PAIRS} pairs, not {pairs}")
    tables = (pairs + 1) // 2
    odd = pairs % 2 == 1
    per = max(1, boards_per_round)
    specs: list[dict[str, object]] = []
    mitchell_spec: dict[str, object] = {"kind": "mitchell", "tables": tables, "boards_per_set": per}
    if odd:
        mitchell_spec["phantom_ew"] = 2 * tables
    specs.append(mitchell_spec)
    last = tables - 1 if tables % 2 == 0 else tables
    if tables >= 3:
        specs.append({**mitchell_spec, "arrow_switch": [last]})
    if 3 <= tables <= 8:
        specs.append({"kind": "howell", "tables": tables, "boards_per_set": per, "phantom": odd})
    if odd and pairs >= 9:
        specs.append({"kind": "appendix_mitchell", "base": (pairs - 3) // 2, "boards_per_set": per})
    return specs


def round_robin(teams: list[str]) -> list[list[tuple[str, str]]]:
    """Every team against every other once (the circle method), round by round; an odd
    number of teams gets a bye (``PHANTOM``)."""
    ts = list(teams) + ([PHANTOM] if len(teams) % 2 else [])
    n = len(ts)
    rounds: list[list[tuple[str, str]]] = []
    for r in range(n - 1):
        rot = [ts[0], *ts[1:][r:], *ts[1:][:r]]
        rounds.append([(rot[i], rot[n - 1 - i]) for i in range(n // 2)])
    return rounds


def swiss_pairings(standing: list[tuple[str, float]], played: set[frozenset[str]]) -> list[tuple[str, str]]:
    """The next Swiss round: teams in order of score, each against the highest-placed team
    it has not met (backtracking when the last ones have all met); an odd one out gets a
    bye against ``PHANTOM``."""
    order = [t for t, _ in sorted(standing, key=lambda x: (-x[1], x[0]))]
    if len(order) % 2:
        order.append(PHANTOM)

    def pair(rest: list[str]) -> list[tuple[str, str]] | None:
        if not rest:
            return []
        first = rest[0]
        for j in range(1, len(rest)):
            other = rest[j]
            if frozenset((first, other)) in played:
                continue
            tail = pair(rest[1:j] + rest[j + 1:])
            if tail is not None:
                return [(first, other), *tail]
        return None

    found = pair(order)
    if found is None:
        raise ValueError("every remaining pairing repeats a match already played")
    return found


def all_pairs(items: Iterable[str]) -> set[frozenset[str]]:
    return {frozenset(c) for c in combinations(items, 2)}
