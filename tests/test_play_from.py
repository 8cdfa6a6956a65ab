"""The play entered from a later trick (``{"seat": "director", "play_from": k, ...}``): the
tricks before it were played but not entered, so the engine keeps them as unrecorded — no
card, no leader, no winner — and never puts a card in them; the contract is given by its
declarer and strain. What the Laws then need the engine still knows (who is declarer, dummy,
on lead, how many cards each hand has left); what it does not (the result) it does not say."""

from __future__ import annotations

from typing import Any

import pytest

from bridgelaw.actions import PlayFrom, action_from_json, action_to_json
from bridgelaw.core.cards import Seat
from bridgelaw.errors import ParseError
from bridgelaw.io.scenario import load_scenario
from bridgelaw.table import Table


def PF(trick: int, **kw: Any) -> dict[str, Any]:
    return {"seat": "director", "play_from": trick, "declarer": "S", "strain": "H", **kw}


def table(actions: list[dict[str, Any]], deal: str | None = None, edition: str = "2017") -> Table:
    case: dict[str, Any] = {"format": 1, "board": 1, "edition": edition, "actions": actions}
    if deal is not None:
        case["deal"] = deal
    return load_scenario(case).table()


def test_the_json_form_reads_and_writes_it() -> None:
    a = action_from_json(PF(5, lead="W"))
    assert a == PlayFrom(trick=5, declarer=Seat.S, strain=a.strain, leader=Seat.W)
    assert action_to_json(a) == PF(5, lead="W")
    assert action_to_json(action_from_json(PF(14))) == PF(14)


@pytest.mark.parametrize("bad", [PF(1, lead="W"), PF(15), PF(14, lead="W"), {"seat": "director", "play_from": 5, "declarer": "S"}])
def test_a_trick_out_of_range_or_a_lead_after_the_last_trick_is_refused_as_input(bad: dict[str, Any]) -> None:
    with pytest.raises(ParseError):
        action_from_json(bad)


def test_the_earlier_tricks_are_unrecorded_and_the_hands_hold_what_is_left() -> None:
    t = table([PF(5, lead="W")])
    assert len(t.tricks) == 4 and all(tr.unrecorded and not tr.cards and tr.winner is None for tr in t.tricks)
    out = t.to_json()
    assert out["phase"] == "play" and out["turn"] == "W"
    assert out["contract"] == {"level": None, "strain": "H", "risk": "", "declarer": "S"}
    assert all(tr == {"leader": None, "cards": {}, "winner": None, "unrecorded": True} for tr in out["tricks"])
    assert t._m.cards_left(Seat.E) == 9


def test_the_play_goes_on_from_the_lead_and_the_result_is_not_invented() -> None:
    t = table([PF(13, lead="W"), {"seat": "W", "play": "SA"}, {"seat": "N", "play": "S2"},
               {"seat": "E", "play": "S3"}, {"seat": "S", "play": "S4"}])
    assert not t.refused and t.tricks[-1].winner is Seat.W
    out = t.to_json()
    assert out["phase"] == "ended" and out["result"] == {"declarer_tricks": None, "score_ns": None}


def test_it_is_refused_after_another_action_or_on_a_known_deal() -> None:
    t = table([{"seat": "N", "call": "P"}, PF(5, lead="W")])
    assert [r.code for r in t.refused] == ["play_from_first"]
    t = table([PF(5, lead="W")], deal="N:- - KQJ2.J5.T98.7654 -")
    assert [r.code for r in t.refused] == ["deal_known"]


def test_with_nobody_on_lead_a_claim_is_ruled_and_a_card_refused() -> None:
    t = table([PF(9), {"seat": "S", "play": "SA"}, {"seat": "S", "claim": 5},
               {"seat": "W", "claim_response": "agree"}, {"seat": "E", "claim_response": "agree"}])
    assert [r.code for r in t.refused] == ["turn_not_entered"]
    assert "69A" in t.to_json()["rulings"][-1]["laws"]


@pytest.mark.parametrize("edition", ["1997", "2017"])
def test_a_revoke_after_the_play_is_established_by_the_play_itself(edition: str) -> None:
    """63A1: every trick played, the offending side played to the next one: not asked."""
    t = table([PF(14), {"seat": "W", "point_out": "revoke", "offender": "E", "trick": 4},
               {"seat": "director", "decide": {"revoked": True}}], edition=edition)
    pending = t.awaiting
    assert pending is not None and [q.key for q in pending.questions] == ["revoke_trick_won_by"]
    assert "63A1" in t.to_json()["rulings"][-1]["laws"]


def test_a_revoke_in_an_unentered_trick_while_the_play_goes_on_is_asked() -> None:
    """Trick 3 of a play entered from trick 6: whether the offending side played on is the
    record's too (they did, to tricks 4 and 5), but the play is not over: the director is
    asked, as before."""
    t = table([PF(6, lead="W"), {"seat": "W", "point_out": "revoke", "offender": "E", "trick": 3},
               {"seat": "director", "decide": {"revoked": True}}])
    pending = t.awaiting
    assert pending is not None and [q.key for q in pending.questions] == ["established"]


def test_undo_and_replay_keep_the_unrecorded_tricks() -> None:
    actions = [PF(12, lead="W"), {"seat": "W", "play": "SA"}, {"seat": "N", "play": "S2"},
               {"seat": "E", "play": "S3"}, {"seat": "S", "play": "S4"}, {"seat": "W", "play": "HA"}]
    t = table(actions)
    assert not t.refused and len(t.tricks) == 13 and t.tricks[-1].cards == [t.tricks[-1].cards[0]]
    t = t.undo()
    again = table(actions[:-1])
    assert t.to_json()["tricks"] == again.to_json()["tricks"]
    assert [tr.unrecorded for tr in t.tricks] == [True] * 11 + [False]
