"""The law handlers see the Table only through the protocols of ``bridgelaw.laws.base.handler``:
``TableView`` (read only) and ``TableOps`` (that, and every rectifying operation). No law
module gets around them (an ``Any``, a cast, a ``getattr`` on the ops, the table itself or
one of its private attributes), and the implementations have every member the protocols
promise, so mypy's check of the handlers is a check of the real contract."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridgelaw.laws.base.handler import TableOps, TableView
from bridgelaw.table.machine import TableMachine
from bridgelaw.table_ops import TableOpsImpl

LAWS = Path(__file__).resolve().parents[2] / "src" / "bridgelaw" / "laws"

# What a law module may not write: each pattern names one way around the protocol.
FORBIDDEN = {
    "ops_any": r"\bops_any\b",
    "cast": r"\bcast\(",
    "getattr on the ops": r"getattr\(\s*ops\b",
    "the table behind the ops": r"\bops\.table\b",
    "a private attribute of the ops or the table": r"\b(?:ops|table|t)\._[a-z]",
    "an import of the table": r"^\s*(?:from bridgelaw\.table(?:_ops)?\b|import bridgelaw\.table\b)",
    "an explicit Any": r"\bAny\b",
    "an import only for the checker": r"\bTYPE_CHECKING\b",
    "a status set by hand (ops.offer, ask_director, expect_call, follow_up, close)": r"\.status\s*=[^=]",
}


def _code_lines(path: Path) -> list[tuple[int, str]]:
    """The lines of ``path`` without comments (a docstring may name what it avoids)."""
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        code = line.split("#", 1)[0]
        if code.strip():
            out.append((n, code))
    return out


def _law_modules() -> list[Path]:
    return sorted(p for p in LAWS.glob("*.py") if not p.name.startswith("catalog"))


@pytest.mark.parametrize("what", sorted(FORBIDDEN))
def test_no_law_module_gets_around_the_table_protocols(what: str) -> None:
    pattern = re.compile(FORBIDDEN[what])
    found = [
        f"{p.name}:{n}: {line.strip()}"
        for p in _law_modules()
        for n, line in _code_lines(p)
        if pattern.search(line) and not line.lstrip().startswith(('"', "'"))
    ]
    assert not found, f"{what} in laws/:\n" + "\n".join(found)


def _members(protocol: type) -> set[str]:
    """The members a protocol class declares itself and through its protocol bases."""
    names: set[str] = set()
    for cls in protocol.__mro__:
        if cls in (TableView, TableOps):
            names |= {n for n in vars(cls) if not n.startswith("_")}
    return names


def test_the_table_ops_have_every_member_of_the_handler_protocol() -> None:
    missing = sorted(n for n in _members(TableOps) if not hasattr(TableOpsImpl, n))
    assert not missing


def test_the_table_machine_has_every_member_of_the_read_only_view() -> None:
    # instance attributes (board, config) are set in __init__: look at a table
    from bridgelaw.core.deal import Board, Deal

    table = TableMachine(Board.standard(1, Deal.random()))
    missing = sorted(n for n in _members(TableView) if not hasattr(table, n))
    assert not missing


def test_the_handlers_have_no_way_to_the_table_object() -> None:
    assert not hasattr(TableOpsImpl, "table")


def test_facts_one_handler_leaves_for_another_are_typed_not_data_keys() -> None:
    """Law 26's owed lead penalty and the 57A requirement are ``bridgelaw.laws.base.facts``
    values on the ruling, not string keys of ``Ruling.data`` read across modules."""
    keys = re.compile(r"""data(?:\.get\(|\[)\s*["'](?:lead_restriction_26B|_26|57A)["']""")
    found = [f"{p.name}:{n}" for p in _law_modules() for n, line in _code_lines(p) if keys.search(line)]
    assert not found


def test_a_recorded_fact_replaces_the_one_of_its_type_and_a_copy_does_not_share_it() -> None:
    from copy import copy
    from dataclasses import replace

    from bridgelaw.core.cards import Seat
    from bridgelaw.laws.base.facts import LeadPenaltyOwed, PrematureRequirement
    from bridgelaw.rulings import Ruling

    ruling = Ruling(id=0, at_action=0, kind="insufficient_bid", laws=[], offender=Seat.N, edition="2017")
    owed = LeadPenaltyOwed(Seat.N, (0,))
    ruling.record_fact(owed)
    snapshot = copy(ruling)
    ruling.record_fact(replace(owed, stage="pending"))
    assert ruling.fact(LeadPenaltyOwed) == LeadPenaltyOwed(Seat.N, (0,), "pending")
    assert snapshot.fact(LeadPenaltyOwed) == owed
    assert ruling.fact(PrematureRequirement) is None
    assert "facts" not in ruling.to_json()
