"""Law 40A1(b)/40B2: the convention card as structured data, keyed by auction pattern."""

from __future__ import annotations

import pytest

from bridgelaw.conventions import ConventionCard, cards_from_json, normalise_pattern
from bridgelaw.core.calls import Call
from bridgelaw.errors import ParseError

CARD = ConventionCard.from_json("NS", {
    "system": "Strong NT",
    "agreements": {"1NT pass 2c": "Stayman", "1N ? 2C": "Stayman, also over interference", "... 4N": "RKCB 1430",
                   "1N": "15-17"},
})


def auction(*calls: str) -> list[Call]:
    return [Call.parse(c) for c in calls]


def test_pattern_spelling_is_normalised() -> None:
    assert normalise_pattern("P 1NT pass 2c") == "1N P 2C"


def test_leading_passes_do_not_matter() -> None:
    agreement = CARD.agreement_for(auction("P", "P", "1N"))
    assert agreement is not None and agreement.meaning == "15-17"


def test_exact_pattern_beats_wildcard() -> None:
    agreement = CARD.agreement_for(auction("1N", "P", "2C"))
    assert agreement is not None and agreement.meaning == "Stayman"


def test_wildcard_call_matches_interference() -> None:
    agreement = CARD.agreement_for(auction("1N", "X", "2C"))
    assert agreement is not None and agreement.meaning.startswith("Stayman, also")


def test_prefix_wildcard_matches_anywhere() -> None:
    agreement = CARD.agreement_for(auction("1H", "P", "3H", "P", "4N"))
    assert agreement is not None and agreement.meaning == "RKCB 1430"


def test_no_agreement_is_none() -> None:
    assert CARD.agreement_for(auction("1C")) is None


def test_cards_parse_both_pairs_and_reject_duplicates() -> None:
    assert len(cards_from_json({"NS": {}, "EW": {}})) == 2
    with pytest.raises(ParseError):
        cards_from_json({"NS": {}, "N-S": {}})


def test_agreement_without_meaning_is_rejected() -> None:
    with pytest.raises(ParseError):
        ConventionCard.from_json("EW", {"agreements": {"1N": {"alert": True}}})
