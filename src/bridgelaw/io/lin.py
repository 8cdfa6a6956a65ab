"""LIN (BBO's hand-record and vugraph format): reader, and a writer for single boards.

A LIN text is a flat list of ``key|value|`` pairs.  The reader knows ``md`` (the deal:
dealer digit 1-4 for S W N E, then the hands of South, West, North, East, the last one
may be left out), ``sv`` (vulnerability), ``mb`` (a call; ``!`` marks an alert), ``an``
(the explanation of the call before it), ``pc`` (a card), ``mc`` (a claim: the total
tricks for declarer), ``pn`` (players), ``ah`` (the board's title), ``qx`` (vugraph room
and board, ``o15``/``c15``), ``nt`` (commentary), and the vugraph headers ``vg`` and
``rs`` (the results of all boards: ``4SWx-2``, open then closed room).  When a key is
missing and the pipes pair up out of step (1999 Vanderbilt: ``pg||\\no33|md|``) it
resynchronises on the next known key.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from bridgelaw.core.calls import Call, Contract
from bridgelaw.core.cards import FULL_DECK, Card, Rank, Seat, Suit
from bridgelaw.core.deal import Deal, Vulnerability, dealer_of_board, vulnerability_of_board
from bridgelaw.errors import ParseError
from bridgelaw.i18n import text as said
from bridgelaw.io._lin_write import DEALER_DIGIT as _DEALER_DIGIT
from bridgelaw.io._lin_write import MD_ORDER as _MD_ORDER
from bridgelaw.io._lin_write import (
    board_of,
    goes_round,
    lin_losses,
    pbn_losses,
    text_of_lin,
    write_lin,
    write_lin_file,
)
from bridgelaw.io.pbn import decode
from bridgelaw.io.record import HandRecord, RecordedCall, contract_text

KNOWN_KEYS = frozenset({
    "vg", "rs", "pn", "pw", "qx", "md", "sv", "mb", "an", "pc", "mc", "ah", "rh", "st", "pg",
    "nt", "bt", "sk", "up", "at", "cr", "cg", "ha", "lf", "hc", "pf", "px", "ob", "mn", "tu",
})
_SV = {"o": Vulnerability.NONE, "0": Vulnerability.NONE, "-": Vulnerability.NONE,
       "n": Vulnerability.NS, "e": Vulnerability.EW, "b": Vulnerability.ALL}
_RS_RE = re.compile(r"^([1-7])([CDHSN])([NESW])(XX|X)?(=|[+-]\d+)?$", re.I)
_QX_RE = re.compile(r"^([oc])(\d+)$", re.I)


def _pairs(text: str, warnings: list[str]) -> list[tuple[str, str]]:
    """key|value pairs; a token that should be a key but is none is dropped (or taken as
    the value of a missing ``qx`` when it looks like a room label)."""
    tokens = text.split("|")
    out: list[tuple[str, str]] = []
    i = 0
    while i + 1 < len(tokens):
        key = tokens[i].strip().lower()
        if key in KNOWN_KEYS:
            out.append((key, tokens[i + 1].strip("\r\n")))
            i += 2
            continue
        raw = tokens[i].strip()
        if _QX_RE.match(raw):
            warnings.append(f"{raw!r} stands where a key should: read as qx|{raw}| (the qx key is missing)")
            out.append(("qx", raw))
        elif raw:
            if re.fullmatch(r"[a-z]{2}", key):
                out.append((key, tokens[i + 1]))
                i += 2
                continue
            warnings.append(f"stray LIN token {raw[:20]!r} where a key should be; skipped")
        i += 1
    return out


@dataclass(slots=True)
class _Vugraph:
    first: int | None = None
    results: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    title: str = ""


@dataclass(slots=True)
class _LinReader:
    """One pass over a LIN file's pairs.  The keys that open a board or name its players
    (``qx``, ``md``, ``pn``) and the vugraph headers (``vg``, ``rs``) change the reader's
    state; every other key belongs to the current board and is read by the handler
    ``_BOARD_KEYS`` names for it (a key before any board, or one no handler knows, is
    passed over)."""

    source: str
    file_warnings: list[str]
    vg: _Vugraph = field(default_factory=_Vugraph)
    records: list[HandRecord] = field(default_factory=list)
    cur: HandRecord | None = None
    names: list[str] = field(default_factory=list)
    own_names: set[int] = field(default_factory=set)  # positions of the boards whose own pn| has been read
    fresh_names: bool = False  # a pn| read that no board has taken yet
    own_results: dict[int, str] = field(default_factory=dict)  # position -> the board's own rs| (after its qx|/md|)

    def feed(self, key: str, value: str) -> None:
        """Read one pair: a state key first, else a key of the current board."""
        state = _STATE_KEYS.get(key)
        if state is not None:
            state(self, value)
            return
        if self.cur is None:
            return
        board = _BOARD_KEYS.get(key)
        if board is not None:
            board(self.cur, value)

    def new(self, label: str | None) -> HandRecord:
        """A new board, taking the warnings read since the last one and the event title;
        a ``qx`` label names its room and number."""
        rec = HandRecord(source=self.source, position=len(self.records) + 1)
        rec.warnings.extend(self.file_warnings)
        self.file_warnings.clear()
        if self.vg.title:
            rec.tags["Event"] = self.vg.title
        if label:
            m = _QX_RE.match(label)
            if m:
                rec.label = f"{'open' if m.group(1).lower() == 'o' else 'closed'} {m.group(2)}"
                rec.board = int(m.group(2))
                rec.tags["Room"] = "Open" if m.group(1).lower() == "o" else "Closed"
            else:
                rec.label = label
        self.records.append(rec)
        return rec

    def open_board(self, label: str | None) -> HandRecord:
        """A new current board seated with the names last read; a pn| no board has taken
        yet counts as that board's own."""
        self.cur = cur = self.new(label)
        _seat_players(cur, self.names, self.vg)
        if self.fresh_names:
            self.own_names.add(cur.position)
            self.fresh_names = False
        return cur

    def on_vg(self, value: str) -> None:
        """The vugraph header: the event title and the number of the first board."""
        parts = value.split(",")
        self.vg.title = parts[0]
        if len(parts) > 4:
            try:
                self.vg.first = int(parts[3])
            except ValueError:
                self.vg.first = None

    def on_rs(self, value: str) -> None:
        """The results: of every board (the vugraph header), or of the current board
        alone when written after it and no vugraph header numbers the boards."""
        if self.cur is not None and self.vg.first is None:
            self.own_results[self.cur.position] = value.split(",")[0]
        else:
            self.vg.results = value.split(",")

    def on_pn(self, value: str) -> None:
        """The players: the current board's own when it has no deal or calls yet, else
        the names of the boards to come."""
        self.names = value.split(",")
        self.fresh_names = True
        cur = self.cur
        if cur is None or cur.position in self.own_names:
            return
        if cur.deal is None:
            # right after its qx|: the board's own players, in place of those it was
            # seated with from the last pn| (a two-room file names each room's four)
            cur.players.clear()
            _seat_players(cur, self.names, self.vg)
            self.own_names.add(cur.position)
            self.fresh_names = False
        elif not cur.calls and not cur.players:
            _seat_players(cur, self.names, self.vg)  # vugraph: the names given after the deal

    def on_qx(self, value: str) -> None:
        """A vugraph room and board: a new board."""
        self.open_board(value.split(",")[0].strip())

    def on_md(self, value: str) -> None:
        """The deal: of the current board if it has none yet, else of a new board."""
        cur = self.cur
        if cur is None or cur.deal is not None or any(p.startswith("md") for p in cur.problems):
            cur = self.open_board(None)
        _read_md(cur, value)


