"""bridgelaw: the Laws of Duplicate Bridge as a table engine, a library, a command line
and a web server.

    >>> from bridgelaw import Table, Board, Deal, Call
"""

from bridgelaw.actions import (
    Action,
    Ask,
    CallAction,
    CallDirector,
    Choose,
    Claim,
    ClaimResponse,
    Concede,
    Decide,
    Expose,
    FaceLead,
    PlayAction,
    PointOut,
    Report,
    Tempo,
    action_from_json,
    action_to_json,
)
from bridgelaw.config import Regulations, TableConfig
from bridgelaw.core.calls import Call, Contract, Risk, Strain
from bridgelaw.core.cards import Card, Rank, Seat, Side, Suit
from bridgelaw.core.deal import Board, Deal, Hand, Vulnerability
from bridgelaw.errors import BridgeLawError, ParseError, ScenarioError
from bridgelaw.laws.base.handler import Handler, TableOps
from bridgelaw.rulings import (
    Answer,
    AnswerType,
    Option,
    PenaltyCard,
    Question,
    Restriction,
    RestrictionKind,
    Ruling,
    RulingKind,
    RulingStatus,
    Until,
)
from bridgelaw.table import Outcome, Phase, Refused, Table

# The claim checker (a double-dummy search) is not imported here: the claims handler looks
# it up when a claim first needs analysing (``bridgelaw.laws.claims.checker``), if the
# solver of the `claims` extra is installed; without it the director rules on a claim alone.

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Answer",
    "AnswerType",
    "Ask",
    "Board",
    "BridgeLawError",
    "Call",
    "CallAction",
    "CallDirector",
    "Card",
    "Choose",
    "Claim",
    "ClaimResponse",
    "Concede",
    "Contract",
    "Deal",
    "Decide",
    "Expose",
    "FaceLead",
    "Hand",
    "Handler",
    "Option",
    "Outcome",
    "ParseError",
    "PenaltyCard",
    "Phase",
    "PlayAction",
    "PointOut",
    "Question",
    "Rank",
    "Refused",
    "Regulations",
    "Report",
    "Restriction",
    "RestrictionKind",
    "Risk",
    "Ruling",
    "RulingKind",
    "RulingStatus",
    "ScenarioError",
    "Seat",
    "Side",
    "Strain",
    "Suit",
    "Table",
    "TableConfig",
    "TableOps",
    "Tempo",
    "Until",
    "Vulnerability",
    "action_from_json",
    "action_to_json",
]
