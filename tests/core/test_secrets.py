"""Secrets: the seed of a game stays with the teacher.

A seat that learns the seed re-deals every hidden card with ``new_state(seed)`` (every hand, the
Rungis deck with its face-down specials, every future Medici draw). So no output a seat can see
(its view, its log, its legal actions, their refusals, its rendered table) may carry it; the full
save keeps it, in its header, for exact replay.

The seed here is large and of distinctive digits, so that its text cannot turn up by chance.
"""

from __future__ import annotations

import copy
import json

import numpy as np
import pytest

import tradekit
from tests.integration.test_conformance import CONFIGS
from tradekit.core.actions import Action
from tradekit.core.errors import IllegalActionError
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
@pytest.mark.slow
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
        for seat in (None, *seats):  # a seat save is made of what the seat saw: no seed
            assert DIGITS not in state.to_json(viewer=seat)
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


def _why(state: State, seat: int, action: Action) -> str | None:
    """The refusal ``seat`` would get for ``action`` (``None``: allowed)."""
    try:
        state.check(seat, action)
    except IllegalActionError as error:
        return str(error)
    return None


def _blind_states() -> list[State]:
    """Blind Négoces positions where a buyer is to offer, from seeded random games."""
    out: list[State] = []
    game = tradekit.load_game("negoces", players=4, variants=("blind", "bank"))
    for seed in range(6):
        state = game.new_state(seed=seed)
        rng = np.random.default_rng(seed)
        while not state.over and len(out) < 40 * (seed + 1):
            seat = state.to_move[0]
            if getattr(state, "phase", "") == "negotiate":
                out.append(copy.deepcopy(state))
            actions = state.legal_actions(seat)
            state.apply(seat, actions[int(rng.integers(len(actions)))])
    return out


def test_blind_offers_do_not_depend_on_the_sellers_hidden_coins() -> None:
    # A buyer's offers and the refusal of every asking amount are the same whatever coins the
    # seller (and the others) hold: the seller's coins are hidden in the blind variant.
    from tradekit.games.negoces import Offer

    for k, state in enumerate(_blind_states()):
        for buyer in state.to_move:
            other = state.resample_hidden(buyer, seed=k)  # type: ignore[attr-defined]
            assert other.view(buyer) == state.view(buyer)
            assert list(other.legal_actions(buyer)) == list(state.legal_actions(buyer))
            hand = state.view(buyer).hand
            good = state.tables.good_of[hand[0]] if hand else None  # type: ignore[attr-defined]
            for coins in (-200, -61, -60, -30, -5, -1, 0, 3):
                action = Offer(good, coins, False)
                assert _why(other, buyer, action) == _why(state, buyer, action)


def test_blind_an_offer_the_seller_cannot_pay_is_void_at_the_close() -> None:
    from tradekit.games.negoces import Accept, Continue

    seen = 0
    game = tradekit.load_game("negoces", players=3, variants=("blind",))
    for seed in range(40):
        state = game.new_state(seed=seed)
        rng = np.random.default_rng(seed)
        while not state.over:
            seat = state.to_move[0]
            actions = state.legal_actions(seat)
            if state.phase == "decide":  # type: ignore[attr-defined]
                seller = state.seller  # type: ignore[attr-defined]
                coins = state.coins[seller]  # type: ignore[attr-defined]
                unpaid = [
                    b
                    for b, o in state.offers.items()
                    if -o.coins > coins  # type: ignore[attr-defined]
                ]
                closing = state.nround >= game.negotiation_rounds  # type: ignore[attr-defined]
                for b in unpaid:
                    why = _why(state, seller, Accept(b))
                    if closing:
                        assert why is None
                    else:
                        assert why is not None and "cannot pay" in why
                if closing and unpaid:
                    buyer = unpaid[0]
                    before = copy.deepcopy(state)
                    state.apply(seller, Accept(buyer))
                    void = [e for e in state.log if e.data.get("what") == "void_offer"]
                    assert void[-1].data["buyer"] == buyer
                    # the buyer paid nothing: their coins and their other cards are as they were
                    assert state.coins[buyer] == before.coins[buyer]  # type: ignore[attr-defined]
                    assert state.coins[seller] == coins  # type: ignore[attr-defined]
                    assert set(before.hands[buyer]) <= set(state.hands[buyer])  # type: ignore[attr-defined]
                    seen += 1
                    continue
                if not closing and unpaid and Continue() in list(actions):
                    state.apply(seller, Continue())
                    continue
            state.apply(seat, actions[int(rng.integers(len(actions)))])
    assert seen >= 5
