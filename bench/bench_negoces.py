"""Négoces random-play speed: decisions per second and games per second, per player count and per
main option set, plus replay speed.

Run: ``python3 dev.py bench`` (all benchmarks) or ``python bench/bench_negoces.py [--games N]``.
Random play picks uniformly among the legal actions with one seeded numpy Generator, so the
figures include move generation (offer lists run to a few hundred actions), legality checks and
the rules. Games end at a winner or at ``max_sales`` (default 300).
"""

from __future__ import annotations

import argparse
import platform
import time
from typing import Any

import numpy as np

import tradekit

OPTION_SETS: list[tuple[str, dict[str, Any]]] = [
    ("base", {}),
    ("1 round", {"negotiation_rounds": 1}),
    ("blind", {"variants": ("blind",)}),
    ("treasury+temple", {"variants": ("temple", "treasury")}),
    ("bank", {"variants": ("bank",)}),
    ("thief+misers+swindlers", {"variants": ("misers", "swindlers", "thief_guard")}),
    ("smugglers", {"variants": ("smugglers",)}),
    (
        "all compatible",
        {
            "variants": (
                "bank",
                "blind",
                "misers",
                "smugglers",
                "swindlers",
                "temple",
                "thief_guard",
                "treasury",
            )
        },
    ),
]


def play_random(
    players: int, options: dict[str, Any], games: int, seed: int
) -> tuple[int, int, int, float, list[str]]:
    """Play ``games`` random games; return (decisions, sales, games won, seconds, a few saves)."""
    game = tradekit.load_game("negoces", players=players, **options)
    rng = np.random.default_rng(seed)
    steps = sales = won = 0
    saved: list[str] = []
    start = time.perf_counter()
    for g in range(games):
        state: Any = game.new_state(seed=seed + g)
        while not state.is_over:
            seat = state.to_move[int(rng.integers(len(state.to_move)))]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[int(rng.integers(len(actions)))])
            steps += 1
        sales += state.sales
        won += state.winner is not None
        if g < 10:
            saved.append(state.to_json())
    return steps, sales, won, time.perf_counter() - start, saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40, help="games per row")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"Négoces random play, {args.games} games per row (max_sales 300)")
    print(f"python {platform.python_version()} on {platform.machine()}, numpy {np.__version__}")
    print(
        f"{'players':>7} {'options':<24} {'decisions/game':>14} {'sales/game':>10} "
        f"{'won':>5} {'decisions/s':>12} {'games/s':>8} {'replays/s':>10}"
    )
    for players in (3, 4, 5, 6):
        sets = OPTION_SETS if players == 4 else OPTION_SETS[:1]
        if players == 3:
            sets = [*sets, ("new monopolies", {"variants": ("new_monopolies",)})]
        for label, options in sets:
            steps, sales, won, seconds, saved = play_random(players, options, args.games, args.seed)
            start = time.perf_counter()
            for doc in saved:
                tradekit.replay(doc)
            replay_rate = len(saved) / (time.perf_counter() - start)
            print(
                f"{players:>7} {label:<24} {steps / args.games:>14.1f} "
                f"{sales / args.games:>10.1f} {won / args.games:>5.0%} {steps / seconds:>12,.0f} "
                f"{args.games / seconds:>8,.1f} {replay_rate:>10,.1f}"
            )


if __name__ == "__main__":
    main()
