"""Which form of a decision's first sentence fits the ruling (``decision.what.<kind><variant>``):
a card named or not, a lead or a play, a revoke found or not, from dummy or not, a call
already cancelled by an earlier ruling."""

from __future__ import annotations

from typing import Any

from bridgelaw.laws.base.facts import RevokeFact
from bridgelaw.rulings import Ruling, RulingStatus

_CALL_KINDS = frozenset({"call_out_of_rotation", "call_after_final_pass", "violates_pass_obligation",
                         "insufficient_bid", "misinformation", "bid_above_seven", "inadmissible_double",
                         "change_of_call"})
_CARD_KINDS = frozenset({"play_out_of_turn", "restriction_violated", "penalty_card_not_played", "dummy_played_card"})
_TRICK_KINDS = frozenset({"revoke", "defective_trick", "quitted_trick_inspection"})

_LEAD_OUT_OF_TURN = ("53A", "55A", "56")
"""The laws of a lead out of turn in play (the opening lead is a kind of its own)."""

_FROM_DUMMY = ("revoke.from_dummy", "revoke.reported.fact.dummy")

_POINTED_OUT = ("revoke.reported.pointed_out", "revoke.pointed_out.holding")
"""The explanations that say a revoke was pointed out and the director is still to find
whether there was one."""
"""The explanations that say a revoke was declarer's, from dummy's hand."""


def variant_of(ruling: Ruling, params: dict[str, Any]) -> str:
    """The variant of ``decision.what.<kind>`` for ``ruling`` ("" for the plain one)."""
    if ruling.kind == "opening_lead_out_of_turn":
        return ".card" if "card" in params else ".face_down"
    if ruling.kind == "claim":
        return _claim_variant(ruling)
    if (judged := _judged_variant(ruling)) is not None:
        return judged
    if ruling.kind in _TRICK_KINDS:
        return _trick_variant(ruling, params)
    if ruling.kind in _CALL_KINDS:
        return _call_variant(ruling, params)
    if ruling.kind in _CARD_KINDS:
        return _card_variant(ruling, params)
    if ruling.kind == "board":
        return _board_variant(ruling)
    if ruling.kind == "card_exposed":
        return _exposed_variant(ruling)
    if ruling.kind == "play_together" and by_declarer_from_dummy(ruling):
        params["declarer"] = _dummy_declarer(ruling)
        return ".dummy"
    return ""


def _judged_variant(ruling: Ruling) -> str | None:
    """What the director found, when the sentence depends on it: a holding, or declarer's
    slip in naming dummy's card found unintended (no longer only what declarer says)."""
    if ruling.kind == "holding_unknown" and isinstance(ruling.answers.get("holds_suit"), bool):
        return ".held" if ruling.answers["holds_suit"] else ".not_held"
    if ruling.kind == "unintended_designation" and ruling.answers.get("unintended") is True:
        return ".found"
    return None


def _exposed_variant(ruling: Ruling) -> str:
    """A card exposed: ``.60C`` when played before declarer chose his rectification (not a
    card played), ``.spread`` when dummy faced his whole hand early (said as such, not card
    by card)."""
    if "60C" in ruling.laws:
        return ".60C"
    if any(getattr(m, "id", "") == "exposure.dummy_spread_early" for m in ruling.messages):
        return ".spread"
    return ""


def _claim_variant(ruling: Ruling) -> str:
    """A concession is said as one; a claim or concession of every trick left says "all N
    remaining tricks" ("both" when two are left)."""
    named = ruling.named()
    every = "" if named.get("stated") != named.get("remaining") else ".both" if named.get("remaining") == 2 else ".all"
    return (".concession" if named.get("what") == "concession" else "") + every


def by_declarer_from_dummy(ruling: Ruling) -> bool:
    """Whether the cards of the ruling were dummy's, played by declarer (58B2 with dummy's
    cards: declarer chooses, the others stay on the table; 58B1: the faced one is played)."""
    return any(getattr(m, "id", "") in _DUMMY_PLAYED for m in ruling.messages)


