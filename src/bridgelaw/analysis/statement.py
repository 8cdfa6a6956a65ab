"""A claim's statement as the claim checker reads it (68C, 70D1, 70E): the free text
and, when given, the structured line (``core.stated_line``), read into what the normal
lines of ``analysis.normal`` are bound by. The rules are the table "Normal play" in
``docs/claims.md``.

Free text is read for suits (in the order named), "from the top", a finesse, a duck (a
trick of a suit given up first: «сначала отдам черву»), a cross-ruff and trumps, in English
and Russian. A player names a suit by its table name too
(«вини», «буби», «крести»), or by the honour he finesses against or drops («играю на
падение дамы»: the suit where the opponents hold the queen). "From the top" said of the
trumps alone is the trump suit's play: the side suits stay open; said of the rest
(«остальное сверху») it is every suit not given another way; said of suits, those of its
clause and of the list just before it («пики, бубны, трефы сверху»). A word the claimer negates says the
opposite («без импаса», "not drawing trumps"): a finesse or a duck he refuses is a suit
played from the top, as is one he plays for the drop; trumps he says he leaves, or draws
only after something else ("then draw trumps", "trumps after the spades"), are not drawn
first; "after drawing trumps" draws them first. A trump named only as what he ruffs with
(«козырем», «козырну», "with a small trump", "trump a heart") says nothing about drawing them. A structured line says the same without
doubt and wins where the two differ (the director is told where they do). A suit whose play the statement leaves open is
played from the top where the regulating authority says so (70E2, ``unstated``
``top_down``); otherwise every normal way of playing it counts against the claimer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bridgelaw.analysis.normal import suit_set
from bridgelaw.core.cards import Card, Rank, Suit, cards_of
from bridgelaw.core.stated_line import StatedLine

# the table's own names too: «вини», «буби», «крести» (not «перекрёстная»)
_TABLE_ENDINGS = r"(?:и|ей|ям|ями|ях|а|у|ой)\b"
_SUIT_WORDS: tuple[tuple[Suit, str], ...] = (
    (Suit.S, r"spade|пик|♠|\bвин(?:и|ей|ям|ями|ях)\b"), (Suit.H, r"heart|черв|♥"),
    (Suit.D, r"diamond|бубн|♦|\bбуб" + _TABLE_ENDINGS), (Suit.C, r"club|треф|♣|\bкрест" + _TABLE_ENDINGS),
)
# an honour named instead of its suit («играю на падение дамы», "finesse the king")
_RANK_WORDS: tuple[tuple[Rank, str], ...] = (
    (Rank.KING, r"\bking|\bкорол[ьяюе]"), (Rank.QUEEN, r"\bqueen|\bдам(?:а|у|ы|ой)\b"),
    (Rank.JACK, r"\bjack|\bвалет"), (Rank.TEN, r"\bten\b|\bдесятк"),
)
_TOP = r"from the top|top down|сверху|сверх|с туза|с короля"
# "from the top" said of the rest: every suit not given another way
_REST = r"остальн|\brest\b|\bother|\bвс[её]\b|дальше|everything|\ball\b"
_FINESSE = r"finess|импас|прорез"
# a trick of a named suit given up first: the suit's word inside the phrase, so that a
# trump or an honour conceded first is not taken for a duck in another suit
_GIVEN_FIRST = (r"(?:giv\w* up|los[ei]\w*|conced\w*) (?:a|one) (?:spade|heart|diamond|club)\w* (?:trick )?first"
                r"|сначала отда\w* (?:одн\w* )?(?:пик|черв|бубн|треф)|(?:пик|черв|бубн|треф)\w* сначала отда")
_DUCK = r"\bduck|пропуст|пропущ|отдав|" + _GIVEN_FIRST
_CROSS = r"cross.?ruff|перекр[её]ст(?:н|к)"
_TRUMPS = r"trump|козыр|draw"
_DROP = r"for the drop|on the drop|\bdrop(?:s|ping)? the\b|will (?:drop|fall)\b|на падени|\bупад[её]т|\bупадут"
# "with a trump", «козырну», «козыряю», "trump a heart": what he ruffs with, or ruffing
# itself, not drawing them
_RUFF_WITH = (r"козыр(?:ем|ями|н(?:у|ём|ем|ёт|ет|и|уть|ул\w*)|я(?:ю|ет|ем|ть|л\w*))\b"
              r"|trump(?:ing|ed)?\s+(?:(?:a|the|one|two|my|his|her|a small|a low)\s+)?(?:heart|spade|diamond|club|loser)")
_RUFF_WITH_EN = re.compile(r"\bruff\w*\b[^,;.]*\bwith (?:[\w']+ ){0,2}$")  # "ruff a heart with a small trump"
# words that negate what follows them (or, in Russian, «не» after the verb: «импасировать не буду»)
_NEGATIONS = frozenset({"no", "not", "without", "never", "leaving", "ignoring", "без", "не", "ни", "нет"})
_NEGATED_AFTER = frozenset({"не", "нет"})
# words that may stand between a negation and what it negates ("not going to finesse",
# «не буду импасировать», "without drawing trumps"); any other word ends the negation's reach
_BETWEEN = frozenset({
    "going", "to", "take", "taking", "try", "trying", "a", "the", "any", "need", "needed", "will", "i", "do",
    "be", "play", "playing", "for", "drawing", "pulling", "touching", "draw", "pull", "touch",
    "буду", "будет", "снимая", "снимаю", "сниму", "трогая", "трогаю", "делая", "делаю", "нужен", "нужно",
    "надо", "играя", "играю", "выбирая", "выбираю", "брать", "беря", "point", "in", "смысла",
})
_CLAUSE_END = re.compile(r"[,;.:!?()\u2014\u2013]|\s-\s|\bthen\b|\bпотом\b|\bзатем\b")
# what comes before the trumps says they are drawn later ("then", «после этого»); "after"
# followed by anything else puts the trumps first ("after drawing trumps", «после снятия
# козырей»), and after the trumps it puts them later ("trumps after the spades")
_THEN = re.compile(r"\b(?:then|afterwards|later|потом|затем|далее)\b|\b(?:after|после) (?:that|this|which|этого|чего|того)\b")
_AFTER = re.compile(r"\b(?:after|после)\b")
_WORD = re.compile(r"[\w']+")
_LIST_WORDS = frozenset({"и", "and", "the", "а", "также"})  # words that join the suits of a list
UNSTATED = ("any", "top_down")  # 70E2: how a suit the statement leaves open is played


@dataclass(frozen=True, slots=True)
class Statement:
    """What the claimer's statement commits him to: the order of suits, how each named
    suit is played (``ways``: ``top``, ``finesse``, ``duck``), trumps (``first``,
    ``not_first`` or not said), a cross-ruff, tricks conceded, and the regulation for
    suits left open."""

    text: str = ""
    order: tuple[Suit, ...] = ()
    ways: tuple[tuple[Suit, str], ...] = ()
    trumps: str = ""
    mentions_trumps: bool = False
    cross_ruff: bool = False
    conceded: int = 0
    unstated: str = "any"
    structured: bool = False
    # what the words say otherwise than the structured line, which was held ("order",
    # "trumps", a suit's name): the director reads both and judges (70D1)
    differs: tuple[str, ...] = ()

    @staticmethod
    def parse(text: str, line: StatedLine | None = None, unstated: str = "any",
              trump: Suit | None = None, opponents: int = 0, ours: int = 0) -> Statement:
        """The statement read from ``text`` (and ``line``); ``trump`` is the trump suit, the
        one the words for trumps name; ``opponents`` and ``ours`` the cards the claimer's
        opponents and his side hold (masks): an honour he names in a clause that names no
        suit is of the one suit where they hold it and his side can finesse or drop it."""
        t = text.lower()
        named = sorted((m.start(), suit) for suit, pat in _SUIT_WORDS if (m := re.search(pat, t)) is not None)
        named = sorted(named + _honour_suits(t, named, cards_of(opponents), cards_of(ours)))
        cross = bool(re.search(_CROSS, t))
        mentions = bool(re.search(_TRUMPS, t)) or cross
        words = Statement(text=text, order=tuple(s for _, s in named),
                          ways=tuple(sorted(_ways_in_words(t, named, trump).items())),
                          trumps="" if cross else _trumps_in_words(t), mentions_trumps=mentions, cross_ruff=cross,
                          unstated=unstated if unstated in UNSTATED else "any")
        return words if line is None else words._with_line(line)

    def _with_line(self, line: StatedLine) -> Statement:
        """The statement with its structured line: where the two differ, the line."""
        order, ways = self.order, self.ways
        if line.suits:
            order = tuple(s for s, _ in line.suits)
            ways = tuple(sorted((s, w) for s, w in line.suits if w))
        cross = self.cross_ruff or line.cross_ruff
        return Statement(
            text=self.text, order=order, ways=ways, trumps=line.trumps or ("" if cross else self.trumps),
            mentions_trumps=self.mentions_trumps or bool(line.trumps) or cross, cross_ruff=cross,
            conceded=line.conceded, unstated=self.unstated, structured=True, differs=self._differs(line))

    def _differs(self, line: StatedLine) -> tuple[str, ...]:
        """What the words say otherwise than ``line``: the order of the suits both name, how
        a suit is played (the words say a way the line does not, or another), the trumps."""
        out: list[str] = []
        if line.suits:
            stated = [s for s, _ in line.suits]
            if [s for s in self.order if s in stated] != [s for s in stated if s in self.order]:
                out.append("order")
            said = dict(line.suits)
            out += [s.name for s, w in self.ways if said.get(s, "") != w]
        if line.trumps and self.trumps and line.trumps != self.trumps:
            out.append("trumps")
        return tuple(out)

    def way(self, suit: Suit) -> str:
        """How the claimer plays ``suit``: as stated, else as the regulation says (70E2), else ``""``."""
        stated = dict(self.ways).get(suit, "")
        return stated or ("top" if self.unstated == "top_down" else "")

    def bounds(self) -> dict[str, Any]:
        """The ``analysis.normal.Ending`` fields the statement sets."""
        ways = {s: self.way(s) for s in Suit}
        return {
            "trumps_first": self.trumps == "first", "order": self.order,
            "top": suit_set({s for s, w in ways.items() if w in ("top", "duck")}),
            "finesse": suit_set({s for s, w in ways.items() if w == "finesse"}),
            "duck": suit_set({s for s, w in ways.items() if w == "duck"}),
            "cross_ruff": self.cross_ruff,
        }

    def to_json(self) -> dict[str, Any]:
        """The statement as parsed, for the director: what the checker held the claimer to."""
        out: dict[str, Any] = {
            "suits": [{"suit": s.name, "play": self.way(s)} for s in self.order],
            "trumps": self.trumps, "cross_ruff": self.cross_ruff, "conceded": self.conceded,
            "unstated": self.unstated, "structured": self.structured,
        }
        also = [{"suit": s.name, "play": w} for s, w in self.ways if s not in self.order]
        if also:  # suits played a stated way in no stated order («козыри сверху»)
            out["also"] = also
        if self.differs:
            out["differs"] = list(self.differs)
        return out


def _ways_in_words(t: str, named: list[tuple[int, Suit]], trump: Suit | None) -> dict[Suit, str]:
    """How each named suit is played, as the words say: a finesse or a duck goes to the
    suit named in its clause, else the one named nearest the word, and a refused one
    («без импаса», "no finesse") or a drop makes that suit played from the top; "from the
    top" goes to the suits it speaks of (``_topped``)."""
    ways: dict[Suit, str] = {}
    for pattern, way in ((_FINESSE, "finesse"), (_DUCK, "duck"), (_DROP, "top")):
        for m in re.finditer(pattern, t):
            if not named:
                continue
            suit = _suit_of(t, m.start(), named)
            if _negated(t, m):
                if way != "top":  # «если король не упадёт»: a condition, not a way of playing
                    ways[suit] = "top"
            elif way != "duck" or "duck" not in ways.values():
                ways.setdefault(suit, way)
    for m in re.finditer(_TOP, t):
        for suit in _topped(t, m.start(), named, trump):
            ways.setdefault(suit, "top")
    return ways


