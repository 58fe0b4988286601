"""Real class games saved as JSON, read into the same tidy tables as simulated games.

A class game saved with ``state.to_json()`` (or the widgets' save button) is replayed with
:func:`tradekit.replay`, which checks every logged event, then measured exactly like a simulated
game. Its rows have ``source == "class"`` so a chart can show the class beside the simulation.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tradekit.core.actions import action_from_json
from tradekit.core.errors import ConfigError
from tradekit.core.state import State, replay
from tradekit.sim.measures import measure, measures_for
from tradekit.sim.play import GameResult
from tradekit.sim.tables import game_rows, options_json, tidy, variant_label

if TYPE_CHECKING:
    import pandas as pd

Source = str | Path | Mapping[str, Any]


def _documents(source: Source | Iterable[Source]) -> list[tuple[str, Any]]:
    """(name, saved game) pairs from files, folders, JSON text or parsed documents."""
    if isinstance(source, Mapping):
        return [("game 0", source)]
    if isinstance(source, (str, Path)):
        text = str(source)
        if isinstance(source, str) and text.lstrip().startswith("{"):
            return [("game 0", text)]
        path = Path(source)
        if path.is_dir():
            files = sorted(path.glob("*.json"))
            if not files:
                raise ConfigError("source", text, "a folder holding saved games (*.json)")
            return [(f.name, f.read_text(encoding="utf-8")) for f in files]
        if path.is_file():
            return [(path.name, path.read_text(encoding="utf-8"))]
        raise ConfigError("source", text, "a saved game's JSON, a .json file or a folder of them")
    out: list[tuple[str, Any]] = []
    for i, item in enumerate(source):
        for name, doc in _documents(item):
            out.append((name if name != "game 0" else f"game {i}", doc))
    return out


def _replayed(source: Source | Iterable[Source]) -> list[tuple[str, Any, State]]:
    games = []
    unfinished = []
    for name, doc in _documents(source):
        state = replay(doc)
        if state.is_over:
            games.append((name, doc, state))
        else:
            unfinished.append(name)
    if unfinished:
        warnings.warn(
            f"skipped {len(unfinished)} unfinished game(s): {', '.join(unfinished[:5])}",
            RuntimeWarning,
            stacklevel=3,
        )
    return games


def _names(bot: str | Sequence[str], players: int) -> list[str]:
    if isinstance(bot, str):
        return [bot] * players
    names = list(bot)
    if len(names) != players:
        raise ConfigError("bot", names, f"one name per seat ({players})")
    return names


def load_games(
    source: Source | Iterable[Source],
    *,
    bot: str | Sequence[str] = "class",
    label: str | None = None,
) -> pd.DataFrame:
    """Read saved games into the tidy game table (``source == "class"``).

    Args:
        source: a saved game's JSON text or parsed document, a ``.json`` file, a folder of
            them, or a list of any of these.
        bot: the name in the ``bot`` column (one for all seats, or one per seat).
        label: the ``variant`` label (default: the options that differ from the defaults, the
            same label a simulation of those options gets).

    Raises:
        ReplayError: a file is not a saved game or was tampered with (named).
        ConfigError: a bad argument.

    Example:
        >>> import tradekit
        >>> from tradekit.sim import load_games, play
        >>> saved = play(tradekit.load_game("turin"), "heuristic", seed=4).to_json()
        >>> table = load_games([saved, saved], bot="student")
        >>> table[["source", "deal", "bot"]].drop_duplicates().shape[0]
        2
    """
    import pandas as pd

    rows: list[dict[str, Any]] = []
    for index, (_, _, state) in enumerate(_replayed(source)):
        game_level, seat_level = measure(state)
        result = GameResult(
            (index, 0, 0), state.seed, tuple(state.scores()), game_level, tuple(seat_level)
        )
        rows.extend(
            game_rows(
                result,
                source="class",
                game=state.game,
                variant=label or variant_label(state.game),
                options=options_json(state.game),
                seed=None,
                bots=_names(bot, state.game.num_players),
            )
        )
    return tidy(pd.DataFrame(rows))


def load_decisions(
    source: Source | Iterable[Source],
    *,
    bot: str | Sequence[str] = "class",
    label: str | None = None,
) -> pd.DataFrame:
    """Read saved games into the decision table (every decision, as the players saw it).

    The game's decision hook adds its columns (for Turin Market: each bid's amount, the bidder's
    Scudo, and whether it won); bots' notes such as valuations are absent for human players.
    """
    import pandas as pd

    rows: list[dict[str, Any]] = []
    for index, (_, doc, state) in enumerate(_replayed(source)):
        game = state.game
        hooks = measures_for(game.name)
        names = _names(bot, game.num_players)
        fresh = game.new_state(seed=state.seed, setup=state.setup)
        parsed = json.loads(doc) if isinstance(doc, str) else dict(doc)
        game_rows_: list[dict[str, Any]] = []
        for step, (seat, action_doc) in enumerate(parsed["decisions"]):
            action = action_from_json(action_doc, game.action_types)
            view = fresh.view(seat)
            row: dict[str, Any] = {
                "step": step,
                "round": fresh.round,
                "phase": fresh.phase,
                "seat": seat,
                "bot": names[seat],
                "action": str(action),
                "kind": type(action).__name__,
                "why": "",
            }
            if hooks.decision is not None:
                row.update(hooks.decision(view, seat, action))
            game_rows_.append(row)
            fresh.apply(seat, action)
        if hooks.finish is not None:
            hooks.finish(fresh, game_rows_)
        for row in game_rows_:
            rows.append(
                {
                    "source": "class",
                    "game": game.name,
                    "variant": label or variant_label(game),
                    "deal": index,
                    "seed": None,
                    "game_seed": state.seed,
                    **row,
                }
            )
    frame = pd.DataFrame(rows)
    if not frame.empty:
        frame["seed"] = frame["seed"].astype("Int64")
    return frame
