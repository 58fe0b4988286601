"""What a seat's device receives depends only on what that seat may know.

Two classes deal the same game from the same seed with scripted set-ups that differ only in
what seat 0 cannot see: two other seats' hands swapped (Turin Market), or the order of cards
deep in the pile (Medici). Everything the server sends to seat 0, the JSON state with its drawn
table and log in both languages and the event stream, must then be the same byte for byte,
while the teacher's full saves differ.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

import tradekit
from tests.classroom.web import call, events
from tradekit.classroom import Classroom, start


def setups(name: str, options: dict[str, Any], seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    dealt = tradekit.load_game(name, **options).new_state(seed=seed)
    if name == "turin":
        hands = [sorted(h) for h in dealt.hands]  # type: ignore[attr-defined]
        one = {"hands": copy.deepcopy(hands)}
        hands[1][0], hands[2][0] = hands[2][0], hands[1][0]
        return one, {"hands": hands}
    pile = list(dealt.view("all").pile)  # type: ignore[attr-defined]
    other = list(pile)
    other[-1], other[len(pile) // 2] = other[len(pile) // 2], other[-1]
    return {"piles": [pile]}, {"piles": [other]}


def seat0_sees(c: Classroom) -> tuple[list[str], list[tuple[str, str]], str]:
    token = call(c.url, "POST", "/api/join", {"code": c.code, "name": "Ada"}).json["token"]
    stream = events(c.url, "/api/events", token)
    first = next(stream)
    call(c.url, "POST", "/api/teacher/start", {"table": 1}, token=c.room.teacher_secret)
    second = next(stream)
    texts = [
        call(c.url, "GET", path, token=token).text
        for path in ("/api/state", "/api/state?html=1", "/api/state?html=1&lang=fr")
    ]
    assert c.room.tables[1].state is not None
    return texts, [first, second], c.room.tables[1].state.to_json()


@pytest.mark.parametrize(
    ("name", "options"), [("turin", {"players": 3}), ("medici", {"players": 3})]
)
def test_seat_zero_receives_the_same_bytes_from_deals_it_cannot_tell_apart(
    name: str, options: dict[str, Any]
) -> None:
    one, other = setups(name, options, seed=7)
    seen = []
    for setup in (one, other):
        with start(name, seed=7, setup=setup, show=False, **options) as c:
            seen.append(seat0_sees(c))
    (texts_a, events_a, full_a), (texts_b, events_b, full_b) = seen
    assert full_a != full_b  # the deals differ, and the robots have acted on them
    assert texts_a == texts_b
    assert events_a == events_b
    # The games differ where seat 0 cannot see: in another seat's hand, or deep in the pile.
    a, b = tradekit.replay(full_a), tradekit.replay(full_b)
    assert a.view(0) == b.view(0) and a.view("all") != b.view("all")
