"""Several games in a row at every table: a match (new deals, totals summed, Turin Market's
"tiebreak" goose carried) and a series of option sets (the same deal under each), kept in the
file, moved on when every student is ready or when the teacher says, and read back as the
class's tidy tables, whose series pairs up for ``tradekit.sim``'s paired comparison."""

from __future__ import annotations

import io
import itertools
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

import tradekit
from tests.classroom.web import call
from tradekit.classroom import Classroom, results, start
from tradekit.classroom.rooms import ClassroomError, Refused, Room, Table
from tradekit.classroom.series import Series, carry_over
from tradekit.core.errors import ConfigError
from tradekit.games.turin.match import TurinMatch
from tradekit.sim import paired_stats
from tradekit.sim.compare import summarise


def play_game(table: Table, seed: int = 0) -> None:
    """The table's students play random legal actions until its game in play is over."""
    rng = random.Random(seed)
    while not table.game_over:
        state = table.state
        assert state is not None
        humans = [s for s in state.to_move if s in table.students()]
        assert humans, "nobody to play: a robot should have moved"
        seat = humans[0]
        legal = state.legal_actions(seat)
        table.act(seat, legal[rng.randrange(len(legal))].to_json(), table.version(seat))


def robots_only(room: Room, tables: int) -> None:
    """``tables`` tables, each started by one student whose seat then goes to a robot: the
    robots play every game of the series at once."""
    for number in range(1, tables + 1):
        room.join(room.code, f"Student {number}")
        room.start(number)
        room.robot(number, 0)
        assert room.tables[number].over


def test_a_match_deals_each_game_anew_carries_the_goose_and_sums_the_totals() -> None:
    room = Room.open("turin", players=3, seed=2, games=3, goose="tiebreak")
    robots_only(room, 1)
    table = room.tables[1]
    games: list[Any] = [state for _, state in table.finished_games()]
    assert len(games) == 3 and table.game_index == 2
    seeds = [g.seed for g in games]
    assert seeds[0] == table.seed and len(set(seeds)) == 3  # each game its own deal
    for before, after in itertools.pairwise(games):
        # The rulebook's carry-over, as TurinMatch plays it: the goose's holder keeps it.
        assert after.setup == carry_over(before) == {"goose": before.goose_holder}
        assert after.branch(0).goose_holder == before.goose_holder
    assert any(g.goose_holder is not None for g in games[:2]), "no goose to carry: pick a seed"
    assert table.totals() == [sum(g.scores()[p] for g in games) for p in range(3)]
    # TurinMatch's own next game is dealt with the same carry-over.
    match = TurinMatch(room.game, games=2, seed=1)  # type: ignore[arg-type]
    first = match.current
    first.goose_holder = 2  # as if seat 2 took the goose and kept it to the end
    while not first.is_over:
        seat = first.to_move[0]
        first.apply(seat, first.legal_actions(seat)[0])
    assert match.next_game().setup == carry_over(first)


def test_the_next_game_starts_when_every_student_is_ready_and_not_before() -> None:
    room = Room.open("turin", players=3, seed=5, series=[{}, {"scoring": "red"}])
    for name in ("Ada", "Bob"):
        room.join(room.code, name)
    room.start(1)  # a robot in seat 2
    table = room.tables[1]
    with pytest.raises(Refused, match="not over yet"):
        table.next_game(0)
    play_game(table)
    assert table.between and not table.over and table.game_index == 0
    state = table.state
    assert state is not None
    with pytest.raises(Refused, match="game 1 is over: the next game starts when"):
        table.act(0, {"type": "TakeLoan"})
    with pytest.raises(Refused, match="cannot be paused"):
        room.pause(1)
    before = table.version(0)
    assert table.next_game(0) and not table.next_game(0)  # said once
    assert table.between and table.ready == {0} and table.version(0) > before
    assert table.next_game(1)
    # Everyone is ready: game 2 is the same deal under the red payout card.
    assert table.game_index == 1 and not table.game_over and table.ready == set()
    second = table.state
    assert second is not None and second.game.scoring == "red"  # type: ignore[attr-defined]
    assert second.seed == state.seed
    assert second.branch(0).hands == state.branch(0).hands  # type: ignore[attr-defined]
    assert table.version(0) > before + 2  # versions only grow, over the games
    play_game(table, seed=1)
    assert table.over and not table.between
    with pytest.raises(Refused, match="the last"):
        table.next_game(0)
    with pytest.raises(Refused, match="game 2 of 2, the last"):
        room.next_game(1)


