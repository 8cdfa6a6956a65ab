"""The matching rules of shared/tools/check-scenarios, for the project's own tests."""

from __future__ import annotations

import json
from typing import Any


def matches(expected: Any, actual: Any, key: str | None = None) -> bool:
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            k in actual and matches(v, actual[k], k) for k, v in expected.items()
        )
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return False
        if key == "laws":
            return all(any(isinstance(a, str) and a.startswith(e) for a in actual) for e in expected)
        if expected == []:
            return actual == []
        return all(any(matches(e, a, key) for a in actual) for e in expected)
    return bool(expected == actual)


def first_mismatch(expected: Any, actual: Any, path: str = "", key: str | None = None) -> str:
    if isinstance(expected, dict) and isinstance(actual, dict):
        for k, v in expected.items():
            if k not in actual:
                return f"{path}.{k}: missing"
            if not matches(v, actual[k], k):
                return first_mismatch(v, actual[k], f"{path}.{k}", k)
        return ""
    if isinstance(expected, list) and isinstance(actual, list) and key != "laws" and expected:
        for e in expected:
            if not any(matches(e, a, key) for a in actual):
                return f"{path}: no item matches {json.dumps(e, ensure_ascii=False)}; got {json.dumps(actual, ensure_ascii=False)[:600]}"
    return f"{path}: expected {json.dumps(expected, ensure_ascii=False)}, got {json.dumps(actual, ensure_ascii=False)[:600]}"
