"""PBN reading of the auction and the play sections: calls and cards with their notes,
annotations and irregularity marks (3.9), and the repairs of auctions that leave out
leading passes or the double of the contract.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

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
    used: set[int] = set()
    pending: str | None = None  # a ^I read, waiting for the bid it marks
    for w in _split_words(tag.words):
        m = _NOTE_REF.fullmatch(w)
        if m:
            k = int(m.group(1))
            if rec.calls:
                text = notes.get(k)
                if text is None:
                    rec.warnings.append(f"note ={k}= is referred to but not given")
                else:
                    _note_call(rec.calls[-1], text)
                    used.add(k)
            continue
        if w.startswith("$") or w in _SUFFIXES:
            # 3.5.3: a suffix or NAG comments on the call ("!" is "good call", not an alert)
            if rec.calls:
                rec.calls[-1].annotation = _annotate(rec.calls[-1].annotation, w)
            continue
        if w == "-":
            if not rec.calls:  # 3.5.1: a place not yet on turn
                rec.auction_placeholders += 1
            else:
                rec.warnings.append("a '-' after the first call of the auction; ignored")
            continue
        if w == "+":  # 3.5: to be continued
            rec.auction_continued = True
            break
        if w.startswith("^") and len(w) == 2:
            mark = w[1].upper()
            if mark == "S":  # the place of a player skipped by a call out of rotation
                rec.calls.append(RecordedCall(Call.PASS, irregularity="S"))
            elif mark == "I":
                pending = "I"
            else:
                rec.warnings.append(f"irregularity mark {w!r} has no meaning in an auction (PBN 3.9); ignored")
            continue
        if w == "*":
            rec.auction_ends = "*"
            break
        core = w.upper()
        if core == "AP":
            rec.auction_ends = "AP"
            _all_pass(rec)
            break
        if core == "PAS":
            core = "P"
        try:
            call = Call.parse(core)
        except ParseError:
            rec.problems.append(f"the auction holds {w[:20]!r}, which is not a call")
            continue
        if call.is_bid and not call.admissible_level:
            rec.warnings.append(f"the auction holds {w}, a bid of more than seven (Law 38)")
        rec.calls.append(RecordedCall(call, irregularity=pending if call.is_bid else None))
        pending = None
    for k, text in notes.items():
        if k not in used:
            rec.tags[f"Note {k}"] = text


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
    if not rec.calls or rec.calls[0].call.is_pass or rec.declarer is None:
        return
    if any(c.irregularity is not None for c in rec.calls):
        return
    contract = rec.auction_contract
    if contract is None or contract.declarer is rec.auction_declarer:
        return
    leader = play.value.strip().upper()[:1] if play is not None else ""
    original = list(rec.calls)
    for k in (1, 2, 3):
        rec.calls = [RecordedCall(Call.PASS) for _ in range(k)] + original
        fixed = rec.auction_contract
        same_bid = rec.contract is not None and rec.contract[:2] == f"{fixed.level}{fixed.strain.name}" if fixed else False
        if fixed is not None and same_bid and fixed.declarer is rec.auction_declarer and leader in ("", fixed.opening_leader.name):
            rec.warnings.append(
                f"the auction leaves out the {k} pass{'es' if k > 1 else ''} before the opening bid "
                f"(rpbridge.net style): restored, as [Declarer] and [Play] require"
            )
            return
    rec.calls = original


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
    first = tag.value.strip()
    words = list(_split_words(tag.words))
    cards_given = any(w not in ("*", "+", "-", "--") and not w.startswith(("^", "$", "=")) and w not in _SUFFIXES
                      for w in words)
    if not first or first == "?":
        if not cards_given:
            return  # 3.6: a play section with no card is an empty play
        contract = rec.auction_contract
        if contract is None:
            rec.problems.append(f"[Play {first!r}] names no opening leader and the auction gives none")
            return
        rec.play_first = contract.opening_leader
        rec.warnings.append(f"[Play {first!r}] names no opening leader: read from {rec.play_first.name}, the auction's")
    else:
        try:
            rec.play_first = Seat.parse(first)
        except ParseError:
            rec.problems.append(f"[Play {first!r}] does not name the opening leader")
            return
    rows: list[list[Card | None]] = []
    marks: dict[tuple[int, int], str] = {}
    extra: dict[tuple[int, int], tuple[str, str]] = {}  # (row, col) -> ("note"|"nag", text)
    row: list[Card | None] = []
    pending: str | None = None  # ^R or ^L read, waiting for the card it marks
    last: tuple[int, int] | None = None
    used: set[int] = set()
    for w in words:
        if w == "*":
            break
        if w == "+":
            rec.play_continued = True
            break
        m = _NOTE_REF.fullmatch(w)
        if m:
            k = int(m.group(1))
            if last is not None and k in notes:
                extra[last] = ("note", notes[k])
                used.add(k)
            elif k not in notes:
                rec.warnings.append(f"play note ={k}= is referred to but not given")
            continue
        if w.startswith("$") or w in _SUFFIXES:
            if last is not None:
                old = extra.get((last[0], last[1] + 10))
                extra[(last[0], last[1] + 10)] = ("nag", _annotate(old[1] if old else None, w))
            continue
        if w.startswith("^") and len(w) == 2:
            if w[1].upper() in ("R", "L"):
                pending = w[1].upper()
            else:
                rec.warnings.append(f"irregularity mark {w!r} has no meaning in the play (PBN 3.9); ignored")
            continue
        if pending is not None:
            marks[(len(rows), len(row))] = pending
            pending = None
        last = (len(rows), len(row))
        if w in ("-", "--"):
            row.append(None)
        else:
            try:
                row.append(_CARD_OF.get(w) or Card.parse(w))
            except ParseError:
                rec.problems.append(f"the play holds {w[:20]!r}, which is not a card")
                row.append(None)
        if len(row) == 4:
            rows.append(row)
            row = []
    if row:
        rows.append(row + [None] * (4 - len(row)))
    for k, text in notes.items():
        if k not in used:
            rec.tags[f"Play Note {k}"] = text
    rec.play_rows = rows
    if not any(c is not None for r in rows for c in r):
        return
    contract = rec.auction_contract
    strain = contract.strain if contract is not None else strain_of(rec.contract)
    if strain is None:
        rec.problems.append("the play is recorded but the record gives no contract (no trump suit to decide tricks)")
        return
    marked = {where: rows[where[0]][where[1]] for where in marks if where[0] < len(rows)}
    loot = {t: card for (t, col), card in marked.items() if card is not None and marks[(t, col)] == "L"}
    cards, warnings = linearise(rows, rec.play_first, strain.suit, rec.deal, loot)
    rec.play = cards
    rec.warnings.extend(warnings)
    index = {c: i for i, c in enumerate(cards)}
    for where, card in marked.items():
        if card is not None and card in index:
            rec.play_marks[index[card]] = marks[where]
    for (r, col), (kind, text) in extra.items():
        card = rows[r][col % 10] if r < len(rows) else None
        if card is None or card not in index:
            continue
        if kind == "note":
            rec.play_notes[index[card]] = text
        else:
            rec.play_annotations[index[card]] = text
