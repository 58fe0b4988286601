"""The bot protocol: a strategy that sees one seat's view and the legal actions, never the state.

A bot is a small class with a :attr:`Bot.name`, its parameters (dataclass fields, validated in
``__post_init__``) and an ``rng`` (a :class:`numpy.random.Generator`) passed in. The simulator
makes a fresh copy of each bot for every game and seat with :meth:`Bot.for_game`, giving it a
random stream spawned from the game's seed, so a run is reproducible whatever the backend.

Writing a bot: subclass :class:`Bot` as a ``@dataclasses.dataclass(eq=False, kw_only=True)``,
set ``name`` (and ``game`` if it plays one game only), declare its parameters as fields, implement
:meth:`Bot.act` and return through :meth:`Bot.because` so the decision can be explained::

    @register_bot
    @dataclasses.dataclass(eq=False, kw_only=True)
    class FirstBot(Bot[Game[Any], Any]):
        name: ClassVar[str] = "first"

        def act(self, view, legal):
            return self.because(legal[0], "the first legal action is good enough")

A bot of one game names that game's options and view classes as its type parameters
(``class TurinHeuristicBot(Bot[TurinGame, TurinView])``), so :meth:`Bot.start` and :meth:`Bot.act`
read them typed; a bot for every game says ``Bot[Game[Any], Any]``.

A student's bot can also be a plain function: see :func:`tradekit.bots.bot`.
"""

from __future__ import annotations

import abc
import copy
import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, Self, TypeVar

import numpy as np

from tradekit.core.actions import Action
from tradekit.core.errors import ConfigError, TradekitError
from tradekit.core.seats import SeatNumber
from tradekit.core.state import Game
from tradekit.core.view import slot_init

#: The options class of the game a bot plays (``TurinGame``; ``Game[Any]`` for any game).
G = TypeVar("G", bound=Game[Any])
#: The view class a bot reads (``TurinView``; ``Any`` for a bot of every game).
V = TypeVar("V")


@slot_init
@dataclasses.dataclass(frozen=True, slots=True)
class Said:
    """A bot's reason as a message of the catalogue (:mod:`tradekit.i18n`), so it can be read in
    English or French; made with :func:`said`.

    Attributes:
        key: the message key (a game's bots' messages are in its ``messages.toml``).
        fields: the values the message is formatted with.
    """

    key: str
    fields: tuple[tuple[str, Any], ...]

    def text(self, lang: str = "en") -> str:
        """The reason in ``lang``; French numbers get a decimal comma, and a seat given as a
        :class:`~tradekit.core.seats.SeatNumber` reads as its label (``P2`` / ``J2``).

        Example:
            >>> from tradekit.i18n import add_messages
            >>> add_messages({"demo.why": {"en": "worth {w:.1f}", "fr": "vaut {w:.1f}"}})
            >>> said("demo.why", w=2.25).text(), said("demo.why", w=2.25).text("fr")
            ('worth 2.2', 'vaut 2,2')
        """
        from tradekit.i18n import seat_label, t

        fields = {k: seat_label(v, lang) if type(v) is SeatNumber else v for k, v in self.fields}
        if lang == "fr":
            fields = {k: _Comma(v) if type(v) is float else v for k, v in fields.items()}
        return t(self.key, lang, **fields)


