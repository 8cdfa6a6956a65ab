"""The director's word with one player away from the table, and the adjust message's
artificial and split scores: the checks of two table-level messages (not actions of the
engine) and the shape they are logged in.

A private message (``{"type": "private", "to": "S", "text": ...}`` from the director, or
``{"type": "private", "text": ...}`` from a seat, to the director) is logged as an entry of
kind ``private`` with ``{"seat", "from", "text"}``. Only the director and that seat are
shown it (the director asks a player what a call meant, Law 23, 16, 75, away from the
others); the other seats' views stay as they were. The director's event log keeps it, as
his note.

An ``adjust`` message gives the N-S score (``score_ns``, 12C1), or an artificial adjusted
score per side (``ns`` and ``ew``: ``avg+``, ``avg``, ``avg-``, 12C2), or a split
assigned score (``score_ns`` with a different ``score_ew``, the side's own figure, 12C1(b)),
or a weighted one (``weighted``: ``[{"score_ns", "percent"}, ...]`` summing to 100, 12C1(c)).
"""

from __future__ import annotations

from typing import Any

from bridgelaw.i18n import text as _t

PLAYER_SEATS = ("N", "E", "S", "W")
MAX_TEXT = 500
AVERAGES = ("avg+", "avg", "avg-")


class MessageRefused(Exception):
    """A private or adjust message that cannot be taken; nothing is logged."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status


def private_payload(role: str, msg: dict[str, Any]) -> dict[str, Any]:
    """The log payload of a private message from ``role``: the director writes to one
    seat, a seat answers the director; the practice link has no one to talk to apart."""
    text = msg.get("text")
    if not isinstance(text, str) or not text.strip():
        raise MessageRefused("bad_message", _t("server.error.private_text"))
    if len(text) > MAX_TEXT:
        raise MessageRefused("text_too_long", _t("server.error.text_too_long", key="text", limit=MAX_TEXT, length=len(text)))
    if role == "director":
        seat = msg.get("to")
        if seat not in PLAYER_SEATS:
            raise MessageRefused("bad_message", _t("server.error.private_to", value=repr(seat)))
        return {"seat": seat, "from": "director", "text": text.strip()}
    if role in PLAYER_SEATS:
        return {"seat": role, "from": role, "text": text.strip()}
    raise MessageRefused("not_a_seat", _t("server.error.private_seat"), status=403)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def adjust_scores(msg: dict[str, Any]) -> dict[str, Any]:
    """The score fields of an ``adjust`` message, checked: ``score_ns`` (may be None),
    and when given ``ns``/``ew`` (artificial), ``score_ew`` (split), ``weighted``."""
    out: dict[str, Any] = {"score_ns": msg.get("score_ns")}
    if out["score_ns"] is not None and not _whole(out["score_ns"]):
        raise MessageRefused("bad_message", _t("server.error.score_whole", value=repr(out["score_ns"])))
    ns, ew = msg.get("ns"), msg.get("ew")
    if ns is not None or ew is not None:
        if ns not in AVERAGES or ew not in AVERAGES:
            raise MessageRefused("bad_message", _t("server.error.adjust_averages"))
        return {"score_ns": None, "ns": ns, "ew": ew}
    if msg.get("score_ew") is not None:
        if not _whole(msg["score_ew"]) or out["score_ns"] is None:
            raise MessageRefused("bad_message", _t("server.error.adjust_split"))
        out["score_ew"] = msg["score_ew"]
    weighted = msg.get("weighted")
    if weighted is not None:
        out.update(score_ns=None, weighted=_weights(weighted))
    return out


def _weights(weighted: object) -> list[dict[str, int]]:
    if not isinstance(weighted, list) or not 2 <= len(weighted) <= 6:
        raise MessageRefused("bad_message", _t("server.error.adjust_weighted_count"))
    rows: list[dict[str, int]] = []
    for item in weighted:
        if not isinstance(item, dict) or not _whole(item.get("score_ns")) or not _whole(item.get("percent")) or not 0 < item["percent"] <= 100:
            raise MessageRefused("bad_message", _t("server.error.adjust_weighted_row"))
        rows.append({"score_ns": item["score_ns"], "percent": item["percent"]})
    if sum(r["percent"] for r in rows) != 100:
        raise MessageRefused("bad_message", _t("server.error.adjust_weighted_sum"))
    return rows


def seen_by(role: str, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The private words ``role`` may read: the director all, a seat his own, others none."""
    if role == "director":
        return list(entries)
    return [e for e in entries if e["seat"] == role]
