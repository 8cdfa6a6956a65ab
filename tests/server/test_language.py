"""A link's state in the language its reader asked for: ``?lang=``, else Accept-Language,
else the table preset's language (Russian for the Russian federation's)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from server_helpers import PBN, new_table

from bridgelaw.config import PRESETS
from bridgelaw.i18n.output import choose_language, preset_language


def _state_after_call_out_of_turn(client: TestClient, **get: object) -> dict[str, object]:
    t = new_table(client, pbn=PBN)
    d, e = t["tokens"]["director"], t["tokens"]["E"]
    # dealer N; E calls out of rotation from his own link (the director does not call for
    # the players, Law 81): a ruling and a log line
    r = client.post(f"/api/links/{e}/actions", json={"action": {"seat": "E", "call": "1C"}})
    assert r.status_code == 200, r.text
    return client.get(f"/api/links/{d}/state", **get).json()  # type: ignore[arg-type]


def test_state_log_in_russian_when_the_link_asks_for_it(client: TestClient) -> None:
    text = str(_state_after_call_out_of_turn(client, params={"lang": "ru"}))
    assert "нарушение" in text and "irregularity" not in text


def test_accept_language_chooses_russian(client: TestClient) -> None:
    text = str(_state_after_call_out_of_turn(client, headers={"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"}))
    assert "нарушение" in text


def test_english_by_default(client: TestClient) -> None:
    assert "irregularity" in str(_state_after_call_out_of_turn(client))


def test_language_choice_order() -> None:
    assert choose_language("ru", "en", "en") == "ru"
    assert choose_language(None, "de, en;q=0.3, ru;q=0.8", "en") == "ru"
    assert choose_language(None, None, "ru") == "ru" and choose_language("xx", "", "en") == "en"


def test_russian_federation_preset_reads_russian() -> None:
    assert preset_language(PRESETS["fsbr_face_up"]) == "ru" and preset_language(PRESETS["wbf2017"]) == "en"
