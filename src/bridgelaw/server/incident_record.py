"""What the director files for an incident: every ruling in the order it was made, the
board's result once the play is over (every transfer and adjustment taken in), and the PBN
game with its notes in the incident's own language.

The assistant shows the latest ruling to read aloud; an appeal committee reads the whole
record, so nothing a later ruling replaced on the screen is lost here."""

from __future__ import annotations

from typing import Any

from bridgelaw.i18n import Msg, msg
from bridgelaw.table import Table


def result_announcement(t: Table) -> Msg | None:
    """Law 79A: the result the director announces once the play is over — the contract, its
    declarer, how many tricks over or under with every transfer (64) and the tricks a claim
    settled (69-71) taken in, and North–South's score. None while the board goes on."""
    c = t.contract
    tricks = t.declarer_tricks
    score = t.score_ns
    if c is None or tricks is None or score is None:
        return None
    diff = tricks - 6 - c.level
    over = "=" if diff == 0 else f"{diff:+d}".replace("-", "−")
    signed = f"{score:+d}".replace("-", "−") if score else "0"
    return msg("server.assistant.result", contract=c, declarer=c.declarer, over=over,
               tricks=msg("count.tricks", n=tricks), score=signed)


def ruling_record(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Every ruling of the incident in order, as the director reads it back: its laws and
    its text in both languages."""
    return [{"id": r["id"], "kind": r["kind"], "laws": r["laws"], "en": r["summary"], "ru": r["summary_ru"]}
            for r in state["rulings"]]


def pbn_game(t: Table, *, lang: str, site: str, round_no: str, date: str, note: str = "") -> str:
    """The incident as a PBN game, written by the hand-record writer (``io.pbn``): unknown
    hands as '-', each irregularity the engine ruled on marked (``^I``, ``^S``, ``^L``,
    ``^R``) with a note naming its ruling and laws, every ruling and request in the
    commentary, all in ``lang``; the director's own note last."""
    from bridgelaw.io.pbn import write_table

    return write_table(t, lang=lang, site=site, round_no=round_no, date=date, note=note)
