"""Messages as ids with typed parameters, turned into text only when someone reads them.

A handler says *what* happened — ``msg("27.replaced", seat=o, call=c)`` — and the
catalog says how each language puts it. Parameters keep their type (a ``Seat``, a
``Card``, a ``Call``, a ``Suit``, a count, a law reference, or another message), so the
Russian template can decline a seat (``{seat:gen}`` → «Севера»), put a call in the
accusative (``{call:acc}`` → «контру») or use the verb a director says (``{call:did}``
→ «спасовал»), while the English template writes the same value its own way.

Format specs a template may use on a parameter (Russian; English ignores the case specs):

* seat: ``nom`` (default) ``gen`` ``dat`` ``acc`` ``ins`` ``pre``
* call: ``nom`` (default) ``acc`` ``gen`` ``did`` (the verb: спасовал, дал контру, заявил 1♥),
  ``noun`` (the call as a subject: назначение 1♥, пас, контра); in English ``long`` (1♥,
  pass), ``did`` (passed, doubled, bid 1♥) and ``noun`` (as ``long``)
* call or cards, a word that agrees with it: ``=m|f|n|pl`` gives the form of the word for
  the gender of the call as a subject (пас — masculine, контра — feminine, назначение —
  neuter: ``{call:=отменён|отменена|отменено}``) or, for a list of cards, the singular
  or the plural (``{cards:=возвращается|возвращаются}``)
* suit: ``sym`` (default ♠) ``pl`` (пики, червы, бубны, трефы) ``gen`` (пик, червей, …)
* side: ``short`` (С–Ю) or the default (Север–Юг)
* any text value: ``cap`` (first letter in capitals)

``Text`` is a ``str`` (the English rendering, so existing code that handles strings keeps
working) that remembers its message, so the edge — the scenario command, the server —
can render the same value again in the language asked for (``localize``).
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from bridgelaw.core.calls import Call, CallKind, Contract, Strain
from bridgelaw.core.cards import Card, Seat, Side, Suit
from bridgelaw.core.references import text_in_edition
from bridgelaw.errors import install_message_maker
from bridgelaw.i18n.catalog import LANGUAGES, catalog

# ---------------------------------------------------------------------------------------
# Russian words for the typed values (GLOSSARY-ru: the director's terms of the sources)

SEAT_CASES_RU: dict[str, dict[Seat, str]] = {
    "nom": {Seat.N: "Север", Seat.E: "Восток", Seat.S: "Юг", Seat.W: "Запад"},
    "gen": {Seat.N: "Севера", Seat.E: "Востока", Seat.S: "Юга", Seat.W: "Запада"},
    "dat": {Seat.N: "Северу", Seat.E: "Востоку", Seat.S: "Югу", Seat.W: "Западу"},
    "acc": {Seat.N: "Севера", Seat.E: "Востока", Seat.S: "Юга", Seat.W: "Запада"},
    "ins": {Seat.N: "Севером", Seat.E: "Востоком", Seat.S: "Югом", Seat.W: "Западом"},
    "pre": {Seat.N: "Севере", Seat.E: "Востоке", Seat.S: "Юге", Seat.W: "Западе"},
}
SUIT_RU: dict[str, dict[Suit, str]] = {
    "pl": {Suit.S: "пики", Suit.H: "червы", Suit.D: "бубны", Suit.C: "трефы"},
    "gen": {Suit.S: "пик", Suit.H: "червей", Suit.D: "бубен", Suit.C: "треф"},
}
SUIT_EN: dict[str, dict[Suit, str]] = {
    "pl": {Suit.S: "spades", Suit.H: "hearts", Suit.D: "diamonds", Suit.C: "clubs"},
}
SIDE_RU = {Side.NS: "Север–Юг", Side.EW: "Восток–Запад"}
SIDE_RU_SHORT = {Side.NS: "С–Ю", Side.EW: "В–З"}
STRAIN_RU = {Strain.C: "♣", Strain.D: "♦", Strain.H: "♥", Strain.S: "♠", Strain.N: "БК"}
RANK_RU = {"A": "Т", "K": "К", "Q": "Д", "J": "В", "T": "10"}
CALL_RU = {
    "nom": {CallKind.PASS: "пас", CallKind.DOUBLE: "контра", CallKind.REDOUBLE: "реконтра"},
    "acc": {CallKind.PASS: "пас", CallKind.DOUBLE: "контру", CallKind.REDOUBLE: "реконтру"},
    "gen": {CallKind.PASS: "паса", CallKind.DOUBLE: "контры", CallKind.REDOUBLE: "реконтры"},
    "did": {CallKind.PASS: "спасовал", CallKind.DOUBLE: "дал контру", CallKind.REDOUBLE: "дал реконтру"},
    "noun": {CallKind.PASS: "пас", CallKind.DOUBLE: "контра", CallKind.REDOUBLE: "реконтра"},
}
# the grammatical gender of a call named as a subject (``noun``): пас, контра, назначение 1♥
CALL_GENDER_RU = {CallKind.PASS: 0, CallKind.DOUBLE: 1, CallKind.REDOUBLE: 1, CallKind.BID: 2}
CALL_EN_DID = {CallKind.PASS: "passed", CallKind.DOUBLE: "doubled", CallKind.REDOUBLE: "redoubled"}


SEAT_EN = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
CALL_EN = {CallKind.PASS: "pass", CallKind.DOUBLE: "double", CallKind.REDOUBLE: "redouble"}


def card_text(card: Card, lang: str, spec: str = "") -> str:
    if lang == "ru":
        return card.suit.symbol + RANK_RU.get(card.rank.char, card.rank.char)
    if spec == "long":
        return card.suit.symbol + ("10" if card.rank.char == "T" else card.rank.char)
    return str(card)


def call_text(call: Call, lang: str, spec: str = "") -> str:
    if lang == "ru":
        if call.kind is CallKind.BID:
            assert call.strain is not None
            bid = f"{call.level}{STRAIN_RU[call.strain]}"
            return {"did": f"заявил {bid}", "noun": f"назначение {bid}"}.get(spec, bid)
        return CALL_RU.get(spec or "nom", CALL_RU["nom"])[call.kind]
    if spec in ("long", "noun", "did"):
        if call.kind is CallKind.BID:
            assert call.strain is not None
            bid = f"{call.level}{'NT' if call.strain is Strain.N else call.strain.symbol}"
            return f"bid {bid}" if spec == "did" else bid
        return (CALL_EN_DID if spec == "did" else CALL_EN)[call.kind]
    return str(call)


def agreeing(value: Any, forms: str) -> str:
    """The form of a word that agrees with ``value`` (``forms``: masculine|feminine|neuter|
    plural): with a call by the gender of its noun, with cards by their number."""
    words = forms.split("|")
    if isinstance(value, Call):
        return words[CALL_GENDER_RU[value.kind]]
    if isinstance(value, list | tuple):  # cards: one (a feminine noun, карта) or several
        return (words[1] if len(words) > 2 else words[0]) if len(value) == 1 else words[-1]
    return words[0]


def _value(value: Any, spec: str, lang: str) -> str:
    """One typed value as text in ``lang``."""
    if spec.startswith("="):
        return agreeing(value, spec[1:])
    cap = spec.endswith("cap")
    spec = spec.removesuffix("cap").rstrip(",")
    text = _plain(value, spec, lang)
    return text[:1].upper() + text[1:] if cap else text


def _plain(value: Any, spec: str, lang: str) -> str:
    """A parameter as text: a message renders itself, a bridge value by the table of
    ``_BRIDGE_TEXT``, a list item by item; anything else as ``str``."""
    if isinstance(value, Msg | Text | Described | RulingRef | Numbered | Sentences | Chosen):
        return value.render(lang)
    if isinstance(value, Pair):
        return value.ru if lang == "ru" else value.en
    for kind, text in _BRIDGE_TEXT:
        if isinstance(value, kind):
            return text(value, lang, spec)
    if isinstance(value, bool):
        return {"ru": ("нет", "да"), "en": ("no", "yes")}[lang][value]
    if isinstance(value, int) and spec == "minus":
        return str(value).replace("-", "−")  # the typographic minus of a written score
    if isinstance(value, list | tuple):  # a list read aloud: ♠A, ♥K
        return ", ".join(_plain(v, spec, lang) for v in value)
    if value is None:
        return ""
    return str(value)


def _seat_text(seat: Seat, lang: str, spec: str) -> str:
    """A seat: Russian in the case the spec names (nominative by default); English
    ``N`` or, with ``long``, ``North``."""
    if lang == "ru":
        return SEAT_CASES_RU.get(spec or "nom", SEAT_CASES_RU["nom"])[seat]
    return SEAT_EN[seat] if spec == "long" else seat.name


def _side_text(side: Side, lang: str, spec: str) -> str:
    if lang == "ru":
        return (SIDE_RU_SHORT if spec == "short" else SIDE_RU)[side]
    if spec == "long":
        return "–".join(SEAT_EN[s] for s in side.seats)
    return side.name


def _suit_text(suit: Suit, lang: str, spec: str) -> str:
    """A suit by the word table the spec names, else its symbol (Russian, or ``sym``) or
    its letter."""
    table = (SUIT_RU if lang == "ru" else SUIT_EN).get(spec)
    if table:
        return table[suit]
    return suit.symbol if lang == "ru" or spec == "sym" else suit.name


def contract_text(contract: Contract, lang: str, spec: str = "") -> str:
    """'4SXN' (with the declarer) or, with the spec ``bare``, '4SX'; Russian '4♠ с контрой'."""
    if lang != "ru":
        if spec == "sym":
            strain = "NT" if contract.strain.name == "N" else Suit[contract.strain.name].symbol
            return f"{contract.level}{strain}{contract.risk}"
        return f"{contract.level}{contract.strain.name}{contract.risk}" if spec == "bare" else str(contract)
    strain = STRAIN_RU[contract.strain]
    risk = {"": "", "X": " с контрой", "XX": " с реконтрой"}[str(contract.risk)]
    return f"{contract.level}{strain}{risk}"


# How each bridge value is written, tried in this order.
_BRIDGE_TEXT: tuple[tuple[type, Callable[[Any, str, str], str]], ...] = (
    (Seat, _seat_text), (Side, _side_text), (Suit, _suit_text),
    (Card, card_text), (Call, call_text), (Contract, contract_text),
)


# Message ids made from a value (``kind.<ruling kind>``, ``tempo.<kind>``, ``request.kind.<ask>``): the catalog
# names each value it knows; the catalog tests check that every known value has a word.
# The parts of a ruling's decision (``bridgelaw.table.decision``) are chosen the same way,
# by kind, consequence, restriction and question key, each checked against the catalog.
OPEN_SETS = ("kind.", "tempo.", "report.", "table.log.option.", "claims.what.", "claims.act.", "claims.verb.", "decision.what.", "decision.now.",
             "decision.outcome.", "decision.closing.",
             "decision.question.", "decision.choose.", "decision.chosen.", "decision.follow.", "answer.value.", "answer.side.",
             "answer.problem.", "request.kind.")


class _Formatter(string.Formatter):
    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        return _value(value, format_spec, self.lang)


# ---------------------------------------------------------------------------------------
# Edition overrides: a message whose wording differs in another edition of the Laws has a
# second catalog entry, ``<id>@<edition>`` (``play_irregularities.open.10@1997``: the 1997
# Laws speak of a penalty where 2017 speaks of rectification). A text rendered for a ruling
# of that edition (``edition_texts``) uses the override; the handler stays shared.

EDITION_MARK = "@"
_EDITION: ContextVar[str] = ContextVar("text_edition", default="2017")


@contextmanager
def edition_texts(edition: str) -> Iterator[None]:
    """Render messages in the wording of ``edition`` inside the block."""
    token = _EDITION.set(edition)
    try:
        yield
    finally:
        _EDITION.reset(token)


def edition_id(id: str, ids: Mapping[str, object] | frozenset[str], edition: str) -> str:
    """The catalog id to render for message ``id`` in ``edition``: its override there, if
    the catalog has one, else ``id``."""
    if edition == "2017":
        return id
    override = f"{id}{EDITION_MARK}{edition}"
    return override if override in ids else id


def has_override(message: Msg, edition: str) -> bool:
    """Whether ``message`` or a message among its parameters is worded otherwise in
    ``edition``."""
    if edition == "2017":
        return False
    entries = catalog("en").entries
    todo: list[Any] = [message]
    while todo:
        m = todo.pop()
        if isinstance(m, Text):
            m = m.msg
        if isinstance(m, Sentences):
            todo.extend(m.parts)
        elif isinstance(m, Msg):
            if edition_id(m.id, entries, edition) != m.id:
                return True
            todo.extend(v for v in m.params.values() if isinstance(v, Msg | Text | Sentences | list | tuple))
        elif isinstance(m, list | tuple):
            todo.extend(v for v in m if isinstance(v, Msg | Text | Sentences))
    return False


# ---------------------------------------------------------------------------------------
# Messages


@dataclass(frozen=True)
class Msg:
    """A message id and its typed parameters; rendered by ``render(lang)``.

    A message whose catalog entry has plural forms chooses the form by its ``n``
    parameter, with the plural rule of each language (Russian: 1 взятка, 2 взятки,
    5 взяток, 21 взятка)."""

    id: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def render(self, lang: str = "en") -> str:
        cat = catalog(lang)
        if self.id not in cat and self.id.startswith(OPEN_SETS):
            return self.id.rsplit(".", 1)[1].replace("_", " ")  # a value the catalog has no word for yet
        entry = cat.entry(edition_id(self.id, cat.entries, _EDITION.get()))
        template = entry.form(self.params.get("n")) if entry.plural else entry.text
        return _Formatter(lang).vformat(template, (), dict(self.params))

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "params": {k: _jsonable(v) for k, v in self.params.items()}}


def _jsonable(value: Any) -> Any:
    if isinstance(value, Msg):
        return value.to_json()
    if isinstance(value, Pair):
        return {"en": value.en, "ru": value.ru}
    if isinstance(value, Described):
        return value.text
    if isinstance(value, RulingRef):
        return value.id
    if isinstance(value, Numbered):
        return value.index
    if isinstance(value, Sentences):
        return [_jsonable(p) for p in value.parts]
    if isinstance(value, Seat | Side | Suit):
        return value.name
    if isinstance(value, Card | Call | Contract):
        return str(value)
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


@dataclass(frozen=True)
class Pair:
    """A value already worded in each language by code that has not yet moved its words
    into the catalog (a list of events, a choice of phrase)."""

    en: str
    ru: str


_CODE = re.compile(r"\b[SHDC](?:10|[AKQJT2-9])\b|\b(?:[NESW]|with|and)\b")
_WORDS_RU = {"with": "у", "and": "и"}
_WITH_SEAT = re.compile(r"\bwith ([NESW])\b")


@dataclass(frozen=True)
class Described:
    """Free text a player or the director typed (the name of a form of the board), which
    may name cards and seats by their codes ('N with SA'): the Russian rendering writes
    those in Russian (Север у ♠Т); the words themselves are the typist's own."""

    text: str

    def render(self, lang: str) -> str:
        if lang != "ru":
            return self.text

        def word(m: re.Match[str]) -> str:
            token = m.group(0)
            if token in _WORDS_RU:
                return _WORDS_RU[token]
            if len(token) == 1:
                return SEAT_CASES_RU["nom"][Seat[token]]
            return card_text(Card.parse(token), "ru")

        # «у» takes the genitive: 'QH with W' is «♥Д у Запада»
        text = _WITH_SEAT.sub(lambda m: "у " + SEAT_CASES_RU["gen"][Seat[m.group(1)]], self.text)
        return _CODE.sub(word, text)


