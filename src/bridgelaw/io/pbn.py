"""PBN 2.1 (Portable Bridge Notation): reader and writer.

The reader is tolerant because real files are not clean (see shared/corpus/SOURCES.md):
tags without quotes, ``#``/``##`` inheritance, repeated tags, lower-case cards and
contracts, ``PASS``, rpbridge.net records that omit the deal and re-use the previous one,
PBN 1.0 files without blank lines between games, CRLF and 8-bit code pages.  Each quirk is
read with a warning on the record; each defect that stops a board from being replayed is a
problem on the record.  Nothing in a file makes the reader raise.

The writer emits PBN 2.1 that other programs read: the mandatory tags first, upper-case
``X``/``XX``, notes after the auction, the play as the table of tricks, and the rulings and
requests of a Table as notes and ``{commentary}``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from bridgelaw.core.calls import Call, Risk
from bridgelaw.core.cards import FULL_DECK, Card, Seat
from bridgelaw.core.deal import Deal, Vulnerability
from bridgelaw.errors import ParseError
from bridgelaw.io.record import (
    HandRecord,
    RecordedCall,
    contract_text,
    holders_of,
    linearise,
    normalise_contract,
    strain_of,
    tabularise,
    tricks_from_relative,
)
from bridgelaw.rulings import Ruling
from bridgelaw.table import Phase, Table

# Tags the reader turns into fields of the record; every other tag is kept as given.
_MODELLED = frozenset({
    "Board", "Dealer", "Vulnerable", "Deal", "West", "North", "East", "South", "Auction",
    "Play", "Note", "Contract", "Declarer", "Result", "Score", "Claim",
})
# rpbridge.net: a game without [Deal] re-uses these from the game before it.
_INHERIT_ON_OMIT = ("Board", "Dealer", "Vulnerable", "Deal", "Event", "Site", "Date")
_NEW_GAME_ON_REPEAT = frozenset({"Event", "Board", "Deal"})
_TAG_RE = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_NOTE_REF = re.compile(r"=(\d+)=")
_CARD_OF = {text: card for card in (Card.from_index(i) for i in range(52))
            for text in (str(card), str(card).lower(), str(card)[0] + str(card)[1].lower(), str(card)[0].lower() + str(card)[1])}
_SPACE = re.compile(r"[ \t\r\f\v\x00]+")
_WORD = re.compile(r"[^ \t\r\n\[{;]+")
_TAG_LINE = re.compile(r"\n[ \t]*\[[A-Za-z0-9_]+[ \t]+\"")
_SEAT_TAGS = {"North": Seat.N, "East": Seat.E, "South": Seat.S, "West": Seat.W}


# ---------------------------------------------------------------------- decoding
def decode(raw: bytes) -> tuple[str, str | None]:
    """Bytes to text, and a warning when the file is not UTF-8.

    8-bit files are Polish cp1250 or Western cp1252 in practice; the bytes that exist only
    in cp1250's Polish letters decide between them."""
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8"), None
    except UnicodeDecodeError:
        pass
    if re.search(rb"[\x8c\x8f\x9c\x9f\xa3\xa5\xaf\xb3\xb9\xbf]", raw):
        return raw.decode("cp1250", "replace"), "not UTF-8: read as cp1250 (Central European)"
    return raw.decode("cp1252", "replace"), "not UTF-8: read as cp1252 (Western European)"


# ---------------------------------------------------------------------- tokens
@dataclass(slots=True)
class _Tag:
    name: str
    value: str
    words: list[str] = field(default_factory=list)
    line: int = 0


@dataclass(slots=True)
class _Game:
    tags: list[_Tag] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    line: int = 0