def _dummy_declarer(ruling: Ruling) -> object:
    """The declarer the explanation names as having played dummy's cards together."""
    said = next(m for m in ruling.messages if getattr(m, "id", "") in _DUMMY_PLAYED)
    return said.params.get("declarer", "")


_DUMMY_PLAYED = ("simultaneous.faced.dummy", "simultaneous.one_face.dummy")
"""The explanations that say cards played together were dummy's, played by declarer."""


def _board_variant(ruling: Ruling) -> str:
    """A board whose score at the table gives way to an assigned one says why before the
    score: the hands found wrong after the play (13D), a wrong board on which partner has
    called too (2017 15A1(a); 1997 17D with a score assigned); a wrong board found before
    its holder called says so, for there is nothing to rectify."""
    if "13D" in ruling.laws:
        return ".13D"
    if any(getattr(m, "id", "") == "board.wrong_board.2" for m in ruling.messages):
        return ".not_called"  # the cards of another board picked up before he called: no rectification
    if "15A1(a)" in ruling.laws or (ruling.edition == "1997" and "17D" in ruling.laws and "12C1" in ruling.laws):
        return ".partner_called"
    return ""


def _call_variant(ruling: Ruling, params: dict[str, Any]) -> str:
    if "call" not in params:
        return ".nocall"
    if ruling.kind == "misinformation" and "mistaken_explanation" not in ruling.answers:
        return ".corrected"  # the director is still to find which was mistaken (75)
    if ruling.kind == "misinformation" and ruling.answers.get("mistaken_explanation") is False:
        return ".mistaken_call"  # 75C: the call was mistaken, not the explanation
    if any(getattr(m, "id", "") == "auction_common.already_void" for m in ruling.messages):
        return ".void"  # an earlier ruling cancelled the call (21B2, 36A, 38B): it is not announced again
    return ""


def _card_variant(ruling: Ruling, params: dict[str, Any]) -> str:
    if "card" not in params:
        return ".nocard"
    if ruling.kind == "play_out_of_turn" and any(getattr(m, "id", "") == "play_irregularities.last_trick_lead"
                                                 for m in ruling.messages):
        return ".lead.last_trick"  # 2017 53A: not to be accepted on the thirteenth trick, taken back
    if ruling.kind == "play_out_of_turn" and any(law in ruling.laws for law in _LEAD_OUT_OF_TURN):
        return ".lead"  # a lead, said as one (GLOSSARY-ru: ход), not "played"
    return ""


def _trick_variant(ruling: Ruling, params: dict[str, Any]) -> str:
    """A ruling about a trick: ``.notrick`` when no trick was named; a revoke ruling that
    found none says so (``.none``); a revoke from dummy is declarer's (``.dummy``)."""
    trick = ".notrick" if not isinstance(params.get("trick"), int) else ""
    if ruling.kind == "defective_trick":
        return (".pointed_out" if ruling.offender is None else "") + trick  # no offender named: the director finds it
    return _revoke_variant(ruling, trick) if ruling.kind == "revoke" else trick


def _revoke_variant(ruling: Ruling, trick: str) -> str:
    """A revoke ruling: none on record, none found, pointed out only, or declarer's from dummy."""
    if any(getattr(m, "id", "") == "revoke.none_recorded" for m in ruling.messages):
        return ".none_recorded"  # no failure to follow on record: not "he held none of the suit"
    if _found_no_revoke(ruling):
        return ".none" + (".notrick" if trick else "")
    if any(getattr(m, "id", "") in _POINTED_OUT for m in ruling.messages):
        return ".pointed_out" + trick  # the director is still to find whether there was one
    if not trick and any(getattr(m, "id", "") in _FROM_DUMMY for m in ruling.messages):
        return ".dummy"  # declarer's revoke from dummy's hand: «со стола», not dummy's own
    return trick


def _found_no_revoke(ruling: Ruling) -> bool:
    """61A: the revoke ruling is closed without finding one (the player held none of the
    suit led, on the record or as the director established)."""
    return (ruling.status is RulingStatus.CLOSED and ruling.fact(RevokeFact) is None
            and ruling.answers.get("revoked") is not True)
