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


Ops = list[list[Any]]
_MISSING = object()


def after_action(live: LiveTable, was: Before, old: dict[str, dict[str, Any]]) -> dict[str, tuple[dict[str, Any], Ops]] | None:
    """Each role's state in ``old`` (the states made after the change before) moved on by
    the one ordinary action applied since ``was``, with the patch from the old state
    (``bridgelaw.server.patch`` ops); None when the action was not ordinary."""
    t = live.table
    if live.seq != was.seq + 1 or not plain(t) or t.phase is not was.phase or t.lead_faced is not was.lead_faced \
            or len(t.log) != was.log or t.last_action is None:
        return None
    moved = _moved(t, was)
    if moved is None:
        return None
    frame = _Frame(live)
    out: dict[str, tuple[dict[str, Any], Ops]] = {}
    for role, state in old.items():
        ops: Ops = []
        view = moved.view(state["view"], _viewer(role), ops)
        if view is None:
            return None
        out[role] = frame.state(role, state, view, ops)
    return out


def _put(old: dict[str, Any], out: dict[str, Any], ops: Ops, path: list[str], key: str, value: Any) -> None:
    """Set ``key`` of ``out`` (a copy of ``old``) to ``value`` and say so in ``ops``,
    unless ``old`` holds it already (then its object stays)."""
    was = old.get(key, _MISSING)
    if was is value or (type(was) is type(value) and was == value):
        return
    out[key] = value
    ops.append(["=", [*path, key], value])


def _moved(t: Table, was: Before) -> _Call | _Card | None:
    """What the last action moved: a call added to the auction, a card to the trick in
    play; None if it did something else."""
    last = t.last_action
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
        self.legal_roles = live_module.legal_roles(t)
        self._legal: tuple[list[str], list[str]] | None = None
        self.no_legal: tuple[list[str], list[str]] = ([], [])
        self._events: list[dict[str, Any]] | None = None

    def events(self) -> list[dict[str, Any]]:
        """The director's event log as his view shows it (made only if he is connected: the
        slice holds hundreds of entries)."""
        if self._events is None:
            live = self.live
            self._events = live.parts.same("events", live.events[live._events_from():])
        return self._events

    def legal(self, role: str) -> tuple[list[str], list[str]]:
        """The legal calls and cards as ``role`` is shown them (none, unless it may)."""
        if role not in self.legal_roles:
            return self.no_legal
        if self._legal is None:
            from bridgelaw.server.live import legal_parts

            self._legal = legal_parts(self.live)
        return self._legal

    def state(self, role: str, old: dict[str, Any], view: dict[str, Any], ops: Ops) -> tuple[dict[str, Any], Ops]:
        live = self.live
        out = dict(old)
        out["view"] = view
        _put(old, out, ops, [], "seq", live.seq)
        _put(old, out, ops, [], "to_act", self.to_act)
        _put(old, out, ops, [], "can_next_board", live.can_next_board(role))
        _put(old, out, ops, [], "undo_request", self.undo_request)
        _put(old, out, ops, [], "director_called", self.director_called)
        legal = self.legal(role)
        _put(old, out, ops, [], "legal_calls", legal[0])
        _put(old, out, ops, [], "legal_cards", legal[1])
        if role == DIRECTOR:
            out["events"] = self.events()
            patch.diff_keys(old, out, ("events",), [], ops)
        return out, ops


class _Call:
    """A call added to the auction."""

    def __init__(self, t: Table) -> None:
        self.t = t
        self.item = t.calls[-1].to_json()
        self.heard: dict[Seat, dict[str, Any]] = {}
        self.turn = _turn(t)
        self.bid = str(t.standing[-1][1])
        self.auction: dict[int, list[str]] = {}

    def view(self, old: dict[str, Any], viewer: Seat | str, ops: Ops) -> dict[str, Any] | None:
        calls = old["calls"]
        if len(calls) + 1 != len(self.t.calls):
            return None
        if viewer == DIRECTOR:
            item = self.item
        else:
            assert isinstance(viewer, Seat)
            item = self.heard.get(viewer) or self.heard.setdefault(viewer, _calls_heard(viewer, [self.item])[0])
        out = dict(old)
        _put(old, out, ops, ["view"], "turn", self.turn)
        out["calls"] = [*calls, item]
        ops.append(["+", ["view", "calls"], [item]])
        was = old["auction"]
        auction = self.auction.get(id(was))
        if auction is None:
            auction = self.auction[id(was)] = [*was, self.bid]
        out["auction"] = auction
        ops.append(["+", ["view", "auction"], [self.bid]])
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
        self.size = t.cards_left(self.seat)
        self.won = {"NS": t.tricks_won(Side.NS), "EW": t.tricks_won(Side.EW)}
        self.tricks: dict[int, list[dict[str, Any]]] = {}
        # who sees the hand the card left, by the rule of ``Table.visible_hands`` on a plain
        # table (no claim faced, the board not over): its holder, the director and, once
        # the opening lead is faced, everyone for dummy
        self.shown_to_all = t.lead_faced and self.seat is t.dummy

    def view(self, old: dict[str, Any], viewer: Seat | str, ops: Ops) -> dict[str, Any] | None:
        n = len(self.t.tricks)
        was = old["tricks"]
        if len(was) not in (n - 1, n):
            return None
        tricks = self.tricks.get(id(was))
        if tricks is None:
            tricks = self.tricks[id(was)] = [*was[: n - 1], self.item]
        out = dict(old)
        _put(old, out, ops, ["view"], "turn", self.turn)
        out["tricks"] = tricks
        ops.append(["=", ["view", "tricks", n - 1], self.item] if len(was) == n else ["+", ["view", "tricks"], [self.item]])
        _put(old, out, ops, ["view"], "tricks_won", self.won)
        name = self.seat.name
        sizes = old["hand_sizes"]
        if sizes.get(name) != self.size:
            out["hand_sizes"] = {**sizes, name: self.size}
            ops.append(["=", ["view", "hand_sizes", name], self.size])
        if self.shown_to_all or viewer is self.seat or viewer == DIRECTOR:
            out["hands"] = {**old["hands"], name: self.hand}
            ops.append(["=", ["view", "hands", name], self.hand])
        return out


def _turn(t: Table) -> str | None:
    turn = t.turn
    return turn.name if turn is not None else None


def check(live: LiveTable, made: dict[str, tuple[dict[str, Any], Ops]]) -> None:
    """Fail unless each state in ``made`` equals the whole view of its role and its ops
    turn the state before into it (``CHECK``)."""
    import copy
    import json

    whole = live.views(made)
    for role, (state, ops) in made.items():
        was = live.made.get(role)
        if was is not None and patch.apply(copy.deepcopy(was), json.loads(json.dumps(ops))) != state:
            raise AssertionError(f"table {live.id} seq {live.seq}: {role}'s patch {ops} does not make the state")
        if state != whole[role]:
            differ = sorted(k for k in {*state, *whole[role]} if state.get(k) != whole[role].get(k))
            inner = sorted(k for k in {*state["view"], *whole[role]["view"]}
                           if state["view"].get(k) != whole[role]["view"].get(k))
            raise AssertionError(f"table {live.id} seq {live.seq}: {role}'s state made from the action differs "
                                 f"from the whole view in {differ} (view: {inner})")
