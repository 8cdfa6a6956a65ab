"""Under CI the shared inputs must be there: the shared scenarios, the corpus of real hand
records and the club sessions. Outside CI their tests skip when a clone is not beside
``../shared``; under CI a missing folder would let a passing run replay nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from browser_support import IN_CI

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


@pytest.mark.skipif(not IN_CI, reason="outside CI the shared inputs may be absent (their tests skip)")
@pytest.mark.parametrize("folder", ["scenarios", "corpus", "corpus/sessions"])
def test_under_ci_the_shared_inputs_are_present(folder: str) -> None:
    path = SHARED / folder
    assert path.is_dir() and any(path.iterdir()), f"{path} is missing: CI must run beside ../shared"
