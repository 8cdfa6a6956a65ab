"""The results page a club publishes: in the reader's language (the texts from the
message catalogs), the ranking with the players' names, every board with its hand
diagram, the double-dummy table when the solver is available, the traveller (contract,
declarer, lead, tricks, score, points; an adjusted score marked), each pair's score
card, the procedural penalties, and links to the PBN and USEBIO files. One self-contained HTML page, with no
script, that fits a phone and prints."""

from __future__ import annotations

import html
from collections.abc import Mapping
from functools import lru_cache

from bridgelaw.core.cards import Card, Seat, Suit
from bridgelaw.core.deal import Board as DealtBoard
from bridgelaw.core.deal import Deal
from bridgelaw.i18n import text
from bridgelaw.i18n.render import card_text, tr
from bridgelaw.session.board_scoring import ScoredBoard
from bridgelaw.session.event import Line, parse_contract
from bridgelaw.session.field import FieldResult, Penalty, rnd

_STYLE = (
    "body{font-family:system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:.5rem;color:#111}"
    "table{border-collapse:collapse;margin:.5rem 0;width:100%}td,th{border-bottom:1px solid #ddd;"
    "padding:.25rem .4rem;text-align:right}th{background:#f3f3f3}.wrap{overflow-x:auto}td.names{text-align:left}"
    "section{margin-bottom:1.5rem;break-inside:avoid}.red{color:#c00}.muted{color:#555}"
    "nav a{display:inline-block;min-height:44px;line-height:44px;margin-right:1rem}"
    ".deal{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:.3rem;max-width:26rem;margin:.5rem 0}"
    ".hand{font-size:.95rem;line-height:1.3;overflow-wrap:anywhere}.hand b{display:block;font-size:.8rem;color:#555}"
    ".n{grid-column:2}.w{grid-column:1;grid-row:2}.e{grid-column:3;grid-row:2}.s{grid-column:2;grid-row:3}"
    ".centre{grid-column:2;grid-row:2;font-size:.8rem;color:#333;border:1px solid #bbb;border-radius:6px;padding:.2rem}"
    "table.dd{width:auto}table.dd td,table.dd th{text-align:center;min-width:2rem}"
    "details.card summary{min-height:44px;display:flex;align-items:center;cursor:pointer}"
    "@media print{nav{display:none}.wrap{overflow:visible}}"
)
_SUIT_ORDER = (Suit.S, Suit.H, Suit.D, Suit.C)
_METHODS = {"MP": "results.method.MP", "IMP": "results.method.IMP", "Butler": "results.method.Butler",
            "TotalPoints": "results.method.TotalPoints"}


def _t(lang: str, id: str, **params: object) -> str:
    return html.escape(tr(text(id, **params), lang))


def _points(x: float | None, places: int) -> str:
    return "" if x is None else f"{rnd(x, places):.{places}f}"


def _suit(suit: Suit) -> str:
    red = suit in (Suit.H, Suit.D)
    return f"<span class='red'>{suit.symbol}</span>" if red else suit.symbol


@lru_cache(maxsize=512)
def _solved(deal: Deal) -> dict[str, dict[str, int]] | None:
    try:
        from bridgelaw.analysis.dds import dd_table as solve

        got = solve(deal)
    except Exception:  # the page is still a page without its double-dummy table
        return None
    out: dict[str, dict[str, int]] = {}
    for (strain, seat), tricks in got.items():
        out.setdefault(seat.name, {})["NT" if strain.name == "N" else strain.name] = int(tricks)
    return out


def dd_table(board: DealtBoard) -> dict[str, dict[str, int]] | None:
    """Double-dummy tricks by declarer and strain (endplay's solver, through the project's
    one adapter to it, each deal solved once), or None when the solver is not available."""
    return _solved(board.deal)


