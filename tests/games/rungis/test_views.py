"""Rungis's views are built from parts kept between decisions (bots ask for one at every step).

A kept part must never outlive the state it was built from: at every step of games played by
random and by heuristic bots, every viewer's view must equal one built from scratch.
"""

from __future__ import annotations

import random

import pytest

import tradekit
from tradekit.core.view import ViewerError
from tradekit.games.rungis import RungisState
from tradekit.sim.play import LegalActions, resolve_bots
from tradekit.sim.seeds import bot_rng


def fresh_views(state: RungisState, viewers: list[int | str | None]) -> dict[object, object]:
    """Every viewer's view built with nothing kept, leaving the state's kept parts as they were."""
    kept = dict(state._views)
    state._views.clear()
    try:
        return {v: state.view(v) for v in viewers}
    finally:
        state._views.clear()
        state._views.update(kept)


@pytest.mark.parametrize(
    ("players", "options", "bots"),
    [
        (4, {}, "heuristic"),
        (3, {"trading": True, "below_base": True}, "random"),
        (5, {"trading": True}, "mixed"),
    ],
)
def test_kept_view_parts_are_never_stale(players: int, options: dict[str, bool], bots: str) -> None:
    game = tradekit.load_game("rungis", players=players, **options)
    names = {
        "heuristic": ["heuristic"] * players,
        "random": ["random"] * players,
        "mixed": ["cartel", "tit-for-tat", "undercutter", "random", "heuristic"][:players],
    }[bots]
    viewers: list[int | str | None] = [None, "all", *range(players)]
    checked = 0
    for seed in range(3):
        state = game.new_state(seed=seed)
        assert isinstance(state, RungisState)
        seats = [
            b.for_game(game, s, bot_rng(seed, 0, s))
            for s, b in enumerate(resolve_bots(game, names))
        ]
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            if rng.random() < 0.3:
                order = list(viewers)
                rng.shuffle(order)
                kept = {v: state.view(v) for v in order}
                assert kept == fresh_views(state, viewers), (seed, state.round, state.step)
                checked += 1
            action = seats[seat].act(state.view(seat), LegalActions(state, seat))
            state.apply(seat, action)
        assert state.view(None) == fresh_views(state, [None])[None]
    assert checked > 100


def test_a_view_is_refused_to_a_bad_viewer_even_when_a_seat_is_kept() -> None:
    state = tradekit.load_game("rungis", players=3).new_state(seed=1)
    assert state.view(1).viewer == 1  # seat 1's parts are now kept
    for bad in (True, 1.0, "public", 3, -1, "P1"):
        with pytest.raises(ViewerError, match="a view is for a seat from 0 to 2"):
            state.view(bad)  # type: ignore[arg-type]
