"""PBN input below the tag level: the byte decoding, the tag pattern and the split of a
file into games (with ``#`` inheritance and rpbridge.net's omitted deals).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from bridgelaw.core.cards import Card, Seat

# Tags the reader turns into fields of the record; every other tag is kept as given.
_MODELLED = frozenset({
    "Board", "Dealer", "Vulnerable", "Deal", "West", "North", "East", "South", "Auction",
    "Play", "Note", "Contract", "Declarer", "Result", "Score", "Claim",
})
# rpbridge.net: a game without [Deal] re-uses these from the game before it.
_INHERIT_ON_OMIT = ("Board", "Dealer", "Vulnerable", "Deal", "Event", "Site", "Date")
_NEW_GAME_ON_REPEAT = frozenset({"Event", "Board", "Deal"})
_TAG_RE = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_NOTE_REF = re.compile(r"=(\d+)=")
_CARD_OF = {text: card for card in (Card.from_index(i) for i in range(52))
            for text in (str(card), str(card).lower(), str(card)[0] + str(card)[1].lower(), str(card)[0].lower() + str(card)[1])}
_SPACE = re.compile(r"[ \t\r\f\v\x00]+")
_WORD = re.compile(r"[^ \t\r\n\[{;]+")
_TAG_LINE = re.compile(r"\n[ \t]*\[[A-Za-z0-9_]+[ \t]+\"")
_SEAT_TAGS = {"North": Seat.N, "East": Seat.E, "South": Seat.S, "West": Seat.W}


# ---------------------------------------------------------------------- decoding
def decode(raw: bytes) -> tuple[str, str | None]:
    """Bytes to text, and a warning when the file is not UTF-8.

    8-bit files are Polish cp1250 or Western cp1252 in practice; the bytes that exist only
    in cp1250's Polish letters decide between them."""
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8"), None
    except UnicodeDecodeError:
        pass
    if re.search(rb"[\x8c\x8f\x9c\x9f\xa3\xa5\xaf\xb3\xb9\xbf]", raw):
        return raw.decode("cp1250", "replace"), "not UTF-8: read as cp1250 (Central European)"
    return raw.decode("cp1252", "replace"), "not UTF-8: read as cp1252 (Western European)"


# ---------------------------------------------------------------------- tokens
@dataclass(slots=True)
class _Tag:
    name: str
    value: str
    words: list[str] = field(default_factory=list)
    line: int = 0


@dataclass(slots=True)
class _Game:
    tags: list[_Tag] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    line: int = 0


def _games(text: str) -> Iterator[_Game]:
    """Split a PBN text into games: tags with the section words that follow each one.

    A blank line outside a comment ends a game; so does a second Event, Board or Deal tag
    (PBN 1.0 files that run games together)."""
    scan = _Scanner(text)
    while scan.i < scan.n:
        done = scan.step()
        if done is not None:
            yield done
    if scan.game.tags:
        yield scan.game


