"""Seeds: every game's engine seed and every bot's random stream come from one master seed.

Game (deal) ``i`` of a run uses ``SeedSequence(master).spawn(n)[i]``; its engine seed is drawn from
that sequence and seat ``s``'s bot stream is its ``s``-th child. Both depend only on the master
seed and ``i``, so a table is the same whatever the backend, the number of workers or the batch
size, and two rule choices played on deal ``i`` share the deal and the bots' streams (common random
numbers).

Example:
    >>> import numpy as np
    >>> deal_sequence(7, 2).spawn_key == np.random.SeedSequence(7).spawn(3)[2].spawn_key
    True
    >>> engine_seed(7, 2) == engine_seed(7, 2)
    True
"""

from __future__ import annotations

import numpy as np

from tradekit.core.errors import ConfigError

#: Engine seeds stay below 2**63 so they fit an int64 column.
_SEED_MASK = (1 << 63) - 1


def master_seed(seed: int | None) -> int:
    """Check a master seed, or draw a fresh one from the OS when ``seed`` is None.

    Raises:
        ConfigError: if ``seed`` is not a whole number from 0 to 2**63 - 1 (the tables keep it
            in an int64 column).
    """
    if seed is None:
        entropy = np.random.SeedSequence().entropy
        return int(entropy) & _SEED_MASK  # type: ignore[arg-type]
    if (
        isinstance(seed, bool)
        or not isinstance(seed, (int, np.integer))
        or not 0 <= seed <= _SEED_MASK
    ):
        raise ConfigError(
            "seed", seed, "a whole number from 0 to 2**63 - 1 (or None for a fresh seed)"
        )
    return int(seed)


def deal_sequence(master: int, deal: int) -> np.random.SeedSequence:
    """The seed sequence of deal ``deal``: ``SeedSequence(master).spawn(deal + 1)[deal]``."""
    return np.random.SeedSequence(master, spawn_key=(deal,))


def engine_seed(master: int, deal: int) -> int:
    """The engine seed of deal ``deal`` (its game's ``new_state(seed=...)``)."""
    words = deal_sequence(master, deal).generate_state(2, dtype=np.uint32)
    return ((int(words[0]) << 32) | int(words[1])) & _SEED_MASK


def bot_rng(master: int, deal: int, seat: int) -> np.random.Generator:
    """Seat ``seat``'s random stream in deal ``deal`` (the deal sequence's ``seat``-th child)."""
    return np.random.default_rng(np.random.SeedSequence(master, spawn_key=(deal, seat)))
