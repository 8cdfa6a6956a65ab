"""Moving to the next board: the director's leave moves the table at any time; a player
only says he is ready, once the board is over, and the fourth player ready moves it on
when no ruling or adjustment can still come (a board with a ruling, a hesitation, a
report or a call to the director waits for the director's leave: Laws 12, 16, 79C)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from server_helpers import new_table

SEATS = ("N", "E", "S", "W")


def post(c: TestClient, token: str, body: dict[str, Any]) -> Any:
    return c.post(f"/api/links/{token}/actions", json=body)


def state(c: TestClient, token: str) -> dict[str, Any]:
    return dict(c.get(f"/api/links/{token}/state").json())


def call(c: TestClient, tokens: dict[str, str], seat: str, bid: str) -> None:
    assert post(c, tokens[seat], {"action": {"seat": seat, "call": bid}}).status_code == 200


def test_all_four_players_ready_move_a_clean_board_on_and_one_alone_does_not(client: TestClient) -> None:
    tokens = new_table(client, boards=2)["tokens"]
    r = post(client, tokens["N"], {"type": "next_board"})
    assert r.status_code == 409 and r.json()["code"] == "not_now"  # mid-board a player cannot
    for seat in SEATS:  # board 1, dealer N: passed out
        call(client, tokens, seat, "P")
    assert state(client, tokens["N"])["next_board"] == {"consents": [], "director_leave": False}
    for i, seat in enumerate(SEATS[:3]):
        assert post(client, tokens[seat], {"type": "next_board"}).status_code == 200
        for role in (*SEATS, "director"):
            s = state(client, tokens[role])
            assert s["board_index"] == 0, (seat, role)
            assert s["next_board"]["consents"] == list(SEATS[: i + 1])
        assert state(client, tokens[seat])["can_next_board"] is False
    again = post(client, tokens["N"], {"type": "next_board"})
    assert again.status_code == 409 and again.json()["code"] == "consented"
    assert post(client, tokens["W"], {"type": "next_board"}).status_code == 200  # the fourth: the move
    s = state(client, tokens["E"])
    assert s["board_index"] == 1 and s["next_board"] == {"consents": [], "director_leave": True}
    log = client.get(f"/api/links/{tokens['director']}/log").json()
    assert [e["kind"] for e in log[-4:]] == ["board_consent", "board_consent", "board_consent", "next_board"]
    assert log[-1]["payload"] == {"by": "W", "consented": ["N", "E", "S", "W"]}


def test_a_board_with_a_ruling_waits_for_the_directors_leave_after_all_four_consent(client: TestClient) -> None:
    tokens = new_table(client, boards=2)["tokens"]
    call(client, tokens, "E", "P")  # out of rotation: North, the dealer, was to call (29A)
    chooser = state(client, tokens["director"])["view"]["awaiting"]["by"]
    assert post(client, tokens[chooser], {"action": {"seat": chooser, "choose": "accept"}}).status_code == 200
    while (v := state(client, tokens["director"])["view"])["phase"] == "auction":  # passed out
        call(client, tokens, v["turn"], "P")
    assert state(client, tokens["N"])["view"]["phase"] == "ended"
    for seat in SEATS:
        assert post(client, tokens[seat], {"type": "next_board"}).status_code == 200
    s = state(client, tokens["S"])
    assert s["board_index"] == 0  # the director may still adjust (27, 12C)
    assert s["next_board"] == {"consents": list(SEATS), "director_leave": True}
    assert post(client, tokens["director"], {"type": "next_board"}).status_code == 200
    assert state(client, tokens["S"])["board_index"] == 1


def test_a_hesitation_noted_is_enough_for_the_director_to_keep_the_table(client: TestClient) -> None:
    tokens = new_table(client, boards=2)["tokens"]
    call(client, tokens, "N", "1S")
    assert post(client, tokens["S"], {"action": {"seat": "S", "tempo": "hesitation"}}).status_code == 200  # 16B
    for seat in ("E", "S", "W"):
        call(client, tokens, seat, "P")
    assert state(client, tokens["N"])["next_board"]["director_leave"] is True


def test_the_director_moves_on_at_any_time(client: TestClient) -> None:
    tokens = new_table(client, boards=2)["tokens"]
    call(client, tokens, "N", "1S")
    assert post(client, tokens["director"], {"type": "next_board"}).status_code == 200
    assert state(client, tokens["N"])["board_index"] == 1