def test_the_teacher_deals_the_next_game_and_a_robot_standing_in_never_holds_it_up() -> None:
    room = Room.open("medici", players=3, seed=6, games=3)
    for name in ("Ada", "Bob", "Cy"):
        room.join(room.code, name)
    table = room.tables[1]
    play_game(table)
    table.next_game(0)
    room.next_game(1)  # the teacher does not wait for Bob and Cy
    assert table.game_index == 1 and table.ready == set()
    play_game(table, seed=2)
    table.next_game(0)
    table.next_game(1)
    room.stand_in(1, 2)  # Cy has gone: her robot does not keep the table waiting
    assert table.game_index == 2 and table.seats[2].stand_in
    with pytest.raises(Refused, match="no next game"):
        room.next_game(1)
    assert table.played[1].state.is_over


def test_a_file_resumes_every_table_in_its_game_with_what_it_had(tmp_path: Path) -> None:
    db = tmp_path / "class.db"
    room = Room.open("turin", players=3, seed=8, db=db, games=2, goose="tiebreak")
    for name in ("Ada", "Bob", "Cy", "Dee", "Eve", "Fay"):
        room.join(room.code, name)
    play_game(room.tables[1])
    room.tables[1].next_game(2)  # table 1: game 1 over, one student ready
    play_game(room.tables[2], seed=3)
    for seat in range(3):
        room.tables[2].next_game(seat)
    second = room.tables[2].state
    assert second is not None
    for _ in range(4):  # table 2: a few decisions into game 2
        seat = next(s for s in second.to_move if s in room.tables[2].students())
        room.tables[2].act(seat, second.legal_actions(seat)[0].to_json())

    def kept(r: Room) -> list[object]:
        return [
            (
                t.game_index, sorted(t.ready), [f.state.to_json() for f in t.played],
                t.state.to_json() if t.state is not None else None,
                [t.version(s) for s in (None, 0, 1, 2)], t.totals(),
            )
            for t in r.tables.values()
        ]  # fmt: skip

    before = kept(room)
    room.close()
    again = Room.open(db=db)
    assert kept(again) == before
    assert again.series.kind == "match" and again.series.count == 2
    # Table 1 goes on where it was: the two others get ready, and game 2 is dealt.
    again.tables[1].next_game(0)
    again.tables[1].next_game(1)
    assert again.tables[1].game_index == 1
    again.close()
    with pytest.raises(ClassroomError, match="a match of 2 games"):
        Room.open("turin", players=3, goose="tiebreak", db=db)
    with pytest.raises(ClassroomError, match="a match of 2 games"):
        Room.open("turin", players=3, goose="tiebreak", db=db, games=3)
    Room.open("turin", players=3, goose="tiebreak", db=db, games=2).close()


def test_a_bad_match_or_series_is_refused_in_words() -> None:
    base = tradekit.load_game("turin", players=3)
    for kwargs, words in [
        ({"games": 0}, "from 1 to 20"),
        ({"games": 2.0}, "from 1 to 20"),
        ({"games": 2, "series": [{}, {}]}, "no number of games with a series"),
        ({"series": [{}]}, "2 to 20 option sets"),
        ({"series": {"scoring": "red"}}, "a list of option sets"),
        ({"series": [{}, "scoring=red"]}, "for game 2"),
        ({"series": [{}, {"players": 4}]}, "the same number of players"),
        ({"series": [{}, {"colour": "red"}]}, "colour"),
    ]:
        with pytest.raises(ConfigError, match=words):
            Series.make(base, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="for game 2"):
        Room.open("turin", players=3, series=[{}, 5])  # type: ignore[list-item]
    with pytest.raises(ClassroomError, match="name the game"):
        Room.open(games=2)
    # Option sets alike: the games go by their number.
    assert Series.make(base, series=[{}, {}]).labels == ("game 1", "game 2")


