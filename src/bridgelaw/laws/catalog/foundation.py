"""Law claims of the foundation code: the pack, the boards, the regular auction, the play of
a trick, the scoring table.

That code (core/, laws/auction/regular.py, laws/play/regular.py, laws/scoring/duplicate.py) predates the registry and
core/ must not import laws/, so its claims are declared here, on the objects themselves:
the registry records each under the object's own module and name, and this module fails
to import (a problem the matrix reports) if one of them is renamed. A foundation module
that later decorates its functions with ``@implements`` should drop its line here.
"""

from __future__ import annotations

from bridgelaw.core.calls import Strain
from bridgelaw.core.cards import Rank, Suit
from bridgelaw.core.deal import Deal, dealer_of_board, vulnerability_of_board
from bridgelaw.laws.auction import regular as auction
from bridgelaw.laws.play import regular as play
from bridgelaw.laws.registry import implements
from bridgelaw.laws.scoring import duplicate as scoring

_BOTH = ("2017", "1997")

implements("1A", editions=_BOTH)(Rank)
implements("1A", editions=_BOTH)(Suit)
implements("2", editions=_BOTH)(dealer_of_board)
implements("2", editions=_BOTH)(vulnerability_of_board)
implements("6A", "6B", editions=_BOTH)(Deal.random)
implements("17B", "17C", editions=_BOTH)(auction.next_to_call)
implements("18A", "18B", "18C", "18D", editions=_BOTH)(auction.is_sufficient)
implements("18E", editions=_BOTH)(Strain)
implements("19A1", editions=_BOTH)(auction.double_allowed)
implements("19B1", editions=_BOTH)(auction.redouble_allowed)
implements("22A", "22B", editions=_BOTH)(auction.auction_ended)
implements("22A", "19D", editions=_BOTH)(auction.final_contract)
implements("44C", "44D", editions=_BOTH)(play.is_legal_card)
implements("44E", "44F", editions=_BOTH)(play.trick_winner)
implements("77", editions=_BOTH)(scoring.contract_score)
