"""``bridgelaw incident``: the director's assistant in a terminal.

The director types what happened, one action a line, in the scenario vocabulary (JSON,
e.g. ``{"seat":"E","call":"1D"}``) or in a short form (``E 1D``, ``W play HK``, ``W lead
HK`` for a face-down lead, ``E expose SA shown``, ``director holds_suit yes``); after each the
ruling is printed at once, in Russian or English. The board's hands are unknown.
``director from 5 S H W`` enters the play from trick 5 (declarer South, hearts, West on
lead; ``from 14 S H``: after the last trick), the earlier tricks not entered.
``undo`` takes back the last action, ``save FILE`` writes the incident as a scenario.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from typing import Any, TextIO

from bridgelaw.actions import EXPOSE_HOW, REVOKE_FOUND, action_from_json
from bridgelaw.config import Regulations, TableConfig
from bridgelaw.core.cards import Seat
from bridgelaw.core.deal import Board, Deal, dealer_of_board, vulnerability_of_board
from bridgelaw.errors import BridgeLawError
from bridgelaw.i18n import msg, text, tr
from bridgelaw.rulings import AnswerType, Question
from bridgelaw.session.entry import contract_code, lead_code, seat_code
from bridgelaw.table import Table

YES = {"yes": True, "y": True, "да": True, "true": True, "no": False, "n": False, "нет": False, "false": False}


def _director_line(verb: str, rest: list[str]) -> dict[str, Any]:
    """``director KEY [VALUE]``: an answer to a director question (yes/no, a number or a word)."""
    value: Any = YES.get(rest[0].lower(), rest[0]) if rest else True
    if isinstance(value, str) and value.lstrip("-").isdigit():
        value = int(value)
    return {"seat": "director", "decide": {verb: value}}


_STRAINS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "П": "S", "Ч": "H", "Б": "D", "Т": "C", "БК": "N", "NT": "N"}


def _from_line(rest: list[str], raw: list[str]) -> dict[str, Any]:
    """``director from TRICK DECLARER STRAIN [LEADER]``: the play entered from a later trick
    (14: after the last one), the tricks before it not entered (``PlayFrom``)."""
    if len(rest) < 3 or not rest[0].isdigit():
        raise BridgeLawError("expected: director from TRICK DECLARER STRAIN [LEADER]")
    strain = raw[2].upper()  # as typed: «БК» is notrump here, not the king of diamonds
    out: dict[str, Any] = {"seat": "director", "play_from": int(rest[0]), "declarer": rest[1],
                           "strain": _STRAINS.get(strain, strain)}
    if len(rest) > 3:
        out["lead"] = rest[3]
    return out


def _play_line(seat: str, verb: str, rest: list[str]) -> dict[str, Any]:
    """``SEAT play|lead CARD [by SEAT]``: ``lead`` is a face-down opening lead."""
    out: dict[str, Any] = {"seat": seat, "play": rest[0]}
    if verb == "lead":
        out["face_down"] = True
    if len(rest) > 2 and rest[1] == "by":
        out["by"] = rest[2]
    return out


def _expose_line(seat: str, verb: str, rest: list[str]) -> dict[str, Any]:
    """``SEAT expose CARD… [HOW]``: how the cards were exposed (``dropped``, ``shown``,
    ``named``, ``spread``) when the director says so; when he does not and it changes the
    ruling, he is asked (``how_unsaid``)."""
    if len(rest) > 1 and rest[-1].lower() in EXPOSE_HOW:
        return {"seat": seat, "expose": rest[:-1], "how": rest[-1].lower()}
    return {"seat": seat, "expose": rest}


def how_unsaid(board: Board, cfg: TableConfig, actions: list[dict[str, Any]]) -> bool:
    """The last action exposes cards without saying how, and how changes the ruling (a
    defender's low card in the play: a minor penalty card dropped, a major one shown, 50B;
    shown at his turn, played, 45C1): the director is asked, nothing is assumed."""
    last = actions[-1] if actions else {}
    if "expose" not in last or "how" in last:
        return False
    said = [[r["summary"] for r in Table(board, cfg, [action_from_json(a) for a in [*actions[:-1], {**last, "how": how}]])
             .to_json()["rulings"]] for how in ("dropped", "shown")]
    return said[0] != said[1]


def _choose_line(seat: str, verb: str, rest: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": seat, "choose": rest[0]}
    if len(rest) > 1:
        out["suit"] = rest[1]
    return out


def _revoke_line(seat: str, verb: str, rest: list[str]) -> dict[str, Any]:
    """``SEAT revoke OFFENDER [TRICK] [next_board|round_ended]``: the last word says the
    revoke was first pointed out after a call on the next board or after the round (no
    transfer, 64B4, 64B5)."""
    out: dict[str, Any] = {"seat": seat, "point_out": "revoke", "offender": rest[0]}
    words = rest[1:]
    if words and words[-1].lower() in REVOKE_FOUND:
        out["found"] = words.pop().lower()
    out["trick"] = int(words[0]) if words else None
    return out


# The short verbs that take at least one word after them; any other second word is a call.
_SHORT_FORMS: dict[str, Callable[[str, str, list[str]], dict[str, Any]]] = {
    "play": _play_line,
    "lead": _play_line,
    "expose": _expose_line,
    "choose": _choose_line,
    "revoke": _revoke_line,
}


# A director types at the table in his own language: seats, bids and cards are read by the
# same readers as a scorer's slip (``session.entry``: С/В/Ю/З, 3БК, 4Ч, ♠Т, ПТ, ♥10); the
# words below are the assistant's own (the director, the calls with no level, the verbs).
_WORDS_RU = {"СУДЬЯ": "director", "ПАС": "P", "КОНТРА": "X", "РЕКОНТРА": "XX",
             "ИГРАЕТ": "play", "ХОД": "lead", "ОТКРЫЛ": "expose", "ВЫБОР": "choose", "ФАЛЬШРЕНОНС": "revoke",
             "РОЗЫГРЫШ": "from"}
_BID = re.compile(r"[1-7](?:NT|[CDHS])")
_CARD = re.compile(r"[SHDC](?:10|[AKQJT2-9])")


def _latin(word: str) -> str:
    """A Russian seat, call or card as the scenario's letters; any other word unchanged."""
    up = word.upper()
    if up in _WORDS_RU:
        return _WORDS_RU[up]
    for read, form in ((seat_code, None), (contract_code, _BID), (lead_code, _CARD)):
        latin = read(up)
        if latin != up and (form is None or form.fullmatch(str(latin))):
            return str(latin).replace("NT", "N")  # the scenario's own letter for notrump
    return word


