"""Who may ask what, and when (Laws 20, 40B2, 41B, 41C, 66): pure rules over a snapshot.

The Laws spend more words on *when* a question may be asked than on anything else; every
right here is tied to one moment of the board and is lost at another. The rules are written
as functions of a ``Moment`` (the facts of the table that matter to a request), so the
handler, the tests and the property test read the same rules.

Periods (the names the commentary uses):

* ``auction``     - before the final pass (20B, 20F1): only at one's own turn to call;
* ``before_lead`` - after the final pass, before the opening lead is made: the opening
  leader may ask at his first turn to play (20C2, 41B); with face-down leads nobody else
  yet (they ask once the lead lies face down, commentary 20.4(i)-(ii)); with face-up leads
  (41A footnote) also the leader's partner and the presumed declarer, since 41B gives them
  the time "before the opening lead is faced";
* ``face_down``   - the opening lead lies face down: the leader's partner and the presumed
  declarer may ask, never the presumed dummy (41B);
* ``play``        - the lead is faced: declarer at his first turn (normally from dummy) until
  a card is played from either of his hands, a defender at his first turn until he plays
  (41B); afterwards only the contract (41C), always at one's own turn to play;
* ``ended``       - play is over: nothing is protected any more (66D for the cards).
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgelaw.core.cards import Card, Seat
from bridgelaw.i18n import Text, text

AUCTION = "auction"
BEFORE_LEAD = "before_lead"
FACE_DOWN = "face_down"
PLAY = "play"
ENDED = "ended"


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a request is granted, the laws that say so and, when refused, why."""

    granted: bool
    laws: tuple[str, ...]
    reason: Text | None = None  # a catalog message: the reader's language renders it
    ui: bool = False


def yes(*laws: str, ui: bool = False, reason: Text | None = None) -> Verdict:
    return Verdict(True, laws, reason, ui)


def no(reason: Text, *laws: str) -> Verdict:
    return Verdict(False, laws, reason)


@dataclass(frozen=True, slots=True)
class Moment:
    """The facts of the table a request is judged on.

    ``turn``: the seat whose call or card is due (dummy's seat when dummy's card is due).
    ``played``: every card played so far, trick by trick, as (seat, card) in order.
    """

    period: str
    turn: Seat | None
    must_pass: frozenset[Seat] = frozenset()
    declarer: Seat | None = None
    opening_leader: Seat | None = None
    played: tuple[tuple[tuple[Seat, Card], ...], ...] = ()
    face_up_leads: bool = False  # the Regulating Authority's option of 41A (footnote)

    @property
    def dummy(self) -> Seat | None:
        return self.declarer.partner if self.declarer is not None else None

    def is_declarer(self, seat: Seat) -> bool:
        return seat is self.declarer

    def is_dummy(self, seat: Seat) -> bool:
        return self.declarer is not None and seat is self.declarer.partner

    def hands_of(self, seat: Seat) -> frozenset[Seat]:
        """The hands a player plays from: declarer plays his own and dummy's (Law 45)."""
        if self.is_declarer(seat):
            return frozenset({seat, seat.partner})
        return frozenset({seat})

    def own_turn_to_play(self, seat: Seat) -> bool:
        return self.period == PLAY and self.turn is not None and self.turn in self.hands_of(seat) and not self.is_dummy(seat)

    def has_played(self, seat: Seat) -> bool:
        """A card has been played from a hand this player plays from."""
        hands = self.hands_of(seat)
        return any(s in hands for trick in self.played for s, _ in trick)

    @property
    def complete_tricks(self) -> int:
        return sum(1 for t in self.played if len(t) == 4)


