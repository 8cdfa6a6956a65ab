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
from bridgelaw.core.deal import Board, Deal, Vulnerability, dealer_of_board, vulnerability_of_board
from bridgelaw.errors import ParseError
from bridgelaw.io.pbn import decode
from bridgelaw.io.record import HandRecord, RecordedCall, contract_text

KNOWN_KEYS = frozenset({
    "vg", "rs", "pn", "pw", "qx", "md", "sv", "mb", "an", "pc", "mc", "ah", "rh", "st", "pg",
    "nt", "bt", "sk", "up", "at", "cr", "cg", "ha", "lf", "hc", "pf", "px", "ob", "mn", "tu",
})
# md| lists South's hand first, then West, North, East; its digit names the dealer.
_MD_ORDER = (Seat.S, Seat.W, Seat.N, Seat.E)
_DEALER_DIGIT = {"1": Seat.S, "2": Seat.W, "3": Seat.N, "4": Seat.E}
_DIGIT_OF = {v: k for k, v in _DEALER_DIGIT.items()}
_SV = {"o": Vulnerability.NONE, "0": Vulnerability.NONE, "-": Vulnerability.NONE,
       "n": Vulnerability.NS, "e": Vulnerability.EW, "b": Vulnerability.ALL}
_SV_OF = {Vulnerability.NONE: "o", Vulnerability.NS: "n", Vulnerability.EW: "e", Vulnerability.ALL: "b"}
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


