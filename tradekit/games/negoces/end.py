"""The goal and the end of a Négoces game: who reaches the goal, and how the game ends."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from tradekit.core.seats import seat_label
from tradekit.core.simultaneous import SealedStep

if TYPE_CHECKING:
    from tradekit.games.negoces.state import NegocesState


#: The changes that can bring a player to the goal (``by`` of the ``game_end`` event).
REACHED_BY = ("diamant", "gift", "treasurer", "temple", "sale", "theft", "repay")


def holds_goal(state: NegocesState, player: int, owed: int) -> bool:
    """Whether ``player`` holds the goal, ``owed`` coins set aside."""
    return (
        not state.loans[player]
        and state.coins[player] - owed >= state.goal_coins
        and state.different_goods(player) >= state.goal_goods
    )


def reaches_goal(state: NegocesState, order: Iterable[int], by: str, owed: int = 0) -> bool:
    """The first seat of ``order`` that now holds the goal wins at once; ``by`` is the change
    that brought them there (one of :data:`REACHED_BY`), ``owed`` coins the first of them
    must still give away. Returns whether the game is over."""
    for k, p in enumerate(order):
        if holds_goal(state, p, owed if k == 0 and owed else state._owed(p)):
            state.winner = p
            goods, coins = state.different_goods(p), state.coins[p]
            finish(
                state,
                f"{seat_label(p)} holds {goods} different goods and {coins} coins: "
                f"{seat_label(p)} wins",
                by,
            )
            return True
    return False


def finish(state: NegocesState, text: str, by: str | None = None) -> None:
    # Nothing else happens once the game is over: no step stays open.
    """End the game: every hand and purse is shown and the winner (if any) named."""
    state.over = True
    state.phase = "over"
    state.seller = None
    state.auction = None
    state.gift_giver = None
    state.gift_left = 0
    state.offers = {}
    state.sealed = SealedStep(())
    state.idle = set()
    state.pending = None
    for p in range(state.n):
        state._event(
            "reveal",
            f"{seat_label(p)} shows {len(state.hands[p])} cards and {state.coins[p]} coins",
            player=p,
            data={"what": "show", "seat": p, "hand": state.hands[p], "coins": state.coins[p]},
        )
    winner = state.winner
    state._event(
        "info",
        text,
        player=winner,
        data={
            "what": "game_end",
            "winner": winner,
            "sales": state.sales,
            "goods": None if winner is None else state.different_goods(winner),
            "coins": None if winner is None else state.coins[winner],
            "by": by,
        },
    )
