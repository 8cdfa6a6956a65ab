"""One line naming a ruling, for hand-record output.

The ``replay`` report and the PBN commentary both name each ruling the same way: what it
is about, who offended and the laws applied. Keeping that one line in one place means a
record written by ``bridgelaw`` and the report of replaying it cannot describe the same
ruling in two ways.
"""

from __future__ import annotations

from bridgelaw.i18n import Msg, Text, msg
from bridgelaw.i18n.render import Chosen
from bridgelaw.rulings import Ruling


def kind_text(kind: str, lang: str = "en") -> str:
    """A ruling's kind in words, in ``lang`` (the catalog's ``kind.<kind>``); a kind the
    catalog does not name, in its own words."""
    from bridgelaw.i18n.catalog import catalog

    entry = catalog(lang).entries.get(f"kind.{kind}") if lang in ("en", "ru") else None
    return entry.text if entry is not None else kind.replace("_", " ")


def ruling_headline(ruling: Ruling, lang: str = "en") -> str:
    """``insufficient bid by E (Law 27A1)``: the kind in words, the offender, the laws."""
    text = kind_text(ruling.kind, lang)
    if ruling.offender is not None:
        text = msg("pbn.headline.by", kind=text, seat=ruling.offender).render(lang)
    if ruling.laws:
        text = msg("pbn.headline.laws", text=text, laws=", ".join(ruling.laws)).render(lang)
    return text


def option_text(ruling: Ruling, lang: str = "en") -> str:
    """The option chosen in a ruling in words: its label in ``lang``, else its id."""
    choice = ruling.choice or ""
    for option in ruling.options:
        if option.id == choice:
            label = option.label_ru if lang == "ru" else option.label
            if label:
                return label
    return choice.replace("_", " ")


def ruling_line(ruling: Ruling) -> Text:
    """The headline and, when an option was chosen, the option: in English as the replay's
    JSON has always had it (the option's id in words), in Russian when the line is
    rendered again (``tr``) with the option's label."""
    head = Msg(f"kind.{ruling.kind}")
    if ruling.offender is not None:
        head = msg("pbn.headline.by", kind=head, seat=ruling.offender)
    if ruling.laws:
        head = msg("pbn.headline.laws", text=head, laws=", ".join(ruling.laws))
    if not ruling.choice:
        return Text(msg("replay.ruling_line", headline=head))
    label_ru = next((o.label_ru or "" for o in ruling.options if o.id == ruling.choice), "")
    return Text(msg("replay.ruling_line.chosen", headline=head, choice=Chosen(ruling.choice, label_ru)))
