"""A class's results: its games and decisions as the tidy tables of saved games, the CSV
downloads, seat saves (only one's own, and nothing of another seat's secrets), the live chart's
numbers and the replay of a table."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pandas as pd
import pytest

import tradekit
from tests.classroom.conftest import seat_table
from tests.classroom.test_secrecy import setups
from tests.classroom.web import call
from tradekit.classroom import Classroom, results
from tradekit.classroom.replies import seat_reply
from tradekit.classroom.rooms import ClassroomError, Room, Table
from tradekit.render import Context, end_context, renderer_for
from tradekit.sim import load_decisions, load_games


def finished_room(game: str, tables: int = 2, seed: int = 4) -> Room:
    """A room whose ``tables`` tables were each started by one student and played to the end by
    robots (the student's seat given to a robot)."""
    room = Room.open(game, players=3, seed=seed)
    for number in range(1, tables + 1):
        room.join(room.code, f"Student {number}")
        room.start(number)
        room.robot(number, 0)
        assert room.tables[number].over
    return room


def finish(c: Classroom, tokens: list[str]) -> Table:
    """Robots finish the table of ``tokens`` (the teacher gives each seat to one)."""
    table = c.room.seat_for(tokens[0])[0]
    for seat in range(3):
        c.room.robot(table.number, seat)
    assert table.over
    return table


def test_games_is_load_games_of_the_finished_tables_saves_with_tables_and_names() -> None:
    room = finished_room("medici")
    room.join(room.code, "Late")  # a waiting table: not a game yet
    room.join(room.code, "Later")
    room.start(3)  # started, not finished: left out too
    saves = [results.full_save(room.tables[n]) for n in (1, 2)]
    table = room.games()
    expected = load_games(saves)
    pd.testing.assert_frame_equal(table.drop(columns=["table", "game_number", "name"]), expected)
    assert set(table["game_number"]) == {1}  # one game a table
    assert len(table) == 2 * 3 and table.groupby("table").size().to_dict() == {1: 3, 2: 3}
    assert table.loc[table["seat"] == 0, "name"].tolist() == [
        "Student 1 (robot)",
        "Student 2 (robot)",
    ]
    assert table["score"].tolist() == [s for n in (1, 2) for s in room.tables[n].state.scores()]  # type: ignore[union-attr]
    decisions = room.decisions()
    pd.testing.assert_frame_equal(
        decisions.drop(columns=["table", "game_number", "name"]), load_decisions(saves)
    )
    assert set(decisions["table"]) == {1, 2}


def test_the_chart_holds_every_revealed_bid_of_the_class_and_the_theory_line() -> None:
    room = finished_room("turin")
    data = results.chart_data(room)
    bids = room.decisions()
    bids = bids[bids["kind"] == "Bid"]
    for number in (1, 2):
        mine = sorted((p["x"], p["y"]) for p in data["points"] if p["table"] == number)
        logged = bids[bids["table"] == number]
        assert mine == sorted(zip(logged["round"], logged["amount"], strict=True))
    line = data["lines"][0]["points"]
    assert [x for x, _ in line] == sorted({p["x"] for p in data["points"]})
    assert all(y > 0 for _, y in line)
    assert "one prize, 3 bidders, losers pay half" in data["caption"]
    svg = results.chart_svg(data)
    # A circle per bid, and one in the legend.
    assert svg.count("<circle") == len(data["points"]) + 1 and "Turin Market" in svg


def test_the_medici_chart_counts_the_lots_won_at_each_place_of_the_order() -> None:
    room = finished_room("medici", tables=1)
    state = room.tables[1].state
    assert state is not None
    sales = [e for e in state.log if e.data.get("what") == "sale"]
    bars = results.chart_data(room)["bars"]
    assert sum(b["value"] for b in bars) == len(sales) > 0
    assert bars[-1]["label"].endswith("(dealer)")


def test_the_rungis_chart_shows_each_written_price_over_its_base_and_the_cartel_line() -> None:
    room = finished_room("rungis", tables=1)
    data = results.chart_data(room)
    price = [d for _, d in room.decisions().iterrows() if d["kind"] == "Price"]
    assert len(data["points"]) == len(price) > 0
    base = {a.id: a.base for a in room.game.tables.articles}  # type: ignore[attr-defined]
    assert sorted(p["y"] for p in data["points"]) == sorted(
        round(d["price"] / base[d["article"]], 3) for d in price
    )
    assert {y for _, y in data["lines"][0]["points"]} == {2.0}


@pytest.mark.parametrize(("name", "options"), [("turin", {"players": 3})])
def test_a_seat_save_is_the_same_for_deals_that_differ_only_in_others_hidden_cards(
    name: str, options: dict[str, Any]
) -> None:
    saves, fulls = [], []
    for setup in setups(name, options, seed=7):
        room = Room.open(name, seed=7, setup=setup, **options)
        room.join(room.code, "Ada")
        room.start(1)
        table = room.tables[1]
        assert table.state is not None
        table.act(0, table.state.legal_actions(0)[0].to_json())
        saves.append(results.seat_save(table, 0))
        fulls.append(results.full_save(table))
    assert fulls[0] != fulls[1]
    assert saves[0] == saves[1]
    assert json.loads(saves[0])["holds"] == "seat 0"


def test_csv_downloads_hold_the_same_rows_as_the_tables(turin: Classroom) -> None:
    table = finish(turin, seat_table(turin))
    secret = turin.room.teacher_secret
    for what, frame in (("games", turin.room.games()), ("decisions", turin.room.decisions())):
        reply = call(turin.url, "GET", f"/api/teacher/{what}.csv", token=secret)
        assert reply.status == 200 and reply.headers["content-type"].startswith("text/csv")
        disposition = reply.headers["content-disposition"]
        assert f"turin-class-{turin.code}-" in disposition and f'-{what}.csv"' in disposition
        read = pd.read_csv(io.StringIO(reply.text))
        assert list(read.columns) == list(frame.columns) and len(read) == len(frame)
        assert read["table"].tolist() == frame["table"].tolist()
        assert read["seat"].tolist() == frame["seat"].tolist()
        assert table.number in set(read["table"])
    games = pd.read_csv(
        io.StringIO(call(turin.url, "GET", "/api/teacher/games.csv", token=secret).text)
    )
    assert games["score"].tolist() == turin.room.games()["score"].tolist()
    refused = call(turin.url, "GET", "/api/teacher/games.csv")
    assert refused.status == 401 and "teacher" in refused.error


def test_a_student_gets_their_own_seat_save_only(turin: Classroom) -> None:
    tokens = seat_table(turin)
    table = turin.room.seat_for(tokens[1])[0]
    assert table.state is not None
    mine = call(turin.url, "GET", "/api/seat-save?table=1&seat=0", token=tokens[1])
    assert mine.status == 200
    assert mine.text == table.state.to_json(indent=1, viewer=1)
    assert "seat-1.json" in mine.headers["content-disposition"]
    other = call(
        turin.url, "GET", f"/api/teacher/seat-save?table={table.number}&seat=0", token=tokens[1]
    )
    assert other.status == 403 and "teacher" in other.error
    teacher = call(
        turin.url,
        "GET",
        f"/api/teacher/seat-save?table={table.number}&seat=2",
        token=turin.room.teacher_secret,
    )
    assert teacher.status == 200 and json.loads(teacher.text)["holds"] == "seat 2"
    bad = call(
        turin.url,
        "GET",
        f"/api/teacher/seat-save?table={table.number}&seat=7",
        token=turin.room.teacher_secret,
    )
    assert bad.status == 404 and "no seat 7" in bad.error
    assert call(turin.url, "GET", "/api/seat-save").status == 401


def test_replay_at_step_k_is_the_table_after_k_decisions(turin: Classroom) -> None:
    table = finish(turin, seat_table(turin))
    state = table.state
    assert state is not None
    secret = turin.room.teacher_secret
    renderer = renderer_for("turin")
    ctx = Context(turin.room.game, "en", table.names("en"))
    for k in (0, 5, len(state.decisions)):
        fresh = tradekit.load_game("turin", players=3).new_state(seed=state.seed)
        for seat, action in state.decisions[:k]:
            fresh.apply(seat, action)
        reply = call(
            turin.url, "GET", f"/api/teacher/replay?table={table.number}&step={k}", token=secret
        )
        assert reply.status == 200, reply.text
        doc = reply.json
        assert doc["step"] == k and doc["steps"] == len(state.decisions)
        assert doc["html"] == renderer.table(fresh.view("all"), end_context(ctx, fresh, "all"))
    last = call(turin.url, "GET", f"/api/teacher/replay?table={table.number}", token=secret)
    assert last.json["step"] == len(state.decisions)
    wrong = call(
        turin.url, "GET", f"/api/teacher/replay?table={table.number}&step=9999", token=secret
    )
    assert wrong.status == 400 and "give a step from 0 to" in wrong.error
    words = call(turin.url, "GET", f"/api/teacher/replay?table={table.number}&step=x", token=secret)
    assert words.status == 400 and "whole number" in words.error


def test_the_chart_endpoint_gives_the_numbers_and_the_drawing(turin: Classroom) -> None:
    finish(turin, seat_table(turin))
    reply = call(turin.url, "GET", "/api/teacher/chart?svg=1", token=turin.room.teacher_secret)
    assert reply.status == 200
    doc = reply.json
    assert doc["kind"] == "turin" and doc["svg"].startswith("<svg")
    assert doc["points"] == results.chart_data(turin.room)["points"]
    french = call(
        turin.url, "GET", "/api/teacher/chart?svg=1&lang=fr", token=turin.room.teacher_secret
    ).json
    assert french["points"] == doc["points"] and french["title"] != doc["title"]
    assert "manche par manche" in french["title"] and "la classe" in french["svg"]
    assert "un prix, 3 enchérisseurs" in french["caption"] and "SealedBid" not in french["caption"]
    page = call(turin.url, "GET", "/teacher", token=turin.room.teacher_secret)
    assert 'id="chart"' in page.text and 'id="replay-next"' in page.text


def test_the_chart_follows_the_play_and_shows_no_sealed_bid_before_its_reveal() -> None:
    room = Room.open("turin", players=3, seed=4)
    room.join(room.code, "Ada")
    room.start(1)
    table = room.tables[1]
    assert table.state is not None
    assert results.chart_data(room)["points"] == []  # the robots' offers are sealed
    while table.state.phase != "bid":
        table.act(0, table.state.legal_actions(0)[0].to_json())
    assert any(seat != 0 for seat, _ in table.state.decisions[-2:])  # a robot has bid, sealed
    assert results.chart_data(room)["points"] == []
    room.robot(1, 0)
    points = results.chart_data(room)["points"]
    assert len(points) == 3 * table.state.round  # every round's three bids, once revealed


def test_the_negoces_chart_shows_every_sale_price_even_below_zero() -> None:
    room = finished_room("negoces", tables=2, seed=6)
    paid = sorted(
        (e.round, e.data["coins"])
        for n in (1, 2)
        for e in room.tables[n].state.log  # type: ignore[union-attr]
        if e.data.get("what") == "sale"
    )
    data = results.chart_data(room)
    assert sorted((p["x"], p["y"]) for p in data["points"]) == paid and paid
    svg = results.chart_svg(data)
    marks = [float(y) for y in re.findall(r'<circle cx="[^"]+" cy="([^"]+)" r="11"', svg)]
    assert len(marks) == len(paid) + 1  # and the legend's
    # Every mark inside the plot, the lowest price (negative here) on the lowest grid line.
    bottom = results.HEIGHT - 120
    assert min(y for _, y in paid) < 0 and all(140 <= y <= bottom for y in marks[:-1])


def test_distance_sets_the_class_bids_beside_the_theory_per_player() -> None:
    from tradekit.theory import distance, with_valuations

    room = finished_room("turin")
    found = room.distance()
    saves = [results.full_save(room.tables[n]) for n in (1, 2)]
    # The same as the theory module's reading of the class's own decision table and saves.
    expected = distance(with_valuations(room.decisions(), saves))
    pd.testing.assert_frame_equal(found.bids, expected.bids)
    assert set(found.players["name"]) == {name for n in (1, 2) for name in room.tables[n].names()}
    assert (found.bids["utility_lost"] >= 0).all() and found.bids["bid"].notna().all()
    reply = results.distance_reply(room)
    losses = [p["utility_lost"] for p in reply["players"]]
    assert losses == sorted(losses, reverse=True) and "a bid of 0 never wins" in reply["caption"]
    assert reply["model"] == found.caption()
    french = results.distance_reply(room, "fr")
    assert "ne gagne jamais" in french["caption"] and french["model"] == found.caption("fr")
    assert french["players"] == reply["players"]


def test_distance_is_refused_in_words_before_a_game_ends_and_for_other_games() -> None:
    room = Room.open("turin", players=3, seed=2)
    room.join(room.code, "Ada")
    with pytest.raises(ClassroomError, match="no table has finished a game yet"):
        room.distance()
    with pytest.raises(ClassroomError, match="this class plays medici"):
        finished_room("medici", tables=1).distance()


def test_a_series_reckons_each_game_of_a_shared_deal_apart() -> None:
    # Game 1 and game 2 of a table share their seed: each game's bids get their own values.
    room = Room.open(
        "turin", players=3, seed=5, series=[{"scoring": "classic"}, {"scoring": "red"}]
    )
    room.join(room.code, "Ada")
    room.start(1)
    room.robot(1, 0)
    if not room.tables[1].over:
        room.next_game(1)
    assert room.tables[1].over
    found = room.distance()
    assert set(found.bids["variant"]) == set(room.series.labels)
    assert found.bids["valuation"].notna().all()
    # Each game's values are its own scoring's: the red card's payouts are not the classic's.
    by_game = found.bids.groupby("variant")["valuation"].apply(list)
    assert by_game.iloc[0] != by_game.iloc[1]


def test_the_distance_endpoint_is_the_teachers(turin: Classroom) -> None:
    finish(turin, seat_table(turin, ("Dee", "Eve", "Fay")))
    secret = turin.room.teacher_secret
    reply = call(turin.url, "GET", "/api/teacher/distance?lang=fr", token=secret)
    assert reply.status == 200
    assert reply.json == json.loads(json.dumps(results.distance_reply(turin.room, "fr")))
    assert call(turin.url, "GET", "/api/teacher/distance").status == 401
    page = call(turin.url, "GET", "/teacher", token=secret)
    assert 'id="distance-go"' in page.text


def test_a_finished_table_shows_each_seat_the_ledger_lines_in_its_language() -> None:
    room = finished_room("turin", tables=1)
    table = room.tables[1]
    for lang, start in (("en", ": started with 15 · "), ("fr", " : départ 15 · ")):
        html = seat_reply(table, 1, lang, html=True)["html"]["table"]
        banner = html[html.index('data-section="game-over"') :]
        assert 'class="tk-ledger"' in banner and start in banner
    replay = results.replay_reply(table, -1)["html"]
    assert 'class="tk-ledger"' in replay


def test_no_seat_reads_the_ledger_before_the_end() -> None:
    room = Room.open("turin", players=3, seed=5, public_money=False)
    room.join(room.code, "Ada")
    room.start(1)
    html = seat_reply(room.tables[1], 0, "en", html=True)["html"]["table"]
    assert 'class="tk-ledger"' not in html


def test_an_empty_chart_shows_no_scale_and_french_numbers_take_a_comma() -> None:
    empty = results.chart_svg(results.chart_data(Room.open("turin", players=3), "fr"))
    texts = re.findall(r">([^<]+)</text>", empty)
    assert "rien de révélé pour l&#x27;instant" in texts
    assert not [t for t in texts if re.fullmatch(r"[\d.,]+", t)], texts  # no scale of nothing
    assert "théorie" not in empty  # nor a legend for a line that is not drawn
    data = {
        "title": "t",
        "points": [{"x": 1, "y": 0.5}, {"x": 2, "y": 1.25}],
        "lines": [],
        "lang": "fr",
    }
    values = [t for t in re.findall(r">([^<]+)</text>", results.chart_svg(data)) if "," in t]
    assert values and "0,5" in values and not [t for t in values if "." in t]
