"""Publishing a scored session: PBN with ScoreTable and TotalScoreTable sections (PBN 2.1
§5.7, §5.8), USEBIO 1.3 XML (the format results are submitted in) and the results page
(``session.results_page``)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from bridgelaw.core.deal import Board as DealtBoard
from bridgelaw.session.board_scoring import ScoredBoard, ScoredLine
from bridgelaw.session.event import Line
from bridgelaw.session.field import FieldResult, rnd
from bridgelaw.session.pbn_tables import Column, write_table
from bridgelaw.session.results_page import dd_table, results_page
from bridgelaw.session.roster import Player, Roster

_SCORE_COLUMNS = (
    Column("PairId_NS", 3, "R"), Column("PairId_EW", 3, "R"), Column("Contract", 5, "L"),
    Column("Declarer", 1, "R"), Column("Result", 2, "R"), Column("Score_NS", 5, "R"), Column("Score_EW", 5, "R"),
)


def _fmt(x: float | None, places: int) -> str:
    if x is None:
        return "-"
    return f"{rnd(x, places):.{places}f}"


def _deal_text(board: DealtBoard) -> str:
    from bridgelaw.core.cards import Seat, Suit

    hands = []
    for seat in Seat:
        h = board.deal[seat]
        hands.append(".".join("".join(c.rank.char for c in h.suit(s)) for s in (Suit.S, Suit.H, Suit.D, Suit.C)))
    return "N:" + " ".join(hands)


def tied_place(rank: str) -> str:
    """A place as results files write it: a tie shares the first of its places and is
    marked ``=`` (``"4-5"`` is ``"4="``)."""
    return f"{rank.split('-', 1)[0]}=" if "-" in rank else rank


def _pbn_date(date: str) -> str:
    """PBN writes a date ``YYYY.MM.DD`` (``?`` for an unknown part)."""
    iso = _usebio_date(date)
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", iso)
    return f"{m.group(1)}.{m.group(2)}.{m.group(3)}" if m else "????.??.??"


def _pbn_tag(name: str, value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def to_pbn(res: FieldResult, boards: Mapping[int, DealtBoard] | None = None, *, event: str = "", site: str = "",
           date: str = "") -> str:
    """The session as PBN: a game per board with its ScoreTable, then the TotalScoreTable.

    Every game carries the mandatory tags of PBN 2.1 (§3.1: Event, Site, Date, Board,
    West, North, East, South, Dealer, Vulnerable, Deal, Scoring, Declarer, Contract,
    Result), ``?`` where the value is unknown and empty where it does not apply (the
    players and the result of a board played at many tables are on its ScoreTable).
    The totals are ``TotalMP`` or ``TotalIMP`` (§5.8), a tie's rank ``4=``, and the
    pairs' names where the roster gives them. An artificial score (12C2) is written in
    the score columns as its percentages (``A60``, ``A40``) and its points marked ``^``
    (§5.2); a weighted score's points are marked ``^`` too."""
    mp = res.method == "MP"
    kind = "MP" if mp else "IMP"
    places = res.options.points_decimals
    cols = [*_SCORE_COLUMNS, Column(f"{kind}_NS", 6, "R"), Column(f"{kind}_EW", 6, "R")]
    out: list[str] = ["% PBN 2.1", "% EXPORT", ""]
    head = [_pbn_tag("Event", event or "?"), _pbn_tag("Site", site or "?"), _pbn_tag("Date", _pbn_date(date))]
    for sb in res.boards:
        number = sb.board.number
        dealt = boards.get(int(number)) if boards and number.isdigit() else None
        out.extend(head)
        out.append(_pbn_tag("Board", number))
        out.extend(_pbn_tag(seat, "") for seat in ("West", "North", "East", "South"))
        out.append(_pbn_tag("Dealer", dealt.dealer.name if dealt else "?"))
        out.append(_pbn_tag("Vulnerable", str(dealt.vulnerability) if dealt else "?"))
        out.append(_pbn_tag("Deal", _deal_text(dealt) if dealt else "?"))
        out.append(_pbn_tag("Scoring", res.method))
        out.extend(_pbn_tag(tag, "") for tag in ("Declarer", "Contract", "Result"))
        rows = [_score_row(sl, places) for sl in sb.lines]
        out.append(write_table("ScoreTable", cols, rows).rstrip("\n"))
        out.append("")
    out.extend(_pbn_totals(res, head, kind))
    return "\n".join(out) + "\n"


