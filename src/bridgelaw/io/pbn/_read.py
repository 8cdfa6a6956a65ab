"""PBN reading: a game's tags turned into a ``HandRecord``, each quirk with a warning and
each defect that stops a replay with a problem on the record.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from bridgelaw.core.calls import Call, Risk
from bridgelaw.core.cards import FULL_DECK, Card, Seat
from bridgelaw.core.deal import Deal, Vulnerability
from bridgelaw.errors import ParseError
from bridgelaw.io.pbn._lex import (
    _CARD_OF,
    _INHERIT_ON_OMIT,
    _MODELLED,
    _NOTE_REF,
    _SEAT_TAGS,
    _games,
    _Tag,
    decode,
)
from bridgelaw.io.record import (
    HandRecord,
    RecordedCall,
    contract_text,
    linearise,
    normalise_contract,
    strain_of,
    tricks_from_relative,
)


# ---------------------------------------------------------------------- reading
def read_pbn(data: str | bytes, source: str = "") -> list[HandRecord]:
    """Every board of a PBN file, each with its problems and warnings."""
    file_warnings: list[str] = []
    if isinstance(data, bytes):
        text, warning = decode(data)
        if warning:
            file_warnings.append(warning)
        if b"\x00" in data[:4096] or _binary(data):
            file_warnings.append("the file contains binary data")
    else:
        text = data
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    records: list[HandRecord] = []
    previous: dict[str, str] = {}
    defaults: dict[str, str] = {}
    rpbridge = _from_rpbridge(text)
    for game in _games(text):
        values: dict[str, str] = {}
        rec = HandRecord(source=source, position=len(records) + 1)
        rec.warnings.extend(file_warnings)
        file_warnings = []
        rec.warnings.extend(game.warnings)
        rec.commentary.extend(c for c in game.comments if c)
        sections: dict[str, _Tag] = {}
        notes: dict[str, dict[int, str]] = {"Auction": {}, "Play": {}}
        section = "Auction"  # PBN 3.5.5, 3.6.5: a note belongs to the section it follows
        for tag in game.tags:
            value = tag.value
            if value == "#":
                value = previous.get(tag.name, "")
            elif value.startswith("##"):
                value = value[2:]
                defaults[tag.name] = value
            if tag.name == "Note":
                m = re.match(r"\s*(\d+)\s*:(.*)", value, re.S)
                if m:
                    notes[section][int(m.group(1))] = m.group(2).strip()
                else:
                    rec.warnings.append(f"[Note {value[:30]!r}] has no number; ignored")
                continue
            if tag.name in ("Auction", "Play"):
                section = tag.name
            if tag.name in values:
                earlier = sections.get(tag.name)
                if tag.name in ("Auction", "Play") and earlier is not None and not earlier.words and tag.words:
                    # the only copy that holds calls or cards is the one to read
                    rec.warnings.append(f"[{tag.name}] given twice, the first copy empty: the second is read")
                    values[tag.name] = value
                    sections[tag.name] = tag
                elif tag.name in ("Auction", "Play") and earlier is not None and tag.words and earlier.words != tag.words:
                    rec.problems.append(f"[{tag.name}] given twice with different contents")
                elif values[tag.name] != value:
                    rec.warnings.append(f"[{tag.name}] given twice ({values[tag.name]!r}, then {value!r}); the first is used")
                else:
                    rec.warnings.append(f"[{tag.name}] given twice")
                continue
            values[tag.name] = value
            sections[tag.name] = tag
        for name, value in defaults.items():
            values.setdefault(name, value)
        if "Deal" not in values and previous.get("Deal") and ("Auction" in values or "Contract" in values):
            for name in _INHERIT_ON_OMIT:
                if name in previous:
                    values.setdefault(name, previous[name])
            rec.warnings.append("no [Deal]: the previous game's deal, board, dealer and vulnerability are re-used (rpbridge.net style)")
        previous = dict(values)
        if not values.get("Deal", "").strip():
            if any(t.name in ("Board", "Auction", "Play", "Contract") for t in game.tags):
                rec.problems.append("the record has no deal")
                records.append(_finish(rec, values, sections, notes, rpbridge))
            continue
        records.append(_finish(rec, values, sections, notes, rpbridge))
    if not records and file_warnings:
        rec = HandRecord(source=source, position=1, problems=["no board could be read from the file: " + "; ".join(file_warnings)])
        records.append(rec)
    return records


def _from_rpbridge(text: str) -> bool:
    """rpbridge.net files say so in their first line: ``% PBN (c) 2021 rpbridge.net``."""
    head = text[:200].lstrip("\ufeff")
    return head.startswith("%") and "rpbridge.net" in head.split("\n", 1)[0]


def _binary(data: bytes) -> bool:
    sample = data[:4096]
    if not sample:
        return False
    control = sum(1 for b in sample if b < 9 or 13 < b < 32)
    return control > len(sample) // 20


def _finish(
    rec: HandRecord, values: dict[str, str], sections: dict[str, _Tag], notes: dict[str, dict[int, str]],
    rpbridge: bool = False,
) -> HandRecord:
    for name, value in values.items():
        if name not in _MODELLED:
            rec.tags[name] = value
            if name.endswith("Table") and name in sections:
                rec.tables[name] = (value, _table_rows(value, sections[name].words))
    _read_board(rec, values)
    for name, seat in _SEAT_TAGS.items():
        if values.get(name, "").strip():
            rec.players[seat] = values[name]
    _read_result_tags(rec, values)
    if "Auction" in sections:
        _read_auction(rec, sections["Auction"], notes["Auction"])
        _restore_leading_passes(rec, sections.get("Play"))
        if rpbridge and "Deal" in sections:
            _restore_contract_risk(rec)
    else:
        rec.tags.update({f"Note {k}": v for k, v in notes["Auction"].items()})
    if "Play" in sections:
        _read_play(rec, sections["Play"], notes["Play"])
    else:
        rec.tags.update({f"Play Note {k}": v for k, v in notes["Play"].items()})
    return rec


def _table_rows(spec: str, words: list[str]) -> list[list[str]]:
    ncols = max(1, len([c for c in spec.split(";") if c.strip()]))
    return [words[k:k + ncols] for k in range(0, len(words), ncols)]


def _read_board(rec: HandRecord, values: dict[str, str]) -> None:
    board = values.get("Board", "").strip()
    if board:
        try:
            rec.board = int(board)
            if board != str(rec.board):
                rec.label = f"board {board}"
        except ValueError:
            rec.label = f"board {board}"
            rec.warnings.append(f"[Board {board!r}] is not a number")
    dealer = values.get("Dealer", "").strip()
    if dealer:
        try:
            rec.dealer = Seat.parse(dealer)
        except ParseError:
            rec.problems.append(f"[Dealer {dealer!r}] is not a seat")
    else:
        rec.problems.append("the record has no dealer")
    vul = values.get("Vulnerable", "").strip()
    try:
        rec.vulnerability = Vulnerability.parse(vul or None)
        if not vul:
            rec.warnings.append("no [Vulnerable]: read as None")
    except ParseError:
        rec.problems.append(f"[Vulnerable {vul!r}] is not a vulnerability")
    deal = values.get("Deal", "").strip()
    if deal:
        fast = _fast_deal(deal)
        if fast is not None:
            rec.deal = fast
            return
        try:
            rec.deal = Deal.parse(deal)
        except ParseError as e:
            rec.deal = _three_hands(deal)
            if rec.deal is None:
                rec.problems.append(f"the deal is not valid: {e.message}")
            else:
                rec.warnings.append("the deal gives three hands: the fourth is the cards they do not hold (PBN 3.4.11)")


_RANK_BIT = {ch: 1 << k for k, ch in enumerate("23456789TJQKA")} | {ch: 1 << k for k, ch in enumerate("23456789tjqka")}
_SEAT_OF_LETTER = {"N": 0, "E": 1, "S": 2, "W": 3, "n": 0, "e": 1, "s": 2, "w": 3}


def _fast_deal(text: str) -> Deal | None:
    """The common case of [Deal], read quickly: four complete hands of 13 distinct cards
    (None for anything else; ``Deal.parse`` then reads it and names its problem)."""
    first = _SEAT_OF_LETTER.get(text[:1])
    if first is None or text[1:2] != ":":
        return None
    parts = text[2:].split()
    if len(parts) != 4:
        return None
    hands = [0, 0, 0, 0]
    seen = 0
    for i, part in enumerate(parts):
        suits = part.split(".")
        if len(suits) != 4:
            return None
        mask = 0
        for shift, holding in zip((39, 26, 13, 0), suits, strict=True):  # S, H, D, C
            for ch in holding:
                bit = _RANK_BIT.get(ch)
                if bit is None:
                    return None
                mask |= bit << shift
        if mask.bit_count() != 13 or mask & seen:
            return None
        seen |= mask
        hands[(first + i) % 4] = mask
    return Deal((hands[0], hands[1], hands[2], hands[3]))


def _three_hands(text: str) -> Deal | None:
    """A deal with one hand ``-`` and three hands of 13 cards, completed (None otherwise)."""
    try:
        partial = Deal.parse(text, require_complete=False)
    except ParseError:
        return None
    empty = [seat for seat in Seat if not partial.hands[seat]]
    if len(empty) != 1 or any(partial.hands[s].bit_count() != 13 for s in Seat if s is not empty[0]):
        return None
    hands = list(partial.hands)
    hands[empty[0]] = FULL_DECK & ~(hands[0] | hands[1] | hands[2] | hands[3])
    return Deal((hands[0], hands[1], hands[2], hands[3]))


def _read_result_tags(rec: HandRecord, values: dict[str, str]) -> None:
    contract, problem = normalise_contract(values.get("Contract", ""))
    if problem:
        rec.problems.append(problem)
    rec.contract = contract
    decl = values.get("Declarer", "").strip()
    if decl.startswith("^"):  # 3.4.13: declarer and dummy swapped (Law 54A)
        rec.declarer_swapped = True
        decl = decl[1:].strip()
    if decl and decl != "?":
        try:
            rec.declarer = Seat.parse(decl)
        except ParseError:
            rec.problems.append(f"[Declarer {decl!r}] is not a seat")
    if contract == "Pass" and rec.declarer is not None:
        rec.warnings.append(f"passed-out board with [Declarer {decl!r}] (PBN wants an empty declarer)")
        rec.declarer = None
        rec.declarer_swapped = False
    result = values.get("Result", "").strip()
    if result.startswith("^"):  # 3.4.15: the agreed result differs from the tricks won (Law 79A)
        rec.result_agreed = True
        result = result[1:].strip()
    if result and result != "?":
        if result[0] in "+-=":
            rec.result = tricks_from_relative(contract or "", result)
            rec.warnings.append(f"[Result {result!r}] is relative to the contract")
        elif result[0].isalpha():
            rec.result = _sided_result(result, rec)
        else:
            try:
                rec.result = int(result)
            except ValueError:
                rec.problems.append(f"[Result {result!r}] is not a number of tricks")
        if rec.result is not None and not 0 <= rec.result <= 13:
            rec.problems.append(f"[Result {result!r}] is not 0 to 13 tricks")
            rec.result = None
        if contract == "Pass":
            rec.result = None
            rec.result_agreed = False
    claim = values.get("Claim", "").strip()
    if claim.isdigit():  # bridgelaw's own tag for a LIN mc| claim (total tricks for declarer)
        rec.claim = int(claim)
    score = values.get("Score", "").strip()
    if score and score != "?":
        rec.score_ns = _read_score(score, rec)


def _sided_result(text: str, rec: HandRecord) -> int | None:
    """3.4.15: ``NS 12``, ``EW 1``, ``NS 12 EW 1``: tricks of the side named, read as the
    declarer's.  With both sides given they must add up to 13."""
    parts = text.upper().split()
    sides: dict[str, int] = {}
    if len(parts) not in (2, 4):
        rec.problems.append(f"[Result {text!r}] is not a number of tricks")
        return None
    for side, n in zip(parts[::2], parts[1::2], strict=True):
        if side not in ("NS", "EW") or not n.isdigit() or side in sides:
            rec.problems.append(f"[Result {text!r}] is not a number of tricks")
            return None
        sides[side] = int(n)
    if len(sides) == 2 and sum(sides.values()) != 13:
        rec.problems.append(f"[Result {text!r}] gives the two sides {sum(sides.values())} tricks, not 13")
        return None
    if rec.declarer is None:
        if rec.contract != "Pass":
            rec.problems.append(f"[Result {text!r}] names a side but the record names no declarer")
        return None
    mine = rec.declarer.side.name
    if mine in sides:
        return sides[mine]
    (theirs,) = sides.values()
    return 13 - theirs


def _read_score(text: str, rec: HandRecord) -> int | None:
    """'NS 620', 'EW -100', 'NS 620 EW -620' or a bare number (for declarer's side)."""
    parts = text.replace("+", "").split()
    try:
        if len(parts) >= 2 and parts[0].upper() in ("NS", "EW"):
            value = int(parts[1])
            return value if parts[0].upper() == "NS" else -value
        value = int(parts[0])
    except (ValueError, IndexError):
        rec.warnings.append(f"[Score {text!r}] is not a score; ignored")
        return None
    if rec.declarer is None:
        return value if value == 0 else None
    return value if rec.declarer.side.name == "NS" else -value


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
