"""The table widget for notebooks (ipywidgets): any registered game, humans against bots.

``table("turin", players=3, humans=[0])`` deals a game and shows the table with controls generated
from the legal actions, bots in the other seats (each decision explained in one line), Step / Play
to my turn / Back / New game, the narrated log, a view switch (seat, public, teacher), "what if"
branches from any logged decision, save and load as JSON, a hot-seat mode, in English or French.
A table with a human is a student's (``mode="student"``: the humans' own views and the public's,
seat saves); ``mode="teacher"`` has every view and the full save. ``review_widget(save)`` steps
through a seat save (or a full save, as one viewer), read-only.

A game plugs in with two modules of its own package and touches nothing here (see
``docs/adding-a-game.md``): ``tradekit/games/<name>/render.py`` registers a
:class:`~tradekit.render.Renderer` and ``tradekit/games/<name>/controls.py`` registers
:class:`~tradekit.widgets.controls.Controls`, both named in the game's ``PLUGIN`` entry. A game
without them still plays with the generic ones.
"""

from __future__ import annotations

from tradekit.widgets.controls import ControlContext, Controls, controls_for, register_controls
from tradekit.widgets.policy import Decision, RandomPolicy, SeatPolicy, as_policy
from tradekit.widgets.review import ReviewWidget, review_widget
from tradekit.widgets.table import TableWidget, decision_events, table

__all__ = [
    "ControlContext",
    "Controls",
    "Decision",
    "RandomPolicy",
    "ReviewWidget",
    "SeatPolicy",
    "TableWidget",
    "as_policy",
    "controls_for",
    "decision_events",
    "register_controls",
    "review_widget",
    "table",
]
