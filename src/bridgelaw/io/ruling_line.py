"""One line naming a ruling, for hand-record output.

The ``replay`` report and the PBN commentary both name each ruling the same way: what it
is about, who offended and the laws applied. Keeping that one line in one place means a
record written by ``bridgelaw`` and the report of replaying it cannot describe the same
ruling in two ways.
"""

from __future__ import annotations

from bridgelaw.rulings import Ruling


def ruling_headline(ruling: Ruling) -> str:
    """``insufficient bid by E (Law 27A1)``: the kind in words, the offender, the laws."""
    text = ruling.kind.replace("_", " ")
    if ruling.offender is not None:
        text += f" by {ruling.offender.name}"
    if ruling.laws:
        text += f" (Law {', '.join(ruling.laws)})"
    return text


def ruling_line(ruling: Ruling) -> str:
    """The headline and, when an option was chosen, the option in words."""
    text = ruling_headline(ruling)
    if ruling.choice:
        text += f": {ruling.choice.replace('_', ' ')}"
    return text
