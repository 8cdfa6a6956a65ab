"""Law 26: lead restrictions after an offender's call was withdrawn.

An auction ruling that withdraws a call and does not waive Law 26 (a comparable
replacement, 26A, waives it) records the fact ``LeadPenaltyOwed`` (the offender and the
withdrawn call indices, ``bridgelaw.laws.base.facts``). When the auction ends:

* if the offender is declarer or dummy, nothing happens;
* if he is a defender, at his partner's first turn to lead (the opening lead, or the first
  trick his partner wins) the director gives declarer the option (a ``lead_restriction``
  ruling): 2017 - forbid one suit the offender did not name in the legal auction, for as
  long as partner keeps the lead (26B as amended by the WBF on 20 June 2017), or nothing;
  1997 - when the withdrawn call named specific suits not all bid legally by the offender,
  require or forbid one of them (26A2), otherwise forbid any one suit (26B).

The chosen restriction goes into the Table's restrictions (``lead_forbidden`` until
``while_on_lead``, ``lead_required`` until ``first_lead``), naming its law; the play
handlers enforce it (Law 59 when partner cannot comply).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar, Literal

from bridgelaw.core.calls import CallKind
from bridgelaw.core.cards import Seat, Suit
from bridgelaw.i18n import as_seat, both, text
from bridgelaw.i18n.render import RulingRef
from bridgelaw.laws.auction.common import say, shows
from bridgelaw.laws.base.facts import LeadPenaltyOwed, LeadPenaltyStage
from bridgelaw.laws.base.handler import Handler, TableOps, lead_restriction, option
from bridgelaw.laws.registry import implements
from bridgelaw.records import CallRecord
from bridgelaw.rulings import Json, JsonMap, Ruling, RulingState

Law26 = Literal["26A1", "26A2", "26B"]


@dataclass(frozen=True, slots=True)
class LeadRestrictionState(RulingState):
    """What a Law 26 ruling remembers: the partner on lead, the rulings whose withdrawn
    calls it rules on, the suits declarer may forbid or require (in the order offered),
    and (1997) which clause of Law 26 applies."""

    leader: Seat
    sources: tuple[int, ...]
    allowed: tuple[Suit, ...] = ()
    require: tuple[Suit, ...] = ()
    law26: Law26 | None = None

    def named(self) -> dict[str, object]:
        return {"leader": self.leader}


def _state(ruling: Ruling) -> LeadRestrictionState:
    st = ruling.fact(LeadRestrictionState)
    assert st is not None, "a Law 26 ruling is opened with its state (offer_due)"
    return st


def named_suits(ops: TableOps, offender: Seat) -> set[Suit]:
    """Suits the offender specified in the legal auction: his standing natural suit bids
    and the suits his artificial calls showed (``shows``)."""
    out: set[Suit] = set()
    for c in ops.calls:
        if c.seat is not offender or c.status != "stands":
            continue
        if c.artificial:  # an artificial call specifies what it shows, not the strain it names
            out.update(s.suit for s in shows(ops, c) if s.suit is not None)
        elif c.call.is_bid:
            assert c.call.strain is not None
            suit = c.call.strain.suit
            if suit is not None:
                out.add(suit)
    return out


def withdrawn_suits(ops: TableOps, source: Ruling) -> set[Suit]:
    """Suits the withdrawn call(s) specified (1997 Law 26A): a natural bid's suit, or the
    suits an artificial call showed."""
    out: set[Suit] = set()
    owed = source.fact(LeadPenaltyOwed)
    withdrawn = owed.withdrawn if owed is not None and owed.withdrawn is not None else (source.call,)
    for i in withdrawn:
        if i is None:
            continue
        c = ops.calls[i]
        if c.artificial:
            out.update(s.suit for s in shows(ops, c) if s.suit is not None)
        elif c.call.kind is CallKind.BID and c.call.strain is not None:
            suit = c.call.strain.suit
            if suit is not None:
                out.add(suit)
    return out


def on_lead(ops: TableOps) -> Seat | None:
    """The player to lead now: the opening leader before the first trick, else the winner
    of the last completed trick."""
    contract = ops.contract
    if contract is None:
        return None
    tricks = ops.tricks
    if not tricks:
        return contract.opening_leader
    last = tricks[-1]
    return last.winner if last.complete else None


def settle(ops: TableOps) -> None:
    """Once the auction is over: mark each recorded withdrawal void (the offender is on the
    declaring side) or pending; then offer the option that is due now. Called at the end of
    the auction and again by Law 39C for a call after the final pass."""
    contract = ops.contract
    if contract is None:
        return
    for r in ops.rulings:
        owed = r.fact(LeadPenaltyOwed)
        if owed is None or owed.stage != "owed":
            continue
        stage: LeadPenaltyStage = "void" if owed.offender.side is contract.declarer.side else "pending"
        r.record_fact(replace(owed, stage=stage))
    offer_due(ops)


def offer_due(ops: TableOps) -> None:
    """Open the declarer's option when a pending offender's partner is on lead."""
    leader = on_lead(ops)
    if leader is None:
        return
    due = [
        (r, owed) for r in ops.rulings
        if (owed := r.fact(LeadPenaltyOwed)) is not None and owed.stage == "pending" and owed.offender.partner is leader
    ]
    if not due:
        return
    for r, owed in due:
        r.record_fact(replace(owed, stage="offered"))
    ops.open_ruling("lead_restriction", due[0][1].offender,
                    state=LeadRestrictionState(leader=leader, sources=tuple(r.id for r, _ in due)))


@implements("26A", "26B", "16C", editions=("2017",))
@implements("26A", "26B", editions=("1997",))
class LeadRestriction(Handler):
    """Law 26 (2017, 26B as amended 20 June 2017): declarer may forbid one suit."""

    kind: ClassVar[str] = "lead_restriction"
    LAW: ClassVar[str] = "26B"

    # -- hooks -----------------------------------------------------------------------------
    def on_auction_end(self, ops: TableOps) -> None:
        settle(ops)

    def on_trick_complete(self, ops: TableOps, trick_number: int) -> None:
        if trick_number < 13:
            offer_due(ops)

    # -- the ruling ------------------------------------------------------------------------
    def open(self, ops: TableOps, ruling: Ruling, record: CallRecord | None) -> None:
        contract = ops.contract
        assert contract is not None
        leader = _state(ruling).leader
        offender = leader.partner
        declarer = contract.declarer
        ruling.cite(self.LAW)
        allowed = self.forbiddable(ops, ruling, offender)
        require = self.requirable(ops, ruling, offender)
        st = replace(_state(ruling), allowed=tuple(sorted(allowed, reverse=True)), require=tuple(sorted(require, reverse=True)))
        ruling.record_fact(st)
        sources = [RulingRef(i, ops.rulings[i].kind if i < len(ops.rulings) else "") for i in st.sources]
        say(ruling,
            *both("lead_restrictions.open", offender=as_seat(offender), sources=sources, leader=as_seat(leader), declarer=as_seat(declarer), LAW=self.LAW))
        if not allowed and not st.require:
            say(ruling, *both("lead_restrictions.open.2"))
            ops.close(ruling)
            return
        ops.offer(ruling, self.options(ruling, declarer))

    def options(self, ruling: Ruling, declarer: Seat) -> list[Json]:
        allowed = list(_state(ruling).allowed)
        return [
            option("forbid_suit", declarer, *both("lead_restrictions.options", allowed=allowed), param="suit"),
            option("no_restriction", declarer, *both("lead_restrictions.options.2")),
        ]

    def forbiddable(self, ops: TableOps, ruling: Ruling, offender: Seat) -> set[Suit]:
        """2017 26B: any suit the offender did not specify in the legal auction."""
        return set(Suit) - named_suits(ops, offender)

    def requirable(self, ops: TableOps, ruling: Ruling, offender: Seat) -> set[Suit]:
        return set()

    def check_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        """A suit declarer may not restrict is refused, naming the law (26B: not one the
        offender specified in the legal auction)."""
        if option_id == "no_restriction":
            return
        suit = params.get("suit")
        suit = Suit.parse(suit) if isinstance(suit, str) else suit
        st = _state(ruling)
        pool = st.allowed if option_id == "forbid_suit" else st.require
        if not isinstance(suit, Suit) or suit not in pool:
            ids = (("lead_restrictions.refuse.forbid_other", "lead_restrictions.refuse.forbid_none")
                   if option_id == "forbid_suit" else
                   ("lead_restrictions.refuse.require_other", "lead_restrictions.refuse.require_none"))
            allowed = list(pool)
            why = (text(ids[0], suits=allowed, suit=suit, law=self.LAW) if isinstance(suit, Suit)
                   else text(ids[1], suits=allowed, law=self.LAW))
            ops.refuse("choice_not_allowed", why)

    def on_choice(self, ops: TableOps, ruling: Ruling, option_id: str, params: JsonMap) -> None:
        contract = ops.contract
        assert contract is not None
        leader = _state(ruling).leader
        if option_id == "no_restriction":
            say(ruling, *both("lead_restrictions.on_choice", leader=as_seat(leader)))
            ops.close(ruling)
            return
        suit = params.get("suit")
        suit = Suit.parse(suit) if isinstance(suit, str) else suit
        assert isinstance(suit, Suit)  # check_choice refused any other
        if option_id == "require_suit":
            law = self.require_law(ruling)
            ops.restrict(ruling, lead_restriction(leader, "lead_required", suit, "first_lead", law, ruling))
            say(ruling, *both("lead_restrictions.on_choice.3", leader=as_seat(leader), suit=suit, law=law))
        else:
            law = self.forbid_law(ruling)
            ops.restrict(ruling, lead_restriction(leader, "lead_forbidden", suit, "while_on_lead", law, ruling))
            say(ruling, *both("lead_restrictions.on_choice.4", leader=as_seat(leader), suit=suit, law=law))
        ops.close(ruling)

    def forbid_law(self, ruling: Ruling) -> str:
        return self.LAW

    def require_law(self, ruling: Ruling) -> str:
        return self.LAW


@implements("26A1", "26A2", "26B", editions=("1997",))
class LeadRestriction1997(LeadRestriction):
    """Law 26 (1997): a withdrawn call that named specific suits lets declarer require or
    forbid one of them (26A2), unless the offender legally bid every such suit (26A1);
    any other withdrawn call lets him forbid any one suit (26B)."""

    LAW: ClassVar[str] = "26"

    def _specified(self, ops: TableOps, ruling: Ruling) -> set[Suit]:
        out: set[Suit] = set()
        for i in _state(ruling).sources:
            out |= withdrawn_suits(ops, ops.rulings[i])
        return out

    def forbiddable(self, ops: TableOps, ruling: Ruling, offender: Seat) -> set[Suit]:
        specified = self._specified(ops, ruling)
        law: Law26 = "26B" if not specified else "26A1" if specified <= named_suits(ops, offender) else "26A2"
        ruling.record_fact(replace(_state(ruling), law26=law))
        ruling.cite(law)  # the deciding clause of the 1997 Law 26, not the law alone
        return specified if law == "26A2" else set(Suit) if law == "26B" else set()

    def requirable(self, ops: TableOps, ruling: Ruling, offender: Seat) -> set[Suit]:
        return self.forbiddable(ops, ruling, offender) if _state(ruling).law26 == "26A2" else set()

    def options(self, ruling: Ruling, declarer: Seat) -> list[Json]:
        opts = []
        req = list(_state(ruling).require)
        if req:
            opts.append(option("require_suit", declarer, *both("lead_restrictions.options.3", req=req), param="suit"))
        return opts + super().options(ruling, declarer)

    def forbid_law(self, ruling: Ruling) -> str:
        return _state(ruling).law26 or "26B"

    def require_law(self, ruling: Ruling) -> str:
        return "26A2"


HANDLERS: list[Handler] = [LeadRestriction()]
OVERRIDES_1997: list[Handler] = [LeadRestriction1997()]

