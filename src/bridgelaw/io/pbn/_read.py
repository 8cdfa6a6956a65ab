"""PBN reading: a game's tags turned into a ``HandRecord``, each quirk with a warning and
each defect that stops a replay with a problem on the record.
"""

from __future__ import annotations

import re

from bridgelaw.core.cards import FULL_DECK, Seat
from bridgelaw.core.deal import Deal, Vulnerability
from bridgelaw.errors import ParseError
from bridgelaw.io.pbn._lex import (
    _INHERIT_ON_OMIT,
    _MODELLED,
    _SEAT_TAGS,
    _Game,
    _games,
    _Tag,
    decode,
)
from bridgelaw.io.pbn._moves import (
    _read_auction,
    _read_play,
    _restore_contract_risk,
    _restore_leading_passes,
)
from bridgelaw.io.record import (
    HandRecord,
    normalise_contract,
    tricks_from_relative,
)


# ---------------------------------------------------------------------- reading
def read_pbn(data: str | bytes, source: str = "") -> list[HandRecord]:
    """Every board of a PBN file, each with its problems and warnings."""
    text, file_warnings = _text_of(data)
    records: list[HandRecord] = []
    previous: dict[str, str] = {}  # the values of the game before, for "#" and omitted deals
    defaults: dict[str, str] = {}  # "##" values, for every game after
    rpbridge = _from_rpbridge(text)
    for game in _games(text):
        rec = HandRecord(source=source, position=len(records) + 1)
        rec.warnings.extend(file_warnings)
        file_warnings = []
        rec.warnings.extend(game.warnings)
        rec.commentary.extend(c for c in game.comments if c)
        values, sections, notes = _game_values(rec, game, previous, defaults)
        _inherit_omitted_deal(rec, values, previous)
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


def _text_of(data: str | bytes) -> tuple[str, list[str]]:
    """The file as text with ``\\n`` line ends, and the warnings about its bytes (not UTF-8,
    binary data)."""
    file_warnings: list[str] = []
    if isinstance(data, bytes):
        text, warning = decode(data)
        if warning:
            file_warnings.append(warning)
        if b"\x00" in data[:4096] or _binary(data):
            file_warnings.append("the file contains binary data")
    else:
        text = data
    return text.replace("\r\n", "\n").replace("\r", "\n"), file_warnings


def _game_values(
    rec: HandRecord, game: _Game, previous: dict[str, str], defaults: dict[str, str],
) -> tuple[dict[str, str], dict[str, _Tag], dict[str, dict[int, str]]]:
    """A game's tag values (``#`` taken from the game before, ``##`` kept as a default for
    the games after), its tags by name and its notes by section (PBN 3.5.5, 3.6.5: a note
    belongs to the section it follows).  A tag given twice is read once, with a warning
    (or a problem when two auctions or plays differ)."""
    values: dict[str, str] = {}
    sections: dict[str, _Tag] = {}
    notes: dict[str, dict[int, str]] = {"Auction": {}, "Play": {}}
    section = "Auction"
    for tag in game.tags:
        value = tag.value
        if value == "#":
            value = previous.get(tag.name, "")
        elif value.startswith("##"):
            value = value[2:]
            defaults[tag.name] = value
        if tag.name == "Note":
            _read_note(rec, value, notes[section])
            continue
        if tag.name in ("Auction", "Play"):
            section = tag.name
        if tag.name in values:
            _tag_again(rec, tag, value, values, sections)
            continue
        values[tag.name] = value
        sections[tag.name] = tag
    for name, value in defaults.items():
        values.setdefault(name, value)
    return values, sections, notes


def _read_note(rec: HandRecord, value: str, notes: dict[int, str]) -> None:
    """``[Note "k:text"]``: note k of the section it follows."""
    m = re.match(r"\s*(\d+)\s*:(.*)", value, re.S)
    if m:
        notes[int(m.group(1))] = m.group(2).strip()
    else:
        rec.warnings.append(f"[Note {value[:30]!r}] has no number; ignored")


