"""Every registered game plays to its end in the table widget through its controls only.

A game with its own controls (``controls=`` in its plug-in entry) is played with them; a game
without is played with the generic controls (a dropdown of the legal actions and a Play button).
Either way only the widget's sliders, dropdowns and buttons are touched. Each game with its own
controls also plays a whole game in French with autoplay off (its bots stepped one by one).
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

import pytest

widgets = pytest.importorskip("ipywidgets", reason="needs the notebook extra")

import tradekit  # noqa: E402
from tests.helpers import CLICKS, play_through_controls  # noqa: E402
from tradekit.render import Renderer, register_renderer  # noqa: E402
from tradekit.widgets import (  # noqa: E402
    ControlContext,
    Controls,
    RandomPolicy,
    controls_for,
    register_controls,
    table,
)
from tradekit.widgets.table import TableWidget  # noqa: E402

MAX_CLICKS = 5_000


def drive(w: TableWidget, rng: random.Random) -> int:
    clicks = 0
    while not w.state.is_over:
        handles = dict(w.handles)
        for h in handles.values():
            if isinstance(h, widgets.IntSlider):
                h.value = rng.randint(h.min, h.max)
            elif isinstance(h, widgets.Dropdown) and h.options:
                h.value = rng.choice(list(h.options))[1]
        buttons = [h for h in handles.values() if isinstance(h, widgets.Button) and not h.disabled]
        assert buttons, f"no control to click in phase {w.state.phase}"
        rng.choice(buttons).click()
        assert "tk-error" not in w.message.value, w.message.value
        clicks += 1
        assert clicks < MAX_CLICKS, "the game does not end"
    return clicks


@pytest.mark.parametrize(
    ("name", "lang"), [(name, ("en", "fr")[i % 2]) for i, name in enumerate(tradekit.GAMES)]
)
def test_every_game_plays_to_the_end_through_the_widget(name: str, lang: str) -> None:
    w = table(name, mode="teacher", humans=[0], bots="random-policy", lang=lang, seed=3)
    assert drive(w, random.Random(3)) > 0
    assert tradekit.replay(w.save()).scores() == w.state.scores()
    assert w.log.value and w.table.value


@pytest.mark.parametrize("name", tradekit.GAMES)
def test_every_game_three_views_through_the_switch(name: str) -> None:
    w = table(name, mode="teacher", humans=[0], seed=1, bots="random-policy")
    for value in ("seat:0", "public", "teacher"):
        w.view_switch.value = value
        assert w.table.value.startswith("<style>")


def test_a_new_game_plugs_in_without_touching_the_framework() -> None:
    """What Medici, Négoces and Rungis do: register a renderer and controls under their name."""

    @register_renderer("turin_test_variant")
    class VariantRenderer(Renderer):
        def action_label(self, action: Any, view: Any, ctx: Any) -> str:
            return f"<<{action}>>"

    @register_controls("turin_test_variant")
    class VariantControls(Controls):
        def build(self, cc: ControlContext) -> list[Any]:
            return [cc.button(f"a{i}", cc.label(a), a) for i, a in enumerate(cc.legal)]

    assert isinstance(controls_for("turin_test_variant"), VariantControls)
    assert type(controls_for("no_such_game")) is Controls

    # A game whose name maps to those plug-ins: the widget looks them up by the game's name.
    state = tradekit.load_game("turin", players=2).new_state(seed=4)
    original = type(state.game).name
    try:
        type(state.game).name = "turin_test_variant"
        w = TableWidget(state, mode="teacher", humans=[0], bots=[RandomPolicy(seed=1)])
        labels = [h.description for k, h in w.handles.items() if k.startswith("a")]
        assert labels and all(d.startswith("<<") for d in labels)
        w.handles["a0"].click()
        assert len(w.state.decisions) >= 1
    finally:
        type(state.game).name = original


def test_out_of_turn_actions_are_offered_to_a_human_who_is_not_to_move() -> None:
    # Turin: a loan may be taken at any time. Once P0 has sealed its bid, the bots (not yet
    # stepped) are to move and P0 is not; the table still offers P0 its out-of-turn actions.
    w = table(
        "turin", players=3, mode="teacher", humans=[0], bots="random-policy", autoplay=False, seed=5
    )
    assert not any(key.startswith("anytime-") for key in w.handles)  # P0 is to move
    for kind in ("Offer", "Bid"):
        if kind == "Bid":
            w.step()  # the bots seal their offers too, so that the bids begin
        w.submit(next(a for a in w.state.legal_actions(0) if type(a).__name__ == kind))
    assert w.state.phase == "bid" and 0 not in w.state.to_move and w.state.to_move
    offered = {key: h for key, h in w.handles.items() if key.startswith("anytime-")}
    assert offered, "no out-of-turn action is offered"
    labels = [h.description for h in offered.values()]
    assert any("loan" in label.lower() for label in labels), labels
    loan = next(h for h in offered.values() if "loan" in h.description.lower())
    moving = w.state.to_move
    loan.click()
    assert "tk-error" not in w.message.value, w.message.value
    assert w.state.loans[0] is True  # type: ignore[attr-defined]
    assert w.state.to_move == moving  # an out-of-turn action leaves the turn where it was
    assert not any(
        "loan" in h.description.lower() for k, h in w.handles.items() if k.startswith("anytime-")
    )


def test_hot_seat_offers_nothing_out_of_turn() -> None:
    # At one shared screen only the acting student sits there: nobody else is offered anything.
    w = table(
        "turin", players=3, mode="teacher", humans=[0, 1], hotseat=True, autoplay=False, seed=5
    )
    w.reveal()
    offer = next(a for a in w.state.legal_actions(0) if type(a).__name__ == "Offer")
    w.submit(offer)
    assert 0 not in w.state.to_move and w.state.legal_actions(0)  # P0 could act out of turn
    assert not any(key.startswith("anytime-") for key in w.handles)


class French(NamedTuple):
    """A game played in French with autoplay off, and the French it must show."""

    players: int
    buttons: dict[str, str]
    """Button descriptions of the first position, by handle key."""
    in_log: tuple[str, ...]
    in_table: tuple[str, ...] = ()


FRENCH = {
    "turin": French(3, {}, ("Scudo finaux",)),
    "medici": French(
        4,
        {"turn": "Retourner la carte suivante", "auction": "Mettre le lot aux enchères"},
        ("Fortune finale",),
        ("Échelles",),
    ),
    "negoces": French(4, {}, ("Vente 1 :", "Offres, tour 1 :")),
    "rungis": French(3, {}, ("Scores finaux",)),
}


@pytest.mark.parametrize("name", list(FRENCH))
def test_complete_game_in_french_with_autoplay_off(name: str) -> None:
    case = FRENCH[name]
    w = table(
        name, players=case.players, mode="teacher", humans=[0], seed=7, lang="fr", autoplay=False
    )
    assert w.step_button.description.endswith("Pas à pas")
    for key, description in case.buttons.items():
        assert w.handles[key].description == description
    play_through_controls(w, random.Random(7), **CLICKS[name])
    assert "Partie terminée" in w.header.value
    for text in case.in_log:
        assert text in w.log.value
    for text in case.in_table:
        assert text in w.table.value