# -------------------------------------------------------------------- review (20B, 41B)
def review(m: Moment, seat: Seat) -> Verdict:
    """Law 20B during the auction; 20C2 and 41B afterwards; lost as 41B says."""
    if m.period == AUCTION:
        if seat is not m.turn:
            return no(text("information.reason.review_own_turn"), "20B")
        if seat in m.must_pass:
            return no(text("information.reason.review_must_pass"), "20B")
        return yes("20B")
    if m.period == ENDED:
        return yes("20C2", reason=text("information.reason.review_after_play"))
    if m.period in (BEFORE_LEAD, FACE_DOWN):
        return clarification(m, seat, "41B", "20C2")
    # play: the right lasts until a card is played from one of the player's hands (41B)
    if m.is_dummy(seat):
        return no(text("information.reason.dummy_review"), "41B", "43A1(c)")
    if m.has_played(seat):
        return no(
            text("information.reason.review_after_card"),
            "41B", "41C",
        )
    if not m.own_turn_to_play(seat):
        return no(text("information.reason.review_first_turn"), "20C2", "41B")
    return yes("41B", "20C2")


def clarification(m: Moment, seat: Seat, *laws: str) -> Verdict:
    """The clarification period (41A-41B): the opening leader before he leads; after a
    face-down lead, his partner and the presumed declarer; never the presumed dummy."""
    if m.is_dummy(seat):
        return no(text("information.reason.presumed_dummy"), "41B")
    if m.period == BEFORE_LEAD:
        if seat is m.opening_leader:
            return yes(*laws)
        if m.face_up_leads:
            # 41B: "before the opening lead is faced". With face-up leads there is no
            # face-down lead to wait for: the leader's partner and the presumed declarer
            # ask now or only at their first turn to play.
            return yes(*laws)
        return no(
            text("information.reason.leader_asks_first"),
            "41B",
        )
    # face-down lead
    if seat is m.opening_leader:
        return no(text("information.reason.leader_has_led"), "41B")
    return yes(*laws)


# -------------------------------------------------------------------- contract (41C)
def contract(m: Moment, seat: Seat) -> Verdict:
    """Law 41C: the contract and whether doubled or redoubled (not by whom), at one's own
    turn to play; in the clarification period whoever may have a review may also ask this."""
    if m.period == AUCTION:
        return no(text("information.reason.no_contract_yet"), "41C", "20B")
    if m.period == ENDED:
        return yes("41C")
    if m.period in (BEFORE_LEAD, FACE_DOWN):
        return clarification(m, seat, "41C", "41B")
    if m.is_dummy(seat):
        return no(text("information.reason.dummy_asks_in_play"), "41C", "43A1(c)")
    if not m.own_turn_to_play(seat):
        return no(text("information.reason.contract_own_turn"), "41C")
    return yes("41C")


# -------------------------------------------------------------------- explanations (20F)
def explanation(m: Moment, seat: Seat) -> Verdict:
    """Who may ask the meaning of the opponents' calls, and when (20F1, 20F2, 41B)."""
    if m.period == AUCTION:
        if seat is not m.turn:
            return no(text("information.reason.explain_own_turn"), "20F1")
        return yes("20F1")
    if m.period == ENDED:
        return yes("20F2", reason=text("information.reason.play_ended"))
    if m.period in (BEFORE_LEAD, FACE_DOWN):
        return clarification(m, seat, "20F2", "41B")
    if m.is_dummy(seat):
        return no(text("information.reason.dummy_explanations"), "20F2", "43A1(c)")
    if not m.own_turn_to_play(seat):
        return no(text("information.reason.explain_own_turn_play"), "20F2")
    return yes("20F2")


# -------------------------------------------------------------------- convention card (40B2)
def convention_card(m: Moment, seat: Seat, law: str = "40B2(a)(ii)") -> Verdict:
    """The opponents' system card: at one's own turn to call or to play; in the
    clarification period as for questions; the presumed dummy loses the right after the
    final pass (commentary 20.4(vii))."""
    if m.period == AUCTION:
        if seat is not m.turn:
            return no(text("information.reason.card_own_turn_call"), law)
        return yes(law)
    if m.period == ENDED:
        return yes(law)
    if m.period in (BEFORE_LEAD, FACE_DOWN):
        v = clarification(m, seat, law, "41B")
        if not v.granted and m.is_dummy(seat):
            return no(text("information.reason.card_presumed_dummy"), law, "41B")
        return v
    if m.is_dummy(seat):
        return no(text("information.reason.card_dummy"), law, "43A1(c)")
    if not m.own_turn_to_play(seat):
        return no(text("information.reason.card_own_turn_play"), law)
    return yes(law)