def read_lin(data: str | bytes, source: str = "") -> list[HandRecord]:
    """Every board of a LIN file (one hand record or a whole vugraph session)."""
    file_warnings: list[str] = []
    if isinstance(data, bytes):
        text, warning = decode(data)
        if warning:
            file_warnings.append(warning)
    else:
        text = data
    pairs = _pairs(text, file_warnings)
    vg = _Vugraph()
    records: list[HandRecord] = []
    cur: HandRecord | None = None
    names: list[str] = []
    own_names: set[int] = set()  # positions of the boards whose own pn| has been read
    fresh_names = False  # a pn| read that no board has taken yet
    own_results: dict[int, str] = {}  # position -> the board's own rs| (written after its qx|/md|)

    def new(label: str | None) -> HandRecord:
        rec = HandRecord(source=source, position=len(records) + 1)
        rec.warnings.extend(file_warnings)
        file_warnings.clear()
        if vg.title:
            rec.tags["Event"] = vg.title
        if label:
            m = _QX_RE.match(label)
            if m:
                rec.label = f"{'open' if m.group(1).lower() == 'o' else 'closed'} {m.group(2)}"
                rec.board = int(m.group(2))
                rec.tags["Room"] = "Open" if m.group(1).lower() == "o" else "Closed"
            else:
                rec.label = label
        records.append(rec)
        return rec

    for key, value in pairs:
        if key == "vg":
            parts = value.split(",")
            vg.title = parts[0]
            if len(parts) > 4:
                try:
                    vg.first = int(parts[3])
                except ValueError:
                    vg.first = None
        elif key == "rs":
            if cur is not None and vg.first is None:
                own_results[cur.position] = value.split(",")[0]  # this board's own result
            else:
                vg.results = value.split(",")
        elif key == "pn":
            names = value.split(",")
            fresh_names = True
            if cur is not None and cur.deal is None and not cur.players and cur.position not in own_names:
                _seat_players(cur, names, vg)
                own_names.add(cur.position)
                fresh_names = False
            elif cur is not None and not cur.calls and not cur.players and cur.position not in own_names:
                _seat_players(cur, names, vg)  # vugraph: the names given after the deal
        elif key == "qx":
            cur = new(value.split(",")[0].strip())
            _seat_players(cur, names, vg)
            if fresh_names:
                own_names.add(cur.position)
                fresh_names = False
        elif key == "md":
            if cur is None or cur.deal is not None or any(p.startswith("md") for p in cur.problems):
                cur = new(None)
                _seat_players(cur, names, vg)
                if fresh_names:
                    own_names.add(cur.position)
                    fresh_names = False
            _read_md(cur, value)
        elif cur is None:
            continue
        elif key == "sv":
            v = value.strip().lower()[:1]
            if v in _SV:
                cur.vulnerability = _SV[v]
            else:
                cur.problems.append(f"sv|{value}| is not a vulnerability")
        elif key == "ah":
            m = re.search(r"(\d+)", value)
            if m and cur.board is None:
                cur.board = int(m.group(1))
        elif key == "mb":
            _read_mb(cur, value)
        elif key == "an":
            if cur.calls and value.strip():
                cur.calls[-1].note = value.replace("\r\n", "\n").strip()
        elif key == "pc":
            try:
                cur.play.append(_CARD_OF.get(value) or Card.parse(value.strip()))
            except ParseError:
                cur.problems.append(f"pc|{value[:10]}| is not a card")
        elif key == "mc":
            try:
                cur.claim = int(value.strip())
            except ValueError:
                cur.problems.append(f"mc|{value[:10]}| is not a number of tricks")
        elif key == "nt":
            if not value.strip():
                continue
            cur.commentary.append(value.replace("\r\n", "\n"))
            cur.commentary_at.append(len(cur.calls) + len(cur.play))
    for rec in records:
        _complete(rec, vg, own_results.get(rec.position))
        if rec.deal is None and not rec.problems and (rec.calls or rec.play):
            rec.problems.append("the board has calls or cards but no md| deal")
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
_CARD_TEXT = [str(Card.from_index(i)) for i in range(52)]
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
    if "10" not in value and _fast_md(rec, value):
        return
    v = value.strip()
    if v[:1] in _DEALER_DIGIT:
        rec.dealer = _DEALER_DIGIT[v[0]]
        v = v[1:]
    elif v[:1].isdigit():
        v = v[1:]
    hands = v.split(",")[:4]
    masks: dict[Seat, int] = {}
    seen = 0
    for seat, text in zip(_MD_ORDER, hands, strict=False):
        mask = 0
        suit: Suit | None = None
        t = text.strip().upper().replace("10", "T")
        for ch in t:
            if ch in "SHDC":
                suit = Suit.parse(ch)
            elif suit is not None and ch.strip():
                try:
                    card = Card.of(suit, Rank.parse(ch))
                except ParseError:
                    rec.problems.append(f"md| holds {ch!r}, which is not a rank")
                    continue
                if (mask | seen) & card.bit:
                    rec.problems.append(f"md| holds {card} twice")
                mask |= card.bit
        if mask:
            masks[seat] = mask
            seen |= mask
    if len(masks) == 3 and all(m.bit_count() == 13 for m in masks.values()):
        missing = next(s for s in Seat if s not in masks)
        masks[missing] = FULL_DECK & ~seen
    for seat in Seat:
        n = masks.get(seat, 0).bit_count()
        if n != 13:
            rec.problems.append(f"md|: {seat.name}'s hand has {n} cards, expected 13")
    if not rec.problems:
        rec.deal = Deal((masks[Seat.N], masks[Seat.E], masks[Seat.S], masks[Seat.W]))


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
            rec.problems.append(f"mb|{value[:10]}| is not a call")
        return
    if call.is_bid and not call.admissible_level:
        rec.warnings.append(f"mb|{value}| is a bid of more than seven (Law 38)")
    rec.calls.append(RecordedCall(call, alert=alert))


