"""The JSON API of a class through a real server: joining, a seat's state, acting, the live
events, the teacher's endpoints, and every way a hostile client may try to get past them.

Every refusal must be a 4xx JSON object ``{"error": "<words>"}`` and leave the table exactly as
it was (its full save compared before and after).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator

import pytest

from tests.classroom.conftest import seat_table
from tests.classroom.web import Reply, call, events
from tradekit.classroom import Classroom, start
from tradekit.classroom.rooms import Table


def table_of(c: Classroom, token: str) -> Table:
    return c.room.seat_for(token)[0]


def save(table: Table) -> str:
    assert table.state is not None
    return table.state.to_json()


def test_join_sets_an_http_only_strict_cookie_and_gives_a_seat(turin: Classroom) -> None:
    reply = call(turin.url, "POST", "/api/join", {"code": turin.code, "name": "Ada"})
    assert reply.status == 200
    doc = reply.json
    assert set(doc) == {"token", "table", "seat"} and doc["seat"] == 0
    cookie = reply.headers["set-cookie"]
    assert cookie.startswith(f"tk_seat={doc['token']}")
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Path=/" in cookie
    state = call(turin.url, "GET", "/api/state", cookie=f"tk_seat={doc['token']}").json
    assert state["started"] is False and state["view"] is None and state["legal"] == []
    assert "1 of 3" in state["status"]
    # The teacher starts the table: two robots sit down and seal their offers.
    secret = turin.room.teacher_secret
    status = call(turin.url, "POST", "/api/teacher/start", {"table": doc["table"]}, token=secret)
    assert status.status == 200, status.text
    row = next(t for t in status.json["tables"] if t["number"] == doc["table"])
    assert row["state"] == "playing" and row["decisions"] == 2
    assert [s["robot"] for s in row["seats"]] == [False, True, True]
    state = call(turin.url, "GET", "/api/state", token=doc["token"]).json
    assert state["started"] and state["your_turn"] and state["view"]["viewer"] == 0
    assert state["names"][0] == "Ada (you)" and state["robots"] == [1, 2]


def test_a_seat_sees_its_own_view_legal_actions_with_labels_and_its_log(
    turin: Classroom,
) -> None:
    tokens = seat_table(turin)
    table = table_of(turin, tokens[0])
    state = table.state
    assert state is not None
    for seat, token in enumerate(tokens):
        doc = call(turin.url, "GET", "/api/state?html=1&lang=fr", token=token).json
        assert doc["seat"] == seat and doc["view"]["viewer"] == seat
        assert [item["action"] for item in doc["legal"]] == [
            a.to_json() for a in state.legal_actions(seat)
        ]
        assert all(item["label"] for item in doc["legal"]) and doc["legal_count"] == len(
            doc["legal"]
        )
        assert doc["html"]["table"].count('class="tk tk-turin"') == 1
        assert "Manche 1 sur 5" in doc["status"]
        assert [e["at"] for e in doc["log"]] == [
            i for i, e in enumerate(state.log) if e.visible(seat)
        ]


def test_acting_returns_the_new_state_and_a_stale_version_is_refused(turin: Classroom) -> None:
    tokens = seat_table(turin)
    table = table_of(turin, tokens[0])
    first = call(turin.url, "GET", "/api/state", token=tokens[0]).json
    offer = first["legal"][0]["action"]
    other = call(turin.url, "GET", "/api/state", token=tokens[1]).json
    moved = call(
        turin.url,
        "POST",
        "/api/act",
        {"action": other["legal"][0]["action"], "version": other["version"]},
        token=tokens[1],
    )
    assert moved.status == 200 and moved.json["version"] > other["version"]
    before = save(table)
    stale = call(
        turin.url, "POST", "/api/act", {"action": offer, "version": first["version"]},
        token=tokens[0],
    )  # fmt: skip
    assert stale.status == 409 and "changed since" in stale.error
    assert save(table) == before
    fresh = call(turin.url, "POST", "/api/act", {"action": offer}, token=tokens[0])
    assert fresh.status == 200 and len(table.state.decisions) == 2  # type: ignore[union-attr]


def test_the_event_stream_says_a_new_version_and_nothing_else(turin: Classroom) -> None:
    tokens = seat_table(turin)
    stream = events(turin.url, "/api/events", tokens[0])
    kind, data = next(stream)
    first = call(turin.url, "GET", "/api/state", token=tokens[0]).json
    assert (kind, json.loads(data)) == ("version", {"version": first["version"]})
    other = call(turin.url, "GET", "/api/state", token=tokens[2]).json
    call(turin.url, "POST", "/api/act", {"action": other["legal"][0]["action"]}, token=tokens[2])
    kind, data = next(stream)
    now = call(turin.url, "GET", "/api/state", token=tokens[0]).json["version"]
    assert kind == "version" and json.loads(data) == {"version": now} and now > first["version"]
    # The teacher gives the seat to a robot: the stream says so and ends.
    call(turin.url, "POST", "/api/teacher/robot",
         {"table": table_of(turin, tokens[1]).number, "seat": 0},
         token=turin.room.teacher_secret)  # fmt: skip
    rest = list(stream)
    assert rest[-1] == ("gone", "{}")
    assert call(turin.url, "GET", "/api/state", token=tokens[0]).status == 403


def test_the_teachers_endpoints_need_the_teachers_secret(turin: Classroom) -> None:
    tokens = seat_table(turin)
    number = table_of(turin, tokens[0]).number
    secret = turin.room.teacher_secret
    for method, path, body in [
        ("GET", "/api/teacher/status", None),
        ("GET", "/api/teacher/events", None),
        ("POST", "/api/teacher/pause", {"table": number}),
        ("POST", "/api/teacher/robot", {"table": number, "seat": 0}),
        ("GET", f"/api/teacher/save?table={number}", None),
        ("GET", "/teacher", None),
    ]:
        assert call(turin.url, method, path, body).status == 401
        for wrong in (secret[:-1] + "x", tokens[0], "x"):
            reply = call(turin.url, method, path, body, token=wrong)
            assert reply.status == 403 and "teacher's secret" in reply.error
        cookie = call(turin.url, method, path, body, cookie=f"tk_teacher={tokens[0]}")
        assert cookie.status == 403
    assert table_of(turin, tokens[0]).paused is False
    status = call(turin.url, "GET", "/api/teacher/status", token=secret).json
    row = next(t for t in status["tables"] if t["number"] == number)
    assert [s["name"] for s in row["seats"]] == ["Ada", "Bob", "Cy"]
    saved = call(turin.url, "GET", f"/api/teacher/save?table={number}", token=secret)
    assert saved.status == 200 and json.loads(saved.text)["holds"] == "everything"
    assert "attachment" in saved.headers["content-disposition"]


def test_pause_resume_and_robot_through_the_api(turin: Classroom) -> None:
    tokens = seat_table(turin)
    table = table_of(turin, tokens[0])
    secret = turin.room.teacher_secret
    paused = call(turin.url, "POST", "/api/teacher/pause", {"table": table.number}, token=secret)
    row = next(t for t in paused.json["tables"] if t["number"] == table.number)
    assert row["state"] == "paused"
    doc = call(turin.url, "GET", "/api/state", token=tokens[0]).json
    assert doc["paused"] and doc["legal"] == [] and not doc["your_turn"]
    before = save(table)
    refused = call(
        turin.url, "POST", "/api/act", {"action": {"type": "Offer", "card": 1}}, token=tokens[0]
    )
    assert refused.status == 409 and "paused" in refused.error and save(table) == before
    again = call(turin.url, "POST", "/api/teacher/pause", {"table": table.number}, token=secret)
    assert again.status == 409 and "paused already" in again.error
    call(turin.url, "POST", "/api/teacher/resume", {"table": table.number}, token=secret)
    robot = call(turin.url, "POST", "/api/teacher/robot", {"table": table.number, "seat": 2},
                 token=secret)  # fmt: skip
    assert robot.status == 200
    assert [s for s, _ in table.state.decisions] == [2]  # type: ignore[union-attr]
    missing = call(turin.url, "POST", "/api/teacher/robot", {"table": table.number},
                   token=secret)  # fmt: skip
    assert missing.status == 400 and "seat" in missing.error


# ---------------------------------------------------------------- hostile input


def hostile_cases(turin: Classroom, tokens: list[str]) -> list[tuple[str, dict[str, object]]]:
    """(what, request) pairs that must each be refused with a 4xx error in words."""
    seat, teacher = tokens[0], turin.room.teacher_secret
    wrong_code = "ZZZZZZ" if turin.code != "ZZZZZZ" else "YYYYYY"

    def act(action: object = None, **request: object) -> dict[str, object]:
        out: dict[str, object] = {"method": "POST", "path": "/api/act", "token": seat}
        if action is not None:
            out["body"] = {"action": action}
        return {**out, **request}

    def offer(card: object) -> dict[str, object]:
        return {"type": "Offer", "card": card}

    def join(**body: object) -> dict[str, object]:
        return {"method": "POST", "path": "/api/join", "body": {"code": turin.code, **body}}

    long_number = b'{"action": {"type": "Offer", "card": 1' + b"0" * 5000 + b"}}"
    return [
        ("not JSON", act(raw=b"{not json")),
        ("not UTF-8", act(raw=b"\xff\xfe{}")),
        ("empty body", act(raw=b"")),
        ("a list body", act(body=[1, 2])),
        ("no action", act(body={"move": 1})),
        ("unknown kind", act({"type": "Teleport"})),
        ("no type", act({"kind": "Offer", "card": 2})),
        ("a float card", act(offer(2.0))),
        ("a text card", act(offer("2"))),
        ("a bool card", act(offer(True))),
        ("a huge card", act(offer(10**25))),
        ("a card list", act(offer([1, [2]]))),
        ("a card object", act(offer({"a": 1}))),
        ("an extra field", act({"type": "Offer", "card": 1, "x": 1})),
        ("NaN", act(raw=b'{"action": {"type": "Offer", "card": NaN}}')),
        ("deep nesting", act(raw=b'{"action": ' + b"[" * 5000 + b"]" * 5000 + b"}")),
        ("a long number", act(raw=long_number)),
        ("a 40-digit number", act(raw=long_number.replace(b"0" * 5000, b"0" * 39))),
        ("a text version", act(body={"action": offer(1), "version": "1"})),
        ("a stale version", act(body={"action": offer(1), "version": 0})),
        ("not this step's kind", act({"type": "Bid", "amount": 0}, token=tokens[1])),
        ("no token", act(offer(1), token=None)),
        ("a forged token", act(offer(1), token=seat[:-2] + "xx")),
        ("a token of the wrong shape", act(offer(1), token="abc")),
        ("a bad authorization", act(offer(1), token=None, headers={"Authorization": "Basic a"})),
        ("the teacher's secret as a seat", act(offer(1), token=teacher)),
        ("a bad language", act(offer(1), path="/api/act?lang=de")),
        ("a wrong join code", {**join(name="Eve"), "body": {"code": wrong_code, "name": "Eve"}}),
        ("a bad name", join(name="\x07")),
        ("a name that is not text", join(name=["x"])),
        ("no such page", {"method": "GET", "path": "/api/nothing"}),
        ("a wrong method", {"method": "GET", "path": "/api/act"}),
        (
            "no such table",
            {
                "method": "POST",
                "path": "/api/teacher/start",
                "token": teacher,
                "body": {"table": "1; DROP TABLE seats"},
            },
        ),
        ("a cross-origin post", act(offer(1), headers={"Origin": "http://evil.example"})),
        ("a null origin", act(offer(1), headers={"Origin": "null"})),
        # Only the headers go: the server answers without waiting for a gigabyte.
        ("a huge announced body", act(raw=b"", headers={"Content-Length": str(10**9)})),
        ("a huge body", act(raw=b'{"action": "' + b"x" * 100_000 + b'"}')),
    ]


def test_hostile_requests_get_an_error_in_words_and_change_nothing(turin: Classroom) -> None:
    tokens = seat_table(turin)
    table = table_of(turin, tokens[0])
    before = (save(table), dict(table.versions), table.recorded)
    seen = set()
    for what, request in hostile_cases(turin, tokens):
        try:
            reply = call(turin.url, **request)  # type: ignore[arg-type]
        except OSError as exc:
            raise AssertionError(f"{what}: {exc!r}") from None
        assert 400 <= reply.status < 500, (what, reply.status, reply.text[:200])
        assert reply.headers["content-type"].startswith("application/json"), what
        message = reply.error
        assert len(message) > 10 and "Traceback" not in message and "File " not in message, what
        seen.add(reply.status)
    # A request HTTP itself forbids is refused by the server before the app reads it.
    bad = call(turin.url, "POST", "/api/act", raw=b"", token=tokens[0],
               headers={"Content-Length": "-5"})  # fmt: skip
    assert bad.status == 400 and "Traceback" not in bad.text
    assert (save(table), dict(table.versions), table.recorded) == before
    assert seen >= {400, 401, 403, 404, 405, 409, 413, 422}
    # A same-origin request from the student's page is let through.
    own = call(turin.url, "GET", "/api/state", token=tokens[0]).json["legal"][0]["action"]
    ok = call(turin.url, "POST", "/api/act", {"action": own},
              token=tokens[0], headers={"Origin": turin.url})  # fmt: skip
    assert ok.status == 200


def test_a_body_sent_in_chunks_is_cut_at_the_limit(turin: Classroom) -> None:
    import http.client
    from urllib.parse import urlsplit

    tokens = seat_table(turin)
    table = table_of(turin, tokens[0])
    before = save(table)
    parts = urlsplit(turin.url)
    conn = http.client.HTTPConnection(str(parts.hostname), parts.port, timeout=30)  # a busy machine
    chunks = (b"x" * 8192 for _ in range(20))  # 160 KiB, no Content-Length
    headers = {"Authorization": f"Bearer {tokens[0]}", "Transfer-Encoding": "chunked"}
    conn.request("POST", "/api/act", body=chunks, encode_chunked=True, headers=headers)
    response = conn.getresponse()
    reply = Reply(response.status, {}, response.read().decode())
    conn.close()
    assert reply.status == 413 and "at most 64 KiB" in reply.error
    assert save(table) == before


def test_a_seat_token_acts_only_for_its_own_seat(turin: Classroom) -> None:
    tokens = seat_table(turin)
    table = table_of(turin, tokens[0])
    state = table.state
    assert state is not None
    # Seat 1 sends seat 0's own offer: it is taken as seat 1's, and seat 1 holds no such card.
    card = state.legal_actions(0)[0]
    if card in state.legal_actions(1):  # pragma: no cover - hands never share a card
        pytest.skip("the seats share a card")
    before = save(table)
    reply = call(turin.url, "POST", "/api/act", {"action": card.to_json()}, token=tokens[1])
    assert reply.status == 422 and save(table) == before
    assert [s for s, _ in state.decisions] == []
    # A token of another class's table number and seat is refused whatever its secret.
    forged = f"{table.number}.0.{tokens[1].split('.')[2]}"
    assert call(turin.url, "GET", "/api/state", token=forged).status == 403


def test_a_flood_of_requests_is_refused_with_429() -> None:
    with start("turin", players=3, rate=2, burst=5, show=False) as c:
        statuses = [call(c.url, "GET", "/api/state").status for _ in range(12)]
        assert statuses[:5] == [401] * 5 and statuses[-1] == 429
        reply = call(c.url, "GET", "/api/state")
        assert reply.status == 429 and "too many requests" in reply.error
        assert int(reply.headers["retry-after"]) >= 1


def test_a_server_error_is_json_words_without_a_traceback(
    turin: Classroom, monkeypatch: pytest.MonkeyPatch
) -> None:
    tokens = seat_table(turin)
    import tradekit.classroom.app as app_module

    def broken(*args: object) -> None:
        raise RuntimeError("secret internal detail /srv/x.py line 3")

    monkeypatch.setattr(app_module, "seat_reply", broken)
    reply = call(turin.url, "GET", "/api/state", token=tokens[0])
    assert reply.status == 500 and "error on its side" in reply.error
    assert "secret internal detail" not in reply.text and "Traceback" not in reply.text


def test_concurrent_actions_on_one_table_never_interleave(turin: Classroom) -> None:
    tokens = seat_table(turin)
    table = table_of(turin, tokens[0])
    docs = [call(turin.url, "GET", "/api/state", token=t).json for t in tokens]
    results: list[int] = []

    def offer(token: str, doc: dict[str, object]) -> None:
        legal = doc["legal"]
        assert isinstance(legal, list)
        for _ in range(5):  # each seat sends its offer five times at once
            reply = call(turin.url, "POST", "/api/act", {"action": legal[0]["action"]},
                         token=token)  # fmt: skip
            results.append(reply.status)

    threads = [
        threading.Thread(target=offer, args=(t, d)) for t, d in zip(tokens, docs, strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(results).count(200) == 3 and len(results) == 15
    state = table.state
    assert state is not None and sorted(s for s, _ in state.decisions) == [0, 1, 2]
    assert table.recorded == 3 and state.phase == "bid"


@pytest.fixture
def page_seat(turin: Classroom) -> Iterator[str]:
    yield seat_table(turin)[0]


def test_pages_work_offline_on_a_phone_in_both_languages(turin: Classroom, page_seat: str) -> None:
    join = call(turin.url, "GET", f"/?code={turin.code}&lang=fr")
    assert join.status == 200 and join.headers["content-type"].startswith("text/html")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in join.text
    assert f'value="{turin.code}"' in join.text and "Rejoindre" in join.text
    assert "nonce-" in join.headers["content-security-policy"]
    # Without a seat, /play sends the browser to the join form; with one, / sends it to /play.
    assert call(turin.url, "GET", "/play").status == 303
    assert call(turin.url, "GET", "/", cookie=f"tk_seat={page_seat}").status == 303
    play = call(turin.url, "GET", "/play?lang=fr", cookie=f"tk_seat={page_seat}")
    assert play.status == 200
    for element in ('id="status"', 'id="actions"', 'id="buttons"', 'id="table"', 'id="log"',
                    "new EventSource('/api/events')", "dataset.action"):  # fmt: skip
        assert element in play.text, element
    for page in (join.text, play.text):
        assert "http://" not in page and "https://" not in page  # nothing from elsewhere
        assert "min-height:44px" in page
    teacher = call(turin.url, "GET", f"/teacher?key={turin.room.teacher_secret}")
    assert teacher.status == 303 and "tk_teacher=" in teacher.headers["set-cookie"]
    assert "key=" not in teacher.headers["location"]
    overview = call(turin.url, "GET", "/teacher", token=turin.room.teacher_secret)
    assert overview.status == 200 and turin.code in overview.text and "<svg" in overview.text
    assert 'id="rows"' in overview.text
    assert "new EventSource('/api/teacher/events')" in overview.text


def test_a_refused_move_is_said_in_the_pages_language(turin: Classroom) -> None:
    tokens = seat_table(turin)
    table = table_of(turin, tokens[0])
    state = table.state
    assert state is not None
    card = state.legal_actions(0)[0]
    other = next(a for a in state.legal_actions(1) if a != card)  # seat 1's card, not seat 0's
    before = save(table)
    english = call(turin.url, "POST", "/api/act", {"action": other.to_json()}, token=tokens[0])
    french = call(
        turin.url, "POST", "/api/act?lang=fr", {"action": other.to_json()}, token=tokens[0]
    )
    assert english.status == french.status == 422 and save(table) == before
    assert english.error.startswith("the card must be a card in P1's hand")
    # The rules' own reason, in French, and no English word of it.
    assert french.error.startswith(
        "Les règles ne permettent pas cela maintenant : la carte doit être une carte de la main "
        "de J1"
    )
    assert not {"card", "hand", "got", "must"} & set(french.error.replace(";", " ").split())
