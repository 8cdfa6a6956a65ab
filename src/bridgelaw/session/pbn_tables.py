"""PBN 2.1 supplemental tables (``ScoreTable``, ``TotalScoreTable``, §5): read and write.

A table is a tag whose value names the columns (``PairId_NS\\2R;Contract\\5L;...``: a
name, then an optional minimum width and alignment, an optional ``+``/``-`` for sort
order) followed by rows of elements. Rows are lines in export format; in import format any
white space separates elements, and a ``"quoted string"`` is one element. ``?`` is an
unknown element, ``-`` an irrelevant one, and a leading ``^`` marks an artificial score.

The reader here only splits a file into games of tags and their section lines; the
full board reader (``bridgelaw.io.pbn``) stays the one place that turns a game into a hand
record. It keeps ``#`` (same as the previous game) and ``##`` (this and every following
game) inheritance, ``%`` escape lines, ``{comments}`` and ``;`` comments.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

_TAG_RE = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*(?:"((?:[^"\\]|\\.)*)"|([^\]]*))\s*\]')
_COLUMN_RE = re.compile(r"^([+-]?)([^\\]+?)(?:\\(\d+)([LR]?))?$")


@dataclass(frozen=True, slots=True)
class Column:
    """One column of a table: its name, minimum width, alignment and sort order."""

    name: str
    width: int | None = None
    align: str = ""
    order: str = ""

    def spec(self) -> str:
        width = f"\\{self.width}{self.align}" if self.width else ""
        return f"{self.order}{self.name}{width}"


def parse_columns(value: str) -> list[Column]:
    """The column names of a table tag value (``"PairId_NS\\2R;Contract\\5L"``)."""
    out: list[Column] = []
    for part in value.split(";"):
        part = part.strip()
        if not part:
            continue
        m = _COLUMN_RE.match(part)
        if not m:
            out.append(Column(part))
            continue
        order, name, width, align = m.groups()
        out.append(Column(name.strip(), int(width) if width else None, align or "", order or ""))
    return out


@dataclass(slots=True)
class Tag:
    name: str
    value: str
    lines: list[str] = field(default_factory=list)  # the section lines that follow the tag


@dataclass(slots=True)
class Game:
    tags: list[Tag] = field(default_factory=list)

    def get(self, name: str) -> str | None:
        for t in self.tags:
            if t.name == name:
                return t.value
        return None

    def section(self, name: str) -> Tag | None:
        for t in self.tags:
            if t.name == name:
                return t
        return None


def _strip_comments(text: str) -> str:
    """Remove ``{...}`` and ``;...`` comments and ``%`` lines, keeping line breaks so that
    blank lines still separate games and section rows stay rows."""
    out: list[str] = []
    i, n = 0, len(text)
    at_line_start = True
    in_quote = False
    while i < n:
        c = text[i]
        if c == "\n":
            out.append(c)
            at_line_start = True
            in_quote = False
            i += 1
            continue
        if at_line_start and c == "%":
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if c not in " \t\r":
            at_line_start = False
        if c == '"':
            in_quote = not in_quote
        elif not in_quote and c == "{":
            j = text.find("}", i + 1)
            end = n if j < 0 else j
            # keep the line breaks of a comment, but not a blank line's worth of them
            out.append(" ")
            i = end + 1
            continue
        elif not in_quote and c == ";" and not _inside_tag(out):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        out.append(c)
        i += 1
    return "".join(out)


def _inside_tag(out: list[str]) -> bool:
    """True when the text so far has an unclosed ``[`` on the current line (a ``;``
    there separates column names, it does not start a comment)."""
    k = len(out) - 1
    depth = 0
    while k >= 0 and out[k] != "\n":
        if out[k] == "]":
            depth -= 1
        elif out[k] == "[":
            depth += 1
        k -= 1
    return depth > 0


def read_games(text: str) -> list[Game]:
    """Split PBN text into games (blank lines separate them; so does a repeated
    ``Board``), applying ``#`` and ``##`` inheritance to tag values."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if text.startswith("\ufeff"):
        text = text[1:]
    split = _GameSplit()
    for raw in _strip_comments(text).split("\n"):
        line = raw.strip()
        if not line:
            if split.game.tags:
                split.close()
            continue
        split.read_line(line)
    split.close()
    return split.games


@dataclass(slots=True)
class _GameSplit:
    """The games read so far, the one being read, and what ``#`` (the value of the game
    before) and ``##`` (a default for the games after) refer to."""

    games: list[Game] = field(default_factory=list)
    game: Game = field(default_factory=Game)
    previous: dict[str, str] = field(default_factory=dict)
    defaults: dict[str, str] = field(default_factory=dict)

    def close(self) -> None:
        """End the game being read: the defaults it does not give are added, its values
        become the ones ``#`` refers to."""
        game = self.game
        if game.tags:
            names = {t.name for t in game.tags}
            for name, value in self.defaults.items():
                if name not in names:
                    game.tags.append(Tag(name, value))
            for t in game.tags:
                self.previous[t.name] = t.value
            self.games.append(game)
        self.game = Game()

    def read_line(self, line: str) -> None:
        """The tags at the start of a line, then the rest of it as a line of the last tag's
        section."""
        rest = line
        while rest.startswith("["):
            m = _TAG_RE.match(rest)
            if not m:
                break
            value = m.group(2) if m.group(2) is not None else (m.group(3) or "").strip()
            self.add_tag(m.group(1), value.replace('\\"', '"').replace("\\\\", "\\"))
            rest = rest[m.end():].strip()
        if rest and self.game.tags:
            self.game.tags[-1].lines.append(rest)

    def add_tag(self, name: str, value: str) -> None:
        """One tag, its ``#``/``##`` value resolved; a second Board starts a new game."""
        if value.startswith("##"):
            value = value[2:]
            self.defaults[name] = value
        elif value == "#":
            value = self.previous.get(name, "")
        if name == "Board" and self.game.get("Board") is not None:
            self.close()
        self.game.tags.append(Tag(name, value))


_ELEMENT_RE = re.compile(r'"((?:[^"\\]|\\.)*)"|(\S+)')


def split_elements(line: str) -> list[str]:
    """The elements of one table line: white space separates them, a quoted string is one."""
    out: list[str] = []
    for m in _ELEMENT_RE.finditer(line):
        out.append(m.group(1) if m.group(1) is not None else m.group(2))
    return out


def table_rows(tag: Tag, problems: list[str] | None = None, where: str = "") -> tuple[list[Column], list[dict[str, str]]]:
    """The columns and rows of a table section: each row maps column name to element.

    Rows are read line by line when every line has one element per column (export
    format); a line with another count (an empty element, a name with spaces and no
    quotes) is cut at the declared column widths when every column has one; otherwise the elements are read as one stream, a row per column count
    (import format)."""
    columns = parse_columns(tag.value)
    if not columns:
        return columns, []
    names = [c.name for c in columns]
    rows = _rows(tag, columns, problems, where)
    return columns, [dict(zip(names, r, strict=False)) for r in rows]


def _rows(tag: Tag, columns: list[Column], problems: list[str] | None, where: str) -> list[list[str]]:
    """The elements of each row, by the first reading that fits (see ``table_rows``)."""
    n = len(columns)
    per_line = [split_elements(line) for line in tag.lines]
    if all(len(p) == n for p in per_line):
        return per_line
    if per_line and len({len(p) for p in per_line}) == 1 and len(per_line[0]) > n:
        return [p[:n] for p in per_line]  # extra elements past the named columns
    if all(c.width for c in columns):
        return [parts if len(parts) == n else _cut(line, columns) for line, parts in zip(tag.lines, per_line, strict=True)]
    return _stream_rows(tag, per_line, n, problems, where)


def _stream_rows(tag: Tag, per_line: list[list[str]], n: int, problems: list[str] | None, where: str) -> list[list[str]]:
    """Import format: the elements as one stream, a row every ``n``; elements left over
    are a problem (an element is missing from some row)."""
    stream = [e for p in per_line for e in p]
    left = len(stream) % n
    if left and problems is not None:
        problems.append(f"{where or tag.name}: the lines do not have one element per column ({n}) and "
                        f"read as one stream leave {left} element(s) over: {' '.join(stream[-left:])!r} is "
                        "not read (is an element missing from a row?)")
    return [stream[i:i + n] for i in range(0, len(stream) - n + 1, n)]


def _cut(line: str, columns: Sequence[Column]) -> list[str]:
    out: list[str] = []
    pos = 0
    for c in columns:
        width = c.width or 0
        out.append(line[pos:pos + width].strip() or "-")
        pos += width + 1
    return out


def write_table(name: str, columns: Sequence[Column], rows: Sequence[Sequence[str]]) -> str:
    """A table section in export format: the tag, then one line per row, each element
    padded to its column's minimum width and alignment, separated by one space."""
    lines = [f'[{name} "' + ";".join(c.spec() for c in columns) + '"]']
    for row in rows:
        cells: list[str] = []
        for c, value in zip(columns, row, strict=True):
            text = f'"{value}"' if (" " in value or value == "") else value
            width = c.width or 0
            cells.append(text.rjust(width) if c.align == "R" else text.ljust(width) if width else text)
        lines.append(" ".join(cells).rstrip())
    return "\n".join(lines) + "\n"
