"""The faults a director stumbles on when he reads a Russian text aloud (the checks of the
shared lint-ru tool, as a library): a card, call or seat in Latin letters, JSON or an
internal identifier, a number whose noun does not agree, and words the glossary rules out."""

from __future__ import annotations

import re
from collections.abc import Iterator

CYR = re.compile(r"[А-Яа-яЁё]")
LAW_REF = re.compile(r"^\d{1,2}[A-H]?\d?(\([a-z]\))?\d?$")
CHECKS: list[tuple[str, re.Pattern[str]]] = [
    ("latin", re.compile(r"(?<![\w♠♥♦♣])[SHDC](?:10|[AKQJT2-9])(?![\w])")),
    ("latin", re.compile(r"(?<![\w])[1-7](?:NT|[CDHSN])(?![\w])")),
    ("latin", re.compile(r"(?<![\w])(?:NS|EW|[NESW])(?![\w])")),
    ("code", re.compile(r"[{}]|\b[a-z]+_[a-z_]+\b|\b(?:null|true|false|None)\b|решение \d+|ruling \d+")),
    ("term", re.compile(r"(?<!фальш)ренонс", re.IGNORECASE)),
    ("term", re.compile(r"компенсац", re.IGNORECASE)),
    ("term", re.compile(r"не сходил в масть")),  # "did not lead the suit", never "failed to follow"
    # following suit is «подать масть»; «ходить в масть» is leading it
    ("term", re.compile(r"не ходил в масть|(?:обязан\w*|[Оо]бязанность|должен) ходить в масть")),
    ("term", re.compile(r"при своём первом ходе в розыгрыше")),  # a turn to play, not a lead
    # what a director reading aloud stumbles on: a pronoun with no antecedent of its gender,
    # a noun made of an adjective, narration instead of announcement
    ("read-aloud", re.compile(r"очеред[^.]*может принять её")),
    ("read-aloud", re.compile(r"Вместо неё")),
    ("read-aloud", re.compile(r"открытое (?:штрафным|возвращается)")),
    ("read-aloud", re.compile(r"лицо карты|объявить контру|будучи законной|ничего не недостаёт")),
    ("read-aloud", re.compile(r"фальшренонс всё равно исправляется|Выбор за:")),
    ("read-aloud", re.compile(r"остаётся как сыграна|а не передумал|и дело закончено|вызван судья, он определяет")),
    # a pass and a double are calls, not bids: «повторил контру», «пас Севера», never «заявка пас»
    ("read-aloud", re.compile(r"заявк[аиуео]й? (?:пас|контр[аеуы]|реконтр[аеуы])\b")),
    # the glossary's terms: an adjusted score is «присуждённый результат», a penalty card
    # «большая» or «малая»; a board problem is «проблема со сдачей»
    ("term", re.compile(r"скорректированн\w* результат|корректировал результат|крупн\w* штрафн", re.IGNORECASE)),
    ("term", re.compile(r"Нарушение со сдачей")),
    # engine words and calques a director would not say at the table
    ("read-aloud", re.compile(r"решение ждёт|рассматривается сама по себе|с нужной руки|была увидена")),
    ("read-aloud", re.compile(r"Каждый из ненарушившей|решает, [^.]*, продолжается ли")),
    # the cards a ruling names: one card is not «открытые карты» (the law's own page may
    # speak of exposed cards in general)
    ("read-aloud", re.compile(r"(?:решил считать|Считать) открытые карты штрафными")),
]
NOUNS = {"карт": ("карта", "карты", "карт"), "взят": ("взятка", "взятки", "взяток")}
PLURAL = re.compile(r"(?<![\d.,])(\d+)\s+(карт[аы]?|взят(?:ка|ки|ок|ку))(?![а-я])")


def plural_form(n: int) -> int:
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


def faults(text: str, edition: str) -> list[str]:
    found = []
    for kind, rx in CHECKS:
        for m in rx.finditer(text):
            token = m.group(0)
            if kind == "latin" and LAW_REF.match(token):
                continue
            found.append(f"{kind}: {token!r}")
    for m in PLURAL.finditer(text):
        n, word = int(m.group(1)), m.group(2)
        want = NOUNS["карт" if word.startswith("карт") else "взят"][plural_form(n)]
        if word != want and not (word == "взятку" and plural_form(n) == 0):
            found.append(f"plural: {m.group(0)!r} (want {n} {want})")
    # the older term is quoted, in «», only where a text names what 1997 said (the glossary)
    if edition == "2017" and re.search(r"нелегальн", re.sub(r"«[^»]*»", "", text), re.IGNORECASE):
        found.append("term: 'нелегальн…' (2017: несанкционированная)")
    return found


# a read-aloud decision that only names the irregularity and the law: the table does not
# learn what happens now («Запад сыграл ♥2 вне очереди. Правило 57D.»); a sentence that
# says what follows (after a colon or a semicolon) or the director's finding is an outcome
STOPS_AT_LAW = re.compile(r"^(?!Судья )[^.:;—]+\.\s+Правил[оа] [^.]+\.$")


def decision_faults(text: str) -> list[str]:
    """What a decision read aloud lacks: the outcome, when it says only what happened."""
    return [f"stops at the law: {text!r}"] if STOPS_AT_LAW.match(text) else []


def strings(obj: object, path: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(obj, str):
        yield path, obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from strings(v, f"{path}.{k}")
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from strings(v, f"{path}[{i}]")


def read_texts(out: dict[str, object]) -> Iterator[tuple[str, str]]:
    """Every text a person reads in a state rendered with lang=ru: any string with
    Cyrillic letters, every log line and every message (calls and the auction are data)."""
    for path, s in strings(out):
        if path.startswith((".calls", ".auction")):
            continue
        if CYR.search(s) or path.startswith(".log") or ".message" in path:
            yield path, s
