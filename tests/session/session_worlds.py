"""Two copies of one session that differ only in a board's deal, driven by the same
requests, and what one credential reads from every session route: the harness of the
session's non-interference and authorization tests."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from fastapi.testclient import TestClient

from bridgelaw.core.deal import Board, Deal

SUITS = "SHDC"


def boards_of(seed: int, count: int) -> list[dict[str, Any]]:
    """``count`` boards dealt from a fixed seed, as ``POST /api/sessions`` takes them."""
    rng = random.Random(seed)
    out = []
    for n in range(1, count + 1):
        b = Board.standard(n, Deal.random(rng))
        out.append({"number": n, "deal": b.deal.to_pbn(), "dealer": b.dealer.name, "vulnerable": str(b.vulnerability)})
    return out


def swap_cards(deal: str) -> tuple[str, str]:
    """The deal with one card of East's and one of North's of the same suit swapped, and
    East's card (in the first deal East leads it against North; in the second he cannot)."""
    first, hands_text = deal.split(":", 1)
    assert first == "N"
    hands = [h.split(".") for h in hands_text.split()]
    for s in range(4):
        if hands[0][s] and hands[1][s]:
            n_card, e_card = hands[0][s][0], hands[1][s][0]
            hands[0][s] = "".join(sorted(hands[0][s][1:] + e_card, key="AKQJT98765432".index))
            hands[1][s] = "".join(sorted(hands[1][s][1:] + n_card, key="AKQJT98765432".index))
            swapped = "N:" + " ".join(".".join(h) for h in hands)
            return swapped, SUITS[s] + e_card
    raise AssertionError("no suit held by both North and East")


@dataclass
class World:
    """One server with one session; ``reads`` holds what the observer read, in order."""

    client: TestClient
    info: dict[str, Any]
    reads: list[tuple[str, int, str]] = field(default_factory=list)

    @property
    def sid(self) -> str:
        return str(self.info["id"])

    def token(self, who: str) -> str:
        return str(self.info["tokens"][who])

    def normal(self, body: str) -> str:
        """A body with this world's own random ids and tokens replaced by their names."""
        body = body.replace(self.sid, "<sid>")
        for who, tok in self.info["tokens"].items():
            body = body.replace(tok, f"<{who}>")
        return re.sub(r"\d{4}-\d\d-\d\d", "<date>", body)

    def post(self, path: str, body: dict[str, Any]) -> tuple[int, str]:
        r = self.client.post(f"/api/sessions/{self.sid}/{path}", json=body)
        return r.status_code, self.normal(r.text)

    def get(self, path: str, token: str | None) -> tuple[int, str]:
        params = {"t": token} if token is not None else {}
        if path == "page":
            r = self.client.get("/session/results", params={"s": self.sid, **params})
        else:
            r = self.client.get(f"/api/sessions/{self.sid}{path}", params=params)
        return r.status_code, self.normal(r.text)


READ_PATHS = ("", "/tables/1", "/tables/2", "/tables/3", "/calls", "/audit", "/scores", "/results.pbn",
              "/results.xml", "page")


def read_all(world: World, token: str | None, label: str) -> None:
    """Every session route a credential can read, into ``world.reads``."""
    for path in READ_PATHS:
        status, body = world.get(path, token)
        world.reads.append((f"{label} GET {path or '/'}", status, body))
