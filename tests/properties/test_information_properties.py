"""Information rights over random boards (hypothesis): random lawful boards with random
requests injected at random moments.

* A request is granted only when the rules allow it: an oracle written here, independently
  of the engine's ``information_rights``, from the Laws (20A, 20B, 20F, 40B2, 41B, 41C, 66).
* A seat's answer never reveals a card still held by another player or a face-down lead,
  nor the meaning of a call made by the asker's own partnership (another pair's private
  explanation: partner's meaning is unauthorized to him, 16B1(a)).
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw import Board, Deal, Phase, Seat, Table, TableConfig
from bridgelaw.actions import Ask, CallAction, Decide, FaceLead, PlayAction
from bridgelaw.core.calls import Call
from bridgelaw.core.cards import cards_of

KINDS = ("review", "explain", "explain_all", "contract", "convention_card", "see_trick",
         "own_last_card", "quitted_trick", "repeat_call")


# ------------------------------------------------------------------ the oracle
def period(t: Table) -> str:
    if t.phase is Phase.LEAD:
        return "face_down" if t.face_down_lead is not None else "before_lead"
    return t.phase.value


def hands_of(t: Table, seat: Seat) -> set[Seat]:
    return {seat, seat.partner} if seat is t.declarer else {seat}


def own_turn(t: Table, seat: Seat) -> bool:
    return period(t) == "play" and seat is not t.dummy and t.turn in hands_of(t, seat)


def played_from(t: Table, seats: set[Seat]) -> bool:
    return any(s in seats for tr in t.tricks for s in tr.seats)


def clarification(t: Table, seat: Seat) -> bool:
    c = t.contract
    assert c is not None
    if period(t) == "before_lead":
        return seat is c.opening_leader
    return seat in (c.opening_leader.partner, c.declarer)


def may_ask(t: Table, seat: Seat, *, lost_after_playing: bool) -> bool:
    p = period(t)
    if p == "auction":
        return seat is t.turn and t.must_pass(seat) is None if lost_after_playing else seat is t.turn
    if p == "ended":
        return True
    if p in ("before_lead", "face_down"):
        return clarification(t, seat)
    if lost_after_playing and played_from(t, hands_of(t, seat)):
        return False
    return own_turn(t, seat)


def trick_open_to(t: Table, seat: Seat) -> bool:
    """66A: the last complete trick, while seat's side has not played to the next."""
    complete = [tr for tr in t.tricks if tr.complete]
    if not complete or seat is t.dummy:
        return False
    n = len(complete)
    nxt = t.tricks[n] if len(t.tricks) > n else None
    return nxt is None or not any(s in (seat, seat.partner) for s in nxt.seats)


def oracle(t: Table, a: Ask, edition: str) -> bool | None:
    """True/False: granted or not; None: the director must decide (66C)."""
    p = period(t)
    seat = a.ask and a.seat
    if a.ask == "review":
        return may_ask(t, seat, lost_after_playing=True)
    if a.ask == "contract":
        return p != "auction" and may_ask(t, seat, lost_after_playing=False)
    if a.ask in ("explain_all", "convention_card"):
        return may_ask(t, seat, lost_after_playing=False)
    if a.ask == "explain":
        idx = a.call_index
        if idx is None or not 0 <= idx < len(t.calls) or t.calls[idx].seat.side is seat.side:
            return False
        if edition == "1997" and p in ("auction", "before_lead"):
            return False
        return may_ask(t, seat, lost_after_playing=False)
    if a.ask == "repeat_call":
        last = next((x for x in reversed(t.actions) if not isinstance(x, Ask)), None)
        return a.call_index == len(t.calls) - 1 and isinstance(last, CallAction)
    if a.ask == "see_trick":
        if p == "ended":
            return bool(t.tricks)
        return p == "play" and trick_open_to(t, seat)
    if a.ask == "own_last_card":
        mine = [k for k, tr in enumerate(t.tricks) if seat in tr.seats]
        if p == "ended":
            return bool(mine)
        if p != "play" or seat is t.dummy or not mine:
            return False
        # 66B: lost for everyone once a card is led to the trick after the last complete one
        done = sum(1 for tr in t.tricks if tr.complete)
        return not (done and len(t.tricks) > done and t.tricks[done].cards)
    if a.ask == "quitted_trick":
        complete = sum(1 for tr in t.tricks if tr.complete)
        if a.trick is None or not 1 <= a.trick <= complete:
            return False
        if p == "ended":
            return True
        if seat is t.dummy:
            return False
        if a.trick == complete and trick_open_to(t, seat):
            return True
        return None
    raise AssertionError(a.ask)


# ------------------------------------------------------------------ secrecy
def strings(obj: Any) -> list[str]:
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [s for v in obj.values() for s in strings(v)]
    if isinstance(obj, list):
        return [s for v in obj for s in strings(v)]
    return []


