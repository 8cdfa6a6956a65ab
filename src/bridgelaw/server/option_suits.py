"""The suits a ruling's suit option may name, sent with the option as data.

A lead restriction (26A2, 26B) lets declarer forbid, or require, only some suits; the
handler works them out when it opens the ruling (``allowed``, ``require``) and refuses any
other. The page offers a button for each suit it may name, from the option's ``suits``
(never parsed out of the option's label). The table's own views are left as they are
(their JSON is the scenario contract); the live table adds the list to the frames it sends.
"""

from __future__ import annotations

from typing import Any

from bridgelaw.laws.auction.lead_restrictions import LeadRestrictionState
from bridgelaw.rulings import Ruling
from bridgelaw.table import Table


def add_option_suits(view: dict[str, Any], table: Table) -> dict[str, Any]:
    """``view`` with ``suits`` on every suit option whose ruling lists them; a new dict
    where something is added (the view's own parts are not changed)."""
    rulings = view.get("rulings") or []
    if not any(_has_suit_option(r) for r in rulings):
        return view
    by_id = {r.id: r for r in table.rulings}
    out = []
    for r in rulings:
        ruling = by_id.get(r.get("id"))
        if ruling is None or not _has_suit_option(r):
            out.append(r)
        else:
            out.append({**r, "options": [_with_suits(o, ruling) for o in r["options"]]})
    return {**view, "rulings": out}


def _has_suit_option(ruling: dict[str, Any]) -> bool:
    return any(o.get("param") == "suit" for o in ruling.get("options") or [])


def _with_suits(option: dict[str, Any], ruling: Ruling) -> dict[str, Any]:
    """The option with the suits its Law 26 ruling lets declarer forbid or require."""
    st = ruling.fact(LeadRestrictionState)
    if st is None or option.get("param") != "suit":
        return option
    listed = {"forbid_suit": st.allowed, "require_suit": st.require}.get(option.get("id", ""))
    return option if listed is None else {**option, "suits": [str(s) for s in listed]}
