"""An action sent twice (a retry after a lost acknowledgement, a double click) is logged
once when it carries the client's ``action_id``: over the websocket, over HTTP, across a
restart and across two servers on one database."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from server_helpers import PBN, new_table

from bridgelaw.server.app import create_app
from bridgelaw.server.store import DuplicateAction, Store


def log_of(c: TestClient, tokens: dict[str, str]) -> list[dict[str, object]]:
    return list(c.get(f"/api/links/{tokens['director']}/log").json())


def test_the_same_action_id_twice_on_the_websocket_is_applied_once(client: TestClient) -> None:
    tokens = new_table(client, pbn=PBN)["tokens"]
    with client.websocket_connect(f"/ws/{tokens['N']}") as ws:
        ws.receive_json()
        acks = []
        for msg_id in (1, 2):
            ws.send_json({"type": "action", "action": {"seat": "N", "call": "1S"}, "action_id": "n-1s", "id": msg_id})
            while (m := ws.receive_json())["type"] == "state":
                pass
            acks.append(m)
    assert acks == [{"type": "ack", "id": 1, "seq": 1}, {"type": "ack", "id": 2, "seq": 1}]
    assert len(log_of(client, tokens)) == 1


def test_the_same_action_id_over_http_even_with_a_stale_seq_is_applied_once(client: TestClient) -> None:
    tokens = new_table(client, pbn=PBN)["tokens"]
    body = {"action": {"seat": "N", "call": "1S"}, "seq": 0, "action_id": "x" * 64}
    assert [client.post(f"/api/links/{tokens['N']}/actions", json=body).json() for _ in range(3)] == [{"seq": 1}] * 3
    again = {"action": {"seat": "N", "call": "1S"}, "seq": 1, "action_id": "another"}
    assert client.post(f"/api/links/{tokens['N']}/actions", json=again).status_code == 200  # out of rotation: ruled
    assert len(log_of(client, tokens)) == 2


def test_without_an_action_id_the_same_message_is_two_actions(client: TestClient) -> None:
    tokens = new_table(client, pbn=PBN)["tokens"]
    for _ in range(2):
        assert client.post(f"/api/links/{tokens['N']}/actions", json={"action": {"seat": "N", "call": "1S"}}).status_code == 200
    assert len(log_of(client, tokens)) == 2


def test_an_action_id_is_remembered_across_a_restart_and_another_server(db_path: str) -> None:
    body = {"action": {"seat": "N", "call": "1S"}, "action_id": "once"}
    with TestClient(create_app(db_path)) as a, TestClient(create_app(db_path)) as b:
        tokens = new_table(a, pbn=PBN)["tokens"]
        assert b.get(f"/api/links/{tokens['N']}/state").json()["seq"] == 0  # b has the table in memory
        assert a.post(f"/api/links/{tokens['N']}/actions", json=body).json() == {"seq": 1}
        assert b.post(f"/api/links/{tokens['N']}/actions", json=body).json() == {"seq": 1}
    with TestClient(create_app(db_path)) as c:
        assert c.post(f"/api/links/{tokens['N']}/actions", json=body).json() == {"seq": 1}
        assert len(log_of(c, tokens)) == 1


def test_the_log_refuses_a_second_entry_with_the_same_action_id(db_path: str) -> None:
    store = Store(db_path)
    from bridgelaw.server.boards import pbn_boards

    table_id, _ = store.create_table(title="", config={}, boards=pbn_boards(PBN))
    store.append(table_id, 1, "action", 0, {"seat": "N", "call": "1S"}, "a")
    with pytest.raises(DuplicateAction):
        store.append(table_id, 2, "action", 0, {"seat": "N", "call": "1S"}, "a")
    assert store.action_seq(table_id, "a") == 1 and len(store.log(table_id)) == 1


@pytest.mark.parametrize("bad", ["", "x" * 65, 5, ["a"]])
def test_a_malformed_action_id_is_refused(client: TestClient, bad: object) -> None:
    tokens = new_table(client)["tokens"]
    with client.websocket_connect(f"/ws/{tokens['all']}") as ws:
        ws.receive_json()
        ws.send_json({"type": "action", "action": {"seat": "N", "call": "P"}, "action_id": bad})
        assert ws.receive_json()["code"] == "bad_message"


def test_a_retry_is_answered_from_memory_on_sqlite_and_after_a_restart(db_path: str) -> None:
    """One writer (SQLite): the table in memory knows every action id it logged, and a
    table folded again after a restart loads them; no lookup per action."""
    msg = {"action": {"seat": "N", "call": "1S"}, "action_id": "mem-1"}
    with TestClient(create_app(db_path)) as c:
        tokens = new_table(c, pbn=PBN)["tokens"]
        assert c.post(f"/api/links/{tokens['N']}/actions", json=msg).json() == {"seq": 1}
        store = c.app.state.store  # type: ignore[attr-defined]

        def no_lookup(*_a: object) -> None:
            raise AssertionError("looked up in the database")

        store.action_seq = no_lookup
        assert c.post(f"/api/links/{tokens['N']}/actions", json=msg).json() == {"seq": 1}
    with TestClient(create_app(db_path)) as c:
        c.app.state.store.action_seq = no_lookup  # type: ignore[attr-defined]
        assert c.post(f"/api/links/{tokens['N']}/actions", json=msg).json() == {"seq": 1}
        assert c.get(f"/api/links/{tokens['N']}/state").json()["seq"] == 1


def test_a_duplicate_with_seq_and_action_id_sent_while_the_first_is_written_gets_its_seq(client: TestClient) -> None:
    """The web page sends both: the second of a double click waits for the first's write,
    then finds the table one action further. It is the same action: its first seq."""
    import asyncio

    made = new_table(client, pbn=PBN)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    msg = {"type": "action", "action": {"seat": "N", "call": "1S"}, "seq": 0, "action_id": "double"}

    async def twice() -> list[object]:
        return list(await asyncio.gather(hub.submit(made["id"], "N", dict(msg)), hub.submit(made["id"], "N", dict(msg)),
                                         return_exceptions=True))

    assert client.portal.call(twice) == [1, 1]  # type: ignore[union-attr]
    assert len(log_of(client, made["tokens"])) == 1


def test_an_action_id_belongs_to_the_seat_that_sent_it(client: TestClient) -> None:
    tokens = new_table(client, pbn=PBN)["tokens"]
    n = client.post(f"/api/links/{tokens['N']}/actions", json={"action": {"seat": "N", "call": "1S"}, "action_id": "a1"})
    e = client.post(f"/api/links/{tokens['E']}/actions", json={"action": {"seat": "E", "call": "2H"}, "action_id": "a1"})
    assert n.json() == {"seq": 1} and e.json() == {"seq": 2}
    assert len(log_of(client, tokens)) == 2
