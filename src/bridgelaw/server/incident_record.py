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
    """The incident as a PBN game: unknown hands as '-', each irregular call or card marked
    with a note (PBN's =n= reference) naming the laws and the ruling in ``lang``; the
    director's own note last."""
    st = t.to_json()
    notes: list[str] = []
    by_action: dict[int, int] = {}
    for r in st["rulings"]:
        summary = r["summary_ru"] if lang == "ru" else r["summary"]
        notes.append(f"{len(notes) + 1}:{' '.join(r['laws'])} {summary}".replace('"', "'"))
        by_action.setdefault(r["at_action"], len(notes))
    lines = [
        '[Event "?"]', f'[Site "{site}"]', f'[Round "{round_no}"]', f'[Date "{date}"]', f'[Board "{st["board"]}"]',
        f'[Dealer "{st["dealer"]}"]', f'[Vulnerable "{st["vulnerable"]}"]', f'[Deal "{t.board.deal.to_pbn()}"]',
    ]
    c = st["contract"]
    if isinstance(c, dict):
        lines += [f'[Declarer "{c["declarer"]}"]', f'[Contract "{c["level"]}{c["strain"].replace("N", "NT")}{c["risk"]}"]']
    if st["result"] and st["result"].get("declarer_tricks") is not None:
        lines.append(f'[Result "{st["result"]["declarer_tricks"]}"]')
    lines += _auction(t, st, by_action) + _play(st)
    lines += [f'[Note "{n}"]' for n in notes]
    if note.strip():
        text = " ".join(note.split()).replace('"', "'")
        lines.append(f'[Note "{len(notes) + 1}:{text}"]')
    return "\n".join(lines) + "\n"


def _auction(t: Table, st: dict[str, Any], by_action: dict[int, int]) -> list[str]:
    calls = [
        (str(x.call)[:-1] + "NT" if str(x.call)[-1:] == "N" else str(x.call))
        + (f" ={by_action[x.at_action]}=" if x.at_action in by_action else "")
        for x in t.calls
    ]
    out = [f'[Auction "{st["dealer"]}"]']
    out += [" ".join(calls[i:i + 4]) for i in range(0, len(calls), 4)]
    return out


def _play(st: dict[str, Any]) -> list[str]:
    if not st["tricks"]:
        return []
    leader = st["tricks"][0]["leader"]
    order = ["N", "E", "S", "W"]
    start = order.index(leader)
    out = [f'[Play "{leader}"]']
    for tr in st["tricks"]:
        out.append(" ".join(tr["cards"].get(order[(start + k) % 4], "-") for k in range(4)))
    return out
