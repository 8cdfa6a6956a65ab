"""The hand record: one board as a PBN or LIN file tells it, before any law is applied.

Readers fill a ``HandRecord`` and never stop at the first defect: everything that makes a
board unusable goes to ``problems`` (the board is not replayed), everything read by
tolerating a quirk goes to ``warnings`` (the board is replayed). Writers read the same
record, so a record read from LIN can be written as PBN and the other way round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bridgelaw.core.calls import Call, Contract, Strain
from bridgelaw.core.cards import Card, Seat, Suit
from bridgelaw.core.deal import Deal, Vulnerability
from bridgelaw.laws.auction import regular as auction_laws
from bridgelaw.laws.play.regular import trick_winner

# PBN 2.1 section 3.9 marks irregularities that were accepted or not noticed in time, each
# as a token written BEFORE what it marks (checked against the text of the standard):
# ``^I 1C`` an insufficient bid that the opponents accepted (it stands); ``^S`` a player
# whose turn was skipped by an accepted call out of rotation (the token takes that
# player's place in the auction: ``1D ^S 2D`` is W 1D, E 2D with dealer W); ``^R S6`` a
# revoke not noticed in time; ``^L C3`` a lead out of turn that was accepted, the other
# three cards following clockwise from it.  An irregularity that was rectified (a call
# cancelled, a card taken back) is not marked: PBN leaves it to commentary.
IRREGULARITY_MARKS = {
    "I": "insufficient bid, accepted",
    "S": "turn skipped by an accepted call out of rotation",
    "R": "revoke, not noticed in time",
    "L": "lead out of turn, accepted",
}


@dataclass(slots=True)
class RecordedCall:
    """One call as the record gives it: the call, its alert, its explanation and any
    irregularity mark.  ``irregularity == "I"``: an insufficient bid that stands (PBN
    ``^I``).  ``irregularity == "S"``: not a call but the place of a player whose turn was
    skipped (PBN ``^S``); ``call`` is then a pass that nobody made."""

    call: Call
    alert: bool = False
    note: str | None = None
    irregularity: str | None = None
    annotation: str | None = None  # PBN suffix or NAG ("!", "?!", "$1"): a comment on the call, never an alert

    def key(self) -> tuple[str, bool, str | None, str | None, str | None]:
        return (str(self.call), self.alert, self.note or None, self.irregularity, self.annotation)


@dataclass(slots=True)
class HandRecord:
    """One board of a hand-record file.

    ``contract`` is the recorded contract without declarer ("4SX", "3N", "Pass"), ``result``
    the tricks declarer took, ``score_ns`` the score for North-South, ``claim`` the total
    tricks credited to declarer by a claim or concession (LIN ``mc``).

    PBN 2.1 carets: ``declarer_swapped`` (``[Declarer "^N"]``, 3.4.13) says the declarer
    named is not the one of the auction: the auction's declarer spread his hand after a
    faced opening lead out of turn and became dummy (Law 54A).  ``result_agreed``
    (``[Result "^10"]``, 3.4.15) says the result is the one agreed by the players, not the
    tricks the play gives (Law 79A).  ``auction_continued``/``play_continued`` (``+``)
    mark a record to be continued: its result counts the tricks won so far.
    """

    source: str = ""
    position: int = 0
    board: int | None = None
    label: str = ""
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    deal: Deal | None = None
    players: dict[Seat, str] = field(default_factory=dict)
    auction_first: Seat | None = None
    auction_placeholders: int = 0  # PBN "-" before the first call: places not yet on turn
    calls: list[RecordedCall] = field(default_factory=list)
    auction_ends: str = ""  # "AP" when the record wrote all-pass, "*" when it marks the auction unfinished
    auction_continued: bool = False
    play_first: Seat | None = None
    play: list[Card] = field(default_factory=list)
    play_rows: list[list[Card | None]] = field(default_factory=list)  # PBN trick table as written
    play_marks: dict[int, str] = field(default_factory=dict)  # index into play -> irregularity mark
    play_notes: dict[int, str] = field(default_factory=dict)  # index into play -> its note (PBN 3.6.5)
    play_annotations: dict[int, str] = field(default_factory=dict)  # index into play -> suffix or NAG
    play_continued: bool = False
    contract: str | None = None
    declarer: Seat | None = None
    declarer_swapped: bool = False
    result: int | None = None
    result_agreed: bool = False
    score_ns: int | None = None
    claim: int | None = None
    tags: dict[str, str] = field(default_factory=dict)  # other tags, in order, as given
    tables: dict[str, tuple[str, list[list[str]]]] = field(default_factory=dict)
    commentary: list[str] = field(default_factory=list)
    commentary_at: list[int] = field(default_factory=list)  # LIN: calls + cards before each comment
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    # ------------------------------------------------------------------ derived facts
    @property
    def name(self) -> str:
        """How messages name the board: its number (and room label) or its position."""
        if self.label:
            return self.label
        if self.board is not None:
            return f"board {self.board}"
        return f"record {self.position}"

    @property
    def seated_calls(self) -> list[tuple[Seat, Call]]:
        """The calls with the seat that made each, clockwise from the auction's first seat."""
        first = self.auction_first if self.auction_first is not None else self.dealer
        if first is None:
            return []
        first = first.offset(self.auction_placeholders)
        return [(first.offset(k), rc.call) for k, rc in enumerate(self.calls)]

    @property
    def made_calls(self) -> list[tuple[Seat, Call]]:
        """The calls actually made, with their seats (skipped turns, PBN ``^S``, left out);
        none when the record names no seat to start from (its calls cannot be seated)."""
        seated = self.seated_calls
        if len(seated) != len(self.calls):
            return []
        return [sc for sc, rc in zip(seated, self.calls, strict=True) if rc.irregularity != "S"]

    @property
    def auction_complete(self) -> bool:
        """Law 22A: three passes after a call, or four passes."""
        return auction_laws.auction_ended(self.made_calls)

    @property
    def auction_contract(self) -> Contract | None:
        """The final contract of the recorded auction (None when passed out or unfinished)."""
        seated = self.made_calls
        if not auction_laws.auction_ended(seated):
            return None
        return auction_laws.final_contract(seated)

    @property
    def play_complete(self) -> bool:
        return len(self.play) == 52

    @property
    def continued(self) -> bool:
        """PBN ``+``: the record is to be continued, so its result is not final."""
        return self.auction_continued or self.play_continued

    @property
    def auction_declarer(self) -> Seat | None:
        """The declarer the auction gives; with the caret of 54A the partner of the one named."""
        if self.declarer is None:
            return None
        return self.declarer.partner if self.declarer_swapped else self.declarer

    @property
    def recorded_contract(self) -> Contract | None:
        """The contract the record states (tags or rs header), when it names one."""
        if self.contract is None or self.declarer is None or self.contract.upper() == "PASS":
            return None
        try:
            return Contract.parse(self.contract + self.declarer.name)
        except ValueError:
            return None

    @property
    def passed_out_recorded(self) -> bool:
        return self.contract is not None and self.contract.upper() == "PASS"

    @property
    def records_result(self) -> bool:
        """The record states contract, declarer and result (what ``replay`` compares)."""
        if self.continued:
            return False
        if self.passed_out_recorded:
            return True
        return self.recorded_contract is not None and self.result is not None

    def key(self) -> tuple[Any, ...]:
        """Everything a round trip must keep, as one comparable value."""
        return (
            self.board, self.dealer, self.vulnerability, self.deal,
            tuple(sorted(self.players.items())), self.auction_first, self.auction_placeholders,
            tuple(c.key() for c in self.calls), self.auction_continued, tuple(str(c) for c in self.play),
            tuple(sorted(self.play_marks.items())), tuple(sorted(self.play_notes.items())),
            tuple(sorted(self.play_annotations.items())), self.play_continued,
            self.contract, self.declarer, self.declarer_swapped, self.result, self.result_agreed,
            self.score_ns, self.claim,
        )


    def lin_key(self) -> tuple[Any, ...]:
        """What a LIN board keeps: deal, names, calls with alerts and explanations, cards,
        claim, contract, declarer and result (rs|), the event (vg|) and the commentary."""
        return (
            self.board, self.dealer, self.vulnerability, self.deal, tuple(sorted(self.players.items())),
            tuple((str(c.call), c.alert, (c.note or "").replace("|", "/") or None) for c in self.calls),
            tuple(str(c) for c in self.play), self.claim, self.contract, self.declarer, self.result,
            self.tags.get("Event", ""), tuple(c.replace("|", "/").replace("}", ")").strip() for c in self.commentary),
        )