def _pbn_totals(res: FieldResult, head: list[str], kind: str) -> list[str]:
    """The last game: the TotalScoreTable (rank, pair, direction, total, percentage,
    boards, names)."""
    width = max((len(s.names) for s in res.ranking), default=0)
    tcols = [Column("Rank", 5, "R"), Column("PairId", 3, "R"), Column("Direction", 2, "R"),
             Column(f"Total{kind}", 7, "R"), Column("TotalPercentage", 6, "R"), Column("NrBoards", 2, "R")]
    if width:
        tcols.append(Column("Names", min(width + 2, 60), "L"))
    trows = []
    for s in res.ranking:
        row = [tied_place(s.rank), s.pair, s.direction or "-", f"{s.total:.{res.options.total_decimals}f}",
               "-" if s.percent is None else f"{s.percent:.{res.options.percent_decimals}f}", str(s.boards)]
        trows.append([*row, s.names or "-"] if width else row)
    tags = [*head, _pbn_tag("Board", ""), *(_pbn_tag(t, "") for t in ("West", "North", "East", "South")),
            *(_pbn_tag(t, "?") for t in ("Dealer", "Vulnerable", "Deal")), _pbn_tag("Scoring", res.method),
            *(_pbn_tag(t, "") for t in ("Declarer", "Contract", "Result"))]
    return [*tags, write_table("TotalScoreTable", tcols, trows).rstrip("\n")]


def _artificial_text(pct: float) -> str:
    return f"A{pct:g}"


def _score_row(sl: ScoredLine, places: int) -> list[str]:
    """One ScoreTable row: pairs, contract, declarer, result, the score on the side that
    made it (an artificial score as its percentages), and the points (``^`` on an
    artificial or weighted score)."""
    ln = sl.line
    art = "^" if ln.artificial or ln.weighted else ""
    s = ln.score_ns
    if ln.artificial:
        score_ns, score_ew = _artificial_text(ln.artificial[0]), _artificial_text(ln.artificial[1])
    else:
        score_ns = "-" if s is None else (str(s) if s >= 0 else "-")
        score_ew = "-" if s is None else (str(-s) if s < 0 else "-")
    return [
        ln.ns or "-", ln.ew or "-", ln.contract or "-", ln.declarer or "-",
        "-" if ln.tricks is None else str(ln.tricks), score_ns, score_ew,
        art + _fmt(sl.ns, places) if sl.ns is not None else "-", art + _fmt(sl.ew, places) if sl.ew is not None else "-",
    ]


_USEBIO_METHODS = {"MP": "MATCH_POINTS", "Butler": "BUTLER_IMPS", "IMP": "CROSS_IMPS", "TotalPoints": "AGGREGATE"}


def _usebio_date(date: str) -> str:
    """USEBIO 1.3 writes the DATE as ISO 8601 (1.2 files had DD/MM/YYYY, which is read
    back here to the ISO form)."""
    m = re.fullmatch(r"(\d{1,2})[/.](\d{1,2})[/.](\d{4})", date.strip())
    return f"{m.group(3)}-{int(m.group(2)):02d}-{int(m.group(1)):02d}" if m else date.strip()


def to_usebio(res: FieldResult, *, event: str = "", club: str = "", club_id: str = "", date: str = "",
              program_version: str = "", roster: Roster | None = None) -> str:
    """USEBIO 1.3, the format results are submitted in (usebio.org; 1.3 keeps the element
    structure of 1.2 and renames a few EVENT elements).

    The structure, element by element as published 1.2/1.3 files and the programs that
    read and write them have it (the files declare the DTD ``usebio_v1_3.dtd``):

    * ``USEBIO Version="1.3"`` holds ``CLUB`` (``CLUB_NAME``, ``CLUB_ID_NUMBER``) and one
      ``EVENT EVENT_TYPE="PAIRS"`` (the other types are INDIVIDUAL, SWISS_PAIRS, TEAMS and
      SWISS_TEAMS; the old MP_PAIRS is superseded);
    * ``EVENT``: ``PROGRAM_NAME``, ``PROGRAM_VERSION``, ``EVENT_DESCRIPTION``, ``DATE``
      (ISO in 1.3), ``WINNER_TYPE`` (1 for one field, 2 for a winner each way),
      ``BOARD_SCORING_METHOD`` (MATCH_POINTS, BUTLER_IMPS, CROSS_IMPS, AGGREGATE, ...),
      ``BOARDS_PLAYED``, ``PAIRS``, then ``PARTICIPANTS`` and one ``BOARD`` per board;
    * ``PAIR``: ``PAIR_NUMBER``, ``DIRECTION`` (only when ranked by direction),
      ``BOARDS_PLAYED``, a ``PLAYER`` per player (``PLAYER_NAME`` and, when the roster
      gives it, ``NATIONAL_ID_NUMBER``: the federation number a masterpoint upload goes
      by), ``ADJUSTMENT`` (the points a procedural penalty, Law 90, took off the total),
      ``PLACE`` (a tie ``4=``), ``TOTAL_SCORE``, ``PERCENTAGE``;
    * ``BOARD``: ``BOARD_NUMBER`` and a ``TRAVELLER_LINE`` per result: ``NS_PAIR_NUMBER``,
      ``EW_PAIR_NUMBER``, ``CONTRACT``, ``PLAYED_BY``, ``LEAD``, ``TRICKS``, ``SCORE``
      (for NS), then ``NS_MATCH_POINTS``/``EW_MATCH_POINTS`` or ``NS_IMPS``/``EW_IMPS``.

    An artificial adjusted score (12C2) has no contract, declarer or tricks: its line
    carries the pairs, the score as its percentage for North-South (``A60``) and the
    points. The players come from ``roster`` (pair number to players) when given, else
    from the names the ranking carries."""
    root = ET.Element("USEBIO", Version="1.3")
    cl = ET.SubElement(root, "CLUB")
    ET.SubElement(cl, "CLUB_NAME").text = club
    ET.SubElement(cl, "CLUB_ID_NUMBER").text = club_id
    ev = ET.SubElement(root, "EVENT", EVENT_TYPE="PAIRS")
    ET.SubElement(ev, "PROGRAM_NAME").text = "bridgelaw"
    ET.SubElement(ev, "PROGRAM_VERSION").text = program_version or _version()
    ET.SubElement(ev, "EVENT_DESCRIPTION").text = event
    ET.SubElement(ev, "DATE").text = _usebio_date(date)
    directional = any(s.direction for s in res.ranking)
    ET.SubElement(ev, "WINNER_TYPE").text = "2" if directional else "1"
    ET.SubElement(ev, "BOARD_SCORING_METHOD").text = _USEBIO_METHODS.get(res.method, "OTHER")
    ET.SubElement(ev, "BOARDS_PLAYED").text = str(len(res.boards))
    ET.SubElement(ev, "PAIRS").text = str(len(res.ranking))
    _usebio_participants(ET.SubElement(ev, "PARTICIPANTS"), res, roster or {})
    for sb in res.boards:
        _usebio_board(ET.SubElement(ev, "BOARD"), sb, res)
    ET.indent(root)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE USEBIO SYSTEM "usebio_v1_3.dtd">\n'
            + ET.tostring(root, encoding="unicode") + "\n")


