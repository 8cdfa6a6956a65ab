"""The play-period rulings keep what they remember between steps as typed state
(``Ruling.fact``), not as string keys of ``Ruling.data``: penalty cards (50-52), the
50D2/51B lead choice, Law 26 in the play, leads and plays out of turn (53-57), 47E2."""

from __future__ import annotations

from typing import Any

from play_helpers import DEAL, T1_EAST_WINS, T1_NORTH_WINS, C, P, table

from bridgelaw.core.cards import Card, Seat, Suit
from bridgelaw.io.scenario import load_scenario
from bridgelaw.laws.auction.lead_restrictions import LeadRestrictionState
from bridgelaw.laws.base.facts import HeldCard, PlayOutOfTurnState
from bridgelaw.laws.play.exposure import ExposedBeforeLead
from bridgelaw.laws.play.lead_penalties import PenaltyCardLeadState
from bridgelaw.laws.play.misinformed import MisinformedPlayState
from bridgelaw.laws.play.penalty_cards import DesignationState, PenaltyCardsDue
from bridgelaw.rulings import Ruling
from bridgelaw.table import Table

# The keys the Table itself keeps on a ruling (the action or call it is about, the claim
# checker's figures, the director's note, an adjusted score): no handler adds another.


def X(seat: str, *cards: str) -> dict[str, object]:
    return {"seat": seat, "expose": list(cards), "how": "dropped"}


def the(t: Table, kind: str) -> Ruling:
    found = [r for r in t.rulings if r.kind == kind]
    assert found, f"no {kind} ruling in {[r.kind for r in t.rulings]}"
    ruling = found[-1]
    return ruling


def test_52_the_penalty_cards_due_are_the_rulings_state() -> None:
    t = table([*T1_NORTH_WINS, X("W", "HJ"), P("N", "HT"), P("E", "HA"), P("S", "H5", by="N"), P("W", "H3")])
    assert the(t, "penalty_card_not_played").fact(PenaltyCardsDue) == PenaltyCardsDue((Card.parse("HJ"),))


def test_51A_the_cards_declarer_designates_from_are_the_rulings_state() -> None:
    t = table([*T1_NORTH_WINS, X("W", "DJ", "D9"), P("N", "D5"), P("E", "D2"), P("S", "DK", by="N"), P("W", "D9")])
    st = the(t, "penalty_card_designation").fact(DesignationState)
    assert st is not None and set(st.candidates) == {Card.parse("DJ"), Card.parse("D9")}


def test_50D2_the_leader_and_his_partners_penalty_cards_are_the_rulings_state() -> None:
    t = table([*T1_EAST_WINS, X("W", "CA")])
    st = the(t, "penalty_card_lead").fact(PenaltyCardLeadState)
    assert st == PenaltyCardLeadState(Seat.E, trick=2, pcs=(Card.parse("CA"),), suits=(Suit.C,))


def test_61A_a_card_against_a_restriction_keeps_only_its_action() -> None:
    t = table([*T1_EAST_WINS, X("W", "CA"), C("N", "require_suit", suit="C"), P("E", "HK")])
    assert the(t, "restriction_violated").facts == ()


def test_24_1997_the_cards_declarer_may_treat_as_penalty_cards_are_the_rulings_state() -> None:
    t = table([X("W", "CA")], edition="1997")
    assert the(t, "card_exposed").fact(ExposedBeforeLead) == ExposedBeforeLead(Seat.W, (Card.parse("CA"),))


def test_57A_the_partner_awaiting_declarers_requirement_is_the_rulings_state() -> None:
    t = table([*T1_NORTH_WINS, P("N", "HT"), P("W", "HJ")])
    st = the(t, "play_out_of_turn").fact(PlayOutOfTurnState)
    assert st is not None and st.turn is Seat.E and st.premature_partner is Seat.E


def test_57A_once_declarer_has_chosen_nothing_is_pending() -> None:
    t = table([*T1_NORTH_WINS, P("N", "HT"), P("W", "HJ"), C("N", "play_highest")])
    st = the(t, "play_out_of_turn").fact(PlayOutOfTurnState)
    assert st is not None and st.premature_partner is None


def test_57C3_dummys_card_held_for_its_proper_turn_is_the_rulings_state() -> None:
    t = table([*T1_NORTH_WINS, P("N", "HT"), P("S", "H5", by="N")])
    st = the(t, "play_out_of_turn").fact(PlayOutOfTurnState)
    assert st is not None and st.held == HeldCard(Seat.S, Card.parse("H5"), Seat.E)


def test_47E2_the_misinformed_player_and_the_card_he_may_take_back_are_the_rulings_state() -> None:
    t = table([P("E", "HA", face_down=True), {"seat": "E", "point_out": "mistaken_explanation"}])
    assert the(t, "lead_after_misinformation").fact(MisinformedPlayState) == MisinformedPlayState(Seat.E, face_down=True)


def test_26_the_leader_sources_and_suits_declarer_may_forbid_are_the_rulings_state() -> None:
    auction: list[dict[str, Any]] = [
        {"seat": "N", "call": "1S"}, {"seat": "E", "call": "P"}, {"seat": "S", "call": "2S"},
        {"seat": "W", "call": "1H"}, C("N", "decline"), {"seat": "W", "call": "P"},
        {"seat": "N", "call": "4S"}, {"seat": "E", "call": "P"}, {"seat": "S", "call": "P"}, {"seat": "W", "call": "P"},
    ]
    t = load_scenario({"format": 1, "board": 1, "deal": DEAL, "actions": auction}).table()
    st = the(t, "lead_restriction").fact(LeadRestrictionState)
    assert st is not None and st.leader is Seat.E and len(st.sources) == 1
    assert st.allowed == (Suit.S, Suit.H, Suit.D, Suit.C) and st.require == ()  # W named no suit legally

