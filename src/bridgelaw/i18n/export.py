"""The web UI's copy of the catalogs: ``server/static/catalog.json``, written from the same
.po files the engine reads, so the page and the server speak from one catalog.

Regenerate after editing a catalog: ``python -m bridgelaw.i18n.export`` (a test checks
that the file is current). The page reads ``ui.*`` messages, and the ``kind.*`` names of
the rulings; each language carries its
gettext plural rule, a C expression in ``n`` that JavaScript evaluates as it is.
"""

from __future__ import annotations

import json
from pathlib import Path

from bridgelaw.i18n.catalog import LANGUAGES, catalog

TARGET = Path(__file__).resolve().parent.parent / "server" / "static" / "catalog.json"
UI_PREFIX = "ui."
KIND_PREFIX = "kind."


def ui_catalog() -> dict[str, object]:
    out: dict[str, object] = {}
    for lang in LANGUAGES:
        cat = catalog(lang)
        messages: dict[str, object] = {
            f"kind_{k[len(KIND_PREFIX):]}": e.text for k, e in cat.entries.items() if k.startswith(KIND_PREFIX)
        }  # what each ruling is about, as the status line names it; a ui.kind_* entry overrides
        messages.update({
            k[len(UI_PREFIX):]: (list(e.forms) if e.plural else e.text)
            for k, e in cat.entries.items() if k.startswith(UI_PREFIX)
        })
        out[lang] = {"plural": cat.plural_expr, "messages": dict(sorted(messages.items()))}
    return out


def render_json() -> str:
    return json.dumps(ui_catalog(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def main() -> None:
    TARGET.write_text(render_json(), encoding="utf-8")
    print(f"wrote {TARGET}")


if __name__ == "__main__":
    main()
