"""State patches: a link's new state as the change from the state it was sent last.

A connection that asks for patches (``?updates=patch`` on the websocket URL) gets one
full ``state`` message, then ``{"type": "patch", "base": seq it applies to, "seq": new
seq, "ops": [...]}`` after every change. A patch is computed from two states of the
same link, both already made for that link alone (``LiveTable.view`` of its role, in its
language), so it can say nothing the link's full state would not say: the hidden
information guarantee of the views carries over unchanged.

An op is ``["=", path, value]`` (set), ``["-", path]`` (delete a key) or
``["+", path, items]`` (append items to the list at path); a path is a list of object
keys and list indexes. Values compare as Python values, so ``true`` and ``1`` inside a
list count as equal: a state's fields keep one type each. Most actions add one call or card to a list and change a few
scalars, so a patch is a few hundred bytes where a state is a few kilobytes.
"""

from __future__ import annotations

from typing import Any

Path = list[str | int]
_MISSING = object()
_SCALARS = frozenset({str, int, float, bool, type(None)})


def diff(old: Any, new: Any) -> list[list[Any]]:
    """The ops that turn ``old`` into ``new`` (JSON values; neither is modified)."""
    ops: list[list[Any]] = []
    _diff(old, new, [], ops)
    return ops


def diff_keys(old: dict[str, Any], new: dict[str, Any], keys: tuple[str, ...], path: Path, ops: list[list[Any]]) -> None:
    """Add to ``ops`` what ``diff`` would say of ``keys`` of the two objects at ``path``
    (a caller that knows the other keys are the same objects need not look at them)."""
    for key in keys:
        was = old.get(key, _MISSING)
        value = new.get(key, _MISSING)
        if was is value:
            continue
        if was is _MISSING:
            ops.append(["=", [*path, key], value])
        elif value is _MISSING:
            ops.append(["-", [*path, key]])
        else:
            _diff(was, value, [*path, key], ops)


def _diff(old: Any, new: Any, path: Path, ops: list[list[Any]]) -> None:
    if type(old) is not type(new) and not (isinstance(old, str) and isinstance(new, str)):
        ops.append(["=", path, new])
    elif isinstance(new, dict):
        _dict(old, new, path, ops)
    elif isinstance(new, list):
        _list(old, new, path, ops)
    elif old != new:
        ops.append(["=", path, new])


def _dict(old: dict[str, Any], new: dict[str, Any], path: Path, ops: list[list[Any]]) -> None:
    for key, value in new.items():
        was = old.get(key, _MISSING)
        if was is value:
            continue  # a part both states share (the views keep unchanged parts)
        if was is _MISSING:
            ops.append(["=", [*path, key], value])
        elif type(value) in _SCALARS:  # what ``_diff`` would do with a changed scalar, inline
            if was != value or not _same_kind(was, value):
                ops.append(["=", [*path, key], value])
        elif was != value or type(was) is not type(value):
            _diff(was, value, [*path, key], ops)
    ops.extend(["-", [*path, key]] for key in old if key not in new)


def _same_kind(old: Any, new: Any) -> bool:
    """Whether ``_diff`` compares the two by value (same type, or both texts)."""
    return type(old) is type(new) or (isinstance(old, str) and isinstance(new, str))


def _list(old: list[Any], new: list[Any], path: Path, ops: list[list[Any]]) -> None:
    n = len(old)
    if len(new) >= n and new[:n] == old:  # the usual change: items added at the end
        if len(new) > n:
            ops.append(["+", path, new[n:]])
        return
    k = 0
    m = min(n, len(new))
    while k < m and old[k] == new[k]:
        k += 1
    if k == n:
        if len(new) > k:
            ops.append(["+", path, new[k:]])
    elif k == len(old) - 1 and len(new) >= len(old) and isinstance(new[k], dict | list):
        _diff(old[k], new[k], [*path, k], ops)  # the last item grew (the trick in play)
        if len(new) > len(old):
            ops.append(["+", path, new[len(old):]])
    else:
        ops.append(["=", path, new])


def apply(state: Any, ops: list[list[Any]]) -> Any:
    """``state`` with ``ops`` applied (the client's side; ``state`` is modified in place
    where it can be, and the result returned)."""
    for op in ops:
        kind, path = op[0], op[1]
        if not path:
            if kind != "=":
                raise ValueError(f"op {kind!r} needs a path")
            state = op[2]
            continue
        parent = state
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        if kind == "=":
            parent[last] = op[2]
        elif kind == "-":
            del parent[last]
        elif kind == "+":
            parent[last].extend(op[2])
        else:
            raise ValueError(f"unknown patch op {kind!r}")
    return state
