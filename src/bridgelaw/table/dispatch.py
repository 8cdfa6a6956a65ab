"""The actions the Table hands to a law handler of a given kind (requests, claims, points of attention, reports, tempo notes)."""

from __future__ import annotations

from bridgelaw.actions import (
    REPORT_WITHOUT_DEAL,
    Action,
    Ask,
    Claim,
    ClaimResponse,
    Concede,
    DummyBreach,
    Expose,
    PlayTogether,
    PointOut,
    Report,
    RevokeInquiry,
    Tempo,
)
from bridgelaw.i18n import msg, text
from bridgelaw.laws.base.handler import overrides
from bridgelaw.table.director import _Director
from bridgelaw.table_types import _ACCEPTED as _ACCEPTED
from bridgelaw.table_types import ActionRefused as _Refuse


class _Dispatch(_Director):
    """The actions the Table hands to a law handler of a given kind (requests, claims, points of attention, reports, tempo notes). (a part of ``Table``)."""

    __slots__ = ()

    def _on_ask(self, i: int, a: Ask) -> None:
        h = self._handler("information")
        if h is None or not overrides(h, "answer"):
            raise _Refuse("not_supported", text("table.refused.on_ask", ask=a.ask))
        req = h.answer(self._ops, i, a)
        self._requests.append(req)

    def _on_expose(self, i: int, a: Expose) -> None:
        if self._known.partial[a.seat] and any(not self._hands[a.seat] & c.bit for c in a.cards):
            self._shown(i, a, a.seat, a.cards, self._on_expose)
            return
        for c in a.cards:
            if not self._hands[a.seat] & c.bit:
                raise _Refuse("card_not_held", text("table.refused.on_expose", seat=a.seat, card=c))
        self._irregular_or_refuse(
            i, "card_exposed", a.seat, code="card_exposed",
            message=text("table.refused.on_expose.2", seat=a.seat, cards=list(a.cards)), detail=a,
        )

    def _on_claim(self, i: int, a: Claim) -> None:
        self._delegate(i, "claim", a)

    def _on_concede(self, i: int, a: Concede) -> None:
        self._delegate(i, "claim", a)

    def _on_claim_response(self, i: int, a: ClaimResponse) -> None:
        self._delegate(i, "claim", a)

    def _on_point_out(self, i: int, a: PointOut) -> None:
        self._delegate(i, "point_out", a)

    def _on_revoke_inquiry(self, i: int, a: RevokeInquiry) -> None:
        self._delegate(i, "point_out", a)  # Law 61B: ruled by the handler of kind point_out

    def _on_dummy_breach(self, i: int, a: DummyBreach) -> None:
        self._delegate(i, "point_out", a)  # Law 43

    def _on_play_together(self, i: int, a: PlayTogether) -> None:
        self._delegate(i, "play_together", a)  # Law 58B

    def _on_report(self, i: int, a: Report) -> None:
        """Laws 13-15, 87: a problem with the board itself; the handler of kind ``board`` rules."""
        if not self._known.complete and a.problem not in REPORT_WITHOUT_DEAL:
            raise _Refuse("deal_unknown", text("table.refused.deal_unknown", seat=a.seat, problem=msg(f"report.{a.problem}")))
        self._irregular_or_refuse(
            i, "board", None, code="board_problem", message=text("table.refused.on_report", seat=a.seat, problem=msg(f"report.{a.problem}")), detail=a,
        )

    def _delegate(self, i: int, kind: str, a: Action) -> None:
        h = self._handler(kind)
        if h is None or not overrides(h, "on_action"):
            raise _Refuse("not_supported", text("table.refused.delegate", kind=type(a).__name__))
        h.on_action(self._ops, i, a)

    def _on_tempo(self, i: int, a: Tempo) -> None:
        """Law 16, 73: a hesitation or remark is recorded for the director; it changes nothing."""
        self._tempo.append({"at_action": i, "seat": a.seat.name, "kind": a.kind})
        self._log.append(text("table.log.on_tempo", action=i, seat=a.seat, kind=msg(f"tempo.{a.kind}")))





