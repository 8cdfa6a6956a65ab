"""Taking back a slip with consent: a player asks to withdraw his last call or card (a
mis-click), the opponents consent, or the director rules.

The Laws give a player no right to take back a call or a card once made (25, 45C); what a
regulation or the director allows is an undo of the slip while nothing has happened since.
So: only the board's last action, only a call or a card, only by the player who made it
(declarer for a card from dummy), and only while it is still the last action. Both
opponents must agree; either may refuse, and the director may allow or refuse it at any
time (his word ends the request). The director may also undo a slip himself (``undo``).

The log keeps everything: ``undo_request`` (who asks, the action, the board's action count
then), ``undo_answer`` (an opponent's consent or refusal, or the director's refusal), and
the ``undo`` entry that withdraws the action (with who asked and who consented), folded by
``LiveTable`` as any other undo. ``fold`` keeps the requests; ``open_request`` says what a
page shows.
"""

from __future__ import annotations

from typing import Any, Protocol

from bridgelaw.core.cards import Seat
from bridgelaw.i18n import text
from bridgelaw.rulings import DIRECTOR
from bridgelaw.server.private import MessageRefused

Json = dict[str, Any]


class TableState(Protocol):
    """What the undo needs of a live table (``LiveTable``)."""

    board_idx: int
    undo_requests: dict[int, list[Json]]

    def board_actions(self) -> int: ...
    def actions_json(self) -> list[Json]: ...


def _refused(code: str, key: str, status: int = 409) -> MessageRefused:
    return MessageRefused(code, text(key), status)


def maker(action: Json) -> str | None:
    """The seat that made a call or played a card (declarer for dummy's card); None for
    any other action, which is not a slip an undo takes back."""
    if "call" in action:
        return str(action.get("seat"))
    if "play" in action:
        return str(action.get("by") or action.get("seat"))
    return None


def open_request(live: TableState) -> Json | None:
    """The board's request still about its last action and not yet settled, if any."""
    requests = live.undo_requests.get(live.board_idx, [])
    if not requests:
        return None
    r = requests[-1]
    if r["at"] != live.board_actions() or r.get("refused_by_director"):
        return None
    return r


def request_entry(live: TableState, role: str) -> tuple[str, Json]:
    """A player asks to take back his last call or card."""
    if role == DIRECTOR:
        raise _refused("not_a_player", "server.error.undo_director_asks", 403)
    if live.board_actions() == 0:
        raise _refused("nothing_to_undo", "server.error.nothing_to_undo")
    last = live.actions_json()[-1]
    by = maker(last)
    if by is None or (role != "all" and by != role):
        raise _refused("not_your_slip", "server.error.undo_not_yours", 403)
    if open_request(live) is not None:
        raise _refused("undo_asked", "server.error.undo_asked")
    return "undo_request", {"by": by, "action": last, "at": live.board_actions()}


def answer_entry(live: TableState, role: str, msg: Json) -> tuple[str, Json]:
    """An opponent's (or the director's) answer to the open request. The answer that
    completes the consent, and the director's permission, is the ``undo`` itself."""
    agree = msg.get("agree")
    if not isinstance(agree, bool):
        raise MessageRefused("bad_message", text("server.error.undo_agree"), 400)
    r = open_request(live)
    if r is None:
        raise _refused("no_undo_request", "server.error.no_undo_request")
    opponents = [s.name for s in Seat.parse(r["by"]).side.opponents.seats]
    if role == DIRECTOR:
        if agree:
            return "undo", {"action": r["action"], "requested_by": r["by"], "allowed_by": DIRECTOR}
        return "undo_answer", {"by": DIRECTOR, "agree": False}
    seat = msg.get("seat") if role == "all" else role
    if seat not in opponents:
        raise _refused("not_an_opponent", "server.error.undo_opponents", 403)
    if seat in r["answers"]:
        raise _refused("undo_answered", "server.error.undo_answered")
    consented = [s for s in opponents if r["answers"].get(s) is True or (s == seat and agree)]
    if agree and len(consented) == len(opponents):
        return "undo", {"action": r["action"], "requested_by": r["by"], "consented": consented}
    return "undo_answer", {"by": seat, "agree": agree}


def fold(live: TableState, kind: str, payload: Json) -> None:
    """Keep a logged request or answer (``LiveTable.apply``)."""
    requests = live.undo_requests.setdefault(live.board_idx, [])
    if kind == "undo_request":
        requests.append({"by": payload["by"], "action": payload["action"], "at": payload["at"], "answers": {}})
    elif kind == "undo_answer" and requests:
        # a new dict: states already sent keep the old one (patches compare them)
        r = requests[-1]
        answers = {**r["answers"], payload["by"]: payload["agree"]}
        requests[-1] = {**r, "answers": answers, **({"refused_by_director": True} if payload["by"] == DIRECTOR else {})}


def view(live: TableState) -> Json | None:
    """The open request as every link sees it (the action is public: it was made at the
    table), or None."""
    r = open_request(live)
    if r is None:
        return None
    refused = [s for s, a in r["answers"].items() if a is False]
    action = r["action"]
    if action.get("face_down"):  # a face-down lead's card is seen by its leader only
        action = {k: v for k, v in action.items() if k != "play"}
    return {"by": r["by"], "action": action, "answers": dict(r["answers"]), "refused": bool(refused)}