def _topped(t: str, at: int, named: list[tuple[int, Suit]], trump: Suit | None) -> list[Suit]:
    """The suits "from the top" at ``at`` speaks of: those its clause names; the trump suit
    alone when the clause names trumps and no suit («козыри сверху, остальные мои» leaves
    the side suits open); every suit when it speaks of the rest («пиковый импас, остальное
    сверху»: a suit given another way keeps it) or no suit is named at all; else every
    suit named («пропущу одну черву, потом сверху»)."""
    start, end = _clause(t, at)
    clause = t[start:end]
    start = _list_start(t, start)
    here = {s for p, s in named if start <= p < end} | {s for s, pat in _SUIT_WORDS if re.search(pat, t[start:end])}
    if here:
        return sorted(here)
    if trump is not None and re.search(_TRUMPS, clause):
        return [trump]
    if not named or re.search(_REST, clause):
        return list(Suit)
    return [s for _, s in named]


def _list_start(t: str, start: int) -> int:
    """Where the list of suits ending in the clause at ``start`` begins: the clauses just
    before it, after a comma, that name only suits («пики, бубны, трефы сверху»)."""
    while start > 0 and t[start - 1] == ",":
        before = [m.end() for m in _CLAUSE_END.finditer(t, 0, start - 1)]
        prev = before[-1] if before else 0
        words = _WORD.findall(t[prev: start - 1])
        if not words or not all(w in _LIST_WORDS or any(re.match(pat, w) for _, pat in _SUIT_WORDS) for w in words):
            return start
        start = prev
    return start