def test_the_class_table_numbers_the_games_and_a_series_pairs_for_the_comparison() -> None:
    room = Room.open("turin", players=3, seed=9, series=[{}, {"scoring": "red"}])
    robots_only(room, 4)
    room.join(room.code, "Late")
    room.start(5)  # a table in its first game: not in the comparison
    frame = room.games()
    assert len(frame) == 4 * 2 * 3
    assert list(frame.columns[:3]) == ["table", "game_number", "name"]
    first, second = (frame[frame["game_number"] == k] for k in (1, 2))
    assert set(first["variant"]) == {"scoring=classic"} and set(second["variant"]) == {
        "scoring=red"
    }
    assert {json.loads(o)["scoring"] for o in second["options"]} == {"red"}
    # The games of a table share their deal (the same cards), as compare's deals do.
    assert first["deal"].tolist() == second["deal"].tolist()
    assert first["game_seed"].tolist() == second["game_seed"].tolist()
    summary = room.compare()
    plain = frame.drop(columns=list(results.CLASS_COLUMNS))  # as load_games gives it
    pd.testing.assert_frame_equal(summary, summarise(plain, "scoring=classic", "scoring=red"))
    assert not {"table", "game_number"} & set(summary["measure"])  # where, not a measure
    # The paired statistics of seat 0's score: classic then red, table by table.
    row = summary[(summary["measure"] == "score") & (summary["seat"] == 0)].iloc[0]
    x = first[first["seat"] == 0]["score"].to_numpy()
    y = second[second["seat"] == 0]["score"].to_numpy()
    expected = paired_stats(x, y)
    assert row["n"] == 4 and row["diff"] == pytest.approx(expected["diff"])
    assert row["p_value"] == pytest.approx(expected["p_value"], nan_ok=True)
    assert np.isclose(row["diff"], float(np.mean(y - x)))
    decisions = room.decisions()
    assert set(decisions["game_number"]) == {1, 2}
    assert len(decisions) == sum(len(s.decisions) for t in room.tables.values()
                                 for _, s in t.finished_games())  # fmt: skip
    with pytest.raises(ClassroomError, match="two different games"):
        room.compare(1, 1)
    match = Room.open("turin", players=3, games=2)
    with pytest.raises(ClassroomError, match="a match"):
        match.compare()


def test_an_ended_table_keeps_the_games_it_finished() -> None:
    room = Room.open("medici", players=3, seed=4, games=3)
    room.join(room.code, "Ada")
    room.start(1)
    table = room.tables[1]
    play_game(table)
    room.end(1)  # between games 1 and 2: the series stops there
    assert table.ended and not table.between
    with pytest.raises(Refused):
        table.next_game(0)
    assert room.games()["game_number"].tolist() == [1, 1, 1]
    assert results.full_save(table, 1) == table.state.to_json(indent=1)  # type: ignore[union-attr]


# -- through the server ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def match(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Classroom]:
    db = tmp_path_factory.mktemp("series") / "match.db"
    with start("turin", players=3, db=db, seed=12, games=2, rate=5000, burst=5000, show=False) as c:
        yield c


