"""Medici's renderer: each view shows exactly what its viewer may know, in both languages, and
every event the engine logs is narrated in English and in French."""

from __future__ import annotations

import re
from typing import Any

import pytest

import tradekit
from tests.conftest import Corpus
from tests.helpers import cards_shown, random_game
from tradekit.games.medici import Auction, Bid, MediciState, Pass, Turn
from tradekit.games.medici.render import MediciRenderer
from tradekit.i18n import LANGS
from tradekit.render import Context, render, render_log, renderer_for

RENDERER = MediciRenderer()
ALL_CARDS = set(range(1, 37))


def new_state(players: int = 3, seed: int = 1, **setup: object) -> MediciState:
    state = tradekit.load_game("medici", players=players).new_state(seed=seed, setup=setup or None)
    assert isinstance(state, MediciState)
    return state


def public_cards(state: MediciState) -> set[int]:
    return {c for w in state.warehouses for c in w} | set(state.lot) | set(state.discarded)


def test_registered_renderer_is_medicis() -> None:
    assert isinstance(renderer_for("medici"), MediciRenderer)


def test_the_lot_is_face_up_and_the_pile_face_down_except_for_the_teacher() -> None:
    state = new_state(piles=[[36, 7, 14, 1, 2, 3]])
    assert state.lot == [36]
    for viewer in (0, 1, 2, None):
        html = render(state, viewer)
        assert cards_shown(html) == {36}
        assert html.count('class="tk-back"') == 5  # the pile's five cards, face down
    teacher = render(state, "all")
    assert cards_shown(teacher) == ALL_CARDS  # pile, cards out of play and the lot
    assert "Pile, top card first (teacher)" in teacher and "Out of play" in teacher
    assert teacher.index('data-card="7"') < teacher.index('data-card="14"')  # top card first


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_views_show_only_public_cards(players: int) -> None:
    for seed in range(3):
        for steps in (0, 9, 40, 120, None):
            state = random_game("medici", seed, steps, players=players, pass_rate=0.5)
            shown = public_cards(state)
            for viewer in (*range(players), None):
                assert cards_shown(render(state, viewer)) == shown, (seed, steps, viewer)
            if not state.is_over:
                assert cards_shown(render(state, "all")) == ALL_CARDS


def test_the_auction_shows_who_speaks_the_high_bid_and_who_is_left_out() -> None:
    # P2's warehouse is full (5 cards): it cannot take a lot of one card and does not speak.
    state = new_state(warehouses=[[], [], [1, 2, 3, 4, 5]], piles=[[36, 8, 9, 10, 11, 12, 13, 14]])
    state.apply(0, Auction())
    html = render(state, None)
    assert "no bid yet" in html and "speaks now" in html and "no room for this lot: P3" in html
    state.apply(1, Bid(7))
    html = render(state, None)
    assert "high bid: 7 (P2)" in html and "bid 7" in html and "speaks last" in html
    fr = render(state, None, "fr")
    assert "meilleure offre : 7 (J2)" in fr and "parle en dernier" in fr
    assert 'data-phase="auction"' in html and 'data-viewer="public"' in html


def test_warehouses_ladders_and_wealth_track() -> None:
    state = new_state(
        wealth=[12, 40, 33],
        ladders={"dye": [6, 2, 0], "spices": [0, 7, 1]},
        warehouses=[[15, 16], [36], []],
        piles=[[8, 9, 10]],
    )
    html = render(state, 1)
    assert html.count('class="tk-slot"') == 3 + 4 + 5  # empty warehouse slots
    assert "Warehouse (2 of 5)" in html and "ship 1" in html and "ship 10" in html
    assert "6 (+10)" in html and "7 (+20)" in html
    ladders = html[html.index('data-section="ladders"') :]
    assert ladders.count('class="tk-mark"') == 3 * 5  # one marker per seat and good
    assert 'title="12 florins"' in html and 'title="40 florins"' in html
    assert "ladders at scoring: Dye +2" in html
    assert 'data-viewer="1"' in html and "tk-me" in html


