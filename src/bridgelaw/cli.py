"""The command line: ``bridgelaw scenario | demo | serve | replay | laws | law | bench``.

Thin by design: parse arguments, call the library, print. Errors in the input end with
exit status 2 and one line naming the problem.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from bridgelaw.errors import BridgeLawError
from bridgelaw.i18n import Text, msg
from bridgelaw.i18n import text as said


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except OSError as e:
        raise BridgeLawError(said("cli.error.cannot_read", path=path, why=e.strerror or "")) from None
    except UnicodeDecodeError:
        raise BridgeLawError(said("cli.error.not_utf8", path=path)) from None


def cmd_scenario(args: argparse.Namespace) -> int:
    from bridgelaw.io.scenario import parse_scenario_text, run_scenario

    try:
        scenario = parse_scenario_text(_read(args.file))
    except RecursionError:
        raise BridgeLawError(said("cli.error.too_deep")) from None
    except BridgeLawError:
        raise
    except ValueError as e:  # e.g. an integer of thousands of digits
        raise BridgeLawError(f"the scenario is not readable JSON: {e}") from None
    if getattr(args, "pbn", False):
        from bridgelaw.io.scenario import scenario_pbn

        sys.stdout.write(scenario_pbn(scenario, lang=args.lang))
        return 0
    out = run_scenario(scenario, view=args.view)
    if getattr(args, "lang", "en") != "en":
        from bridgelaw.i18n.output import localize_state

        out = localize_state(out, args.lang)
    indent = 1 if args.pretty else None
    text = json.dumps(out, ensure_ascii=False, indent=indent)
    try:
        text.encode(sys.stdout.encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):  # a lone surrogate in a text: written escaped
        text = json.dumps(out, ensure_ascii=True, indent=indent)
    sys.stdout.write(text + "\n")
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    from bridgelaw.demo import play_demo

    print(play_demo(seed=args.seed))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bridgelaw", description="The Laws of Duplicate Bridge as a table engine.")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("scenario", help="run one scenario file (or - for standard input) and print the table state as JSON")
    p.add_argument("file")
    p.add_argument("--pretty", action="store_true", help="indent the JSON")
    p.add_argument("--lang", choices=("en", "ru"), default="en", help="language of every text a person reads (summary and summary_ru are always both present)")
    shown = p.add_mutually_exclusive_group()
    shown.add_argument("--view", default=None, metavar="SEAT",
                       help="print the state as SEAT (N, E, S, W or director) may see it, as the table server sends it")
    shown.add_argument("--pbn", action="store_true",
                       help="print the table as a PBN game instead: each irregularity that stands marked, every ruling as a note and commentary in --lang")
    p.set_defaults(func=cmd_scenario)

    p = sub.add_parser("demo", help="play one random board through the engine and print it")
    p.add_argument("--seed", type=int, default=None)
    p.set_defaults(func=cmd_demo)

    for extension in _EXTENSIONS:
        extension(sub)
    return parser


def _server_commands(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    try:
        from bridgelaw.server.cli import add_commands
    except ImportError:
        return
    add_commands(sub)


def _io_commands(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    try:
        from bridgelaw.io.cli import add_commands
    except ImportError:
        return
    add_commands(sub)


def _law_commands(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    try:
        from bridgelaw.reference.matrix import add_commands
    except ImportError:
        return
    add_commands(sub)


def _session_commands(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from bridgelaw.session.cli import add_commands

    add_commands(sub)


def _incident_command(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from bridgelaw.incident import add_command

    add_command(sub)


_EXTENSIONS = (_server_commands, _io_commands, _law_commands, _session_commands, _incident_command)


def error_line(e: BridgeLawError, lang: str) -> str:
    """The one line an input error ends with, in the language the command was asked to
    speak (``--lang``; ``both`` and any other: English) when its message is a catalog
    message; other messages as they are."""
    lang = lang if lang in ("en", "ru") else "en"
    message = e.message.render(lang) if isinstance(e.message, Text) else e.message
    if e.position is not None:
        message = msg("cli.error.at", position=e.position, message=message).render(lang)
    return msg("cli.error", message=message).render(lang)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except BridgeLawError as e:
        print(error_line(e, getattr(args, "lang", "en")), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