def test_the_api_says_which_game_it_is_the_totals_and_takes_ready(match: Classroom) -> None:
    c = match
    token = call(c.url, "POST", "/api/join", {"code": c.code, "name": "Ada"}).json["token"]
    secret = c.room.teacher_secret
    number = c.room.seat_for(token)[0].number
    call(c.url, "POST", "/api/teacher/start", {"table": number}, token=secret)
    reply = call(c.url, "GET", "/api/state", token=token).json
    assert (reply["game_number"], reply["games"], reply["series"]) == (1, 2, "match")
    assert reply["results"] == [] and reply["totals"] == [0, 0, 0] and not reply["between"]
    refused = call(c.url, "POST", "/api/next", {}, token=token)
    assert refused.status == 409 and "not over yet" in refused.error
    while not reply["game_over"]:
        legal = reply["legal"]
        assert reply["your_turn"] and legal
        reply = call(c.url, "POST", "/api/act", {"action": legal[0]["action"]}, token=token).json
    assert reply["between"] and not reply["over"] and reply["legal"] == []
    first = c.room.tables[number].state
    assert first is not None
    assert reply["results"] == [first.scores()] and reply["totals"] == first.scores()
    status = call(c.url, "GET", "/api/teacher/status", token=secret).json
    row = next(t for t in status["tables"] if t["number"] == number)
    assert (row["state"], row["game_number"], row["ready_count"]) == ("between", 1, 0)
    reply = call(c.url, "POST", "/api/next", {}, token=token).json
    # Ada is the only student: her table goes on to game 2 at once.
    assert (reply["game_number"], reply["between"], reply["game_over"]) == (2, False, False)
    assert reply["totals"] == first.scores() and reply["your_turn"]
    status = call(c.url, "GET", "/api/teacher/status", token=secret).json
    row = next(t for t in status["tables"] if t["number"] == number)
    assert (row["state"], row["game_number"], row["games"]) == ("playing", 2, 2)
    # Each game's saves: the full save of game 1, the seat's own of either.
    saved = call(c.url, "GET", f"/api/teacher/save?table={number}&game=1", token=secret)
    assert saved.status == 200 and json.loads(saved.text) == json.loads(first.to_json())
    assert f"table-{number}-game-1.json" in saved.headers["content-disposition"]
    mine = call(c.url, "GET", "/api/seat-save?game=1", token=token)
    assert mine.status == 200 and json.loads(mine.text) == json.loads(first.to_json(viewer=0))
    bad = call(c.url, "GET", f"/api/teacher/save?table={number}&game=3", token=secret)
    assert bad.status == 404 and "games 1 to 2" in bad.error
    replay = call(c.url, "GET", f"/api/teacher/replay?table={number}&game=1&step=-1", token=secret)
    assert replay.status == 200 and replay.json["steps"] == len(first.decisions)
    assert (replay.json["game"], replay.json["games_played"]) == (1, 2)
    games = call(c.url, "GET", "/api/teacher/games.csv", token=secret)
    read = pd.read_csv(io.StringIO(games.text))
    assert "game_number" in read.columns
    assert read[read["table"] == number]["game_number"].tolist() == [1, 1, 1]
    # The teacher's "Next game" is refused: the last game is in play.
    refused = call(c.url, "POST", "/api/teacher/next", {"table": number}, token=secret)
    assert refused.status == 409 and "game 2 of 2, the last" in refused.error


def test_bots_over_the_network_play_a_whole_match(match: Classroom) -> None:
    import threading

    from tradekit.classroom import connect

    played = {}

    def bot(name: str, seed: int) -> None:
        played[name] = connect(match.url, match.code, "random", name=name, seed=seed)

    threads = [threading.Thread(target=bot, args=(n, i)) for i, n in enumerate("XYZ")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert sorted(played) == ["X", "Y", "Z"]
    table = match.room.tables[played["X"].table]
    assert table.over and len(table.played) == 1
    for p in played.values():
        assert p.over and len(p.results) == 2 and p.scores == tuple(table.totals())
        assert p.results == tuple(tuple(s.scores()) for _, s in table.finished_games())
        assert p.winners == tuple(
            s for s, v in enumerate(table.totals()) if v == max(table.totals())
        )