_STATE_KEYS: dict[str, Callable[[_LinReader, str], None]] = {
    "vg": _LinReader.on_vg, "rs": _LinReader.on_rs, "pn": _LinReader.on_pn,
    "qx": _LinReader.on_qx, "md": _LinReader.on_md,
}


def read_lin(data: str | bytes, source: str = "") -> list[HandRecord]:
    """Every board of a LIN file (one hand record or a whole vugraph session)."""
    file_warnings: list[str] = []
    if isinstance(data, bytes):
        text, warning = decode(data)
        if warning:
            file_warnings.append(warning)
    else:
        text = data
    reader = _LinReader(source, file_warnings)
    for key, value in _pairs(text, file_warnings):
        reader.feed(key, value)
    records = reader.records
    for rec in records:
        _complete(rec, reader.vg, reader.own_results.get(rec.position))
        if rec.deal is None and not rec.problems and (rec.calls or rec.play):
            rec.problems.append(said("lin.problem.no_deal"))
    # a qx| with nothing after it is a board announced and never shown: no board
    return [r for r in records if r.deal is not None or r.problems]


def _seat_players(rec: HandRecord, names: list[str], vg: _Vugraph) -> None:
    """pn| lists South, West, North, East (vugraph: open room's four, then closed room's)."""
    if not names:
        return
    offset = 4 if rec.tags.get("Room") == "Closed" and len(names) >= 8 else 0
    for k, seat in enumerate(_MD_ORDER):
        if offset + k < len(names) and names[offset + k].strip():
            rec.players[seat] = names[offset + k].strip()