def parse_line(line: str) -> dict[str, Any]:
    """One typed line as a scenario action."""
    line_text = line.strip()
    if line_text.startswith("{"):
        obj = json.loads(line_text)
        if not isinstance(obj, dict):
            raise BridgeLawError("an action is a JSON object")
        return obj
    words = line_text.split()
    if len(words) < 2:
        raise BridgeLawError(text("incident.expected", line=line_text))
    raw = words[2:]
    words = [_latin(w) for w in words]
    seat, verb, rest = words[0], words[1].lower(), words[2:]
    if seat.lower() == "director":
        return _from_line(rest, raw) if verb == "from" else _director_line(verb, rest)
    short = _SHORT_FORMS.get(verb)
    if short is not None and rest:
        return short(seat, verb, rest)
    if re.fullmatch(r"[SHDC](10|[AKQJT2-9])", words[1].upper()):
        return _play_line(seat, "play", [words[1].upper(), *rest])  # a card alone is played
    return {"seat": seat, "call": words[1]}


def describe(t: Table, lang: str, said_before: str = "") -> str:
    """What the last line did: its refusal, or the ruling it opened or changed (a ruling
    already read out, ``said_before``, is not read again), who chooses or what the
    director is asked, and where the board stands."""
    out = t.to_json()
    if out["refused"] and out["refused"][-1]["at_action"] == len(t.actions) - 1:
        # the line changed nothing: its refusal, and where the board still stands
        refused = msg("incident.refused", message=tr(t.refused[-1].message, lang)).render(lang)
        return "\n".join([refused, status_line(out["phase"], out["turn"], lang)])
    lines = [said for said in [_news(out["rulings"], lang, said_before)] if said]
    pending = _pending_lines(t, lang)
    # while a choice or the director's answer waits, that is whose move it is, not the turn
    lines += [*pending, status_line(out["phase"], None if pending else out["turn"], lang)]
    return "\n".join(lines)


