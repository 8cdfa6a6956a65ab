"""Every physical action a player (or the director) can take at the table.

Actions are frozen records (``records``); a table is its deal, its configuration and the
ordered list of actions. The JSON form (``action_from_json`` / ``action_to_json``, in
``json_form``) is the vocabulary of the scenario files, the database rows and the
websocket messages alike.
"""

from bridgelaw.actions.json_form import VERDICTS, action_from_json, action_to_json
from bridgelaw.actions.records import (
    ASK_KINDS,
    DUMMY_BREACHES,
    EXPOSE_HOW,
    POINT_OUT_KINDS,
    REPORT_KINDS,
    REPORT_WITHOUT_DEAL,
    REVOKE_FOUND,
    TEMPO_KINDS,
    Action,
    Actor,
    Ask,
    CallAction,
    CallDirector,
    Choose,
    Claim,
    ClaimResponse,
    Concede,
    Decide,
    DummyBreach,
    Expose,
    FaceLead,
    PlayAction,
    PlayFrom,
    PlayTogether,
    PointOut,
    Report,
    RevokeInquiry,
    Tempo,
)

__all__ = [
    "ASK_KINDS", "DUMMY_BREACHES", "EXPOSE_HOW", "POINT_OUT_KINDS", "REPORT_KINDS", "REPORT_WITHOUT_DEAL", "REVOKE_FOUND", "TEMPO_KINDS",
    "VERDICTS", "Action", "Actor", "Ask", "CallAction", "CallDirector", "Choose", "Claim", "ClaimResponse", "Concede",
    "Decide", "DummyBreach", "Expose", "FaceLead", "PlayAction", "PlayFrom", "PlayTogether", "PointOut", "Report",
    "RevokeInquiry", "Tempo", "action_from_json", "action_to_json",
]
