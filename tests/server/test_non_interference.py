"""Hidden information as non-interference: swapping two cards between two hands a seat
cannot see changes nothing that seat is shown, in the library's views and in the live
websocket messages, over random boards with irregularities, requests and board reports."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from noninterference import (
    CARDS,
    Swap,
    World,
    agreed_prefix,
    config_for,
    first_difference,
    pbn_of,
    pick_swap,
    play_script,
    swapped,
)
from server_helpers import new_table

from bridgelaw.actions import action_from_json
from bridgelaw.config import TableConfig
from bridgelaw.core.cards import Card, Seat
from bridgelaw.core.deal import Board, Deal, Hand

ROUNDS = int(os.environ.get("BRIDGELAW_FUZZ_ROUNDS", "1"))


@pytest.mark.parametrize("seed", range(8 * ROUNDS))
def test_a_seats_view_never_depends_on_cards_it_cannot_see(seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    for board_no in range(1, 9):
        world = World(Board.standard(board_no, Deal.random(rng)), config_for(rng))  # type: ignore[arg-type]
        script = play_script(world, rng, steps=rng.choice((20, 60, 140)))
        picked = pick_swap(world, script, rng)
        if picked is None:
            continue
        assert first_difference(world, picked, script) is None
        checked += 1
    assert checked >= 4


@pytest.mark.law("14")
@pytest.mark.parametrize("reporter", list(Seat))
def test_14_a_missing_card_report_tells_no_seat_where_any_card_is(reporter: Seat) -> None:
    """Every card of the pack reported missing, before the auction and during the play:
    each seat's view is the same whichever of two hands it cannot see holds the card."""
    rng = random.Random(reporter)
    deal = Deal.random(rng)  # type: ignore[arg-type]
    board = Board.standard(1, deal)
    openings = ([], [{"seat": "N", "call": "1N"}, {"seat": "E", "call": "P"}, {"seat": "S", "call": "P"},
                     {"seat": "W", "call": "P"}])
    for before in openings:
        for card in CARDS:
            script = [*before, {"seat": reporter.name, "report": "missing_card", "card": card}]
            owner = next(s for s in Seat if deal.hands[s] & Card.parse(card).bit)
            for observer in Seat:
                others = [s for s in Seat if s not in (observer, owner)]
                if observer is owner or not others:
                    continue
                target = others[0]
                partner_card = str(next(iter(Hand(deal.hands[target]))))
                swap = Swap(observer, (owner, target), World(swapped(board, owner, card, target, partner_card), TableConfig()))
                # the observer sees neither hand before the opening lead is faced
                assert first_difference(World(board, TableConfig()), swap, script) is None, (card, observer)


