"""How far a table's Turin Market bids are from the theory's equilibrium, in bids and in Scudo.

:func:`distance` reads a tidy decision table (``tradekit.sim.run(..., decisions="Bid")``,
:func:`tradekit.sim.load_decisions` of saved games, or a class's ``room.decisions()``) and sets
every sealed bid beside the equilibrium bid of the same bidder under the same rules.

**The model of a Turin round** (:func:`round_model`) is the whole-coin sealed-bid auction of
:class:`~tradekit.theory.coins.CoinAuction` under the game's own rules, every outcome resolved by
the engine (:mod:`tradekit.theory.bridge`):

* ``n`` bidders, one per player; the cards of each place are the round's prizes from the game's
  set-up table (``2, 1, 0`` with 3 players; round 1 with 4 or 5 players auctions the centre cards
  for ``1, 1, 0, 0`` or ``1, 1, 1, 0, 0``), told apart by the lot's size;
* bids are whole Scudo; a player who wins cards pays its bid, every other player **half its bid
  rounded down**; **a bid of 0 never wins** (its place's cards go unclaimed), unlike the
  textbook model where a zero bid may win when too few bid more;
* a tie for a prize place is settled by a **fair coin at no extra cost** (``ties="flip"``); the
  tie-break round's additions and the goose variants are not in the model (``ties="void"`` plays
  the tie-break where every tied player adds 0 instead);
* every bidder can bid up to the same budget: the most Scudo any bidder of those rounds held.

**The value of a bidder** in a round is its worth of one card in Scudo: the Scudo the first
place's cards are worth to that seat (the ``valuation`` column: the rise in its expected majority
payouts, as :class:`~tradekit.games.turin.bots.TurinHeuristicBot` reckons it from the seat's own
view) divided by the first place's number of cards, so that a place of ``p`` cards is worth
``value * p`` (the model's linear prizes; later places' cards are worth the same per card). A
Scudo paid is a Scudo of final score, so payoffs are in Scudo. Heuristic bots record the
``valuation`` of every bid; a class's decision table records none, so :func:`with_valuations`
adds the same reckoning from the games' saves. The rivals' values are independent draws from the
values of all the table's bids in rounds of the same model, rounded to whole Scudo per card
(the model's value grid); the bidder's own value is used exactly.

**The equilibrium** is the model's symmetric equilibrium, found by fictitious play
(:meth:`CoinAuction.solve`), whose largest gain from deviating is reported. The **equilibrium
bid** of value ``v`` with ``s`` Scudo is its best reply to rivals who play that equilibrium,
among the bids ``0 .. s`` (the lowest if several are best): for a value on the grid, a bid its
equilibrium strategy makes.

**The utility lost** by a bid ``x`` is the bidder's expected payoff from the equilibrium bid minus
its expected payoff from ``x``, both against rivals playing the equilibrium. Payoffs are exact: a
bid's outcome depends only on how many rivals bid more and how many the same, each case is
resolved once by the engine and weighted by its multinomial chance
(:meth:`CoinAuction.outcomes`), so ``v * expected cards - expected payment`` needs no simulation.
The loss is never negative and is 0 for the equilibrium bid itself.

Example (three heuristic bots, two games):
    >>> import tradekit
    >>> from tradekit.sim import run
    >>> bids = run(tradekit.load_game("turin"), "heuristic", n=2, seed=1, decisions="Bid")
    >>> d = distance(bids.decisions, iterations=300)
    >>> len(d.bids), bool((d.bids["utility_lost"] >= 0).all())
    (30, True)
    >>> list(d.players.columns[:4]), len(d.players)      # one row per game and seat
    (['deal', 'seat', 'bot', 'bids'], 6)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from tradekit.i18n import check_lang, formatted, load_messages, t
from tradekit.theory.bridge import TIE_RULES, TieRule
from tradekit.theory.coins import CoinAuction, CoinEquilibrium
from tradekit.theory.values import FloatArray

if TYPE_CHECKING:
    import pandas as pd

    from tradekit.core.state import State

load_messages("tradekit.theory")

#: The columns :func:`distance` reads (besides ``valuation``, the worth of the first place).
REQUIRED = ("game", "deal", "round", "seat", "kind", "amount", "scudo", "lot")
#: The column of the first place's worth to the bidder, in Scudo.
VALUE = "valuation"
#: Columns that tell one game from another in a table (those present are used).
GAME_KEYS = ("source", "variant", "table", "seed", "deal", "game_seed")
#: Columns that tell one player from another in the summary (the first set present is used).
PLAYER_KEYS = (("table", "name"), ("deal", "seat", "bot"), ("deal", "seat"))


def turin_prizes(players: int, lot: int) -> tuple[int, ...]:
    """The cards each place wins in a Turin Market round of ``players`` auctioning ``lot`` cards,
    from the game's set-up table (round 1 with 4 or 5 players auctions the smaller centre lot).

    Raises:
        ValueError: no Turin Market round has that many players and cards.

    Example:
        >>> turin_prizes(3, 3), turin_prizes(4, 2), turin_prizes(4, 4)
        ((2, 1, 0), (1, 1, 0, 0), (2, 1, 1, 0))
    """
    from tradekit.games.turin.game import SETUP

    row = SETUP.get(players)
    if row is None:
        raise ValueError(
            f"Turin Market is played by {min(SETUP)} to {max(SETUP)} players, not {players}"
        )
    for prizes in (row.prizes, row.first_round_prizes):
        if prizes is not None and sum(prizes) == lot:
            return prizes
    sizes = " or ".join(str(sum(p)) for p in (row.prizes, row.first_round_prizes) if p)
    raise ValueError(f"a Turin Market round of {players} players auctions {sizes} cards, not {lot}")


@dataclasses.dataclass(frozen=True, eq=False)
class RoundModel:
    """The model of a kind of Turin round: the auction, its equilibrium and the payoffs in it.

    Attributes:
        auction: the whole-coin auction (bidders, prizes, budget, value grid, rules).
        equilibrium: its symmetric equilibrium found by fictitious play.
    """

    auction: CoinAuction
    equilibrium: CoinEquilibrium

    @property
    def label(self) -> str:
        """``"3 players, cards 2, 1, 0"``: which round this models (the key of
        :attr:`Distance.models`, and the ``model`` column of its tables)."""
        return self.label_in("en")

    def label_in(self, lang: str = "en") -> str:
        """:attr:`label` in ``lang`` (``"en"`` or ``"fr"``), for a chart's legend.

        Example:
            >>> from tradekit.theory.coins import uniform_values
            >>> round_model(3, 3, uniform_values(4), budget=6, iterations=300).label_in("fr")
            '3 joueurs, cartes 2, 1, 0'
        """
        cards = ", ".join(str(p) for p in self.auction.prizes)
        return t("distance.label", check_lang(lang), n=self.auction.n, cards=cards)

    def payoffs(self, value: float) -> FloatArray:
        """Expected payoff of each bid ``0 .. budget`` for a bidder of ``value`` per card whose
        rivals play the equilibrium (exact: :meth:`CoinAuction.outcomes`)."""
        table = self.equilibrium.table
        return np.asarray(value * table.prize - table.paid)

    def best_bid(self, value: float, scudo: int) -> int:
        """The equilibrium bid of ``value`` holding ``scudo``: its best reply among ``0 ..
        scudo`` (the lowest of equal ones; rounding errors of 1e-12 count as equal)."""
        u = self.payoffs(value)[: min(scudo, self.auction.max_bid) + 1]
        return int(np.argmax(u >= u.max() - 1e-12))

    def rules(self, lang: str = "en") -> str:
        """The rules modelled, in words, in ``lang`` (for captions).

        Example:
            >>> from tradekit.theory.coins import uniform_values
            >>> model = round_model(3, 3, uniform_values(4), budget=6, iterations=300)
            >>> model.rules()
            '3 players, cards 2, 1, 0; whole-Scudo bids up to 6; winners pay their bid, losers \
1/2 of it rounded down; a bid of 0 never wins; ties settled by a fair coin at no cost'
        """
        lang = check_lang(lang)
        game = self.auction
        return t(
            "distance.rules",
            lang,
            label=self.label_in(lang),
            top=game.max_bid,
            fraction=game.loser_fraction,
            rounded=t(f"chart.coins.rounded_{game.rounding}", lang),
            ties=t("distance.ties_flip" if game.ties == "flip" else "distance.ties_void", lang),
        )


def round_model(
    players: int,
    lot: int,
    values: Sequence[float],
    budget: int,
    ties: TieRule = "flip",
    iterations: int = 2000,
) -> RoundModel:
    """The model of a Turin round (see the module docstring), solved once per set of arguments.

    Args:
        players: bidders in the round.
        lot: cards auctioned (tells round 1's centre lot of 4-5 players from a normal one).
        values: the probability of each whole value per card ``0, 1, ..., V`` of a rival.
        budget: the most any bidder can bid.
        ties: ``"flip"`` or ``"void"`` (:mod:`tradekit.theory.bridge`).
        iterations: fictitious-play steps at most.

    Example:
        >>> from tradekit.theory.coins import uniform_values
        >>> m = round_model(3, 3, uniform_values(4), budget=6, iterations=300)
        >>> m.label, m.best_bid(0.0, 6), m.best_bid(4.0, 6) > 0
        ('3 players, cards 2, 1, 0', 0, True)
    """
    probs = tuple(float(p) for p in values)
    return _solved(turin_prizes(players, lot), probs, int(budget), ties, int(iterations))


@lru_cache(maxsize=32)
def _solved(
    prizes: tuple[int, ...], values: tuple[float, ...], budget: int, ties: TieRule, iterations: int
) -> RoundModel:
    auction = CoinAuction(len(prizes), values, max_bid=budget, prizes=prizes, ties=ties)
    return RoundModel(auction, auction.solve(iterations=iterations))


@dataclasses.dataclass(frozen=True, eq=False)
class Distance:
    """The result of :func:`distance`.

    Attributes:
        bids: one row per bid: the table's game, player and round columns, then ``players``,
            ``cards`` (by place), ``scudo``, ``valuation`` (the first place's worth), ``value``
            (per card), ``bid``, ``equilibrium_bid``, ``gap`` (bid minus equilibrium bid),
            ``payoff`` and ``equilibrium_payoff`` (expected, against equilibrium rivals) and
            ``utility_lost`` (their difference, in Scudo).
        players: one row per player: ``bids``, ``mean_gap``, ``mean_abs_gap``,
            ``utility_lost`` (the sum over the player's bids), ``mean_utility_lost`` and
            ``at_equilibrium`` (the share of bids equal to the equilibrium bid).
        models: the round models used, by their label.
    """

    bids: pd.DataFrame
    players: pd.DataFrame
    models: Mapping[str, RoundModel]

    @property
    def epsilon(self) -> float:
        """The largest gain from deviating left in any model's equilibrium (Scudo)."""
        return max((m.equilibrium.epsilon for m in self.models.values()), default=0.0)

    def caption(self, lang: str = "en") -> str:
        """What the figures model, in words, in ``lang`` (a chart's caption)."""
        lang = check_lang(lang)
        parts = [m.rules(lang) for m in self.models.values()]
        return t(
            "distance.caption",
            lang,
            rules=t("distance.and", lang).join(parts),
            epsilon=formatted(self.epsilon, ".3f", lang),
        )


def distance(table: pd.DataFrame, ties: TieRule = "flip", iterations: int = 2000) -> Distance:
    """Every Turin Market bid of ``table`` beside the equilibrium bid for the same value and rules.

    See the module docstring for the model, the value and the loss.

    Args:
        table: a tidy decision table of Turin Market (other rows than bids are ignored) with the
            columns of :data:`REQUIRED` and ``valuation`` (:func:`with_valuations` adds it to a
            class's table).
        ties: how the model settles a tie (``"flip"``: a fair coin; ``"void"``: nobody wins).
        iterations: fictitious-play steps at most, per model.

    Raises:
        TypeError: ``table`` is not a pandas DataFrame.
        ValueError: in words: missing columns, another game, no bids, a bid without a value, a
            bid above the Scudo held, or a round that is not a whole Turin round.

    Example:
        >>> import pandas as pd
        >>> distance(pd.DataFrame({"game": ["medici"], "kind": ["Bid"]}))
        Traceback (most recent call last):
        ...
        ValueError: the table is missing the columns deal, round, seat, amount, scudo, lot, \
valuation (a tidy decision table of Turin Market has them)
    """
    import pandas as pd

    bids = _bids(table, ties)
    keys = [c for c in GAME_KEYS if c in bids.columns]
    rounds = bids.groupby([*keys, "round"], sort=False, dropna=False)
    players = rounds["seat"].transform("size").astype(int)
    bids["players"] = players
    bids["cards"] = [
        _prizes_or_raise(int(n), int(lot), row)
        for n, lot, row in zip(
            players, bids["lot"], bids[[*keys, "round"]].itertuples(), strict=True
        )
    ]
    bids["value"] = bids[VALUE].astype(float) / [c[0] for c in bids["cards"]]
    models: dict[str, RoundModel] = {}
    out: list[dict[str, Any]] = []
    for cards, group in bids.groupby("cards", sort=True):
        prior = _prior(group["value"].to_numpy(dtype=float))
        model = round_model(
            len(cards), sum(cards), prior, int(group["scudo"].max()), ties, iterations
        )
        models[model.label] = model
        for row in group.itertuples():
            value, scudo, bid = float(row.value), int(row.scudo), int(row.amount)
            payoffs = model.payoffs(value)
            best = model.best_bid(value, scudo)
            out.append(
                {
                    "index": row.Index,
                    "equilibrium_bid": best,
                    "gap": bid - best,
                    "payoff": float(payoffs[bid]),
                    "equilibrium_payoff": float(payoffs[best]),
                    "utility_lost": max(float(payoffs[best] - payoffs[bid]), 0.0),
                }
            )
    found = pd.DataFrame(out).set_index("index").sort_index()
    bids = bids.join(found)
    bids["cards"] = [", ".join(map(str, c)) for c in bids["cards"]]
    front = [c for c in (*GAME_KEYS, "table", "name", "bot", "step") if c in bids.columns]
    front = list(dict.fromkeys(["game", *front, "round", "seat"]))
    result = [
        "players", "cards", "scudo", VALUE, "value", "amount", "equilibrium_bid", "gap",
        "payoff", "equilibrium_payoff", "utility_lost",
    ]  # fmt: skip
    bids = bids[front + result].rename(columns={"amount": "bid"}).reset_index(drop=True)
    return Distance(bids, _summary(bids), models)


def _bids(table: pd.DataFrame, ties: TieRule) -> pd.DataFrame:
    """The bid rows of ``table``, checked (errors in words)."""
    import pandas as pd

    if not isinstance(table, pd.DataFrame):
        raise TypeError(
            f"distance needs a tidy decision table (a pandas DataFrame), got {type(table).__name__}"
        )
    if ties not in TIE_RULES:
        raise ValueError(f"ties must be one of {', '.join(TIE_RULES)}, got {ties!r:.40}")
    if table.empty:
        raise ValueError("the table is empty: it holds no bids")
    missing = [c for c in (*REQUIRED, VALUE) if c not in table.columns]
    if missing == [VALUE]:
        raise ValueError(
            "the table has no 'valuation' column (the first place's worth to each bidder): a "
            "class's decision table records none; add it with "
            "tradekit.theory.with_valuations(table, saves)"
        )
    if missing:
        raise ValueError(
            f"the table is missing the columns {', '.join(missing)} (a tidy decision table of "
            "Turin Market has them)"
        )
    games = sorted({str(g) for g in table["game"].unique()})
    if games != ["turin"]:
        raise ValueError(
            f"distance models Turin Market's sealed bids; this table holds decisions of "
            f"{', '.join(games)}"
        )
    bids = table[table["kind"] == "Bid"].copy()
    if bids.empty:
        raise ValueError("the table holds no bids (no rows of kind 'Bid')")
    unknown = bids[VALUE].isna()
    if unknown.any():
        raise ValueError(
            f"{int(unknown.sum())} of {len(bids)} bids have no valuation (bots that record "
            "none, or students): add them with tradekit.theory.with_valuations(table, saves), "
            "or leave those rows out"
        )
    numbers = bids[["amount", "scudo", VALUE]].astype(float)
    if not np.isfinite(numbers.to_numpy()).all():
        raise ValueError("bids, Scudo and valuations must be finite numbers")
    if (numbers < 0).any().any():
        raise ValueError("bids, Scudo and valuations cannot be negative")
    whole = numbers[["amount", "scudo"]]
    if not (whole == np.floor(whole)).all().all():
        raise ValueError("bids and Scudo are whole numbers of Scudo")
    # A table with rows of other kinds holds these columns as floats (empty in those rows).
    bids = bids.astype({"amount": int, "scudo": int, "round": int, "seat": int})
    over = bids[bids["amount"] > bids["scudo"]]
    if not over.empty:
        first = over.iloc[0]
        raise ValueError(
            f"{len(over)} bids exceed the Scudo their bidder held (first: a bid of "
            f"{int(first['amount'])} with {int(first['scudo'])} Scudo, round {first['round']})"
        )
    return bids


def _prizes_or_raise(players: int, lot: int, row: Any) -> tuple[int, ...]:
    try:
        return turin_prizes(players, lot)
    except ValueError as err:
        where = ", ".join(f"{k} {v}" for k, v in row._asdict().items() if k != "Index")
        raise ValueError(
            f"{where}: {players} bids for {lot} cards is not a whole Turin Market round ({err}); "
            "give every bid of each round"
        ) from err


def _prior(values: FloatArray) -> tuple[float, ...]:
    """The rivals' values per card: the table's, rounded to whole Scudo, as probabilities."""
    whole = np.rint(values).astype(int)
    counts = np.bincount(whole, minlength=int(whole.max()) + 1).astype(float)
    return tuple(float(c) for c in counts / counts.sum())


def _summary(bids: pd.DataFrame) -> pd.DataFrame:
    """One row per player (see :class:`Distance`)."""
    keys = next(list(k) for k in PLAYER_KEYS if all(c in bids.columns for c in k))
    grouped = bids.assign(abs_gap=bids["gap"].abs(), at=bids["gap"] == 0).groupby(
        keys, sort=True, dropna=False
    )
    out = grouped.agg(
        bids=("bid", "size"),
        mean_gap=("gap", "mean"),
        mean_abs_gap=("abs_gap", "mean"),
        utility_lost=("utility_lost", "sum"),
        mean_utility_lost=("utility_lost", "mean"),
        at_equilibrium=("at", "mean"),
    )
    return out.reset_index()


def with_valuations(
    table: pd.DataFrame, games: Iterable[State[Any] | str | Mapping[str, Any]]
) -> pd.DataFrame:
    """``table`` with a ``valuation`` column for every bid, reckoned from the games themselves:
    the Scudo the first place's cards are worth to the bidder, from its own view at the bid, as
    a :class:`~tradekit.games.turin.bots.TurinHeuristicBot` with its default settings reckons it
    (the number such a bot records as ``valuation``).

    Args:
        table: a Turin decision table (a class's ``room.decisions()``, or
            :func:`tradekit.sim.load_decisions` of saves).
        games: the finished games the table was read from: states or full saves.

    Bids are matched on ``game_seed`` and ``step``; a bid no game holds gets no valuation.

    Raises:
        ValueError: the table lacks ``game_seed``/``step``, or a game is not Turin Market.
    """
    import pandas as pd

    from tradekit.core.state import State, replay
    from tradekit.games.turin.actions import Bid
    from tradekit.games.turin.bots import TurinHeuristicBot

    missing = [c for c in ("game_seed", "step", "kind") if c not in table.columns]
    if missing:
        raise ValueError(f"the table is missing the columns {', '.join(missing)}")
    worth: dict[tuple[int, int], float] = {}
    for game in games:
        state = game if isinstance(game, State) else replay(game)
        if state.game.name != "turin":
            raise ValueError(f"valuations are reckoned for Turin Market, not {state.game.name}")
        turin: Any = state.game
        fresh: State[Any] = turin.new_state(seed=state.seed, setup=state.setup)
        # The reckoning draws no random number (only the bids' jitter does): any stream will do.
        bots = [
            TurinHeuristicBot().for_game(turin, seat, np.random.default_rng(0))
            for seat in range(turin.num_players)
        ]
        for step, (seat, action) in enumerate(state.decisions):
            if isinstance(action, Bid):
                places = bots[seat].place_worths(fresh.view(seat))
                worth[(int(state.seed), step)] = places[0] if places else 0.0
            fresh.apply(seat, action)
    out = table.copy()
    keys = zip(out["game_seed"], out["step"], out["kind"], strict=True)
    reckoned = [
        worth.get((int(s), int(t)), math.nan) if k == "Bid" else math.nan for s, t, k in keys
    ]
    # A bot's own record is the same reckoning when it is a default heuristic bot, and its own
    # when it is not: it is kept.
    kept = out[VALUE] if VALUE in out.columns else None
    out[VALUE] = reckoned if kept is None else kept.fillna(pd.Series(reckoned, index=out.index))
    return out


__all__ = [
    "Distance",
    "RoundModel",
    "distance",
    "round_model",
    "turin_prizes",
    "with_valuations",
]
