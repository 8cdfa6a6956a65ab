"""Hidden information: over many random boards (with irregularities, rulings and the
director's questions), no message sent to a seat holds a card of a hand that seat may not
see. What a seat may see is worked out here independently of the server: its own hand;
dummy once the opening lead is faced (Law 41D); penalty cards and played cards; after the
board, everything."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import new_table

from bridgelaw.core.cards import Seat
from bridgelaw.core.deal import Board, Deal, Hand
from bridgelaw.server.live import LiveTable
from bridgelaw.server.simulate import next_message
from bridgelaw.server.store import BoardData, LogEntry, TableMeta

CARD = re.compile(r"(?<![A-Za-z0-9])([SHDC][2-9TJQKA])(?![A-Za-z0-9])")
SEATS = ("N", "E", "S", "W")


def faced(action: dict[str, Any]) -> set[str]:
    """Cards an accepted action put face up on the table: a card played (even irregularly,
    while the director rules on it) or exposed is seen by everybody from then on."""
    if "play" in action and not action.get("face_down"):
        return {action["play"]}
    if "expose" in action:
        return set(action["expose"])
    return set()


def hidden_cards(director_state: dict[str, Any], seat: str, public: set[str]) -> set[str]:
    """The cards of the hands ``seat`` may not see, per the director's (complete) state,
    less the cards that were once faced (``public``)."""
    v = director_state["view"]
    if v["phase"] == "ended" and v["awaiting"] is None:
        return set()
    visible = {seat}
    claim = v.get("claim")
    if claim and "hand" in claim:  # Law 68C: a claimer faces his hand
        visible.add(claim["seat"])
    lead_faced = bool(v["tricks"])
    if lead_faced and isinstance(v["contract"], dict):
        visible.add(Seat.parse(v["contract"]["declarer"]).partner.name)
    # penalty cards are face up; one picked up again (Law 50D2) was seen by everybody
    penalty = {p["card"] for p in v["penalty_cards"]} | {
        c["card"] for r in v["rulings"] for c in r.get("consequences", []) if c.get("what", "").startswith("penalty_card")
    }
    hidden: set[str] = set()
    for other in SEATS:
        if other not in visible:
            hidden |= {str(c) for c in Hand.parse_pbn(v["hands"][other])} - penalty
    return hidden - public


def leaks(message: dict[str, Any], director_state: dict[str, Any], seat: str, public: set[str]) -> set[str]:
    hidden = hidden_cards(director_state, seat, public)
    text = json.dumps(message)
    found = set(CARD.findall(text)) & hidden
    for other, holding in message.get("view", {}).get("hands", {}).items():
        if other != seat:
            found |= {str(c) for c in Hand.parse_pbn(holding)} & hidden
    return found


def fold(live: LiveTable, msg: dict[str, Any], role: str, public: set[str]) -> bool:
    """Apply a simulated player's message as the hub would; False if it was refused."""
    from bridgelaw.actions import action_from_json
    from bridgelaw.server.live import Forbidden
    from bridgelaw.table import Refused

    try:
        action = live.authorize(role, action_from_json(msg["action"]))
        live.try_action(action)
    except (Forbidden, Refused):
        return False
    live.accepted(LogEntry(live.seq + 1, "action", live.board_idx, msg["action"]))
    public |= faced(msg["action"])
    return True


@pytest.mark.parametrize("seed", range(4))
def test_no_view_of_any_seat_holds_a_hidden_card_over_random_boards(seed: int) -> None:
    """60 boards in all (15 a seed)."""
    random_boards(seed, boards=15, claims=0.0)


