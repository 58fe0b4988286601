"""Seat saves: what one seat saw, step by step, and nothing more; reviews; class results.

Every game at every player count: a seat save (and the public's) reviews as the game was seen,
step for step and table for table, never holds the seed, is refused by ``replay``, and gives
``load_games`` the same scores as the full save. Pairs of games built by hand with the same
public history and different deals (two other seats' cards or coins swapped, a pile or deck in
another order) give byte-identical seat saves for as long as the seat's view agrees.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import tradekit
from tests.conftest import Corpus
from tests.core.test_secrets import SEED, _option_sets
from tests.integration.test_conformance import Stats, _seat_outputs, _student_text
from tradekit.core.errors import ReplayError
from tradekit.core.state import State
from tradekit.core.view_codec import encode_view
from tradekit.render import Context, render, render_log, renderer_for
from tradekit.sim import load_games


@pytest.fixture(scope="module")
def finished(corpus: Corpus) -> dict[tuple[str, int], State]:
    """One finished random game per game and player count, dealt from the distinctive seed
    (from the shared corpus: any seat to move may act, at most 3000 decisions)."""
    out = {}
    for name in tradekit.GAMES:
        for options in _option_sets(name):
            chosen: dict[str, Any] = dict(options)
            state = corpus.game(name, SEED, numpy=True, any_seat=True, cap=3000, **chosen)
            assert state.is_over
            out[(name, state.game.num_players)] = state
    return out


def _seen_views(state: State, viewer: int | None) -> list[dict[str, Any]]:
    """The viewer's view after every decision, an unchanged view with no new event dropped."""
    again = state.game.new_state(seed=state.seed, setup=state.setup)
    out = [encode_view(again.view(viewer))]
    logs = [len(again.visible_log(viewer))]
    for seat, action in state.decisions:
        again.apply(seat, action)
        view, log = encode_view(again.view(viewer)), len(again.visible_log(viewer))
        if view != out[-1] or log != logs[-1] or seat == viewer:
            out.append(view)
            logs.append(log)
    return out


@pytest.mark.parametrize("name", sorted(tradekit.GAMES))
@pytest.mark.slow
def test_a_seat_save_reviews_the_game_as_that_seat_saw_it(
    name: str, finished: dict[tuple[str, int], State]
) -> None:
    for (game, _), state in sorted(finished.items()):
        if game != name:
            continue
        for viewer in [*range(state.game.num_players), None]:
            saved = state.to_json(viewer=viewer)
            assert str(SEED) not in saved
            doc = json.loads(saved)
            assert doc["holds"] == ("the public" if viewer is None else f"seat {viewer}")
            assert "seed" not in doc and "decisions" not in doc
            seen = tradekit.review(saved)
            assert seen.viewer == viewer and seen.is_over
            assert [encode_view(s.view) for s in seen] == _seen_views(state, viewer)
            log = state.visible_log(viewer)
            assert [e.to_json() for e in seen.visible_log()] == [e.to_json() for e in log]
            ctx = Context(state.game, "fr")
            assert render_log(list(enumerate(seen.log)), ctx) == render_log(
                list(enumerate(log)), ctx
            )
            # The table as the seat's views show it: a seat save holds the views and the log the
            # seat saw, not the money ledger, so its game-over banner has no ledger lines.
            drawn = renderer_for(name).table(state.view(viewer), Context(state.game))
            assert seen.html() == drawn
            assert seen.html() != render(state, viewer)  # which has them
            assert seen.scores() == state.scores()
            if viewer is not None:
                mine = [s.mine for s in seen if s.mine is not None]
                assert mine == [a for p, a in state.decisions if p == viewer]
            with pytest.raises(ReplayError, match="seat save"):
                tradekit.replay(saved)


def test_a_full_save_says_it_holds_everything_and_reviews_as_any_viewer(
    finished: dict[tuple[str, int], State],
) -> None:
    state = finished[("turin", 3)]
    full = state.to_json()
    assert json.loads(full)["holds"] == "everything"
    for viewer in (0, 2, None):
        assert tradekit.review(full, viewer=viewer).view() == state.view(viewer)
        assert json.dumps(tradekit.review(full, viewer=viewer).scores()) == json.dumps(
            state.scores()
        )
    assert tradekit.review(full).view() == state.view("all")
    with pytest.raises(ReplayError, match="holds what seat 1 saw"):
        tradekit.review(state.to_json(viewer=1), viewer=2)


@pytest.mark.parametrize("name", sorted(tradekit.GAMES))
def test_load_games_reads_seat_saves_for_the_scores_and_counts_a_game_once(
    name: str, finished: dict[tuple[str, int], State]
) -> None:
    states = [s for (g, _), s in sorted(finished.items()) if g == name][:2]
    full = load_games([s.to_json() for s in states])
    seats = load_games([s.to_json(viewer=p) for s in states for p in range(s.game.num_players)])
    assert len(seats) == len(full)
    for column in ("players", "seat", "score", "rank", "win", "margin"):
        assert seats[column].tolist() == full[column].tolist()
    assert "length" in full.columns and "length" not in seats.columns  # no measure is made up
    mixed = load_games([states[0].to_json(viewer=0), states[0].to_json()])
    assert len(mixed) == states[0].game.num_players  # the seat save of a game read in full
    mixed = load_games([states[0].to_json(), states[1].to_json(viewer=1)])
    assert mixed["length"].notna().tolist() == [True] * len(full) * 0 + [
        deal == 0 for deal in mixed["deal"]
    ]


