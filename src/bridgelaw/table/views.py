"""Results and what leaves the table: the score, the scenario output and each seat's view."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bridgelaw.actions import Expose, PlayAction
from bridgelaw.core.cards import Seat, Side
from bridgelaw.core.deal import Hand
from bridgelaw.laws.auction.exposure import AuctionExposure
from bridgelaw.laws.base.facts import PrivateRefs
from bridgelaw.laws.base.handler import overrides
from bridgelaw.laws.scoring.duplicate import contract_score
from bridgelaw.records import CallRecord, TrickRecord
from bridgelaw.rulings import (
    DIRECTOR,
    Ruling,
    RulingStatus,
)
from bridgelaw.table.decision import decision
from bridgelaw.table.fold import _Fold
from bridgelaw.table.view_parts import Fresh, Parts
from bridgelaw.table_types import _ACCEPTED as _ACCEPTED
from bridgelaw.table_types import Phase


class _Views(_Fold):
    """Results and what leaves the table (a part of ``Table``)."""

    __slots__ = ()

    _parts: Parts  # the views' parts kept from the change before (made by the first ``views``)

    def tricks_won(self, side: Side) -> int:
        return self._won[side]

    @property
    def declarer_tricks(self) -> int | None:
        """Tricks credited to declarer: won in play, after transfers and claims (Laws 64, 69-71).
        None when the play was entered from a later trick (``PlayFrom``): who won the tricks
        before it is not known, so neither is the result."""
        if self._contract is None or (self._tricks and self._tricks[0].unrecorded):
            return None
        side = self._contract.declarer.side
        base = self._claimed[side] if self._claimed is not None else self._won[side]
        for to, n, _ in self._transfers:
            base += n if to is side else -n
        return max(0, min(13, base))

    @property
    def adjusted_score(self) -> dict[str, Any] | None:
        """The adjusted score a closed ruling awarded (Law 12C; the last one counts), as the
        ruling recorded it: ``{"score_ns": ...}`` (assigned) or ``{"ns": %, "ew": %}`` (artificial)."""
        for r in reversed(self._rulings):
            adj = r.adjusted if r.status is RulingStatus.CLOSED else None
            if adj is not None:
                return adj.to_json()
        return None

    @property
    def score_ns(self) -> int | None:
        if self._phase is not Phase.ENDED:
            return None
        if self._passed_out or self._contract is None:
            return 0
        tricks = self.declarer_tricks
        if tricks is None:
            return None
        side = self._contract.declarer.side
        score = contract_score(self._contract, tricks, self.board.vulnerability.is_vulnerable(side))
        return score if side is Side.NS else -score

    def arrangement(self) -> dict[str, list[dict[str, Any]]]:
        """Law 65: each player's played cards in order, turned towards the side that won
        each trick (the evidence for claims and revokes)."""
        from bridgelaw.laws.play.arrangement import arrangement

        return arrangement(list(self._tricks))

    def to_json(self) -> dict[str, Any]:
        """The scenario output (shared/SCENARIO.md)."""
        return self._json(Fresh())

    def _json(self, parts: Fresh, *, director: bool = True) -> dict[str, Any]:
        """``to_json`` with its parts from ``parts`` (kept from the views before, or fresh);
        ``director``: with the keys only the director's view keeps (the information record)."""
        contract = self._contract_json()
        result = self._result_json()
        awaiting = self._awaiting_json()
        turn = self.turn
        face_up = self.config.regulations.opening_lead == "face_up"  # 41A: a lead is seen at once
        dummy = self._contract.dummy if self._contract is not None else None  # his cards go back to the table
        regulations = self.config.regulations
        standing = tuple(c for _, c in self._standing)
        out: dict[str, Any] = {
            "format": 1,
            "edition": self._edition.name,
            "board": self.board.number,
            "dealer": self.board.dealer.name,
            "vulnerable": str(self.board.vulnerability),
            "mode": self.config.mode,
            "regulations": parts.keyed("regulations", regulations, regulations.to_json),
            "phase": self._phase.value,
            "turn": turn.name if turn is not None else None,
            "awaiting": parts.same("awaiting", awaiting),
            "calls": parts.records("calls", self._calls, _call_key, _call_json),
            "auction": parts.keyed("auction", standing, lambda: [str(c) for c in standing]),
            "contract": parts.same("contract", contract),
            "tricks": parts.records("tricks", self._tricks, _trick_key, _trick_json),
            "tricks_won": parts.same("tricks_won", {"NS": self._won[0], "EW": self._won[1]}),
            "result": parts.same("result", result),
            "penalty_cards": parts.same("penalty_cards", [p.to_json() for p in self._penalty_cards]),
            "restrictions": parts.same("restrictions", [r.to_json() for r in self._restrictions]),
            "rulings": parts.same("rulings", [
                _with_decision(_with_shown(r), decision(r, self._calls, face_up_leads=face_up, dummy=dummy)) for r in self._rulings
            ]),
            "requests": parts.same("requests", [r.to_json() for r in self._requests]),
            "refused": parts.same("refused", [r.to_json() for r in self._refused]),
            "tempo": parts.same("tempo", list(self._tempo)),
            "log": parts.same("log", list(self._log)),
        }
        self._extra_json(out, parts, director=director)
        return out

    def _contract_json(self) -> Any:
        if self._passed_out:
            return "passed_out"
        c = self._contract
        if c is None:
            return None
        # level 0: the play was entered from a later trick and the level not given (``PlayFrom``)
        return {"level": c.level or None, "strain": c.strain.name, "risk": str(c.risk), "declarer": c.declarer.name}

    def _result_json(self) -> dict[str, Any] | None:
        if self._phase is not Phase.ENDED:
            return None
        result: dict[str, Any] = {"declarer_tricks": self.declarer_tricks, "score_ns": self.score_ns}
        adjusted = self.adjusted_score
        if adjusted is not None:
            result["adjusted"] = adjusted  # Law 12: what the board is scored as
        return result

    def _awaiting_json(self) -> dict[str, Any] | None:
        pending = self.awaiting
        if pending is None:
            return None
        awaiting: dict[str, Any] = {"ruling": pending.id, "by": str(pending.chooser)}
        if pending.status is RulingStatus.AWAITING_CHOICE:
            awaiting["options"] = [o.id for o in pending.options]
        else:
            awaiting["questions"] = [q.key for q in pending.questions]
        return awaiting

    def _extra_json(self, out: dict[str, Any], parts: Fresh, *, director: bool = True) -> None:
        """The keys of the output present only when they say something."""
        if self._face_down_lead is not None:
            out["face_down_lead"] = {"seat": self._face_down_lead[0].name}
        exposed = self._exposed_in_auction()
        if exposed:
            out["exposed_in_auction"] = parts.same("exposed_in_auction", exposed)
        if self._transfers:
            out["transfers"] = [{"to": s.name, "tricks": n, "law": law} for s, n, law in self._transfers]
        if self._claim_shown is not None:
            out["claim"] = dict(self._claim_shown)
        if self._known.facts:
            out["holdings"] = [f.to_json() for f in self._known.facts]  # the director's facts about unknown hands
        info = self._handler("information")
        if director and info is not None and overrides(info, "record"):
            for key, value in info.record(self).items():  # ui_flags, misinformation (Laws 16, 21, 75)
                out[key] = parts.same(key, value)

    def _exposed_in_auction(self) -> list[dict[str, Any]]:
        """Law 24: the cards exposed or led during the auction that lie face up on the table
        until it ends (then they go back to the hand, 24D, or become penalty cards, 24E;
        1997: until declarer has taken his option). Every such card is left face up, a card
        led face down included, so every seat sees them: the key is public."""
        out: list[dict[str, Any]] = []
        for r in self._rulings:
            info = r.fact(AuctionExposure)
            if info is None or (info.settled and not (info.offered and r.choice is None)):
                continue
            for card in info.offered or info.cards:
                if self._hands[info.holder] & card.bit:  # not yet played or placed elsewhere
                    out.append({"seat": info.holder.name, "card": str(card), "ruling": r.id})
        return out

    def visible_hands(self, seat: Seat | str) -> dict[Seat, int]:
        """The unplayed cards ``seat`` may see now (Laws 16A, 41D, 68B).

        A player sees his own hand; every player sees dummy once the opening lead is faced
        (Law 41D: dummy spreads only then, so not during the clarification period nor
        while a lead lies face down); a hand its holder has faced for a claim (Law 68B;
        the claims handler keeps it in ``_claim_shown``); after the board, the whole deal.
        Dummy sees no other hand. The director (``'director'``) sees all four."""
        if seat == DIRECTOR:
            return {s: self._hands[s] for s in Seat}
        assert isinstance(seat, Seat)
        out = {seat: self._hands[seat]}
        if self._lead_faced and self._contract is not None:
            out[self._contract.dummy] = self._hands[self._contract.dummy]
        claim = self._claim_shown
        if claim is not None and "hand" in claim:  # Law 68C: the claimer faced his hand
            claimer = Seat.parse(claim["seat"])
            out[claimer] = self._hands[claimer]
        if self._phase is Phase.ENDED and self.awaiting is None:
            for s in Seat:
                out[s] = self._hands[s]
        return out

    def views(self, seats: Iterable[Seat | str]) -> dict[Seat | str, dict[str, Any]]:
        """``view`` for several seats at once (a server sends every seat its view after
        each action): the table's state is folded into JSON once, and the parts that did
        not change since the views before are the objects sent then (``Parts``). The
        views share their parts: a caller reads them and never modifies them."""
        wanted = list(seats)
        parts = self._view_parts()
        base = self._json(parts, director=DIRECTOR in wanted)
        common = {
            "hand_sizes": parts.same("hand_sizes", {s.name: self.cards_left(s) for s in Seat}),
            "deal": parts.keyed("deal", self.board.deal, self.board.deal.to_pbn),
        }
        return {seat: self._built_view(seat, base, parts, common) for seat in wanted}

    def _view_parts(self) -> Parts:
        parts: Parts | None = getattr(self, "_parts", None)
        if parts is None:
            parts = self._parts = Parts()
        return parts

    def view(self, seat: Seat | str, *, base: dict[str, Any] | None = None) -> dict[str, Any]:
        """What ``seat`` (or the director) may see: the only way state should leave a server.

        Hidden hands are never included: only the hands of ``visible_hands``; penalty cards
        and played cards are public. A player's view also leaves out the meanings of other
        players' calls (an explanation reaches him only as the answer to his own request,
        Law 20F), other players' requests and refused attempts (a refused card or call
        would name a card of a hidden hand), the director's log and tempo notes. Once the
        board is over the original deal is shown (the hand record). ``base``: this table's
        ``to_json()``, when the caller already has it (it is not modified)."""
        common = {"hand_sizes": {s.name: self.cards_left(s) for s in Seat}, "deal": self.board.deal.to_pbn()}
        return self._built_view(seat, base if base is not None else self.to_json(), Fresh(), common)

    def _built_view(self, seat: Seat | str, base: dict[str, Any], parts: Fresh, common: dict[str, Any]) -> dict[str, Any]:
        """``view`` of ``seat`` from the table's JSON ``base`` (not modified), its parts
        from ``parts``; ``common``: the parts every seat is shown alike."""
        state = dict(base)
        hands = tuple(self.visible_hands(seat).items())
        state["hands"] = parts.keyed(f"hands/{seat}", hands, lambda: {s.name: _hand_pbn(m) for s, m in hands})
        state["hand_sizes"] = common["hand_sizes"]
        state["viewer"] = str(seat)
        ended = self._phase is Phase.ENDED and self.awaiting is None
        if seat == DIRECTOR or ended:
            state["deal"] = common["deal"]
        if seat != DIRECTOR:
            assert isinstance(seat, Seat)
            self._player_view(seat, state, parts)
        else:
            self._director_view(state, parts)
        return state

    def _player_view(self, seat: Seat, state: dict[str, Any], parts: Fresh) -> None:
        """Narrow ``state`` to what a player may see (see ``view``)."""
        fd = self._face_down_lead
        if fd is not None:
            state["face_down_lead"] = {"seat": fd[0].name, **({"card": str(fd[1])} if fd[0] is seat else {})}
        calls = state["calls"]
        state["calls"] = calls = parts.derived(f"calls/{seat.name}", (calls,), lambda: _calls_heard(seat, calls))
        requests = state["requests"]
        at_table = self.config.mode != "online"
        state["requests"] = parts.derived(
            f"requests/{seat.name}", (requests, calls),
            lambda: _requests_heard(seat, requests, calls, at_table=at_table),
        )
        state["refused"] = parts.same(f"refused/{seat.name}", [
            r for r in state["refused"]
            if getattr(self._actions[r["at_action"]], "seat", None) is seat
        ])
        rulings = state["rulings"]
        state["rulings"] = parts.same("rulings/players", [
            _public_ruling(j, r) for j, r in zip(rulings, self._rulings, strict=True)
        ]) if rulings else rulings
        state.pop("log", None)
        state.pop("tempo", None)
        state.pop("ui_flags", None)
        state.pop("misinformation", None)
        state.pop("holdings", None)  # the director's findings about unseen hands

    def _director_view(self, state: dict[str, Any], parts: Fresh) -> None:
        """Add to ``state`` what only the director sees: the face-down lead's card, and
        what a handler worked out from the hidden hands for him (the claim checker's
        proposal)."""
        if self._face_down_lead is not None:
            state["face_down_lead"] = {"seat": self._face_down_lead[0].name, "card": str(self._face_down_lead[1])}
        rulings = state["rulings"]
        state["rulings"] = parts.same("rulings/director", [
            {**j, "director_note": r.director_note} if r.director_note else j
            for j, r in zip(rulings, self._rulings, strict=True)
        ]) if rulings else rulings