class _Scanner:
    """A pass over a PBN text, one token a ``step``: a line end, spaces, a line of section
    words, an escaped line, or what its first character starts (a comment, a tag, a
    word), each read by its method.  A step returns the game it finished, if any."""

    __slots__ = ("at_line_start", "blank_run", "game", "i", "line", "n", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.game = _Game()
        self.i, self.n, self.line = 0, len(text), 1
        self.blank_run = 0
        self.at_line_start = True

    def step(self) -> _Game | None:
        c = self.text[self.i]
        if c == "\n":
            return self.newline()
        if c in " \t\r\f\v\x00":
            m_space = _SPACE.match(self.text, self.i)
            self.i = m_space.end() if m_space is not None else self.i + 1
            return None
        if self.at_line_start:
            if c not in "%[{;" and self.words_line():
                return None
            if c == "%":
                self.escaped_line()
                return None
        self.at_line_start = False
        self.blank_run = 0
        lead = _LEADS.get(c)
        if lead is not None:
            return lead(self)
        self.word()
        return None

    def newline(self) -> _Game | None:
        """A line end; the second in a row (a blank line) ends the game."""
        done = None
        self.line += 1
        self.blank_run += 1
        if self.blank_run >= 2 and self.game.tags:
            done = self.game
            self.game = _Game()
        self.at_line_start = True
        self.i += 1
        return done

    def words_line(self) -> bool:
        """The common line of section words (no tag, comment or escape on it), read at
        once; False when the line holds more than words."""
        text, i = self.text, self.i
        j = text.find("\n", i)
        end = self.n if j < 0 else j
        chunk = text[i:end]
        if "[" in chunk or "{" in chunk or ";" in chunk:
            return False
        self.at_line_start = False
        self.blank_run = 0
        words = chunk.split()
        if self.game.tags:
            self.game.tags[-1].words.extend(words)
        elif words:
            self.game.warnings.append(f"line {self.line}: {words[0][:20]!r} outside any tag; ignored")
        self.i = end
        return True

    def escaped_line(self) -> None:
        """An escaped line (5.1): not a blank line, so it does not end the game."""
        self.blank_run = 0
        j = self.text.find("\n", self.i)
        self.i = self.n if j < 0 else j

    def brace_comment(self) -> None:
        """A ``{comment}``; one still open at a tag that starts a line is closed there."""
        text, i, game = self.text, self.i, self.game
        j = text.find("}", i + 1)
        end = self.n if j < 0 else j
        body = text[i + 1:end]
        tag_line = _TAG_LINE.search(body) if "\n" in body else None
        if tag_line is not None:  # a tag at the start of a line: the comment was never closed
            game.warnings.append(f"line {self.line}: a {{comment}} is not closed before the next tag; closed there")
            end = i + 1 + tag_line.start()
            body = text[i + 1:end]
            self.line += body.count("\n")
            game.comments.append(body.strip())
            self.i = end
            return
        self.line += body.count("\n")
        game.comments.append(body.strip())
        if j < 0:
            game.warnings.append(f"line {self.line}: a {{comment}} is not closed before the end of the file")
        self.i = end + 1

    def line_comment(self) -> None:
        """A ``;`` comment, to the end of the line."""
        j = self.text.find("\n", self.i)
        end = self.n if j < 0 else j
        self.game.comments.append(self.text[self.i + 1:end].strip())
        self.i = end

    def tag(self) -> _Game | None:
        """A tag; a second Event, Board or Deal in a game ends the game and starts the next."""
        m = _TAG_RE.match(self.text, self.i)
        if m:
            name, value = m.group(1), m.group(2).replace('\\"', '"').replace("\\\\", "\\")
            self.i = m.end()
        else:
            read = self.loose_tag()
            if read is None:
                return None
            name, value = read
        done = None
        if name in _NEW_GAME_ON_REPEAT and any(t.name == name for t in self.game.tags):
            self.game.warnings.append(f"line {self.line}: no blank line before the next game (a second [{name}] starts it)")
            done = self.game
            self.game = _Game()
        self.game.tags.append(_Tag(name, value, [], self.line))
        return done

    def loose_tag(self) -> tuple[str, str] | None:
        """A tag not in the form ``[Name "value"]``, read as name and value to the ``]`` or
        the line end, with a warning; None (and skipped) when its name is no name."""
        text, i = self.text, self.i
        j = text.find("]", i)
        nl = text.find("\n", i)
        end = j if j >= 0 and (nl < 0 or j < nl) else (nl if nl >= 0 else self.n)
        body = text[i + 1:end].strip()
        parts = body.split(None, 1)
        name = parts[0] if parts else ""
        value = (parts[1] if len(parts) > 1 else "").strip().strip('"')
        if not re.fullmatch(r"[A-Za-z0-9_]+", name):
            self.game.warnings.append(f"line {self.line}: {text[i:end + 1][:40]!r} is not a tag; ignored")
            self.i = end + 1
            return None
        self.game.warnings.append(f"line {self.line}: tag [{body[:40]}] is not in the form [Name \"value\"]; read as {name}={value!r}")
        self.i = end + 1 if end < self.n and text[end] == "]" else end
        return name, value

    def word(self) -> None:
        """A section word, belonging to the last tag."""
        m_word = _WORD.match(self.text, self.i)
        j = m_word.end() if m_word is not None else self.i + 1
        word = self.text[self.i:j]
        if self.game.tags:
            self.game.tags[-1].words.append(word)
        else:
            self.game.warnings.append(f"line {self.line}: {word[:20]!r} outside any tag; ignored")
        self.i = j


# what the first character of a token starts, with its reader
_LEADS: dict[str, Callable[[_Scanner], _Game | None]] = {
    "{": lambda scan: scan.brace_comment(),
    ";": lambda scan: scan.line_comment(),
    "[": _Scanner.tag,
}