def _honour_suits(
    t: str, named: list[tuple[int, Suit]], opponents: list[Card], ours: list[Card],
) -> list[tuple[int, Suit]]:
    """Honours named for a finesse or a drop in clauses that name no suit («играю на
    падение дамы», "finesse the king"), each with the suit in which the opponents hold it,
    when that is one suit, or one suit where the claimer's side can do what he says (a
    finesse: it holds a card above the honour and the one just below; a drop: every card
    above): a suit named as if by its name. Otherwise none: the doubt is the claimer's."""
    found: list[tuple[int, Suit]] = []
    for rank, pat in _RANK_WORDS:
        held = {c.suit for c in opponents if c.rank is rank}
        for m in re.finditer(pat, t):
            start, end = _clause(t, m.start())
            clause = t[start:end]
            if not re.search(f"{_FINESSE}|{_DROP}", clause) or any(start <= p < end for p, _ in named):
                continue
            finesse = bool(re.search(_FINESSE, clause))
            suits = held if len(held) < 2 else {s for s in held if _can_take(rank, s, ours, finesse)}
            if len(suits) == 1:
                found.append((m.start(), next(iter(suits))))
    return found


def _can_take(rank: Rank, suit: Suit, ours: list[Card], finesse: bool) -> bool:
    """Whether the claimer's side can finesse against (or drop) the honour ``rank`` of
    ``suit`` with the cards it holds."""
    mine = {c.rank for c in ours if c.suit is suit}
    if finesse:
        return Rank(rank - 1) in mine and any(r > rank for r in mine)
    return all(Rank(r) in mine for r in range(rank + 1, Rank.ACE + 1))


