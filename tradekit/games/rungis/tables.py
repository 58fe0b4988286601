"""Rungis's data tables: the article types (``articles.csv``) and special cards (``specials.csv``).

The shipped tables (``data/rungis/``) are a documented reconstruction: the published card list is
not available. A teacher can write tables of the same shape and pass their folder as ``data_dir``.

Card ids: the article cards are numbered 1, 2, ... in the order of ``articles.csv`` (``count``
cards per type); each special card carries its own id in the ``card`` column, which must not be an
article card's id.
"""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path
from typing import Any

from tradekit.core.data import Table, file_stamps, table_folder
from tradekit.core.errors import DataError

#: The table files the game reads (a save embeds their text).
FILES = ("articles.csv", "specials.csv")
#: When a special card may be played.
#:
#: * ``auction_start``: at the start of the Rungis phase, once the centre cards are turned and
#:   before any card is designated; players who hold such a card are asked in turn order from the
#:   First Buyer.
#: * ``talk``: during one's own talk turn in the pricing phase (before the secret prices).
#: * ``after_reveal``: once the price sheets are revealed, before the sales; in turn order from the
#:   First Buyer.
TIMINGS = ("auction_start", "talk", "after_reveal")

#: Every kind of special card the engine implements: the timings it may have and whether its
#: ``amount`` is used (kinds without a parameter must have ``amount`` 0).
KINDS: dict[str, tuple[tuple[str, ...], bool]] = {
    "no_delivery": (("auction_start",), False),
    "double_order": (("auction_start",), True),
    "preemption": (("auction_start",), True),
    "strike": (("talk", "after_reveal"), False),
    "tax": (("talk", "after_reveal"), True),
    "subsidy": (("talk", "after_reveal"), True),
    "price_freeze": (("talk",), True),
    "exclusivity": (("talk", "after_reveal"), False),
    "shortage": (("talk", "after_reveal"), False),
    "rumour": (("talk",), False),
    "advertising": (("talk", "after_reveal"), False),
    "spoilage": (("talk", "after_reveal"), True),
}

#: The parameter each kind reads from ``amount`` (for the README and error messages).
AMOUNT_MEANING = {
    "double_order": "the number of cards the player may buy this phase (at least 2)",
    "preemption": "gold paid on top of the base price (0: the base price)",
    "tax": "gold less earned per card (at least 1)",
    "subsidy": "gold paid per card (at least 1)",
    "price_freeze": "how far above the base price a price may go (0: the base price at most)",
    "spoilage": "cards removed from the target's shop (at least 1)",
}
AMOUNT_MINIMUM = {
    "double_order": 2,
    "preemption": 0,
    "tax": 1,
    "subsidy": 1,
    "price_freeze": 0,
    "spoilage": 1,
}
#: The largest value each kind's ``amount`` may have: card counts stay within what a shop or a
#: phase can hold, gold within :data:`MAX_GOLD`.
AMOUNT_MAXIMUM = {
    "double_order": 10,
    "preemption": 100,
    "tax": 100,
    "subsidy": 100,
    "price_freeze": 100,
    "spoilage": 50,
}
#: The largest gold value a table may hold (a base price, an amount of gold): the price sheets
#: offer every price from the base to twice the base, so a price is a list of at most 101 choices.
MAX_GOLD = 100
#: The most article types, cards of one type and special cards a table may have.
MAX_ARTICLE_TYPES = 20
MAX_COUNT = 50
MAX_SPECIALS = 100
#: Card ids are whole numbers from 1 to this.
MAX_CARD_ID = 9999


@dataclasses.dataclass(frozen=True, slots=True)
class Article:
    """An article type: id, French and English names, base price and number of cards."""

    id: str
    name_fr: str
    name_en: str
    base: int
    count: int


@dataclasses.dataclass(frozen=True, slots=True)
class Special:
    """A special card: its id, kind, names, timing, parameter and English text."""

    card: int
    kind: str
    name_fr: str
    name_en: str
    timing: str
    amount: int
    text_en: str

    def __str__(self) -> str:
        return f"#{self.card} {self.name_en} ({self.name_fr})"


@dataclasses.dataclass(frozen=True)
class RungisTables:
    """The tables a Rungis game is played with.

    Attributes:
        folder: where they were read from.
        articles: the article types, in the order the sales call them.
        specials: the special cards, in table order.
    """

    folder: str
    articles: tuple[Article, ...]
    specials: tuple[Special, ...]

    def __deepcopy__(self, memo: dict[int, Any]) -> RungisTables:
        return self  # read-only tables are shared by copies of a state

    @functools.cached_property
    def article_by_id(self) -> dict[str, Article]:
        """Article types by id."""
        return {a.id: a for a in self.articles}

    @functools.cached_property
    def article_cards(self) -> dict[int, str]:
        """Each article card's type: cards 1, 2, ... in table order, ``count`` per type."""
        out: dict[int, str] = {}
        card = 1
        for article in self.articles:
            for _ in range(article.count):
                out[card] = article.id
                card += 1
        return out

    @functools.cached_property
    def special_by_card(self) -> dict[int, Special]:
        """Special cards by id."""
        return {s.card: s for s in self.specials}

    def is_special(self, card: int) -> bool:
        """Whether ``card`` is a special card."""
        return card in self.special_by_card

    @functools.cached_property
    def card_bases(self) -> dict[int, int]:
        """Each article card's base price (scores and views add them up at every decision)."""
        return {card: self.article_by_id[a].base for card, a in self.article_cards.items()}

    @functools.cached_property
    def descriptions(self) -> dict[int, str]:
        """Every card in words (see :meth:`describe`), written once."""
        out: dict[int, str] = {}
        for card, a in self.article_cards.items():
            article = self.article_by_id[a]
            out[card] = f"#{card} {article.name_en} (base {article.base})"
        for special in self.specials:
            out[special.card] = str(special)
        return out

    def base(self, card: int) -> int:
        """An article card's base price."""
        return self.card_bases[card]

    def describe(self, card: int) -> str:
        """A card in words: ``"#37 Fish (base 4)"`` or ``"#49 No delivery (Pas de livraison)"``."""
        return self.descriptions[card]


