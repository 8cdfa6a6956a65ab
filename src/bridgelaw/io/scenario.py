"""The scenario format (version 1): one board told as the actions taken at the table.

``load_scenario`` validates a scenario completely before anything runs, so a malformed
file is reported with one clear message and nothing half-done; ``run_scenario`` replays it
through a Table and returns the output object of docs/scenario-format.md.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bridgelaw.actions import Action, action_from_json
from bridgelaw.config import EDITIONS, Regulations, TableConfig
from bridgelaw.conventions import cards_from_json
from bridgelaw.core.cards import Seat
from bridgelaw.core.deal import Board, Deal, Vulnerability, dealer_of_board, vulnerability_of_board
from bridgelaw.errors import BridgeLawError, ScenarioError, keyed
from bridgelaw.table import Table

FORMAT_VERSION = 1
_KNOWN_KEYS = frozenset({
    "format", "title", "edition", "regulations", "board", "deal", "dealer", "vulnerable",
    "mode", "auto_director", "actions", "expect", "description", "notes", "convention_cards",
})


@dataclass(frozen=True)
class Scenario:
    board: Board
    config: TableConfig
    actions: tuple[Action, ...]
    title: str = ""
    extra: Mapping[str, Any] | None = None

    def table(self) -> Table:
        return Table(self.board, self.config, self.actions)


def parse_scenario_text(text: str) -> Scenario:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        raise ScenarioError(keyed("input.scenario_json", why=e.msg, line=e.lineno, column=e.colno)) from None
    return load_scenario(obj)


def load_scenario(obj: object) -> Scenario:
    """Validate a scenario object; raise ScenarioError naming the first problem."""
    if not isinstance(obj, dict):
        raise ScenarioError(keyed("input.scenario_object"))
    fmt = obj.get("format", FORMAT_VERSION)
    if fmt != FORMAT_VERSION:
        raise ScenarioError(keyed("input.scenario_format", given=repr(fmt), version=FORMAT_VERSION))
    try:
        number, deal, dealer, vul = _board_facts(obj)
        config = _config(obj)
        actions = _actions(obj)
    except ScenarioError:
        raise
    except BridgeLawError as e:
        raise ScenarioError(e.message) from None
    extra = {k: v for k, v in obj.items() if k not in _KNOWN_KEYS}
    return Scenario(
        board=Board(number, deal, dealer, vul),
        config=config,
        actions=tuple(actions),
        title=str(obj.get("title", "")),
        extra=extra or None,
    )


def _board_facts(obj: dict[str, Any]) -> tuple[int, Deal, Seat, Vulnerability]:
    """Number, deal, dealer and vulnerability; dealer and vulnerability left out are the
    board number's (Law 2)."""
    number = obj.get("board", 1)
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise ScenarioError(keyed("input.board_number", given=repr(number)))
    deal = _deal(obj.get("deal"))
    dealer = Seat.parse(obj["dealer"]) if obj.get("dealer") is not None else dealer_of_board(number)
    vul = (
        Vulnerability.parse(obj["vulnerable"]) if obj.get("vulnerable") is not None
        else vulnerability_of_board(number)
    )
    return number, deal, dealer, vul


def _config(obj: dict[str, Any]) -> TableConfig:
    """The table's configuration: edition of the Laws, mode, automatic director,
    regulations and convention cards."""
    edition = str(obj.get("edition", "2017"))
    if edition not in EDITIONS:
        raise ScenarioError(keyed("input.edition", given=repr(edition)))
    mode = obj.get("mode", "table")
    auto = obj.get("auto_director", True)
    if not isinstance(auto, bool):
        raise ScenarioError(keyed("input.flag", key="'auto_director'", given=repr(auto)))
    return TableConfig(
        edition=edition, mode=mode, auto_director=auto,
        regulations=Regulations.from_json(obj.get("regulations")),
        convention_cards=cards_from_json(obj.get("convention_cards")),
    )


def _actions(obj: dict[str, Any]) -> list[Action]:
    """The actions, each checked; a bad one is named by its position."""
    raw_actions = obj.get("actions", [])
    if not isinstance(raw_actions, list):
        raise ScenarioError(keyed("input.actions_list"))
    actions = []
    for i, raw in enumerate(raw_actions):
        try:
            actions.append(action_from_json(raw))
        except BridgeLawError as e:
            raise ScenarioError(e.message, position=i) from None
    return actions


def _deal(raw: object) -> Deal:
    """The scenario's deal: a PBN deal string in which any hand may be ``-`` (unknown), or
    nothing at all (every hand unknown). A hand that is given has all thirteen cards."""
    if raw is None:
        return Deal((0, 0, 0, 0))
    deal = Deal.parse(raw, require_complete=False)  # type: ignore[arg-type]
    for seat in Seat:
        n = deal.hands[seat].bit_count()
        if n not in (0, 13):
            raise ScenarioError(keyed("input.scenario_hand", seat=seat, n=n))
    return deal


def run_scenario(scenario: Scenario, view: str | None = None) -> dict[str, Any]:
    """The output object; ``view``: a seat (``N`` ... ``W``) for the state as that seat may
    see it (what the table server sends it), ``director`` for the director's view.
    Without ``view``, the plain scenario output.

    A card that an unknown hand could not have held (another hand holds it, or it was
    played) makes the file malformed: ScenarioError."""
    table = _played(scenario)
    if view is None:
        return table.to_json()
    if view.strip().lower() == "director":
        return table.view("director")
    return table.view(Seat.parse(view))


def _played(scenario: Scenario) -> Table:
    """The scenario's table with every action taken; a card an unknown hand could not have
    held makes the file malformed (ScenarioError)."""
    table = scenario.table()
    for r in table.refused:
        if r.code == "card_elsewhere":
            raise ScenarioError(r.message, position=r.at_action)
    return table


def scenario_pbn(scenario: Scenario, lang: str = "en") -> str:
    """The scenario's table as a PBN game (``io.pbn.write_table``): its title as the event,
    each irregularity that stands marked and noted, every ruling and request as commentary,
    in ``lang`` ("en", "ru" or "both")."""
    from bridgelaw.io.pbn import write_table

    return write_table(_played(scenario), lang=lang, event=scenario.title)
