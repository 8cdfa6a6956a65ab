"""What the Laws put on the table is drawn on the felt: a card exposed during the auction
lies face up in front of its holder until the auction ends (Law 24), on every page that
may see it and on none that may not; then it is a penalty card, major and minor drawn
apart (24E, 50), or goes back to the hand (24D) and is hidden again; a claimer's faced hand
(68); each player's quitted tricks in a row, won and lost turned apart (65). The per-seat
view the server sends is checked beside the drawing. Screenshots go to
test-artifacts/screens/.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_table import PHONE, SCREENS, Board, no_overflow

pytestmark = pytest.mark.browser

ROLES = ("N", "E", "S", "W", "director")


def view_shot(page: Any, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=True)


def felt_cards(page: Any, seat: str, card: str) -> int:
    """How many faces of ``card`` the felt draws at ``seat``'s place."""
    return int(page.locator(f'.seat-box[data-seat="{seat}"] .card[title="{card}"]').count())


def seat_count(page: Any, seat: str) -> int:
    return int(page.locator(f'.seat-box[data-seat="{seat}"]').get_attribute("data-cards"))


@pytest.mark.law("24")
def test_a_card_exposed_in_the_auction_is_drawn_face_up_on_every_page_and_then_as_a_penalty_card(board: Board) -> None:
    board.act("N", seat="N", call="1D")
    board.act("E", seat="E", play="HA")  # a card led during the auction: 24B, partner must pass
    pages = {role: board.page(role, PHONE, "ru-RU" if role in ("E", "director") else "en-GB") for role in ROLES}
    for role, page in pages.items():
        view = board.state(role)["view"]
        assert [(e["seat"], e["card"]) for e in view["exposed_in_auction"]] == [("E", "HA")]
        if role in ("N", "S", "W"):
            assert "E" not in view["hands"]  # the exposed card is named, the hand is not
        assert page.locator('[data-exposed="E"] .card[title="HA"]').count() == 1, role
        assert felt_cards(page, "E", "HA") == 1, role  # on the table, not also in the hand
        assert seat_count(page, "E") == 12, role  # 12 held, one on the table
        assert page.locator("[data-exposed]").count() == 1  # nobody else's
        no_overflow(page)
        view_shot(page, f"felt-exposed-in-auction-{role}-390")
    for seat, call in (("E", "P"), ("S", "P"), ("W", "P")):
        board.act(seat, seat=seat, call=call)
    # 1♦ by North: East defends, the card is a major penalty card (24E, 50B)
    for role, page in pages.items():
        board.synced(page)
        assert page.locator("[data-exposed]").count() == 0, role
        assert page.locator('.seat-box[data-seat="E"] [data-penalty="major"] .card[title="HA"]').count() == 1, role
        assert page.locator('[data-penalty="minor"]').count() == 0, role
        assert seat_count(page, "E") == 12, role
        assert "exposed_in_auction" not in board.state(role)["view"]
        view_shot(page, f"felt-penalty-card-major-{role}-390")


@pytest.mark.law("50B")
def test_a_low_card_dropped_in_the_auction_becomes_a_minor_penalty_card_drawn_apart(board: Board) -> None:
    board.act("N", seat="N", call="1D")
    board.act("E", seat="E", expose=["C5"])  # a low card dropped: 24A, no rectification yet
    west = board.page("W", PHONE)
    assert west.locator('[data-exposed="E"] .card[title="C5"]').count() == 1
    for seat, call in (("E", "P"), ("S", "P"), ("W", "P")):
        board.act(seat, seat=seat, call=call)
    for role in ("W", "E"):
        page = board.page(role, PHONE, "ru-RU")
        minor = page.locator('.seat-box[data-seat="E"] [data-penalty="minor"]')
        assert minor.locator('.card[title="C5"]').count() == 1, role
        assert page.locator('[data-penalty="major"]').count() == 0, role
        assert "Малая штрафная карта" in minor.inner_text()
        view_shot(page, f"felt-penalty-card-minor-{role}-390-ru")


@pytest.mark.law("24D")
def test_a_card_exposed_by_the_declaring_side_goes_back_to_the_hand_and_is_drawn_on_no_other_page(board: Board) -> None:
    board.act("N", seat="N", call="1D")
    board.act("E", seat="E", play="HA")
    for seat, call in (("E", "1H"), ("S", "P"), ("W", "P"), ("N", "P"), ("E", "P"), ("S", "P")):
        board.act(seat, seat=seat, call=call)
    assert board.state()["view"]["contract"]["declarer"] == "E"
    for role in ROLES:
        page = board.page(role, PHONE)
        view = board.state(role)["view"]
        assert "exposed_in_auction" not in view
        assert page.locator("[data-exposed]").count() == 0, role
        assert seat_count(page, "E") == 13, role
        if role in ("E", "director"):
            assert felt_cards(page, "E", "HA") == 1, role  # back in the holder's hand
        else:
            assert "E" not in view["hands"] and "HA" not in json.dumps(view["hands"])
            assert felt_cards(page, "E", "HA") == 0, role  # hidden again
            assert page.locator('.seat-box[data-seat="E"] .card.back').count() == 13, role
        view_shot(page, f"felt-exposed-returned-{role}-390")


@pytest.mark.law("65")
def test_each_player_keeps_his_quitted_tricks_in_a_row_and_a_claimers_faced_hand_is_drawn(board: Board) -> None:
    board.auction_4s_by_north()
    for seat, card in (("E", "HA"), ("S", "H6"), ("W", "H2"), ("N", "H8"),  # East wins trick 1
                       ("E", "C7"), ("S", "CJ"), ("W", "CK"), ("N", "C2")):  # West wins trick 2
        board.act("N" if seat == "S" else seat, seat=seat, play=card)  # declarer plays dummy's cards
    board.act("N", seat="N", claim=10, statement="trumps then clubs")
    for role in ("W", "S"):
        page = board.page(role, PHONE)
        for seat in ("E", "W"):
            assert page.locator(f'[data-quitted="{seat}"] .card.quit.won').count() == 2, (role, seat)
            assert page.locator(f'[data-quitted="{seat}"] .card.quit.lost').count() == 0
        for seat in ("N", "S"):
            assert page.locator(f'[data-quitted="{seat}"] .card.quit.lost').count() == 2, (role, seat)
        lost = page.locator('[data-quitted="N"] .card.quit.lost').first.bounding_box()
        won = page.locator('[data-quitted="E"] .card.quit.won').first.bounding_box()
        assert lost is not None and won is not None
        assert lost["width"] > lost["height"] and won["height"] > won["width"]  # turned crosswise, lengthwise
        assert page.locator('[data-faced-claim="N"]').count() == 1
        assert felt_cards(page, "N", "SA") == 1  # the claimer's hand lies face up (68C)
        no_overflow(page)
        view_shot(page, f"felt-quitted-tricks-claim-{role}-390")
