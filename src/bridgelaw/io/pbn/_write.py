"""PBN writing: hand records (and Tables, through ``record_from_table``) as PBN 2.1.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from bridgelaw.core.calls import Call
from bridgelaw.core.cards import Card, Seat, Suit
from bridgelaw.core.deal import Deal
from bridgelaw.i18n import msg
from bridgelaw.i18n.words import decision_text
from bridgelaw.io.record import (
    HandRecord,
    RecordedCall,
    contract_text,
    holders_of,
    strain_of,
    tabularise,
)
from bridgelaw.io.ruling_line import kind_text, option_text, ruling_headline
from bridgelaw.laws.base.facts import RevokeFact
from bridgelaw.rulings import Ruling
from bridgelaw.table import Phase, Table
from bridgelaw.table_types import Request

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


# The tags of the seven-tag roster (and Deal) whose value comes from the record's own
# fields rather than from its other tags; the others are taken from the tags.
_FIELD_TAGS: dict[str, Callable[[HandRecord], str]] = {
    "Board": lambda rec: str(rec.board) if rec.board is not None else rec.tags.get("Board", rec.label.removeprefix("board ")),
    "West": lambda rec: rec.players.get(Seat.W, ""),
    "North": lambda rec: rec.players.get(Seat.N, ""),
    "East": lambda rec: rec.players.get(Seat.E, ""),
    "South": lambda rec: rec.players.get(Seat.S, ""),
    "Dealer": lambda rec: rec.dealer.name if rec.dealer is not None else "",
    "Vulnerable": lambda rec: str(rec.vulnerability) if rec.vulnerability is not None else "",
    "Deal": lambda rec: rec.deal.to_pbn(rec.dealer if rec.dealer is not None else Seat.N) if rec.deal is not None else "",
}


def _tag(name: str, value: str) -> str:
    return f'[{name} "{_quote(value)}"]'


def _game_lines(rec: HandRecord) -> list[str]:
    """One game: the roster in its order, the outcome, auction and play sections, the
    score and claim, the record's other tags (with their tables) and the commentary."""
    tags = dict(rec.tags)
    lines: list[str] = []
    for name in _TAG_ORDER:
        field_value = _FIELD_TAGS.get(name)
        lines.append(_tag(name, field_value(rec) if field_value is not None else tags.pop(name, "")))
    tags.pop("Board", None)
    if "Scoring" in tags:
        lines.append(_tag("Scoring", tags.pop("Scoring")))
    lines.extend(_outcome_lines(rec))
    if rec.calls or rec.auction_first is not None:
        lines.extend(_auction_lines(rec))
    if rec.play or rec.play_continued or any(k.startswith("Play Note ") for k in rec.tags):
        lines.extend(_play_lines(rec))
    if rec.score_ns is not None:
        lines.append(_tag("Score", f"NS {rec.score_ns}"))
    if rec.claim is not None:
        lines.append(_tag("Claim", str(rec.claim)))
    lines.extend(_other_tag_lines(rec, tags))
    for comment in rec.commentary:
        lines.append("{" + comment.replace("}", ")") + "}")
    return lines


def _outcome_lines(rec: HandRecord) -> list[str]:
    """Declarer, Contract and Result, with the carets of a swapped declarer (3.4.13) and
    an agreed result (3.4.15)."""
    declarer = rec.declarer.name if rec.declarer is not None else ""
    result = str(rec.result) if rec.result is not None else ""
    return [
        _tag("Declarer", ("^" + declarer) if rec.declarer_swapped and declarer else declarer),
        _tag("Contract", rec.contract or ""),
        _tag("Result", ("^" + result) if rec.result_agreed and result else result),
    ]


def _other_tag_lines(rec: HandRecord, tags: dict[str, str]) -> list[str]:
    """The tags not yet written, in the record's order, each followed by its table; the
    notes are written with the auction and play they belong to."""
    lines: list[str] = []
    for name, value in tags.items():
        if name.startswith(("Note ", "Play Note ")):
            continue
        lines.append(_tag(name, value))
        if name in rec.tables:
            for row in rec.tables[name][1]:
                lines.append(" ".join(row))
    return lines