def _news(rulings: list[dict[str, Any]], lang: str, said_before: str) -> str:
    """The last ruling's text, less what was read out of it before (its text cites its
    own sub-clauses); "" when nothing is new."""
    if not rulings:
        return ""
    said = str(rulings[-1]["summary_ru" if lang == "ru" else "summary"])
    if said_before and said.startswith(said_before):
        said = said[len(said_before):].strip()
    return "" if said == said_before else said


def _pending_lines(t: Table, lang: str) -> list[str]:
    """Who chooses now among which options, and what the director is asked."""
    pending = t.awaiting
    if pending is None:
        return []
    lines: list[str] = []
    if pending.options:
        chooser = pending.chooser if isinstance(pending.chooser, Seat) else msg("decision.director")
        lines.append(msg("incident.chooses", seat=chooser).render(lang))
        lines.extend(f"   {o.id}: {(o.label_ru if lang == 'ru' else o.label) or o.id}" for o in pending.options)
    for q in pending.questions:
        lines.append(f"→ {msg('incident.asks').render(lang)} {q.text_ru if lang == 'ru' else q.text} ({_answer_hint(q, lang)})")
    return lines


def _answer_hint(q: Question, lang: str) -> str:
    """How to type the answer, in the director's words: «судья revoked да|нет», "director
    later_tricks 0-5", "director revoke_trick_won_by offender|partner|opponents"."""
    director = msg("incident.director_word").render(lang)
    shape = q.answer
    if shape is None or shape.type is AnswerType.BOOL:
        values = msg("incident.yes_no").render(lang)
    elif shape.type is AnswerType.INT:
        values = f"{shape.low}\u2013{shape.high}"
    elif shape.type is AnswerType.CHOICE and shape.ids:
        values = "|".join(shape.ids)
    else:
        values = "\u2026"
    return f"{director} {q.key} {values}"


def last_ruling_text(t: Table, lang: str) -> str:
    """The text of the board's last ruling as it reads now ("" when there is none)."""
    rulings = t.to_json()["rulings"]
    return str(rulings[-1]["summary_ru" if lang == "ru" else "summary"]) if rulings else ""


def header_line(board: Board, edition: str, lang: str) -> str:
    """The board being ruled on: number, dealer, vulnerability, edition of the Laws."""
    vul = msg({"NONE": "ui.vulnerability_None", "NS": "ui.vulnerability_NS", "EW": "ui.vulnerability_EW",
               "ALL": "ui.vulnerability_All"}[board.vulnerability.name])
    return msg("incident.header", n=board.number, dealer=board.dealer, vul=vul, edition=edition).render(lang)


def status_line(phase: str, turn: str | None, lang: str) -> str:
    """Where the board stands after the last line: the period and whose turn it is."""
    period = msg(f"ui.phase_{phase}")
    if turn not in ("N", "E", "S", "W"):
        return period.render(lang)  # the board is over: nobody's turn
    return msg("incident.status", phase=period, turn=Seat.parse(turn)).render(lang)


def error_text(e: BridgeLawError, lang: str) -> str:
    """A typed line's problem in the director's language."""
    where = f"{e.position}: " if e.position is not None else ""
    return where + tr(e.message, lang)


def save(path: str, scenario: dict[str, Any]) -> str | None:
    """Write the incident as a scenario file; the problem in words if it cannot be (a
    folder that does not exist, a directory, a name that is not a file name)."""
    try:
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(scenario, fh, ensure_ascii=False, indent=1)
    except (OSError, ValueError) as e:
        return getattr(e, "strerror", None) or str(e)
    return None


