"""The API reference is the public surface: the Table with every member an embedder uses,
the record formats, and none of the engine's machinery."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _modules() -> list[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    block = re.search(r"^API_MODULES := (.*?)(?<!\\)\n", text, re.S | re.M)
    assert block is not None
    return block.group(1).replace("\\\n", " ").split()


@pytest.mark.packaging
def test_the_api_reference_shows_the_tables_members_and_nothing_internal(tmp_path: Path) -> None:
    pytest.importorskip("pdoc")
    subprocess.run([sys.executable, "-m", "pdoc", "-o", str(tmp_path), *_modules()], check=True, cwd=ROOT,
                   capture_output=True)
    page = (tmp_path / "bridgelaw.html").read_text(encoding="utf-8")
    for member in ("act", "push", "undo", "replay", "legal_calls", "legal_cards", "turn", "to_act", "view",
                   "rulings", "awaiting", "score_ns"):
        assert f'id="Table.{member}"' in page, member
    for internal in ("note_holding", "supposing", "shown_cards", "judge_shown_card"):
        assert f'id="Table.{internal}"' not in page, internal
    pages = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.html")}
    assert not [p for p in pages if "/table/" in p or "/laws/" in p or "machine" in p], pages
