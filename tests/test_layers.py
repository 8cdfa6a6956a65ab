"""The layer contract (pyproject's import-linter section, run by ``lint-imports``) names every
module and package of bridgelaw, so that no new module sits outside the layers unchecked."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "bridgelaw"


def _top_level_units() -> set[str]:
    units = {f"bridgelaw.{p.stem}" for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    units |= {f"bridgelaw.{p.parent.name}" for p in PACKAGE.glob("*/__init__.py")}
    return units


def _layered() -> set[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    names: set[str] = set()
    for contract in config["contracts"]:
        for layer in contract.get("layers", []):
            names |= {n.strip() for n in re.split(r"\s[|:]\s", layer)}
    return names


def test_every_module_of_the_package_is_in_a_layer_of_the_import_contract() -> None:
    assert _top_level_units() - _layered() == set()


def test_the_layers_name_no_module_that_does_not_exist() -> None:
    assert _layered() - _top_level_units() == set()