def _games(text: str) -> Iterator[_Game]:
    """Split a PBN text into games: tags with the section words that follow each one.

    A blank line outside a comment ends a game; so does a second Event, Board or Deal tag
    (PBN 1.0 files that run games together)."""
    game = _Game()
    i, n, line = 0, len(text), 1
    blank_run = 0
    at_line_start = True
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            blank_run += 1
            if blank_run >= 2 and game.tags:
                yield game
                game = _Game()
            at_line_start = True
            i += 1
            continue
        if c in " \t\r\f\v\x00":
            m_space = _SPACE.match(text, i)
            i = m_space.end() if m_space is not None else i + 1
            continue
        if at_line_start and c not in "%[{;":
            # the common line of section words: no tag, comment or escape on it
            j = text.find("\n", i)
            end = n if j < 0 else j
            chunk = text[i:end]
            if "[" not in chunk and "{" not in chunk and ";" not in chunk:
                at_line_start = False
                blank_run = 0
                words = chunk.split()
                if game.tags:
                    game.tags[-1].words.extend(words)
                elif words:
                    game.warnings.append(f"line {line}: {words[0][:20]!r} outside any tag; ignored")
                i = end
                continue
        if at_line_start and c == "%":
            # an escaped line (5.1): not a blank line, so it does not end the game
            blank_run = 0
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        at_line_start = False
        blank_run = 0
        if c == "{":
            j = text.find("}", i + 1)
            end = n if j < 0 else j
            body = text[i + 1:end]
            tag_line = _TAG_LINE.search(body) if "\n" in body else None
            if tag_line is not None:  # a tag at the start of a line: the comment was never closed
                game.warnings.append(f"line {line}: a {{comment}} is not closed before the next tag; closed there")
                end = i + 1 + tag_line.start()
                body = text[i + 1:end]
                line += body.count("\n")
                game.comments.append(body.strip())
                i = end
                continue
            line += body.count("\n")
            game.comments.append(body.strip())
            if j < 0:
                game.warnings.append(f"line {line}: a {{comment}} is not closed before the end of the file")
            i = end + 1
            continue
        if c == ";":
            j = text.find("\n", i)
            end = n if j < 0 else j
            game.comments.append(text[i + 1:end].strip())
            i = end
            continue
        if c == "[":
            m = _TAG_RE.match(text, i)
            if m:
                name, value = m.group(1), m.group(2).replace('\\"', '"').replace("\\\\", "\\")
                i = m.end()
            else:
                j = text.find("]", i)
                nl = text.find("\n", i)
                end = j if j >= 0 and (nl < 0 or j < nl) else (nl if nl >= 0 else n)
                body = text[i + 1:end].strip()
                parts = body.split(None, 1)
                name = parts[0] if parts else ""
                value = (parts[1] if len(parts) > 1 else "").strip().strip('"')
                if not re.fullmatch(r"[A-Za-z0-9_]+", name):
                    game.warnings.append(f"line {line}: {text[i:end + 1][:40]!r} is not a tag; ignored")
                    i = end + 1
                    continue
                game.warnings.append(f"line {line}: tag [{body[:40]}] is not in the form [Name \"value\"]; read as {name}={value!r}")
                i = end + 1 if end < n and text[end] == "]" else end
            if name in _NEW_GAME_ON_REPEAT and any(t.name == name for t in game.tags):
                game.warnings.append(f"line {line}: no blank line before the next game (a second [{name}] starts it)")
                yield game
                game = _Game()
            game.tags.append(_Tag(name, value, [], line))
            continue
        m_word = _WORD.match(text, i)
        j = m_word.end() if m_word is not None else i + 1
        word = text[i:j]
        if game.tags:
            game.tags[-1].words.append(word)
        else:
            game.warnings.append(f"line {line}: {word[:20]!r} outside any tag; ignored")
        i = j
    if game.tags:
        yield game


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


# ---------------------------------------------------------------------- writing
_TAG_ORDER = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal")


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def write_pbn(records: Iterable[HandRecord], *, header: bool = True) -> str:
    """PBN 2.1 text for the records (export format: one game per board, blank lines between)."""
    out: list[str] = ["% PBN 2.1", "% EXPORT", ""] if header else []
    for rec in records:
        out.extend(_game_lines(rec))
        out.append("")
    return "\n".join(out)


def _game_lines(rec: HandRecord) -> list[str]:
    lines: list[str] = []
    tags = dict(rec.tags)
    def tag(name: str, value: str) -> None:
        lines.append(f'[{name} "{_quote(value)}"]')

    for name in _TAG_ORDER:
        if name == "Board":
            tag(name, str(rec.board) if rec.board is not None else tags.get("Board", rec.label.removeprefix("board ")))
        elif name in ("West", "North", "East", "South"):
            seat = Seat.parse(name)
            tag(name, rec.players.get(seat, ""))
        elif name == "Dealer":
            tag(name, rec.dealer.name if rec.dealer is not None else "")
        elif name == "Vulnerable":
            tag(name, str(rec.vulnerability) if rec.vulnerability is not None else "")
        elif name == "Deal":
            tag(name, rec.deal.to_pbn(rec.dealer if rec.dealer is not None else Seat.N) if rec.deal is not None else "")
        else:
            tag(name, tags.pop(name, ""))
    tags.pop("Board", None)
    if "Scoring" in tags:
        tag("Scoring", tags.pop("Scoring"))
    declarer = rec.declarer.name if rec.declarer is not None else ""
    tag("Declarer", ("^" + declarer) if rec.declarer_swapped and declarer else declarer)
    tag("Contract", rec.contract or "")
    result = str(rec.result) if rec.result is not None else ""
    tag("Result", ("^" + result) if rec.result_agreed and result else result)
    if rec.calls or rec.auction_first is not None:
        lines.extend(_auction_lines(rec))
    if rec.play or rec.play_continued or any(k.startswith("Play Note ") for k in rec.tags):
        lines.extend(_play_lines(rec))
    if rec.score_ns is not None:
        tag("Score", f"NS {rec.score_ns}")
    if rec.claim is not None:
        tag("Claim", str(rec.claim))
    for name, value in tags.items():
        if name.startswith(("Note ", "Play Note ")):
            continue
        tag(name, value)
        if name in rec.tables:
            for row in rec.tables[name][1]:
                lines.append(" ".join(row))
    for comment in rec.commentary:
        lines.append("{" + comment.replace("}", ")") + "}")
    return lines


