"""Laws 13, 14, 15 and 87: problems with the board itself.

The engine's deal is the board's hand record, so the hands it holds are always the right
ones; a board problem is what happened to the physical cards, reported at the table with
``{"seat": .., "report": kind, ...}`` (a ruling of kind ``board``). What the director must
judge he is asked (``ops.ask_director``); what follows for the score is recorded on the
ruling as ``adjusted`` (an artificial or assigned score, Law 12C) or ``form`` (the form
of a fouled board, Law 87), and ``board_result`` turns a table into the result the
scoring methods (``bridgelaw.scoring_methods``) rank.

* ``incorrect_number`` (``hands``: [too many, too few]): 13A before a player with a wrong
  hand has called (corrected; was a card seen?), 13B after (can it be played with no
  change of call? else an adjusted score), 13D after the play (result cancelled);
* ``surplus_card`` (``card``): 13C, removed, no rectification;
* ``missing_card`` (``card``, of the reporter's hand): 14A before the opening lead is
  faced, 14B after (deemed always his: failures to follow with it are revokes, 14B4).
  The director always checks the report against the hand record (``found``: ``not_his``
  when the card belongs to another hand); the table is never told whose card it is;
* ``wrong_board`` (``offender``, default the reporter, called holding another board's
  cards): 15A1 his calls
  from the first are cancelled; 15A2(a) partner has called since: adjusted score; 15A2(b)
  otherwise he calls again;
* ``wrong_board_earlier`` (``offender``; ``earlier_call``: what he called holding these cards at an earlier
  table): 15A3, the director judges whether his call here differs;
* ``wrong_board_played``: 15B, a board not scheduled for this table;
* ``fouled_board``: 87A, the director names the form this table played (87B groups).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Protocol, cast

from bridgelaw.actions import Report, action_from_json
from bridgelaw.core.cards import Card, Seat
from bridgelaw.errors import ParseError
from bridgelaw.laws.base import Handler, TableOps
from bridgelaw.laws.registry import Handling, implements
from bridgelaw.records import CallRecord, TrickRecord
from bridgelaw.rulings import Question, Ruling, RulingStatus
from bridgelaw.scoring_methods import ARTIFICIAL_PERCENT, Artificial, Assigned, Result, Score

_SEAT_RU = {"N": "Север", "E": "Восток", "S": "Юг", "W": "Запад"}


def _q(key: str, law: str, en: str, ru: str) -> Question:
    return Question(key=key, text=en, text_ru=ru, law=law)


SEEN = _q("seen", "13A2", "Did any player see a card of another player's hand?",
          "Видел ли кто-либо из игроков карту чужой руки?")
PLAYABLE = _q("playable", "13B1", "Can the deal be corrected and played with no change of call?",
              "Можно ли исправить сдачу и сыграть её без изменения заявок?")
ADJUSTED = _q("adjusted_score", "12C", "The adjusted score: {\"ns\": \"avg+|avg|avg-\", \"ew\": ...} (12C2) or {\"score_ns\": N} (12C1).",
              "Присуждённый результат: {\"ns\": \"avg+|avg|avg-\", \"ew\": ...} (12C2) или {\"score_ns\": N} (12C1).")
FOUND = _q("found", "14B", "Where was the missing card found: \"board\" (elsewhere), \"played\" (among the played cards) or \"not_found\"; \"not_his\" if the hand record gives it to another hand?",
           "Где найдена недостающая карта: \"board\" (в другом месте), \"played\" (среди сыгранных карт) или \"not_found\"; \"not_his\", если по записи сдачи она в другой руке?")
DIFFERS = _q("call_differs", "15A3", "Does the player's call here differ significantly from the call cancelled at the earlier table?",
             "Существенно ли отличается заявка игрока здесь от заявки, отменённой за прежним столом?")
PLAYED_BEFORE = _q("played_before", "15B1", "Has any player at this table played this board before?",
                   "Играл ли кто-либо за этим столом эту сдачу раньше?")
FORM = _q("form", "87B", "Which form of the board was played at this table (\"original\" or a name for the changed form)?",
          "В каком виде сдача сыграна за этим столом («original» или название изменённого вида)?")


class BoardOps(TableOps, Protocol):
    """The table operations a board problem needs beyond the common ones."""

    @property
    def tricks(self) -> list[TrickRecord]: ...
    @property
    def lead_faced(self) -> bool: ...
    def end_play(self, ruling: Ruling) -> None: ...


def seat_ru(name: str) -> str:
    return _SEAT_RU.get(name, name)


def _adjusted(value: object) -> dict[str, Any]:
    """Validate the director's adjusted score: artificial (both sides) or assigned."""
    if isinstance(value, Mapping):
        if "score_ns" in value and isinstance(value["score_ns"], int) and not isinstance(value["score_ns"], bool):
            return {"score_ns": value["score_ns"]}
        if value.get("ns") in ARTIFICIAL_PERCENT and value.get("ew") in ARTIFICIAL_PERCENT:
            return {"ns": value["ns"], "ew": value["ew"]}
    raise KeyError("adjusted_score ({'ns': 'avg+|avg|avg-', 'ew': ...} or {'score_ns': N})")


