"""Law 66: inspection of tricks (66A current trick, 66B own last card, 66C quitted tricks)."""

from __future__ import annotations

from info_helpers import AUCTION_1S, FACED, TRICK1, ask, last_request, table

T2 = [{"seat": "N", "play": "S3"}, {"seat": "E", "play": "HK"}, {"seat": "S", "play": "D3", "by": "N"}, {"seat": "W", "play": "C3"}]


def test_66A_trick_faced_while_side_has_not_played_on() -> None:
    r = last_request([*AUCTION_1S, *TRICK1, ask("E", "see_trick")])
    assert r.granted and r.answer["cards"] == {"E": "HA", "S": "D2", "W": "C2", "N": "S2"}


def test_66A_lost_when_own_side_leads_to_next_trick() -> None:
    assert not last_request([*AUCTION_1S, *TRICK1, {"seat": "N", "play": "S3"}, ask("N", "see_trick")]).granted


def test_66A_dummy_has_no_right() -> None:
    assert not last_request([*AUCTION_1S, *TRICK1, ask("S", "see_trick")]).granted


def test_66B_own_last_card_until_a_card_is_led() -> None:
    assert last_request([*AUCTION_1S, *TRICK1, ask("W", "own_last_card")]).answer == {"trick": 1, "card": "C2"}


def test_66B_lost_after_the_next_lead() -> None:
    assert not last_request([*AUCTION_1S, *TRICK1, {"seat": "N", "play": "S3"}, ask("W", "own_last_card")]).granted


def test_66B_card_in_the_trick_in_progress_may_be_inspected() -> None:
    assert last_request([*AUCTION_1S, *FACED, ask("E", "own_last_card")]).granted


def test_66C_quitted_trick_waits_for_the_directors_permission() -> None:
    t = table([*AUCTION_1S, *TRICK1, *T2, {"seat": "N", "play": "S4"}, ask("E", "quitted_trick", trick=1)])
    assert not t.requests[-1].granted
    assert t.awaiting is not None and [q.key for q in t.awaiting.questions] == ["permit"]


def test_66C_permission_granted_shows_the_trick() -> None:
    t = table([*AUCTION_1S, *TRICK1, *T2, {"seat": "N", "play": "S4"}, ask("E", "quitted_trick", trick=1),
               {"seat": "director", "decide": {"permit": True}}])
    assert t.requests[-1].granted and t.requests[-1].answer["trick"] == 1 and t.awaiting is None


def test_66C_no_such_trick_refused() -> None:
    assert not last_request([*AUCTION_1S, *TRICK1, ask("E", "quitted_trick", trick=5)]).granted


def test_66C_dummy_may_not_ask() -> None:
    assert not last_request([*AUCTION_1S, *TRICK1, *T2, ask("S", "quitted_trick", trick=1)]).granted
