"""Every event of seeded random games is narrated in English and in French, for every game.

One parametrised test: each case is a game and the deals it plays (a seed and options each),
taken from the session's shared ``corpus`` of finished games. Medici's narration test, which
also plays scripted rare events and checks each family of event occurs, stays in
``tests/games/medici/test_render.py``; each game's scripted set-up events are checked beside its
renderer too.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest

from tests.conftest import Corpus
from tests.helpers import negoces_options
from tradekit.games.negoces import variant_sets
from tradekit.i18n import LANGS
from tradekit.render import Context, renderer_for


class Deals(NamedTuple):
    """The games one case narrates, and what it asserts beyond "every event is narrated"."""

    name: str
    deals: list[tuple[int, dict[str, Any]]]
    french_differs: bool = False
    """A French line may not be the English text unchanged (untranslated)."""
    kinds_at_least: int = 0
    """At least this many kinds of special card (``event.data["kind"]``) were narrated."""


def turin(goose: str | None, public_money: bool) -> Deals:
    options = {"goose": goose, "public_money": public_money}
    deals = [(seed, {"players": p, **options}) for p in (2, 3, 4, 5) for seed in range(12)]
    return Deals("turin", deals)


def negoces(players: int) -> Deals:
    deals = [
        (seed + 10 * i, negoces_options(players, variants))
        for i, variants in enumerate(variant_sets(players, 14, seed=2))
        for seed in range(2)
    ]
    return Deals("negoces", deals, french_differs=True)


def rungis(options: dict[str, Any]) -> Deals:
    kinds = 10 if options.get("specials", True) else 0  # (almost) every kind of special card
    return Deals("rungis", [(seed, options) for seed in range(10)], kinds_at_least=kinds)


CASES = {
    **{
        f"turin-goose={goose}-public_money={public}": turin(goose, public)
        for public in (True, False)
        for goose in (None, "tiebreak", "underdog")
    },
    **{f"negoces-{players}": negoces(players) for players in (3, 4, 5, 6)},
    **{
        f"rungis-{'-'.join(f'{k}={v}' for k, v in options.items())}": rungis(options)
        for options in (
            {"players": 3},
            {"players": 4, "trading": True, "below_base": True},
            {"players": 6, "specials": False, "trading": True},
            {"players": 8},
        )
    },
}


@pytest.mark.parametrize("case", list(CASES.values()), ids=list(CASES))
def test_every_event_is_narrated_in_both_languages(case: Deals, corpus: Corpus) -> None:
    renderer = renderer_for(case.name)
    unknown: set[str] = set()
    kinds: set[str] = set()
    for seed, options in case.deals:
        state = corpus.game(case.name, seed, **options)
        for lang in LANGS:
            ctx = Context(state.game, lang)
            for event in state.log:
                line = renderer.narrate_known(event, ctx)
                if line is None:
                    unknown.add(f"{event.kind}: {event.text}")
                elif case.french_differs and lang == "fr" and event.text and line == event.text:
                    unknown.add(f"untranslated: {event.text}")
                if "kind" in event.data:
                    kinds.add(str(event.data["kind"]))
    assert not unknown
    if case.kinds_at_least:
        assert len(kinds) >= case.kinds_at_least