def _trumps_in_words(t: str) -> str:
    """``first`` when the words draw trumps before anything else, ``not_first`` when they
    refuse to draw them or draw them only after something else ("then draw trumps"), and
    ``""`` when they name no trumps or only as what the claimer ruffs with."""
    drawing = [m for m in re.finditer(_TRUMPS, t)
               if not re.match(_RUFF_WITH, t[m.start():]) and not _RUFF_WITH_EN.search(t[:m.start()])]
    if not drawing:
        return ""
    kept = [m for m in drawing if not _negated(t, m)]
    if not kept:
        return "not_first"
    start, end = _clause(t, kept[0].start())
    later = _THEN.search(t[max(0, start - 12): kept[0].start()]) or _AFTER.search(t[kept[0].end(): end])
    return "not_first" if later else "first"


def _clause(t: str, at: int) -> tuple[int, int]:
    """The bounds of the clause of ``t`` around position ``at`` (between punctuation or a "then")."""
    start = 0
    for m in _CLAUSE_END.finditer(t):
        if m.end() <= at:
            start = m.end()
        elif m.start() > at:
            return start, m.start()
    return start, len(t)


def _suit_of(t: str, at: int, named: list[tuple[int, Suit]]) -> Suit:
    """The suit a word at ``at`` speaks of: the one named in its clause nearest it, else the
    one named nearest it anywhere."""
    start, end = _clause(t, at)
    near = [ps for ps in named if start <= ps[0] < end] or named
    return min(near, key=lambda ps: abs(ps[0] - at))[1]


def _negated(t: str, m: re.Match[str]) -> bool:
    """Whether the word matched is negated in its clause: a negation just before it, or
    before it with up to three connecting words between ("not going to finesse", «не
    снимая козырей»; not "not sure, but finesse"), or «не» right after the word
    («импасировать не буду», «козырей не снимаю»)."""
    start, end = _clause(t, m.start())
    for w in reversed(_WORD.findall(t[start: m.start()])[-4:]):
        if w in _NEGATIONS or w.endswith("n't"):
            return True
        if w not in _BETWEEN:
            break
    word_end = re.match(r"\w*", t[m.end():])
    after = _WORD.findall(t[m.end() + (word_end.end() if word_end else 0): end])[:1]
    return bool(after) and after[0] in _NEGATED_AFTER


__all__ = ["UNSTATED", "Statement"]