# ---------------------------------------------------------------------- helpers
def normalise_contract(text: str) -> tuple[str | None, str | None]:
    """Read a contract tag ("4Sx", "3NT", "5CXX", "Pass") as ("4SX"|"Pass", problem)."""
    t = text.strip().upper().replace("NT", "N")
    if not t or t == "?":
        return None, None
    if t in ("PASS", "P", "AP", "PASSED", "PASSED OUT", "ALL PASS"):
        return "Pass", None
    if len(t) >= 2 and t[0] in "1234567" and t[1] in "CDHSN":
        rest = t[2:]
        if rest in ("", "X", "XX"):
            return t, None
        if rest in ("R", "XR", "D", "DD"):  # redoubled as 'R', doubled as 'D' (rpbridge.net, others)
            return t[:2] + ("X" if rest == "D" else "XX"), None
    return None, f"the contract {text!r} is not a contract"


def contract_text(contract: Contract | None) -> str:
    """'4SX' for a contract (without declarer), 'Pass' for None."""
    if contract is None:
        return "Pass"
    return f"{contract.level}{contract.strain.name}{contract.risk}"


def strain_of(text: str | None) -> Strain | None:
    if not text or text.upper() == "PASS":
        return None
    return Strain.parse(text[1])


def linearise(
    rows: Sequence[Sequence[Card | None]], first: Seat, trump: Suit | None, deal: Deal | None = None,
    led_out_of_turn: dict[int, Card] | None = None,
) -> tuple[list[Card], list[str]]:
    """PBN play rows (columns clockwise from ``first``, the opening leader) into the order
    the cards were played.  Stops at the first missing card; returns (cards, warnings).
    ``led_out_of_turn`` maps a row (from 0) to its card marked ``^L``: that trick starts
    from the hand of that card, not from the winner of the trick before (PBN 3.9).

    With the deal known, each card goes to the hand that holds it rather than to its column:
    rpbridge.net rotates many rows (the leader's card written first), and the holder of a
    card is a fact the columns cannot contradict.  A row so repaired is warned about."""
    out: list[Card] = []
    warnings: list[str] = []
    rotated: list[int] = []
    leader = first
    holders = holders_of(deal) if deal is not None else None
    for t, row in enumerate(rows, start=1):
        by_seat, moved = _row_by_seat(row, first, holders)
        if moved:
            rotated.append(t)
        loot = (led_out_of_turn or {}).get(t - 1)
        if loot is not None:
            leader = next((s for s, c in by_seat.items() if c == loot), leader)
        trick: list[Card] = []
        for k in range(4):
            card = by_seat.get(leader.offset(k))
            if card is None:
                break
            trick.append(card)
        out.extend(trick)
        if len(trick) < 4:
            if len(by_seat) > len(trick) or t < len(rows):
                warnings.append(f"play stops in trick {t}: cards after the first missing one are ignored")
            break
        leader = trick_winner(leader, trick, trump)
    if rotated:
        shown = ", ".join(map(str, rotated[:5])) + (", ..." if len(rotated) > 5 else "")
        warnings.append(f"[Play] rows of trick(s) {shown} do not put each card in its holder's column; read by holder")
    return out, warnings