@dataclass(frozen=True)
class RulingRef:
    """A ruling named in a text by what it is about, when its kind is known ("insufficient
    bid", «недостаточное назначение» in quotes); else by its id in English (as the state's
    JSON numbers it), «№ 1» (counted from one) in Russian. The pages number no ruling."""

    id: int
    kind: str = ""

    def render(self, lang: str) -> str:
        if self.kind:
            from bridgelaw.i18n.catalog import catalog

            entry = catalog(lang).entries.get(f"kind.{self.kind}") if lang in ("en", "ru") else None
            if entry is not None:
                return f"«{entry.text}»" if lang == "ru" else entry.text
        return f"№ {self.id + 1}" if lang == "ru" else str(self.id)


@dataclass(frozen=True)
class Chosen:
    """The option chosen in a ruling, named in a line of a report: by its id in words in
    English (as the replay's JSON has always named it), by its label in Russian."""

    id: str
    label_ru: str = ""

    def render(self, lang: str) -> str:
        words = self.id.replace("_", " ")
        return (self.label_ru or words) if lang == "ru" else words


@dataclass(frozen=True)
class Numbered:
    """An item the state's JSON counts from zero (a call of the auction), named in a text:
    by that index in English, «№ 1» (counted from one, as a director counts) in Russian."""

    index: int

    def render(self, lang: str) -> str:
        return f"№ {self.index + 1}" if lang == "ru" else str(self.index)


