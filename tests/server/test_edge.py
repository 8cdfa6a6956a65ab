"""The server's edge: malformed, hostile or oversized input gets a clear error and leaves
every table as it was; the connection stays open; the pages carry security headers."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import PBN, new_table

from bridgelaw.server import hub as hub_module
from bridgelaw.server.guard import RedactTokens, Throttle, redact
from bridgelaw.server.wire import WireError, decode, encode

SURROGATE = "rest \ud800"
PLAYED = [{"seat": "N", "call": "1S"}, {"seat": "E", "call": "P"}, {"seat": "S", "call": "P"},
          {"seat": "W", "call": "P"}, {"seat": "E", "play": "HA"}]


def act(c: TestClient, token: str, action: dict[str, Any], **kw: Any) -> Any:
    return c.post(f"/api/links/{token}/actions", json={"action": action, **kw})


def raw_post(c: TestClient, path: str, body: str) -> Any:
    return c.post(path, content=body.encode("utf-8", "surrogatepass"), headers={"content-type": "application/json"})


@pytest.fixture
def table(client: TestClient) -> dict[str, str]:
    tokens: dict[str, str] = new_table(client, pbn=PBN)["tokens"]
    return tokens


def state(c: TestClient, token: str) -> dict[str, Any]:
    r = c.get(f"/api/links/{token}/state")
    assert r.status_code == 200
    return dict(r.json())


def ws_roundtrip(ws: Any, raw: str) -> dict[str, Any]:
    """Send one text frame; the answer (skipping states)."""
    ws.send_text(raw)
    while (m := ws.receive_json())["type"] == "state":
        pass
    return dict(m)


# ---------------------------------------------------------------------- lone surrogates
@pytest.mark.parametrize("action", [
    {"seat": "N", "claim": 5, "statement": SURROGATE},
    {"seat": "N", "call": "1S", "alert": True, "meaning": SURROGATE},
    {"seat": "N", "tempo": SURROGATE},
    {"seat": "N", "point_out": SURROGATE},
    {"seat": "N", "report": "wrong_board_earlier", "earlier_call": SURROGATE},
])
def test_a_lone_surrogate_in_any_text_is_refused_and_the_table_goes_on(client: TestClient, table: dict[str, str],
                                                                       action: dict[str, Any]) -> None:
    with client.websocket_connect(f"/ws/{table['all']}") as ws, client.websocket_connect(f"/ws/{table['W']}") as other:
        ws.receive_json()
        other.receive_json()
        reply = ws_roundtrip(ws, json.dumps({"type": "action", "action": action, "id": 7}))
        assert reply["type"] == "error" and reply["code"] == "bad_text"
        assert ws_roundtrip(ws, json.dumps({"type": "action", "action": {"seat": "N", "call": "1N"}}))["type"] == "ack"
        assert other.receive_json()["seq"] == 1  # the others' connections are alive
    r = raw_post(client, f"/api/links/{table['all']}/actions", json.dumps({"action": action}))
    assert r.status_code == 400 and r.json()["code"] == "bad_text"
    assert state(client, table["director"])["seq"] == 1


def test_a_lone_surrogate_in_the_message_id_is_refused(client: TestClient, table: dict[str, str]) -> None:
    with client.websocket_connect(f"/ws/{table['N']}") as ws:
        ws.receive_json()
        assert ws_roundtrip(ws, '{"type":"ping","id":"\\ud800"}')["code"] == "bad_text"
        assert ws_roundtrip(ws, '{"type":"ping","id":1}') == {"type": "pong", "id": 1}


def test_a_surrogate_in_the_title_or_the_pbn_is_refused(client: TestClient) -> None:
    assert raw_post(client, "/api/tables", '{"title":"\\udc00"}').status_code == 400
    assert raw_post(client, "/api/tables", json.dumps({"pbn": PBN.replace("test", "\ud800")})).status_code == 400


def test_a_table_whose_log_already_holds_a_surrogate_is_still_served(client: TestClient, table: dict[str, str]) -> None:
    """Written before such text was refused: it is sent escaped, never a silent socket."""
    store = client.app.state.store  # type: ignore[attr-defined]
    table_id = client.get(f"/api/links/{table['N']}").json()["table"]
    store.append(table_id, 1, "action", 0, {"seat": "N", "call": "1S", "alert": True, "meaning": SURROGATE})
    assert state(client, table["director"])["view"]["calls"][0]["meaning"] == SURROGATE
    with client.websocket_connect(f"/ws/{table['director']}") as ws:
        assert ws.receive_json()["seq"] == 1
    assert client.get(f"/api/links/{table['director']}/log").status_code == 200


def test_encode_is_always_valid_utf8() -> None:
    text = encode({"a": SURROGATE, "b": "ü"})
    text.encode("utf-8")
    assert json.loads(text) == {"a": SURROGATE, "b": "ü"}
    assert encode({"b": "ü"}) == '{"b":"ü"}'


# ---------------------------------------------------------------------- malformed input
MALFORMED = [
    '{"type":"action","action":{"seat":"N","ask":["review"]}}',
    '{"type":"action","action":{"seat":"N","how":[],"expose":["SA"]}}',
    '{"type":"action","action":{"seat":"N","report":{}}}',
    '{"type":"action","action":{"seat":"N","claim_response":[1]}}',
    '{"type":"action","action":{"seat":"N","call":"1S","meaning":{"x":1}}}',
    '{"type":"action","action":{"seat":["N"],"call":"1S"}}',
    '{"type":"action","action":{"seat":"N","call":{"level":1}}}',
    '{"type":"action","action":{"seat":"N","play":[]}}',
    '{"type":"action","action":{"seat":"N","claim":1e999}}',
    '{"type":"action","action":{"seat":"N","claim":NaN}}',
    '{"type":"action","seq":' + "9" * 5000 + "}",
    '{"type":"action","seq":1' + "0" * 30 + "}",
    "[" * 5000 + "]" * 5000,
    '{"a":' * 3000 + "1" + "}" * 3000,
    '{"type":"adjust","score_ns":1e999}',
    '{"type":{"x":1}}',
    '{"type":"next_board","seq":true}',
    "\x00",
    "",
]


@pytest.mark.parametrize("raw", MALFORMED, ids=range(len(MALFORMED)))
def test_a_malformed_websocket_message_gets_an_error_and_the_connection_stays(
    client: TestClient, table: dict[str, str], raw: str,
) -> None:
    with client.websocket_connect(f"/ws/{table['N']}") as ws:
        first = ws.receive_json()
        reply = ws_roundtrip(ws, raw)
        assert reply["type"] == "error" and reply["code"] != "internal_error" and reply["message"]
        assert ws_roundtrip(ws, '{"type":"ping","id":2}') == {"type": "pong", "id": 2}
    assert state(client, table["N"]) == first


@pytest.mark.parametrize("raw", MALFORMED[:-2], ids=range(len(MALFORMED) - 2))
def test_a_malformed_http_action_gets_a_4xx_naming_the_problem(client: TestClient, table: dict[str, str], raw: str) -> None:
    r = raw_post(client, f"/api/links/{table['N']}/actions", raw)
    assert 400 <= r.status_code < 500 and r.json().get("message"), r.text
    assert state(client, table["N"])["seq"] == 0


@pytest.mark.parametrize("body", ['{"boards":1e999}', '{"boards":"x"}', '{"boards":[[[[]]]]}', '{"boards":' + "9" * 5000 + "}",
                                  '{"first_board":-1}', '{"pbn":5}', '[]', "nonsense", '{"edition":{"a":1}}'])
def test_a_malformed_new_table_gets_a_4xx(client: TestClient, body: str) -> None:
    r = raw_post(client, "/api/tables", body)
    assert 400 <= r.status_code < 500 and (r.json().get("message") or r.json().get("detail")), r.text


def test_a_binary_frame_that_is_not_utf8_is_refused(client: TestClient, table: dict[str, str]) -> None:
    with client.websocket_connect(f"/ws/{table['N']}") as ws:
        ws.receive_json()
        ws.send_bytes(b"\xff\xfe{")
        assert ws.receive_json()["code"] == "bad_text"


def test_the_decoder_names_each_problem() -> None:
    for raw, code in (('"\\ud800"', "bad_text"), ("1e999", "bad_number"), ("[" * 100, "too_deep"),
                      ("1" * 40, "bad_number"), ("{", "bad_json"), ("Infinity", "bad_number")):
        with pytest.raises(WireError) as e:
            decode(raw)
        assert e.value.code == code
    assert decode('{"a":[1,2.5,"x",true,null]}') == {"a": [1, 2.5, "x", True, None]}


# ---------------------------------------------------------------------- sizes and rates
def test_a_chunked_body_over_the_limit_is_refused_while_it_is_read(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"boards":1,"title":"'
        for _ in range(40):
            yield b"x" * 65536
        yield b'"}'

    r = client.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["code"] == "payload_too_large"


@pytest.mark.parametrize(("field", "limit"), [("meaning", 500), ("statement", 1000), ("tempo", 100), ("point_out", 100)])
def test_free_text_is_capped_per_field(client: TestClient, table: dict[str, str], field: str, limit: int) -> None:
    action: dict[str, Any] = {"seat": "N", "call": "1S", "meaning": "x" * (limit + 1)} if field == "meaning" else (
        {"seat": "N", "claim": 1, "statement": "x" * (limit + 1)} if field == "statement" else {"seat": "N", field: "x" * (limit + 1)})
    r = act(client, table["N"], action)
    assert r.status_code == 400 and r.json()["code"] == "text_too_long"
    assert state(client, table["director"])["seq"] == 0


def test_a_board_takes_a_bounded_number_of_actions(client: TestClient, table: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hub_module, "MAX_ACTIONS_PER_BOARD", 3)
    for _ in range(3):
        assert act(client, table["N"], {"seat": "N", "tempo": "hesitation"}).status_code == 200
    r = act(client, table["N"], {"seat": "N", "tempo": "hesitation"})
    assert r.status_code == 409 and r.json()["code"] == "too_many_actions"


def test_a_link_sending_too_fast_is_slowed_down(client: TestClient, table: dict[str, str]) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.throttle = Throttle(rate=0.0, burst=2)
    assert act(client, table["N"], {"seat": "N", "tempo": "hesitation"}).status_code == 200
    assert act(client, table["N"], {"seat": "N", "tempo": "hesitation"}).status_code == 200
    r = act(client, table["N"], {"seat": "N", "tempo": "hesitation"})
    assert r.status_code == 429 and r.json()["code"] == "too_many_requests"
    assert act(client, table["E"], {"seat": "E", "tempo": "hesitation"}).status_code == 200  # another link


def test_the_throttle_refills_and_forgets_old_keys() -> None:
    now = [0.0]
    t = Throttle(rate=1.0, burst=2, max_keys=3, clock=lambda: now[0])
    assert t.allow("a") and t.allow("a") and not t.allow("a") and t.exhausted("a")
    now[0] = 1.0
    assert t.allow("a")
    for k in "bcd":
        t.allow(k)
    assert len(t._buckets) == 3


# ---------------------------------------------------------------------- the next board
def test_a_player_cannot_move_on_while_the_director_must_still_decide(client: TestClient) -> None:
    tokens = new_table(client, boards=2)["tokens"]
    for seat in ("N", "E", "S", "W"):
        dealer_first = act(client, tokens["all"], {"seat": seat, "call": "P"})
        assert dealer_first.status_code == 200
    view = state(client, tokens["W"])
    if view["view"]["phase"] != "ended":
        pytest.skip("the dealer is not N on this board")
    assert act(client, tokens["W"], {"seat": "W", "report": "incorrect_number", "hands": ["N", "E"]}).status_code == 200
    assert state(client, tokens["W"])["can_next_board"] is False
    r = client.post(f"/api/links/{tokens['W']}/actions", json={"type": "next_board"})
    assert r.status_code == 409 and r.json()["code"] == "not_now"
    decide = {"seat": "director", "decide": {"adjusted_score": {"score_ns": 0}}}
    assert act(client, tokens["director"], decide).status_code == 200
    # now W may say he is ready; the board had a ruling, so the director moves the table on
    assert client.post(f"/api/links/{tokens['W']}/actions", json={"type": "next_board"}).status_code == 200
    assert state(client, tokens["W"])["board_index"] == 0
    assert state(client, tokens["W"])["next_board"] == {"consents": ["W"], "director_leave": True}
    assert client.post(f"/api/links/{tokens['director']}/actions", json={"type": "next_board"}).status_code == 200
    assert state(client, tokens["W"])["board_index"] == 1


# ---------------------------------------------------------------------- origin, headers, logs
def test_a_websocket_from_another_site_is_refused(client: TestClient, table: dict[str, str]) -> None:
    with client.websocket_connect(f"/ws/{table['N']}", headers={"origin": "http://evil.example"}) as ws:
        assert ws.receive_json()["code"] == "bad_origin"
    with client.websocket_connect(f"/ws/{table['N']}", headers={"origin": "http://testserver"}) as ws:
        assert ws.receive_json()["type"] == "state"



def test_a_websocket_origin_counts_its_scheme(client: TestClient, table: dict[str, str]) -> None:
    """Only a web page may open a table's socket; over a secure socket only a secure page."""
    for origin in ("file://testserver", "ftp://testserver", "testserver"):
        with client.websocket_connect(f"/ws/{table['N']}", headers={"origin": origin}) as ws:
            assert ws.receive_json()["code"] == "bad_origin", origin
    # a TLS-terminating proxy that does not forward the scheme: an https page over plain ws
    with client.websocket_connect(f"/ws/{table['N']}", headers={"origin": "https://testserver"}) as ws:
        assert ws.receive_json()["type"] == "state"
    with client.websocket_connect(f"wss://testserver/ws/{table['N']}", headers={"origin": "http://testserver"}) as ws:
        assert ws.receive_json()["code"] == "bad_origin"
    with client.websocket_connect(f"wss://testserver/ws/{table['N']}", headers={"origin": "https://testserver"}) as ws:
        assert ws.receive_json()["type"] == "state"