def _tag_again(rec: HandRecord, tag: _Tag, value: str, values: dict[str, str], sections: dict[str, _Tag]) -> None:
    """A tag given a second time: an auction or play whose first copy was empty is read
    from the second; two different auctions or plays are a problem; otherwise the first
    value stands, with a warning."""
    earlier = sections.get(tag.name)
    moves = tag.name in ("Auction", "Play") and earlier is not None
    if moves and earlier is not None and not earlier.words and tag.words:
        # the only copy that holds calls or cards is the one to read
        rec.warnings.append(f"[{tag.name}] given twice, the first copy empty: the second is read")
        values[tag.name] = value
        sections[tag.name] = tag
    elif moves and earlier is not None and tag.words and earlier.words != tag.words:
        rec.problems.append(f"[{tag.name}] given twice with different contents")
    elif values[tag.name] != value:
        rec.warnings.append(f"[{tag.name}] given twice ({values[tag.name]!r}, then {value!r}); the first is used")
    else:
        rec.warnings.append(f"[{tag.name}] given twice")


def _inherit_omitted_deal(rec: HandRecord, values: dict[str, str], previous: dict[str, str]) -> None:
    """rpbridge.net: a game with an auction or contract but no [Deal] re-uses the deal,
    board, dealer and vulnerability (and event) of the game before it."""
    if "Deal" not in values and previous.get("Deal") and ("Auction" in values or "Contract" in values):
        for name in _INHERIT_ON_OMIT:
            if name in previous:
                values.setdefault(name, previous[name])
        rec.warnings.append("no [Deal]: the previous game's deal, board, dealer and vulnerability are re-used (rpbridge.net style)")


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
    _read_board(rec, values, bool(values.get("Auction", "").strip() or values.get("Play", "").strip()))
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


def _read_board(rec: HandRecord, values: dict[str, str], to_replay: bool = True) -> None:
    """Board, dealer, vulnerability and deal.  A record with no auction and no play has
    nothing to replay, so it needs no dealer and may give a partial deal (PBN 3.4.11:
    unknown hands ``-``): such a record is read, not called damaged."""
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
    elif to_replay:
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
        _read_deal(rec, deal, to_replay)


def _read_deal(rec: HandRecord, deal: str, to_replay: bool) -> None:
    """[Deal]: four hands, three (the fourth completed), or, with nothing to replay, any
    hands given with the others unknown."""
    fast = _fast_deal(deal)
    if fast is not None:
        rec.deal = fast
        return
    try:
        rec.deal = Deal.parse(deal)
    except ParseError as e:
        rec.deal = _three_hands(deal)
        if rec.deal is None and not to_replay:
            rec.deal = _partial_deal(deal)
            if rec.deal is not None:
                rec.warnings.append("the deal is given in part (PBN 3.4.11: unknown hands '-'): nothing to replay")
                return
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


def _partial_deal(text: str) -> Deal | None:
    """A deal with some hands ``-`` and no card twice (None when it cannot be read)."""
    try:
        return Deal.parse(text, require_complete=False)
    except ParseError:
        return None


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
    _read_declarer(rec, values, contract)
    _read_result(rec, values, contract)
    claim = values.get("Claim", "").strip()
    if claim.isdigit():  # bridgelaw's own tag for a LIN mc| claim (total tricks for declarer)
        rec.claim = int(claim)
    score = values.get("Score", "").strip()
    if score and score != "?":
        rec.score_ns = _read_score(score, rec)


def _read_declarer(rec: HandRecord, values: dict[str, str], contract: str | None) -> None:
    """[Declarer], with its caret (3.4.13: declarer and dummy swapped, Law 54A); a passed-out
    board keeps no declarer."""
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


def _read_result(rec: HandRecord, values: dict[str, str], contract: str | None) -> None:
    """[Result]: tricks, relative to the contract, or by side; its caret (3.4.15: the agreed
    result differs from the tricks won, Law 79A); a passed-out board keeps no result."""
    result = values.get("Result", "").strip()
    if result.startswith("^"):  # 3.4.15: the agreed result differs from the tricks won (Law 79A)
        rec.result_agreed = True
        result = result[1:].strip()
    if not result or result == "?":
        return
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