def _auction_lines(rec: HandRecord) -> list[str]:
    first = rec.auction_first if rec.auction_first is not None else (rec.dealer if rec.dealer is not None else Seat.N)
    lines = [f'[Auction "{first.name}"]']
    words: list[str] = ["-"] * rec.auction_placeholders
    notes: list[str] = []
    for rc in rec.calls:
        word = {"P": "Pass", "X": "X", "XX": "XX"}.get(str(rc.call), str(rc.call).replace("N", "NT") if rc.call.is_bid else str(rc.call))
        if rc.irregularity == "S":
            words.append("^S")  # the skipped player's place: no call
            continue
        if rc.irregularity == "I":
            word = "^I " + word
        word += _annotation_text(rc.annotation)
        if rc.alert or rc.note:
            # 3.5.4: an alert is a note ("!" would be the "good call" annotation)
            notes.append(("Alert" + (": " + rc.note if rc.note else "")) if rc.alert else (rc.note or ""))
            word += f" ={len(notes)}="
        words.append(word)
    if rec.auction_continued:
        words.append("+")
    elif rec.auction_ends == "*" or (not rec.auction_complete and rec.calls):
        words.append("*")
    for k in range(0, len(words), 4):
        lines.append(" ".join(words[k:k + 4]))
    lines.extend(_note_lines(notes, rec.tags, "Note "))
    return lines


def _annotation_text(annotation: str | None) -> str:
    """A suffix glued to its call or card ('!', '?!'), a NAG after a space ('$12')."""
    out = ""
    for token in (annotation or "").split():
        out += token if token[0] in "!?" and not out else " " + token
    return out


def _note_lines(notes: list[str], tags: dict[str, str], prefix: str) -> list[str]:
    """The notes referred to (1, 2, ...), then the unreferenced ones the record kept,
    renumbered after them so that no two share a number (3.5.5, 3.6.5)."""
    lines = [f'[Note "{k}:{_quote(text)}"]' for k, text in enumerate(notes, start=1)]
    taken = set(range(1, len(notes) + 1))
    for name, value in tags.items():
        if not name.startswith(prefix):
            continue
        number = name[len(prefix):]
        k = int(number) if number.isdigit() else 0
        while k in taken or k <= 0:
            k = max(taken, default=0) + 1
        taken.add(k)
        lines.append(f'[Note "{k}:{_quote(value)}"]')
    return lines


def _play_lines(rec: HandRecord) -> list[str]:
    contract = rec.auction_contract
    strain = contract.strain if contract is not None else strain_of(rec.contract)
    first = rec.play_first if rec.play_first is not None else (contract.opening_leader if contract is not None else Seat.N)
    trump = strain.suit if strain is not None else None
    lines = [f'[Play "{first.name}"]']
    index = {c: i for i, c in enumerate(rec.play)}
    holders = holders_of(rec.deal) if rec.deal is not None else None
    if holders is not None and all(holders[c.index] is not None for c in rec.play):
        rows: list[list[Card | None]] = []
        for start in range(0, len(rec.play), 4):  # each card in its holder's column
            row: list[Card | None] = [None, None, None, None]
            for played in rec.play[start:start + 4]:
                holder = holders[played.index]
                assert holder is not None
                row[(holder - first) % 4] = played
            rows.append(row)
    else:
        rows = tabularise(rec.play, first, trump)
    notes: list[str] = []
    for row in rows:
        words = []
        for card in row:
            if card is None:
                words.append("-")
                continue
            k = index[card]
            mark = rec.play_marks.get(k)
            word = (f"^{mark} {card}" if mark else str(card)) + _annotation_text(rec.play_annotations.get(k))
            if k in rec.play_notes:
                notes.append(rec.play_notes[k])
                word += f" ={len(notes)}="
            words.append(word)
        lines.append(" ".join(words))
    if rec.play_continued:
        lines.append("+")
    elif len(rec.play) < 52:
        lines.append("*")
    lines.extend(_note_lines(notes, rec.tags, "Play Note "))
    return lines


