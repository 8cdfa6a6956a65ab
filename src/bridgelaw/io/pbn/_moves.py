"""PBN reading of the auction and the play sections: calls and cards with their notes,
annotations and irregularity marks (3.9), and the repairs of auctions that leave out
leading passes or the double of the contract.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from bridgelaw.core.calls import Call, Risk
from bridgelaw.core.cards import Card, Seat
from bridgelaw.errors import ParseError
from bridgelaw.io.pbn._lex import (
    _CARD_OF,
    _NOTE_REF,
    _Tag,
)
from bridgelaw.io.record import (
    HandRecord,
    RecordedCall,
    contract_text,
    linearise,
    strain_of,
)

_TOKEN_RE = re.compile(r"=\d+=|\^[A-Za-z]|\$\d+|[!?]+|\*|\+|[^=^$!?*+]+|.")
_SUFFIXES = frozenset({"!", "?", "!!", "!?", "?!", "??"})
_ALERT_NOTE = re.compile(r"Alert(?:: (.*))?", re.S)  # as write_pbn writes an alert


def _split_words(words: Iterable[str]) -> Iterator[str]:
    """Separate glued marks (PBN 3.5, 3.6): '1S=1=' -> '1S', '=1='; '2C!' -> '2C', '!';
    'D4*' -> 'D4', '*'; '^RS6' -> '^R', 'S6'."""
    for w in words:
        if w.isalnum():
            yield w
        else:
            yield from _TOKEN_RE.findall(w)


def _annotate(old: str | None, token: str) -> str:
    return token if not old else f"{old} {token}"


def _read_auction(rec: HandRecord, tag: _Tag, notes: dict[int, str]) -> None:
    first = tag.value.strip()
    try:
        rec.auction_first = Seat.parse(first)
    except ParseError:
        rec.problems.append(f"[Auction {first!r}] does not name the first seat")
        return
    if rec.dealer is not None and rec.auction_first is not rec.dealer:
        rec.warnings.append(f"the auction starts with {first} but the dealer is {rec.dealer.name}")
    reader = _AuctionWords(rec, notes)
    for w in _split_words(tag.words):
        if reader.read(w):
            break
    for k, text in notes.items():
        if k not in reader.used:
            rec.tags[f"Note {k}"] = text


@dataclass(slots=True)
class _AuctionWords:
    """The words of an auction section, read one at a time: ``read`` tells each kind of
    word (note reference, annotation, place holder, end mark, irregularity mark, call)
    to its reader, and says when the section ends."""

    rec: HandRecord
    notes: dict[int, str]
    used: set[int] = field(default_factory=set)  # the notes referred to
    pending: str | None = None  # a ^I read, waiting for the bid it marks

    def read(self, w: str) -> bool:
        """Read one word; True when it ends the auction (``+``, ``*``, ``AP``)."""
        rec = self.rec
        m = _NOTE_REF.fullmatch(w)
        if m:
            self.note_ref(int(m.group(1)))
        elif w.startswith("$") or w in _SUFFIXES:
            # 3.5.3: a suffix or NAG comments on the call ("!" is "good call", not an alert)
            if rec.calls:
                rec.calls[-1].annotation = _annotate(rec.calls[-1].annotation, w)
        elif w == "-":
            if not rec.calls:  # 3.5.1: a place not yet on turn
                rec.auction_placeholders += 1
            else:
                rec.warnings.append("a '-' after the first call of the auction; ignored")
        elif w == "+":  # 3.5: to be continued
            rec.auction_continued = True
            return True
        elif w.startswith("^") and len(w) == 2:
            self.mark(w)
        elif w == "*":
            rec.auction_ends = "*"
            return True
        elif w.upper() == "AP":
            rec.auction_ends = "AP"
            _all_pass(rec)
            return True
        else:
            self.call(w)
        return False

    def note_ref(self, k: int) -> None:
        """``=k=``: note k explains the call before it."""
        if not self.rec.calls:
            return
        text = self.notes.get(k)
        if text is None:
            self.rec.warnings.append(f"note ={k}= is referred to but not given")
        else:
            _note_call(self.rec.calls[-1], text)
            self.used.add(k)

    def mark(self, w: str) -> None:
        """``^S``: the place of a player skipped by a call out of rotation; ``^I``: the
        next bid is insufficient and stands (3.9)."""
        mark = w[1].upper()
        if mark == "S":
            self.rec.calls.append(RecordedCall(Call.PASS, irregularity="S"))
        elif mark == "I":
            self.pending = "I"
        else:
            self.rec.warnings.append(f"irregularity mark {w!r} has no meaning in an auction (PBN 3.9); ignored")

    def call(self, w: str) -> None:
        """A call, taking a pending ``^I`` if it is a bid."""
        core = w.upper()
        if core == "PAS":
            core = "P"
        try:
            call = Call.parse(core)
        except ParseError:
            self.rec.problems.append(f"the auction holds {w[:20]!r}, which is not a call")
            return
        if call.is_bid and not call.admissible_level:
            self.rec.warnings.append(f"the auction holds {w}, a bid of more than seven (Law 38)")
        self.rec.calls.append(RecordedCall(call, irregularity=self.pending if call.is_bid else None))
        self.pending = None


def _note_call(rc: RecordedCall, text: str) -> None:
    """A note on a call: its explanation; a note that starts with "Alert" marks the call
    alerted (3.5.4: alerts are written as notes), the rest of it is the explanation."""
    m = _ALERT_NOTE.fullmatch(text)
    if m:
        rc.alert = True
        rc.note = (m.group(1) or "").strip() or None
    else:
        rc.note = text


def _restore_leading_passes(rec: HandRecord, play: _Tag | None) -> None:
    """rpbridge.net leaves out the passes before the opening bid while [Auction] still names
    the dealer.  When the auction as written gives a declarer other than [Declarer], and
    putting back one to three passes gives exactly the recorded declarer (and the opening
    leader of [Play]), the passes are put back with a warning."""
    if not _declarer_misplaced(rec):
        return
    leader = play.value.strip().upper()[:1] if play is not None else ""
    original = list(rec.calls)
    for k in (1, 2, 3):
        rec.calls = [RecordedCall(Call.PASS) for _ in range(k)] + original
        if _as_recorded(rec, leader):
            rec.warnings.append(
                f"the auction leaves out the {k} pass{'es' if k > 1 else ''} before the opening bid "
                f"(rpbridge.net style): restored, as [Declarer] and [Play] require"
            )
            return
    rec.calls = original


def _declarer_misplaced(rec: HandRecord) -> bool:
    """Whether an unmarked auction that opens with a bid gives a declarer other than the
    recorded one: the case where leading passes may have been left out."""
    if not rec.calls or rec.calls[0].call.is_pass or rec.declarer is None:
        return False
    if any(c.irregularity is not None for c in rec.calls):
        return False
    contract = rec.auction_contract
    return contract is not None and contract.declarer is not rec.auction_declarer


def _as_recorded(rec: HandRecord, leader: str) -> bool:
    """Whether the auction gives the recorded level, strain and declarer, and the opening
    leader of [Play] (``leader``, empty when [Play] names none)."""
    fixed = rec.auction_contract
    if fixed is None:
        return False
    same_bid = rec.contract is not None and rec.contract[:2] == f"{fixed.level}{fixed.strain.name}"
    return same_bid and fixed.declarer is rec.auction_declarer and leader in ("", fixed.opening_leader.name)


def _restore_contract_risk(rec: HandRecord) -> None:
    """rpbridge.net writes the [Contract] of the first game of each deal (the one that
    carries [Deal]) without its X or XX: in the corpus none of 296 such games with a doubled
    or redoubled auction has the X, while all 285 second-table games (which re-use the deal)
    have it.  When level, strain and declarer agree with the game's own auction and only
    the double is missing, the auction's contract is read, with a warning."""
    contract = rec.auction_contract
    if contract is None or contract.risk is Risk.NONE or rec.contract is None or rec.auction_declarer is not contract.declarer:
        return
    if rec.contract != f"{contract.level}{contract.strain.name}":
        return
    fixed = contract_text(contract)
    rec.warnings.append(
        f"[Contract {rec.contract!r}] leaves out the {'redouble' if contract.risk is Risk.REDOUBLED else 'double'} of its own "
        f"auction (rpbridge.net writes the first table's contract without X/XX): read as {fixed!r}"
    )
    rec.contract = fixed


