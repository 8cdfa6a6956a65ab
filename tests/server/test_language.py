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


def _socket_state_after_call_out_of_turn(client: TestClient, query: str = "", **headers: str) -> dict[str, object]:
    t = new_table(client, pbn=PBN)
    d, e = t["tokens"]["director"], t["tokens"]["E"]
    with client.websocket_connect(f"/ws/{d}{query}", headers=dict(headers)) as ws:
        ws.receive_json()
        r = client.post(f"/api/links/{e}/actions", json={"action": {"seat": "E", "call": "1C"}})
        assert r.status_code == 200, r.text
        return dict(ws.receive_json())


def test_websocket_texts_in_russian_when_the_socket_asks_for_it(client: TestClient) -> None:
    text = str(_socket_state_after_call_out_of_turn(client, "?lang=ru"))
    assert "нарушение" in text and "irregularity" not in text


def test_websocket_accept_language_chooses_russian(client: TestClient) -> None:
    text = str(_socket_state_after_call_out_of_turn(client, **{"Accept-Language": "ru-RU,ru;q=0.9"}))
    assert "нарушение" in text and "irregularity" not in text


def test_websocket_texts_in_english_by_default(client: TestClient) -> None:
    text = str(_socket_state_after_call_out_of_turn(client, "?lang=en", **{"Accept-Language": "ru"}))
    assert "irregularity" in text and "нарушение" not in text


def test_websocket_patches_carry_russian_texts(client: TestClient) -> None:
    text = str(_socket_state_after_call_out_of_turn(client, "?lang=ru&updates=patch"))
    assert "нарушение" in text and "irregularity" not in text


def test_websocket_refusal_in_the_sockets_language(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    with client.websocket_connect(f"/ws/{t['tokens']['S']}?lang=ru") as s:
        s.receive_json()
        s.send_json({"type": "action", "action": {"seat": "S", "play": "SA"}})  # no card in the auction
        reply = s.receive_json()
    assert reply["type"] == "error"
    assert reply["message"] == _russian_refusal(reply["code"])


def _russian_refusal(code: str) -> str:
    from server_helpers import DEAL

    from bridgelaw.actions import action_from_json
    from bridgelaw.core.deal import Board, Deal, Seat, Vulnerability
    from bridgelaw.i18n.output import localize_state
    from bridgelaw.table import Refused, Table

    table = Table(Board(1, Deal.parse(DEAL), Seat.N, Vulnerability.parse("None")))
    try:
        table.push(action_from_json({"seat": "S", "play": "SA"}))
    except Refused as r:
        assert r.code == code
        return str(localize_state({"m": r.message}, "ru")["m"])
    raise AssertionError("not refused")


def test_the_servers_own_refusals_reach_the_socket_in_its_language(client: TestClient) -> None:
    """The hub's and the socket's refusals (a stale number, a message that is no object)
    come from the catalogs too; in English they read as they always did."""
    t = new_table(client, pbn=PBN)
    for lang, stale, no_object in (("ru", "устаревший номер 5", "сообщение должно быть объектом JSON"),
                                   ("en", "stale sequence number 5", "a message must be a JSON object")):
        with client.websocket_connect(f"/ws/{t['tokens']['N']}?lang={lang}") as ws:
            ws.receive_json()
            ws.send_json({"id": 1, "action": {"seat": "N", "call": "1S"}, "seq": 5})
            reply = ws.receive_json()
            assert reply["code"] == "conflict" and reply["message"].startswith(stale)
            ws.send_json([1])
            while (reply := ws.receive_json())["type"] != "error":
                pass  # the fresh state sent after the conflict
            assert reply["message"] == no_object


def test_the_views_of_one_change_are_localized_as_each_alone() -> None:
    """Views rendered with a shared memo (their common parts rendered once) equal the
    same views rendered each on its own."""
    from bridgelaw.i18n import text
    from bridgelaw.i18n.output import localize_state

    shared = {"label": text("server.svg.board"), "label_ru": "Сдача", "items": [text("server.error.try_again"), 3]}
    views = [{"role": r, "common": shared, "own": [{"message": text("server.error.busy")}]} for r in "NE"]
    memo: dict[int, tuple[object, object]] = {}
    together = [localize_state(v, "ru", memo) for v in views]
    alone = [localize_state(v, "ru") for v in views]
    assert together == alone
    assert together[0]["common"] == {"label": "Сдача", "label_ru": "Сдача", "items": ["попробуйте ещё раз", 3]}
    assert together[0]["common"] is together[1]["common"]


def test_an_http_refusal_is_in_the_language_the_request_asked_for(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    e = t["tokens"]["E"]
    bad = {"action": {"seat": "E", "call": "9Z"}}
    r = client.post(f"/api/links/{e}/actions?lang=ru", json=bad)
    assert r.status_code == 400 and "— не заявка" in r.json()["message"]
    r = client.post(f"/api/links/{e}/actions", json=bad, headers={"Accept-Language": "ru"})
    assert "— не заявка" in r.json()["message"]
    r = client.post(f"/api/links/{e}/actions", json=bad)
    assert "is not a call" in r.json()["message"]


def test_the_event_log_refusal_and_an_unknown_law_are_catalog_texts(client: TestClient) -> None:
    t = new_table(client, pbn=PBN)
    r = client.get(f"/api/links/{t['tokens']['E']}/log?lang=ru")
    assert r.status_code == 403 and r.json()["message"] == "журнал событий доступен только судье"
    r = client.get("/api/laws/94?lang=ru")
    assert r.status_code == 404 and "Правила пронумерованы от 1 до 93" in r.json()["message"]