def _calls_by(ops: TableOps, seats: set[Seat]) -> list[CallRecord]:
    return [c for c in ops.calls if c.seat in seats]


@implements("13A1", "13A2", "13B1", "13B2", "13C", "13D", "14A", "14B", "14C", "15A1", "15A2(a)", "15A2(b)",
            "15A3", "15B1", "15B2", "87A", "87B", "12C2(a)", handling=Handling.DIRECTOR_QUESTION, editions=("2017",))
class BoardHandler(Handler):
    """Problems with the board itself (Laws 13-15, 87): the director's questions and the
    score that follows."""

    kind: ClassVar[str] = "board"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        bops = cast(BoardOps, ops)
        action = action_from_json(ruling.data["action"])
        assert isinstance(action, Report)
        params = dict(action.params)
        problem = action.problem
        seat = action.seat
        ruling.data.update(problem=problem, reporter=seat.name)
        try:
            getattr(self, f"_{problem}")(bops, ruling, seat, params)
        except (ParseError, KeyError, TypeError, ValueError) as bad:
            ruling.summary = f"{seat.name} reports {problem}, but the report is incomplete: {bad}."
            ruling.summary_ru = f"{seat_ru(seat.name)}: сообщение о проблеме со сдачей неполное ({bad})."
            ops.close(ruling)

    # -- Law 13 --------------------------------------------------------------------------
    def _incorrect_number(self, ops: BoardOps, ruling: Ruling, seat: Seat, p: dict[str, Any]) -> None:
        over, under = (Seat.parse(s) for s in p["hands"])
        ruling.data["hands"] = [over.name, under.name]
        ruling.offender = over
        what = f"{over.name}'s hand held more than 13 cards and {under.name}'s fewer"
        what_ru = f"в руке {seat_ru(over.name)} оказалось больше 13 карт, в руке {seat_ru(under.name)} — меньше"
        called = _calls_by(ops, {over, under})
        if ops.phase == "ended":
            ruling.data["step"] = "13D"
            ruling.cite("13D")
            ruling.flag("90")
            ruling.summary = f"After the play it is found that {what}: the result is cancelled and an adjusted score awarded; the offender may get a procedural penalty (13D, 90)."
            ruling.summary_ru = f"После розыгрыша обнаружено, что {what_ru}: результат аннулируется, присуждается компенсация; нарушителю возможен процедурный штраф (13D, 90)."
            ops.ask_director(ruling, [ADJUSTED])
        elif not called:
            ruling.data["step"] = "13A"
            ruling.cite("13A1")
            ruling.summary = f"{what}, found before either of them called: the director corrects the hands (13A1)."
            ruling.summary_ru = f"{what_ru[0].upper() + what_ru[1:]}; обнаружено до их заявок: судья исправляет руки (13A1)."
            ops.ask_director(ruling, [SEEN])
        else:
            ruling.data["step"] = "13B"
            ruling.cite("13B1")
            ruling.summary = f"{what}, found after a player with a wrong hand called (13B)."
            ruling.summary_ru = f"{what_ru[0].upper() + what_ru[1:]}; обнаружено после заявки игрока с неправильной рукой (13B)."
            ops.ask_director(ruling, [PLAYABLE, ADJUSTED])

    def _surplus_card(self, ops: BoardOps, ruling: Ruling, seat: Seat, p: dict[str, Any]) -> None:
        card = Card.parse(p["card"])
        ruling.cite("13C")
        ruling.summary = f"A card not of this deal ({card}) was found with {seat.name}: it is removed and the auction and play go on with no rectification (13C)."
        ruling.summary_ru = f"У {seat_ru(seat.name)} найдена карта не из этой сдачи ({card}): её убирают, торговля и розыгрыш продолжаются без исправлений (13C)."
        ops.close(ruling)

    # -- Law 14 --------------------------------------------------------------------------
    def _missing_card(self, ops: BoardOps, ruling: Ruling, seat: Seat, p: dict[str, Any]) -> None:
        """The public ruling never depends on where the card is by the hand record: a
        report is the reporter's own statement, and only the director, who holds the hand
        record, checks it (an automatic answer naming the owner would let any seat learn
        who holds any card). The director's note says whose card it is."""
        card = Card.parse(p["card"])
        deal = cast(Any, ops).table.board.deal
        owner = next((s.name for s in Seat if deal.hands[s] & card.bit), "unknown")
        ops.log(f"{seat.name} reports {card} missing from his hand; by the hand record it is {owner}'s")
        ruling.data["card"] = str(card)
        ruling.data["step"] = "14B" if ops.lead_faced else "14A"
        ruling.summary = f"{seat.name} reports that {card} is missing from his hand: the director checks it against the hand record (14)."
        ruling.summary_ru = f"{seat_ru(seat.name)} сообщает, что в его руке не хватает {card}: судья сверяет это с записью сдачи (14)."
        ops.ask_director(ruling, [FOUND])

    def _missing_decided(self, ops: BoardOps, ruling: Ruling, found: object) -> None:
        if found not in ("board", "played", "not_found", "not_his"):
            raise KeyError("found ('board', 'played', 'not_found' or 'not_his')")
        seat = Seat[ruling.data["reporter"]]
        card = Card.parse(ruling.data["card"])
        his = bool(cast(Any, ops).table.board.deal.hands[seat] & card.bit)
        if (found == "not_his") == his:
            # the refusal reaches the director alone, who holds the hand record anyway
            raise KeyError(f"found: by the hand record {card} is {'' if his else 'not '}{seat.name}'s")
        ruling.answers["found"] = found
        if found == "not_his":
            ruling.summary += f" By the hand record {card} is not {seat.name}'s: nothing is missing from his hand (14)."
            ruling.summary_ru += f" По записи сдачи {card} не принадлежит {seat_ru(seat.name)}: в его руке ничего не недостаёт (14)."
            return
        how = {"board": "restored to", "played": "found among the played cards and restored to",
               "not_found": "not found; the deal is reconstructed with another pack and the card given to"}[found]
        how_ru = {"board": "возвращается в руку", "played": "найдена среди сыгранных карт и возвращается в руку",
                  "not_found": "не найдена; сдача восстанавливается другой колодой, карта — в руку"}[found]
        ruling.flag("14C")
        if ruling.data["step"] == "14A":
            ruling.cite("14A")
            ruling.summary = f"{seat.name}'s hand was short of {card} before play began: {how} {seat.name}; the auction and play go on normally (14A). Knowing of it is unauthorized to his partner (14C)."
            ruling.summary_ru = f"В руке {seat_ru(seat.name)} до начала розыгрыша не хватало {card}: карта {how_ru} {seat_ru(seat.name)}; торговля и розыгрыш продолжаются (14A). Для партнёра это несанкционированная информация (14C)."
            return
        ruling.cite("14B")
        if found == "played":
            ruling.flag("67")
        revokes = [
            n for n, t in enumerate(ops.tricks, 1)
            if t.complete and t.cards[0].suit is card.suit
            and (played := t.card_of(seat)) is not None and played.suit is not card.suit
        ]
        ruling.data["revoke_tricks"] = revokes
        ruling.summary = f"{seat.name}'s hand was short of {card} during the play: {how} {seat.name} and deemed always to have been there (14B)."
        ruling.summary_ru = f"В руке {seat_ru(seat.name)} во время розыгрыша не хватало {card}: карта {how_ru} {seat_ru(seat.name)} и считается всё время находившейся там (14B)."
        if revokes:
            ruling.cite("14B4")
            ruling.flag("61A")
            ruling.summary += f" Not following suit with it to trick {', '.join(map(str, revokes))} is a revoke (14B4, 61A)."
            ruling.summary_ru += f" Неподача масти в {', '.join(map(str, revokes))}-й взятке — ренонс (14B4, 61A)."

    # -- Law 15 --------------------------------------------------------------------------
    def _wrong_board(self, ops: BoardOps, ruling: Ruling, seat: Seat, p: dict[str, Any]) -> None:
        seat = Seat.parse(p["offender"]) if "offender" in p else seat  # whose cards were wrong
        ruling.offender = seat
        mine = _calls_by(ops, {seat})
        if not mine:
            _nothing(ops, ruling, f"{seat.name} has not called yet: he takes his own cards and nothing more is needed (15A)",
                     f"{seat_ru(seat.name)} ещё не заявлял: он берёт свои карты, больше ничего не требуется (15A)")
            return
        first = mine[0].index
        ruling.cite("15A1")
        partner_called = any(c.seat is seat.partner and c.index > first for c in ops.calls)
        ruling.data["cancelled_from"] = first
        ruling.data["cancelled_calls"] = [str(c.call) for c in ops.calls if c.seat is seat]
        if partner_called or ops.phase != "auction":
            ruling.cite("15A2(a)")
            ruling.data["step"] = "15A2(a)"
            ruling.summary = f"{seat.name} called holding cards from another board; his partner has called since: the director awards an adjusted score (15A1, 15A2(a))."
            ruling.summary_ru = f"{seat_ru(seat.name)} делал заявки с картами другой сдачи, партнёр после этого заявлял: судья присуждает компенсацию (15A1, 15A2(a))."
            ruling.flag("90")
            ops.ask_director(ruling, [ADJUSTED])
            return
        for c in ops.calls:
            if c.index >= first and c.status == "stands":
                ops.cancel_call(ruling, c)
        ruling.cite("15A2(b)")
        ruling.flag("16C")
        ruling.flag("90")
        ruling.summary = (
            f"{seat.name} called holding cards from another board: his call and every later call are cancelled (15A1); "
            f"he takes his own hand and calls again, the auction goes on (15A2(b)); the cancelled calls are unauthorized to his partner (16C)."
        )
        ruling.summary_ru = (
            f"{seat_ru(seat.name)} делал заявки с картами другой сдачи: его заявка и все последующие отменяются (15A1); "
            f"он берёт свою руку и заявляет снова, торговля продолжается (15A2(b)); отменённые заявки — несанкционированная информация для партнёра (16C)."
        )
        ops.close(ruling)

    def _wrong_board_earlier(self, ops: BoardOps, ruling: Ruling, seat: Seat, p: dict[str, Any]) -> None:
        seat = Seat.parse(p["offender"]) if "offender" in p else seat  # whose cards were wrong
        ruling.offender = seat
        earlier = str(p["earlier_call"])
        if not _calls_by(ops, {seat}):
            _nothing(ops, ruling, f"{seat.name} has not called on this board yet: the director watches his first call (15A3)",
                     f"{seat_ru(seat.name)} ещё не заявлял в этой сдаче: судья проследит за его первой заявкой (15A3)")
            return
        ruling.data["earlier_call"] = earlier
        ruling.cite("15A3")
        ruling.summary = f"{seat.name} earlier called {earlier} on this board's cards at another table (15A)."
        ruling.summary_ru = f"{seat_ru(seat.name)} ранее за другим столом заявил {earlier} с картами этой сдачи (15A)."
        ops.ask_director(ruling, [DIFFERS, ADJUSTED])

    def _wrong_board_played(self, ops: BoardOps, ruling: Ruling, seat: Seat, p: dict[str, Any]) -> None:
        ruling.summary = "This table is playing a board not scheduled for it this round (15B)."
        ruling.summary_ru = "За этим столом играется сдача, не назначенная ему в этом туре (15B)."
        ops.ask_director(ruling, [PLAYED_BEFORE, ADJUSTED])

    # -- Law 87 --------------------------------------------------------------------------
    def _fouled_board(self, ops: BoardOps, ruling: Ruling, seat: Seat, p: dict[str, Any]) -> None:
        ruling.cite("87A")
        ruling.summary = "The board is fouled: not every table played it in the same form (87A)."
        ruling.summary_ru = "Сдача испорчена: не все столы играли её в одном и том же виде (87A)."
        ops.ask_director(ruling, [FORM])

    # -- the director's answers ---------------------------------------------------------------
    def on_decision(self, ops: TableOps, ruling: Ruling, decision: Mapping[str, Any]) -> None:
        bops = cast(BoardOps, ops)
        problem = ruling.data["problem"]
        if problem == "missing_card":
            if "found" not in decision:
                raise KeyError("found")
            self._missing_decided(bops, ruling, decision["found"])
        elif problem == "incorrect_number":
            self._incorrect_decided(bops, ruling, decision)
        elif problem == "wrong_board":
            self._award(bops, ruling, decision, end=True)
        elif problem == "wrong_board_earlier":
            differs = _flag(decision, "call_differs")
            ruling.answers["call_differs"] = differs
            if differs:
                self._award(bops, ruling, decision, end=True, artificial=True,
                            why=" His call differs significantly from the cancelled one: artificial adjusted scores (15A3).",
                            why_ru=" Его заявка существенно отличается от отменённой: присуждаются искусственные результаты (15A3).")
                return
            ruling.summary += " His call does not differ significantly: the board is played normally (15A3)."
            ruling.summary_ru += " Заявка существенно не отличается: сдача играется обычным порядком (15A3)."
        elif problem == "wrong_board_played":
            before = _flag(decision, "played_before")
            ruling.answers["played_before"] = before
            if before:
                ruling.cite("15B1")
                self._award(bops, ruling, decision, end=True, artificial=True,
                            why=" A player here has played it before: the board is cancelled for both pairs and artificial adjusted scores go to those deprived of a result (15B1, 12C2(a)).",
                            why_ru=" Кто-то за столом уже играл эту сдачу: для обеих пар она аннулируется, лишённые результата получают искусственные результаты (15B1, 12C2(a)).")
                return
            ruling.cite("15B2")
            ruling.flag("15B2")
            ruling.summary += " Nobody here has played it: the auction and play are completed and the score stands; the director may have both pairs play their scheduled board later (15B2)."
            ruling.summary_ru += " Никто за столом её не играл: торговля и розыгрыш завершаются, результат остаётся в силе; судья может позже дать парам сыграть назначенную сдачу (15B2)."
        elif problem == "fouled_board":
            form = decision.get("form")
            if not isinstance(form, str) or not form:
                raise KeyError("form (a name)")
            ruling.cite("87B")
            ruling.answers["form"] = form
            ruling.data["form"] = form
            ruling.summary += f" This table played the form {form!r}: its score is matchpointed only against the tables that played the same form (87B)."
            ruling.summary_ru += f" Здесь сыгран вид «{form}»: результат сравнивается только со столами, игравшими сдачу в том же виде (87B)."
        ops.close(ruling)

    def _incorrect_decided(self, ops: BoardOps, ruling: Ruling, decision: Mapping[str, Any]) -> None:
        step = ruling.data["step"]
        if step == "13A":
            seen = _flag(decision, "seen")
            ruling.answers["seen"] = seen
            if seen:
                ruling.cite("13A2")
                ruling.flag("13A2")
                ruling.summary += " A card of another hand was seen: the board is played and scored normally; if that knowledge affected the result the director adjusts (13A2, 12C1(b))."
                ruling.summary_ru += " Чужая карта была увидена: сдача играется и засчитывается обычно; если это знание повлияло на результат, судья присуждает компенсацию (13A2, 12C1(b))."
            else:
                ruling.summary += " Nobody saw another hand: the board is played normally."
                ruling.summary_ru += " Чужих карт никто не видел: сдача играется обычно."
            ops.close(ruling)
            return
        if step == "13B":
            playable = _flag(decision, "playable")
            ruling.answers["playable"] = playable
            if playable:
                ruling.flag("13B1")
                ruling.summary += " It can be played with no change of call: corrected, play goes on; the director may adjust at the end (13B1)."
                ruling.summary_ru += " Сдачу можно сыграть без изменения заявок: руки исправлены, игра продолжается; в конце судья может присудить компенсацию (13B1)."
                ops.close(ruling)
                return
            ruling.cite("13B2")
            self._award(ops, ruling, decision, end=True, why=" It cannot be played normally: adjusted score (13B2).",
                        why_ru=" Нормально сыграть сдачу нельзя: присуждается компенсация (13B2).")
            return
        self._award(ops, ruling, decision, end=False)

    def _award(
        self, ops: BoardOps, ruling: Ruling, decision: Mapping[str, Any], *, end: bool, artificial: bool = False,
        why: str = "", why_ru: str = "",
    ) -> None:
        if "adjusted_score" not in decision:
            raise KeyError("adjusted_score")
        adj = _adjusted(decision["adjusted_score"])
        if artificial and "ns" not in adj:
            raise KeyError("adjusted_score (artificial: {'ns': 'avg+|avg|avg-', 'ew': ...})")
        ruling.answers["adjusted_score"] = adj
        ruling.data["adjusted"] = adj
        ruling.cite("12C2(a)" if "ns" in adj else "12C1(b)")
        shown = f"NS {adj['ns']}, EW {adj['ew']}" if "ns" in adj else f"NS {adj['score_ns']}"
        ruling.summary += f"{why} Adjusted score: {shown}."
        ruling.summary_ru += f"{why_ru} Присуждённый результат: {shown}."
        ops.close(ruling)
        if end and ops.phase != "ended":
            ops.end_play(ruling)