def _all_pass(rec: HandRecord) -> None:
    """'AP': passes until the auction ends (three after a call, four if nothing was bid)."""
    made = [call for _, call in rec.made_calls]
    trailing = 0
    for call in reversed(made):
        if not call.is_pass:
            break
        trailing += 1
    need = 4 - trailing if trailing == len(made) else 3 - trailing
    rec.calls.extend(RecordedCall(Call.PASS) for _ in range(max(0, need)))


def _read_play(rec: HandRecord, tag: _Tag, notes: dict[int, str]) -> None:
    words = list(_split_words(tag.words))
    first = _read_leader(rec, tag.value.strip(), words)
    if first is None:
        return
    reader = _PlayWords(rec, notes)
    for w in words:
        if reader.read(w):
            break
    rows = reader.rows
    if reader.row:
        rows.append(reader.row + [None] * (4 - len(reader.row)))
    for k, text in notes.items():
        if k not in reader.used:
            rec.tags[f"Play Note {k}"] = text
    rec.play_rows = rows
    if any(c is not None for r in rows for c in r):
        _play_in_order(rec, first, rows, reader.marks, reader.extra)


def _read_leader(rec: HandRecord, first: str, words: list[str]) -> Seat | None:
    """The opening leader of [Play] (that of the auction when the tag leaves it out but
    cards are given), set as the record's; None when there is no play to read."""
    if first and first != "?":
        try:
            rec.play_first = Seat.parse(first)
        except ParseError:
            rec.problems.append(f"[Play {first!r}] does not name the opening leader")
            return None
        return rec.play_first
    cards_given = any(w not in ("*", "+", "-", "--") and not w.startswith(("^", "$", "=")) and w not in _SUFFIXES
                      for w in words)
    if not cards_given:
        return None  # 3.6: a play section with no card is an empty play
    contract = rec.auction_contract
    if contract is None:
        rec.problems.append(f"[Play {first!r}] names no opening leader and the auction gives none")
        return None
    rec.play_first = contract.opening_leader
    rec.warnings.append(f"[Play {first!r}] names no opening leader: read from {rec.play_first.name}, the auction's")
    return rec.play_first


