"""A match of several Turin Market games in a row, totals summed (the rulebook's longer game).

With the "tiebreak" goose the goose stays with its holder from one game to the next, as the
rulebook suggests ("voire sur une série de parties").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from tradekit.core.actions import Action
from tradekit.core.errors import ConfigError, IllegalActionError
from tradekit.games.turin.game import TurinGame
from tradekit.games.turin.state import TurinState

#: A decision rule: given the state and the seat to act, return that seat's action.
Policy = Callable[[TurinState, int], Action]


def carry_over(previous: TurinState) -> dict[str, Any] | None:
    """The set-up the next game of a match starts from, after ``previous``: with the
    ``"tiebreak"`` goose, its holder at the end keeps it (T26); nothing carries otherwise.

    Example:
        >>> carry_over(TurinGame(players=3, goose="tiebreak").new_state(seed=1))
        {'goose': None}
        >>> carry_over(TurinGame(players=3).new_state(seed=1)) is None
        True
    """
    if previous.game.goose == "tiebreak":
        return {"goose": previous.goose_holder}
    return None


class TurinMatch:
    """Several games of Turin Market with the same options; scores are summed.

    Each game gets its own seed, spawned from the match seed, so a match is reproducible.

    Args:
        game: the options of every game.
        games: how many games (3 in the rulebook).
        seed: the match seed.

    Example:
        >>> match = TurinMatch(TurinGame(players=3), games=3, seed=5)
        >>> first = lambda state, seat: state.legal_actions(seat)[0]
        >>> len(match.play(first).states), match.is_over
        (3, True)
        >>> match.totals == [sum(s.scores()[p] for s in match.states) for p in range(3)]
        True
    """

    def __init__(self, game: TurinGame, games: int = 3, seed: int | None = None) -> None:
        if not isinstance(games, int) or isinstance(games, bool) or games < 1:
            raise ConfigError("games", games, "a whole number of games >= 1")
        self.game = game
        self.games = games
        sequence = np.random.SeedSequence(seed)
        self.seed = int(sequence.entropy)  # type: ignore[arg-type]
        self.seeds = [int(s.generate_state(1)[0]) for s in sequence.spawn(games)]
        self.states: list[TurinState] = []

    @property
    def current(self) -> TurinState:
        """The game being played, starting the next one when the previous is over."""
        if not self.states or (self.states[-1].is_over and len(self.states) < self.games):
            return self.next_game()
        return self.states[-1]

    def next_game(self) -> TurinState:
        """Deal the next game of the match.

        Raises:
            IllegalActionError: if the current game is not over or the match is complete.
        """
        if self.states and not self.states[-1].is_over:
            raise IllegalActionError("finish the current game first", None, None)
        if len(self.states) >= self.games:
            raise IllegalActionError(f"the match has only {self.games} games", None, None)
        setup = carry_over(self.states[-1]) if self.states else None
        state = self.game.new_state(seed=self.seeds[len(self.states)], setup=setup)
        self.states.append(state)
        return state

    @property
    def is_over(self) -> bool:
        """Whether every game of the match has been played."""
        return len(self.states) == self.games and self.states[-1].is_over

    @property
    def totals(self) -> list[int]:
        """Each seat's summed score over the finished games."""
        totals = [0] * self.game.players
        for state in self.states:
            if state.is_over:
                totals = [t + s for t, s in zip(totals, state.scores(), strict=True)]
        return totals

    def winners(self) -> list[int]:
        """The seats with the highest total (several share the win)."""
        totals = self.totals
        return [p for p, t in enumerate(totals) if t == max(totals)]

    def play(self, policy: Policy, max_steps: int = 1_000_000) -> TurinMatch:
        """Play every remaining decision of the match with ``policy``; returns the match."""
        steps = 0
        while not self.is_over:
            state = self.current
            while not state.is_over:
                seat = state.to_move[0]
                state.apply(seat, policy(state, seat))
                steps += 1
                if steps > max_steps:
                    raise RuntimeError(f"the match did not end within {max_steps} decisions")
        return self