# ---------------------------------------------------------------------- from a Table
def record_from_table(table: Table, *, event: str = "", players: dict[Seat, str] | None = None) -> HandRecord:
    """A Table as a hand record: the calls that stand, every card, the contract and result,
    and each ruling and request as commentary (the director's record of the board).

    PBN 2.1 (3.9) marks only irregularities that stand: an insufficient bid the next player
    accepted (``^I``), the turns skipped by an accepted call out of rotation (``^S``), a
    lead out of turn accepted (``^L``), a revoke (``^R``).  A call that was cancelled is no
    part of the auction; its ruling, in the commentary, tells what happened."""
    board = table.board
    rec = HandRecord(source="table", position=1, board=board.number, dealer=board.dealer,
                     vulnerability=board.vulnerability, deal=board.deal, players=dict(players or {}))
    if event:
        rec.tags["Event"] = event
    by_call: dict[int, Ruling] = {}
    for ruling in table.rulings:
        if "call" in ruling.data:
            by_call.setdefault(int(ruling.data["call"]), ruling)
    rec.auction_first = board.dealer
    expected = board.dealer
    for cr in table.calls:
        if cr.status != "stands":
            continue
        about = by_call.get(cr.index)
        note = cr.meaning
        if about is not None:
            note = ((note + "; ") if note else "") + f"{about.kind.replace('_', ' ')}, ruling {about.id} (Law {', '.join(about.laws) or '?'})"
        while cr.seat is not expected:  # turns lost to an accepted call out of rotation (Law 29A)
            rec.calls.append(RecordedCall(Call.PASS, irregularity="S"))
            expected = expected.lho
        mark = "I" if about is not None and about.kind == "insufficient_bid" and cr.call.is_bid else None
        rec.calls.append(RecordedCall(cr.call, alert=cr.alert, note=note, irregularity=mark))
        expected = cr.seat.lho
    _mark_play(table, rec)
    contract = table.contract
    if contract is not None:
        rec.play_first = contract.opening_leader
        rec.contract = contract_text(contract)
        rec.declarer = contract.declarer
    elif table.passed_out:
        rec.contract = "Pass"
    if table.phase is Phase.ENDED:
        rec.result = table.declarer_tricks
        rec.score_ns = table.score_ns
    for ruling in table.rulings:
        text = f"Ruling {ruling.id}: {ruling.kind.replace('_', ' ')}"
        if ruling.offender is not None:
            text += f" by {ruling.offender.name}"
        if ruling.laws:
            text += f" (Law {', '.join(ruling.laws)})"
        if ruling.summary:
            text += f". {ruling.summary}"
        if ruling.choice:
            text += f" Chosen: {ruling.choice}."
        if ruling.answers:
            text += f" Director: {dict(ruling.answers)}."
        rec.commentary.append(text)
        if ruling.summary_ru:
            rec.commentary.append(f"Решение {ruling.id}: {ruling.summary_ru}")
    for req in table.requests:
        text = f"Request by {req.seat.name}: {req.ask} ({'granted' if req.granted else 'refused'}"
        if req.laws:
            text += f"; Law {', '.join(req.laws)}"
        text += ")"
        if req.answer is not None:
            text += f": {req.answer}"
        rec.commentary.append(text)
    return rec


def _mark_play(table: Table, rec: HandRecord) -> None:
    """Every card played, with ``^L`` on a trick led by the wrong hand and ``^R`` on a card
    that does not follow suit although its hand held the suit led."""
    contract = table.contract
    held = {seat: set(_cards_of(table.board.deal, seat)) for seat in Seat}
    leader = contract.opening_leader if contract is not None else None
    for trick in table.tricks:
        if trick.cards and leader is not None and trick.leader is not leader:
            rec.play_marks[len(rec.play)] = "L"
        led = trick.cards[0].suit if trick.cards else None
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            if card.suit is not led and any(c.suit is led for c in held[seat]):
                rec.play_marks[len(rec.play)] = "R"
            held[seat].discard(card)
            rec.play.append(card)
        leader = trick.winner


def _cards_of(deal: Deal, seat: Seat) -> list[Card]:
    return [c for c in (Card.from_index(i) for i in range(52)) if deal.holder(c) is seat]


def write_table(table: Table, **meta: Any) -> str:
    """PBN for one Table, its rulings and requests included as notes and commentary."""
    return write_pbn([record_from_table(table, **meta)])


__all__ = ["decode", "read_pbn", "record_from_table", "write_pbn", "write_table"]
