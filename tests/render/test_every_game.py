"""Renderer checks that hold for every game, written once and parametrised by game.

* every catalogue key a game's renderer uses is in English and in French;
* a state's ``_repr_html_`` (what a notebook shows) is the public view.

Each game's own renderer tests (what each view shows, its log, its action labels) are in
``tests/games/<game>/test_render.py``; narration is in ``tests/render/test_narration.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import pytest

from tests.helpers import cards_shown, negoces_options, random_game
from tradekit.games.rungis import KINDS
from tradekit.i18n import keys, load_messages, t
from tradekit.render import default_names, render


class Catalogue(NamedTuple):
    """Which catalogue keys a game's test checks, and what else it checks of the catalogue."""

    mine: Callable[[str], bool]
    more_than: int | None
    """The game has more than this many of those keys (None: not counted)."""
    also: Callable[[], bool] | None = None


CATALOGUES = {
    "turin": Catalogue(lambda key: True, None, lambda: default_names(2, "fr") == ("J1", "J2")),
    "medici": Catalogue(lambda key: key.startswith("medici."), 60),
    "negoces": Catalogue(lambda key: key.startswith("negoces.") or key == "game.negoces", 100),
    "rungis": Catalogue(
        lambda key: True,
        None,
        lambda: all(t(f"rungis.kind.{k}", "fr") != f"rungis.kind.{k}" for k in KINDS),
    ),
}


@pytest.mark.parametrize("name", list(CATALOGUES))
def test_catalogue_has_both_languages(name: str) -> None:
    case = CATALOGUES[name]
    load_messages(f"tradekit.games.{name}")  # a game's catalogue loads when its modules do
    mine = [key for key in keys() if case.mine(key)]
    if case.more_than is not None:
        assert len(mine) > case.more_than
    for key in mine:
        assert t(key, "en") and t(key, "fr"), key
    if case.also is not None:
        assert case.also()


class Shown(NamedTuple):
    """The state a game's test shows in a notebook, and what else it checks of the HTML."""

    options: dict[str, Any]
    steps: int
    """Random decisions played from seed 3 before it is shown."""
    also: Callable[[Any, str], bool] | None = None


SHOWN = {
    "turin": Shown(
        {"players": 4},
        0,
        lambda state, html: cards_shown(html) == set(state.lot) != set(),  # centre cards = lot
    ),
    "medici": Shown({"players": 4}, 0),
    "negoces": Shown(negoces_options(4, ()), 20),
    "rungis": Shown({"players": 3}, 0, lambda state, html: 'data-viewer="public"' in html),
}


@pytest.mark.parametrize("name", list(SHOWN))
def test_repr_html_is_the_public_view(name: str) -> None:
    case = SHOWN[name]
    state = random_game(name, 3, case.steps, **case.options)
    assert state._repr_html_() == render(state, None)
    if case.also is not None:
        assert case.also(state, state._repr_html_())
