"""Law 47E2: a card played after an opponent's mistaken explanation. The misinformed
player points it out (``point_out: mistaken_explanation``) and may take the card back while
no later card was played to the trick (47E2(a)); a face-down opening lead comes back on the
director's instruction (41A); too late, the director may adjust the score (47E2(b)). A
player who has played no card has nothing for 47E2 to give back: the explanation is
corrected by its explainer (20F) and ruled under 21B."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from bridgelaw.actions import PointOut
from bridgelaw.core.cards import Card, Seat
from bridgelaw.i18n import Msg, add, as_seat, both, msg, put, text
from bridgelaw.laws.base.handler import Handler, TableOps, option
from bridgelaw.laws.registry import implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import JsonMap, Ruling, RulingState


@dataclass(frozen=True, slots=True)
class MisinformedPlayState(RulingState):
    """47E2: the misinformed player, and the card he may take back: the face-down opening
    lead, or ``target`` (trick number, position in it)."""

    seat: Seat
    face_down: bool = False
    target: tuple[int, int] | None = None

    def named(self) -> dict[str, object]:
        return {"seat": self.seat}


def _misinformed(ruling: Ruling) -> MisinformedPlayState:
    st = ruling.fact(MisinformedPlayState)
    assert st is not None, "a 47E2 ruling is opened with its player (mistaken_explanation)"
    return st


@implements("47E2(a)", "47E2(b)", "41A", editions=("2017", "1997"))
class RetractAfterMisinformation(Handler):
    """47E2: a player may take back a card played after an opponent's mistaken explanation,
    before the correction, if no later card was played to the trick; a face-down opening
    lead is taken back on the director's instruction (41A). Too late: 47E2(b)."""

    kind: ClassVar[str] = "lead_after_misinformation"

    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        st = _misinformed(ruling)
        seat = st.seat
        ruling.offender = None
        fd = ops.face_down_lead
        tricks = ops.tricks
        if fd is not None and fd[0] is seat:
            st = replace(st, face_down=True)
            card = fd[1]
        elif tricks and tricks[-1].seats and tricks[-1].seats[-1] is seat and not tricks[-1].complete and (
            len(tricks) > 1 or len(tricks[-1].cards) > 1
        ):
            st = replace(st, target=(len(tricks), len(tricks[-1].cards) - 1))
            card = tricks[-1].cards[-1]
        else:
            ruling.cite("47E2(b)")
            ruling.flag("47E2(b)", "21B3")
            put(ruling, *both("play_irregularities.open.12", seat=as_seat(seat)))
            ops.close(ruling)
            return
        ruling.record_fact(st)
        ruling.cite("47E2(a)")
        shown: Card | Msg = card
        if st.face_down:
            ruling.cite("41A")
            shown = msg("play_irregularities.face_down_lead")  # the card itself stays unseen
        put(ruling, *both("play_irregularities.misinformed_play", seat=seat, shown=shown))
        ops.offer(ruling, [
            option("retract", seat, *both("play_irregularities.open.13")),
            option("keep", seat, *both("play_irregularities.open.14")),
        ])

    def on_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        if option_id == "retract":
            st = _misinformed(ruling)
            if st.face_down or st.target is None:
                ops.return_face_down_lead(ruling)
            else:
                ops.unwind(ruling, *st.target)
            add(ruling, *both("play_irregularities.on_choice.7"))
        ops.close(ruling)


def mistaken_explanation(ops: TableOps, i: int, action: PointOut) -> None:
    """``point_out: mistaken_explanation`` by the misinformed player (47E2): a card he
    played may come back. Before he has played one there is nothing for 47E2 to give
    back: the explanation is corrected by its explainer (20F) and ruled under 21B."""
    if ops.phase == "auction":
        ops.refuse("not_in_play", text("play_irregularities.refuse.misinformed_in_auction"))
    fd = ops.face_down_lead
    played = (fd is not None and fd[0] is action.seat) or any(action.seat in t.seats for t in ops.tricks)
    if not played:
        ops.refuse("no_card_played", text("play_irregularities.refuse.misinformed_no_card", seat=action.seat))
    ops.open_ruling("lead_after_misinformation", None, state=MisinformedPlayState(action.seat))


HANDLERS: list[Handler] = [RetractAfterMisinformation()]
