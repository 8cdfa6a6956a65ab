"""One role's view after a change, rendered for the connections that read it: the whole
state in a language, or a patch from the view a connection was sent before, each made
once however many connections of that role and language there are."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bridgelaw.i18n.output import localize_state, localize_value, twinned
from bridgelaw.server import patch
from bridgelaw.server.wire import encode


@dataclass(eq=False)
class Rendered:
    """One role's view after one change, for the connections of that role reading
    ``lang``. ``view`` is the view as built (English texts that remember their message);
    the texts are rendered in ``lang`` only where they are sent: the whole state once, on
    first use, and a patch from the view a connection was sent before by diffing the two
    views as built and rendering only what changed. Views of one table are rebuilt after
    every change, but a change touches a few of their parts: rendering and diffing the
    whole state for each link made the server's cost per action grow with the board."""

    view: dict[str, Any]
    lang: str = "en"
    full: bool = False  # sent whole even to a patch connection (on connect, on request)
    # the state sent before and the patch from it, when the change made it from the action
    # (``LiveTable.changed_views``): no diff for the connections that were sent that state
    made: tuple[dict[str, Any], list[list[Any]]] | None = None
    # the texts rendered for the other views of the same change, in the same language
    memo: dict[int, tuple[Any, Any]] | None = field(default=None, repr=False)
    _text: str | None = None
    _patches: list[tuple[dict[str, Any], str]] = field(default_factory=list)

    def text(self) -> str:
        if self._text is None:
            self._text = encode(render(self.view, self.lang, self.memo))
        return self._text

    def patch_from(self, base: dict[str, Any]) -> str:
        """The patch from ``base`` (a view of the same role sent before) to this view."""
        for seen, made in self._patches:
            if seen is base:
                return made
        ops = self.made[1] if self.made is not None and self.made[0] is base else patch.diff(base, self.view)
        if self.lang != "en":
            ops = localize_ops(ops, self.view, self.lang, self.memo)
        made = encode({"type": "patch", "base": base.get("seq"), "seq": self.view.get("seq"), "ops": ops})
        self._patches.append((base, made))
        return made


def render(state: dict[str, Any], lang: str, memo: dict[int, tuple[Any, Any]] | None = None) -> dict[str, Any]:
    """A state's texts in ``lang``: an English reader gets the state as it is (its texts
    are English already), any other a localized copy (``memo``: see ``localize_state``)."""
    return state if lang == "en" else localize_state(state, lang, memo)


def localize_ops(ops: list[list[Any]], view: dict[str, Any], lang: str,
                 memo: dict[int, tuple[Any, Any]] | None = None) -> list[list[Any]]:
    """Patch ops computed between two views as built, with their values in ``lang``.
    Texts compare by their English wording, which names the message and its values. In
    a language that puts a field's twin in its place (``label_ru`` shown as ``label``),
    a change to either twin is sent as its whole object, rendered, so the shown field
    follows. ``memo``: the parts rendered already (see ``localize_state``)."""
    if memo is None:
        memo = {}
    out: list[list[Any]] = []
    for op in ops:
        path = op[1]
        if path and isinstance(path[-1], str) and twinned(path[-1]):
            parent = path[:-1]
            out.append(["=", parent, localize_value(_at(view, parent), lang, memo)])
        elif op[0] == "-" or type(op[2]) in PLAIN_TYPES:
            out.append(op)
        else:
            out.append([op[0], path, localize_value(op[2], lang, memo)])
    return out


PLAIN_TYPES = (str, int, bool, type(None))  # values no language changes (a Text is not a plain str)


def _at(state: Any, path: list[Any]) -> Any:
    for key in path:
        state = state[key]
    return state


__all__ = ["PLAIN_TYPES", "Rendered", "localize_ops", "render"]
