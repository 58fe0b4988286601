"""Helpers shared by test files: paths, and playing seeded random games.

Fixtures (such as the session-wide ``corpus`` of finished games) live in ``tests/conftest.py``;
plain functions that tests call with arguments live here.
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

import tradekit
from tradekit.core.state import State

TESTS = Path(__file__).resolve().parent
"""The ``tests/`` folder."""
REPO = TESTS.parent
"""The top of the repository."""
DATA = REPO / "data"
"""The shipped data tables, one folder per game."""
TEST_DATA = TESTS / "data"
"""Files the tests read: recorded playthroughs, saves from the first release."""
FAST_TIER = bool(os.environ.get("TRADEKIT_FAST"))
"""Whether this is the fast tier (``dev.py test --fast`` sets ``TRADEKIT_FAST``): the checks that
sweep many games play fewer of them."""

#: The state class a helper is given back (a game's own, such as ``TurinState``).
S = TypeVar("S", bound=State[Any])


def play_at_random(
    state: S,
    seed: int,
    steps: int | None = None,
    *,
    numpy: bool = False,
    any_seat: bool = False,
    pass_rate: float | None = None,
    cap: int | None = None,
) -> S:
    """Play ``state`` by random legal actions, in place, and return it.

    It plays ``steps`` decisions, or to the end (or until ``cap`` decisions are in the state).
    By default the first seat to move acts, choosing with ``random.Random(seed)``; ``numpy``
    draws with ``numpy.random.default_rng(seed % 2**32)`` instead, and ``any_seat`` lets that
    generator pick which of the seats to move acts (so simultaneous choices come in every
    order). With ``pass_rate`` set, a seat that may ``Pass`` does so with that probability (so
    Medici lots are discarded and its pile runs out as often as warehouses fill up).
    """
    py = random.Random(seed)
    gen = np.random.default_rng(seed % 2**32)
    done = 0
    while not state.is_over and (steps is None or done < steps):
        if cap is not None and len(state.decisions) >= cap:
            break
        moving = state.to_move
        seat = moving[int(gen.integers(len(moving)))] if any_seat else moving[0]
        legal = state.legal_actions(seat)
        if numpy:
            action = legal[int(gen.integers(len(legal)))]
        else:
            passes = (
                [a for a in legal if type(a).__name__ == "Pass"] if pass_rate is not None else []
            )
            action = passes[0] if passes and py.random() < pass_rate else py.choice(legal)  # type: ignore[operator]
        state.apply(seat, action)
        done += 1
    return state


def random_game(
    name: str,
    seed: int,
    steps: int | None = None,
    *,
    numpy: bool = False,
    any_seat: bool = False,
    pass_rate: float | None = None,
    cap: int | None = None,
    **options: Any,
) -> Any:
    """A game of ``name`` (with ``options``) dealt from ``seed`` and played by
    :func:`play_at_random` with the same seed.

    Typed ``Any``: each test knows its game's state class.
    """
    state = tradekit.load_game(name, **options).new_state(seed=seed)
    return play_at_random(
        state, seed, steps, numpy=numpy, any_seat=any_seat, pass_rate=pass_rate, cap=cap
    )


def cards_shown(html: str) -> set[int]:
    """The cards a rendered table shows face up (its ``data-card`` attributes)."""
    return {int(x) for x in re.findall(r'data-card="(\d+)"', html)}


def negoces_options(players: int, variants: Any) -> dict[str, Any]:
    """Négoces at ``players`` with ``variants`` (the auction winner opens when they say so)."""
    opener = 1 if "winner_opens" in variants else None
    return {"players": players, "variants": variants, "opener": opener}


def click_something(
    w: Any,
    rng: random.Random,
    *,
    dropdowns: bool = True,
    checkboxes: bool = False,
    avoid: str | None = None,
    avoid_rate: float = 0.0,
) -> str:
    """Set every slider (and dropdown, and checkbox) of a table widget's controls to a random
    value and click a random enabled button; return the key clicked.

    Only the widget's controls are touched (never the state). ``avoid`` names a button a random
    clicker would press far too often (a loan at every turn, "done" at once): with probability
    ``avoid_rate`` it is left out when there is another one.
    """
    import ipywidgets as widgets

    handles = dict(w.handles)
    for h in handles.values():
        if isinstance(h, widgets.IntSlider):
            h.value = rng.randint(h.min, h.max)
        elif dropdowns and isinstance(h, widgets.Dropdown) and h.options:
            h.value = rng.choice(list(h.options))[1]
        elif checkboxes and isinstance(h, widgets.Checkbox):
            h.value = rng.random() < 0.2
    buttons = [k for k, h in handles.items() if isinstance(h, widgets.Button) and not h.disabled]
    if avoid is not None and len(buttons) > 1 and rng.random() < avoid_rate:
        buttons = [k for k in buttons if k != avoid] or buttons
    key = rng.choice(buttons)
    handles[key].click()
    return key


#: How the random clicker plays each game (options of :func:`click_something`), and how many
#: clicks one game may take at most.
CLICKS: dict[str, dict[str, Any]] = {
    # A loan is a real choice, but a random clicker would take one at every turn.
    "turin": {"avoid": "loan", "avoid_rate": 0.9, "max_clicks": 3_000},
    # Medici's controls have sliders and buttons only.
    "medici": {"dropdowns": False, "max_clicks": 2_000},
    # A loan is a real choice, but a random clicker would take one in every sale.
    "negoces": {"checkboxes": True, "avoid": "take-loan", "avoid_rate": 0.9, "max_clicks": 4_000},
    # Saying "done" at once every time would skip most of the talk turn.
    "rungis": {"avoid": "done", "avoid_rate": 0.6, "max_clicks": 3_000},
}


def play_through_controls(w: Any, rng: random.Random, *, max_clicks: int, **how: Any) -> list[str]:
    """Play a table widget to the end by :func:`click_something` (``how``: its options) for
    the humans, stepping the bots (autoplay off); the keys clicked, in order. No click may show
    an error, and the game must end within ``max_clicks`` clicks."""
    keys: list[str] = []
    while not w.state.is_over:
        if w.acting_human() is None:
            w.play_button.click()  # only bots to move (autoplay off)
            continue
        keys.append(click_something(w, rng, **how))
        assert "tk-error" not in w.message.value, w.message.value
        assert len(keys) < max_clicks, "the game does not end"
    return keys


def copy_tables(tmp_path: Path, game: str) -> Path:
    """A private copy of ``game``'s shipped tables (``tmp_path/my_<game>``) that a test may
    edit."""
    folder = tmp_path / f"my_{game}"
    shutil.copytree(DATA / game, folder)
    return folder


def edit(folder: Path, name: str, old: str, new: str) -> None:
    """Replace one exact piece of text in a table (it must be there exactly once)."""
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} appears {text.count(old)} times in {name}"
    path.write_text(text.replace(old, new), encoding="utf-8")


class TooMuchWork(AssertionError):
    """More function calls than a block was allowed (see :func:`at_most_calls`)."""


@contextlib.contextmanager
def at_most_calls(limit: int) -> Iterator[list[int]]:
    """Fail as soon as the block makes more than ``limit`` function calls (Python's and C's,
    counted with ``sys.setprofile``); the list it gives holds the count so far.

    A deterministic check that work does not grow with a number: listing a billion bids is a
    billion calls, however fast the machine, where a limit in seconds depends on the machine.
    The count stops the block at once, so a regression fails the test instead of hanging it.
    Only calls made from Python are seen: a loop inside C code that never calls back into Python
    (``itertools.product`` taking a whole range in) is not counted.

    Example:
        >>> with at_most_calls(100) as count:
        ...     _ = sorted(range(10))
        >>> 0 < count[0] <= 100
        True
    """
    count = [0]

    def profile(frame: Any, event: str, arg: Any) -> None:
        if event in ("call", "c_call"):
            count[0] += 1
            if count[0] > limit:
                sys.setprofile(None)
                raise TooMuchWork(f"more than {limit:,} function calls")

    sys.setprofile(profile)
    try:
        yield count
    finally:
        sys.setprofile(None)
