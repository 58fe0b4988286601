"""Who plays the seats that no human holds: re-exported from :mod:`tradekit.session.policy`.

The seat-policy protocol, :class:`RandomPolicy` and :func:`as_policy` need no widget library, so
they live with the table session, which a web front end drives as well as this widget. This module
keeps the names where notebooks and older code import them.

Example:
    >>> from tradekit.session import policy
    >>> RandomPolicy is policy.RandomPolicy
    True
"""

from __future__ import annotations

from tradekit.session.policy import (
    Decision,
    RandomPolicy,
    SeatPolicy,
    as_policy,
    explain_with,
)

__all__ = [
    "Decision",
    "RandomPolicy",
    "SeatPolicy",
    "as_policy",
    "explain_with",
]
