"""The simulations the lesson notebooks show, played once and shipped as small CSV files.

A Voilà page runs its notebook afresh for every visitor, so a notebook that played its 150 games
on opening would keep each visitor waiting. The notebooks read the files in ``notebooks/data/``
instead, and this module is how those files are made: every file comes from one function of
this module (its figure set), seeded, so that playing the games again gives the same bytes.
The test suite checks it (``tests/integration/test_notebooks.py``).

Run from the top of the repository::

    python -m tradekit.sim.lessons                  # write every file into notebooks/data/
    python -m tradekit.sim.lessons --check          # play again, compare, exit 1 on a difference
    python -m tradekit.sim.lessons medici --out DIR # one figure set, into another folder

Example:
    >>> sorted(FIGURE_SETS)[:2]
    ['auction-maths', 'medici']
    >>> frame = pd.DataFrame({"x": [1 / 3, 2.0], "name": ["a", "b"]})
    >>> csv_text(frame).splitlines()
    ['x,name', '0.333333,a', '2,b']
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from tradekit.bots import has_bot
from tradekit.core.errors import ConfigError
from tradekit.core.registry import load_game, registered_games
from tradekit.core.seats import seat_label
from tradekit.sim.compare import Comparison, compare
from tradekit.sim.measures import rule_choices
from tradekit.sim.simulate import run, simulate
from tradekit.sim.tournament import tournament

#: Where the notebooks read the files (relative to the top of the repository).
DATA_DIR = Path("notebooks") / "data"
#: Significant digits kept for every float: enough for any table or chart of a lesson, and few
#: enough that the last bits of a floating-point sum never change a file.
DIGITS = 6
#: The master seed of every lesson simulation.
SEED = 2026


def csv_text(frame: pd.DataFrame) -> str:
    """A table as the CSV text written to ``notebooks/data`` (floats to :data:`DIGITS` digits)."""
    return str(frame.to_csv(index=False, float_format=f"%.{DIGITS}g", lineterminator="\n"))


@dataclasses.dataclass(frozen=True)
class PairedChoice:
    """A comparison of two rule choices whose table and summary are shipped.

    Attributes:
        game: the game's name; ``players``: how many seats.
        a, b: the options of rule choices A and B; ``labels``: their names in the charts.
        bots: the bot of every seat; ``n``: paired deals; ``seed``: the master seed.
    """

    game: str
    players: int
    a: dict[str, Any]
    b: dict[str, Any]
    labels: tuple[str, str]
    bots: str = "heuristic"
    n: int = 300
    seed: int = SEED

    def games(self) -> tuple[Any, Any]:
        """Rule choices A and B, loaded."""
        load = load_game
        return load(self.game, players=self.players, **self.a), load(
            self.game, players=self.players, **self.b
        )

    def play(self) -> Comparison:
        """Play the comparison (``2 * n`` games)."""
        a, b = self.games()
        return compare(
            a, b, self.bots, n=self.n, seed=self.seed, labels=self.labels, backend="serial"
        )


#: Turin Market's two payout cards, the comparison that opens ``rule-choices.ipynb``.
TURIN_CARDS = PairedChoice(
    "turin", 3, {"scoring": "classic"}, {"scoring": "red"}, ("classic card", "red card")
)
#: The columns of a comparison's table that the lesson's charts draw.
TABLE_COLUMNS = ["source", "variant", "deal", "seat", "players", "win", "score"]


def saved_comparison(choice: PairedChoice, folder: Path | str = DATA_DIR) -> Comparison:
    """The shipped comparison ``choice`` read back (its table holds :data:`TABLE_COLUMNS`).

    Example:
        >>> import tradekit.sim.lessons as lessons
        >>> turin = lessons.saved_comparison(lessons.TURIN_CARDS, "notebooks/data")
        >>> turin.b, turin.n, len(turin.table) == 2 * 3 * turin.n
        ('red card', 300, True)
    """
    folder = Path(folder)
    stem = f"rule-choices-{choice.game}"
    table = read(folder / f"{stem}-games.csv")
    summary = read(folder / f"{stem}-summary.csv")
    summary["seat"] = summary["seat"].astype("Int64")
    a, b = choice.games()
    return Comparison(
        choice.labels[0], choice.labels[1], a, b, table, summary, choice.seed, choice.n, 0.95,
        "saved", 0.0, rows=len(table),
    )  # fmt: skip


def read(path: Path | str) -> pd.DataFrame:
    """One shipped table, with a clear error naming the file and the command that makes it."""
    path = Path(path)
    if not path.is_file():
        raise ConfigError(
            "lesson data", str(path), "a file made by `python -m tradekit.sim.lessons`"
        )
    return pd.read_csv(path)


# ---------------------------------------------------------------- a comparison in words

#: The tests of :func:`tradekit.sim.compare`, named for a reader.
TESTS = {"McNemar exact": "McNemar's exact test", "paired t": "paired t-test"}


def _name(row: Any) -> str:
    seat = row["seat"]
    measure = str(row["measure"]).replace("_", " ")
    return measure if pd.isna(seat) else f"{measure} of {seat_label(int(seat))}"


def _number(value: float, measure: str, sign: str = "") -> str:
    # Win rates in percent (differences to a tenth of a point); other numbers to one decimal
    # (none when it is 0), so that the numbers of one sentence read alike ("between 0.67 and
    # 5.8", not "0.666 and 5.77"), and below 1 to two digits.
    if value == 0:
        return "0%" if measure == "win rate" else "0"
    if measure == "win rate":
        return f"{value:{sign}.1%}" if sign or abs(value) < 0.1 else f"{value:.0%}"
    if abs(value) < 1:
        return f"{value:{sign}.2g}"
    text = f"{value:{sign}.1f}"
    return text[:-2] if text.endswith(".0") else text


def in_words(
    summary: pd.DataFrame, a: str, b: str, measures: Sequence[str], confidence: float = 0.95
) -> list[str]:
    """One plain sentence (Markdown) per row of a comparison's summary whose measure is in
    ``measures``: the two means, and whether the games show a difference.

    Example:
        >>> row = {"measure": "length", "seat": None, "a": 60.0, "b": 58.0, "diff": -2.0,
        ...        "ci_low": -3.0, "ci_high": -1.0, "changed": 9}
        >>> in_words(pd.DataFrame([row]), "A", "B", ["length"])[0]
        '**length**: 60 under A, 58 under B, lower under B (by 2, between 1 and 3 with 95% confidence).'
    """  # noqa: E501
    lines = []
    for _, row in summary[summary["measure"].isin(measures)].iterrows():
        measure = str(row["measure"])
        name = _name(row)
        means = f"{_number(row['a'], measure)} under {a}, {_number(row['b'], measure)} under {b}"
        if row["changed"] == 0:
            lines.append(f"**{name}**: {_number(row['a'], measure)} under both, in every game.")
            continue
        low, high = float(row["ci_low"]), float(row["ci_high"])
        if low > 0 or high < 0:
            way = "higher" if row["diff"] > 0 else "lower"
            near, far = sorted((abs(low), abs(high)))
            size = _number(abs(float(row["diff"])), measure)
            span = f"between {_number(near, measure)} and {_number(far, measure)}"
            lines.append(
                f"**{name}**: {means}, {way} under {b} (by {size}, {span} with "
                f"{confidence:.0%} confidence)."
            )
        else:
            lines.append(f"**{name}**: {means}; these games show no clear difference.")
    return lines


def statistics(summary: pd.DataFrame, measures: Sequence[str] | None = None) -> pd.DataFrame:
    """A comparison's summary for reading: rounded, the tests named, the p-values in words.

    Example:
        >>> row = {"measure": "length", "seat": None, "a": 60.0, "b": 58.0, "diff": -2.0,
        ...        "ci_low": -3.0, "ci_high": -1.0, "p_value": 4e-7, "test": "paired t",
        ...        "n": 300, "changed": 9}
        >>> statistics(pd.DataFrame([row])).iloc[0].tolist()
        ['length', '60', '58', '-2', '-3 to -1', 'below 0.001', 'paired t-test', '9 of 300']
    """
    rows = summary if measures is None else summary[summary["measure"].isin(measures)]
    out = []
    for _, row in rows.iterrows():
        measure = str(row["measure"])
        p = float(row["p_value"])
        out.append(
            {
                "measure": _name(row),
                "A": _number(row["a"], measure),
                "B": _number(row["b"], measure),
                "difference": _number(float(row["diff"]), measure, "+"),
                "95% interval": f"{_number(float(row['ci_low']), measure, '+')} to "
                f"{_number(float(row['ci_high']), measure, '+')}",
                "p-value": "below 0.001" if p < 0.001 else f"{p:.2g}",
                "test": TESTS.get(str(row["test"]), str(row["test"])),
                "games that differ": f"{int(row['changed'])} of {int(row['n'])}",
            }
        )
    return pd.DataFrame(out)


# ---------------------------------------------------------------- the figure sets


def _kept(frame: pd.DataFrame | None) -> pd.DataFrame:
    # run() and compare() without ``out`` keep their tables (None only when written to a file).
    assert frame is not None, "the table was written to a file instead of kept"
    return frame


def turin_first_bids() -> dict[str, pd.DataFrame]:
    """``turin-market.ipynb``: what 40 games of heuristic bots paid for first place, by round."""
    game = load_game("turin", players=3)
    sim = run(game, "heuristic", n=40, seed=SEED, decisions="Bid", backend="serial")
    bids = _kept(sim.decisions)
    first = bids[(bids["place"] == 1) & bids["won"].astype(bool)]
    frame = first[["deal", "round", "paid"]].rename(columns={"paid": "winning bid"})
    return {"turin-first-bids": frame.sort_values(["deal", "round"]).reset_index(drop=True)}


def medici() -> dict[str, pd.DataFrame]:
    """``medici.ipynb``: 150 games of four heuristic bots, every bid with its position.

    * ``medici-positions``: the lots won from each position in the auction (1 speaks first),
      their mean price and valuation, and the florins paid beyond the least winning bid.
    * ``medici-bids``: a seeded sample of 1,500 bids, for the scatter of bids and valuations.
    * ``medici-measures``: the mean, least and most of the game measures.
    """
    game = load_game("medici", players=4)
    sim = run(game, "heuristic", n=150, seed=SEED, decisions={"Bid", "Pass"}, backend="serial")
    bids = _kept(sim.decisions)
    won = bids[bids["won"].astype(bool)]
    won = won.assign(overpaid=won["paid"] - won["high_bid"] - 1)
    positions = (
        won.groupby("position")
        .agg(
            lots=("won", "size"),
            mean_price=("paid", "mean"),
            mean_valuation=("valuation", "mean"),
            mean_overpaid=("overpaid", "mean"),
        )
        .reset_index()
    )
    points = bids[bids["kind"] == "Bid"].sample(1500, random_state=1)
    points = points.assign(speaker=points["speaks_last"].map({True: "last", False: "not last"}))
    points = points[["valuation", "amount", "high_bid", "position", "won", "speaker"]]
    games = _kept(sim.games).drop_duplicates("deal")
    names = {
        "ship_ties": "ship ties",
        "ladder_ties": "ladder ties",
        "rounding_lost": "florins kept by rounding",
        "unsold_lots": "unsold lots",
        "lot_size": "cards per lot",
        "price_per_card": "price per card",
        "monopoly_florins": "monopoly florins",
        "winning_margin": "winning margin",
    }
    described = games[list(names)].describe().loc[["mean", "min", "max"]].T
    measures = described.rename(index=names).rename_axis("measure").reset_index()
    return {
        "medici-positions": positions,
        "medici-bids": points.reset_index(drop=True),
        "medici-measures": measures,
    }


def medici_ships() -> dict[str, pd.DataFrame]:
    """``medici.ipynb``: the 1995 ship table against the tournament sheet, six players."""
    choice = PairedChoice(
        "medici", 6, {"reward_table": "1995"}, {"reward_table": "tournament"},
        ("1995 table", "tournament sheet"), n=40,
    )  # fmt: skip
    return {"medici-ships-summary": choice.play().summary}


#: The Négoces rules compared in ``negoces.ipynb``, by the name the chart gives them.
NEGOCES_RULES: dict[str, dict[str, Any]] = {
    "base game": {},
    "public treasury (tax)": {"variants": "treasury"},
    "thief and guard": {"variants": "thief_guard"},
    "blind players": {"variants": "blind"},
    "one round of offers": {"negotiation_rounds": 1},
}


def negoces() -> dict[str, pd.DataFrame]:
    """``negoces.ipynb``: four heuristic bots on the same 60 deals under each rule.

    Per rule: sales per game, the net price of a sale (coins paid by buyers minus coins paid
    back by sellers, per sale), the tax per sale, and how often the Diamant's winner wins.
    """
    n = 60
    frames = []
    for label, options in NEGOCES_RULES.items():
        rule = load_game("negoces", players=4, **options)
        games = simulate(rule, "heuristic", n=n, seed=SEED, backend="serial")
        frames.append(games.assign(rule=label))
    games = pd.concat(frames)
    per_game = games.groupby(["rule", "deal"], sort=False).first().reset_index()
    summary = per_game.groupby("rule", sort=False).agg(
        sales=("sales", "sum"), paid=("sale_coins", "sum"), back=("coins_back", "sum"),
        tax=("tax", "sum"),
    )  # fmt: skip
    summary["sales per game"] = summary["sales"] / n
    summary["net price per sale"] = (summary["paid"] - summary["back"]) / summary["sales"]
    summary["tax per sale"] = summary["tax"] / summary["sales"]
    diamant = games[games["seat_diamant"] == 1].groupby("rule", sort=False)["win"].mean()
    summary["Diamond winner wins"] = diamant
    columns = ["rule", "sales per game", "net price per sale", "tax per sale"]
    return {"negoces-rules": summary.reset_index()[[*columns, "Diamond winner wins"]]}


def rungis() -> dict[str, pd.DataFrame]:
    """``rungis.ipynb``: contested prices of three pricing bots round by round, and a tournament.

    * ``rungis-prices``: four identical bots at a table, 12 games each: the mean contested price
      as a multiple of the base price, by round (a lone seller's price is left out).
    * ``rungis-tournament``: the three pricing bots and a random player, every seat rotation of
      10 deals.
    """
    four = load_game("rungis", players=4)
    rows = []
    for bot in ["cartel", "tit-for-tat", "undercutter"]:
        result = run(four, bot, n=12, seed=SEED, backend="serial", decisions="Price", label=bot)
        prices = _kept(result.decisions)
        prices = prices[prices["rivals"] > 0]
        rows.append(prices.assign(table=f"4 × {bot}"))
    prices = pd.concat(rows)
    by_round = prices.groupby(["table", "round"], as_index=False)["ratio"].mean()
    cup = tournament(
        four, ["heuristic", "cartel", "tit-for-tat", "random"], n=10, seed=SEED, backend="serial"
    )
    standings = cup.standings[["bot", "games", "win_rate", "ci_low", "ci_high", "mean_score"]]
    return {"rungis-prices": by_round, "rungis-tournament": standings}


def rule_choices_turin() -> dict[str, pd.DataFrame]:
    """``rule-choices.ipynb``: Turin Market's payout cards (:data:`TURIN_CARDS`), and the bids
    of a heuristic bot against two random ones with its valuations (60 games)."""
    result = TURIN_CARDS.play()
    table = _kept(result.table)
    classic = TURIN_CARDS.games()[0]
    bids = run(
        classic, ["heuristic", "random", "random"], n=60, seed=SEED, decisions="Bid",
        backend="serial",
    )  # fmt: skip
    bids = _kept(bids.decisions).dropna(subset=["valuation"])[
        ["game", "round", "amount", "valuation", "won"]
    ]
    return {
        "rule-choices-turin-games": table[TABLE_COLUMNS],
        "rule-choices-turin-summary": result.summary,
        "rule-choices-turin-bids": bids.reset_index(drop=True),
    }


def rule_choices_other_games() -> dict[str, pd.DataFrame]:
    """``rule-choices.ipynb``: one rule choice of every other game (its registered choice, or
    a guess from its options), 12 paired deals with its heuristic bots (random ones if it has
    none). One block of summary rows per game, named by ``game``, ``choice_a``, ``choice_b``
    and ``bots``."""
    frames = []
    for name in sorted(registered_games()):
        choices = rule_choices(name)
        if name == "turin" or choices is None:
            continue
        bots = "heuristic" if has_bot(name, "heuristic") else "random"
        a = load_game(name, **choices[0])
        b = load_game(name, **choices[1])
        result = compare(a, b, bots, n=12, seed=SEED, backend="serial")
        frames.append(
            result.summary.assign(game=name, choice_a=result.a, choice_b=result.b, bots=bots)
        )
    frame = pd.concat(frames, ignore_index=True)
    first = ["game", "choice_a", "choice_b", "bots"]
    return {"rule-choices-other-games": frame[first + [c for c in frame if c not in first]]}


#: Every figure set, by name: the function that plays it returns its files' tables by file stem.
#: A set made outside :mod:`tradekit.sim` is named by its function's dotted path, imported when
#: it is played: the theory module builds on the games, which build on :mod:`tradekit.sim`.
FIGURE_SETS: dict[str, Callable[[], dict[str, pd.DataFrame]] | str] = {
    "turin-first-bids": turin_first_bids,
    "medici": medici,
    "medici-ships": medici_ships,
    "negoces": negoces,
    "rungis": rungis,
    "rule-choices-turin": rule_choices_turin,
    "rule-choices-other-games": rule_choices_other_games,
    "auction-maths": "tradekit.theory.lesson_data.auction_maths",
}


#: The files of each figure set (their stems), so a file no set makes is noticed.
FILES: dict[str, tuple[str, ...]] = {
    "turin-first-bids": ("turin-first-bids",),
    "medici": ("medici-positions", "medici-bids", "medici-measures"),
    "medici-ships": ("medici-ships-summary",),
    "negoces": ("negoces-rules",),
    "rungis": ("rungis-prices", "rungis-tournament"),
    "rule-choices-turin": (
        "rule-choices-turin-games", "rule-choices-turin-summary", "rule-choices-turin-bids",
    ),
    "rule-choices-other-games": ("rule-choices-other-games",),
    "auction-maths": ("auction-maths-coins",),
}  # fmt: skip


def make(name: str) -> dict[str, str]:
    """Play figure set ``name``; returns its files' names and CSV texts.

    Raises:
        ConfigError: ``name`` is not a figure set.
    """
    if name not in FIGURE_SETS:
        raise ConfigError("figure set", name, "one of " + ", ".join(sorted(FIGURE_SETS)))
    play = FIGURE_SETS[name]
    if isinstance(play, str):
        module, _, function = play.rpartition(".")
        play = getattr(importlib.import_module(module), function)
    frames = play()
    if tuple(frames) != FILES[name]:
        raise ConfigError(f"files of figure set {name!r}", list(frames), ", ".join(FILES[name]))
    return {f"{stem}.csv": csv_text(frame) for stem, frame in frames.items()}


def differences(name: str, folder: Path | str = DATA_DIR) -> list[str]:
    """Play figure set ``name`` again; the files of ``folder`` that differ (or are missing)."""
    folder = Path(folder)
    return [
        file
        for file, text in make(name).items()
        if not (folder / file).is_file() or (folder / file).read_text(encoding="utf-8") != text
    ]


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (``python -m tradekit.sim.lessons --help``)."""
    parser = argparse.ArgumentParser(
        prog="python -m tradekit.sim.lessons",
        description="Play the lesson notebooks' simulations and write (or check) their files.",
    )
    parser.add_argument("sets", nargs="*", metavar="SET", help="figure sets (default: every one)")
    parser.add_argument("--out", type=Path, default=DATA_DIR, help=f"folder (default {DATA_DIR})")
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    unknown = [s for s in args.sets if s not in FIGURE_SETS]
    if unknown:
        parser.error(f"unknown figure set {unknown[0]!r}; choose from {', '.join(FIGURE_SETS)}")
    failed: list[str] = []
    for name in args.sets or list(FIGURE_SETS):
        if args.check:
            changed = differences(name, args.out)
            failed += changed
            print(f"{name}: " + (f"differs: {', '.join(changed)}" if changed else "the same"))
            continue
        args.out.mkdir(parents=True, exist_ok=True)
        for file, text in make(name).items():
            (args.out / file).write_text(text, encoding="utf-8")
            print(f"{name}: wrote {args.out / file}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