def read_action(line: str, lang: str, stdout: TextIO) -> dict[str, Any] | None:
    """A typed line as an action, or None with its problem written out."""
    try:
        action = parse_line(line)
        json.dumps(action, ensure_ascii=False).encode("utf-8")  # a lone surrogate is not text
        action_from_json(action)
    except UnicodeError:
        stdout.write(f"? {msg('incident.not_text').render(lang)}\n")
        return None
    except BridgeLawError as e:
        stdout.write(f"? {error_text(e, lang)}\n")
        return None
    except (json.JSONDecodeError, ValueError) as e:
        stdout.write(f"? {e}\n")
        return None
    return action


def run(args: argparse.Namespace, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    n = args.board
    cfg = TableConfig(edition=args.edition, regulations=Regulations(opening_lead=args.opening_lead))
    board = Board(n, Deal((0, 0, 0, 0)), dealer_of_board(n), vulnerability_of_board(n))
    actions: list[dict[str, Any]] = []
    said_before = ""  # the last ruling's text as last read out
    stdout.write(header_line(board, args.edition, args.lang) + "\n")
    for line in stdin:
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            text.encode("utf-8")
        except UnicodeError:  # a lone surrogate: nothing could print or save it
            stdout.write(f"? {msg('incident.not_text').render(args.lang)}\n")
            continue
        command = _command(text, args, n, actions, stdout)
        if command == "quit":
            break
        if command == "done":
            continue
        if command == "undo":
            actions = actions[:-1]
        else:
            action = read_action(text, args.lang, stdout)
            if action is None:
                continue
            actions.append(action)
            if how_unsaid(board, cfg, actions):  # asked, not kept: the director types it again
                actions.pop()
                stdout.write(f"→ {msg('incident.expose_how', line=text).render(args.lang)}\n")
                continue
        t = Table(board, cfg, [action_from_json(a) for a in actions])
        if t.refused and t.refused[-1].at_action == len(actions) - 1:
            actions.pop()  # a refused action is not kept
        stdout.write(describe(t, args.lang, said_before) + "\n")
        said_before = last_ruling_text(t, args.lang)
        stdout.flush()
    return 0


def _command(text: str, args: argparse.Namespace, board: int, actions: list[dict[str, Any]], stdout: TextIO) -> str:
    """Carry out a line that is one of the session's own commands: ``done`` when it is
    carried out here (help, save), ``undo`` or ``quit`` for the loop to do, ``""`` when
    the line is no command (an action)."""
    word, _, rest = text.partition(" ")
    command = _COMMANDS.get(word.lower(), "")
    path = rest.strip()
    if command in ("help", "undo", "quit") and not path:
        if command == "help":
            stdout.write(msg("incident.help").render(args.lang) + "\n")
            return "done"
        return command
    if command == "save" and path:
        scenario = {"format": 1, "edition": args.edition, "board": board,
                    "regulations": {"opening_lead": args.opening_lead}, "actions": actions}
        problem = save(path, scenario)
        if problem is not None:  # the incident is kept: the director saves it elsewhere
            stdout.write(f"? {msg('incident.save_failed', path=path, problem=problem).render(args.lang)}\n")
        return "done"
    return ""


# The session's own commands, in either language (a director types the words he knows).
_COMMANDS = {
    "help": "help", "?": "help", "\u043f\u043e\u043c\u043e\u0449\u044c": "help",
    "undo": "undo", "\u043e\u0442\u043c\u0435\u043d\u0430": "undo", "\u043d\u0430\u0437\u0430\u0434": "undo",
    "save": "save", "\u0441\u043e\u0445\u0440\u0430\u043d\u0438\u0442\u044c": "save",
    "quit": "quit", "exit": "quit", "\u0432\u044b\u0445\u043e\u0434": "quit",
}


def add_command(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("incident", help="rule on an incident at a physical table, typed action by action")
    p.add_argument("--board", type=int, default=1)
    p.add_argument("--edition", choices=("2017", "1997"), default="2017")
    p.add_argument("--lang", choices=("ru", "en"), default="ru")
    p.add_argument("--opening-lead", dest="opening_lead", choices=("face_down", "face_up"), default="face_up")
    p.set_defaults(func=run)
