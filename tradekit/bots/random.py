"""The uniform random bot: it plays every game.

Its reason (``bot.random``) is in the framework's catalogue, ``tradekit/messages.toml``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar

from tradekit.bots.base import Bot, said
from tradekit.bots.registry import register_bot
from tradekit.core.actions import Action
from tradekit.core.state import Game


@register_bot
@dataclasses.dataclass(eq=False, kw_only=True)
class RandomBot(Bot[Game[Any], Any]):
    """Picks uniformly at random among the legal actions (any game; no parameters).

    A baseline: whatever a rule change does to random players is the rule's own effect, not a
    strategy's.

    Example:
        >>> import numpy as np
        >>> from tradekit.games.turin import Bid
        >>> RandomBot(rng=np.random.default_rng(3)).act(None, [Bid(0), Bid(1), Bid(2)])
        Bid(amount=2)
    """

    name: ClassVar[str] = "random"
    uses_view: ClassVar[bool] = False

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        """Pick one legal action uniformly at random."""
        count = len(legal)
        action = legal[int(self.rng.integers(count))]
        return self.because(action, said("bot.random", action=str(action), count=count))
