"""Dummy's rights and limitations (Laws 42, 43) and what follows when dummy breaks them (43B).

Most of these are things dummy *says* or *does* at the table that the action vocabulary
does not carry (looking at a hand, leaving his seat); the engine enforces what actions
allow - dummy's requests for information are refused during the play (``information_rights``)
- and exposes the rest as data for the director and the web table: what dummy may do, what
he may not, and the rectification the director applies after a breach of 43A2.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class DummyRule:
    law: str
    en: str
    ru: str


RIGHTS: tuple[DummyRule, ...] = (
    DummyRule("42A1", "give information on fact or law in the director's presence",
              "сообщать о фактах и Правилах в присутствии судьи"),
    DummyRule("42A2", "keep count of tricks won and lost", "следить за количеством взятых и отданных взяток"),
    DummyRule("42A3", "play dummy's cards as declarer's agent, as directed", "играть картами стола по указанию разыгрывающего"),
    DummyRule("42B1", "ask declarer, when he fails to follow suit, whether he has a card of the suit led",
              "спросить разыгрывающего, не сыгравшего в масть, нет ли у него карт этой масти"),
    DummyRule("42B2", "try to prevent an irregularity (e.g. a lead from the wrong hand)",
              "пытаться предотвратить нарушение (например, ход не из той руки)"),
    DummyRule("42B3", "draw attention to an irregularity, but only after play ends",
              "обратить внимание на нарушение, но только после окончания розыгрыша"),
)

LIMITATIONS: tuple[DummyRule, ...] = (
    DummyRule("43A1(a)", "not call the director during play unless another player has drawn attention to an irregularity",
              "не вызывать судью во время розыгрыша, если никто другой не обратил внимания на нарушение"),
    DummyRule("43A1(b)", "not call attention to an irregularity during play", "не обращать внимания на нарушение во время розыгрыша"),
    DummyRule("43A1(c)", "not take part in the play nor communicate anything about it to declarer (no questions: 41B, 41C, 66)",
              "не участвовать в розыгрыше и ничего не сообщать о нём разыгрывающему (без вопросов: 41B, 41C, 66)"),
    DummyRule("43A2(a)", "not exchange hands with declarer", "не меняться руками с разыгрывающим"),
    DummyRule("43A2(b)", "not leave his seat to watch declarer's play", "не покидать место, чтобы смотреть игру разыгрывающего"),
    DummyRule("43A2(c)", "not look at a defender's face-down cards on his own initiative",
              "не смотреть по своей инициативе закрытые карты защитника"),
    DummyRule("61B2(b)", "not ask a defender whether he has revoked", "не спрашивать защитника о возможном ренонсе (61B)"),
)

# 43B: after a breach of 43A2, dummy loses protections; the director applies these.
AFTER_43A2_BREACH: tuple[DummyRule, ...] = (
    DummyRule("43B1", "dummy may be subject to a procedural penalty (90)", "к болвану может быть применён процедурный штраф (90)"),
    DummyRule("43B2(a)", "if dummy then warns declarer not to lead from the wrong hand, either defender chooses the hand declarer leads from",
              "если затем болван предупредит разыгрывающего о ходе не из той руки, любой защитник выбирает руку, из которой ходит разыгрывающий"),
    DummyRule("43B2(b)", "if dummy is first to ask declarer about a possible revoke, declarer corrects it if he can but the revoke rectification still applies",
              "если болван первым спросит разыгрывающего о возможном ренонсе, разыгрывающий исправляет его, если может, но исправление за ренонс применяется"),
    DummyRule("43B3", "if dummy is first to draw attention to a defender's irregularity, there is no rectification; the director takes away only the defenders' gain at the end of play",
              "если болван первым обратит внимание на нарушение защитника, исправления нет; судья по окончании розыгрыша отнимает лишь выигрыш защитников"),
)


def dummy_may_ask(during_play: bool) -> bool:
    """Dummy has no questions during the play (43A1(c)); the presumed dummy none after the
    final pass (41B); after play ends his limitations lapse (42B3)."""
    return not during_play


__all__ = ["AFTER_43A2_BREACH", "LIMITATIONS", "RIGHTS", "DummyRule", "dummy_may_ask"]
