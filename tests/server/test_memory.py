"""Memory is given back: idle tables are unloaded (and folded again on demand), unknown
ids leave nothing behind, an uploaded file has a bounded number of boards."""

from __future__ import annotations

from fastapi.testclient import TestClient
from server_helpers import PBN, is_ack, new_table

from bridgelaw.server.boards import MAX_BOARDS


def test_an_idle_table_is_unloaded_and_comes_back_the_same(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    t = new_table(client, pbn=PBN)
    tokens = t["tokens"]
    assert client.post(f"/api/links/{tokens['N']}/actions", json={"action": {"seat": "N", "call": "1S"}}).status_code == 200
    before = client.get(f"/api/links/{tokens['director']}/state").json()
    assert t["id"] in hub.tables
    assert hub.unload_idle(0.0) >= 1 and t["id"] not in hub.tables and t["id"] not in hub._locks
    assert client.get(f"/api/links/{tokens['director']}/state").json() == before


def test_a_table_with_a_connection_stays_loaded(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    t = new_table(client)
    with client.websocket_connect(f"/ws/{t['tokens']['N']}") as ws:
        ws.receive_json()
        hub.unload_idle(0.0)
        assert t["id"] in hub.tables
    assert hub.unload_idle(0.0) >= 1 and t["id"] not in hub.tables and t["id"] not in hub.clients


def test_unknown_table_ids_leave_no_lock_behind(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    for i in range(50):
        assert client.get(f"/api/tables/{i:012x}").status_code == 404
    assert client.get("/api/tables/" + "f" * 3800).status_code == 404
    assert client.get("/api/tables/not-an-id").status_code == 404
    assert not hub._locks and not hub.tables


def test_an_uploaded_file_has_at_most_so_many_boards(client: TestClient) -> None:
    many = "\n".join(PBN.replace('"1"', f'"{i}"') for i in range(1, MAX_BOARDS + 2))
    r = client.post("/api/tables", json={"pbn": many})
    assert r.status_code == 400 and r.json()["code"] == "bad_pbn" and str(MAX_BOARDS) in r.json()["message"]
    ok = "\n".join(PBN.replace('"1"', f'"{i}"') for i in range(1, 5))
    assert client.post("/api/tables", json={"pbn": ok}).json()["boards"] == 4


def test_a_board_number_out_of_range_in_an_upload_is_refused(client: TestClient) -> None:
    r = client.post("/api/tables", json={"pbn": PBN.replace('"1"', '"1' + "0" * 17 + '"', 1)})
    assert r.status_code == 400 and r.json()["code"] == "bad_pbn"


def test_an_unloaded_table_leaves_no_throttle_bucket_behind(client: TestClient) -> None:
    """Small objects that outlive a table pin the allocator's pages its objects used: the
    links' rate buckets go with the table."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    t = new_table(client, pbn=PBN)
    assert client.post(f"/api/links/{t['tokens']['N']}/actions", json={"action": {"seat": "N", "call": "1S"}}).status_code == 200
    assert any(k.startswith(t["id"]) for k in hub.throttle._buckets)
    hub.unload_idle(0.0)
    assert not any(k.startswith(t["id"]) for k in hub.throttle._buckets)


def test_unloaded_tables_leave_no_object_of_theirs_in_the_hub(client: TestClient) -> None:
    """Tables that were played over websockets (whole states and patches) and over HTTP,
    then left idle, are gone from memory once unloaded: nothing in the hub (or the session
    queue's feed) keeps a table, its board's Table, a lock, a bucket or a state of its."""
    import gc
    import weakref

    hub = client.app.state.hub  # type: ignore[attr-defined]
    tables = [new_table(client, pbn=PBN) for _ in range(4)]
    for i, t in enumerate(tables):
        tokens = t["tokens"]
        query = "?updates=patch" if i % 2 else ""
        with client.websocket_connect(f"/ws/{tokens['N']}{query}") as n, client.websocket_connect(f"/ws/{tokens['E']}") as e:
            n.receive_json()
            e.receive_json()
            n.send_json({"id": 1, "action": {"seat": "N", "call": "1S"}, "action_id": "a1"})
            while not is_ack(n.receive_json()):
                pass
            e.send_json({"id": 2, "action": {"seat": "E", "call": "P"}, "action_id": "a2"})
            while e.receive_json()["type"] != "ack":
                pass
        r = client.post(f"/api/links/{tokens['S']}/actions", json={"action": {"seat": "S", "call": "2S"}})
        assert r.status_code == 200
    ids = [t["id"] for t in tables]
    refs = [weakref.ref(hub.tables[i]) for i in ids] + [weakref.ref(hub.tables[i].table) for i in ids]
    assert hub.unload_idle(0.0) >= len(ids)
    gc.collect()
    assert [r for r in refs if r() is not None] == []
    held = [*hub.tables, *hub.clients, *hub._locks, *hub.used, *hub.throttle._buckets]
    feed = hub.watchers[0].__self__
    held += [*feed.waited]
    assert not [k for k in held if any(i in k for i in ids)]
