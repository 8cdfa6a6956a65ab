"""What a person reads in every scenario's output, in both languages: each ruling has a
short decision to read aloud, and no text shows the machinery behind it — a message id,
an identifier with underscores, a ``{param}`` left unformatted, JSON, or (in Russian) a
card, call or seat in Latin letters."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from scenario_texts import CASES, case_id, outputs, read_texts

from bridgelaw.i18n.catalog import catalog
from bridgelaw.i18n.output import localize_state
from bridgelaw.io.scenario import load_scenario, run_scenario
from russian_lint import faults

MESSAGE_ID = re.compile(r"\b[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+\b")
LEAKS: list[tuple[str, re.Pattern[str]]] = [
    ("identifier", re.compile(r"\b[a-z]+_[a-z0-9_]+\b")),
    ("placeholder", re.compile(r"\{[A-Za-z_][\w.:]*\}")),
    ("json", re.compile(r"[{}]|\b(?:null|true|false|None)\b|\"\w+\"\s*:")),
]


# A Russian text may hold law references (30B1(b)(ii), commentary 20.4(vi)) and, in
# quotes, words a player typed («two club tricks»); any other Latin word is English.
LAW_REF = re.compile(r"\d+(?:\.\d+)?[A-H]?\d*(?:\([a-z]+\))+")
QUOTED = re.compile(r"«[^»]*»")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def english_words(text: str) -> list[str]:
    """The English words of a Russian text, outside law references and quoted typed words."""
    return [m.group(0) for m in LATIN_WORD.finditer(QUOTED.sub("", LAW_REF.sub("", text)))]


def leaks(text: str, lang: str, edition: str = "2017") -> list[str]:
    """What in ``text`` is machinery rather than words."""
    found = [f"message id {m.group(0)!r}" for m in MESSAGE_ID.finditer(text) if m.group(0) in catalog("en")]
    found += [f"{kind} {m.group(0)!r}" for kind, rx in LEAKS for m in rx.finditer(text)]
    if lang == "ru":
        found += [f for f in faults(text, edition) if f.startswith("latin")]
        found += [f"English word {w!r}" for w in english_words(text)]
    return found


# A ruling still open stops its explanation where it waits; its decision also says who
# must act now, in one sentence of about this length at most.
WHO_ACTS = 130


@pytest.mark.parametrize("path", CASES, ids=case_id)
def test_every_ruling_has_a_decision_shorter_than_its_explanation(path: Path) -> None:
    out = outputs(path)
    bad = []
    for lang, full in (("en", "summary"), ("ru", "summary_ru")):
        for r in out[lang]["rulings"]:
            decision = r.get("decision", "")
            limit = len(r[full]) + (WHO_ACTS if r["status"] != "closed" else 0)
            if not decision.strip() or len(decision) >= limit:
                bad.append(f"ruling {r['id']} ({lang}): {decision!r} / {r[full]!r}")
    assert not bad, "\n".join(bad)


def test_a_decision_waiting_for_the_director_says_what_he_rules_on() -> None:
    # N changes 1H to 1S before the director is called (25): not only «Слово за судьёй.»
    case = {"format": 1, "board": 1, "deal": "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
            "actions": [{"seat": "N", "call": "1H"}, {"seat": "N", "call": "1S", "change": True}]}
    state = run_scenario(load_scenario(case))
    en, ru = (localize_state(state, lang)["rulings"][0]["decision"] for lang in ("en", "ru"))
    assert en.startswith("North changed his 1♥ to 1♠.") and en != "The director must answer."
    assert ru.startswith("Север заменил 1♥ на 1♠.") and "Решает судья: была ли первоначальная заявка непреднамеренной" in ru


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("path", CASES, ids=case_id)
def test_no_text_shows_ids_placeholders_or_json(path: Path, lang: str) -> None:
    out = outputs(path)[lang]
    edition = str(out.get("edition", "2017"))
    bad = [f"{where}: {'; '.join(found)} — {text}" for where, text in read_texts(out, lang)
           if (found := leaks(text, lang, edition))]
    assert not bad, "\n".join(bad)


def test_the_decision_speaks_the_language_asked_for() -> None:
    # E's insufficient 1C over 1H, not accepted, replaced by the lowest sufficient 2C (27B1(a))
    case = {"format": 1, "board": 1, "deal": "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
            "actions": [{"seat": "N", "call": "1H"}, {"seat": "E", "call": "1C"}, {"seat": "S", "choose": "decline"},
                        {"seat": "E", "call": "2C"}]}
    state = run_scenario(load_scenario(case))
    en, ru = (localize_state(state, lang)["rulings"][0]["decision"] for lang in ("en", "ru"))
    assert en.startswith("East's 1♣ is insufficient.") and "Laws 27A" in en
    assert ru.startswith("Назначение 1♣ Востока недостаточно.") and "Правила 27A" in ru


@pytest.mark.parametrize("text, lang", [
    ("see claims.what.claim", "en"),
    ("the card is not_found", "en"),
    ("{seat} passes", "en"),
    ('answer {"ns": "avg+"}', "en"),
    ("не хватало H7", "ru"),
    ("Заявка 3S Востока", "ru"),
    ("Восток выбирает agree (решение № 1)", "ru"),
    ("Восток — reserve rights (записано, Правило 16B)", "ru"),
])
def test_leaks_are_found(text: str, lang: str) -> None:
    assert leaks(text, lang)


def test_law_references_and_plain_words_are_not_leaks() -> None:
    assert not leaks("East's 1♣ is insufficient. Laws 27A, 27B1(a).", "en")
    assert not leaks("Назначение 1♣ Востока недостаточно. Правила 27A, 27B1(a).", "ru")
    assert not leaks("Правила 29A, 30B1(b)(ii); комментарий 20.4(vi).", "ru")
    assert not leaks("Север делает заявление («the rest»)", "ru")


@pytest.mark.parametrize(("scenario", "says"), [
    # an adjusted score, not an artificial one (13D)
    ("board/05-incorrect-number-after-play-cancelled.json", "результат аннулируется, судья назначает присуждённый результат"),
    ("auction/24E-defender-penalty-card.json", "Одиночная карта ниже онера, которой не было сделано преждевременного хода"),
    # the director announces what happens now, he is not narrated
    ("claims/04-claim-disputed-director-asked.json", "не согласен с заявлением: игра останавливается, результат решает судья"),
])
def test_the_summary_says_it_in_the_laws_words(scenario: str, says: str) -> None:
    path = Path(__file__).parents[2] / "scenarios" / scenario
    t = load_scenario(json.loads(path.read_text(encoding="utf-8"))).table()
    assert any(says in r.summary_ru for r in t.rulings)