def _auction_lines(rec: HandRecord) -> list[str]:
    first = rec.auction_first if rec.auction_first is not None else (rec.dealer if rec.dealer is not None else Seat.N)
    lines = [f'[Auction "{first.name}"]']
    words: list[str] = ["-"] * rec.auction_placeholders
    notes: list[str] = []
    for rc in rec.calls:
        words.append(_call_word(rc, notes))
    if rec.auction_continued:
        words.append("+")
    elif rec.auction_ends == "*" or (not rec.auction_complete and rec.calls):
        words.append("*")
    for k in range(0, len(words), 4):
        lines.append(" ".join(words[k:k + 4]))
    lines.extend(_note_lines(notes, rec.tags, "Note "))
    return lines


def _call_word(rc: RecordedCall, notes: list[str]) -> str:
    """One call of the auction section with its mark, annotation and note reference; its
    note, if any, is added to ``notes``."""
    if rc.irregularity == "S":
        return "^S"  # the skipped player's place: no call
    word = {"P": "Pass", "X": "X", "XX": "XX"}.get(str(rc.call), str(rc.call).replace("N", "NT") if rc.call.is_bid else str(rc.call))
    if rc.irregularity == "I":
        word = "^I " + word
    word += _annotation_text(rc.annotation)
    if rc.alert or rc.note:
        # 3.5.4: an alert is a note ("!" would be the "good call" annotation)
        notes.append(("Alert" + (": " + rc.note if rc.note else "")) if rc.alert else (rc.note or ""))
        word += f" ={len(notes)}="
    return word


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
    notes: list[str] = []
    for row in _play_rows(rec, first, trump):
        lines.append(" ".join(_card_word(rec, card, index, notes) for card in row))
    if rec.play_continued:
        lines.append("+")
    elif len(rec.play) < 52:
        lines.append("*")
    lines.extend(_note_lines(notes, rec.tags, "Play Note "))
    return lines


def _play_rows(rec: HandRecord, first: Seat, trump: Suit | None) -> list[list[Card | None]]:
    """The trick table: with the deal known, each card in its holder's column (so that a
    card played out of turn stays in its hand's column); else the tricks as played."""
    holders = holders_of(rec.deal) if rec.deal is not None else None
    if holders is None or not all(holders[c.index] is not None for c in rec.play):
        return tabularise(rec.play, first, trump)
    rows: list[list[Card | None]] = []
    for start in range(0, len(rec.play), 4):
        row: list[Card | None] = [None, None, None, None]
        for played in rec.play[start:start + 4]:
            holder = holders[played.index]
            assert holder is not None
            row[(holder - first) % 4] = played
        rows.append(row)
    return rows


def _card_word(rec: HandRecord, card: Card | None, index: dict[Card, int], notes: list[str]) -> str:
    """One cell of the trick table: ``-`` for no card, else the card with its mark,
    annotation and note reference; its note, if any, is added to ``notes``."""
    if card is None:
        return "-"
    k = index[card]
    mark = rec.play_marks.get(k)
    word = (f"^{mark} {card}" if mark else str(card)) + _annotation_text(rec.play_annotations.get(k))
    if k in rec.play_notes:
        notes.append(rec.play_notes[k])
        word += f" ={len(notes)}="
    return word


# ---------------------------------------------------------------------- from a Table
LANGS = ("en", "ru", "both")