def contract_html(contract: str | None, lang: str) -> str:
    """``3NTX`` as the reader writes it: ``3БКХ`` / ``3NTX``, suits as symbols."""
    parsed = parse_contract(contract or "")
    if parsed == "Pass":
        return _t(lang, "ui.passed_out")
    if not isinstance(parsed, tuple):
        return html.escape(contract or "")
    level, strain, risk = parsed
    strain_html = _t(lang, "ui.nt") if strain.name == "N" else _suit(Suit[strain.name])
    risk_html = _t(lang, f"ui.phone_risk_{risk}") if str(risk) else ""
    return f"{level}{strain_html}{risk_html}"


def _lead_html(lead: str, lang: str) -> str:
    try:
        card = Card.parse(lead)
    except ValueError:
        return html.escape(lead)
    return f"{_suit(card.suit)}{html.escape(card_text(card, lang, 'long')[1:])}"


def hand_diagram(board: DealtBoard, lang: str) -> str:
    """The four hands around a centre with the board, dealer and vulnerability."""
    cells = []
    for seat, cls in ((Seat.N, "n"), (Seat.W, "w"), (Seat.E, "e"), (Seat.S, "s")):
        rows = []
        for suit in _SUIT_ORDER:
            cards = board.deal[seat].suit(suit)
            ranks = " ".join(html.escape(card_text(c, lang, "long")[1:]) for c in cards) or "—"
            rows.append(f"{_suit(suit)} {ranks}")
        cells.append(f"<div class='hand {cls}'><b>{_t(lang, f'ui.seat_{seat.name}')}</b>{'<br>'.join(rows)}</div>")
    centre = (f"<div class='centre'>{_t(lang, 'results.board', board=board.number)}<br>"
              f"{_t(lang, 'results.dealer', seat=tr(text(f'ui.seat_{board.dealer.name}'), lang))}<br>"
              f"{_t(lang, f'ui.vulnerability_{board.vulnerability}')}</div>")
    return f"<div class='deal'>{''.join(cells)}{centre}</div>"


def dd_rows(dd: dict[str, dict[str, int]], lang: str) -> str:
    """The double-dummy table: the level each declarer makes in each strain."""
    strains = ("NT", "S", "H", "D", "C")
    head = "".join(f"<th>{_t(lang, 'ui.nt') if s == 'NT' else _suit(Suit[s])}</th>" for s in strains)
    rows = [f"<div class='wrap'><table class='dd'><caption>{_t(lang, 'results.dd')}</caption><tr><th></th>{head}</tr>"]
    for seat in ("N", "S", "E", "W"):
        cells = "".join(f"<td>{max(dd[seat][s] - 6, 0) or '–'}</td>" for s in strains)
        rows.append(f"<tr><th>{_t(lang, f'ui.seat_short_{seat}')}</th>{cells}</tr>")
    rows.append("</table></div>")
    return "".join(rows)


def _played_cells(ln: Line, lang: str) -> str:
    """Contract, declarer, lead and tricks of a traveller line; an adjusted score says so
    (its percentages when artificial, its parts when weighted)."""
    if ln.artificial:
        pns, pew = ln.artificial
        what = _t(lang, "results.artificial", ns=f"{pns:g}", ew=f"{pew:g}")
        if ln.ruling:
            what += f" <span class='muted'>({html.escape(ln.ruling)})</span>"
        return f"<td colspan='4' class='names'>{what}</td>"
    if ln.weighted:
        parts = ", ".join(f"{w * 100:g}% {s}" for w, s in ln.weighted)
        return f"<td colspan='4' class='names'>{_t(lang, 'results.weighted', parts=parts)}</td>"
    contract = contract_html(ln.contract, lang)
    by = _t(lang, f"ui.seat_short_{ln.declarer}") if ln.declarer in ("N", "E", "S", "W") else ""
    lead = _lead_html(ln.lead, lang) if ln.lead else ""
    tricks = "" if ln.tricks is None else str(ln.tricks)
    return f"<td>{contract}</td><td>{by}</td><td>{lead}</td><td>{tricks}</td>"


