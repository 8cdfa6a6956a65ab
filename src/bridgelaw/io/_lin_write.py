"""The LIN writer (``write_lin``, ``write_lin_file``) and what a LIN or PBN file cannot
carry of a record; ``bridgelaw.io.lin`` is the public face of both halves."""

from __future__ import annotations

import re
from collections.abc import Callable

from bridgelaw.core.cards import Card, Seat, Suit
from bridgelaw.core.deal import Board, Deal, Vulnerability
from bridgelaw.io.record import HandRecord

# md| lists South's hand first, then West, North, East; its digit names the dealer.
MD_ORDER = (Seat.S, Seat.W, Seat.N, Seat.E)
DEALER_DIGIT = {"1": Seat.S, "2": Seat.W, "3": Seat.N, "4": Seat.E}
_DIGIT_OF = {v: k for k, v in DEALER_DIGIT.items()}
_SV_OF = {Vulnerability.NONE: "o", Vulnerability.NS: "n", Vulnerability.EW: "e", Vulnerability.ALL: "b"}
_CARD_TEXT = [str(Card.from_index(i)) for i in range(52)]


# ---------------------------------------------------------------------- writing
def lin_text(text: str) -> str:
    """Text as a LIN value carries it: on one line, each line break written ``\\n`` (as
    BBO's viewers show it), ``|`` (the key separator) written ``/``."""
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\\n").replace("|", "/")


def text_of_lin(value: str) -> str:
    """The inverse of ``lin_text``: each ``\\n`` a line break again."""
    return value.replace("\r\n", "\n").replace("\\n", "\n")


def _md(deal: Deal, dealer: Seat | None) -> str:
    """md|: the dealer's digit (none when the record names no dealer), then the hands."""
    hands = []
    for seat in MD_ORDER:
        hand = deal[seat]
        hands.append("".join(s.name + "".join(c.rank.char for c in hand.suit(s)) for s in (Suit.S, Suit.H, Suit.D, Suit.C)))
    return (_DIGIT_OF[dealer] if dealer is not None else "") + ",".join(hands)


def write_lin(rec: HandRecord) -> str:
    """One board as a LIN line: qx (room and board), pn (always, so that a board without
    names does not take the previous board's), md, ah, sv, the board's own rs (contract,
    declarer and result: ``4SNx-2``), mb/an, pc, mc, and nt at the point it was made."""
    parts = _lin_head(rec)
    comments = sorted(zip(_anchors(rec), rec.commentary, strict=True), key=lambda c: c[0])
    step = 0

    def comment_upto(n: int) -> None:
        while comments and comments[0][0] <= n:
            parts.append(("nt", lin_text(comments.pop(0)[1])))

    for rc in rec.calls:
        comment_upto(step)
        word = {"P": "p", "X": "d", "XX": "r"}.get(str(rc.call), str(rc.call))
        parts.append(("mb", word + ("!" if rc.alert else "")))
        if rc.note:
            parts.append(("an", lin_text(rc.note)))
        step += 1
    for k, card in enumerate(rec.play):
        comment_upto(step)
        if k and k % 4 == 0:
            parts.append(("pg", ""))
        parts.append(("pc", _CARD_TEXT[card.index]))
        step += 1
    if rec.claim is not None:
        parts.append(("mc", str(rec.claim)))
    comment_upto(10**6)
    return "".join(f"{k}|{v}|" for k, v in parts) + "\n"


def _lin_head(rec: HandRecord) -> list[tuple[str, str]]:
    """The pairs of a board before its calls: qx, pn, md, rh, ah, sv and its own rs."""
    parts: list[tuple[str, str]] = []
    room = rec.tags.get("Room", "")
    if rec.board is not None and room in ("Open", "Closed"):
        parts.append(("qx", f"{room[0].lower()}{rec.board}"))
    parts.append(("pn", ",".join(rec.players.get(s, "").replace(",", " ") for s in MD_ORDER)))
    if rec.deal is not None:
        parts.append(("md", _md(rec.deal, rec.dealer)))
    parts.append(("rh", ""))
    if rec.board is not None:
        parts.append(("ah", f"Board {rec.board}"))
    parts.append(("sv", _SV_OF[rec.vulnerability or Vulnerability.NONE]))
    entry = _rs_entry(rec)
    if entry is not None:
        parts.append(("rs", entry))
    return parts


def write_lin_file(records: list[HandRecord]) -> str:
    """Every board, each on its line; a vg| header with the event before the first board
    that has one, and again wherever the event changes (LIN carries an event only in that
    header, which names it for the boards after it)."""
    out: list[str] = []
    current: str | None = None
    for r in records:
        event = r.tags.get("Event", "")
        if event != current and (event or current):
            out.append(f"vg|{event.replace('|', '/').replace(',', ' ')},,I,,,,,,|\n")
        current = event
        out.append(write_lin(r))
    return "".join(out)


def _anchors(rec: HandRecord) -> list[int]:
    """Where each comment goes: after so many calls and cards (the end when not known)."""
    return [rec.commentary_at[k] if k < len(rec.commentary_at) else 10**6 for k in range(len(rec.commentary))]