def test_ship_ranks_if_the_round_ended_now_split_ties_rounding_down() -> None:
    # The rulebook's example, five players: totals 23, 20, 16, 16, 14 pay 30, 20, 7, 7, 0.
    state = new_state(
        players=5,
        warehouses=[[36, 6, 7, 4], [13, 14, 20, 21], [27, 28, 26, 31], [34, 35, 33, 17], [12, 19]],
        piles=[[11, 25, 1]],
    )
    assert state.ship_totals() == [23, 20, 16, 16, 8]
    html = render(state, None)
    ships = html[html.index('data-section="ships"') : html.index("if the round ended now")]
    rows = re.findall(r"<tr>(.*?)</tr>", ships)[1:]
    cells = [re.sub(r"<[^>]+>", " ", r).split() for r in rows]
    assert cells == [
        ["P1", "23", "1", "30"],
        ["P2", "20", "2", "20"],
        ["P3", "16", "3–4", "7"],
        ["P4", "16", "3–4", "7"],
        ["P5", "8", "5", "0"],
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_goods_names_come_from_the_data_tables(lang: str) -> None:
    state = new_state(seed=2)
    html = render(state, "all", lang=lang)
    tables = state.game.tables  # type: ignore[attr-defined]
    for good in tables.goods:
        assert (good.name_fr if lang == "fr" else good.name_en) in html
    assert ("Échelles" in html) == (lang == "fr")
    assert RENDERER.card_short(36, Context(state.game, lang)) == (
        "#36 Neutre 10" if lang == "fr" else "#36 Neutral 10"
    )


def test_game_over_shows_final_wealth_and_winners(corpus: Corpus) -> None:
    state = corpus.game("medici", 5, players=3, pass_rate=0.5)
    html = render(state, None)
    assert 'data-phase="over"' in html and "Winner" in html
    for score in state.scores():
        assert f"final: {score}" in html
    assert html.count(">winner<") == len(state.winners())


#: A family of event per rule the engine narrates; each must occur in the games below.
FAMILIES = {
    "start": r"^Medici, \d players",
    "shuffle": r"the pile is shuffled$",
    "round": r"cards in the pile, \d+ out of play",
    "turn_of": r"'s turn$",
    "turned": r"^P\d turns #",
    "auction": r"^auction of the lot",
    "no_room": r"no room for it",
    "cannot_open": r"has no florins to open",
    "cannot_beat": r"cannot beat the high bid",
    "discarded": r"^nobody bids",
    "buys": r"buys the lot",
    "free_fill": r"fills theirs from the pile",
    "free": r"free$",
    "end_full": r"ends: every warehouse is full",
    "end_pile": r"ends: the pile has run out",
    "ships": r"^ships: ",
    "moves": r"moves up the",
    "top": r"\(the top; \d+ more lost\)",
    "ship_rank": r"receives \d+: ship rank \d+: ",
    "ship_tied": r"receives \d+: ship rank \d+–\d+ tied",
    "ladder_place": r"receives \d+: ladder of \w+: (first|second)$",
    "ladder_tied": r"receives \d+: ladder of \w+: places",
    "bonus": r"monopoly bonus space",
    "poorest": r"is the poorest",
    "poorest_tied": r"is the poorest .*\(tied with",
    "final": r"^final wealth",
    "action": r"^P\d: ",
}


@pytest.mark.slow
def test_every_event_is_narrated_in_both_languages(corpus: Corpus) -> None:
    unknown: set[str] = set()
    seen: set[str] = set()
    states = [
        corpus.game("medici", seed, players=players, reward_table=table, pass_rate=0.5)
        for players in (3, 4, 5, 6)
        for table in ("1995", "tournament")
        for seed in range(6)
    ]
    states.append(new_state(piles=[[36, 7]], wealth=[1, 2, 3]))  # a scripted set-up
    # Rare events: a move past the top of a ladder, and a tie for poorest (everybody passes on
    # the only card of round 1: equal ships, equal shares, equal wealth).
    top = new_state(round=3, ladders={"spices": [6, 0, 0]}, warehouses=[[29, 30], [], []])
    tie = new_state(piles=[[17], [1, 2], [3, 4]])
    for state in (top, tie):
        while not state.is_over:
            seat = state.to_move[0]
            state.apply(seat, Auction() if state.phase == "turn" else Pass())
        states.append(state)
    for state in states:
        for event in state.log:
            for family, pattern in FAMILIES.items():
                if re.search(pattern, event.text):
                    seen.add(family)
            for lang in LANGS:
                ctx = Context(state.game, lang)
                line = RENDERER.narrate_known(event, ctx)
                if line is None or (lang == "fr" and line == event.text):
                    unknown.add(f"{event.kind}: {event.text}")
    assert not unknown
    assert seen == set(FAMILIES), set(FAMILIES) - seen


def test_narration_of_an_auction_in_french() -> None:
    state = new_state(piles=[[7, 36, 14, 1, 2]])
    state.apply(0, Turn())
    state.apply(0, Auction())
    state.apply(1, Bid(12))
    state.apply(2, Pass())
    state.apply(0, Bid(13))
    ctx = Context(state.game, "fr")
    lines = [RENDERER.narrate(e, ctx) for e in state.visible_log(None)]
    assert "J1 retourne #36 Neutre 10 (3 dans la pioche)." in lines
    assert "Enchère sur #7 Métal 5, #36 Neutre 10 ; ordre des enchérisseurs : J2, J3, J1." in lines
    assert "J2 mise 12." in lines and "J3 passe." in lines
    assert "J1 achète #7 Métal 5, #36 Neutre 10 pour 13 florins." in lines
    assert "Au tour de J2." in lines


def test_narration_of_scoring_in_english() -> None:
    # Round 3, one card left: P0 buys it and the round ends with the pile run out.
    state = new_state(
        round=3,
        ladders={"dye": [5, 5, 0]},
        warehouses=[[15], [16], []],
        piles=[[17]],
    )
    state.apply(0, Auction())
    state.apply(1, Pass())
    state.apply(2, Pass())
    state.apply(0, Bid(1))
    assert state.is_over
    lines = [RENDERER.narrate(e, Context(state.game, "en")) for e in state.log]
    assert "Round 3 ends: the pile has run out." in lines
    assert "Ships: P1 2 → 30, P2 1 → 15, P3 0 → 0." in lines
    assert "P1 moves up the Dye ladder from 5 to 7." in lines
    assert "P1 receives 20: monopoly bonus, space 7 of the Dye ladder." in lines
    assert "P2 receives 10: monopoly bonus, space 6 of the Dye ladder." in lines
    assert "P1 receives 10: first on the Dye ladder." in lines
    assert lines[-1].startswith("Final wealth: P1 ")


def test_log_html_groups_rounds_and_escapes() -> None:
    state = new_state(piles=[[7, 36, 14, 1, 2]])
    ctx = Context(state.game, "en", ("<Ada>", "Bob", "Cy"))
    html = render_log(list(enumerate(state.visible_log(None))), ctx, {0: ["note <b>"]})
    assert "&lt;Ada&gt; turns #7 Metal 5" in html and "<Ada>" not in html
    assert "Round 1" in html and "Set-up" in html and "note &lt;b&gt;" in html


def test_action_labels_in_both_languages() -> None:
    state = new_state()
    en, fr = Context(state.game, "en"), Context(state.game, "fr")
    expected = {
        Turn(): ("Turn the next card", "Retourner la carte suivante"),
        Auction(): ("Auction the lot", "Mettre le lot aux enchères"),
        Bid(4): ("Bid 4", "Miser 4"),
        Pass(): ("Pass", "Passer"),
    }
    for action, (english, french) in expected.items():
        assert RENDERER.action_label(action, None, en) == english
        assert RENDERER.action_label(action, None, fr) == french
    state.apply(0, Auction())
    legal = state.legal_actions(1)
    assert RENDERER.command_example(legal, state.view(1), en) == "bid 1"


def read_from_the_log(states: list[MediciState], views: dict[int, list[Any]]) -> list[Any]:
    """What the renderer and the measures make of finished games: every narrated line in both
    languages, the tables of the views given, the game's and every seat's measures."""
    from tradekit.games.medici import measures

    return [
        (
            [RENDERER.narrate(e, Context(s.game, lang)) for e in s.log for lang in LANGS],
            [RENDERER.table(view, Context(s.game, "en")) for view in views[id(s)]],
            measures.game_measures(s),
            [measures.seat_measures(s, p) for p in range(s.n)],
        )
        for s in states
    ]


def test_narration_tables_and_measures_read_the_engines_split_not_the_tie_functions(
    monkeypatch: pytest.MonkeyPatch, corpus: Corpus
) -> None:
    # Games with ties on ships and ladders, played (and viewed) while the tie split still works.
    from tradekit.core import ties
    from tradekit.games.medici import measures
    from tradekit.games.medici import render as render_module

    states = [
        corpus.game("medici", seed, players=players, pass_rate=0.5)
        for players in (3, 5, 6)
        for seed in range(4)
    ]
    tied = new_state(ladders={"spices": [3, 1, 1]}, piles=[[1]])  # two tied seconds, empty ships
    while not tied.is_over:
        tied.apply(tied.to_move[0], Auction() if tied.phase == "turn" else Pass())
    states.append(tied)
    views = {id(s): [s.view(v) for v in (0, None, "all")] for s in states}
    before = read_from_the_log(states, views)
    assert sum(b[2]["ship_ties"] + b[2]["ladder_ties"] for b in before) > 0

    def blank(*args: object, **kwargs: object) -> None:
        raise AssertionError("a tie split was computed again outside the engine")

    for name in ("split_places", "split_share", "share_round_down", "share_round_up"):
        monkeypatch.setattr(ties, name, blank)
        for module in (measures, render_module):
            monkeypatch.setattr(module, name, blank, raising=False)
    monkeypatch.setattr(ties.PlaceShare, "explain", blank)
    assert read_from_the_log(states, views) == before
    # The tied spices seconds, every round: (5+0)/2 = 2 each, 1 florin kept by the bank.
    assert before[-1][2]["ladder_ties"] == 3 and before[-1][2]["ladder_rounding_lost"] == 3
