"""Tidy tables: one row per game and seat, and one row per recorded decision.

Columns of the game table, in order:

* ``source`` ("simulated" or "class"), ``game``, ``variant`` (a short label of the rule choice),
  ``options`` (the game's options as JSON), ``deal`` (the deal index), ``seed`` (the master seed),
  ``game_seed`` (the engine seed), ``players``, ``seat``, ``bot``;
* ``score``, ``rank`` (1 = best; equal scores share a rank), ``win`` (the seat had the best
  score, alone or shared), ``win_share`` (1 divided among the seats sharing the win), ``margin``
  (the seat's score minus the best other seat's);
* per game: ``score_spread`` (best minus worst score), ``winning_margin`` (best minus second-best
  seat's score, 0 when the win is shared), then the generic measures (``length``, ``rounds``,
  ``chance_events``, ``money_in``) and the game's own (see :mod:`tradekit.sim.measures`);
* per seat: the game's ``seat_*`` measures.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tradekit.core.state import Game
from tradekit.sim.play import GameResult, Job

if TYPE_CHECKING:
    import pandas as pd

ID_COLUMNS = (
    "source", "game", "variant", "options", "deal", "seed", "game_seed", "players", "seat", "bot",
)  # fmt: skip
RESULT_COLUMNS = ("score", "rank", "win", "win_share", "margin", "score_spread", "winning_margin")


def options_json(game: Game[Any]) -> str:
    """The game's options as compact JSON (sorted keys).

    Example:
        >>> import tradekit
        >>> options_json(tradekit.load_game("turin", scoring="red"))
        '{"data_dir":null,"goose":null,"players":3,"public_money":true,"scoring":"red"}'
    """
    return json.dumps(game.options(), sort_keys=True, separators=(",", ":"))


def variant_label(game: Game[Any], other: Game[Any] | None = None) -> str:
    """A short label of a rule choice: the options that differ from ``other`` (or from the
    game's defaults), such as ``"scoring=red"``; ``"defaults"`` when none differs.

    Example:
        >>> import tradekit
        >>> a = tradekit.load_game("turin", scoring="classic")
        >>> b = tradekit.load_game("turin", scoring="red", goose="underdog")
        >>> variant_label(a), variant_label(b), variant_label(a, b)
        ('defaults', 'scoring=red, goose=underdog', 'scoring=classic, goose=None')
    """
    mine = game.options()
    if other is not None:
        theirs = other.options()
    else:
        theirs = {}
        for f in dataclasses.fields(game):
            if f.default is not dataclasses.MISSING:
                theirs[f.name] = f.default
    diff = [f"{k}={v}" for k, v in mine.items() if k in theirs and theirs[k] != v]
    return ", ".join(diff) if diff else "defaults"


def score_columns(scores: Sequence[int]) -> list[tuple[int, bool, float, int]]:
    """(rank, win, win_share, margin) per seat.

    Example:
        >>> score_columns([10, 14, 14])
        [(3, False, 0.0, -4), (1, True, 0.5, 0), (1, True, 0.5, 0)]
    """
    best = max(scores)
    winners = sum(1 for s in scores if s == best)
    out = []
    for p, s in enumerate(scores):
        rank = 1 + sum(1 for t in scores if t > s)
        others = [t for q, t in enumerate(scores) if q != p]
        margin = s - max(others) if others else 0
        out.append((rank, s == best, (1 / winners) if s == best else 0.0, margin))
    return out


def game_rows(
    result: GameResult,
    *,
    source: str,
    game: Game[Any],
    variant: str,
    options: str,
    seed: int | None,
    bots: Sequence[str],
) -> list[dict[str, Any]]:
    """The tidy rows (one per seat) of one game's result."""
    scores = result.scores
    ordered = sorted(scores, reverse=True)
    per_game: dict[str, Any] = {
        "score_spread": ordered[0] - ordered[-1],
        "winning_margin": ordered[0] - ordered[1] if len(ordered) > 1 else 0,
    }
    per_game.update(result.measures)
    rows = []
    for p, (rank, win, share, margin) in enumerate(score_columns(scores)):
        row: dict[str, Any] = {
            "source": source,
            "game": game.name,
            "variant": variant,
            "options": options,
            "deal": result.item[0],
            "seed": seed,
            "game_seed": result.game_seed,
            "players": len(scores),
            "seat": p,
            "bot": bots[p],
            "score": scores[p],
            "rank": rank,
            "win": win,
            "win_share": share,
            "margin": margin,
        }
        row.update(per_game)
        row.update(result.seat_measures[p])
        rows.append(row)
    return rows


def games_frame(
    job: Job,
    results: Sequence[GameResult],
    labels: Sequence[str],
    *,
    source: str = "simulated",
    lineup_tags: Sequence[Sequence[str]] | None = None,
) -> pd.DataFrame:
    """The tidy game table of a job's results (``labels``: one variant label per rule choice)."""
    import pandas as pd

    options = [options_json(g) for g in job.games]
    tags = lineup_tags or [[b.tag for b in lineup] for lineup in job.lineups]
    rows: list[dict[str, Any]] = []
    for result in results:
        _, g, lineup = result.item
        rows.extend(
            game_rows(
                result,
                source=source,
                game=job.games[g],
                variant=labels[g],
                options=options[g],
                seed=job.master,
                bots=tags[lineup],
            )
        )
    return tidy(pd.DataFrame(rows))


def tidy(frame: pd.DataFrame) -> pd.DataFrame:
    """Order the columns, fill absent measures with 0 and fix the types of the id columns."""
    if frame.empty:
        return frame
    front = [c for c in (*ID_COLUMNS, *RESULT_COLUMNS) if c in frame.columns]
    rest = [c for c in frame.columns if c not in front]
    frame = frame[front + rest]
    frame = frame.fillna({c: 0 for c in rest})
    frame["seed"] = frame["seed"].astype("Int64")
    frame["win"] = frame["win"].astype(bool)
    for column in ("source", "game", "variant", "options", "bot"):
        frame[column] = frame[column].astype(str)
    return frame.reset_index(drop=True)


def decisions_frame(
    job: Job, results: Sequence[GameResult], labels: Sequence[str], source: str = "simulated"
) -> pd.DataFrame:
    """The decision table: one row per recorded decision, with the game's id columns first."""
    import pandas as pd

    rows: list[dict[str, Any]] = []
    for result in results:
        deal, g, _ = result.item
        for decision in result.decisions:
            rows.append(
                {
                    "source": source,
                    "game": job.games[g].name,
                    "variant": labels[g],
                    "deal": deal,
                    "seed": job.master,
                    "game_seed": result.game_seed,
                    **decision,
                }
            )
    frame = pd.DataFrame(rows)
    if not frame.empty:
        frame["seed"] = frame["seed"].astype("Int64")
    return frame