_CARD_OF = {text: card for card in (Card.from_index(i) for i in range(52))
            for text in (str(card), str(card).lower(), str(card)[0] + str(card)[1].lower(), str(card)[0].lower() + str(card)[1])}
_SUIT_SHIFT = {"S": 39, "H": 26, "D": 13, "C": 0, "s": 39, "h": 26, "d": 13, "c": 0}
_RANK_BIT = {ch: 1 << k for k, ch in enumerate("23456789TJQKA")} | {ch: 1 << k for k, ch in enumerate("23456789tjqka")}


def _fast_md(rec: HandRecord, value: str) -> bool:
    """The common md|: a dealer digit and three or four hands of 13 distinct cards."""
    v = value.strip()
    dealer = _DEALER_DIGIT.get(v[:1])
    if dealer is None:
        return False
    hands = v[1:].split(",")[:4]
    masks: dict[Seat, int] = {}
    seen = 0
    for seat, text in zip(_MD_ORDER, hands, strict=False):
        shift = -1
        mask = 0
        for ch in text:
            sh = _SUIT_SHIFT.get(ch)
            if sh is not None:
                shift = sh
                continue
            bit = _RANK_BIT.get(ch)
            if bit is None or shift < 0:
                return False
            mask |= bit << shift
        if not mask:
            continue
        if mask.bit_count() != 13 or mask & seen:
            return False
        masks[seat] = mask
        seen |= mask
    if len(masks) == 3:
        missing = next(s for s in Seat if s not in masks)
        masks[missing] = FULL_DECK & ~seen
    if len(masks) != 4:
        return False
    rec.dealer = dealer
    rec.deal = Deal((masks[Seat.N], masks[Seat.E], masks[Seat.S], masks[Seat.W]))
    return True


def _read_md(rec: HandRecord, value: str) -> None:
    """md| the slow way, naming every fault: a ``10`` for the ten, stray characters,
    cards held twice, hands of other than 13 cards."""
    if "10" not in value and _fast_md(rec, value):
        return
    v = value.strip()
    if v[:1] in _DEALER_DIGIT:
        rec.dealer = _DEALER_DIGIT[v[0]]
        v = v[1:]
    elif v[:1].isdigit():
        v = v[1:]
    masks = _md_masks(rec, v.split(",")[:4])
    for seat in Seat:
        n = masks.get(seat, 0).bit_count()
        if n != 13:
            rec.problems.append(said("lin.problem.hand_size", seat=seat, n=n))
    if not rec.problems:
        rec.deal = Deal((masks[Seat.N], masks[Seat.E], masks[Seat.S], masks[Seat.W]))


def _md_masks(rec: HandRecord, hands: list[str]) -> dict[Seat, int]:
    """The hands of md| (South, West, North, East) as card masks; the fourth, when left
    out and the other three are whole, is the rest of the deck."""
    masks: dict[Seat, int] = {}
    seen = 0
    for seat, text in zip(_MD_ORDER, hands, strict=False):
        mask = _md_hand(rec, text, seen)
        if mask:
            masks[seat] = mask
            seen |= mask
    if len(masks) == 3 and all(m.bit_count() == 13 for m in masks.values()):
        missing = next(s for s in Seat if s not in masks)
        masks[missing] = FULL_DECK & ~seen
    return masks