def load_tables(folder: str | Path | None = None) -> RungisTables:
    """Read and check the Rungis tables.

    Args:
        folder: a folder with ``articles.csv`` and ``specials.csv``; ``None`` for the shipped
            reconstruction.

    Files are read by :mod:`tradekit.core.data` (UTF-8 with or without BOM, any line ends, sizes
    bounded). The bounds the rules do not dictate, so that a table that loads plays to the end:

    * base prices and gold amounts 1 (0 where an amount may be 0) to :data:`MAX_GOLD` (100);
    * at most :data:`MAX_ARTICLE_TYPES` (20) article types of 1 to :data:`MAX_COUNT` (50) cards,
      at most :data:`MAX_SPECIALS` (100) special cards, card ids 1 to :data:`MAX_CARD_ID` (9999);
    * each kind's ``amount`` at most :data:`AMOUNT_MAXIMUM` (Double order: 10 cards; Spoiled
      goods: 50 cards; the gold amounts: 100).

    Raises:
        DataError: naming the file, row and column of the first problem found.

    Example:
        >>> tables = load_tables()
        >>> len(tables.articles), len(tables.article_cards), len(tables.specials)
        (8, 48, 24)
        >>> tables.describe(1), tables.describe(49)
        ('#1 Fruit (base 1)', '#49 No delivery (Pas de livraison)')
    """
    path = table_folder(folder, "rungis", "Rungis")
    # Keyed on the files' modification times, so a teacher's edited table is read again.
    stamps = file_stamps(path, FILES)
    return _load(str(path), stamps)


@functools.lru_cache(maxsize=16)
def _load(folder: str, stamps: tuple[int, ...]) -> RungisTables:
    path = Path(folder)
    if not path.is_dir():
        raise DataError(path, "no such folder of Rungis tables")
    art = Table.read(path / "articles.csv", ["article", "name_fr", "name_en", "base", "count"])
    articles: list[Article] = []
    for i in range(len(art)):
        aid = art.text(i, "article")
        if any(a.id == aid for a in articles):
            raise art.error(i, "article", f"article {aid!r} is listed twice")
        articles.append(
            Article(
                aid,
                art.text(i, "name_fr"),
                art.text(i, "name_en"),
                art.integer(i, "base", minimum=1, maximum=MAX_GOLD),
                art.integer(i, "count", minimum=1, maximum=MAX_COUNT),
            )
        )
    if len(articles) > MAX_ARTICLE_TYPES:
        raise art.error(
            MAX_ARTICLE_TYPES, "article", f"at most {MAX_ARTICLE_TYPES} article types are allowed"
        )
    n_articles = sum(a.count for a in articles)

    columns = ["card", "kind", "name_fr", "name_en", "timing", "amount", "text_en"]
    sp = Table.read(path / "specials.csv", columns)
    specials: list[Special] = []
    if len(sp) > MAX_SPECIALS:
        raise sp.error(MAX_SPECIALS, "card", f"at most {MAX_SPECIALS} special cards are allowed")
    for i in range(len(sp)):
        card = sp.integer(i, "card", minimum=1, maximum=MAX_CARD_ID)
        if card <= n_articles:
            raise sp.error(
                i, "card", f"card {card} is an article card's id (articles are 1..{n_articles})"
            )
        if any(s.card == card for s in specials):
            raise sp.error(i, "card", f"card {card} is listed twice")
        kind = sp.text(i, "kind")
        if kind not in KINDS:
            raise sp.error(i, "kind", f"unknown kind {kind!r}; the engine knows {sorted(KINDS)}")
        timings, uses_amount = KINDS[kind]
        timing = sp.text(i, "timing")
        if timing not in timings:
            raise sp.error(
                i,
                "timing",
                f"a {kind} card may be played at {' or '.join(timings)}, not {timing!r}",
            )
        amount = sp.integer(i, "amount", minimum=0, maximum=MAX_GOLD)
        if not uses_amount and amount != 0:
            raise sp.error(i, "amount", f"a {kind} card has no parameter: amount must be 0")
        if uses_amount and amount < AMOUNT_MINIMUM[kind]:
            raise sp.error(
                i,
                "amount",
                f"for {kind} the amount is {AMOUNT_MEANING[kind]}; got {amount}",
            )
        if uses_amount and amount > AMOUNT_MAXIMUM[kind]:
            raise sp.error(
                i,
                "amount",
                f"for {kind} the amount is {AMOUNT_MEANING[kind]}, at most "
                f"{AMOUNT_MAXIMUM[kind]}; got {amount}",
            )
        specials.append(
            Special(
                card,
                kind,
                sp.text(i, "name_fr"),
                sp.text(i, "name_en"),
                timing,
                amount,
                sp.text(i, "text_en"),
            )
        )
    return RungisTables(str(path), tuple(articles), tuple(specials))
