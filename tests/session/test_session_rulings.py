"""The director's session laws across the field: a revoke found too late for the trick
transfer (64B4, 64B5, equity by 64C), a wrong board or wrong opponents (15), a board
played the wrong way round, a fouled board scored in its groups (87B)."""

from __future__ import annotations

from typing import Any

import pytest

from bridgelaw.session.live import DuplicateSession, SessionError
from bridgelaw.session.movements import mitchell


def session() -> DuplicateSession:
    return DuplicateSession(movement=mitchell(5, 2), boards={})


def enter(ds: DuplicateSession, table: int, round_: int, board: int, contract: str, declarer: str, tricks: int) -> None:
    ds.apply({"kind": "enter", "table": table, "round": round_, "board": board, "contract": contract,
              "declarer": declarer, "tricks": tricks})


def board_of(ds: DuplicateSession, table: int, round_: int) -> int:
    seat = ds.movement.at(table, round_)
    assert seat is not None
    return ds.movement.boards(seat.board_set)[0]


def traveller(ds: DuplicateSession, board: int) -> list[dict[str, Any]]:
    res = ds.score()
    sb = next(b for b in res.boards if b.board.number == str(board))
    return [{"ns": sl.line.ns, "ew": sl.line.ew, "score": sl.line.score_ns, "ns_pts": sl.ns, "ew_pts": sl.ew}
            for sl in sb.lines]


def five_results(ds: DuplicateSession, board: int, scores: list[tuple[str, str, int]]) -> list[int]:
    """Enter ``board`` at every table that plays it (one per round in a 5-table Mitchell)."""
    tables: list[int] = []
    for r in range(1, 6):
        for t in range(1, 6):
            seat = ds.movement.at(t, r)
            if seat is not None and board in ds.movement.boards(seat.board_set):
                contract, declarer, tricks = scores[len(tables)]
                enter(ds, t, r, board, contract, declarer, tricks)
                tables.append(t)
    return tables


def test_64B5_a_revoke_found_after_the_round_transfers_no_trick_and_64C_restores_equity() -> None:
    ds = session()
    b = board_of(ds, 1, 1)
    enter(ds, 1, 1, b, "4S", "N", 9)  # the defenders' revoke cost declarer his tenth trick
    res = ds.apply({"kind": "late_revoke", "board": b, "table": 1, "found": "round_ended", "tricks_without_revoke": 10})
    assert (res.tricks, res.score_ns, res.ruling) == (10, 420, "64B5, 64C")
    assert ds.audit[-1]["law"] == "64B5" and ds.audit[-1]["before"]["score_ns"] == -50


def test_64B4_a_revoke_that_gained_nothing_leaves_the_score() -> None:
    ds = session()
    b = board_of(ds, 2, 1)
    enter(ds, 2, 1, b, "3NT", "S", 9)
    res = ds.apply({"kind": "late_revoke", "board": b, "table": 2, "found": "next_board", "tricks_without_revoke": 9})
    assert (res.score_ns, res.ruling) == (400, "64B4")
    assert ds.audit[-1]["adjusted"] is False


def test_64C_the_equity_is_the_directors_judgement_asked_not_invented() -> None:
    ds = session()
    b = board_of(ds, 1, 1)
    enter(ds, 1, 1, b, "4S", "N", 9)
    with pytest.raises(SessionError) as e:
        ds.apply({"kind": "late_revoke", "board": b, "table": 1, "found": "round_ended"})
    assert e.value.code == "needs_decision"
    assert ds.results[(b, "1", "6")].score_ns == -50 and ds.log[-1]["kind"] == "enter"  # refused: nothing changed


def test_15B2_a_board_not_designated_for_the_table_stands_when_no_one_had_played_it() -> None:
    ds = session()
    b = board_of(ds, 3, 2)  # a board table 1 does not play in round 1
    assert b not in ds.movement.boards(ds.movement.at(1, 1).board_set)  # type: ignore[union-attr]
    res = ds.apply({"kind": "wrong_board", "table": 1, "round": 1, "board": b, "contract": "2H", "declarer": "E",
                    "tricks": 8})
    assert (res.ns, res.ew, res.score_ns, res.ruling) == ("1", "6", -110, "15B2")
    # the pairs it was meant for may not play it again: they played it here
    seat = ds.movement.at(3, 2)
    assert seat is not None
    if "1" in seat.directions() or "6" in seat.directions():
        with pytest.raises(SessionError):
            enter(ds, 3, 2, b, "2H", "E", 8)


def test_15B1_a_board_played_a_second_time_is_cancelled_for_artificial_scores() -> None:
    ds = session()
    b = board_of(ds, 1, 1)
    enter(ds, 1, 1, b, "4S", "N", 10)
    seat = ds.movement.at(1, 2)
    assert seat is not None
    with pytest.raises(SessionError) as e:  # pair 1 meets board b again in round 2
        ds.apply({"kind": "wrong_board", "table": 1, "round": 2, "board": b, "contract": "4S", "declarer": "N",
                  "tricks": 11})
    assert e.value.code == "needs_decision"
    res = ds.apply({"kind": "wrong_board", "table": 1, "round": 2, "board": b, "ns_average": "A-",
                    "ew_average": "A+"})
    assert res.artificial == (40.0, 60.0) and res.ruling == "15B1" and res.score_ns is None


