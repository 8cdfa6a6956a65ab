"""PBN input below the tag level: the byte decoding, the tag pattern and the split of a
file into games (with ``#`` inheritance and rpbridge.net's omitted deals).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
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
    game = _Game()
    i, n, line = 0, len(text), 1
    blank_run = 0
    at_line_start = True
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            blank_run += 1
            if blank_run >= 2 and game.tags:
                yield game
                game = _Game()
            at_line_start = True
            i += 1
            continue
        if c in " \t\r\f\v\x00":
            m_space = _SPACE.match(text, i)
            i = m_space.end() if m_space is not None else i + 1
            continue
        if at_line_start and c not in "%[{;":
            # the common line of section words: no tag, comment or escape on it
            j = text.find("\n", i)
            end = n if j < 0 else j
            chunk = text[i:end]
            if "[" not in chunk and "{" not in chunk and ";" not in chunk:
                at_line_start = False
                blank_run = 0
                words = chunk.split()
                if game.tags:
                    game.tags[-1].words.extend(words)
                elif words:
                    game.warnings.append(f"line {line}: {words[0][:20]!r} outside any tag; ignored")
                i = end
                continue
        if at_line_start and c == "%":
            # an escaped line (5.1): not a blank line, so it does not end the game
            blank_run = 0
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        at_line_start = False
        blank_run = 0
        if c == "{":
            j = text.find("}", i + 1)
            end = n if j < 0 else j
            body = text[i + 1:end]
            tag_line = _TAG_LINE.search(body) if "\n" in body else None
            if tag_line is not None:  # a tag at the start of a line: the comment was never closed
                game.warnings.append(f"line {line}: a {{comment}} is not closed before the next tag; closed there")
                end = i + 1 + tag_line.start()
                body = text[i + 1:end]
                line += body.count("\n")
                game.comments.append(body.strip())
                i = end
                continue
            line += body.count("\n")
            game.comments.append(body.strip())
            if j < 0:
                game.warnings.append(f"line {line}: a {{comment}} is not closed before the end of the file")
            i = end + 1
            continue
        if c == ";":
            j = text.find("\n", i)
            end = n if j < 0 else j
            game.comments.append(text[i + 1:end].strip())
            i = end
            continue
        if c == "[":
            m = _TAG_RE.match(text, i)
            if m:
                name, value = m.group(1), m.group(2).replace('\\"', '"').replace("\\\\", "\\")
                i = m.end()
            else:
                j = text.find("]", i)
                nl = text.find("\n", i)
                end = j if j >= 0 and (nl < 0 or j < nl) else (nl if nl >= 0 else n)
                body = text[i + 1:end].strip()
                parts = body.split(None, 1)
                name = parts[0] if parts else ""
                value = (parts[1] if len(parts) > 1 else "").strip().strip('"')
                if not re.fullmatch(r"[A-Za-z0-9_]+", name):
                    game.warnings.append(f"line {line}: {text[i:end + 1][:40]!r} is not a tag; ignored")
                    i = end + 1
                    continue
                game.warnings.append(f"line {line}: tag [{body[:40]}] is not in the form [Name \"value\"]; read as {name}={value!r}")
                i = end + 1 if end < n and text[end] == "]" else end
            if name in _NEW_GAME_ON_REPEAT and any(t.name == name for t in game.tags):
                game.warnings.append(f"line {line}: no blank line before the next game (a second [{name}] starts it)")
                yield game
                game = _Game()
            game.tags.append(_Tag(name, value, [], line))
            continue
        m_word = _WORD.match(text, i)
        j = m_word.end() if m_word is not None else i + 1
        word = text[i:j]
        if game.tags:
            game.tags[-1].words.append(word)
        else:
            game.warnings.append(f"line {line}: {word[:20]!r} outside any tag; ignored")
        i = j
    if game.tags:
        yield game
