"""Dummy's rights and limitations (Laws 42, 43) and what follows when dummy breaks them (43B).

Most of these are things dummy *says* or *does* at the table that the action vocabulary
does not carry (looking at a hand, leaving his seat); the engine enforces what actions
allow - dummy's requests for information are refused during the play (``information_rights``)
- and exposes the rest as data for the director and the web table: what dummy may do, what
he may not, and the rectification the director applies after a breach of 43A2.
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgelaw.i18n import both


@dataclass(frozen=True, slots=True)
class DummyRule:
    law: str
    en: str
    ru: str


RIGHTS: tuple[DummyRule, ...] = (
    DummyRule("42A1", *both("dummy_rights.module")),
    DummyRule("42A2", *both("dummy_rights.module.2")),
    DummyRule("42A3", *both("dummy_rights.module.3")),
    DummyRule("42B1", *both("dummy_rights.module.4")),
    DummyRule("42B2", *both("dummy_rights.module.5")),
    DummyRule("42B3", *both("dummy_rights.module.6")),
)

LIMITATIONS: tuple[DummyRule, ...] = (
    DummyRule("43A1(a)", *both("dummy_rights.module.7")),
    DummyRule("43A1(b)", *both("dummy_rights.module.8")),
    DummyRule("43A1(c)", *both("dummy_rights.module.9")),
    DummyRule("43A2(a)", *both("dummy_rights.module.10")),
    DummyRule("43A2(b)", *both("dummy_rights.module.11")),
    DummyRule("43A2(c)", *both("dummy_rights.module.12")),
    DummyRule("61B2(b)", *both("dummy_rights.module.13")),
)

# 43B: after a breach of 43A2, dummy loses protections; the director applies these.
AFTER_43A2_BREACH: tuple[DummyRule, ...] = (
    DummyRule("43B1", *both("dummy_rights.module.14")),
    DummyRule("43B2(a)", *both("dummy_rights.module.15")),
    DummyRule("43B2(b)", *both("dummy_rights.module.16")),
    DummyRule("43B3", *both("dummy_rights.module.17")),
)


def dummy_may_ask(during_play: bool) -> bool:
    """Dummy has no questions during the play (43A1(c)); the presumed dummy none after the
    final pass (41B); after play ends his limitations lapse (42B3)."""
    return not during_play


__all__ = ["AFTER_43A2_BREACH", "LIMITATIONS", "RIGHTS", "DummyRule", "dummy_may_ask"]
