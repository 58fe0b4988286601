"""The ``tradekit`` command: simulations, comparisons and sweeps written as CSV (or Parquet).

Game tables are written as the games finish (chunk by chunk, in flat memory whatever ``-n``);
summaries and standings are read off the same stream and written at the end.

Examples::

    tradekit simulate turin -o players=3 -o scoring=red --bots heuristic random random \\
        -n 10000 --seed 1 --out red.csv --decisions bids.csv --decision-kinds Bid
    tradekit compare turin --a scoring=classic --b scoring=red --bots heuristic \\
        -n 10000 --seed 1 --out summary.csv --table games.csv
    tradekit tournament turin --bots heuristic random random -n 500 --out standings.csv
    tradekit sweep turin --grid players=3,4,5 --grid scoring=classic,red --bots heuristic \
        -n 100000 --seed 1 --out sweep/ --summary summary.csv
    tradekit bots turin
    tradekit classroom turin --players 3 -o scoring=red --db class.db
    tradekit classroom turin --players 3 --games 3 -o goose=tiebreak
    tradekit classroom turin --players 3 -o scoring=classic --then scoring=red

Options are ``key=value`` pairs read as JSON when they parse (``3``, ``true``, ``null``), else as
text. A bot is a registered name with optional parameters: ``heuristic:aggression=0.7``.
An output path ending in ``.parquet`` writes Parquet (needs pyarrow); ``-`` writes CSV to stdout.
A sweep's ``--out`` is a directory of part files and a manifest: the same command run again
after a stop resumes where it stopped (other parameters with the same directory are refused).

Every argument is checked before the first game is played: a bad one (an unknown game, option,
bot or decision kind; ``-n``, ``--seed``, ``--workers``, ``--batch-size`` or ``--chunk`` out of
range; a bad ``--grid``; an output in a missing or unwritable directory) prints one line
``tradekit: error: ...`` on stderr and exits with status 2, as argparse does, without a
traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from tradekit.core.errors import ConfigError, TradekitError
from tradekit.sim.stream import PARQUET

if TYPE_CHECKING:
    import pandas as pd


class UsageError(TradekitError):
    """A bad command-line argument; :func:`main` prints it as one line and returns 2."""


class _Parser(argparse.ArgumentParser):
    # argparse prints its usage block and exits from inside parse_args; raising instead sends
    # its errors down the one path main() prints every error through.
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


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
    try:
        if target.suffix.lower() in PARQUET:
            if not _has_parquet():
                raise ConfigError(
                    "out", path, "a .csv path (Parquet needs pyarrow: pip install pyarrow)"
                )
            frame.to_parquet(target, index=False)
        else:
            frame.to_csv(target, index=False)
    except OSError as exc:
        raise ConfigError("out", path, f"a file that can be written ({_reason(exc)})") from None
    return str(target)


def _has_parquet() -> bool:
    import importlib.util

    # pyarrow, not any Parquet engine: tables are written row group by row group with it.
    return importlib.util.find_spec("pyarrow") is not None


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc) or type(exc).__name__


def check_output(path: str, flag: str = "--out") -> None:
    """Check, before any game is played, that a table can be written to ``path``.

    The directory must exist (it is not created: a misspelt directory is an error, not a new
    directory) and accept a new file; an existing file must be writable; ``-`` is stdout.

    Raises:
        UsageError: naming the argument and the reason.

    Example:
        >>> check_output("-")
        >>> check_output("/no/such/dir/games.csv")
        Traceback (most recent call last):
        ...
        tradekit.cli.UsageError: argument --out: the directory '/no/such/dir' does not exist
    """
    if path == "-":
        return
    if not path.strip():
        raise UsageError(f"argument {flag}: expected a file path (or - for stdout), got {path!r}")
    target = Path(path)
    if target.suffix.lower() in PARQUET and not _has_parquet():
        raise UsageError(
            f"argument {flag}: {path!r}: Parquet needs pyarrow (pip install pyarrow); "
            "or write a .csv path"
        )
    parent = target.parent
    if target.is_dir():
        raise UsageError(f"argument {flag}: {path!r} is a directory, not a file")
    if not parent.exists():
        raise UsageError(f"argument {flag}: the directory {str(parent)!r} does not exist")
    if not parent.is_dir():
        raise UsageError(f"argument {flag}: {str(parent)!r} is not a directory")
    try:
        # Real attempts, not os.access: root passes os.access even on a read-only file system.
        if target.exists():
            with open(target, "ab"):  # append mode: the file is left as it is
                pass
        else:
            with tempfile.TemporaryFile(dir=parent):
                pass
    except OSError as exc:
        raise UsageError(f"argument {flag}: cannot write {path!r}: {_reason(exc)}") from None


def check_folder(path: str, flag: str = "--out") -> None:
    """Check, before any game is played, that a sweep can write its directory ``path``.

    The directory may exist (a sweep to resume) or not (it is created, in a parent that must
    exist); either must accept a new file.

    Raises:
        UsageError: naming the argument and the reason.

    Example:
        >>> check_folder("/no/such/dir/sweep")
        Traceback (most recent call last):
        ...
        tradekit.cli.UsageError: argument --out: the directory '/no/such/dir' does not exist
    """
    if path == "-" or not path.strip():
        raise UsageError(f"argument {flag}: expected a directory for the sweep, got {path!r}")
    target = Path(path)
    if target.exists() and not target.is_dir():
        raise UsageError(f"argument {flag}: {path!r} is a file, not a directory")
    where = target if target.exists() else target.parent
    if not where.exists():
        raise UsageError(f"argument {flag}: the directory {str(where)!r} does not exist")
    if not where.is_dir():
        raise UsageError(f"argument {flag}: {str(where)!r} is not a directory")
    try:
        with tempfile.TemporaryFile(dir=where):
            pass
    except OSError as exc:
        raise UsageError(
            f"argument {flag}: cannot write in {str(where)!r}: {_reason(exc)}"
        ) from None


def parse_grid(pairs: Sequence[str]) -> dict[str, list[Any]]:
    """``["players=3,4", "scoring=classic,red"]`` -> ``{"players": [3, 4], "scoring": [...]}``.

    Raises:
        UsageError: a pair without ``=``, an empty value, or a key given twice.

    Example:
        >>> parse_grid(["players=3,4", "goose=null,underdog"])
        {'players': [3, 4], 'goose': [None, 'underdog']}
    """
    from tradekit.bots.registry import parse_value

    grid: dict[str, list[Any]] = {}
    for pair in pairs:
        key, eq, text = pair.partition("=")
        key = key.strip()
        values = [v.strip() for v in text.split(",")]
        if not eq or not key or not all(values):
            raise UsageError(
                f"argument --grid: {pair!r}: expected KEY=VALUE,VALUE,... such as "
                "players=3,4,5 (no empty value)"
            )
        if key in grid:
            raise UsageError(f"argument --grid: {key!r} is given twice; list its values once")
        grid[key] = [parse_value(v) for v in values]
    return grid


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


def _in_range(flag: str, value: int, low: int, high: int, what: str) -> None:
    if not low <= value <= high:
        raise UsageError(
            f"argument {flag}: {value:,} is out of range: expected {what} from {low:,} to {high:,}"
        )


def _outputs(args: argparse.Namespace) -> list[tuple[str, str]]:
    flags = {"simulate": ("out", "decisions"), "compare": ("out", "table"), "sweep": ("summary",)}
    names = flags.get(args.command, ("out", "table"))
    return [(f"--{name}", getattr(args, name)) for name in names if getattr(args, name, None)]


def check_args(args: argparse.Namespace) -> None:
    """Check the parsed arguments that argparse cannot, before anything is played.

    Raises:
        UsageError: the first bad argument, named, with what is allowed.
    """
    import tradekit
    from tradekit.sim.backends import MAX_BATCH_SIZE
    from tradekit.sim.simulate import MAX_GAMES

    if args.game is not None and args.game not in tradekit.GAMES:
        raise UsageError(
            f"argument game: unknown game {args.game!r}: expected one of "
            + ", ".join(tradekit.GAMES)
        )
    if args.command == "bots":
        return
    if args.command == "classroom":
        check_classroom(args)
        return
    what = "a number of games" if args.command == "simulate" else "a number of deals"
    _in_range("-n", args.n, 1, MAX_GAMES, what)
    if getattr(args, "chunk", None) is not None:
        _in_range("--chunk", args.chunk, 1, MAX_GAMES, "a number of deals")
    if args.command == "sweep":
        parse_grid(args.grid)
        check_folder(args.out)
        if (args.format or "parquet") == "parquet" and not _has_parquet():
            raise UsageError(
                "argument --format: Parquet needs pyarrow (pip install pyarrow); or --format csv"
            )
    if args.seed is not None:
        _in_range("--seed", args.seed, 0, 2**63 - 1, "a whole number")
    if args.workers is not None:
        cpus = os.cpu_count() or 1
        if not 1 <= args.workers <= cpus:
            raise UsageError(
                f"argument --workers: {args.workers} is out of range: expected 1 to {cpus}, "
                "the number of CPUs of this machine (os.cpu_count())"
            )
        if args.backend == "serial":
            raise UsageError("argument --workers: not allowed with --backend serial")
    if args.batch_size is not None:
        _in_range("--batch-size", args.batch_size, 1, MAX_BATCH_SIZE, "a number of games")
    if args.command == "simulate" and args.decision_kinds is not None and not args.decisions:
        raise UsageError("argument --decision-kinds: needs --decisions (where to write them)")
    if args.command == "compare" and not 0 < args.confidence < 1:
        raise UsageError(
            f"argument --confidence: {args.confidence} is out of range: expected a level "
            "between 0 and 1, such as 0.95"
        )
    seen: dict[str, str] = {}
    for flag, path in _outputs(args):
        check_output(path, flag)
        key = path if path == "-" else os.path.abspath(path)
        if key in seen:
            where = "stdout" if path == "-" else repr(path)
            raise UsageError(
                f"argument {flag}: {seen[key]} already writes to {where}; give each table its own"
            )
        seen[key] = flag


def check_classroom(args: argparse.Namespace) -> None:
    """Check the arguments of ``tradekit classroom`` before anything is opened.

    Raises:
        UsageError: the first bad argument, named, with what is allowed.
    """
    _in_range("--port", args.port, 0, 65535, "a port")
    if args.players is not None:
        _in_range("--players", args.players, 1, 100, "a number of seats")
    if args.seed is not None:
        _in_range("--seed", args.seed, 0, 2**63 - 1, "a whole number")
    if args.games is not None:
        _in_range("--games", args.games, 1, 20, "a number of games a table plays")
        if args.then:
            raise UsageError(
                "argument --games: not allowed with --then (a series plays one game per option "
                "set: the --option ones, then each --then)"
            )
    if args.then and len(args.then) > 19:
        raise UsageError("argument --then: at most 19 (a series has at most 20 games)")
    if args.grace is not None and not 0 <= args.grace <= 24 * 3600:
        raise UsageError(
            f"argument --grace: {args.grace:g} is out of range: expected seconds from 0 to 86400"
        )
    if not args.host.strip():
        raise UsageError("argument --host: expected an address such as 127.0.0.1 or 0.0.0.0")
    if args.db is not None:
        target = Path(args.db)
        if target.is_dir():
            raise UsageError(f"argument --db: {args.db!r} is a directory, not a file")
        if not target.parent.is_dir():
            raise UsageError(f"argument --db: the directory {str(target.parent)!r} does not exist")


def decision_kinds(text: str | None, game: Any) -> bool | list[str]:
    """The ``--decision-kinds`` list checked against ``game``'s action names (True: every kind).

    Raises:
        UsageError: an empty list or an unknown name, with the allowed names.

    Example:
        >>> import tradekit
        >>> decision_kinds("Bid, AddBid", tradekit.load_game("turin"))
        ['Bid', 'AddBid']
    """
    if text is None:
        return True
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    allowed = sorted(game.action_types)
    unknown = [k for k in kinds if k not in game.action_types]
    if not kinds or unknown:
        shown = ", ".join(unknown) if unknown else repr(text)
        raise UsageError(
            f"argument --decision-kinds: unknown kind {shown}: expected action names of "
            f"{game.name} separated by commas: {', '.join(allowed)}"
        )
    return kinds


def cmd_simulate(args: argparse.Namespace) -> int:
    import tradekit
    from tradekit.sim import run

    game = tradekit.load_game(args.game, **parse_options(args.option))
    decisions: Any = False
    if args.decisions:
        decisions = decision_kinds(args.decision_kinds, game)
    result = run(
        game, _bots(args.bots), args.n, args.seed, label=args.label, decisions=decisions,
        out=args.out, decisions_out=args.decisions or None, chunk=args.chunk, **_run_args(args),
    )  # fmt: skip
    where = "stdout" if args.out == "-" else args.out
    _say(
        args,
        f"{result.n} games ({result.rows} rows) -> {where}; seed {result.seed}, "
        f"{result.backend}, {result.seconds:.1f} s",
    )
    if args.decisions:
        where = "stdout" if args.decisions == "-" else args.decisions
        _say(args, f"decisions -> {where}")
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
        confidence=args.confidence, out=args.table, chunk=args.chunk, **_run_args(args),
    )  # fmt: skip
    if args.out:
        where = write_table(result.summary, args.out)
        _say(args, f"summary ({len(result.summary)} rows) -> {where}")
    if args.table:
        where = "stdout" if args.table == "-" else args.table
        _say(args, f"games ({result.rows} rows) -> {where}")
    if not args.quiet and args.out != "-" and args.table != "-":
        print(result.text())
    _say(args, f"seed {result.seed}, {result.backend}, {result.seconds:.1f} s")
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    import tradekit
    from tradekit.sim import tournament

    game = tradekit.load_game(args.game, **parse_options(args.option))
    result = tournament(
        game, list(args.bots), args.n, args.seed, out=args.table, chunk=args.chunk,
        **_run_args(args),
    )  # fmt: skip
    if args.out:
        write_table(result.standings, args.out)
    if not args.quiet and args.out != "-" and args.table != "-":
        print(result.standings.to_string(index=False))
    _say(args, f"seed {result.seed}, {result.backend}, {result.seconds:.1f} s")
    return 0


def cmd_sweep(args: argparse.Namespace) -> int:
    import tradekit
    from tradekit.sim import sweep

    game = tradekit.load_game(args.game, **parse_options(args.option))
    result = sweep(
        game, parse_grid(args.grid), _bots(args.bots), args.n, args.seed, out=args.out,
        format=args.format, chunk=args.chunk, **_run_args(args),
    )  # fmt: skip
    if args.summary:
        where = write_table(result.summary, args.summary)
        _say(args, f"summary ({len(result.summary)} rows) -> {where}")
    again = f", resumed after {result.resumed:,} deals" if result.resumed else ""
    _say(
        args,
        f"{len(result.combinations)} combinations x {result.n:,} deals ({result.rows:,} rows) "
        f"-> {args.out}{again}; seed {result.seed}, {result.backend}, {result.seconds:.1f} s",
    )
    return 0


def cmd_bots(args: argparse.Namespace) -> int:
    import tradekit
    from tradekit.bots import bot_classes

    games = [args.game] if args.game else list(tradekit.GAMES)
    for name in games:
        for bot_name, cls in sorted(bot_classes(name).items()):
            params = ", ".join(f"{k}={v!r}" for k, v in cls().params().items())
            print(f"{name}\t{bot_name}\t{params}")
    return 0


def cmd_classroom(args: argparse.Namespace) -> int:
    from tradekit.classroom.server import serve

    serve(
        args.game,
        players=args.players,
        host=args.host,
        port=args.port,
        db=args.db,
        seed=args.seed,
        options=parse_options(args.option),
        grace=args.grace,
        games=args.games,
        series=classroom_series(args),
    )
    return 0


def classroom_series(args: argparse.Namespace) -> list[dict[str, Any]] | None:
    """The series of ``tradekit classroom``'s ``--then`` flags: the first game under the
    ``--option`` options, then one game per ``--then`` with its options changed (``None``
    without any ``--then``).

    Example:
        >>> args = build_parser().parse_args(["classroom", "turin", "--then", "scoring=red"])
        >>> classroom_series(args)
        [{}, {'scoring': 'red'}]
    """
    if not args.then:
        return None
    return [{}, *(parse_options(pairs, "--then") for pairs in args.then)]


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
    parser.add_argument(
        "--workers", type=int, default=None, help="worker processes (1 to the CPU count)"
    )
    parser.add_argument("--batch-size", type=int, default=None, help="games per task")
    parser.add_argument(
        "--chunk", type=int, default=None, help="deals per chunk written (default ~5,000 games)"
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress or summary")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``tradekit`` command."""
    parser = _Parser(
        prog="tradekit",
        description="Simulate auction-and-trade card games with bots; compare rule choices.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    sim = sub.add_parser("simulate", help="play many games into a tidy table")
    _common(sim, 1000)
    sim.add_argument("--bots", nargs="+", help="one bot per seat, or one for all")
    sim.add_argument("--out", default="-", help="the game table (.csv or .parquet; - stdout)")
    sim.add_argument("--decisions", help="also write the decision table here")
    sim.add_argument(
        "--decision-kinds", help="only these actions, e.g. Bid,AddBid (needs --decisions)"
    )
    sim.add_argument("--label", help="the variant label")
    sim.set_defaults(func=cmd_simulate)

    cmp_ = sub.add_parser("compare", help="two rule choices on the same deals, paired")
    _common(cmp_, 1000)
    cmp_.add_argument("--a", action="append", metavar="KEY=VALUE", help="options of A (repeat)")
    cmp_.add_argument("--b", action="append", metavar="KEY=VALUE", help="options of B (repeat)")
    cmp_.add_argument("--labels", nargs=2, metavar=("A", "B"), help="names of A and B")
    cmp_.add_argument("--bots", nargs="+", help="one bot per seat, or one for all")
    cmp_.add_argument(
        "--confidence", type=float, default=0.95, help="the level of the intervals (0 to 1)"
    )
    cmp_.add_argument("--out", help="the summary table (.csv or .parquet; - stdout)")
    cmp_.add_argument("--table", help="the game table of both rule choices")
    cmp_.set_defaults(func=cmd_compare)

    tour = sub.add_parser("tournament", help="bots against each other, seats rotated")
    _common(tour, 100)
    tour.add_argument("--bots", nargs="+", required=True, help="the entrants")
    tour.add_argument("--out", help="the standings table")
    tour.add_argument("--table", help="the game table")
    tour.set_defaults(func=cmd_tournament)

    swp = sub.add_parser("sweep", help="every combination of a grid of options, same deals")
    _common(swp, 1000)
    swp.add_argument(
        "--grid", action="append", required=True, metavar="KEY=V1,V2",
        help="an option and its values, e.g. players=3,4,5 (repeat)",
    )  # fmt: skip
    swp.add_argument("--bots", nargs="+", help="one bot for all seats (or one per seat)")
    swp.add_argument(
        "--out", required=True, help="the sweep's directory (run again to resume a stopped one)"
    )
    swp.add_argument(
        "--format", choices=("parquet", "csv"), default=None, help="part files (default parquet)"
    )
    swp.add_argument("--summary", help="the summary table (.csv or .parquet; - stdout)")
    swp.set_defaults(func=cmd_sweep)

    bots = sub.add_parser("bots", help="list the bots of a game (or of every game)")
    bots.add_argument("game", nargs="?", help="the game's name")
    bots.set_defaults(func=cmd_bots)

    room = sub.add_parser(
        "classroom", help="serve a class: students play on their own devices (Ctrl-C stops)"
    )
    room.add_argument("game", help="the game's name (tradekit.GAMES)")
    room.add_argument("--players", type=int, default=None, help="seats a table")
    room.add_argument(
        "-o", "--option", action="append", metavar="KEY=VALUE", help="a game option (repeat)"
    )
    room.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (0.0.0.0: the whole network)"
    )
    room.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: any)")
    room.add_argument("--db", default=None, help="the class's file (run again to resume it)")
    room.add_argument("--seed", type=int, default=None, help="repeatable deals (default: fresh)")
    room.add_argument(
        "--grace",
        type=float,
        default=None,
        metavar="SECONDS",
        help="a robot stands in for a student away this long (default: the teacher decides)",
    )
    room.add_argument(
        "--games",
        type=int,
        default=None,
        metavar="K",
        help="a match: each table plays K games in a row, each dealt anew, scores summed",
    )
    room.add_argument(
        "--then",
        action="append",
        nargs="+",
        metavar="KEY=VALUE",
        help="a series: after the first game, the same deal again with these options changed "
        "(repeat for more games)",
    )
    room.set_defaults(func=cmd_classroom)
    return parser


def fail(message: object) -> int:
    """Print ``message`` as the one line ``tradekit: error: ...`` on stderr; return 2."""
    text = " ".join(str(message).split())  # one line, whatever the message held
    print(f"tradekit: error: {text}", file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tradekit`` command; returns the exit code (2 for a bad argument).

    Every error the user can cause, from argparse or from tradekit, goes through :func:`fail`:
    one line on stderr, no traceback.

    Example:
        >>> main(["bots", "chess"])
        2
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        check_args(args)
        code: int = args.func(args)
    except TradekitError as exc:
        return fail(exc)
    except ModuleNotFoundError as exc:
        if exc.name in ("starlette", "uvicorn", "segno"):
            return fail(f"this command needs {exc.name}: pip install 'tradekit[classroom]'")
        if exc.name not in ("pandas", "scipy", "tqdm", "pyarrow"):
            raise
        return fail(f"this command needs {exc.name}: pip install 'tradekit[notebook]'")
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