def _rs_entry(rec: HandRecord) -> str | None:
    if rec.passed_out_recorded:
        return "P"
    if rec.contract is None or rec.declarer is None or not rec.contract[:1].isdigit():
        return None
    risk = rec.contract[2:].lower()
    entry = f"{rec.contract[:2]}{rec.declarer.name}{risk}"
    if rec.result is not None:
        diff = rec.result - (int(rec.contract[0]) + 6)
        entry += "=" if diff == 0 else f"{diff:+d}"
    return entry


def pbn_losses(rec: HandRecord) -> list[str]:
    """What of a LIN record a PBN file cannot carry (``write_pbn`` changes or leaves it out)."""
    out: list[str] = []
    if not goes_round(rec):
        out.append("the order of cards played out of turn (a PBN trick table has no place for it)")
    if any(at < len(rec.calls) + len(rec.play) for at in rec.commentary_at):
        out.append("the place of the commentary among the calls and cards (PBN keeps it after the tags)")
    if any("}" in c for c in rec.commentary):
        out.append("'}' in commentary (written as ')')")
    if any(not rc.alert and rc.note and re.fullmatch(r"Alert(?:: .*)?", rc.note, re.S) for rc in rec.calls):
        out.append("an explanation 'Alert' of a call not alerted (PBN reads such a note as the alert)")
    return out


def goes_round(rec: HandRecord) -> bool:
    """Whether each trick of the record's play goes clockwise from the hand that won the
    trick before (what a PBN trick table can hold)."""
    from bridgelaw.laws.play.regular import trick_winner

    contract = rec.auction_contract
    if not rec.play or contract is None or rec.deal is None:
        return True
    leader = contract.opening_leader
    for start in range(0, len(rec.play), 4):
        trick = rec.play[start:start + 4]
        if any(rec.deal.holder(card) is not leader.offset(k) for k, card in enumerate(trick)):
            return False
        if len(trick) == 4:
            leader = trick_winner(leader, trick, contract.strain.suit)
    return True


# What a LIN file cannot carry: each test on the record with the loss it names, in the
# order ``lin_losses`` lists them.
_LIN_LOSSES: tuple[tuple[Callable[[HandRecord], bool], str], ...] = (
    (lambda rec: rec.score_ns is not None, "the score (LIN has no score)"),
    (lambda rec: rec.declarer_swapped, "the caret of the declarer (Law 54A)"),
    (lambda rec: rec.result_agreed, "the caret of the result (Law 79A)"),
    (lambda rec: bool(rec.play_marks) or any(rc.irregularity for rc in rec.calls),
     "the irregularity marks (^I, ^S, ^R, ^L)"),
    (lambda rec: any(rc.annotation for rc in rec.calls) or bool(rec.play_annotations), "the annotations (!, ?, $n)"),
    (lambda rec: bool(rec.play_notes), "the notes on cards"),
    (lambda rec: bool(rec.auction_placeholders or rec.continued), "the '-' and '+' marks of the auction or play"),
    (lambda rec: any("|" in (rc.note or "") for rc in rec.calls) or any("|" in c for c in rec.commentary),
     "'|' in notes and commentary (written as '/')"),
    (lambda rec: "," in rec.tags.get("Event", "") or "|" in rec.tags.get("Event", ""),
     "',' and '|' in the event (vg| separates its fields with commas)"),
    (lambda rec: rec.result is not None and _rs_entry(rec) is None,
     "a result without a contract and declarer (rs| gives the result relative to a contract)"),
    (lambda rec: any("\\n" in t for t in [*rec.commentary, *(rc.note or "" for rc in rec.calls)]),
     "'\\n' in notes and commentary (LIN reads it as a line break)"),
    (lambda rec: rec.deal is not None and not rec.deal.is_complete,
     "a deal given in part (md| needs at least three whole hands)"),
    (lambda rec: rec.deal is not None and rec.dealer is None and rec.board is not None,
     "no dealer (LIN reads the dealer of the board number, Law 2)"),
    (lambda rec: _reseated(rec), "the auction's own declarer, not the recorded one: read back from LIN, "
     "passes are put before the first call so that the auction gives the recorded declarer"),
)


def _reseated(rec: HandRecord) -> bool:
    """Whether a LIN reader re-seats the record's auction to fit its rs| declarer and its
    play (the auction names the contract by another declarer than the record's)."""
    from bridgelaw.io.lin import _misplaced_auction

    return not rec.declarer_swapped and _misplaced_auction(rec) is not None


def lin_losses(rec: HandRecord) -> list[str]:
    """What of the record a LIN file cannot carry (``write_lin`` leaves it out)."""
    out = [loss for lost, loss in _LIN_LOSSES if lost(rec)]
    kept = {"Event", "Room", "BBOResult"}
    tags = [name for name in rec.tags if name not in kept and not name.startswith(("Note ", "Play Note "))]
    if tags:
        out.append("the tags " + ", ".join(tags))
    notes = [name for name in rec.tags if name.startswith(("Note ", "Play Note "))]
    if notes:
        out.append(f"{len(notes)} note(s) referred to by no call or card")
    return out


def board_of(rec: HandRecord) -> Board | None:
    if rec.deal is None or rec.dealer is None or rec.vulnerability is None:
        return None
    return Board(rec.board or 0, rec.deal, rec.dealer, rec.vulnerability)
