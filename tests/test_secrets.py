"""Secrets: the seed of a game stays with the teacher.

A seat that learns the seed re-deals every hidden card with ``new_state(seed)`` (every hand, the
Rungis deck with its face-down specials, every future Medici draw). So no output a seat can see
(its view, its log, its legal actions, their refusals, its rendered table) may carry it; the full
save keeps it, in its header, for exact replay.

The seed here is large and of distinctive digits, so that its text cannot turn up by chance.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from test_conformance import CONFIGS

import tradekit
from tradekit.core.state import State
from tradekit.render import render

SEED = 2**62 + 918_273_645
DIGITS = str(SEED)
#: Every ``CHECK_EVERY``-th step of each game is checked (and the last).
CHECK_EVERY = 9


def _seat_outputs(state: State, seat: int | None) -> list[str]:
    """What ``seat`` (``None``: the public) can see now, as text."""
    out = [
        repr(state.view(seat)),
        json.dumps([event.to_json() for event in state.visible_log(seat)]),
        " ".join(event.text for event in state.visible_log(seat)),
    ]
    if seat is not None:
        actions = state.legal_actions(seat)
        out.append(repr([actions[i] for i in range(min(len(actions), 50))]))
    return out


def _option_sets(name: str) -> list[dict[str, object]]:
    """One option set per player count (the first listed for it), or the defaults."""
    chosen: dict[object, dict[str, object]] = {}
    for options in CONFIGS.get(name, [{}]):
        chosen.setdefault(options.get("players"), options)
    return list(chosen.values())


@pytest.mark.parametrize("name", sorted(tradekit.GAMES))
def test_no_seat_ever_sees_the_seed(name: str) -> None:
    rng = np.random.default_rng(7)
    checked = 0
    for options in _option_sets(name):
        game = tradekit.load_game(name, **options)
        state = game.new_state(seed=SEED)
        seats = range(game.num_players)
        step = 0
        while True:
            if step % CHECK_EVERY == 0 or state.is_over:
                for seat in (None, *seats):
                    for text in _seat_outputs(state, seat):
                        assert DIGITS not in text, (name, options, step, seat, text[:200])
                    checked += 1
            if state.is_over:
                break
            moving = state.to_move
            seat = moving[int(rng.integers(len(moving)))]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[int(rng.integers(len(actions)))])
            step += 1
        # The refusal of an illegal action names no seed either.
        for seat in seats:
            reason = state._illegal_reason(seat, state.decisions[0][1])
            assert reason is None or DIGITS not in reason
        assert DIGITS not in render(state, viewer=0)
        assert DIGITS not in render(state, viewer=None)
        # The full save, for the teacher, keeps it (in its header only) and replays.
        saved = state.to_json()
        doc = json.loads(saved)
        assert doc["seed"] == SEED
        assert DIGITS not in json.dumps(doc["log"])
        assert tradekit.replay(saved).to_json() == saved
    assert checked > 20


@pytest.mark.parametrize("name", sorted(tradekit.GAMES))
def test_a_save_whose_opening_event_logged_the_seed_still_replays(name: str) -> None:
    # tradekit before 2026-12 logged the seed in the opening event: such saves still load, and a
    # logged seed that is not the save's own is a changed event.
    state = tradekit.load_game(name).new_state(seed=SEED)
    for _ in range(12):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])
    doc = json.loads(state.to_json())
    opening = next(i for i, e in enumerate(doc["log"]) if e.get("data", {}).get("what") == "start")
    doc["log"][opening]["data"]["seed"] = SEED
    assert tradekit.replay(json.dumps(doc)).to_json() == state.to_json()
    doc["log"][opening]["data"]["seed"] = SEED + 1
    with pytest.raises(tradekit.ReplayError, match=f"log event {opening} differs"):
        tradekit.replay(json.dumps(doc))