def _langs(lang: str) -> tuple[str, ...]:
    """The languages a record is written in: "en", "ru", or "both" (English, then Russian)."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
    return ("en", "ru") if lang == "both" else (lang,)


def record_from_table(
    table: Table, *, event: str = "", players: dict[Seat, str] | None = None, lang: str = "en",
    site: str = "", date: str = "", round_no: str = "", note: str = "",
) -> HandRecord:
    """A Table as a hand record: the calls that stand, every card, the contract and result,
    and each ruling and request as commentary (the director's record of the board), with
    ``site``, ``date`` and ``round_no`` as its tags and the director's ``note`` last.

    PBN 2.1 (3.9) marks only irregularities that stand: an insufficient bid the next player
    accepted (``^I``), the turns skipped by an accepted call out of rotation (``^S``), a
    lead out of turn accepted (``^L``), a revoke (``^R``); each mark carries a note naming
    its ruling. A call that was cancelled is no part of the auction; its ruling, in the
    commentary, tells what happened, and the call that replaced it carries a note naming it
    and the ruling. Notes and commentary are in ``lang``: "en", "ru" or "both"; rulings are
    numbered from one in every language."""
    langs = _langs(lang)
    board = table.board
    rec = HandRecord(source="table", position=1, board=board.number, dealer=board.dealer,
                     vulnerability=board.vulnerability, deal=board.deal, players=dict(players or {}))
    for name, value in (("Event", event), ("Site", site), ("Date", date), ("Round", round_no)):
        if value:
            rec.tags[name] = value
    rec.auction_first = board.dealer
    _record_calls(table, rec, langs)
    from_trick = sum(1 for t in table.tricks if t.unrecorded) + 1
    if from_trick == 1:
        _mark_play(table, rec, langs)
    _record_contract(table, rec)
    if table.phase is Phase.ENDED:
        rec.result = table.declarer_tricks
        rec.score_ns = table.score_ns
    for one in langs:
        if from_trick > 1:  # PBN's play section starts at trick 1: the entered tricks as commentary
            rec.commentary.append(_play_from_comment(table, from_trick, one))
        rec.commentary.extend(_ruling_comment(ruling, one) for ruling in table.rulings)
        rec.commentary.extend(_request_comment(req, one) for req in table.requests)
        if note.strip():
            rec.commentary.append(msg("pbn.commentary.director_note", text=" ".join(note.split())).render(one))
    return rec


def _ruling_note(ruling: Ruling, langs: tuple[str, ...], replaced: Call | None = None, seat: Seat | None = None) -> str:
    """The note on a marked call or card (or on the call replacing a cancelled one): the
    ruling's kind, number and laws, in each language."""
    laws = ", ".join(ruling.laws) or "?"
    if replaced is not None and seat is not None:
        return " / ".join(msg("pbn.note.replaces", call=str(replaced), seat=seat.name, kind=kind_text(ruling.kind, one),
                              n=ruling.id + 1, laws=laws).render(one) for one in langs)
    return " / ".join(msg("pbn.note.ruling", kind=kind_text(ruling.kind, one), n=ruling.id + 1, laws=laws).render(one)
                      for one in langs)


def _record_calls(table: Table, rec: HandRecord, langs: tuple[str, ...]) -> None:
    """The calls that stand, each noted with the first ruling about it; ``^S`` places
    for the turns an accepted call out of rotation skipped, ``^I`` on an insufficient bid
    accepted and standing; a call that replaces a cancelled one is noted with the call it
    replaces and that call's ruling."""
    by_call: dict[int, Ruling] = {}
    for ruling in table.rulings:
        if ruling.call is not None:
            by_call.setdefault(ruling.call, ruling)
    expected = table.board.dealer
    replaced: dict[Seat, list[str]] = {}  # the cancelled calls of each seat, to note on its next call
    for cr in table.calls:
        about = by_call.get(cr.index)
        if cr.status != "stands":
            if about is not None:
                replaced.setdefault(cr.seat, []).append(_ruling_note(about, langs, cr.call, cr.seat))
            continue
        notes = [cr.meaning] if cr.meaning else []
        notes.extend(replaced.pop(cr.seat, []))
        if about is not None:
            notes.append(_ruling_note(about, langs))
        note = "; ".join(notes) or None
        while cr.seat is not expected:  # turns lost to an accepted call out of rotation (Law 29A)
            rec.calls.append(RecordedCall(Call.PASS, irregularity="S"))
            expected = expected.lho
        accepted = about is not None and about.kind == "insufficient_bid" and about.choice == "accept"
        rec.calls.append(RecordedCall(cr.call, alert=cr.alert, note=note, irregularity="I" if accepted and cr.call.is_bid else None))
        expected = cr.seat.lho


def _record_contract(table: Table, rec: HandRecord) -> None:
    """Declarer and contract ("Pass" for a board passed out)."""
    contract = table.contract
    if contract is not None:
        rec.play_first = contract.opening_leader
        # level 0: the play was entered from a later trick by declarer and strain only — PBN's "?"
        rec.contract = contract_text(contract) if contract.level else "?"
        rec.declarer = contract.declarer
    elif table.passed_out:
        rec.contract = "Pass"


def _play_from_comment(table: Table, from_trick: int, lang: str) -> str:
    """The play entered from a later trick (``PlayFrom``): PBN's play section cannot start
    there, so the tricks entered are told in the commentary, the earlier ones as not entered."""
    tricks = "; ".join(" ".join(f"{seat.name} {card}" for seat, card in zip(t.seats, t.cards, strict=True))
                       for t in table.tricks if not t.unrecorded and t.cards)
    return msg("pbn.commentary.play_from", trick=from_trick, tricks=tricks or "—").render(lang)


def _ruling_comment(ruling: Ruling, lang: str) -> str:
    """A ruling as commentary in ``lang``: what, by whom, under which laws, its summary,
    what was chosen and what the director answered."""
    text = msg("pbn.commentary.ruling", n=ruling.id + 1, headline=ruling_headline(ruling, lang)).render(lang)
    summary = ruling.summary_ru if lang == "ru" else ruling.summary
    if summary:
        text += f". {summary}"
    if ruling.choice:
        text += " " + msg("pbn.commentary.chosen", option=option_text(ruling, lang)).render(lang)
    if ruling.answers:
        text += " " + msg("pbn.commentary.director", answer=decision_text(ruling.answers).render(lang)).render(lang)
    return text


def _request_comment(req: Request, lang: str) -> str:
    """A player's request as commentary in ``lang``: who asked what, whether it was
    granted and under which laws, and the answer."""
    ask = msg(f"request.kind.{req.ask}").render(lang)
    verdict = msg("pbn.request.granted" if req.granted else "pbn.request.refused").render(lang)
    if req.laws:
        verdict = msg("pbn.request.laws", verdict=verdict, laws=", ".join(req.laws)).render(lang)
    text = msg("pbn.commentary.request", seat=req.seat, ask=ask, verdict=verdict).render(lang)
    if req.answer is not None:
        text += f": {_answer_text(req.answer)}"
    return text


def _answer_text(answer: Any) -> str:
    """A request's answer as the record shows it: a text as it is, a review as the calls
    it restated (seat and call), anything else as its value."""
    calls = answer.get("calls") if isinstance(answer, dict) else None
    if isinstance(calls, list):
        return ", ".join(f"{c.get('seat', '?')} {c.get('call', '?')}" for c in calls if isinstance(c, dict))
    return str(answer)


# The kinds of ruling each play mark stands for, to name the ruling in the mark's note.
_MARK_KINDS = {"L": ("opening_lead_out_of_turn", "play_out_of_turn"), "R": ("revoke",)}


def _mark_play(table: Table, rec: HandRecord, langs: tuple[str, ...]) -> None:
    """Every card played, with ``^L`` on a trick led by the wrong hand and ``^R`` on a
    revoke: a card the table ruled a revoke, or one that does not follow suit although its
    hand held the suit led; a mark is noted with the ruling on it, when the table made one."""
    contract = table.contract
    held = {seat: set(_cards_of(table.board.deal, seat)) for seat in Seat}
    leader = contract.opening_leader if contract is not None else None
    unnoted = list(table.rulings)
    ruled = {fact.card: r for r in table.rulings if r.kind == "revoke" for fact in r.facts if isinstance(fact, RevokeFact)}
    for trick in table.tricks:
        if trick.cards and leader is not None and trick.leader is not leader:
            _mark(rec, "L", trick.leader, unnoted, langs)
        led = trick.cards[0].suit if trick.cards else None
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            if card in ruled or _fails_to_follow(card, led, held[seat]):
                _mark(rec, "R", seat, unnoted, langs, ruled.pop(card, None))
            held[seat].discard(card)
            rec.play.append(card)
        leader = trick.winner


def _fails_to_follow(card: Card, led: Suit | None, hand: set[Card]) -> bool:
    """A card not of the suit led from a hand that held that suit."""
    return card.suit is not led and any(c.suit is led for c in hand)


def _mark(rec: HandRecord, mark: str, seat: Seat, unnoted: list[Ruling], langs: tuple[str, ...],
          ruling: Ruling | None = None) -> None:
    """Mark the next card played and note it with ``ruling``, else with the first ruling
    of the mark's kind on ``seat`` not yet noted."""
    k = len(rec.play)
    rec.play_marks[k] = mark
    if ruling is None or ruling not in unnoted:
        ruling = next((r for r in unnoted if r.kind in _MARK_KINDS[mark] and r.offender is seat), None)
    if ruling is not None:
        unnoted.remove(ruling)
        rec.play_notes[k] = _ruling_note(ruling, langs)


def _cards_of(deal: Deal, seat: Seat) -> list[Card]:
    return [c for c in (Card.from_index(i) for i in range(52)) if deal.holder(c) is seat]


def write_table(table: Table, **meta: Any) -> str:
    """PBN for one Table, its rulings and requests included as notes and commentary
    (``lang``: the language of the notes and commentary, "en", "ru" or "both"; "en" by
    default; the other keywords as ``record_from_table``)."""
    return write_pbn([record_from_table(table, **meta)])