def _tampered(saved: str, change: Callable[[dict[str, Any]], None]) -> str:
    doc = json.loads(saved)
    change(doc)
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["steps"][0]["view"].update(players="3"), "players: expected a whole number"),
        (lambda d: d["steps"][0]["view"].update(round=10**9), "out of range"),
        (lambda d: d["steps"][0]["view"].update(lot=[1] * 20_000), "lot: a list of 20,000"),
        (lambda d: d["steps"][0]["view"].pop("scudo"), "the view lacks scudo"),
        (lambda d: d["steps"][1]["view"].update(nonsense=1), "has no field 'nonsense'"),
        (lambda d: d.update(viewer=7), "'viewer' must be a seat from 0 to 2"),
        (lambda d: d["log"].append({**d["log"][-1], "visible_to": [2]}), "could not see"),
        (lambda d: d["steps"][-1].update(log=10**6), "'log' must count the events"),
        (lambda d: d["steps"][3].update(mine={"type": "Rob", "seat": 1}), "not an action"),
        (lambda d: d.update(steps=[]), "has no step"),
        (lambda d: d.update(version=9), "format version 9"),
        (lambda d: d["tables"].update({"payouts.csv": "good\n"}), "the table payouts.csv has"),
    ],
)
def test_a_hand_edited_seat_save_is_refused_naming_what_is_wrong(
    change: Callable[[dict[str, Any]], None], words: str, finished: dict[tuple[str, int], State]
) -> None:
    saved = finished[("turin", 3)].to_json(viewer=1)
    with pytest.raises(ReplayError, match=words.replace("(", r"\(")):
        tradekit.review(_tampered(saved, change))


# ---------------------------------------------------------------- pairs built by hand


def _swap_between(hands: list[list[int]], viewer: int, rng: np.random.Generator) -> bool:
    """Swap a card between two seats other than ``viewer``; whether there were two."""
    others = [p for p in range(len(hands)) if p != viewer and hands[p]]
    if len(others) < 2:
        return False
    a, b = (int(x) for x in rng.choice(others, 2, replace=False))
    i, j = int(rng.integers(len(hands[a]))), int(rng.integers(len(hands[b])))
    hands[a][i], hands[b][j] = hands[b][j], hands[a][i]
    return True


def _pair(name: str, options: dict[str, Any], seed: int, viewer: int) -> tuple[State, State]:
    """Two deals that differ only in what ``viewer`` cannot see."""
    game = tradekit.load_game(name, **options)
    dealt = game.new_state(seed=seed)
    rng = np.random.default_rng(seed)
    if name in ("turin", "negoces"):
        hands = [sorted(h) for h in dealt.hands]  # type: ignore[attr-defined]
        one: dict[str, Any] = {"hands": copy.deepcopy(hands)}
        assert _swap_between(hands, viewer, rng)
        other: dict[str, Any] = {"hands": hands}
        if name == "negoces" and "blind" in game.variants:  # type: ignore[attr-defined]
            coins = list(dealt.coins)  # type: ignore[attr-defined]
            one["coins"] = list(coins)
            a, b = [p for p in range(game.num_players) if p != viewer][:2]
            coins[a], coins[b] = coins[b] + 1, coins[a] - 1  # the public total is the same
            other["coins"] = coins
    else:
        key, deck = (
            ("piles", [list(dealt.view("all").pile)])
            if name == "medici"
            else ("deck", list(dealt.view("all").deck))
        )
        one = {key: copy.deepcopy(deck)}
        cards = deck[0] if name == "medici" else deck
        i, j = len(cards) - 1, len(cards) // 2
        cards[i], cards[j] = cards[j], cards[i]
        other = {key: deck}
    return game.new_state(seed=seed, setup=one), game.new_state(seed=seed, setup=other)


PAIR_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "turin": [{"players": 3}, {"players": 4, "public_money": False}],
    "medici": [{"players": 3}, {"players": 5}],
    "negoces": [{"players": 3, "variants": ("face_down",)}, {"players": 4, "variants": ("blind",)}],
    "rungis": [{"players": 3}, {"players": 5, "specials": True}],
}


@pytest.mark.parametrize("name", sorted(PAIR_OPTIONS))
def test_deals_that_differ_only_in_hidden_facts_give_the_same_seat_save(name: str) -> None:
    steps = 0
    for options in PAIR_OPTIONS[name]:
        for seed in range(4):
            viewer = seed % options["players"]
            one, other = _pair(name, options, seed, viewer)
            assert one.view("all") != other.view("all")
            rng = np.random.default_rng(seed)
            agreed = 0
            while not one.is_over and len(one.decisions) < 400:
                seat = one.to_move[int(rng.integers(len(one.to_move)))]
                actions = one.legal_actions(seat)
                action = actions[int(rng.integers(len(actions)))]
                if not other.can(seat, action):
                    break
                one.apply(seat, action)
                other.apply(seat, action)
                if one.view(viewer) != other.view(viewer) or one.visible_log(
                    viewer
                ) != other.visible_log(viewer):
                    break
                agreed = len(one.decisions)
            a, b = one.branch(agreed), other.branch(agreed)
            assert a.to_json(viewer=viewer) == b.to_json(viewer=viewer)
            assert a.to_json() != b.to_json()
            # Everything else the seat reads is the same too, the refusal of every action any
            # seat may take in either deal included.
            stats = Stats()
            for state in (a, b):
                for seat in range(state.game.num_players):
                    stats.pool_list.extend(state.legal_actions(seat)[:30])
            assert _seat_outputs(a, viewer, stats) == _seat_outputs(b, viewer, stats)
            assert render(a, viewer, lang="en") == render(b, viewer, lang="en")
            assert _student_text(a, viewer) == _student_text(b, viewer)
            steps += agreed
    assert steps >= 40, f"the pairs agreed for only {steps} decisions in all"