@dataclass(frozen=True)
class Sentences:
    """Messages read one after another, each a sentence of its own (a ruling's decision:
    what happened, what was decided, what each player must do now, the laws), with the
    law references of the text in the numbering of ``edition``."""

    parts: tuple[Msg, ...]
    edition: str = "2017"

    def render(self, lang: str) -> str:
        # the ruling's own list of laws (``decision.laws``) is in its edition already
        with edition_texts(self.edition):
            return join(p.render(lang) if p.id == "decision.laws" else text_in_edition(p.render(lang), self.edition)
                        for p in self.parts)


def as_seat(value: object) -> Seat | str:
    """A seat parameter from a ``Seat`` or a seat letter ('N'); other text as it is."""
    if isinstance(value, Seat):
        return value
    if isinstance(value, str) and value in ("N", "E", "S", "W"):
        return Seat[value]
    return str(value)


def as_call(value: object) -> Call | str:
    """A call parameter from a ``Call`` or its text ('1H'); other text as it is."""
    if isinstance(value, Call):
        return value
    try:
        return Call.parse(str(value))
    except Exception:
        return str(value)


def msg(id: str, **params: Any) -> Msg:
    return Msg(id, params)


class Text(str):
    """A message rendered in English that remembers its message, so that the edge can
    render it again in another language (``localize``)."""

    msg: Msg

    def __new__(cls, message: Msg) -> Text:
        self = super().__new__(cls, message.render("en"))
        self.msg = message
        return self

    def render(self, lang: str) -> str:
        return self.msg.render(lang)

    def __reduce__(self) -> tuple[type[Text], tuple[Msg]]:
        # pickled as its message (a replay worker sends reports back to its parent): the
        # default would rebuild it from the English string alone
        return (Text, (self.msg,))


