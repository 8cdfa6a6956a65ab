"""Malformed records: a clear message for the bad board, and the rest still replays."""

from __future__ import annotations

from pathlib import Path

from bridgelaw.io.pbn import read_pbn
from bridgelaw.io.replay import replay_file, replay_record

GOOD = (
    '[Event "t"]\n[Board "{n}"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
    '[Declarer "N"]\n[Contract "1S"]\n[Result "7"]\n[Auction "N"]\n1S AP\n\n'
)


def _reports(text: str | bytes) -> list[tuple[str, str | None]]:
    return [(r.name, replay_record(r)[0].problem) for r in read_pbn(text)]


def test_51_card_deal_is_named_and_the_next_board_replays() -> None:
    bad = GOOD.format(n=1).replace("AKQJ.T98.765.432 T98", "AKQJ.T98.765.43 T98")
    out = _reports(bad + GOOD.format(n=2))
    assert "12 cards" in (out[0][1] or "") and out[1] == ("board 2", None)


def test_eight_level_bid_is_refused_under_law_38() -> None:
    bad = GOOD.format(n=1).replace("1S AP", "1S 8C AP")
    out = _reports(bad + GOOD.format(n=2))
    assert "8C" in (out[0][1] or "") and "Law 38" in (out[0][1] or "")
    assert out[1] == ("board 2", None)


def test_truncated_file_keeps_the_complete_boards() -> None:
    text = GOOD.format(n=1) + GOOD.format(n=2)[:120]
    out = _reports(text)
    assert out[0] == ("board 1", None)
    assert out[1][1] is not None and "unreadable" in out[1][1]


def test_binary_garbage_is_a_message_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "junk.pbn"
    path.write_bytes(bytes(range(256)) * 8)
    _, reports = replay_file(str(path))
    assert len(reports) == 1 and reports[0].problem is not None


def test_garbage_between_boards_spares_the_others() -> None:
    text = GOOD.format(n=1) + "\x00\x01\xff garbage [[[ \n\n" + GOOD.format(n=2)
    out = _reports(text.encode("latin-1"))
    assert ("board 1", None) in out and ("board 2", None) in out
