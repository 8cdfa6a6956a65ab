"""The claim checker's figures as the director reads them (a disputed claim, a withdrawn
agreement): worded from the catalog in his language, for him alone (``Ruling.director_note``,
dropped from every player's view)."""

from __future__ import annotations

from bridgelaw.core.cards import Suit
from bridgelaw.i18n import Msg, Text, msg
from bridgelaw.i18n.render import Described, Sentences
from bridgelaw.rulings import JsonMap

_VERDICT_WORDS = {
    "valid": "claims.note.verdict.valid",
    "double_dummy_only": "claims.note.verdict.double_dummy_only",
    "invalid": "claims.note.verdict.invalid",
}


def director_note(analysis: JsonMap | None, edition: str, *, trump_unmentioned: bool = False) -> str:
    """The verdict and the proposal with the line behind it, the 70C figure, a search that
    stopped at its limit, and an opponent's trump the claimer did not mention; ``""``
    without an analysis. A ``Text``: the edge renders it in the reader's language."""
    if not analysis:
        return ""
    parts = [msg(
        "claims.note.proposal", verdict=msg(_VERDICT_WORDS[analysis["verdict"]]),
        proposal=analysis["proposal"], dd=analysis["double_dummy"], worst=analysis["worst_normal"],
        line=Described(analysis.get("line_text") or " ".join(analysis["line"])),
    )]
    if "worst_if_trumps_drawn" in analysis:
        parts.append(msg("claims.note.drawn", n=analysis["worst_if_trumps_drawn"]))
    if not analysis.get("exact", True):
        parts.append(msg("claims.note.inexact"))
    if trump_unmentioned:
        parts.append(msg("claims.note.trump_unmentioned"))
    differs = (analysis.get("statement_parsed") or {}).get("differs")
    if differs:
        parts.append(msg("claims.note.differs", what=[_differing(d) for d in differs]))
    return Text(msg("decision", parts=Sentences(tuple(parts), edition)))


def _differing(what: str) -> Msg | Suit:
    """One point where the words and the structured line differ: the order, the trumps or
    a suit (its letter)."""
    if what == "order":
        return msg("claims.note.differs.order")
    if what == "trumps":
        return msg("claims.note.differs.trumps")
    return Suit[what]
