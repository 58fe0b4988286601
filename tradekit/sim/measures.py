"""Per-game measures for the tidy tables, registered by game name.

Every game gets the generic measures (:func:`generic_measures`): its length in decisions, its
rounds, its chance events and the money that flowed into the players' hands. A game adds its
own in the module its plug-in entry names (``measures=`` of the ``PLUGIN`` in
``tradekit/games/<game>/__init__.py``, imported the first time a table of that game is built), by
calling :func:`register_measures` with up to four functions:

* ``game(state) -> {name: number}``: one value per finished game (ties, loans, ...), repeated on
  every seat's row;
* ``seat(state, seat) -> {name: number}``: one value per seat (names start with ``seat_``);
  a game may also give ``seats(state) -> [{name: number}, ...]``, every seat's values at once
  (one pass over the log instead of one per seat), which :func:`measure` then prefers;
* ``decision(view, seat, action) -> {column: value}``: extra columns of the decision table for
  one decision (the view is the one the bot saw);
* ``finish(state, rows) -> None``: fills in the decision rows of a finished game with what only
  the end tells (did the bid win, what was paid);

and ``choices=(options_a, options_b)``: the rule choice that lessons compare by default (the
notebook ``rule-choices.ipynb`` shows it; :func:`rule_choices` guesses one when none is given).

These functions use the engine only (no pandas): they run inside worker processes.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tradekit.core.actions import Action
from tradekit.core.errors import ConfigError
from tradekit.core.registry import import_part, load_game
from tradekit.core.state import State

GameMeasure = Callable[[State[Any]], Mapping[str, float]]
SeatMeasure = Callable[[State[Any], int], Mapping[str, float]]
SeatsMeasure = Callable[[State[Any]], Sequence[Mapping[str, float]]]
DecisionColumns = Callable[[Any, int, Action], Mapping[str, Any]]
FinishDecisions = Callable[[State[Any], list[dict[str, Any]]], None]

#: Column names of the tidy tables that measures may not reuse.
RESERVED = frozenset(
    {
        "source", "game", "variant", "options", "deal", "seed", "game_seed", "players", "seat",
        "bot", "score", "rank", "win", "win_share", "margin", "score_spread", "winning_margin",
        "length", "rounds", "chance_events", "money_in", "step", "round", "phase", "action",
        "kind", "why",
    }
)  # fmt: skip


@dataclasses.dataclass(frozen=True)
class Measures:
    """A game's measure functions (any may be None). See the module docstring."""

    game: GameMeasure | None = None
    seat: SeatMeasure | None = None
    decision: DecisionColumns | None = None
    finish: FinishDecisions | None = None
    choices: tuple[dict[str, Any], dict[str, Any]] | None = None
    #: Every seat's values at once (the same as ``seat`` for each seat); preferred when given.
    seats: SeatsMeasure | None = None


_REGISTRY: dict[str, Measures] = {}
_LOADED: set[str] = set()


def register_measures(
    name: str,
    *,
    game: GameMeasure | None = None,
    seat: SeatMeasure | None = None,
    decision: DecisionColumns | None = None,
    finish: FinishDecisions | None = None,
    choices: tuple[Mapping[str, Any], Mapping[str, Any]] | None = None,
    seats: SeatsMeasure | None = None,
) -> Measures:
    """Register the measure functions of the game called ``name``; returns them.

    Example:
        >>> m = register_measures("demo", game=lambda state: {"events": len(state.log)})
        >>> measures_for("demo") is m
        True
    """
    pair = None if choices is None else (dict(choices[0]), dict(choices[1]))
    entry = Measures(game, seat, decision, finish, pair, seats)
    _REGISTRY[name] = entry
    return entry


def measures_for(name: str) -> Measures:
    """The measure functions of game ``name`` (empty ones if the game registered none)."""
    if name not in _LOADED:
        module = import_part(name, "measures")
        if module is not None and name not in _REGISTRY:
            raise ImportError(f"module {module.__name__!r} registers no measures for {name!r}")
        _LOADED.add(name)
    return _REGISTRY.get(name, Measures())


def rule_choices(name: str) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """Two option sets of game ``name`` worth comparing: the registered ``choices``, else a
    guess from the game's options (its first yes/no option flipped, else its first text option
    against another value the game allows, else its first whole-number option other than
    ``players`` one lower or higher), else None.

    Example:
        >>> rule_choices("turin")
        ({'scoring': 'classic'}, {'scoring': 'red'})
    """

    registered = measures_for(name).choices
    if registered is not None:
        return registered
    game = load_game(name)
    options = game.options()
    for key, value in options.items():
        if isinstance(value, bool):
            return {key: value}, {key: not value}
    for key, value in options.items():
        if isinstance(value, str) and key != "data_dir":
            try:
                load_game(name, **{key: "\u2400"})
            except ConfigError as exc:
                allowed = [v for v in re.findall(r"'([^']*)'", exc.allowed) if v != value]
                for other in allowed:
                    try:
                        load_game(name, **{key: other})
                    except ConfigError:
                        continue
                    return {key: value}, {key: other}
    for key, value in options.items():
        if isinstance(value, int) and not isinstance(value, bool) and key != "players":
            for other in (value - 1, value + 1):
                try:
                    load_game(name, **{key: other})
                except ConfigError:
                    continue
                return {key: value}, {key: other}
    return None


def generic_measures(state: State[Any]) -> dict[str, float]:
    """Measures every game has, read through the turn protocol.

    * ``length``: decisions taken; ``rounds``: the round the game ended in;
    * ``chance_events``: random results in the log (deals, coin flips, draws);
    * ``money_in``: coins that flowed from the bank (and other pools) into the players' hands
      over the game, negative when players paid more to the bank than they got.

    Example:
        >>> import tradekit
        >>> state = tradekit.load_game("turin", players=3).new_state(seed=1)
        >>> generic_measures(state)
        {'length': 0, 'rounds': 1, 'chance_events': 3, 'money_in': 0}
    """
    money = state.money()
    initial = state.initial_money
    return {
        "length": len(state.decisions),
        "rounds": state.round,
        "chance_events": sum(1 for e in state.log if e.kind == "chance"),
        "money_in": sum(money) - sum(initial),
    }


def measure(state: State[Any]) -> tuple[dict[str, float], list[dict[str, float]]]:
    """All measures of a finished game: (game-level, one dict per seat)."""
    hooks = measures_for(state.game.name)
    game_level = generic_measures(state)
    if hooks.game is not None:
        extra = dict(hooks.game(state))
        _check(state.game.name, extra)
        game_level.update(extra)
    rows: Sequence[Mapping[str, float]]
    if hooks.seats is not None:
        rows = hooks.seats(state)
    elif hooks.seat is not None:
        rows = [hooks.seat(state, p) for p in range(state.game.num_players)]
    else:
        rows = [{}] * state.game.num_players
    seats: list[dict[str, float]] = []
    for values in rows:
        row = dict(values)
        _check(state.game.name, row)
        seats.append(row)
    return game_level, seats


def _check(name: str, values: Mapping[str, Any]) -> None:
    clash = RESERVED.intersection(values)
    if clash:
        raise ValueError(f"measures of {name!r} reuse reserved column names {sorted(clash)}")