def _md_hand(rec: HandRecord, text: str, seen: int) -> int:
    """One hand of md| as a card mask; ``seen`` holds the cards of the hands before it,
    so that a card held twice is named."""
    mask = 0
    suit: Suit | None = None
    for ch in text.strip().upper().replace("10", "T"):
        if ch in "SHDC":
            suit = Suit.parse(ch)
        elif suit is not None and ch.strip():
            try:
                card = Card.of(suit, Rank.parse(ch))
            except ParseError:
                rec.problems.append(said("lin.problem.not_a_rank", ch=repr(ch)))
                continue
            if (mask | seen) & card.bit:
                rec.problems.append(said("lin.problem.twice", card=card))
            mask |= card.bit
    return mask


def _read_mb(rec: HandRecord, value: str) -> None:
    v = value.strip()
    alert = "!" in v
    core = v.replace("!", "").strip()
    if not core:
        return
    try:
        call = Call.parse(core)
    except ParseError:
        if rec.calls and rec.auction_complete:
            rec.warnings.append(f"mb|{value[:10]}| after the end of the auction is not a call; ignored")
        else:
            rec.problems.append(said("lin.problem.not_a_call", value=value[:10]))
        return
    if call.is_bid and not call.admissible_level:
        rec.warnings.append(f"mb|{value}| is a bid of more than seven (Law 38)")
    rec.calls.append(RecordedCall(call, alert=alert))


def _read_sv(rec: HandRecord, value: str) -> None:
    v = value.strip().lower()[:1]
    if v in _SV:
        rec.vulnerability = _SV[v]
    else:
        rec.problems.append(said("lin.problem.not_a_vulnerability", value=value))


def _read_ah(rec: HandRecord, value: str) -> None:
    """The board's title: its number, when no qx| gave one."""
    m = re.search(r"(\d+)", value)
    if m and rec.board is None:
        rec.board = int(m.group(1))


def _read_an(rec: HandRecord, value: str) -> None:
    """The explanation of the call before it."""
    if rec.calls and value.strip():
        rec.calls[-1].note = text_of_lin(value).strip()


def _read_pc(rec: HandRecord, value: str) -> None:
    try:
        rec.play.append(_CARD_OF.get(value) or Card.parse(value.strip()))
    except ParseError:
        rec.problems.append(said("lin.problem.not_a_card", value=value[:10]))


def _read_mc(rec: HandRecord, value: str) -> None:
    """A claim or concession: the total tricks for declarer."""
    try:
        rec.claim = int(value.strip())
    except ValueError:
        rec.problems.append(said("lin.problem.not_tricks", value=value[:10]))


def _read_nt(rec: HandRecord, value: str) -> None:
    """Commentary, anchored after the calls and cards read so far."""
    if not value.strip():
        return
    rec.commentary.append(text_of_lin(value))
    rec.commentary_at.append(len(rec.calls) + len(rec.play))


# the keys of a board's own content, each with its reader
_BOARD_KEYS: dict[str, Callable[[HandRecord, str], None]] = {
    "sv": _read_sv, "ah": _read_ah, "mb": _read_mb, "an": _read_an, "pc": _read_pc, "mc": _read_mc, "nt": _read_nt,
}


def _complete(rec: HandRecord, vg: _Vugraph, own: str | None = None) -> None:
    """Fill dealer and vulnerability from the board number if md/sv left them out, and
    the contract, declarer and result from the board's own rs| (as ``write_lin`` puts
    it, after the board's qx| or md|) or the vugraph rs| header."""
    _complete_from_number(rec)
    rec.auction_first = rec.dealer if rec.calls else None
    if rec.play:
        contract = rec.auction_contract
        rec.play_first = contract.opening_leader if contract is not None else None
    entry = own.strip() if own is not None else _vugraph_entry(rec, vg)
    if entry:
        _apply_result(rec, entry)


def _complete_from_number(rec: HandRecord) -> None:
    """Dealer and vulnerability the record leaves out, from the board number (Law 2);
    with no number, a missing vulnerability reads as None and a missing dealer is a
    problem."""
    if rec.board is not None:
        if rec.dealer is None:
            rec.dealer = dealer_of_board(rec.board)
            rec.warnings.append("md| names no dealer: taken from the board number (Law 2)")
        if rec.vulnerability is None:
            rec.vulnerability = vulnerability_of_board(rec.board)
            rec.warnings.append("no sv|: vulnerability taken from the board number (Law 2)")
    if rec.dealer is None and rec.deal is not None and (rec.calls or rec.play):
        rec.problems.append(said("lin.problem.no_dealer"))
    if rec.vulnerability is None:
        rec.vulnerability = Vulnerability.NONE
        rec.warnings.append("no sv|: read as None")


