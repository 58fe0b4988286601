"""Real class games saved as JSON, read into the same tidy tables as simulated games.

A class game saved with ``state.to_json()`` (or the widgets' save button) is replayed with
:func:`tradekit.replay`, which checks every logged event, then measured exactly like a simulated
game. Its rows have ``source == "class"`` so a chart can show the class beside the simulation.

A seat save (``state.to_json(viewer=seat)``, what a student hands in) holds what one seat saw,
not the game: :func:`load_games` reads its final scores (ranks, wins and margins follow from
them), and leaves the game's measures empty (``None``), as they need every seat's secrets. The
seat saves of one game count as one game, however many of its seats handed theirs in, and none
is read when the game's full save is read too.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tradekit.core.actions import action_from_json
from tradekit.core.errors import ConfigError, ReplayError
from tradekit.core.events import Event
from tradekit.core.saves import parse_save
from tradekit.core.seat_saves import Review, review
from tradekit.core.state import SEAT_SAVE_FORMAT, Game, State, replay
from tradekit.core.words import counted
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


def _replayed(
    source: Source | Iterable[Source], seat_saves: bool = False
) -> list[tuple[str, Any, State[Any] | Review]]:
    """Every finished game of ``source``, replayed (a full save) or reviewed (a seat save, when
    ``seat_saves``); seat saves of one game, handed in by several of its seats, count once."""
    read: list[tuple[str, Any, State[Any] | Review]] = []
    full: set[str] = set()
    for name, doc in _documents(source):
        parsed = parse_save(doc)
        if parsed.get("format") == SEAT_SAVE_FORMAT:
            if not seat_saves:
                raise ReplayError(
                    f"{name} is a seat save: it holds one seat's decisions only, so the decision "
                    "table needs the full saves (load_games reads seat saves)"
                )
            read.append((name, parsed, review(parsed)))
        else:
            state = replay(parsed)
            read.append((name, parsed, state))
            if seat_saves:
                full.add(_public_record(state.game, state.log))
    games: list[tuple[str, Any, State[Any] | Review]] = []
    unfinished = []
    seen: set[str] = set()
    for name, parsed, played in read:
        if isinstance(played, Review):
            key = _public_record(played.game, played.log)
            if key in full or key in seen:
                continue  # the game is in already (its full save, or another seat's save)
            seen.add(key)
        if played.is_over:
            games.append((name, parsed, played))
        else:
            unfinished.append(name)
    if unfinished:
        warnings.warn(
            f"skipped {counted(len(unfinished), 'unfinished game', 'unfinished games')}: "
            + ", ".join(unfinished[:5]),
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
            them, or a list of any of these. Full saves and seat saves may be mixed: a seat save
            gives the scores only (its measure columns are empty), and a game is read once
            however many of its saves are given.
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
    partial: list[bool] = []
    for index, (_, _, played) in enumerate(_replayed(source, seat_saves=True)):
        n = played.game.num_players
        if isinstance(played, Review):
            # Only the scores: the measures need the whole game, which a seat save lacks.
            result = GameResult((index, 0, 0), None, tuple(played.scores()), {}, ({},) * n)
        else:
            game_level, seat_level = measure(played)
            result = GameResult(
                (index, 0, 0), played.seed, tuple(played.scores()), game_level, tuple(seat_level)
            )
        rows.extend(
            game_rows(
                result,
                source="class",
                game=played.game,
                variant=label or variant_label(played.game),
                options=options_json(played.game),
                seed=None,
                bots=_names(bot, n),
            )
        )
        partial.extend([isinstance(played, Review)] * n)
    frame = tidy(pd.DataFrame(rows))
    if any(partial):
        # tidy() fills absent measures with 0; a seat save's are unknown, not 0.
        measured = [c for c in frame.columns if c not in _SCORE_COLUMNS]
        frame[measured] = frame[measured].astype(float)
        frame.loc[pd.Series(partial, index=frame.index), measured] = float("nan")
        frame["game_seed"] = frame["game_seed"].astype("Int64")
    return frame


#: The columns a seat save fills (everything else is a measure of the whole game).
_SCORE_COLUMNS = frozenset(
    {
        "source",
        "game",
        "variant",
        "options",
        "deal",
        "seed",
        "game_seed",
        "players",
        "seat",
        "bot",
        "score",
        "rank",
        "win",
        "win_share",
        "margin",
        "score_spread",
        "winning_margin",
    }
)


def _public_record(game: Game[Any], log: Iterable[Event]) -> str:
    """What every seat of one game saw alike: its options and public events (a game's full save
    and seat saves agree on it; two different games, in practice, never do)."""
    public = [e.to_json() for e in log if e.visible_to is None]
    return json.dumps([game.name, game.options(), public], sort_keys=True)


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
    for index, (_, doc, played) in enumerate(_replayed(source)):
        assert isinstance(played, State)
        state = played
        game = state.game
        hooks = measures_for(game.name)
        names = _names(bot, game.num_players)
        fresh: State[Any] = game.new_state(seed=state.seed, setup=state.setup)
        parsed = doc
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