def test_the_director_is_told_whose_card_a_reported_missing_card_is() -> None:
    board = Board.standard(1, Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"))
    from bridgelaw.table import Table

    t = Table(board, TableConfig(), [action_from_json({"seat": "W", "report": "missing_card", "card": "SA"})])
    assert "by the hand record it is North's" in t.view("director")["log"][-1]
    assert all("N's" not in str(t.view(s)) for s in Seat)


def observed(client: TestClient, world: World, script: list[dict[str, Any]], observer: Seat,
             query: str = "") -> list[dict[str, Any]]:
    """Every websocket message the observer's link (opened with ``query``) receives while
    ``script`` is sent (the players' actions through the practice link, the director's
    through his)."""
    body = {"pbn": pbn_of(world), "auto_director": world.config.auto_director,
            "opening_lead": world.config.regulations.opening_lead}
    tokens = new_table(client, **body)["tokens"]
    seen: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/{tokens[observer.name]}{query}") as watch, \
            client.websocket_connect(f"/ws/{tokens['all']}") as players, \
            client.websocket_connect(f"/ws/{tokens['director']}") as director:
        seen.append(watch.receive_json())
        players.receive_json()
        director.receive_json()
        for i, act in enumerate(script):
            sender, quiet = (director, players) if act.get("seat") == "director" else (players, director)
            sender.send_json({"type": "action", "action": act, "id": i})
            while (reply := sender.receive_json())["type"] not in ("ack", "error"):
                pass
            if reply["type"] == "ack":
                seen.append(watch.receive_json())
                quiet.receive_json()
    for m in seen:
        m.pop("table", None)
    return seen


def swapped_worlds_observed(
    client: TestClient, rng: random.Random, query: str = "", boards: int = 2
) -> Iterator[tuple[list[dict[str, Any]], list[dict[str, Any]]]]:
    """For ``boards`` random boards with a swap of two cards the observer cannot see: what
    the observer's connection received in the world as dealt and in the swapped one."""
    compared = 0
    while compared < boards:
        world = World(Board.standard(rng.randint(1, 16), Deal.random(rng)), config_for(rng))  # type: ignore[arg-type]
        script = play_script(world, rng, steps=60)
        swap = pick_swap(world, script, rng)
        if swap is None:
            continue
        script = agreed_prefix(world, swap, script)
        yield (observed(client, world, script, swap.observer, query),
               observed(client, swap.other, script, swap.observer, query))
        compared += 1


@pytest.mark.parametrize("seed", range(3 * ROUNDS))
def test_a_seats_websocket_messages_never_depend_on_cards_it_cannot_see(client: TestClient, seed: int) -> None:
    for a, b in swapped_worlds_observed(client, random.Random(1000 + seed)):
        assert len(a) == len(b) and a == b


@pytest.mark.parametrize("seed", range(2 * ROUNDS))
def test_a_seats_patches_never_depend_on_cards_it_cannot_see(client: TestClient, seed: int) -> None:
    """The same swap test on a connection that takes patches: each patch is made from
    two of the seat's own states, so it is identical in both worlds too."""
    for a, b in swapped_worlds_observed(client, random.Random(5000 + seed), "?updates=patch"):
        assert a[0]["type"] == "state" and all(m["type"] == "patch" for m in a[1:])
        assert len(a) == len(b) and a == b


def test_a_missing_card_report_on_the_websocket_tells_nobody_whose_card_it_is(client: TestClient) -> None:
    deal = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    board = Board.standard(1, deal)
    world = World(board, TableConfig())
    script = [{"seat": "W", "report": "missing_card", "card": "SA"}]
    moved = World(swapped(board, Seat.N, "SA", Seat.E, "ST"), TableConfig())  # the SA to E: W sees neither
    assert observed(client, world, script, Seat.W) == observed(client, moved, script, Seat.W)


@pytest.mark.law("70C")
def test_70C_an_unmentioned_trump_is_shown_to_the_director_alone() -> None:
    """Whether an opponent still holds a trump comes from the hidden hands: a defender's
    view must not tell him whether declarer has one left."""
    import json
    from pathlib import Path

    from bridgelaw.table import Table

    case = json.loads((Path(__file__).parents[2] / "scenarios/claims/review-70C_unmentioned_trump_cited.json").read_text())
    board = Board.standard(1, Deal.parse(case["deal"]))
    t = Table(board, TableConfig(), [action_from_json(a) for a in case["actions"][:10]])
    disputed = t.rulings[-1]
    assert "70C" in disputed.laws and "70C" in t.view("director")["rulings"][-1]["laws"]
    director = t.view("director")["rulings"][-1]
    assert "70C" in director["director_note"] and "Claim checker" in director["director_note"]
    # a Russian director reads the checker's figures and the 70C point in Russian
    from bridgelaw.i18n import localize

    note_ru = localize(t.view("director"), "ru")["rulings"][-1]["director_note"]
    assert note_ru.startswith("Проверка заявления:") and "козырь, о котором заявивший не упомянул (70C)" in note_ru
    assert "Claim checker" not in note_ru and "worst normal line" not in note_ru
    for seat in Seat:
        shown = t.view(seat)["rulings"][-1]
        assert "70C" not in shown["laws"] and "70C" not in shown.get("flags", [])
        assert "director_note" not in shown and "козырь" not in shown["summary_ru"]


@pytest.mark.law("70C")
def test_70C_a_ruling_whose_flags_are_all_private_shows_players_no_flags_key() -> None:
    """An empty ``flags`` against no key at all would tell a defender the checker found a
    trump outstanding: the players' ruling has no key, as a ruling without flags."""
    import json
    from pathlib import Path

    from bridgelaw.table import Table

    case = json.loads((Path(__file__).parents[2] / "scenarios/claims/review-70C_unmentioned_trump_cited.json").read_text())
    board = Board.standard(1, Deal.parse(case["deal"]))
    t = Table(board, TableConfig(), [action_from_json(a) for a in case["actions"][:10]])
    assert t.view("director")["rulings"][-1]["flags"] == ["70C"]
    for seat in Seat:
        assert "flags" not in t.view(seat)["rulings"][-1]
