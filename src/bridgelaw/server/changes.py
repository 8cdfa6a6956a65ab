"""Each role's state after an ordinary call or card, made from the action.

A call or a card on a board where nothing irregular has happened changes a few parts of
a link's state: the call joins the auction, the card the trick in play and leaves its
holder's hand; the turn, the legal calls or cards, the hand sizes and the trick count
move on. ``after_action`` builds each role's new state from the state it was sent before
and those parts alone, so the cost of an action no longer grows with the board. Who is
shown what is decided by the rules the whole view applies: the hands of
``Table.visible_hands``, the calls as the seat heard them (``views._calls_heard``), the
legal moves of ``LiveTable._shows_legal``. Anything else (an irregularity, a ruling, the
end of the auction or of the play, the opening lead that faces dummy) is left to the
whole views, built again and compared.

A state is never modified once made: a new state is a copy of the old with the changed
parts put in, so it shares the unchanged parts with the state before, and a patch
between the two skips them by identity (``bridgelaw.server.patch``).

``CHECK``: also build the whole views after every such action and fail if they differ
(the tests turn it on, so every websocket test checks these states against the views).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bridgelaw.actions import Action, CallAction, PlayAction
from bridgelaw.core.cards import Seat, Side
from bridgelaw.rulings import DIRECTOR
from bridgelaw.server import patch
from bridgelaw.table import Phase, Table
from bridgelaw.table.views import _calls_heard

if TYPE_CHECKING:
    from bridgelaw.server.live import LiveTable

CHECK = False
_PLAIN_PHASES = (Phase.AUCTION, Phase.PLAY)


@dataclass(frozen=True, slots=True)
class Before:
    """What the table was like before an ordinary action (``before``), to tell whether
    the action left it ordinary and which of its parts moved."""

    seq: int
    phase: Phase
    lead_faced: bool
    calls: int
    tricks: int
    standing: int
    log: int


def plain(t: Table) -> bool:
    """Nothing irregular has happened and nothing waits: the table is a function of its
    calls and cards, in the auction or the play."""
    return (
        t.phase in _PLAIN_PHASES and t.ordinary and not t.refused and t.face_down_lead is None
        and t.awaiting is None
    )


def before(live: LiveTable, action: Action) -> Before | None:
    """The table before ``action``, if the action may be an ordinary call or card."""
    t = live.table
    if not isinstance(action, CallAction | PlayAction) or not plain(t):
        return None
    return Before(live.seq, t.phase, t.lead_faced, len(t.calls), len(t.tricks), len(t.standing), len(t.log))


# the parts of a state (and of its view) an ordinary call or card may change
FRAME_KEYS = ("seq", "to_act", "can_next_board", "undo_request", "director_called", "legal_calls",
              "legal_cards", "events")
VIEW_KEYS = ("turn", "calls", "auction", "tricks", "tricks_won", "hand_sizes", "hands")


def ops_between(old: dict[str, Any], new: dict[str, Any]) -> list[list[Any]]:
    """The patch from ``old`` to ``new``, a state ``after_action`` made from it: only the
    parts an ordinary action changes are compared, the others being the same objects."""
    ops: list[list[Any]] = []
    patch.diff_keys(old, new, FRAME_KEYS, [], ops)
    patch.diff_keys(old["view"], new["view"], VIEW_KEYS, ["view"], ops)
    return ops


def after_action(live: LiveTable, was: Before, old: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]] | None:
    """Each role's state in ``old`` (the states made after the change before) moved on by
    the one ordinary action applied since ``was``; None when it was not ordinary."""
    t = live.table
    if live.seq != was.seq + 1 or not plain(t) or t.phase is not was.phase or t.lead_faced is not was.lead_faced \
            or len(t.log) != was.log or not t.actions:
        return None
    moved = _moved(t, was)
    if moved is None:
        return None
    frame = _Frame(live)
    out: dict[str, dict[str, Any]] = {}
    for role, state in old.items():
        view = moved.view(state["view"], _viewer(role))
        if view is None:
            return None
        out[role] = frame.state(role, state, view)
    return out


def _moved(t: Table, was: Before) -> _Call | _Card | None:
    """What the last action moved: a call added to the auction, a card to the trick in
    play; None if it did something else."""
    last = t.actions[-1]
    if isinstance(last, CallAction):
        if len(t.calls) != was.calls + 1 or len(t.standing) != was.standing + 1 or len(t.tricks) != was.tricks:
            return None
        return _Call(t)
    if isinstance(last, PlayAction):
        if len(t.calls) != was.calls or len(t.tricks) not in (was.tricks, was.tricks + 1) or not t.tricks:
            return None
        return _Card(t)
    return None  # pragma: no cover - ``before`` takes calls and cards only


def _viewer(role: str) -> Seat | str:
    return DIRECTOR if role in (DIRECTOR, "all") else Seat[role]


class _Frame:
    """The live table's own parts of a state (its seq, who acts, the legal moves...)."""

    def __init__(self, live: LiveTable) -> None:
        from bridgelaw.server import live as live_module
        from bridgelaw.server import undo

        self.live = live
        t = live.table
        parts = live.parts
        self.to_act = live_module._to_act(t)
        self.undo_request = parts.same("undo_request", undo.view(live))
        self.director_called = parts.same("director_called", live_module._director_called(t))
        self.legal = live_module.legal_parts(live)
        self.events = parts.same("events", live.events[live._events_from():])

    def state(self, role: str, old: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
        live = self.live
        out = dict(old)
        out["seq"] = live.seq
        out["to_act"] = self.to_act
        out["can_next_board"] = live.can_next_board(role)
        out["undo_request"] = self.undo_request
        out["director_called"] = self.director_called
        if live._shows_legal(role):
            out["legal_calls"], out["legal_cards"] = self.legal
        elif old["legal_calls"] or old["legal_cards"]:
            out["legal_calls"], out["legal_cards"] = [], []
        if role == DIRECTOR:
            out["events"] = self.events
        out["view"] = view
        return out


class _Call:
    """A call added to the auction."""

    def __init__(self, t: Table) -> None:
        self.t = t
        self.item = t.calls[-1].to_json()
        self.turn = _turn(t)
        self.auction: dict[int, list[str]] = {}

    def view(self, old: dict[str, Any], viewer: Seat | str) -> dict[str, Any] | None:
        calls = old["calls"]
        if len(calls) + 1 != len(self.t.calls):
            return None
        item = self.item if viewer == DIRECTOR else _calls_heard(viewer, [self.item])[0]  # type: ignore[arg-type]
        out = dict(old)
        out["turn"] = self.turn
        out["calls"] = [*calls, item]
        was = old["auction"]
        auction = self.auction.get(id(was))
        if auction is None:
            auction = self.auction[id(was)] = [*was, str(self.t.standing[-1][1])]
        out["auction"] = auction
        return out


class _Card:
    """A card added to the trick in play."""

    def __init__(self, t: Table) -> None:
        self.t = t
        trick = t.tricks[-1]
        self.seat = trick.seats[-1]
        self.item = trick.to_json()
        self.turn = _turn(t)
        self.hand = t.hand(self.seat).to_pbn()
        self.sizes = {s.name: t.cards_left(s) for s in Seat}
        self.won = {"NS": t.tricks_won(Side.NS), "EW": t.tricks_won(Side.EW)}
        self.tricks: dict[int, list[dict[str, Any]]] = {}

    def view(self, old: dict[str, Any], viewer: Seat | str) -> dict[str, Any] | None:
        n = len(self.t.tricks)
        was = old["tricks"]
        if len(was) not in (n - 1, n):
            return None
        tricks = self.tricks.get(id(was))
        if tricks is None:
            tricks = self.tricks[id(was)] = [*was[: n - 1], self.item]
        out = dict(old)
        out["turn"] = self.turn
        out["tricks"] = tricks
        if old["tricks_won"] != self.won:
            out["tricks_won"] = self.won
        if old["hand_sizes"] != self.sizes:
            out["hand_sizes"] = self.sizes
        if self.seat in self.t.visible_hands(viewer):
            out["hands"] = {**old["hands"], self.seat.name: self.hand}
        return out


def _turn(t: Table) -> str | None:
    turn = t.turn
    return turn.name if turn is not None else None


def check(live: LiveTable, made: dict[str, dict[str, Any]]) -> None:
    """Fail unless ``made`` equals the whole views (``CHECK``)."""
    whole = live.views(made)
    for role, state in made.items():
        was = live.made.get(role)
        if was is not None and live.made_seq == live.seq - 1:
            ops = ops_between(was, state)
            if sorted(map(repr, ops)) != sorted(map(repr, patch.diff(was, state))):
                raise AssertionError(f"table {live.id} seq {live.seq}: {role}'s patch {ops} is not the diff")
        if state != whole[role]:
            differ = sorted(k for k in {*state, *whole[role]} if state.get(k) != whole[role].get(k))
            inner = sorted(k for k in {*state["view"], *whole[role]["view"]}
                           if state["view"].get(k) != whole[role]["view"].get(k))
            raise AssertionError(f"table {live.id} seq {live.seq}: {role}'s state made from the action differs "
                                 f"from the whole view in {differ} (view: {inner})")