def _score_cell(ln: Line, lang: str, sign: int = 1) -> str:
    """The score (for North-South, or ``sign`` -1 for East-West), a ruling's adjustment marked."""
    score = "" if ln.score_ns is None else str(sign * ln.score_ns)
    if ln.ruling and not ln.artificial:
        score += f"<br><span class='muted'>{_t(lang, 'results.adjusted', ruling=ln.ruling)}</span>"
    return f"<td>{score}</td>"


def _traveller(sb: ScoredBoard, res: FieldResult, lang: str) -> str:
    places = res.options.points_decimals
    kind = "results.mp" if res.method == "MP" else "results.imp"
    head = "".join(f"<th>{h}</th>" for h in (
        _t(lang, "ui.vul_NS"), _t(lang, "ui.vul_EW"), _t(lang, "ui.contract"), _t(lang, "results.by"),
        _t(lang, "results.lead"), _t(lang, "results.tricks"), _t(lang, "results.score"),
        _t(lang, kind, side=tr(text("ui.vul_NS"), lang)), _t(lang, kind, side=tr(text("ui.vul_EW"), lang))))
    rows = [f"<div class='wrap'><table class='traveller'><tr>{head}</tr>"]
    for sl in sb.lines:
        ln = sl.line
        rows.append(f"<tr><td>{html.escape(ln.ns or '')}</td><td>{html.escape(ln.ew or '')}</td>"
                    f"{_played_cells(ln, lang)}{_score_cell(ln, lang)}"
                    f"<td>{_points(sl.ns, places)}</td><td>{_points(sl.ew, places)}</td></tr>")
    rows.append("</table></div>")
    return "".join(rows)


def _board_section(sb: ScoredBoard, res: FieldResult, boards: Mapping[int, DealtBoard] | None, lang: str,
                   dd: dict[str, dict[str, int]] | None) -> str:
    number = sb.board.number
    parts = [f"<section id='board-{html.escape(number)}'><h2>{_t(lang, 'results.board', board=number)}</h2>"]
    dealt = boards.get(int(number)) if boards and number.isdigit() else None
    if dealt is not None:
        parts.append(hand_diagram(dealt, lang))
    if dd:
        parts.append(dd_rows(dd, lang))
    facts = []
    if sb.top is not None and res.method == "MP":
        facts.append(_t(lang, "results.top", top=f"{sb.top:g}"))
    if sb.datum is not None:
        facts.append(_t(lang, "results.datum", datum=sb.datum))
    if facts:
        parts.append(f"<p class='muted'>{' · '.join(facts)}</p>")
    parts.append(_traveller(sb, res, lang))
    parts.append("</section>")
    return "".join(parts)


def _ranking(res: FieldResult, lang: str) -> str:
    head = "".join(f"<th>{_t(lang, k)}</th>" for k in (
        "results.place", "results.pair", "results.direction", "results.total", "results.percent", "results.names"))
    rows = [f"<h2>{_t(lang, 'results.ranking')}</h2><div class='wrap'><table id='ranking'><tr>{head}</tr>"]
    for s in res.ranking:
        pct = "" if s.percent is None else f"{s.percent:.2f}"
        direction = _t(lang, f"ui.vul_{s.direction}") if s.direction else ""
        rows.append(f"<tr><td>{html.escape(s.rank)}</td><td>{html.escape(s.pair)}</td><td>{direction}</td>"
                    f"<td>{s.total}</td><td>{pct}</td><td class='names'>{html.escape(s.names)}</td></tr>")
    rows.append("</table></div>")
    return "".join(rows)


