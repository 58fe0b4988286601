"""The ``tradekit`` command: simulations and paired comparisons written as CSV (or Parquet).

Examples::

    tradekit simulate turin -o players=3 -o scoring=red --bots heuristic random random \\
        -n 10000 --seed 1 --out red.csv --decisions bids.csv --decision-kinds Bid
    tradekit compare turin --a scoring=classic --b scoring=red --bots heuristic \\
        -n 10000 --seed 1 --out summary.csv --table games.csv
    tradekit tournament turin --bots heuristic random random -n 500 --out standings.csv
    tradekit bots turin

Options are ``key=value`` pairs read as JSON when they parse (``3``, ``true``, ``null``), else as
text. A bot is a registered name with optional parameters: ``heuristic:aggression=0.7``.
An output path ending in ``.parquet`` writes Parquet (needs pyarrow); ``-`` writes CSV to stdout.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tradekit.core.errors import ConfigError, TradekitError

if TYPE_CHECKING:
    import pandas as pd


def parse_options(pairs: Sequence[str] | None, what: str = "option") -> dict[str, Any]:
    """``["players=3", "scoring=red"]`` -> ``{"players": 3, "scoring": "red"}``.

    Example:
        >>> parse_options(["players=4", "goose=None", "public_money=false"])
        {'players': 4, 'goose': None, 'public_money': False}
    """
    from tradekit.bots.registry import parse_value

    out: dict[str, Any] = {}
    for pair in pairs or ():
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise ConfigError(what, pair, "key=value, such as scoring=red")
        out[key.strip()] = parse_value(value.strip())
    return out


def write_table(frame: pd.DataFrame, path: str) -> str:
    """Write ``frame`` to ``path`` (CSV, or Parquet for ``.parquet``; ``-`` for stdout).

    Raises:
        ConfigError: Parquet asked for without pyarrow (or fastparquet) installed.
    """
    if path == "-":
        frame.to_csv(sys.stdout, index=False)
        return "stdout"
    target = Path(path)
    if target.suffix.lower() in (".parquet", ".pq"):
        import importlib.util

        if not any(importlib.util.find_spec(m) for m in ("pyarrow", "fastparquet")):
            raise ConfigError(
                "out", path, "a .csv path (Parquet needs pyarrow: pip install pyarrow)"
            )
        target.parent.mkdir(parents=True, exist_ok=True)
        frame.to_parquet(target, index=False)
    else:
        target.parent.mkdir(parents=True, exist_ok=True)
        frame.to_csv(target, index=False)
    return str(target)


def _bots(values: Sequence[str] | None) -> Any:
    if not values:
        return "random"
    return values[0] if len(values) == 1 else list(values)


def _run_args(args: argparse.Namespace) -> dict[str, Any]:
    workers = args.workers
    return {
        "backend": args.backend,
        "workers": workers,
        "batch_size": args.batch_size,
        "progress": False if args.quiet else None,
    }


def _say(args: argparse.Namespace, text: str) -> None:
    if not args.quiet:
        print(text, file=sys.stderr)


def cmd_simulate(args: argparse.Namespace) -> int:
    import tradekit
    from tradekit.sim import run

    game = tradekit.load_game(args.game, **parse_options(args.option))
    decisions: Any = False
    if args.decisions:
        decisions = True
        if args.decision_kinds:
            decisions = [k.strip() for k in args.decision_kinds.split(",") if k.strip()]
    result = run(
        game, _bots(args.bots), args.n, args.seed, label=args.label, decisions=decisions,
        **_run_args(args),
    )  # fmt: skip
    where = write_table(result.games, args.out)
    _say(
        args,
        f"{result.n} games ({len(result.games)} rows) -> {where}; seed {result.seed}, "
        f"{result.backend}, {result.seconds:.1f} s",
    )
    if args.decisions and result.decisions is not None:
        where = write_table(result.decisions, args.decisions)
        _say(args, f"{len(result.decisions)} decisions -> {where}")
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    import tradekit
    from tradekit.sim import compare

    shared = parse_options(args.option)
    game_a = tradekit.load_game(args.game, **{**shared, **parse_options(args.a, "a")})
    game_b = tradekit.load_game(args.game, **{**shared, **parse_options(args.b, "b")})
    labels = tuple(args.labels) if args.labels else None
    result = compare(
        game_a, game_b, _bots(args.bots), args.n, args.seed, labels=labels,
        confidence=args.confidence, **_run_args(args),
    )  # fmt: skip
    if args.out:
        where = write_table(result.summary, args.out)
        _say(args, f"summary ({len(result.summary)} rows) -> {where}")
    if args.table:
        where = write_table(result.table, args.table)
        _say(args, f"games ({len(result.table)} rows) -> {where}")
    if not args.quiet and args.out != "-" and args.table != "-":
        print(result.text())
    _say(args, f"seed {result.seed}, {result.backend}, {result.seconds:.1f} s")
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    import tradekit
    from tradekit.sim import tournament

    game = tradekit.load_game(args.game, **parse_options(args.option))
    result = tournament(game, list(args.bots), args.n, args.seed, **_run_args(args))
    if args.out:
        write_table(result.standings, args.out)
    if args.table:
        write_table(result.table, args.table)
    if not args.quiet and args.out != "-" and args.table != "-":
        print(result.standings.to_string(index=False))
    _say(args, f"seed {result.seed}, {result.backend}, {result.seconds:.1f} s")
    return 0


def cmd_bots(args: argparse.Namespace) -> int:
    import tradekit
    from tradekit.bots import bot_classes

    games = [args.game] if args.game else list(tradekit.GAMES)
    for name in games:
        if name not in tradekit.GAMES:
            raise ConfigError("game", name, "one of " + ", ".join(tradekit.GAMES))
        for bot_name, cls in sorted(bot_classes(name).items()):
            params = ", ".join(f"{k}={v!r}" for k, v in cls().params().items())
            print(f"{name}\t{bot_name}\t{params}")
    return 0


def _common(parser: argparse.ArgumentParser, n: int) -> None:
    parser.add_argument("game", help="the game's name (tradekit.GAMES)")
    parser.add_argument(
        "-o", "--option", action="append", metavar="KEY=VALUE", help="a game option (repeat)"
    )
    parser.add_argument("-n", type=int, default=n, help=f"games or deals (default {n})")
    parser.add_argument("--seed", type=int, default=None, help="master seed (default: fresh)")
    parser.add_argument(
        "--backend", default="auto", choices=("auto", "serial", "processes"), help="where to play"
    )
    parser.add_argument("--workers", type=int, default=None, help="worker processes")
    parser.add_argument("--batch-size", type=int, default=None, help="games per task")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress or summary")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``tradekit`` command."""
    parser = argparse.ArgumentParser(
        prog="tradekit",
        description="Simulate auction-and-trade card games with bots; compare rule choices.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    sim = sub.add_parser("simulate", help="play many games into a tidy table")
    _common(sim, 1000)
    sim.add_argument("--bots", nargs="+", help="one bot per seat, or one for all")
    sim.add_argument("--out", default="-", help="the game table (.csv or .parquet; - stdout)")
    sim.add_argument("--decisions", help="also write the decision table here")
    sim.add_argument("--decision-kinds", help="only these actions, e.g. Bid,AddBid")
    sim.add_argument("--label", help="the variant label")
    sim.set_defaults(func=cmd_simulate)

    cmp_ = sub.add_parser("compare", help="two rule choices on the same deals, paired")
    _common(cmp_, 1000)
    cmp_.add_argument("--a", action="append", metavar="KEY=VALUE", help="options of A (repeat)")
    cmp_.add_argument("--b", action="append", metavar="KEY=VALUE", help="options of B (repeat)")
    cmp_.add_argument("--labels", nargs=2, metavar=("A", "B"), help="names of A and B")
    cmp_.add_argument("--bots", nargs="+", help="one bot per seat, or one for all")
    cmp_.add_argument("--confidence", type=float, default=0.95)
    cmp_.add_argument("--out", help="the summary table (.csv or .parquet; - stdout)")
    cmp_.add_argument("--table", help="the game table of both rule choices")
    cmp_.set_defaults(func=cmd_compare)

    tour = sub.add_parser("tournament", help="bots against each other, seats rotated")
    _common(tour, 100)
    tour.add_argument("--bots", nargs="+", required=True, help="the entrants")
    tour.add_argument("--out", help="the standings table")
    tour.add_argument("--table", help="the game table")
    tour.set_defaults(func=cmd_tournament)

    bots = sub.add_parser("bots", help="list the bots of a game (or of every game)")
    bots.add_argument("game", nargs="?", help="the game's name")
    bots.set_defaults(func=cmd_bots)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tradekit`` command; returns the exit code (2 for a bad argument)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
    except TradekitError as exc:
        print(f"tradekit: error: {exc}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as exc:
        if exc.name not in ("pandas", "scipy", "tqdm", "pyarrow"):
            raise
        print(
            f"tradekit: error: this command needs {exc.name}: pip install 'tradekit[notebook]'",
            file=sys.stderr,
        )
        return 2
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