@pytest.mark.law("68C")
def test_68C_a_disputed_claim_shows_players_only_the_claimers_hand() -> None:
    from server_helpers import PBN

    from bridgelaw.server.boards import pbn_boards

    b = pbn_boards(PBN)[0]
    live = LiveTable(TableMeta(id="t", title="", created_at=None,  # type: ignore[arg-type]
                               config={"regulations": {"opening_lead": "face_up"}}, boards=(b,)))
    public: set[str] = set()
    for seat, call in (("N", "1S"), ("E", "P"), ("S", "P"), ("W", "P")):
        assert fold(live, {"action": {"seat": seat, "call": call}}, seat, public)
    assert fold(live, {"action": {"seat": "E", "play": "HA"}}, "E", public)
    assert fold(live, {"action": {"seat": "N", "claim": 12, "statement": "trumps, then hearts"}}, "N", public)
    options = live.view("E")["view"]["awaiting"]
    if options and "dispute" in options.get("options", []):
        assert fold(live, {"action": {"seat": options["by"], "choose": "dispute"}}, options["by"], public)
    else:
        assert fold(live, {"action": {"seat": "E", "claim_response": "dispute"}}, "E", public)
    director = live.view("director")
    for seat in ("E", "W"):
        assert not leaks(live.view(seat), director, seat, public), seat


def random_boards(seed: int, *, boards: int, claims: float) -> None:
    rng = random.Random(seed)
    for board_no in range(1, boards + 1):
        board = Board.standard(board_no, Deal.random(rng))  # type: ignore[arg-type]
        meta = TableMeta(
            id="t", title="", created_at=None,  # type: ignore[arg-type]
            config={"auto_director": rng.random() < 0.7, "regulations": {"opening_lead": "face_down"}},
            boards=(BoardData(board.number, board.deal.to_pbn(), board.dealer.name, str(board.vulnerability)),),
        )
        live = LiveTable(meta)
        roles = ("N", "E", "S", "W", "director")
        public: set[str] = set()
        for _step in range(400):
            views = {r: live.view(r) for r in roles}
            director = views["director"]
            for seat in SEATS:
                assert not leaks(views[seat], director, seat, public), (seed, board_no, seat)
            msgs = [(r, next_message(views[r], rng, irregular=0.08, claims=claims)) for r in roles]
            msgs = [(r, m) for r, m in msgs if m is not None]
            if not msgs:
                if director["view"]["awaiting"] is None and any(
                    r["status"] == "awaiting_director" for r in director["view"]["rulings"]
                ):
                    fold(live, {"action": {"seat": rng.choice(SEATS), "director": True}}, "all", public)
                    continue
                break
            role, msg = msgs[0]
            fold(live, msg, role, public)
        assert live.seq > 0


def test_every_websocket_message_to_a_seat_is_free_of_hidden_cards(client: TestClient) -> None:
    """The same check on the real websocket, message by message, over whole boards."""
    rng = random.Random(2024)
    roles = (*SEATS, "director")
    checked = 0
    for _board in range(3):
        t = new_table(client, auto_director=True)
        sockets = [client.websocket_connect(f"/ws/{t['tokens'][r]}") for r in roles]
        conns = dict(zip(roles, (s.__enter__() for s in sockets), strict=True))
        try:
            latest = {r: conns[r].receive_json() for r in roles}
            public: set[str] = set()
            for _step in range(400):
                pending = [(r, next_message(latest[r], rng, irregular=0.05)) for r in roles]
                pending = [(r, m) for r, m in pending if m is not None]
                if not pending:
                    break
                sender, msg = pending[0]
                conns[sender].send_json(msg)
                received: dict[str, list[dict[str, Any]]] = {sender: []}
                while True:  # the sender: its new state(s), then the ack or error
                    m = conns[sender].receive_json()
                    received[sender].append(m)
                    if m["type"] in ("ack", "error"):
                        break
                if m["type"] == "ack":  # everybody else gets exactly one new state
                    public |= faced(msg["action"])
                    for r in roles:
                        if r != sender:
                            received[r] = [conns[r].receive_json()]
                for r, msgs in received.items():
                    for m in msgs:
                        if m["type"] == "state":
                            latest[r] = m
                director = latest["director"]
                for r in SEATS:
                    for m in received.get(r, []):
                        assert not leaks(m, director, r, public), (r, m)
                        checked += 1
        finally:
            for s in sockets:
                s.__exit__(None, None, None)
    assert checked > 200