def _card_rows(res: FieldResult, lang: str) -> dict[tuple[str | None, str], list[str]]:
    """Each ranked pair's rows of its score card, board by board, from the pair's side."""
    places = res.options.points_decimals
    rows: dict[tuple[str | None, str], list[str]] = {(s.direction, s.pair): [] for s in res.ranking}
    for sb in res.boards:
        for sl in sb.lines:
            ln = sl.line
            home = ("EW", "NS") if ln.turned else ("NS", "EW")
            for pair, other, side, pts in ((ln.ns, ln.ew, home[0], sl.ns), (ln.ew, ln.ns, home[1], sl.ew)):
                card = rows.get((side, pair or ""), rows.get((None, pair or "")))
                if card is not None:
                    card.append(f"<tr><td>{html.escape(sb.board.number)}</td><td>{_t(lang, f'ui.vul_{side}')}</td>"
                                f"<td>{html.escape(other or '')}</td>{_played_cells(ln, lang)}"
                                f"{_score_cell(ln, lang, 1 if side == 'NS' else -1)}<td>{_points(pts, places)}</td></tr>")
    return rows


def _score_cards(res: FieldResult, lang: str) -> str:
    """A personal score card per pair: every board it played, the line it sat, its
    opponents, the contract, the score and the points, from the pair's side."""
    rows = _card_rows(res, lang)
    head = "".join(f"<th>{_t(lang, k)}</th>" for k in ("results.board_short", "results.direction", "results.against",
                                                       "ui.contract", "results.by", "results.lead", "results.tricks",
                                                       "results.score_own", "results.points"))
    cards = []
    for s in res.ranking:
        title = _t(lang, "results.card", pair=s.pair) + (f" — {html.escape(s.names)}" if s.names else "")
        cards.append(f"<details class='card'><summary>{title}</summary><div class='wrap'><table>"
                     f"<tr>{head}</tr>{''.join(rows[(s.direction, s.pair)])}</table></div></details>")
    return f"<h2>{_t(lang, 'results.cards')}</h2>{''.join(cards)}" if cards else ""


def _penalties(penalties: tuple[Penalty, ...], res: FieldResult, lang: str) -> str:
    if not penalties:
        return ""
    items = []
    for p in penalties:
        said = (_t(lang, "results.penalty_mp", pair=p.pair, amount=f"{p.fraction * 100:g}") if res.method == "MP"
                else _t(lang, "results.penalty_imp", pair=p.pair, amount=f"{p.points:g}"))
        items.append(f"<li>{said}"
                     f"{' — ' + html.escape(p.reason) if p.reason else ''}</li>")
    return f"<h2>{_t(lang, 'results.penalties')}</h2><ul>{''.join(items)}</ul>"


def results_page(res: FieldResult, boards: Mapping[int, DealtBoard] | None = None, *, title: str = "",
                 with_dd: bool = True, lang: str = "en", downloads: Mapping[str, str] | None = None,
                 penalties: tuple[Penalty, ...] = (), languages: Mapping[str, str] | None = None) -> str:
    """The page: the title, the language links and the downloads, the ranking, the
    procedural penalties, every board."""
    name = html.escape(title) if title else _t(lang, "results.title")
    nav = [f"<a href='{html.escape(url)}' download>{_t(lang, 'results.download', what=label)}</a>"
           for label, url in (downloads or {}).items()]
    nav += [f"<a href='{html.escape(url)}' hreflang='{code}'>{_t(lang, 'ui.switch_to')}</a>"
            for code, url in (languages or {}).items() if code != lang]
    parts = [f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'>",
             "<meta name='viewport' content='width=device-width, initial-scale=1'><link rel='icon' href='data:,'>",
             f"<title>{name}</title><style>{_STYLE}</style></head><body>",
             f"<h1>{name}</h1><p>{_t(lang, 'results.scoring', method=tr(text(_METHODS.get(res.method, _METHODS['MP'])), lang))}</p>",
             f"<nav>{''.join(nav)}</nav>" if nav else "", _ranking(res, lang), _penalties(penalties, res, lang),
             _score_cards(res, lang)]
    for sb in res.boards:
        number = sb.board.number
        dealt = boards.get(int(number)) if boards and number.isdigit() else None
        dd = dd_table(dealt) if (with_dd and dealt is not None) else None
        parts.append(_board_section(sb, res, boards, lang, dd))
    parts.append("</body></html>")
    return "\n".join(parts)
