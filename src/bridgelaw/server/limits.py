"""The sizes the server accepts from a request before it does the work: a session's
movement and boards, a PBN file read in the lobby, a board report's details.

Each check is cheap (it reads the request, never builds or parses what it describes), so
a request asking for a 20,000-table movement or a file of 10,000 boards is refused at
once with a code naming the limit, instead of holding the server while it is built.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from bridgelaw.i18n import text
from bridgelaw.session.live import SessionError

MAX_SESSION_TABLES = 60  # a large club evening has 20; a congress section stays under 60
MAX_BOARDS_PER_SET = 36  # boards one table plays in a round (a long session plays 36 in all)
MAX_SESSION_BOARDS = 144  # boards dealt for one session
MAX_SESSION_TEXT = 200  # characters of a session's title, club, club id or date

MAX_REPORT_TEXT = 16  # characters of a board report's detail (a card, a seat, a call)
MAX_REPORT_HANDS = 4
MAX_REPORTS_PER_BOARD = 8  # reports of problems with one board (Laws 13-15, 87)
REPORT_DETAILS = frozenset({"card", "hands", "offender", "earlier_call"})


def _whole(spec: Mapping[str, Any], key: str, default: int) -> int:
    value = spec.get(key, default)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise SessionError("bad_movement", text("session.error.bad_movement", problem=f"{key}: {value!r}"), 422)
    return value


def session_size(movement: object, boards: object) -> None:
    """Refuse a session larger than a club runs (``session_too_large``) or a movement that
    is not numbers (``bad_movement``), reading only the request. The movement is then
    small enough to build; its number of boards is checked once built."""
    if not isinstance(movement, Mapping):
        raise SessionError("bad_movement", text("session.error.bad_movement", problem=repr(movement)[:80]), 422)
    kind = str(movement.get("kind", "mitchell")).lower()
    tables = _whole(movement, "base" if kind in ("appendix", "appendix_mitchell") and "base" in movement else "tables", 0)
    per_set = _whole(movement, "boards_per_set", 3)
    total = _whole(movement, "boards", 0)
    rounds = _whole(movement, "rounds", 0)
    if (tables > MAX_SESSION_TABLES or per_set > MAX_BOARDS_PER_SET or rounds > 2 * MAX_SESSION_TABLES
            or total > MAX_SESSION_BOARDS or (isinstance(boards, list) and len(boards) > MAX_SESSION_BOARDS)):
        raise too_large()


def too_large() -> SessionError:
    return SessionError("session_too_large", text("session.error.too_large", tables=MAX_SESSION_TABLES,
                                                  per_set=MAX_BOARDS_PER_SET, boards=MAX_SESSION_BOARDS), 422)


_DEAL_TAG = re.compile(r'\[\s*Deal\s+"([^"]*)"', re.IGNORECASE)


def pbn_deals(pbn: str) -> int:
    """The number of distinct ``[Deal]`` values in a PBN text, counted without reading the
    file (a file of results repeats each deal once per table that played it)."""
    return len(set(_DEAL_TAG.findall(pbn)))


def report_problem(action: Mapping[str, Any]) -> str | None:
    """What is wrong with a board report's details, if anything: a detail it does not
    take, a text over ``MAX_REPORT_TEXT``, more than four hands."""
    for key, value in action.items():
        if key in ("seat", "report"):
            continue
        if key not in REPORT_DETAILS:
            return f"{key!r} is not a detail of a board report ({', '.join(sorted(REPORT_DETAILS))})"
        items = value if isinstance(value, list) else [value]
        if isinstance(value, list) and len(value) > MAX_REPORT_HANDS:
            return f"{key}: at most {MAX_REPORT_HANDS} hands"
        if any(not isinstance(x, str) or len(x) > MAX_REPORT_TEXT for x in items):
            return f"{key}: a card, a seat or a call (at most {MAX_REPORT_TEXT} characters)"
    return None
