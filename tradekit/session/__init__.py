"""A table of humans and bots without any widget: the session a front end drives.

:class:`TableSession` plays a game at a table: humans submit actions (clicked or typed), bots play
the other seats and explain each decision, and the session knows who may see what, goes back and
branches, saves and loads, and says every refusal in words. The notebook's table widget
(``tradekit.widgets.table``) draws one; a web front end can drive another. Nothing here imports
ipywidgets or ``tradekit.widgets``.

* :mod:`tradekit.session.table`: :class:`TableSession`, its messages (:class:`Notice`) and saves
  (:class:`SaveFile`);
* :mod:`tradekit.session.commands`: reading a typed command as an action;
* :mod:`tradekit.session.policy`: who plays the seats no human holds (the seat-policy protocol).

Example:
    >>> s = TableSession("turin", players=3, humans=[], seed=2)   # three bots
    >>> s.play_to_turn()                                           # play to the end
    >>> s.state.is_over
    True
"""

from __future__ import annotations

from tradekit.session.commands import Command, parse_command
from tradekit.session.policy import Decision, RandomPolicy, SeatPolicy, as_policy
from tradekit.session.table import (
    MAX_BOT_STEPS,
    MODES,
    Notice,
    SaveFile,
    TableSession,
    decision_events,
    default_bot,
)

__all__ = [
    "MAX_BOT_STEPS",
    "MODES",
    "Command",
    "Decision",
    "Notice",
    "RandomPolicy",
    "SaveFile",
    "SeatPolicy",
    "TableSession",
    "as_policy",
    "decision_events",
    "default_bot",
    "parse_command",
]