def _row_by_seat(row: Sequence[Card | None], first: Seat, holders: list[Seat | None] | None) -> tuple[dict[Seat, Card], bool]:
    """A row of the trick table as each hand's card: by column, or, with the holders known
    and each card of the row in a different hand, by holder; True when the holders move a
    card to another column than the one it is written in."""
    by_seat: dict[Seat, Card] = {}
    for col, card in enumerate(row[:4]):
        if card is not None:
            by_seat[first.offset(col)] = card
    if holders is None:
        return by_seat, False
    held = {card: holders[card.index] for card in by_seat.values()}
    seats = set(held.values())
    if None in seats or len(seats) != len(held):
        return by_seat, False
    placed = {s: c for c, s in held.items() if s is not None}
    return placed, placed != by_seat


def holders_of(deal: Deal) -> list[Seat | None]:
    """The holder of each card of the deal, by card index (one pass over the four hands)."""
    out: list[Seat | None] = [None] * 52
    for seat in Seat:
        mask = deal.hands[seat]
        while mask:
            low = mask & -mask
            out[low.bit_length() - 1] = seat
            mask ^= low
    return out


def tabularise(cards: Sequence[Card], first: Seat, trump: Suit | None) -> list[list[Card | None]]:
    """The inverse of ``linearise``: rows of four, columns clockwise from ``first``."""
    rows: list[list[Card | None]] = []
    leader = first
    for start in range(0, len(cards), 4):
        trick = list(cards[start:start + 4])
        row: list[Card | None] = [None, None, None, None]
        for k, card in enumerate(trick):
            row[(leader.offset(k) - first) % 4] = card
        rows.append(row)
        if len(trick) == 4:
            leader = trick_winner(leader, trick, trump)
    return rows


def tricks_from_relative(contract: str, text: str) -> int | None:
    """'=' / '+1' / '-2' relative to the contract (BBO style) as declarer's tricks."""
    if not contract or not contract[0].isdigit():
        return None
    need = int(contract[0]) + 6
    t = text.strip()
    if t in ("=", "", "0") or t.upper() == "MADE":
        return need
    try:
        return need + int(t)
    except ValueError:
        return None


__all__ = [
    "IRREGULARITY_MARKS", "HandRecord", "RecordedCall", "contract_text", "holders_of",
    "linearise", "normalise_contract", "strain_of", "tabularise", "tricks_from_relative",
]