class _Comma(float):
    """A float formatted with a decimal comma (French)."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        from tradekit.i18n import number_text

        return number_text(float.__format__(self, spec), "fr")


def said(key: str, /, **fields: Any) -> Said:
    """A reason from the message catalogue, for :meth:`Bot.because` (formatted only when asked).

    Example:
        >>> said("demo.why", w=1.0).key
        'demo.why'
    """
    return Said(key, tuple(fields.items()))


#: Fields of :class:`Bot` that are not strategy parameters.
_NOT_PARAMS = frozenset({"rng", "label"})


class BotError(TradekitError):
    """A bot failed: it returned something that is not a legal action, or raised.

    Attributes:
        bot: the bot's display name (:attr:`Bot.tag`).
        seat: the seat it played.
        detail: what went wrong.
    """

    def __init__(self, bot: str, seat: int | None, detail: str) -> None:
        self.bot = bot
        self.seat = seat
        self.detail = detail
        where = f" at seat {seat}" if seat is not None else ""
        super().__init__(f"bot {bot!r}{where}: {detail}")

    def __reduce__(self) -> tuple[type[BotError], tuple[str, int | None, str]]:
        # raised inside worker processes: must travel back to the parent intact
        return (BotError, (self.bot, self.seat, self.detail))


@dataclasses.dataclass(eq=False, kw_only=True)
class Bot(abc.ABC, Generic[G, V]):
    """Base class of every bot.

    Attributes:
        name: the bot's registry name (``"random"``, ``"heuristic"``, ...).
        game: the game it plays (a name of :data:`tradekit.GAMES`), or ``None`` for any game.
        uses_view: whether :meth:`act` reads its view (see the class attribute).
        rng: its random stream; the simulator replaces it for every game.
        label: a display name for tables and charts (default: :attr:`tag` built from the name and
            the parameters that differ from their defaults).

    Example:
        >>> from tradekit.bots import RandomBot
        >>> bot = RandomBot(rng=np.random.default_rng(1))
        >>> bot.tag, bot.params()
        ('random', {})
    """

    name: ClassVar[str] = "bot"
    game: ClassVar[str | None] = None
    #: False for a bot that never reads its view: the simulator then passes ``None`` and saves
    #: building the view (a large share of a random game's time).
    uses_view: ClassVar[bool] = True

    rng: np.random.Generator = dataclasses.field(
        default_factory=np.random.default_rng, repr=False, compare=False
    )
    label: str | None = dataclasses.field(default=None, repr=False)
    seat: int | None = dataclasses.field(default=None, init=False, repr=False)
    _why: str | Said = dataclasses.field(default="", init=False, repr=False)
    _last: Action | None = dataclasses.field(default=None, init=False, repr=False)
    _notes: dict[str, float] = dataclasses.field(default_factory=dict, init=False, repr=False)

    # -- what a bot is ------------------------------------------------------------------------
    def params(self) -> dict[str, Any]:
        """The bot's strategy parameters (its dataclass fields except ``rng`` and ``label``)."""
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if f.init and f.name not in _NOT_PARAMS
        }

    @property
    def tag(self) -> str:
        """The name shown in tables: the label, else the name and any non-default parameters.

        Example:
            >>> from tradekit.games.turin.bots import TurinHeuristicBot
            >>> TurinHeuristicBot(aggression=0.9).tag
            'heuristic(aggression=0.9)'
        """
        if self.label:
            return self.label
        changed = []
        for f in dataclasses.fields(self):
            if not f.init or f.name in _NOT_PARAMS:
                continue
            default = f.default
            if default is dataclasses.MISSING and f.default_factory is not dataclasses.MISSING:
                default = f.default_factory()
            value = getattr(self, f.name)
            if value != default:
                changed.append(f"{f.name}={value!r}")
        return f"{self.name}({', '.join(changed)})" if changed else self.name

    # -- playing ------------------------------------------------------------------------------
    def for_game(self, game: G, seat: int, rng: np.random.Generator) -> Self:
        """A fresh copy of this bot to play ``seat`` of one game of ``game`` with ``rng``.

        The copy shares the parameters, gets its own random stream and per-game memory, and
        :meth:`start` is called on it.
        """
        if self.game is not None and game.name != self.game:
            raise BotError(self.tag, seat, f"plays {self.game!r}, not {game.name!r}")
        new = copy.copy(self)
        new.rng = rng
        new.seat = seat
        new._why = ""
        new._last = None
        new._notes = {}
        new.start(game)
        return new

    def start(self, game: G) -> None:
        """Called on the per-game copy before the first decision; read the public rules here.

        Args:
            game: the game's options (public knowledge: card lists, payout tables, ...).
        """

    @abc.abstractmethod
    def act(self, view: V, legal: Sequence[Action]) -> Action:
        """Choose an action.

        Args:
            view: what this bot's seat may see (``state.view(seat)``).
            legal: the legal actions (computed on first use, so a bot that builds its action
                from the view does not pay for the list).

        Returns:
            One of the legal actions, preferably through :meth:`because`.
        """

    def because(self, action: Action, why: str | Said, **notes: float) -> Action:
        """Record why ``action`` was chosen (one sentence) and the numbers behind it.

        Args:
            action: the action chosen.
            why: one sentence a student can read: a string (English only), or a catalogue message
                from :func:`said`, which :meth:`explain` gives in English or French (and which is
                formatted only when someone asks, so simulations do not pay for it).
            **notes: numbers for the decision table (e.g. ``valuation=7.5``).

        Returns:
            ``action``, so ``act`` can end with ``return self.because(...)``.
        """
        self._last = action
        self._why = why
        self._notes = notes
        return action

    @property
    def reason(self) -> str | Said:
        """The last decision's reason as given to :meth:`because` (a :class:`Said` message or a
        plain string), before any formatting; ``""`` before the first decision."""
        return self._why

    def explain(self, lang: str = "en") -> str:
        """One sentence saying why the last decision was made, in ``lang`` (``"en"`` or ``"fr"``;
        a reason given as a plain string is English only).

        Example:
            >>> from tradekit.bots import RandomBot
            >>> from tradekit.games.turin import Bid
            >>> bot = RandomBot(rng=np.random.default_rng(0))
            >>> bot.act(None, [Bid(0), Bid(1)])
            Bid(amount=1)
            >>> bot.explain()
            'Picked uniformly at random among 2 legal actions.'
        """
        if isinstance(self._why, Said):
            return self._why.text(lang)
        if self._why:
            return self._why
        if self._last is not None:
            return f"{self.tag} chose {self._last}."
        return f"{self.tag} has not decided anything yet."

    @property
    def notes(self) -> dict[str, float]:
        """The numbers behind the last decision (empty if the bot gave none)."""
        return self._notes


def check_fraction(value: float, name: str, low: float = 0.0, high: float = 1.0) -> None:
    """Raise :class:`~tradekit.core.errors.ConfigError` unless ``low <= value <= high``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise ConfigError(name, value, f"a number from {low} to {high}")
