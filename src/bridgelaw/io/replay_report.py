"""The vocabulary of a replay's results: the outcome and defect classes, the report on one
board and the summary of a run. Kept apart from the replay itself so that the command line
and the tests read the classes without the engine's machinery.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bridgelaw.config import Regulations, TableConfig
from bridgelaw.i18n import text, tr

REPLAY_CONFIG = TableConfig(mode="online", regulations=Regulations(opening_lead="face_up"))
# Records that mark irregularities (PBN 3.9 carets, 54A's caret declarer) replay in table
# mode, where the Laws rule on them; every other record replays online, where an unmarked
# irregularity is refused at once (a record defect, named at the card that shows it).
TABLE_REPLAY_CONFIG = TableConfig(mode="table", regulations=Regulations(opening_lead="face_up"))
# defects that are disagreements of the engine, not defects of the record
ENGINE_DEFECTS = frozenset({"engine", "unexplained"})
OUTCOMES = {
    "reproduced": text("replay.outcome.reproduced"),
    "no_result": text("replay.outcome.no_result"),
    "result_only": text("replay.outcome.result_only"),
    "partial_auction": text("replay.outcome.partial_auction"),
    "continued": text("replay.outcome.continued"),
    "nothing_to_replay": text("replay.outcome.nothing_to_replay"),
    "unreadable": text("replay.outcome.unreadable"),
    "self_contradictory": text("replay.outcome.self_contradictory"),
    "engine": text("replay.outcome.engine"),
}
EXTENSIONS = (".pbn", ".lin")

# Every board that does not replay or reproduce falls in one of these classes; each is a
# defect of the record itself, not a judgement of the Laws engine. The texts are the
# catalog's (``replay.outcome.*``, ``replay.defect.*``), in English until rendered again.
DEFECTS = {
    "damaged": text("replay.defect.damaged"),
    "contract_risk": text("replay.defect.contract_risk"),
    "contract": text("replay.defect.contract"),
    "auction": text("replay.defect.auction"),
    "play": text("replay.defect.play"),
    "irregularity": text("replay.defect.irregularity"),
    "deal": text("replay.defect.deal"),
    "claim": text("replay.defect.claim"),
    "result": text("replay.defect.result"),
    "score": text("replay.defect.score"),
    "engine": text("replay.defect.engine"),
    "unexplained": text("replay.defect.unexplained"),
}


@dataclass(slots=True)
class BoardReport:
    """What became of one board.  ``problem`` is the first disagreement, one line."""

    file: str
    board: str
    position: int
    replayed: bool = False
    complete_auction: bool = False
    legal_auction: bool = False
    full_play: bool = False
    legal_play: bool = False
    recorded: bool = False
    reproduced: bool = False
    result_only: bool = False  # the record gives a result but no auction: nothing to replay
    claim: str | None = None  # "record" when the replay credited the recorded claim itself
    cancelled_calls: int = 0  # passes recorded after the auction had ended (Law 39A cancels them)
    turned: int = 0  # the play fits the recorded hands only seated this many places clockwise on
    repair: str = ""  # a fault of the record read round, named (a [Play] section naming the wrong seat)
    partial_auction: bool = False  # PBN '*' before the auction's end; contract and result from the tags
    mode: str = ""  # "online", or "table" for a record with irregularity marks
    rulings: list[str] = field(default_factory=list)  # the rulings the replay made, one line each
    outcome: str = ""  # a key of OUTCOMES: every board has exactly one
    record_says: str = ""
    laws_say: str = ""
    problem: str | None = None
    defect: str | None = None  # a key of DEFECTS
    warnings: int = 0

    def line(self, lang: str = "en") -> str:
        return f"{self.file}: {self.board}: {tr(self.problem or '', lang)}"


@dataclass(slots=True)
class Summary:
    files: int = 0
    boards: int = 0
    replayed: int = 0
    complete_auctions: int = 0
    legal_auctions: int = 0
    full_play: int = 0
    legal_play: int = 0
    recorded: int = 0
    reproduced: int = 0
    claims_credited: int = 0
    result_only: int = 0
    cancelled_calls: int = 0
    turned_deals: int = 0
    warnings: int = 0
    outcomes: dict[str, int] = field(default_factory=lambda: dict.fromkeys(OUTCOMES, 0))
    ruled: list[BoardReport] = field(default_factory=list)  # boards on which the replay made a ruling
    problems: list[BoardReport] = field(default_factory=list)
    per_file: dict[str, dict[str, int]] = field(default_factory=dict)

    def add(self, file: str, reports: Sequence[BoardReport]) -> None:
        self.files += 1
        counts = {"boards": 0, "legal_auctions": 0, "legal_play": 0, "recorded": 0, "reproduced": 0, "problems": 0}
        for r in reports:
            self.boards += 1
            self.replayed += r.replayed
            self.complete_auctions += r.complete_auction
            self.legal_auctions += r.complete_auction and r.legal_auction
            self.full_play += r.full_play
            self.legal_play += r.full_play and r.legal_play
            self.recorded += r.recorded
            self.reproduced += r.recorded and r.reproduced
            self.claims_credited += r.claim == "record"
            self.result_only += r.result_only
            self.cancelled_calls += r.cancelled_calls
            self.turned_deals += r.turned != 0
            self.warnings += r.warnings
            self.outcomes[r.outcome or "no_result"] = self.outcomes.get(r.outcome or "no_result", 0) + 1
            if r.rulings:
                self.ruled.append(r)
            counts["boards"] += 1
            counts["legal_auctions"] += r.complete_auction and r.legal_auction
            counts["legal_play"] += r.full_play and r.legal_play
            counts["recorded"] += r.recorded
            counts["reproduced"] += r.recorded and r.reproduced
            if r.problem is not None:
                self.problems.append(r)
                counts["problems"] += 1
        self.per_file[file] = counts

    def to_json(self) -> dict[str, Any]:
        return {
            "files": self.files,
            "boards": self.boards,
            "replayed": self.replayed,
            "complete_auctions": self.complete_auctions,
            "legal_auctions": self.legal_auctions,
            "full_play": self.full_play,
            "legal_play": self.legal_play,
            "recorded": self.recorded,
            "reproduced": self.reproduced,
            "reproduced_share": round(self.reproduced / self.recorded, 5) if self.recorded else None,
            "claims_credited_by_replay": self.claims_credited,
            "result_only": self.result_only,
            "passes_after_the_auction_cancelled": self.cancelled_calls,
            "deals_turned_to_fit_the_play": self.turned_deals,
            "warnings": self.warnings,
            "outcomes": dict(self.outcomes),
            "nothing_to_replay": self.outcomes.get("nothing_to_replay", 0),
            "unreadable": self.outcomes.get("unreadable", 0),
            "self_contradictory": self.outcomes.get("self_contradictory", 0),
            "engine_disagreements": self.outcomes.get("engine", 0),
            "rulings": [
                {"file": r.file, "board": r.board, "position": r.position, "mode": r.mode, "rulings": r.rulings}
                for r in self.ruled
            ],
            "problems": [
                {"file": p.file, "board": p.board, "position": p.position, "record": p.record_says,
                 "laws": p.laws_say, "problem": p.problem, "defect": p.defect}
                for p in self.problems
            ],
            "per_file": self.per_file,
        }