def _calls_heard(seat: Seat, calls: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The calls as ``seat`` sees them: without the meanings of other players' calls."""
    return [
        c if c["seat"] == seat.name or "meaning" not in c
        else {k: v for k, v in c.items() if k != "meaning"}
        for c in calls
    ]


def _call_key(c: CallRecord) -> tuple[Any, ...]:
    """What a call's JSON is made of (a meaning as its text and the message it names)."""
    return (c.seat, c.call, c.status, c.alert, c.meaning, getattr(c.meaning, "msg", None), c.artificial, c.law)


def _call_json(c: CallRecord) -> dict[str, Any]:
    return c.to_json()


def _trick_key(t: TrickRecord) -> tuple[Any, ...]:
    return (t.leader, t.winner, tuple(t.seats), tuple(t.cards), t.unrecorded)


def _trick_json(t: TrickRecord) -> dict[str, Any]:
    return t.to_json()


def _requests_heard(
    seat: Seat, requests: list[dict[str, Any]], calls: list[dict[str, Any]], *, at_table: bool = False,
) -> list[dict[str, Any]]:
    """The requests a player knows of: his own; an explanation a partner gave aloud at the
    table (20F1, ``give_explanation``); and an opponent's question about his partner's call
    or about the whole auction, put to him to answer, without the engine's answer (his
    partner's own notes, which he must not see).

    At the table (``at_table``: not online) the caller's partner explains: the asker's own
    answer keeps the calls, alerts and any system-card entry, but not the caller's note nor
    an engine default, which no one said aloud (20F1); he hears the partner's answer."""
    out: list[dict[str, Any]] = []
    for r in requests:
        if r["seat"] == seat.name:
            out.append(_unspoken_notes_dropped(r) if at_table else r)
        elif r["ask"] == "give_explanation" and r["granted"]:
            out.append(r)
        else:
            put = _question_put_to(seat, r, calls)
            if put is not None:
                out.append(put)
    return out


_CARD_KINDS = frozenset({"opening_lead_out_of_turn", "play_out_of_turn", "card_exposed_during_auction"})


def _with_shown(ruling: Ruling) -> dict[str, Any]:
    """A ruling's JSON with the card a lead or play out of turn, or an exposure, put face up
    (``card``; ``cards`` for an exposure of several), so a reader need not parse the
    summary. A card led face down stays unseen: it is not given."""
    out = ruling.to_json()
    a = ruling.action
    shown: dict[str, Any] = {}
    if ruling.kind in _CARD_KINDS and isinstance(a, PlayAction) and not a.face_down:
        shown = {"card": str(a.card)}
    elif ruling.kind == "card_exposed" and isinstance(a, Expose) and a.cards:
        shown = {"cards": [str(c) for c in a.cards]}
    if not shown:
        return out
    analysis = out.pop("analysis", None)
    out.update(shown)
    if analysis is not None:
        out["analysis"] = analysis
    return out


def _question_put_to(seat: Seat, r: dict[str, Any], calls: list[dict[str, Any]]) -> dict[str, Any] | None:
    """An opponent's question ``seat`` is to answer, without what the engine answered: about
    his partner's call, or the whole auction restated; None for any other request."""
    if not r["granted"]:
        return None
    index = r.get("call_index")
    if r["ask"] == "explain" and isinstance(index, int) and 0 <= index < len(calls) \
            and calls[index]["seat"] == seat.partner.name:
        return {k: v for k, v in r.items() if k != "answer"}
    if r["ask"] == "explain_all" and Seat.parse(r["seat"]).side is not seat.side:
        answer = r.get("answer")
        asked = answer.get("calls", []) if isinstance(answer, dict) else []
        return {**r, "answer": {"calls": [_restated(c) for c in asked]}}
    return None


_EXPLANATION_KEYS = ("explanation", "explained_by", "source")
_UNSPOKEN = ("table", "none")  # the caller's own note; the engine's default


def _restated(call: dict[str, Any]) -> dict[str, Any]:
    """A call of an answer as a review restates it (no explanation)."""
    return {k: v for k, v in call.items() if k not in _EXPLANATION_KEYS}


def _unspoken(call: dict[str, Any]) -> dict[str, Any]:
    """A call of an answer without an explanation nobody gave aloud (it keeps its source
    and who is to explain it)."""
    if call.get("source") in _UNSPOKEN:
        return {k: v for k, v in call.items() if k != "explanation"}
    return call


def _unspoken_notes_dropped(r: dict[str, Any]) -> dict[str, Any]:
    answer = r.get("answer")
    if not isinstance(answer, dict):
        return r
    if r["ask"] == "explain":
        return {**r, "answer": _unspoken(answer)}
    if r["ask"] == "explain_all":
        return {**r, "answer": {**answer, "calls": [_unspoken(c) for c in answer.get("calls", [])]}}
    return r


def _with_decision(ruling: dict[str, Any], text: str) -> dict[str, Any]:
    """A ruling's JSON with its read-aloud ``decision`` after the two summaries."""
    out: dict[str, Any] = {}
    for key, value in ruling.items():
        out[key] = value
        if key == "summary_ru":
            out["decision"] = text
    out.setdefault("decision", text)
    return out


def _hand_pbn(mask: int) -> str:
    """A hand's PBN text; views ask for the same few hands after every action."""
    return Hand(mask).to_pbn()



def _public_ruling(r: dict[str, Any], ruling: Ruling) -> dict[str, Any]:
    """A ruling as the players see it: without the law references its handler derived
    from hidden hands (``private_refs``, e.g. 70C from the claim checker)."""
    out = dict(r)
    out.pop("data", None)
    out.pop("analysis", None)  # the claim checker reads every hand: the director's only
    fact = ruling.fact(PrivateRefs)
    private = fact.refs if fact is not None else ()
    if private:
        out["laws"] = [x for x in out["laws"] if x not in private]
        if "flags" in out:
            out["flags"] = [x for x in out["flags"] if x not in private]
            if not out["flags"]:  # a ruling without flags has no key: an empty one would tell
                del out["flags"]
    return out