def text(id: str, **params: Any) -> Text:
    """The English text of a message that can be rendered again in another language."""
    return Text(Msg(id, params))


def both(id: str, **params: Any) -> tuple[Text, str]:
    """(English, Russian) of one message: for the places the data model keeps both."""
    m = Msg(id, params)
    return Text(m), m.render("ru")


def tr(value: str, lang: str) -> str:
    """A string in ``lang``: a ``Text`` is rendered again; any other string is returned
    as it is."""
    return value.render(lang) if isinstance(value, Text) else value


def localize(obj: Any, lang: str) -> Any:
    """A JSON-able value with every ``Text`` in it rendered in ``lang`` (the edge of the
    scenario command and the server); plain strings and other values are left alone."""
    if isinstance(obj, Text):
        return obj.render(lang)
    if isinstance(obj, dict):
        return {k: localize(v, lang) for k, v in obj.items()}
    if isinstance(obj, list):
        return [localize(v, lang) for v in obj]
    return obj


def check_lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"{lang!r} is not a language of the catalogs: expected one of {', '.join(LANGUAGES)}")
    return lang


def join(parts: Iterable[str]) -> str:
    return " ".join(p.strip() for p in parts if p.strip())


def _error_text(key: str, params: Mapping[str, Any]) -> Text:
    """An input error's text: English that the edge renders again in the reader's language."""
    return Text(Msg(key, dict(params)))


install_message_maker(_error_text)
