"""A rendered message crosses process boundaries (the replay's workers send their reports
to the parent) and copies (a table's snapshot) as its message, not as English text."""

from __future__ import annotations

import copy
import pickle

from bridgelaw.core.cards import Seat
from bridgelaw.i18n.render import Text, text


def test_a_message_survives_pickling_and_renders_in_russian_afterwards() -> None:
    t = text("table.log.on_tempo", action=1, seat=Seat.N, kind="hesitation")
    back = pickle.loads(pickle.dumps(t))
    assert isinstance(back, Text) and back == t
    assert back.render("ru") == t.render("ru")


def test_a_message_survives_a_deep_copy() -> None:
    t = text("table.log.on_tempo", action=1, seat=Seat.N, kind="hesitation")
    assert copy.deepcopy(t).render("ru") == t.render("ru")