# -------------------------------------------------------------------- tricks (66)
def _last_complete(m: Moment) -> int:
    """1-based number of the last complete trick, 0 when none."""
    return m.complete_tricks


def see_trick(m: Moment, seat: Seat) -> Verdict:
    """66A: have the cards of the trick just completed faced, until one's side has led or
    played to the next trick. Dummy has no such right (43A)."""
    if m.period == ENDED:
        return yes("66D") if m.played else no(text("information.reason.no_card_was_played"), "66D")
    if m.period != PLAY:
        return no(text("information.reason.no_trick_played"), "66A")
    if m.is_dummy(seat):
        return no(text("information.reason.dummy_trick"), "66A", "43A1(c)")
    n = _last_complete(m)
    if n == 0:
        return no(text("information.reason.no_trick_completed"), "66A")
    side = {seat, seat.partner}
    if n < len(m.played) and any(s in side for s, _ in m.played[n]):
        return no(
            text("information.reason.trick_quitted"),
            "66A", "66C",
        )
    return yes("66A")


def own_last_card(m: Moment, seat: Seat) -> Verdict:
    """66B: inspect, without showing it, one's own last card, until a card has been led to
    the next trick (any lead, legal or not: commentary 66.3). Dummy has no such right."""
    where = last_card_trick(m, seat)
    if m.period == ENDED:
        return yes("66D") if where else no(text("information.reason.player_played_no_card"), "66D")
    if m.period != PLAY:
        return no(text("information.reason.no_card_played_yet"), "66B")
    if m.is_dummy(seat):
        return no(text("information.reason.dummy_own_cards"), "66B", "43A1(c)")
    if where == 0:
        return no(text("information.reason.not_played_yet"), "66B")
    n = m.complete_tricks
    if n and n < len(m.played) and m.played[n]:
        # The right covers the card of the trick just completed; it ends for everyone
        # once any card is led to the next trick, even for the player who led it (his
        # card of the completed trick is now quitted: 66C).
        return no(text("information.reason.led_to_next_trick"), "66B", "66C")
    return yes("66B")


def last_card_trick(m: Moment, seat: Seat) -> int:
    """1-based number of the trick holding ``seat``'s last card, 0 when he has played none."""
    for n in range(len(m.played), 0, -1):
        if any(s is seat for s, _ in m.played[n - 1]):
            return n
    return 0


def quitted_trick(m: Moment, seat: Seat, trick: int | None) -> Verdict:
    """66C: quitted tricks only on the director's instruction; the trick just completed is
    still open to 66A; after play, 66D. A granted=None verdict is not used: the handler asks
    the director when this returns ``needs_director``."""
    complete = m.complete_tricks
    if trick is None:
        return no(text("information.reason.trick_not_named"), "66C")
    if not 1 <= trick <= complete:
        return no(text("information.reason.no_quitted_trick", trick=trick), "66C")
    if m.period == ENDED:
        return yes("66D")
    if m.is_dummy(seat):
        return no(text("information.reason.dummy_quitted"), "66C", "43A1(c)")
    if trick == complete and see_trick(m, seat).granted:
        return yes("66A", reason=text("information.reason.trick_just_completed"))
    return NEEDS_DIRECTOR


NEEDS_DIRECTOR = Verdict(False, ("66C",), text("information.reason.awaiting_director"))


# -------------------------------------------------------------------- repeat a call (20A)
def repeat_call(at_once: bool) -> Verdict:
    """20A: a call not heard clearly may be repeated only at once; later, only a full
    review at one's turn (commentary 20.1)."""
    if not at_once:
        return no(text("information.reason.repeat_at_once"), "20A", "20B")
    return yes("20A")


__all__ = [
    "AUCTION", "BEFORE_LEAD", "ENDED", "FACE_DOWN", "NEEDS_DIRECTOR", "PLAY", "Moment", "Verdict",
    "clarification", "contract", "convention_card", "explanation", "last_card_trick", "no",
    "own_last_card", "quitted_trick", "repeat_call", "review", "see_trick", "yes",
]