def test_pages_send_security_headers(client: TestClient) -> None:
    for path in ("/", "/table", "/static/laws.html", "/api/health"):
        h = client.get(path).headers
        assert h["x-frame-options"] == "DENY" and h["referrer-policy"] == "no-referrer", path
        assert "frame-ancestors 'none'" in h["content-security-policy"] and "'unsafe-inline'" not in h[
            "content-security-policy"].split("script-src", 1)[1].split(";")[0]
    assert "content-security-policy" not in client.get("/docs").headers  # its own scripts come from a CDN


def test_guessing_links_is_slowed_down_and_valid_links_from_the_same_address_still_work(
        client: TestClient, table: dict[str, str]) -> None:
    """A club's phones share one address behind its router: a guesser among them is slowed
    down, the valid links are not locked out."""
    codes = [client.get(f"/api/links/guess{i:04d}xxxxxxxx/state").status_code for i in range(40)]
    assert codes[0] == 404 and codes[-1] == 429
    assert client.get(f"/api/links/{table['N']}/state").status_code == 200  # the same address
    with client.websocket_connect(f"/ws/{table['E']}") as ws:
        assert ws.receive_json()["type"] == "state"
    assert client.get("/api/links/guess9999xxxxxxxx/state").status_code == 429


def test_tokens_are_kept_out_of_the_logs() -> None:
    token = "wUPw8cfQ3r_9-abcdefghijKLmn"
    assert token not in redact(f'"WebSocket /ws/{token}" [accepted]')
    assert token not in redact(f"GET /api/links/{token}/state HTTP/1.1")
    assert token not in redact(f"GET /table?t={token} HTTP/1.1")
    record = logging.LogRecord("uvicorn.access", logging.INFO, "", 0, '%s - "%s %s HTTP/%s" %d',
                               ("127.0.0.1", "GET", f"/api/links/{token}/state", "1.1", 200), None)
    RedactTokens().filter(record)
    assert token not in record.getMessage()


