"""Fingerprints of seeded games: a speed-up must leave every line unchanged.

Plays, for every game and a spread of its option sets, seeded random games (a random legal
action for a random seat to move, as the game benches do) and seeded games of heuristic bots
(``tradekit.sim.play``), and prints one SHA-256 per line over the saved games (``to_json``).
Run it before and after a change that should play the same games and compare the output:

    python bench/fingerprint.py > before.txt
    ... change ...
    python bench/fingerprint.py > after.txt && diff before.txt after.txt

``--games N`` sets the games per line (20); ``--game NAME`` limits it to one game.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from typing import Any

from _random_play import play_random

import tradekit
from tradekit.sim import play

#: Option sets per game: every player count and the options that change the rules most.
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "turin": [
        {"players": n, "scoring": s, "goose": g}
        for n in (2, 3, 4, 5)
        for s, g in (("classic", None), ("red", "tiebreak"), ("classic", "underdog"))
    ],
    "medici": [
        {"players": n, "reward_table": t} for n in (3, 4, 5, 6) for t in ("1995", "tournament")
    ],
    "negoces": [
        {"players": n, "variants": v, "max_sales": 40}
        for n in (3, 4, 5, 6)
        for v in (
            (),
            ("treasury", "temple"),
            ("bank",),
            ("thief_guard", "misers", "swindlers"),
            ("blind", "smugglers"),
        )
    ],
    "rungis": [
        {"players": n, "specials": s, "trading": t}
        for n in (3, 5, 8)
        for s, t in ((True, False), (False, True))
    ],
}


def random_games(game: tradekit.Game, games: int, seed: int) -> str:
    digest = hashlib.sha256()
    play_random(game, games, seed, keep=0, on_end=lambda s: digest.update(s.to_json().encode()))
    return digest.hexdigest()[:16]


def bot_games(game: tradekit.Game, games: int, seed: int) -> str:
    digest = hashlib.sha256()
    for g in range(games):
        done = play(game, "heuristic", seed=seed, deal=g)
        digest.update(done.state.to_json().encode())
        digest.update(repr([(d.seat, d.action, d.why) for d in done.decisions]).encode())
    return digest.hexdigest()[:16]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per line (20)")
    parser.add_argument("--game", choices=sorted(OPTIONS), help="only this game")
    args = parser.parse_args(argv)
    for name, option_sets in OPTIONS.items():
        if args.game and name != args.game:
            continue
        for options in option_sets:
            game = tradekit.load_game(name, **options)
            shown = " ".join(f"{k}={v}" for k, v in options.items())
            print(f"{name:8} {shown:60} random {random_games(game, args.games, 7)}", flush=True)
            print(
                f"{name:8} {shown:60} heuristic {bot_games(game, args.games // 4 or 1, 7)}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
