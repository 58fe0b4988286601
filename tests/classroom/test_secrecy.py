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


def seat0_in_a_match(c: Classroom, setup: dict[str, Any]) -> tuple[list[list[str]], str]:
    """Three students play game 1 of a match, each their first legal action (so game 1 is the
    same in both classes); the deal of game 2 is then ``setup``'s, and seats 1 and 2 seal their
    first offers of it. What seat 0 is sent between the games and in game 2, and game 2's full
    save."""
    tokens = [
        call(c.url, "POST", "/api/join", {"code": c.code, "name": name}).json["token"]
        for name in ("Ada", "Bob", "Cy")
    ]
    c.room.setup = setup  # the games after the first are dealt from this set-up

    def first_action(token: str) -> bool:
        reply = call(c.url, "GET", "/api/state", token=token).json
        if not reply["your_turn"]:
            return False
        action = {"action": reply["legal"][0]["action"], "version": reply["version"]}
        assert call(c.url, "POST", "/api/act", action, token=token).status == 200
        return True

    table = c.room.tables[1]
    while not table.game_over:
        assert any([first_action(token) for token in tokens])
    paths = ("/api/state", "/api/state?html=1", "/api/state?html=1&lang=fr")
    between = [call(c.url, "GET", path, token=tokens[0]).text for path in paths]
    for token in tokens:
        assert call(c.url, "POST", "/api/next", {}, token=token).status == 200
    assert table.game_index == 1
    assert first_action(tokens[1]) and first_action(tokens[2])  # sealed: seat 0 cannot see
    second = [call(c.url, "GET", path, token=tokens[0]).text for path in paths]
    assert table.state is not None
    return [between, second], table.state.to_json()


def test_in_game_two_seat_zero_receives_the_same_bytes_from_deals_it_cannot_tell_apart() -> None:
    # Game 1 is the same deal in both classes; game 2's deals differ only in two other seats'
    # hands. Seat 0 must be sent the same bytes between the games (nothing of the next deal
    # leaks before it is dealt) and in game 2.
    one, other = setups("turin", {"players": 3}, seed=7)
    seen = []
    for setup in (one, other):
        with start("turin", players=3, games=2, seed=7, rate=5000, burst=5000, show=False) as c:
            seen.append(seat0_in_a_match(c, setup))
    (texts_a, full_a), (texts_b, full_b) = seen
    assert full_a != full_b
    assert texts_a[0] == texts_b[0]  # between the games
    assert texts_a[1] == texts_b[1]  # in game 2
    a, b = tradekit.replay(full_a), tradekit.replay(full_b)
    assert a.view(0) == b.view(0) and a.view("all") != b.view("all")