def assert_discreet(t: Table, seat: Seat, answer: Any) -> None:
    hidden = {str(c) for s in Seat if s is not seat for c in cards_of(t.hand(s).mask)}
    if t.face_down_lead is not None and t.face_down_lead[0] is not seat:
        hidden.add(str(t.face_down_lead[1]))
    told = set(strings(answer))
    assert not told & hidden, f"{seat.name} was told hidden cards {told & hidden}"
    own_meanings = {c.meaning for c in t.calls if c.seat.side is seat.side and c.meaning}
    assert not told & own_meanings, f"{seat.name} was told his side's meanings {told & own_meanings}"
    for c in (answer.get("calls", [answer]) if isinstance(answer, dict) else []):
        if isinstance(c, dict) and "explanation" in c:
            assert Seat[c["seat"]].side is not seat.side


# ------------------------------------------------------------------ the driver
def random_ask(t: Table, rng: random.Random) -> Ask:
    kind = rng.choice(KINDS)
    seat = rng.choice(list(Seat))
    n_calls = len(t.calls)
    call_index = rng.randrange(-1, n_calls + 1) if kind in ("explain", "repeat_call") else None
    if kind == "repeat_call" and rng.random() < 0.6:
        call_index = n_calls - 1
    trick = rng.randrange(0, len(t.tricks) + 2) if kind == "quitted_trick" else None
    return Ask(seat, kind, call_index=call_index, trick=trick)


def check_ask(t: Table, a: Ask, edition: str, rng: random.Random) -> None:
    expected = oracle(t, a, edition)
    t.push(a)
    req = t.requests[-1]
    assert req.seat is a.seat and req.ask == a.ask
    if expected is None:
        assert not req.granted and t.awaiting is not None and t.awaiting.kind == "quitted_trick_inspection"
        permit = rng.random() < 0.5
        t.push(Decide({"permit": permit}))
        assert req.granted is permit and t.awaiting is None
    else:
        assert req.granted is expected, (a, period(t), req.to_json())
    if req.granted:
        assert_discreet(t, a.seat, req.answer)
    else:
        assert req.answer is None


def run_board(seed: int, edition: str) -> Table:
    rng = random.Random(seed)
    t = Table(Board.standard(rng.randint(1, 16), Deal.random(rng)), TableConfig(edition=edition))  # type: ignore[arg-type]
    while t.phase is not Phase.ENDED:
        for _ in range(rng.choice((0, 0, 1, 2))):
            check_ask(t, random_ask(t, rng), edition, rng)
        if t.phase is Phase.AUCTION:
            seat = t.turn
            assert seat is not None
            calls = list(t.legal_calls)
            call = Call.PASS if rng.random() < 0.55 or len(calls) == 1 else rng.choice(calls[:10])
            t.push(CallAction(seat, call, alert=rng.random() < 0.3, meaning=f"meaning#{len(t.calls)}"))
        elif t.face_down_lead is not None:
            t.push(FaceLead(t.face_down_lead[0]))
        else:
            seat = t.turn
            assert seat is not None
            card = rng.choice(list(t.legal_cards))
            if t.phase is Phase.LEAD:
                t.push(PlayAction(seat, card, face_down=True))
            else:
                t.push(PlayAction(seat, card, by=t.declarer if seat is t.dummy else None))
    for _ in range(3):
        check_ask(t, random_ask(t, rng), edition, rng)
    return t


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.sampled_from(["2017", "1997"]))
def test_requests_granted_only_when_the_laws_allow_and_answers_stay_discreet(seed: int, edition: str) -> None:
    t = run_board(seed, edition)
    record = t.to_json()
    assert len(record["requests"]) == len(t.requests)
    json.dumps(record)  # the record, request log included, is plain JSON


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_a_seats_view_shows_his_own_requests_and_only_the_questions_put_to_him(seed: int) -> None:
    """Others' requests reach a seat only as an explanation said aloud (20F1) or as an
    opponent's question about his partner's call or the whole auction, which he is to
    answer: without the engine's answer (his partner's own note), the auction restated."""
    t = run_board(seed, "2017")
    for seat in Seat:
        view = t.view(seat)
        for r in view["requests"]:
            if r["seat"] == seat.name or r["ask"] == "give_explanation":
                continue
            if r["ask"] == "explain_all":
                assert Seat.parse(r["seat"]).side is not seat.side
                assert all("explanation" not in c for c in r["answer"]["calls"])
                continue
            assert r["ask"] == "explain" and "answer" not in r
            assert view["calls"][r["call_index"]]["seat"] == seat.partner.name
        assert "ui_flags" not in view and "misinformation" not in view
