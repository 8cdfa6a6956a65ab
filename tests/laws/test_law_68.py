"""Laws 68-71: the claim ruling's texts and counting (the scenarios in scenarios/claims/ run
the procedure end to end)."""

from __future__ import annotations

import pytest

from bridgelaw.i18n import msg
from bridgelaw.laws.claims.handlers import seats_and


@pytest.mark.law("68A")
@pytest.mark.parametrize(("n", "text"), [
    (1, "1 взятка"), (2, "2 взятки"), (4, "4 взятки"), (5, "5 взяток"), (11, "11 взяток"),
    (12, "12 взяток"), (13, "13 взяток"), (0, "0 взяток"),
])
def test_68A_russian_counts_tricks_with_the_right_plural(n: int, text: str) -> None:
    assert msg("count.tricks", n=n).render("ru") == text


@pytest.mark.law("69A")
def test_69A_russian_names_both_agreeing_defenders() -> None:
    assert msg("claims.agreed.claim", agreed=seats_and(["E", "W"]), n=2).render("ru").startswith(" Восток и Запад согласны;")
    assert msg("claims.agreed.claim", agreed=seats_and(["N"]), n=1).render("ru").startswith(" Север согласен;")


@pytest.mark.law("43A1(c)")
def test_43A1c_dummy_may_not_claim_or_concede() -> None:
    from bridgelaw import (
        Board,
        Call,
        CallAction,
        Card,
        Claim,
        Concede,
        Deal,
        PlayAction,
        Seat,
        Table,
    )

    deal = Deal.parse("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    t = Table(Board.standard(1, deal))
    for seat, call in ((Seat.N, "7S"), (Seat.E, "P"), (Seat.S, "P"), (Seat.W, "P")):
        t.push(CallAction(seat, Call.parse(call)))
    t.push(PlayAction(Seat.E, Card.parse("HA")))
    for action in (Claim(Seat.S, 13), Concede(Seat.S, 0)):
        out = t.act(action)
        assert not out.accepted and out.code == "dummy_may_not_claim"
    said = [t.act(action).message.render("ru") for action in (Claim(Seat.S, 13), Concede(Seat.S, 0), Claim(Seat.N, 14))]
    assert said == [
        "Юг — болван и не может сделать заявление (Правила 43A1(c), 68)",
        "Юг — болван и не может сделать уступку (Правила 43A1(c), 68)",
        "Север не может заявить 14 взяток: осталось 13",
    ]


@pytest.mark.law("68B2")
@pytest.mark.parametrize("refused", [{"seat": "W", "play": "SA"}, {"seat": "N", "claim_response": "agree"}])
def test_68B2_an_action_the_table_refused_does_not_make_the_partners_objection_late(refused: dict[str, str]) -> None:
    import json
    from pathlib import Path

    from bridgelaw.io.scenario import load_scenario, run_scenario

    path = Path(__file__).resolve().parents[2] / "scenarios/claims/34-68B2-partner-objects-at-once-after-declarer-agreed.json"
    case = json.loads(path.read_text(encoding="utf-8"))
    case.pop("expect")
    *before, objection, lead = case["actions"]
    case["actions"] = [*before, refused, objection, lead]
    out = run_scenario(load_scenario(case))
    claim = next(r for r in out["rulings"] if r["kind"] == "claim")
    assert "68B2" in claim["laws"] and "71" not in claim["laws"]  # at once: the refused action changed nothing
    assert [r["at_action"] for r in out["refused"]] == [len(before)]  # and stays in the log, refused
    assert out["turn"] == "S"
