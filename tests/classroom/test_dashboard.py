"""The notebook dashboard (headless ipywidgets): what it shows, and that its buttons call the
room and say in words when the room refuses."""

from __future__ import annotations

import re
import time
from html import unescape

from tradekit.classroom import Classroom
from tradekit.classroom.dashboard import Dashboard
from tradekit.classroom.rooms import Room


def test_the_dashboard_shows_the_code_who_joined_and_each_tables_turn() -> None:
    room = Room.open("turin", players=3, seed=2)
    room.join(room.code, "Ada")
    board = Dashboard(room, join_url=f"http://127.0.0.1:1/?code={room.code}", refresh=None)
    assert room.code in board.header.value and "<svg" in board.header.value
    assert "1 joined" in board.students.value and "Ada" in board.students.value
    assert sorted(board.buttons) == [(1, "end"), (1, "start")]
    board.buttons[(1, "start")].click()
    row = board.rows.children[0].children[0].value
    assert "playing" in row and "to move: Ada" in row
    assert sorted(board.buttons) == [(1, "end"), (1, "pause")]


def test_its_buttons_call_the_room_and_a_refusal_is_shown_in_words() -> None:
    room = Room.open("medici", players=3, seed=2)
    room.join(room.code, "Ada")
    board = Dashboard(room, refresh=None)
    start = board.buttons[(1, "start")]
    start.click()
    assert room.tables[1].started and "start done" in board.message.value
    board.buttons[(1, "pause")].click()
    assert room.tables[1].paused
    board.buttons[(1, "resume")].click()
    assert not room.tables[1].paused
    start.click()  # an old button: the table has started since
    assert "table 1 has already started" in board.message.value
    board.buttons[(1, "end")].click()
    assert room.tables[1].ended and (1, "end") not in board.buttons


def test_the_timer_refreshes_by_itself_and_stops_on_close() -> None:
    room = Room.open("turin", players=3, seed=2)
    board = Dashboard(room, refresh=0.05)
    try:
        assert "nobody yet" in board.students.value
        room.join(room.code, "Bob")
        deadline = time.monotonic() + 2
        while "Bob" not in board.students.value and time.monotonic() < deadline:
            time.sleep(0.02)
        assert "Bob" in board.students.value
    finally:
        board.close()
    assert board._stop.is_set()


def test_a_running_class_gives_its_dashboard_with_the_join_address(turin: Classroom) -> None:
    board = turin.dashboard(refresh=None)
    try:
        assert isinstance(board, Dashboard) and board.room is turin.room
        assert turin.join_url in board.header.value
    finally:
        board.close()


def test_the_dashboard_shows_the_game_of_a_match_and_deals_the_next_one() -> None:
    from tests.classroom.test_series import play_game

    room = Room.open("medici", players=3, seed=2, games=2)
    room.join(room.code, "Ada")
    room.join(room.code, "Bob")
    room.start(1)
    room.stand_in(1, 1)  # Bob is away: still one of the class
    board = Dashboard(room, refresh=None)
    assert "2 joined, 1 away" in board.students.value and "Bob (away)" in board.students.value
    play_game(room.tables[1])
    board.refresh()
    row = board.rows.children[0].children[0].value
    assert "game 1 of 2" in row and "between" in row and "totals" in row
    assert sorted(board.buttons) == [(1, "end"), (1, "next")]
    board.buttons[(1, "next")].click()
    assert room.tables[1].game_index == 1 and "Table 1: next done." in board.message.value
    assert "game 2 of 2" in board.rows.children[0].children[0].value


def test_a_turin_dashboard_draws_the_bids_against_the_equilibrium() -> None:
    room = Room.open("turin", players=3, seed=4)
    room.join(room.code, "Ada")
    board = Dashboard(room, refresh=None)
    assert board.theory_button in board.children[3].children
    board.theory_button.click()  # nothing finished yet: said in words, nothing drawn
    assert "no table has finished a game yet" in board.message.value
    assert board.theory.outputs == ()
    room.start(1)
    room.robot(1, 0)
    board.theory_button.click()
    (shown,) = board.theory.outputs
    assert shown["data"]["image/svg+xml"].lstrip().startswith("<svg")
    assert "Bids against the equilibrium" in shown["data"]["image/svg+xml"]
    bids = len(room.distance().bids)
    assert f"{bids} bids of 3 players" in board.message.value
    assert not board.theory_button.disabled
    # Another game has no model of its bids: no button.
    medici = Dashboard(Room.open("medici", players=3), refresh=None)
    assert medici.theory_button not in medici.children[3].children


def test_the_dashboard_speaks_french_and_switches_language() -> None:
    room = Room.open("turin", players=3, seed=4)
    room.join(room.code, "Ada")
    board = Dashboard(room, join_url="http://127.0.0.1:8000/", refresh=None, lang="fr")
    assert "Rejoindre la classe sur http://127.0.0.1:8000/ avec le code" in board.header.value
    assert "1 inscrit</b>" in board.students.value and "Ada" in board.students.value
    row = board.rows.children[0].children[0].value
    assert "en attente · 0 décision<br>" in row
    labels = {key: b.description for key, b in board.buttons.items()}
    assert labels == {(1, "start"): "Lancer", (1, "end"): "Arrêter"}
    assert board.refresh_button.description == "Actualiser"
    assert board.theory_button.description == "Les enchères face à l'équilibre"
    assert "Ada" in board.rows.children[0].children[0].value
    # A refusal with words of its own says them in French; nothing finished yet here.
    board.theory_button.click()
    assert "aucune table n'a encore fini de partie" in unescape(board.message.value)
    board.buttons[(1, "start")].click()
    assert "Table 1 : « Lancer » effectué." in unescape(board.message.value)
    assert "en cours" in board.rows.children[0].children[0].value
    # A refusal without words of its own: the French text of its kind, never English.
    room.pause(1)  # from the teacher's page, before the dashboard looked again
    board.buttons[(1, "pause")].click()
    said = unescape(board.message.value)
    assert said.startswith('<span style="color:#922b21">Pas maintenant : la table a changé')
    assert "cannot" not in said and "paused" not in said
    # The bids against the equilibrium, in French: the drawing and the sentence under it.
    room.resume(1)
    room.robot(1, 0)
    board.theory_button.click()
    (shown,) = board.theory.outputs
    svg = shown["data"]["image/svg+xml"]
    assert "Les enchères face à l'équilibre :" in svg
    assert re.search(r">0,5</text>", svg) and not re.search(r">0\.5</text>", svg)  # axis ticks
    assert f"{len(room.distance().bids)} enchères de 3 joueurs" in board.message.value
    # The language list switches everything back to English.
    board.lang_switch.value = "en"
    assert board.lang == "en" and board.refresh_button.description == "Refresh"
    (shown,) = board.theory.outputs  # the same bids, drawn again in English
    assert "Bids against the equilibrium:" in shown["data"]["image/svg+xml"]
    assert f"{len(room.distance().bids)} bids of 3 players" in board.message.value
    assert "0 joined</b>: nobody yet" in board.students.value  # Ada handed her seat to a robot
    assert "Join at http" in board.header.value
    assert "over" in board.rows.children[0].children[0].value