def _nothing(ops: TableOps, ruling: Ruling, en: str, ru: str) -> None:
    ruling.summary = en + "."
    ruling.summary_ru = ru + "."
    ops.close(ruling)


def _flag(decision: Mapping[str, Any], key: str) -> bool:
    value = decision.get(key)
    if not isinstance(value, bool):
        raise KeyError(f"{key} (true or false)")
    return value


def board_result(table: Any) -> Result | None:
    """The board's result for the scoring methods: the adjusted score a board ruling
    awarded (Law 12C, the last one counts), else the table score; None while unfinished."""
    for r in reversed(list(table.rulings)):
        adj = r.data.get("adjusted") if r.kind == "board" and r.status is RulingStatus.CLOSED else None
        if adj is not None:
            return Artificial(adj["ns"], adj["ew"]) if "ns" in adj else Assigned(int(adj["score_ns"]), note=r.kind)
    score = table.score_ns
    return Score(int(score)) if score is not None else None


def board_form(table: Any) -> str:
    """The form of a fouled board this table played (87B), '' when not fouled."""
    for r in reversed(list(table.rulings)):
        if r.kind == "board" and "form" in r.data:
            return str(r.data["form"])
    return ""


HANDLERS: list[Handler] = [BoardHandler()]
OVERRIDES_1997: list[Handler] = []
