"""PBN 2.1 (Portable Bridge Notation): reader and writer.

The reader is tolerant because real files are not clean (see shared/corpus/SOURCES.md):
tags without quotes, ``#``/``##`` inheritance, repeated tags, lower-case cards and
contracts, ``PASS``, rpbridge.net records that omit the deal and re-use the previous one,
PBN 1.0 files without blank lines between games, CRLF and 8-bit code pages.  Each quirk is
read with a warning on the record; each defect that stops a board from being replayed is a
problem on the record.  Nothing in a file makes the reader raise.

The writer emits PBN 2.1 that other programs read: the mandatory tags first, upper-case
``X``/``XX``, notes after the auction, the play as the table of tricks, and the rulings and
requests of a Table as notes and ``{commentary}``.
"""

from bridgelaw.io.pbn._lex import decode
from bridgelaw.io.pbn._read import read_pbn
from bridgelaw.io.pbn._write import record_from_table, write_pbn, write_table

__all__ = ["decode", "read_pbn", "record_from_table", "write_pbn", "write_table"]