def _usebio_participants(parts: ET.Element, res: FieldResult, roster: Roster) -> None:
    """A PAIR per ranked pair: number, direction when ranked by direction, boards played,
    its players, place, total and percentage."""
    for s in res.ranking:
        pair = ET.SubElement(parts, "PAIR")
        ET.SubElement(pair, "PAIR_NUMBER").text = s.pair
        if s.direction:
            ET.SubElement(pair, "DIRECTION").text = s.direction
        ET.SubElement(pair, "BOARDS_PLAYED").text = str(s.boards)
        players = roster.get(s.pair) or tuple(
            Player(n.strip()) for n in re.split(r" - | – | & |;|/", s.names) if n.strip())
        for p in players:
            el = ET.SubElement(pair, "PLAYER")
            ET.SubElement(el, "PLAYER_NAME").text = p.name
            if p.national_id:
                ET.SubElement(el, "NATIONAL_ID_NUMBER").text = p.national_id
        if s.penalty:  # Law 90: the points a procedural penalty took off (already in the total)
            ET.SubElement(pair, "ADJUSTMENT").text = f"{-s.penalty:.{res.options.total_decimals}f}"
        ET.SubElement(pair, "PLACE").text = tied_place(s.rank)
        ET.SubElement(pair, "TOTAL_SCORE").text = f"{s.total}"
        if s.percent is not None:
            ET.SubElement(pair, "PERCENTAGE").text = f"{s.percent}"


def _usebio_board(board: ET.Element, sb: ScoredBoard, res: FieldResult) -> None:
    """A BOARD: its number and a TRAVELLER_LINE per result; an artificial score carries
    the pairs and the points only."""
    places = res.options.points_decimals
    kind = "MATCH_POINTS" if res.method == "MP" else "IMPS"
    ET.SubElement(board, "BOARD_NUMBER").text = sb.board.number
    for sl in sb.lines:
        ln = sl.line
        tl = ET.SubElement(board, "TRAVELLER_LINE")
        ET.SubElement(tl, "NS_PAIR_NUMBER").text = ln.ns or ""
        ET.SubElement(tl, "EW_PAIR_NUMBER").text = ln.ew or ""
        if ln.artificial:
            ET.SubElement(tl, "SCORE").text = _artificial_text(ln.artificial[0])
        else:
            _usebio_played(tl, ln)
        if sl.ns is not None:
            ET.SubElement(tl, f"NS_{kind}").text = _fmt(sl.ns, places)
        if sl.ew is not None:
            ET.SubElement(tl, f"EW_{kind}").text = _fmt(sl.ew, places)


def _usebio_played(tl: ET.Element, ln: Line) -> None:
    """What was played, as far as the line gives it: contract, declarer, lead, tricks and
    the score for North-South."""
    if ln.contract:
        ET.SubElement(tl, "CONTRACT").text = "PASS" if ln.contract == "Pass" else ln.contract
    if ln.declarer:
        ET.SubElement(tl, "PLAYED_BY").text = ln.declarer
    if ln.lead:
        ET.SubElement(tl, "LEAD").text = ln.lead
    if ln.tricks is not None:
        ET.SubElement(tl, "TRICKS").text = str(ln.tricks)
    if ln.score_ns is not None:
        ET.SubElement(tl, "SCORE").text = str(ln.score_ns)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("bridgelaw")
    except PackageNotFoundError:  # a source tree that is not installed
        return "0"


__all__ = ["dd_table", "results_page", "tied_place", "to_pbn", "to_usebio"]
