"""A session's roster: per pair number, its players' names and federation numbers, as the
director types or pastes them at the start of the evening.

Results go to a national body by the players' federation numbers (USEBIO's
``NATIONAL_ID_NUMBER``), and a club publishes its ranking by names; the roster is where
both come from. The director gives it when the session opens or later (a ``roster``
event of the session's log), pair by pair: ``{"1": [{"name": "Иванов Иван", "id":
"12345"}, {"name": "Петров Пётр"}]}``. A pasted list is read line by line: the pair
number, then the players, each a name optionally followed by its number, separated by
commas, semicolons, tabs or `` - `` (``1  Иванов Иван 12345, Петров Пётр 23456``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from bridgelaw.i18n import text
from bridgelaw.session.result import SessionError


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    national_id: str = ""

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "id": self.national_id}


Roster = dict[str, tuple[Player, ...]]

_MAX_PLAYERS = 2  # a pair; a substitute is entered in place of the player he replaces
_MAX_NAME = 80


def _refused(problem: str) -> Exception:
    return SessionError("bad_roster", problem, 422)


def _player(raw: Any, pair: str) -> Player:
    """One player from ``{"name", "id"}`` or a bare name."""
    if isinstance(raw, str):
        raw = {"name": raw}
    if not isinstance(raw, Mapping):
        raise _refused(text("session.error.roster_player", pair=pair))
    name = " ".join(str(raw.get("name") or "").split())
    number = str(raw.get("id") or raw.get("national_id") or "").strip()
    if not name or len(name) > _MAX_NAME or len(number) > 20:
        raise _refused(text("session.error.roster_player", pair=pair))
    return Player(name, number)


def read_roster(raw: Any, pairs: Iterable[str]) -> Roster:
    """The roster a request gives, checked: every key a pair of the movement, one or two
    players each (an empty list takes a pair's names away)."""
    if raw in (None, ""):
        return {}
    if isinstance(raw, str):
        raw = parse_pasted(raw)
    if not isinstance(raw, Mapping):
        raise _refused(text("session.error.roster_shape"))
    known = set(pairs)
    out: Roster = {}
    for key, players in raw.items():
        pair = str(key).strip()
        if pair not in known:
            raise _refused(text("session.error.roster_pair", pair=pair))
        if isinstance(players, str | Mapping):
            players = [players]
        if not isinstance(players, list) or len(players) > _MAX_PLAYERS:
            raise _refused(text("session.error.roster_player", pair=pair))
        out[pair] = tuple(_player(p, pair) for p in players)
    return out


_LINE = re.compile(r"^\s*(\d+)[.):]?\s+(.*\S)\s*$")
_SPLIT = re.compile(r"\s*(?:[,;\t]|\s-\s|\s–\s|\s&\s)\s*")
_NUMBER_AT_END = re.compile(r"^(.*?\S)\s+(\d[\d-]*)$")


def parse_pasted(pasted: str) -> dict[str, list[dict[str, str]]]:
    """A roster pasted as text, a pair a line: ``1 Иванов Иван 12345, Петров Пётр``.
    Lines without a leading pair number are left out."""
    out: dict[str, list[dict[str, str]]] = {}
    for line in pasted.splitlines():
        m = _LINE.match(line)
        if not m:
            continue
        players = []
        for part in _SPLIT.split(m.group(2)):
            if not part:
                continue
            num = _NUMBER_AT_END.match(part)
            players.append({"name": num.group(1), "id": num.group(2)} if num else {"name": part, "id": ""})
        out[m.group(1)] = players
    return out


def pair_names(players: Iterable[Player]) -> str:
    """The pair's names as a ranking prints them: ``Иванов Иван – Петров Пётр``."""
    return " – ".join(p.name for p in players)


def roster_json(roster: Roster) -> dict[str, list[dict[str, str]]]:
    return {pair: [p.to_json() for p in players] for pair, players in roster.items()}