def _vugraph_entry(rec: HandRecord, vg: _Vugraph) -> str | None:
    """The board's entry of the vugraph rs| header (open room, then closed room, from the
    header's first board), or None when the header does not reach it."""
    if vg.first is None or not vg.results or rec.board is None or "Room" not in rec.tags:
        return None
    idx = (rec.board - vg.first) * 2 + (0 if rec.tags["Room"] == "Open" else 1)
    if not 0 <= idx < len(vg.results):
        return None
    return vg.results[idx].strip()


def _apply_result(rec: HandRecord, entry: str) -> None:
    """An rs| entry (``4SWx-2``, or a pass-out): the contract, declarer and result."""
    rec.tags["BBOResult"] = entry
    if entry.upper() in ("P", "PASS", "AP", "PO"):
        rec.contract = "Pass"
        return
    m = _RS_RE.match(entry)
    if not m:
        rec.warnings.append(f"rs| entry {entry!r} is not a result; ignored")
        return
    level, strain, seat, risk, rel = m.groups()
    rec.contract = f"{level}{strain.upper()}{(risk or '').upper()}"
    rec.declarer = Seat.parse(seat)
    if rec.play and rec.play_first is None:
        rec.play_first = rec.declarer.lho  # a play with no auction: the leader of rs|'s declarer
    _restore_leading_passes(rec)
    need = int(level) + 6
    if rel is None:
        return
    rec.result = need if rel == "=" else need + int(rel)
    if not 0 <= rec.result <= 13:
        rec.warnings.append(f"rs| entry {entry!r} gives {rec.result} tricks; ignored")
        rec.result = None


def _misplaced_auction(rec: HandRecord) -> tuple[Contract, Seat] | None:
    """(the auction's contract, the real opening leader) when the auction as written names
    the rs| contract by another declarer and the first trick goes round the table from a
    leader other than the auction's; else None."""
    if not rec.calls or not rec.play or rec.deal is None or rec.declarer is None or rec.contract is None:
        return None
    contract = rec.auction_contract
    if contract is None or contract.declarer is rec.declarer or contract_text(contract) != rec.contract:
        return None
    leader = rec.deal.holder(rec.play[0])
    if leader is None or leader is contract.opening_leader:
        return None
    if any(rec.deal.holder(card) is not leader.offset(n) for n, card in enumerate(rec.play[:4])):
        return None  # the first trick does not go round the table from that leader
    return contract, leader


def _restore_leading_passes(rec: HandRecord) -> None:
    """Vugraph operators sometimes leave out the passes before the opening bid, so that
    every call is put one or more seats early: the auction then names as declarer a seat
    other than the rs| header's, and the opening lead comes from the hand after rs|'s
    declarer.  When putting back one to three passes gives exactly the rs| contract and
    declarer, and the first card played belongs to the opening leader so obtained (and not
    to the one of the auction as written), the passes are put back with a warning.  With
    no card played there is no evidence beyond rs| itself, and nothing is changed."""
    found = _misplaced_auction(rec)
    if found is None:
        return
    contract, leader = found
    assert rec.declarer is not None
    leading_passes = next((n for n, rc in enumerate(rec.calls) if not rc.call.is_pass), len(rec.calls))
    original = list(rec.calls)
    for k in range(1, 4 - leading_passes):
        rec.calls = [RecordedCall(Call.PASS) for _ in range(k)] + original
        fixed = rec.auction_contract
        if (fixed is not None and contract_text(fixed) == rec.contract and fixed.declarer is rec.declarer
                and fixed.opening_leader is leader):
            rec.warnings.append(
                f"the auction gives {contract_text(contract)} by {contract.declarer.name}, rs| and the opening lead say "
                f"by {rec.declarer.name}: {k} pass{'es' if k > 1 else ''} before the first call restored"
            )
            rec.play_first = leader
            return
    rec.calls = original


__all__ = ["board_of", "contract_text", "goes_round", "lin_losses", "pbn_losses", "read_lin", "write_lin", "write_lin_file"]