def test_15_a_board_played_the_wrong_way_round_credits_each_pair_with_the_cards_it_held() -> None:
    ds = session()
    b = 1
    tables = five_results(ds, b, [("4S", "N", 10), ("4S", "N", 10), ("4S", "N", 9), ("4S", "N", 9), ("3S", "N", 10)])
    # at the last of these tables the NS pair held the EW cards: its -170... is really EW's result
    t = tables[-1]
    seated = next(r for r in ds.results.values() if r.board == b and r.table == t)
    ds.apply({"kind": "wrong_direction", "board": b, "table": t})
    line = next(x for x in traveller(ds, b) if x["score"] == 170)
    assert (line["ns"], line["ew"]) == (seated.ew, seated.ns)  # under the cards held
    ranking = {(s.direction, s.pair): s for s in ds.score().ranking}
    assert ("NS", seated.ns) in ranking and ("EW", seated.ew) in ranking  # each stays in its own field
    assert ranking[("EW", seated.ew)].total == line["ns_pts"]


def test_87B_a_fouled_board_is_matchpointed_in_its_groups_scaled_to_the_full_top() -> None:
    ds = session()
    b = 1
    tables = five_results(ds, b, [("4S", "N", 10), ("4S", "N", 11), ("4S", "N", 9), ("2H", "E", 8), ("2H", "E", 9)])
    fouled = tables[3:]
    ds.apply({"kind": "fouled", "board": b, "tables": fouled, "form": "B"})
    lines = traveller(ds, b)
    # correct form, 3 results on a 5-result board: Neuberg (mp + 0.5) * 5/3 - 0.5
    correct = sorted((x["score"], x["ns_pts"]) for x in lines if x["score"] in (420, 450, -50))
    assert correct == [(-50, pytest.approx(1 / 3)), (420, pytest.approx(2.0)), (450, pytest.approx(11 / 3))]
    changed = sorted((x["score"], x["ns_pts"]) for x in lines if x["score"] in (-110, -140))
    assert changed == [(-140, pytest.approx(0.75)), (-110, pytest.approx(3.25))]
    assert all(x["ns_pts"] + x["ew_pts"] == pytest.approx(4.0) for x in lines)
    assert ds.audit[-1]["law"] == "87B" and ds.audit[-1]["form"] == "B"


def _online_table(*actions: dict[str, Any]) -> Any:
    from bridgelaw.actions import action_from_json
    from bridgelaw.config import TableConfig
    from bridgelaw.core.deal import Board, Deal
    from bridgelaw.table import Table

    deal = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    return Table(Board.standard(1, deal), TableConfig(), [action_from_json(a) for a in actions])


def test_87B_an_online_tables_fouled_board_ruling_puts_its_result_in_the_changed_forms_group() -> None:
    from bridgelaw.server.session_routes import online_event

    played = _online_table({"seat": "N", "report": "fouled_board"}, {"seat": "director", "decide": {"form": "HQ with W"}},
                           *({"seat": s, "call": c} for s, c in (("N", "1NT"), ("E", "P"), ("S", "P"), ("W", "P"))))
    ds = DuplicateSession(movement=mitchell(5, 2), boards={}, online_tables=frozenset({1}))
    ev = online_event(1, 1, 1, played)
    assert ev["form"] == "HQ with W"
    res = ds.apply({**ev, "kind": "online"})
    assert res.form == "HQ with W" and res.source == "online"


def test_13B2_an_online_tables_adjusted_score_goes_to_the_traveller_with_its_ruling() -> None:
    from bridgelaw.server.session_routes import online_event

    played = _online_table({"seat": "N", "call": "1S"}, {"seat": "S", "report": "incorrect_number", "hands": ["N", "E"]},
                           {"seat": "director", "decide": {"playable": False,
                                                           "adjusted_score": {"ns": "avg-", "ew": "avg+"}}})
    ds = DuplicateSession(movement=mitchell(5, 2), boards={}, online_tables=frozenset({1}))
    res = ds.apply({**online_event(1, 1, 1, played), "kind": "online"})
    assert res.artificial == (40.0, 60.0) and "13B2" in res.ruling
    assert traveller(ds, 1)[0]["score"] is None  # an artificial score: no table score on the line
    assert ds.audit[-1]["what"] == "adjust" and "13B2" in ds.audit[-1]["ruling"]


def test_a_physical_table_cannot_post_its_own_adjusted_score() -> None:
    ds = session()
    b = board_of(ds, 1, 1)
    res = ds.apply({"kind": "enter", "table": 1, "round": 1, "board": b, "contract": "2S", "declarer": "N",
                    "tricks": 8, "adjusted": {"score_ns": 1000}, "form": "x"})
    assert (res.score_ns, res.form, res.artificial) == (110, "", None)
