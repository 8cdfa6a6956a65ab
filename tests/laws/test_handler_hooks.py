"""The optional handler hooks are declared on ``Handler``: an edition with a misspelt hook,
or a hook with the wrong parameters, does not start."""

from __future__ import annotations

import pytest

from bridgelaw.core.cards import Card, Seat
from bridgelaw.laws.base.handler import Handler, TableOps, check_hooks, overrides
from bridgelaw.laws.editions import EDITIONS, Edition, _check


class _Misspelt(Handler):
    kind = "revoke"

    def on_card_playd(self, ops: TableOps, i: int, seat: Seat, card: Card) -> None:  # the typo
        pass


class _WrongParameters(Handler):
    kind = "revoke"

    def on_trick_complete(self, ops: TableOps) -> None:  # type: ignore[override]
        pass


def test_a_misspelt_hook_is_an_error_when_the_edition_is_built() -> None:
    with pytest.raises(TypeError, match="on_card_playd"):
        _check(Edition("test", {"revoke": _Misspelt()}))


def test_a_hook_with_the_wrong_parameters_is_an_error() -> None:
    with pytest.raises(TypeError, match="on_trick_complete"):
        check_hooks(_WrongParameters())


def test_a_handler_of_an_unknown_kind_is_an_error() -> None:
    class Unknown(Handler):
        kind = "nonsense"

    with pytest.raises(TypeError, match="RulingKind"):
        _check(Edition("test", {"nonsense": Unknown()}))


def test_every_edition_passes_the_check_and_hooks_are_found_by_override() -> None:
    for edition in EDITIONS.values():
        _check(edition)
    revoke = EDITIONS["2017"].handler("revoke")
    assert revoke is not None and overrides(revoke, "on_play_end") and not overrides(revoke, "check_card")