def _complete(rec: HandRecord, vg: _Vugraph, own: str | None = None) -> None:
    """Fill dealer and vulnerability from the board number if md/sv left them out, and
    the contract, declarer and result from the board's own rs| (as ``write_lin`` puts
    it, after the board's qx| or md|) or the vugraph rs| header."""
    if rec.board is not None:
        if rec.dealer is None:
            rec.dealer = dealer_of_board(rec.board)
            rec.warnings.append("md| names no dealer: taken from the board number (Law 2)")
        if rec.vulnerability is None:
            rec.vulnerability = vulnerability_of_board(rec.board)
            rec.warnings.append("no sv|: vulnerability taken from the board number (Law 2)")
    if rec.dealer is None and rec.deal is not None:
        rec.problems.append("the record names no dealer and no board number")
    if rec.vulnerability is None:
        rec.vulnerability = Vulnerability.NONE
        rec.warnings.append("no sv|: read as None")
    rec.auction_first = rec.dealer if rec.calls else None
    if rec.play:
        contract = rec.auction_contract
        rec.play_first = contract.opening_leader if contract is not None else None
    if own is not None:
        entry = own.strip()
    else:
        if vg.first is None or not vg.results or rec.board is None or "Room" not in rec.tags:
            return
        idx = (rec.board - vg.first) * 2 + (0 if rec.tags["Room"] == "Open" else 1)
        if not 0 <= idx < len(vg.results):
            return
        entry = vg.results[idx].strip()
    if not entry:
        return
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


# ---------------------------------------------------------------------- writing
def _md(deal: Deal, dealer: Seat) -> str:
    hands = []
    for seat in _MD_ORDER:
        hand = deal[seat]
        hands.append("".join(s.name + "".join(c.rank.char for c in hand.suit(s)) for s in (Suit.S, Suit.H, Suit.D, Suit.C)))
    return _DIGIT_OF[dealer] + ",".join(hands)


def write_lin(rec: HandRecord) -> str:
    """One board as a LIN line: qx (room and board), pn (always, so that a board without
    names does not take the previous board's), md, ah, sv, the board's own rs (contract,
    declarer and result: ``4SNx-2``), mb/an, pc, mc, and nt at the point it was made."""
    parts: list[tuple[str, str]] = []
    room = rec.tags.get("Room", "")
    if rec.board is not None and room in ("Open", "Closed"):
        parts.append(("qx", f"{room[0].lower()}{rec.board}"))
    parts.append(("pn", ",".join(rec.players.get(s, "").replace(",", " ") for s in _MD_ORDER)))
    if rec.deal is not None and rec.dealer is not None:
        parts.append(("md", _md(rec.deal, rec.dealer)))
    parts.append(("rh", ""))
    if rec.board is not None:
        parts.append(("ah", f"Board {rec.board}"))
    parts.append(("sv", _SV_OF[rec.vulnerability or Vulnerability.NONE]))
    entry = _rs_entry(rec)
    if entry is not None:
        parts.append(("rs", entry))
    comments = sorted(zip(_anchors(rec), rec.commentary, strict=True), key=lambda c: c[0])
    step = 0

    def comment_upto(n: int) -> None:
        while comments and comments[0][0] <= n:
            parts.append(("nt", comments.pop(0)[1].replace("|", "/")))

    for rc in rec.calls:
        comment_upto(step)
        word = {"P": "p", "X": "d", "XX": "r"}.get(str(rc.call), str(rc.call))
        parts.append(("mb", word + ("!" if rc.alert else "")))
        if rc.note:
            parts.append(("an", rc.note.replace("|", "/")))
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


def write_lin_file(records: list[HandRecord]) -> str:
    """Every board, each on its line; a vg| header with the event when all boards share one."""
    events = {r.tags.get("Event", "") for r in records}
    head = ""
    if len(events) == 1 and (event := events.pop()):
        head = f"vg|{event.replace('|', '/').replace(',', ' ')},,I,,,,,,|\n"
    return head + "".join(write_lin(r) for r in records)


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
    from bridgelaw.laws.play import trick_winner

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
)


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


__all__ = ["board_of", "contract_text", "goes_round", "lin_losses", "pbn_losses", "read_lin", "write_lin", "write_lin_file"]