@dataclass(slots=True)
class _PlayWords:
    """The words of a play section, read one at a time into the trick table as written
    (a row a trick, a column a hand from the leader of [Play]), with the irregularity
    marks, notes and annotations by the (row, column) of their card."""

    rec: HandRecord
    notes: dict[int, str]
    rows: list[list[Card | None]] = field(default_factory=list)
    row: list[Card | None] = field(default_factory=list)  # the trick being read
    marks: dict[tuple[int, int], str] = field(default_factory=dict)
    extra: dict[tuple[int, int], tuple[str, str]] = field(default_factory=dict)  # (row, col) -> ("note"|"nag", text)
    pending: str | None = None  # ^R or ^L read, waiting for the card it marks
    last: tuple[int, int] | None = None
    used: set[int] = field(default_factory=set)  # the notes referred to

    def read(self, w: str) -> bool:
        """Read one word; True when it ends the play (``*``, ``+``)."""
        if w == "*":
            return True
        if w == "+":
            self.rec.play_continued = True
            return True
        m = _NOTE_REF.fullmatch(w)
        if m:
            self.note_ref(int(m.group(1)))
        elif w.startswith("$") or w in _SUFFIXES:
            if self.last is not None:
                at = (self.last[0], self.last[1] + 10)
                old = self.extra.get(at)
                self.extra[at] = ("nag", _annotate(old[1] if old else None, w))
        elif w.startswith("^") and len(w) == 2:
            if w[1].upper() in ("R", "L"):
                self.pending = w[1].upper()
            else:
                self.rec.warnings.append(f"irregularity mark {w!r} has no meaning in the play (PBN 3.9); ignored")
        else:
            self.card(w)
        return False

    def note_ref(self, k: int) -> None:
        """``=k=``: note k is about the card before it."""
        if self.last is not None and k in self.notes:
            self.extra[self.last] = ("note", self.notes[k])
            self.used.add(k)
        elif k not in self.notes:
            self.rec.warnings.append(f"play note ={k}= is referred to but not given")

    def card(self, w: str) -> None:
        """A card, or ``-`` for none, in the next column; a pending mark is its mark."""
        where = (len(self.rows), len(self.row))
        if self.pending is not None:
            self.marks[where] = self.pending
            self.pending = None
        self.last = where
        if w in ("-", "--"):
            self.row.append(None)
        else:
            try:
                self.row.append(_CARD_OF.get(w) or Card.parse(w))
            except ParseError:
                self.rec.problems.append(f"the play holds {w[:20]!r}, which is not a card")
                self.row.append(None)
        if len(self.row) == 4:
            self.rows.append(self.row)
            self.row = []


def _play_in_order(rec: HandRecord, first: Seat, rows: list[list[Card | None]], marks: dict[tuple[int, int], str],
                   extra: dict[tuple[int, int], tuple[str, str]]) -> None:
    """The trick table as the cards in the order played (which needs the trump suit), and
    the marks, notes and annotations moved from their cells to their cards."""
    contract = rec.auction_contract
    strain = contract.strain if contract is not None else strain_of(rec.contract)
    if strain is None:
        rec.problems.append("the play is recorded but the record gives no contract (no trump suit to decide tricks)")
        return
    marked = {where: rows[where[0]][where[1]] for where in marks if where[0] < len(rows)}
    loot = {t: card for (t, col), card in marked.items() if card is not None and marks[(t, col)] == "L"}
    cards, warnings = linearise(rows, first, strain.suit, rec.deal, loot)
    rec.play = cards
    rec.warnings.extend(warnings)
    index = {c: i for i, c in enumerate(cards)}
    for where, card in marked.items():
        if card is not None and card in index:
            rec.play_marks[index[card]] = marks[where]
    _cell_notes_to_cards(rec, rows, extra, index)


def _cell_notes_to_cards(rec: HandRecord, rows: list[list[Card | None]], extra: dict[tuple[int, int], tuple[str, str]],
                         index: dict[Card, int]) -> None:
    """The notes and annotations of the trick table's cells, on the cards in play order
    (an annotation's column is its card's plus 10, so that a card keeps both)."""
    for (r, col), (kind, text) in extra.items():
        card = rows[r][col % 10] if r < len(rows) else None
        if card is None or card not in index:
            continue
        if kind == "note":
            rec.play_notes[index[card]] = text
        else:
            rec.play_annotations[index[card]] = text
