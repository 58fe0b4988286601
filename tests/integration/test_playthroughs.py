"""Recorded playthroughs: a seeded game of each kind, narrated, kept as text and compared.

Each file in ``tests/data/playthroughs/`` holds one game played by bots from a fixed seed: its
log narrated in English and in French, every bot's reason for every decision, and the final
scores. A change anywhere in the rules, the bots, the dealing or the wording shows up here as a
readable diff, in a few milliseconds per game.

When a change is meant (a ruling, a better bot, new wording), record the files again and read
the diff before committing it::

    TRADEKIT_RECORD=1 python3 dev.py test tests/integration/test_playthroughs.py
"""

from __future__ import annotations

import difflib
import os
from typing import Any

import pytest

import tradekit
from tests.helpers import TEST_DATA
from tradekit.render import Context, narrate
from tradekit.sim.play import play

FOLDER = TEST_DATA / "playthroughs"
SEED = 2026

#: (file name, game, options, bots): every game, and the variants that change the most.
PLAYTHROUGHS: list[tuple[str, str, dict[str, Any], list[str]]] = [
    ("turin-3p", "turin", {"players": 3}, ["heuristic", "heuristic", "random"]),
    ("turin-5p-red-tiebreak", "turin", {"players": 5, "scoring": "red", "goose": "tiebreak"},
     ["heuristic", "random", "heuristic", "random", "heuristic"]),
    ("medici-4p", "medici", {"players": 4}, ["heuristic", "heuristic", "random", "random"]),
    ("negoces-4p", "negoces", {"players": 4}, ["heuristic", "heuristic", "random", "heuristic"]),
    ("negoces-5p-variants", "negoces",
     {"players": 5, "variants": ["treasury", "temple", "thief_guard", "misers", "bank"]},
     ["heuristic", "random", "heuristic", "heuristic", "random"]),
    ("rungis-4p", "rungis", {"players": 4}, ["heuristic", "random", "heuristic", "heuristic"]),
    ("rungis-3p-trading", "rungis", {"players": 3, "trading": True},
     ["heuristic", "heuristic", "random"]),
]  # fmt: skip


def narrated(game: str, options: dict[str, Any], bots: list[str]) -> str:
    """The playthrough's text: the game, its log in both languages, the reasons, the scores."""
    done = play(tradekit.load_game(game, **options), bots, seed=SEED)
    state = done.state
    lines = [f"{game} {options} bots {bots} seed {SEED}", ""]
    for lang in ("en", "fr"):
        ctx = Context(state.game, lang)
        lines.append(f"== log ({lang})")
        lines += [f"[{e.round}] {narrate(e, ctx)}" for e in state.log]
        lines.append("")
    lines.append("== reasons")
    lines += done.explain()
    lines += ["", f"== scores {state.scores()}"]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("name", "game", "options", "bots"), PLAYTHROUGHS)
def test_a_recorded_playthrough_plays_and_reads_the_same(
    name: str, game: str, options: dict[str, Any], bots: list[str]
) -> None:
    text = narrated(game, options, bots)
    path = FOLDER / f"{name}.txt"
    if os.environ.get("TRADEKIT_RECORD"):
        FOLDER.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no recording {path.name}: run with TRADEKIT_RECORD=1 to make it"
    recorded = path.read_text(encoding="utf-8")
    if text != recorded:
        diff = difflib.unified_diff(
            recorded.splitlines(), text.splitlines(), "recorded", "now", lineterm="", n=1
        )
        shown = "\n".join(list(diff)[:60])
        pytest.fail(f"{path.name} changed (TRADEKIT_RECORD=1 records it again):\n{shown}")


def test_every_game_has_a_recorded_playthrough() -> None:
    assert {game for _, game, _, _ in PLAYTHROUGHS} == set(tradekit.games.ORDER)
