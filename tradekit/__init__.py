"""tradekit: four auction-and-trade card games for teaching auction and market economics.

Example:
    >>> import tradekit
    >>> tradekit.GAMES
    ('turin', 'medici', 'negoces', 'rungis')
    >>> game = tradekit.load_game("turin", players=3, scoring="classic")
    >>> state = game.new_state(seed=1)
    >>> state.to_move
    (0, 1, 2)
"""

from __future__ import annotations

from tradekit import games as games  # registers every game's plug-in entry
from tradekit.core import (
    Action,
    ConfigError,
    DataError,
    Event,
    Game,
    IllegalActionError,
    Ledger,
    ReplayError,
    Review,
    State,
    TradekitError,
    Transfer,
    load_game,
    registered_games,
    replay,
    review,
)

__version__ = "0.1.0"

#: The names :func:`load_game` accepts.
GAMES: tuple[str, ...] = registered_games()

__all__ = [
    "GAMES",
    "Action",
    "ConfigError",
    "DataError",
    "Event",
    "Game",
    "IllegalActionError",
    "Ledger",
    "ReplayError",
    "Review",
    "State",
    "TradekitError",
    "Transfer",
    "__version__",
    "load_game",
    "replay",
    "review",
]