def test_the_served_log_configuration_redacts_tokens() -> None:
    import logging.config

    from bridgelaw.server.cli import log_config

    config = log_config()
    assert all("redact_tokens" in h["filters"] for h in config["handlers"].values())
    logging.config.dictConfig(config)


# ---------------------------------------------------------------------- the director's link
@pytest.mark.law("81C2")
def test_the_director_link_rules_but_never_calls_or_plays_for_a_player(client: TestClient, table: dict[str, str]) -> None:
    for action in ({"seat": "N", "call": "1S"}, {"seat": "E", "call": "P"}, {"seat": "N", "tempo": "hesitation"},
                   {"seat": "N", "claim": 13}):
        r = act(client, table["director"], action)
        assert r.status_code == 403 and r.json()["code"] == "not_a_player", action
    assert act(client, table["N"], {"seat": "N", "call": "1S"}).status_code == 200
    assert act(client, table["E"], {"seat": "E", "call": "1H"}).status_code == 200  # insufficient: a ruling
    assert act(client, table["director"], {"seat": "S", "director": True}).status_code == 200


@pytest.mark.parametrize("raw", [
    '{"type":"action","action":{"seat":"N","call":"1S"},"seq":3,"id":"x"}',
    '{"a":"12345678901234567890","b":-0.0,"c":1e300,"d":[true,false,null],"e":"\\u00e9\\ud83c\\udca1"}',
    '{"a":1,"a":2}',
    '  [1, 2.5e-3, -17]  ',
])
def test_the_decoder_reads_a_message_as_the_standard_library_does(raw: str) -> None:
    """The usual message is read by orjson; what it reads equals the standard library's
    reading (a long digit run, or anything refused, is read by the standard library)."""
    import json

    assert decode(raw) == json.loads(raw)
