"""Rungis's actions.

Example:
    >>> Designate(2), str(Bid(5)), str(Price("fish", 6)), str(Play(49, player=2))
    (Designate(slot=2), 'bid 5', 'price fish at 6', 'play special card 49 on P3')
    >>> str(Propose(1, give="fish", take=None)), str(Terms(-3))
    ('propose to P2: give one fish', 'terms: you pay me 3 gold')
"""

from __future__ import annotations

import dataclasses

from tradekit.core.actions import Action, Card, Seat, action_classes
from tradekit.core.seats import seat_label
from tradekit.core.view import slot_init

# slot_init: an action is made at every decision (by a bot, or read off a menu), and a few more
# are weighed by the bots; storing fields straight into their slots makes that 1.4-1.6x faster.


@slot_init
@dataclasses.dataclass(frozen=True, slots=True)
class Designate(Action):
    """Rungis phase: the designator points at the centre card in position ``slot`` (0-based).

    Cards are designated by position because face-down special cards have no public identity.
    """

    slot: int

    def __str__(self) -> str:
        return f"designate centre card {self.slot}"


@slot_init
@dataclasses.dataclass(frozen=True, slots=True)
class Bid(Action):
    """Rungis phase: open (at least the base price, or 1 for a special) or raise to ``amount``."""

    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@slot_init
@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    """Rungis phase: decline to open or to raise (not final: one may bid again after a raise)."""

    def __str__(self) -> str:
        return "pass"


@slot_init
@dataclasses.dataclass(frozen=True, slots=True)
class Play(Action):
    """Play special card ``card`` from hand, with the targets its kind needs.

    Attributes:
        card: the special card's id.
        player: the seat it targets (No delivery, Rumour, Spoiled goods).
        article: the article type it targets (Strike, Tax, Subsidy, Price freeze, ...).
        pick: the face-up centre article card taken (Pre-emption).
    """

    card: Card
    player: Seat | None = None
    article: str | None = None
    pick: Card | None = None

    def __str__(self) -> str:
        text = f"play special card {self.card}"
        targets = []
        if self.player is not None:
            targets.append(seat_label(self.player))
        if self.article is not None:
            targets.append(self.article)
        if self.pick is not None:
            targets.append(f"card {self.pick}")
        return text + (" on " + " ".join(targets) if targets else "")


@slot_init
@dataclasses.dataclass(frozen=True, slots=True)
class Done(Action):
    """End one's turn in a special-card window or one's talk turn."""

    def __str__(self) -> str:
        return "done"


@slot_init
@dataclasses.dataclass(frozen=True, slots=True)
class Announce(Action):
    """Talk turn: announce publicly (and without binding oneself) a price for an article type."""

    article: str
    price: int

    def __str__(self) -> str:
        return f"announce {self.article} at {self.price}"


@slot_init
@dataclasses.dataclass(frozen=True, slots=True)
class Propose(Action):
    """Talk turn, option ``trading``: propose a deal to seat ``to``.

    ``give`` is the article type one card of which the proposer hands over (or ``None``);
    ``take`` the type one card of which ``to`` hands over (or ``None``); at least one is set.
    The gold part follows as :class:`Terms`.
    """

    to: Seat
    give: str | None
    take: str | None

    def __str__(self) -> str:
        parts = []
        if self.give is not None:
            parts.append(f"give one {self.give}")
        if self.take is not None:
            parts.append(f"take one {self.take}")
        return f"propose to {seat_label(self.to)}: " + " and ".join(parts)


@slot_init
@dataclasses.dataclass(frozen=True, slots=True)
class Terms(Action):
    """Option ``trading``: the gold part of one's proposal.

    ``gold > 0``: the proposer pays that much; ``gold < 0``: the other player pays ``-gold``.
    """

    gold: int

    def __str__(self) -> str:
        if self.gold > 0:
            return f"terms: I pay {self.gold} gold"
        if self.gold < 0:
            return f"terms: you pay me {-self.gold} gold"
        return "terms: no gold"


@slot_init
@dataclasses.dataclass(frozen=True, slots=True)
class Accept(Action):
    """Option ``trading``: accept the proposal made to you."""

    def __str__(self) -> str:
        return "accept the proposal"


@slot_init
@dataclasses.dataclass(frozen=True, slots=True)
class Refuse(Action):
    """Option ``trading``: refuse the proposal made to you."""

    def __str__(self) -> str:
        return "refuse the proposal"


@slot_init
@dataclasses.dataclass(frozen=True, slots=True)
class Price(Action):
    """Pricing phase: write, secretly, one's selling price for one article type held."""

    article: str
    price: int

    def __str__(self) -> str:
        return f"price {self.article} at {self.price}"


ACTION_TYPES = action_classes(
    Designate, Bid, Pass, Play, Done, Announce, Propose, Terms, Accept, Refuse, Price
)
