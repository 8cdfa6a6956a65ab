"""An event as its PBN file records it: boards, each with its traveller (ScoreTable), and
the event's totals (TotalScoreTable) when the file has them.

Real exports differ in small ways, all read here: contracts as ``5Dx``, ``3SD`` (D for
doubled), ``3N``; a result as tricks or relative to the contract (``=``, ``+1``, ``-2``);
the score given for NS, for EW, or not at all (then Law 77 gives it from the contract,
declarer, result and the board's vulnerability, or the Law 2 cycle when the board does
not say); ``Multiplicity`` rows that stand for several tables; artificial adjusted scores
(12C2) marked with ``^`` or written as ``A+``/``A=``/``A-``/``A60``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from bridgelaw.core.calls import Contract, Risk, Strain
from bridgelaw.core.cards import Seat, Side
from bridgelaw.core.deal import Vulnerability, vulnerability_of_board
from bridgelaw.errors import ParseError
from bridgelaw.laws.scoring.duplicate import contract_score
from bridgelaw.session.pbn_tables import Column, Game, read_games, table_rows

_CONTRACT_RE = re.compile(r"^([1-7])(NT|N|C|D|H|S)([XDR*]*)$")
_RISK_WORDS = {"": Risk.NONE, "X": Risk.DOUBLED, "D": Risk.DOUBLED, "*": Risk.DOUBLED,
               "XX": Risk.REDOUBLED, "DD": Risk.REDOUBLED, "R": Risk.REDOUBLED, "XR": Risk.REDOUBLED,
               "**": Risk.REDOUBLED}
_PASS_WORDS = frozenset({"PASS", "P", "AP", "PASSED", "ALLPASS", "PASSOUT", "0"})


def parse_contract(text: str) -> tuple[int, Strain, Risk] | str | None:
    """``(level, strain, risk)``, ``"Pass"`` for a passed-out board, or None when the
    text is no contract (``-``, ``?``, empty: an artificial or unknown result)."""
    t = text.strip().upper().replace(" ", "")
    if not t or t in ("-", "?"):
        return None
    if t in _PASS_WORDS:
        return "Pass"
    m = _CONTRACT_RE.match(t)
    if not m or m.group(3) not in _RISK_WORDS:
        return None
    return int(m.group(1)), Strain.parse(m.group(2)), _RISK_WORDS[m.group(3)]


def contract_name(level: int, strain: Strain, risk: Risk) -> str:
    return f"{level}{'NT' if strain is Strain.N else strain.name}{risk}"


MAX_RECORDED = 1e12  # no score, point or total of an event comes near it


def _number(text: str | None) -> float | None:
    if text is None:
        return None
    t = text.strip().lstrip("^").replace(",", ".")
    if t.endswith("%"):
        t = t[:-1]
    try:
        value = float(t)
    except ValueError:
        return None
    # ``1e999``, ``nan`` and the like are not scores a file can record: not numbers here
    return value if math.isfinite(value) and abs(value) <= MAX_RECORDED else None


def decimals(text: str | None) -> int | None:
    """How many decimals a recorded number is written with (None when it is no number)."""
    if text is None or _number(text) is None:
        return None
    t = text.strip().lstrip("^").rstrip("%").replace(",", ".")
    return len(t.split(".", 1)[1]) if "." in t else 0


_AVERAGE_RE = re.compile(r"^\^?(?:AVE|AVG|A)([+=-]?)(\d+(?:\.\d+)?)?%?$|^\^?(\d+(?:\.\d+)?)%$")


def artificial_percent(text: str | None) -> float | None:
    """12C2: the percentage an artificial adjusted score stands for (``A+`` 60, ``A=``
    50, ``A-`` 40, ``A60``/``^60%`` as written), or None when the text is no average."""
    if not text:
        return None
    m = _AVERAGE_RE.match(text.strip().upper())
    if not m:
        return None
    if m.group(3):
        return float(m.group(3))
    if m.group(2):
        return float(m.group(2))
    return {"+": 60.0, "-": 40.0}.get(m.group(1), 50.0)


@dataclass(slots=True)
class Line:
    """One result on a traveller, as recorded."""

    ns: str | None
    ew: str | None
    contract: str | None  # "4H", "3NTX", "Pass"; None for an artificial or unknown result
    declarer: str | None
    tricks: int | None
    score_ns: int | None
    artificial: tuple[float, float] | None = None  # 12C2 percentages for NS and EW
    recorded: dict[str, str] = field(default_factory=dict)  # MP_NS, IMP_NS, ... as written
    names_ns: str = ""
    names_ew: str = ""
    weighted: tuple[tuple[float, int], ...] | None = None  # 12C1(c): (weight, NS score) parts
    ruling: str = ""  # the ruling an adjusted score comes from
    lead: str = ""  # the opening lead, as recorded ("SK")
    form: str = ""  # 87B: the form of a fouled board this table played ("" when not fouled)
    turned: bool = False  # 15: played the wrong way round; each pair is credited with the cards it held

    def parts(self) -> tuple[tuple[float, int], ...]:
        if self.weighted is not None:
            return self.weighted
        return ((1.0, self.score_ns),) if self.score_ns is not None else ()

    @property
    def comparable(self) -> bool:
        """A table result or an assigned score (12C1): it is compared with the others."""
        return (self.score_ns is not None or self.weighted is not None) and self.artificial is None


@dataclass(slots=True)
class Board:
    number: str
    vulnerability: Vulnerability | None
    dealer: str | None
    deal: str | None
    lines: list[Line]
    columns: list[Column] = field(default_factory=list)
    scoring: str = ""
    problems: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Event:
    name: str = ""
    date: str = ""
    site: str = ""
    scoring: str = ""
    boards: list[Board] = field(default_factory=list)
    totals: list[dict[str, str]] = field(default_factory=list)  # TotalScoreTable rows
    total_columns: list[Column] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


_RECORDED = ("MP_NS", "MP_EW", "IMP_NS", "IMP_EW", "Percentage_NS", "Percentage_EW")
_RECORDED_KEYS = {k.lower(): k for k in _RECORDED}


def _field(row: dict[str, str], name: str) -> str | None:
    for k, v in row.items():
        if k.lower() == name.lower():
            return v
    return None


def _relevant(value: str | None) -> str | None:
    if value is None:
        return None
    v = value.strip()
    return None if v in ("", "-", "?") else v


def _seat(text: str | None) -> Seat | None:
    t = (text or "").strip().upper()
    return Seat[t] if t in ("N", "E", "S", "W") else None


def _tricks(text: str | None, level: int | None) -> int | None:
    t = _relevant(text)
    if t is None:
        return None
    if t in ("=", "MADE", "M") and level is not None:
        return level + 6
    if t[0] in "+-" and level is not None:
        try:
            return level + 6 + int(t)
        except ValueError:
            return None
    try:
        n = int(t)
    except ValueError:
        return None
    return n if 0 <= n <= 13 else None


def _line(row: dict[str, str], vul: Vulnerability, where: str, problems: list[str]) -> Line | None:
    """One row of a ScoreTable as a traveller line: an artificial score (12C2), or the
    contract, declarer, tricks and score (the score computed when the row leaves it out);
    None, with a problem, for a row that cannot be scored and records no points."""
    ns, ew = _pair_ids(row)
    raw_contract = _field(row, "Contract") or ""
    recorded = _recorded_points(row)
    names_ns = _field(row, "Names_NS") or ""
    names_ew = _field(row, "Names_EW") or ""
    s_ns, s_ew = _field(row, "Score_NS"), _field(row, "Score_EW")
    artificial = _artificial(raw_contract, s_ns, s_ew)
    if artificial is not None:
        return Line(ns, ew, None, None, None, None, artificial, recorded, names_ns, names_ew)
    contract, declarer, tricks, score = _result(row, parse_contract(raw_contract), _given_score(s_ns, s_ew), vul)
    if score is None and not recorded:
        if raw_contract.strip() not in ("", "-", "?"):
            problems.append(f"{where}: the result {raw_contract!r} {_field(row, 'Result')!r} cannot be scored; left out")
        return None
    lead = _relevant(_field(row, "Lead")) if contract not in (None, "Pass") else None
    return Line(ns, ew, contract, declarer.name if declarer else None, tricks, score, None,
                recorded, names_ns, names_ew, lead=(lead or "").strip())


def _pair_ids(row: dict[str, str]) -> tuple[str | None, str | None]:
    """The pairs of the row, prefixed with its section when it names one."""
    ns = _relevant(_field(row, "PairId_NS"))
    ew = _relevant(_field(row, "PairId_EW"))
    section = _relevant(_field(row, "Section"))
    if section and ns:
        ns = f"{section}{ns}"
    if section and ew:
        ew = f"{section}{ew}"
    return ns, ew


def _recorded_points(row: dict[str, str]) -> dict[str, str]:
    """The points the row records (matchpoints, IMPs, percentages), by column."""
    recorded = {}
    for k, v in row.items():
        key = _RECORDED_KEYS.get(k.lower())
        if key and _relevant(v) is not None:
            recorded[key] = v.strip()
    return recorded


def _artificial(raw_contract: str, s_ns: str | None, s_ew: str | None) -> tuple[float, float] | None:
    """12C2: an artificial score, in the contract or score columns, as percentages for
    the two sides (a side left out has the rest of 100, or 50 when neither is given)."""
    pct_ns = artificial_percent(raw_contract) or artificial_percent(s_ns)
    pct_ew = artificial_percent(s_ew)
    if pct_ns is None and pct_ew is None:
        return None
    pns = pct_ns if pct_ns is not None else 100.0 - (pct_ew or 50.0)
    pew = pct_ew if pct_ew is not None else 100.0 - pns
    return pns, pew


def _given_score(s_ns: str | None, s_ew: str | None) -> int | None:
    """The score for North-South the row gives (NS's column first, else EW's negated);
    a ``^`` value is not a score."""
    for text, sign in ((s_ns, 1), (s_ew, -1)):
        given = _relevant(text)
        if given is not None and not given.startswith("^"):
            num = _number(given)
            if num is not None:
                return sign * round(num)
    return None


def _result(
    row: dict[str, str], parsed: tuple[int, Strain, Risk] | str | None, score: int | None, vul: Vulnerability,
) -> tuple[str | None, Seat | None, int | None, int | None]:
    """Contract, declarer, tricks and score for North-South: a pass-out scores 0, a
    contract with declarer and tricks but no score is scored (Law 77)."""
    declarer = _seat(_field(row, "Declarer"))
    if parsed == "Pass":
        return "Pass", None, None, 0 if score is None else score
    if not isinstance(parsed, tuple):
        return None, declarer, None, score
    level, strain, risk = parsed
    tricks = _tricks(_field(row, "Result"), level)
    if score is None and declarer is not None and tricks is not None:
        own = contract_score(Contract(level, strain, risk, declarer), tricks, vul.is_vulnerable(declarer.side))
        score = own if declarer.side is Side.NS else -own
    return contract_name(level, strain, risk), declarer, tricks, score


def _vulnerability(game: Game, number: str) -> Vulnerability:
    text = game.get("Vulnerable")
    if text is not None:
        try:
            return Vulnerability.parse(text)
        except ParseError:
            pass
    try:
        return vulnerability_of_board(int(number))
    except ValueError:
        return Vulnerability.NONE


def event_from_games(games: list[Game]) -> Event:
    ev = Event()
    for game in games:
        for attr, tag in (("name", "Event"), ("date", "Date"), ("site", "Site"), ("scoring", "Scoring")):
            v = game.get(tag)
            if v and not getattr(ev, attr):
                setattr(ev, attr, v)
        total = game.section("TotalScoreTable")
        if total is not None and not ev.totals:
            ev.total_columns, ev.totals = table_rows(total)
        table = game.section("ScoreTable")
        if table is None:
            continue
        number = (game.get("Board") or str(len(ev.boards) + 1)).strip().lstrip("0") or "0"
        vul = _vulnerability(game, number)
        columns, rows = table_rows(table, ev.problems, f"board {number}")
        board = Board(number, vul, game.get("Dealer"), game.get("Deal"), [], columns, game.get("Scoring") or "")
        for k, row in enumerate(rows, start=1):
            line = _line(row, vul, f"board {number} row {k}", ev.problems)
            if line is None:
                continue
            times = _number(_field(row, "Multiplicity"))
            copies = max(1, int(times)) if times is not None else 1
            for _ in range(copies):
                board.lines.append(Line(line.ns, line.ew, line.contract, line.declarer, line.tricks,
                                        line.score_ns, line.artificial, dict(line.recorded),
                                        line.names_ns, line.names_ew, lead=line.lead))
        ev.boards.append(board)
    return ev


def read_event(text: str) -> Event:
    """Read an event from PBN text: every game with a ScoreTable is a board."""
    return event_from_games(read_games(text))
