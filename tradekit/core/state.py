"""The turn protocol every game follows: :class:`Game` (options), :class:`State` (a game in play).

A :class:`Game` is a frozen, validated set of options; ``game.new_state(seed=...)`` deals a game.
A :class:`State` says who must act (:attr:`State.to_move` — one seat, or several in a simultaneous
step), lists :meth:`State.legal_actions`, and takes :meth:`State.apply`. Every action is checked;
an illegal one raises :class:`~tradekit.core.errors.IllegalActionError` and changes nothing.

Randomness comes from one :class:`numpy.random.Generator` per game, made from the seed, and every
chance result is logged, so :meth:`State.to_json` and :func:`replay` reproduce a game exactly and
:meth:`State.undo` can step back one decision by replaying all but the last.

Adding a game: read ``docs/adding-a-game.md`` first (the checklist every game follows).
"""

from __future__ import annotations

import abc
import copy
import dataclasses
import importlib
import json
import reprlib
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, Self, TypeVar

import numpy as np

from tradekit.core.actions import (
    MAX_NUMBER,
    MAX_TEXT,
    PLAIN,
    Action,
    FieldKind,
    FieldSpec,
    action_from_json,
    exact_integers,
    field_specs,
)
from tradekit.core.data import saved_table_folder, table_folder, table_texts
from tradekit.core.domains import Menu
from tradekit.core.errors import (
    IllegalActionError,
    MalformedActionError,
    Reason,
    ReplayError,
    TradekitError,
)
from tradekit.core.events import Event, Ledger, PaymentKind, Transfer
from tradekit.core.registry import game_class, load_game
from tradekit.core.saves import CheckedSave, check_log, parse_save
from tradekit.core.seats import seat_label
from tradekit.core.view import Viewer as Viewer

SAVE_FORMAT = "tradekit-game"
SAVE_VERSION = 1
#: The format of a seat save (:mod:`tradekit.core.seat_saves`), refused by :func:`replay`.
SEAT_SAVE_FORMAT = "tradekit-seat-save"

#: A game's view class: what its :meth:`State.view` returns (``State[TurinView]``).
V_co = TypeVar("V_co", covariant=True)
#: A game's state class: what its :meth:`Game.new_state` deals (``Game[TurinState]``).
S_co = TypeVar("S_co", bound="State[Any]", covariant=True)


@dataclasses.dataclass(frozen=True)
class Game(abc.ABC, Generic[S_co]):
    """A game's options: frozen, validated in ``__post_init__`` (bad options raise ConfigError).

    Subclasses are frozen dataclasses whose fields are the options, with a class attribute
    ``name`` (the registry name), and name the state class they deal as the type parameter
    (``class TurinGame(Game["TurinState"])``); code that handles every game says ``Game[Any]``.
    """

    name: ClassVar[str] = ""
    #: What the game's money is called, in English, plural ("Scudo", "florins"); charts and
    #: tables label amounts with it.
    money_name: ClassVar[str] = "coins"

    #: The game's data tables: its folder in ``data/``, its title in messages and the files it
    #: reads (none: it reads no tables). Saves embed their text (:meth:`data_files`).
    tables_read: ClassVar[tuple[str, str, tuple[str, ...]]] = ("", "", ())

    @property
    @abc.abstractmethod
    def num_players(self) -> int:
        """How many seats the game has."""

    def data_files(self) -> dict[str, str]:
        """The text of every data table this game is played with, by file name (the shipped
        ones, or those of its ``data_dir``): a save embeds them, and :func:`replay` refuses a
        save whose tables have changed since.

        Example:
            >>> import tradekit
            >>> sorted(tradekit.load_game("turin").data_files())
            ['cards.csv', 'goods.csv', 'payouts.csv']
        """
        folder_name, title, names = self.tables_read
        if not names:
            return {}
        return table_texts(table_folder(getattr(self, "data_dir", None), folder_name, title), names)

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        # Options are immutable: copies of a state share them (and any tables they hold).
        return self

    def options(self) -> dict[str, Any]:
        """The options as a JSON-ready dict; ``load_game(self.name, **self.options())`` rebuilds
        the same game."""
        return {f.name: _json_option(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @abc.abstractmethod
    def new_state(self, seed: int | None = None, setup: Mapping[str, Any] | None = None) -> S_co:
        """Deal a new game.

        Args:
            seed: seeds the game's random generator; ``None`` draws a fresh seed (recorded, so the
                game can still be replayed).
            setup: a scripted set-up (e.g. the hands of a rulebook example) instead of a deal.
        """

    @property
    @abc.abstractmethod
    def action_types(self) -> dict[str, type[Action]]:
        """The game's action classes by name (for loading saved games); the same for every
        option set of a game class (the check before each action caches them per class)."""


def _json_option(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_json_option(v) for v in value]
    if hasattr(value, "value") and not isinstance(value, (int, str)):
        return value.value
    return value


#: The presentation layer's module, imported by name for ``State._repr_html_``.
PRESENTATION = "tradekit.render"

#: Makes an event or a transfer (named tuples) from all its fields in one call: a named tuple's
#: own ``__new__`` is Python code, and a decision logs two or three events.
_NEW_TUPLE = tuple.__new__


def _snapshot(value: Any) -> Any:
    """A copy of logged data, so later changes to the game's own lists never rewrite the log.

    Dicts and lists are copied (tuples become lists, as in a save); scalars and other objects
    are kept. Most logged dicts hold only scalars, and most logged lists are lists of cards,
    seats or amounts: a loop that only looks at each item's type, then one ``copy()``, costs
    less than a comprehension that builds the copy item by item (measured with callgrind).
    """
    kind = type(value)
    if kind is dict:
        for v in value.values():
            if type(v) not in PLAIN:
                return {k: v if type(v) in PLAIN else _snapshot(v) for k, v in value.items()}
        return value.copy()
    if kind is list or kind is tuple:
        for v in value:
            if type(v) not in PLAIN:
                return [v if type(v) in PLAIN else _snapshot(v) for v in value]
        return list(value)
    if kind in PLAIN:
        return value
    if isinstance(value, dict):
        return {k: v if type(v) in PLAIN else _snapshot(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [v if type(v) in PLAIN else _snapshot(v) for v in value]
    return value


#: Each game class's action classes with the type gate's view of their fields, for the check
#: made before every action: (name, kind, tuple or not, None allowed, spec) per field.
_Gate = tuple[tuple[str, FieldKind, bool, bool, FieldSpec], ...]
_GATES: dict[type[Game[Any]], dict[type, _Gate]] = {}


def _gates(game: Game[Any]) -> dict[type, _Gate]:
    gates = _GATES.get(type(game))
    if gates is None:
        gates = _GATES[type(game)] = {
            cls: tuple((f.name, f.kind, f.many, f.optional, f) for f in field_specs(cls))
            for cls in game.action_types.values()
        }
    return gates


#: The state's lists whose items are never changed once added (see ``State.__deepcopy__``).
_SHARED_ITEMS = frozenset({"_decisions", "log"})


def fresh_seed() -> int:
    """A new random seed drawn from the operating system's entropy."""
    return int(np.random.SeedSequence().generate_state(1, dtype=np.uint64)[0] >> 1)


class State(abc.ABC, Generic[V_co]):
    """A game in play. Subclasses implement the rules; this class holds the protocol.

    Subclasses implement :attr:`to_move`, :meth:`_declare_menu` (what a seat may do now, from
    which the legal list, the check and the refusal come), :meth:`legal_actions` (the menu),
    :meth:`_do` (mutate; called only for legal actions), :meth:`view`, :attr:`is_over`,
    :meth:`scores` and :meth:`summary`. They name their view class as the type parameter
    (``class TurinState(State[TurinView])``) and narrow :attr:`game` to their own options class;
    code that handles every game says ``State[Any]``.
    """

    game: Game[Any]
    seed: int
    setup: Mapping[str, Any] | None
    rng: np.random.Generator
    log: list[Event]
    ledger: Ledger
    round: int
    phase: str

    #: Illegal-action attempts need the summary; subclasses describe themselves in one line.
    _summary_fields: ClassVar[tuple[str, ...]] = ()

    #: Action classes a seat may take whether or not it is to move (a purchase or a loan "at any
    #: time"). The core lets them past the turn check; the game's rules decide the rest, and
    #: :meth:`legal_actions` lists them for every seat.
    out_of_turn: ClassVar[frozenset[type[Action]]] = frozenset()

    #: Attributes that only remember what can be worked out again (the menus of the position,
    #: views): dicts that a copy starts empty, so that a copy never answers from menus or views
    #: bound to the original. The menus are also forgotten after every decision.
    _MEMOS: ClassVar[frozenset[str]] = frozenset({"_menu_memo"})

    def __init__(self, game: Game[Any], seed: int | None, setup: Mapping[str, Any] | None) -> None:
        self.game = game
        self.seed = fresh_seed() if seed is None else int(seed)
        self.setup = setup
        self.rng = np.random.default_rng(self.seed)
        self.log = []
        self.ledger = Ledger()
        self.round = 0
        self.phase = "setup"
        self._decisions: list[tuple[int, Action]] = []
        self._menu_memo: dict[int, Menu] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        other = object.__new__(type(self))
        memo[id(self)] = other
        memos = self._MEMOS
        for name, value in self.__dict__.items():
            if name in memos:
                other.__dict__[name] = {}
            elif name in _SHARED_ITEMS:
                # Lists of things deepcopy hands back as they are (events, pairs of a seat and a
                # frozen action), one call each: a new list of the same items is the same copy.
                other.__dict__[name] = memo[id(value)] = list(value)
            else:
                other.__dict__[name] = copy.deepcopy(value, memo)
        return other

    def _menu(self, player: int) -> Menu:
        """:meth:`_declare_menu` for this position, built once: the list a player reads and the
        check of the action they then take share one build (forgotten after every decision)."""
        menu = self._menu_memo.get(player)
        if menu is None:
            menu = self._menu_memo[player] = self._declare_menu(player)
        return menu

    @abc.abstractmethod
    def _declare_menu(self, player: int) -> Menu:
        """The one declaration of what ``player`` may do now: the legal actions (in the order bots
        and random players index them), their check and every refusal come from it."""

    # -- protocol -----------------------------------------------------------------------------
    @property
    @abc.abstractmethod
    def to_move(self) -> tuple[int, ...]:
        """The seats that must act now (several in a simultaneous step; empty when over)."""

    @abc.abstractmethod
    def legal_actions(self, player: int) -> Sequence[Action]:
        """Every action ``player`` may take now: the out-of-turn ones only, when ``player`` is not
        to move. May be a lazy :class:`~tradekit.core.domains.Menu`."""

    def _illegal_reason(self, player: int, action: Action) -> str | None:
        """Why ``action`` by ``player`` is illegal now, or ``None`` if it is legal: the menu's
        refusal."""
        return self._menu(player).reason(action)

    @abc.abstractmethod
    def _do(self, player: int, action: Action) -> None:
        """Carry out a legal action (and everything that follows until the next decision)."""

    @property
    @abc.abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @abc.abstractmethod
    def scores(self) -> list[int]:
        """Each seat's score (final once :attr:`is_over`)."""

    @abc.abstractmethod
    def view(self, viewer: Viewer = None) -> V_co:
        """A frozen observation of exactly what ``viewer`` may know.

        Args:
            viewer: a seat, ``None`` for the public view, or ``"all"`` for the teacher.
        """

    @abc.abstractmethod
    def resample_hidden(self, viewer: Viewer, seed: int | None = None) -> State[V_co]:
        """A copy in which everything ``viewer`` cannot see is redrawn at random.

        ``copy.view(viewer) == self.view(viewer)`` holds. The copy serves information-set
        reasoning (bots) and the conformance test; it may break invariants the viewer cannot see,
        so it is not meant to be played on.
        """

    @abc.abstractmethod
    def money(self) -> list[int]:
        """Coins each seat holds now, locked ones included (for conservation checks)."""

    @property
    @abc.abstractmethod
    def initial_money(self) -> list[int]:
        """Coins each seat held when the game began; ``money()[p] - initial_money[p]`` always
        equals ``ledger.net(p)``."""

    @abc.abstractmethod
    def card_locations(self) -> dict[str, list[int]]:
        """Where every card is now, by location name; together they hold every card once."""

    @abc.abstractmethod
    def all_cards(self) -> list[int]:
        """The ids of every card of the game."""

    def _repr_html_(self) -> str:
        """The public (projector) view as HTML, for notebooks (``tradekit.render`` draws it).

        The presentation layer is imported by name when a notebook first shows a state: the
        engine imports no presentation code, and no module of the engine imports it back.
        """
        return str(importlib.import_module(PRESENTATION).render(self))

    def summary(self) -> str:
        """A one-line description of the state, used in error messages."""
        who = ",".join(seat_label(p) for p in self.to_move) or "nobody"
        return f"round {self.round}, phase {self.phase}, to move: {who}"

    # -- checks (pokerkit style: verify / can / do) ------------------------------------------
    def check(self, player: int, action: Action) -> None:
        """Raise :class:`IllegalActionError` if ``player`` may not take ``action`` now.

        A malformed action (a field of the wrong type, no such seat or card) raises its subclass
        :class:`~tradekit.core.errors.MalformedActionError`. Whole numbers of numpy's integer
        types (``np.int64(5)``, as a notebook's arithmetic gives them) count as the same ints.
        """
        self._verify(*self._admit(player, action))

    def _verify(self, player: int, action: Action) -> None:
        """:meth:`check` after the type gate."""
        reason = self._turn_reason(player, action)
        if reason is None:
            reason = self._illegal_reason(player, action)
        if reason is not None:
            raise IllegalActionError(reason, player, action, self.summary())

    def can(self, player: int, action: Action) -> bool:
        """Whether ``player`` may take ``action`` now."""
        # The type gate without the refusal _admit raises: a malformed action is simply not
        # allowed, so no message or state summary is built for it.
        if self._malformed_reason(player, action) is not None:
            exact = exact_integers(player, action)
            if exact is None or self._malformed_reason(*exact) is not None:
                return False
            player, action = exact
        return (
            self._turn_reason(player, action) is None
            and self._illegal_reason(player, action) is None
        )

    def _admit(self, player: int, action: Action) -> tuple[int, Action]:
        """The seat and action past the type gate, numpy integers turned into ints.

        Raises:
            MalformedActionError: naming the wrong field, seat or class.
        """
        malformed = self._malformed_reason(player, action)
        if malformed is None:
            return player, action
        exact = exact_integers(player, action)
        if exact is None or self._malformed_reason(*exact) is not None:
            raise MalformedActionError(malformed, player, action, self.summary())
        return exact

    def _card_ids(self) -> frozenset[int]:
        ids: frozenset[int] | None = self.__dict__.get("_card_id_set")
        if ids is None:
            ids = self.__dict__["_card_id_set"] = frozenset(
                c for c in self.all_cards() if type(c) is int
            )
        return ids

    def _malformed_reason(self, player: object, action: object) -> str | None:
        """The one type gate: seat, action class and every field, before any rule is asked."""
        seats = self.game.num_players
        if type(player) is not int:
            return Reason(
                f"a player is a seat number, got {player!r} (a {type(player).__name__})",
                "seat_type",
                given=_short(player),
                given_type=type(player).__name__,
            )
        if not 0 <= player < seats:
            return Reason(
                f"there is no seat {player} (seats are 0..{seats - 1})",
                "no_seat",
                given=player,
                last=seats - 1,
            )
        kind = type(action)
        gate = _gates(self.game).get(kind)
        if gate is None:
            return Reason(
                f"{action!r} is not an action of this game", "not_an_action", code=_short(action)
            )
        for name, field, many, optional, spec in gate:
            value = getattr(action, name)
            # The common cases first: one value of the field's own type, within its bounds.
            kind_of = type(value)
            if kind_of is int and not many:
                if field is FieldKind.NUMBER:
                    if -MAX_NUMBER <= value <= MAX_NUMBER:
                        continue
                elif field is FieldKind.SEAT:
                    if 0 <= value < seats:
                        continue
                elif field is FieldKind.CARD and value in self._card_ids():
                    continue
            elif kind_of is bool:
                if field is FieldKind.FLAG and not many:
                    continue
            elif value is None:
                if optional:
                    continue
            elif kind_of is str and field is FieldKind.TEXT and not many and len(value) <= MAX_TEXT:
                continue
            why = spec.reason(value, seats, self._card_ids())
            if why is not None:
                # Quoted as its code in other languages: a malformed action comes from code (a
                # bot, a notebook cell, a save), and its words may not be writable at all.
                return Reason(
                    f"“{_action_text(action)}”: {why}", "malformed", code=_short(action), why=why
                )
        return None

    def _turn_reason(self, player: int, action: Action) -> str | None:
        if self.is_over:
            return Reason("the game is over", "game_over")
        if player not in self.to_move and type(action) not in self.out_of_turn:
            return Reason(f"it is not {seat_label(player)}'s turn", "not_your_turn", seat=player)
        return None

    def apply(self, player: int, action: Action) -> None:
        """Apply ``action`` for ``player`` after checking it is legal.

        Raises:
            IllegalActionError: with the reason, the action and a state summary; the state is
                unchanged.
        """
        menu = self._menu_memo.get(player) if type(player) is int else None
        if menu is None or action is not menu._handed:
            # The action just read off this seat's menu of this position is on it: made by the
            # rules, it needs neither the type gate nor the check.
            player, action = self._admit(player, action)
            self._verify(player, action)
        self._decisions.append((player, action))
        try:
            self._do(player, action)
        finally:
            self._menu_memo.clear()  # a menu built mid-change must not outlive it

    @property
    def decisions(self) -> tuple[tuple[int, Action], ...]:
        """Every decision applied so far, in order."""
        return tuple(self._decisions)

    # -- logging helpers for subclasses -------------------------------------------------------
    def _event(
        self,
        kind: str,
        text: str = "",
        *,
        player: int | None = None,
        action: Action | None = None,
        data: Mapping[str, Any] | None = None,
        visible_to: Sequence[int] | None = None,
        fresh: bool = False,
    ) -> None:
        """Log an event of this round and phase.

        ``data`` is copied (``_snapshot``), so that the game's own lists, changed later, never
        rewrite the log; ``fresh`` says it was made for this event, every container in it too,
        and holds nothing the game keeps (as :func:`~tradekit.core.events.told` makes it): it is
        logged as it is. A told auction of four bids is a dozen small dicts and lists to copy.
        """
        if not data:
            data = {}
        elif not fresh or type(data) is not dict:
            data = _snapshot(data if isinstance(data, dict) else dict(data))
        if visible_to is not None and type(visible_to) is not tuple:
            visible_to = tuple(visible_to)
        event = (kind, self.round, self.phase, player, action, data, visible_to, text)
        self.log.append(_NEW_TUPLE(Event, event))

    def _transfer(
        self, amount: int, payer: int | str, payee: int | str, reason: str, kind: PaymentKind
    ) -> None:
        """Record a transfer in the ledger (amount 0 records nothing); ``kind`` says why the
        money moved (:data:`~tradekit.core.events.PAYMENT_KINDS`)."""
        if amount:
            transfer = (amount, payer, payee, reason, self.round, self.phase, kind)
            self.ledger.record(_NEW_TUPLE(Transfer, transfer))

    def visible_log(self, viewer: Viewer = None) -> list[Event]:
        """The events ``viewer`` may see (:meth:`Event.visible`, without a call per event)."""
        if viewer == "all":
            return list(self.log)
        if not isinstance(viewer, int):  # the public sees only the events shown to everyone
            return [e for e in self.log if e.visible_to is None]
        return [e for e in self.log if e.visible_to is None or viewer in e.visible_to]

    # -- undo, save and replay ---------------------------------------------------------------
    def undo(self) -> Action:
        """Step back one decision; returns the action undone.

        Raises:
            IllegalActionError: if no decision has been made yet.
        """
        if not self._decisions:
            raise IllegalActionError("there is no decision to undo", None, None, self.summary())
        undone = self._decisions[-1][1]
        rebuilt: State[V_co] = self.game.new_state(seed=self.seed, setup=self.setup)
        for p, a in self._decisions[:-1]:
            rebuilt.apply(p, a)
        self.__dict__.update(rebuilt.__dict__)
        return undone

    def branch(self, decisions: int) -> State[V_co]:
        """A new state replaying only the first ``decisions`` decisions (a "what if" point)."""
        if not 0 <= decisions <= len(self._decisions):
            raise TradekitError(f"decisions must be in 0..{len(self._decisions)}, got {decisions}")
        rebuilt: State[V_co] = self.game.new_state(seed=self.seed, setup=self.setup)
        for p, a in self._decisions[:decisions]:
            rebuilt.apply(p, a)
        return rebuilt

    def to_json(self, indent: int | None = None, *, viewer: Viewer = "all") -> str:
        """The game as JSON: the teacher's full save, or a seat's save.

        Args:
            indent: JSON indentation (``None``: one line).
            viewer: ``"all"`` (the default) for the *full save*, which :func:`replay` replays
                exactly: options, seed, set-up, the text of the data tables, every decision and
                the full log, every seat's secrets included (``"holds": "everything"``). A seat
                for that seat's *seat save*, or ``None`` for the public's: only what that viewer
                saw, step by step, which ``tradekit.review`` opens (see
                :mod:`tradekit.core.seat_saves`).

        Example:
            >>> import tradekit
            >>> state = tradekit.load_game("turin", players=3).new_state(seed=4)
            >>> import json
            >>> json.loads(state.to_json())["holds"], json.loads(state.to_json(viewer=1))["holds"]
            ('everything', 'seat 1')
        """
        if viewer != "all":
            from tradekit.core.seat_saves import seat_save

            return json.dumps(seat_save(self, viewer), indent=indent, ensure_ascii=False)
        doc = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "holds": "everything",
            "game": self.game.name,
            "options": self.game.options(),
            "seed": self.seed,
            "setup": self.setup,
            "tables": self.game.data_files(),
            "decisions": [[p, a.to_json()] for p, a in self._decisions],
            "log": [e.to_json() for e in self.log],
        }
        return json.dumps(doc, indent=indent, ensure_ascii=False)


#: How :func:`replay` treats a save's embedded data tables.
TABLE_MODES = ("check", "saved", "current")


def replay(saved: str | bytes | Mapping[str, Any], tables: str = "check") -> State[Any]:
    """Rebuild a game from :meth:`State.to_json` output, checking every logged event.

    The game is replayed from its seed and decisions; the regenerated log must equal the saved one
    event for event (so a tampered chance result or action is detected). A game saved by an older
    tradekit, whose events carry fewer ``data`` facts, miss a consequence logged since, or list a
    phase's events in another order, still loads: every saved fact must hold (see
    ``_older_log_matches``).

    A save embeds the text of the data tables the game was played with (saves made before
    2026-12 do not; they are replayed under today's tables). ``tables`` says what to do with them:

    * ``"check"`` (the default): replay under today's tables, refused if one differs from the
      embedded one (the same decisions could end with other scores);
    * ``"saved"``: replay under the embedded tables (written once to a folder of the system's
      temporary folder, which the replayed game's ``data_dir`` then names);
    * ``"current"``: replay the decisions under today's tables whatever they hold ("what would
      this game have scored under the edited payouts?"). The decisions must still be legal, but
      the log is today's: it is not compared with the saved one.

    Raises:
        ReplayError: malformed JSON, an unknown game or version, a table that changed, an
            illegal decision, or a log that does not match.

    Example:
        >>> import tradekit
        >>> state = tradekit.load_game("turin", players=3).new_state(seed=4)
        >>> tradekit.replay(state.to_json()).to_json() == state.to_json()
        True
    """
    try:
        return _replay(saved, tables)
    except ReplayError as exc:
        # Whatever the replay refuses says in a sentence what is wrong with the save; what was
        # not found wrong in its form was changed (or damaged) since it was made.
        raise exc.as_problem("changed") from None


def _replay(saved: str | bytes | Mapping[str, Any], tables: str) -> State[Any]:
    """:func:`replay`, its refusals not all said in a sentence yet."""
    # The log is checked only if it differs from the replayed one (see parse_save).
    doc = parse_save(saved, defer_log=True)
    if doc.get("format") == SEAT_SAVE_FORMAT:
        raise ReplayError(
            "this is a seat save: it holds only what one seat saw, so it cannot be replayed or "
            "played on; tradekit.review(save) shows the game as that seat saw it",
            "seat_save",
        )
    if doc.get("format") != SAVE_FORMAT:
        raise ReplayError(
            f"not a saved tradekit game (format must be {SAVE_FORMAT!r})", "not_a_save"
        )
    if doc.get("version") != SAVE_VERSION:
        version = doc.get("version")
        raise ReplayError(
            f"saved with format version {version!r}; this is {SAVE_VERSION}", "version"
        )
    for key in ("game", "options", "seed", "decisions", "log"):
        if key not in doc:
            raise ReplayError(f"the saved game has no {key!r}")
    if not isinstance(doc["options"], dict) or not isinstance(doc["decisions"], list):
        raise ReplayError("'options' must be an object and 'decisions' a list")
    if not isinstance(doc["log"], list):
        raise ReplayError("'log' must be a list of events")
    if type(doc["seed"]) is not int or not 0 <= doc["seed"] < 2**64:
        seed = _short(doc["seed"])
        raise ReplayError(f"'seed' must be a whole number from 0 to 2**64 - 1, got {seed}")
    game = saved_game(doc, tables)
    try:
        state: State[Any] = game.new_state(seed=doc["seed"], setup=doc.get("setup"))
    except Exception as exc:
        raise ReplayError(f"cannot deal the game: {exc}") from None
    for index, item in enumerate(doc["decisions"]):
        if not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], int):
            raise ReplayError(f"decision {index} must be [seat, action], got {_short(item)}")
        try:
            action = action_from_json(item[1], game.action_types)
        except ReplayError as exc:
            raise ReplayError(f"decision {index}: {exc}") from None
        try:
            state.apply(item[0], action)
        except IllegalActionError as exc:
            raise ReplayError(f"decision {index} is illegal: {exc}") from None
        except Exception as exc:  # a tampered save must never escape as a crash
            raise ReplayError(f"decision {index} cannot be applied: {exc!r}") from None
    if tables == "current":
        return state
    _check_replayed_log(state, doc, text_keys=isinstance(saved, (str, bytes)) or doc.log_checked)
    return state


def _check_replayed_log(state: State[Any], doc: CheckedSave, text_keys: bool) -> None:
    """Refuse a save whose log is not the replayed one (nor an older tradekit's log of it).

    ``text_keys``: the saved log was read from JSON text or walked by ``parse_save``, so its
    keys are all texts and its events can be compared with ``_logged_as``.
    """
    saved_log = _without_logged_seed(doc["log"], doc["seed"])
    if (
        text_keys
        and len(saved_log) == len(state.log)
        and all(map(_logged_as, state.log, saved_log))
    ):
        return
    regenerated = [e.to_json() for e in state.log]
    if regenerated == saved_log:
        return
    check_log(doc)
    if not _older_log_matches(saved_log, regenerated):
        for index, (a, b) in enumerate(zip(regenerated, saved_log, strict=False)):
            if a != b:
                raise ReplayError(
                    f"log event {index} differs: saved {_short(b)}, replayed {_short(a)}"
                )
        raise ReplayError(
            f"log length differs: saved {len(saved_log)} events, replayed {len(regenerated)}"
        )


def _logged_as(event: Event, saved: Any) -> bool:
    """Whether ``saved``, an event of a save's log whose keys are all texts, equals
    ``event.to_json()``; told without building that when they are equal, as every event of an
    untouched save is.

    The event's data is compared as it is. Logged data holds lists, never tuples
    (``_snapshot``), so if it equals saved data of text keys only, it has text keys only too and
    is its own JSON form. Data that does not (seat keys are numbers in memory, texts in JSON) is
    compared by its JSON form.
    """
    if type(saved) is not dict:
        return False
    kind, rnd, phase, player, action, data, visible_to, text = event
    if data and saved.get("data") != data:
        return event.to_json() == saved
    # The keys to_json writes, each with the value it writes (no value there is None).
    return (
        len(saved)
        == 3
        + (player is not None)
        + (action is not None)
        + bool(data)
        + (visible_to is not None)
        + bool(text)
        and saved.get("kind") == kind
        and saved.get("round") == rnd
        and saved.get("phase") == phase
        and (player is None or saved.get("player") == player)
        and (action is None or saved.get("action") == action.to_json())
        and (visible_to is None or saved.get("visible_to") == list(visible_to))
        and (not text or saved.get("text") == text)
    )


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 80
_REPR.maxlist = _REPR.maxdict = 8
_REPR.maxlevel = 3


def saved_game(doc: Mapping[str, Any], tables: str = "check") -> Game[Any]:
    """The game (options and data tables) a save names, built as ``tables`` says (see
    :func:`replay`); shared by full saves and seat saves.

    Raises:
        ReplayError: the options are not an object, the game cannot be built with them, or (with
            ``tables="check"``) a table differs from the one the save embeds.
    """
    if tables not in TABLE_MODES:
        raise ReplayError(f"tables must be one of {TABLE_MODES}, got {_short(tables)}")
    if not isinstance(doc.get("options"), dict):
        raise ReplayError("'options' must be an object")
    options = doc["options"]
    embedded = _embedded_tables(doc)
    if embedded is not None and tables == "saved":
        options = {**options, "data_dir": str(saved_table_folder(str(doc["game"]), embedded))}
    try:
        game = load_game(doc["game"], **options)
    except ReplayError:
        raise
    except Exception as exc:
        raise ReplayError(f"cannot rebuild the game: {exc}") from None
    if embedded is not None and tables == "check":
        _check_tables(game, embedded)
    return game


def _action_text(action: object) -> str:
    """An action as a refusal names it: its text (``bid 5``); its field values when even that
    cannot be written (a field of the wrong type)."""
    try:
        return str(action)
    except Exception:
        return ", ".join(repr(v) for v in dataclasses.astuple(action))  # type: ignore[call-overload]


def _short(value: object) -> str:
    """A bounded repr of hostile input for a message (never the whole of a huge value)."""
    return _REPR.repr(value)


def _embedded_tables(doc: Mapping[str, Any]) -> dict[str, str] | None:
    """The save's embedded tables (``None`` for a save made before they were), checked: plain
    file names of the game's own tables, each a text (``parse_save`` bounds their length)."""
    embedded = doc.get("tables")
    if embedded is None:
        return None
    if not isinstance(embedded, dict):
        raise ReplayError(
            f"'tables' must be an object of file names and texts, got {_short(embedded)}"
        )
    try:
        names = game_class(str(doc["game"])).tables_read[2]
    except Exception as exc:
        raise ReplayError(f"cannot rebuild the game: {exc}") from None
    for name, text in embedded.items():
        if name not in names:
            raise ReplayError(f"'tables' holds {_short(name)}, not a table of this game")
        if not isinstance(text, str):
            raise ReplayError(f"the saved table {name} must be a text of at most 1 MiB")
    return embedded


def _check_tables(game: Game[Any], embedded: Mapping[str, str]) -> None:
    """Refuse a replay under tables other than those the game was saved with."""
    try:
        current = game.data_files()
    except TradekitError as exc:
        raise ReplayError(f"cannot read the game's tables: {exc}") from None
    for name in sorted(set(embedded) | set(current)):
        if embedded.get(name) != current.get(name):
            if name not in embedded:
                change = "was not there when it was saved"
            elif name not in current:
                change = "is missing now"
            else:
                change = "has changed"
            raise ReplayError(
                f"the table {name} {change} since this game was saved, so the same decisions "
                "could end differently: replay(save, tables='saved') replays it under the tables "
                "it was played with, tables='current' under today's",
                "tables",
            )


def _without_logged_seed(log: list[Any], seed: int) -> list[Any]:
    """The saved log with the seed taken out of its opening event, where tradekit logged it
    before 2026-12 (every seat could read it there, and re-deal every hidden card from it); the
    seed now stays in the save's header only. A logged seed other than the header's is kept, so
    the replay refuses it as a changed event."""
    for index, event in enumerate(log):
        data = event.get("data") if isinstance(event, dict) else None
        # The first release's opening event carried no "what".
        if not isinstance(data, dict) or data.get("what", "start") != "start":
            continue
        if "seed" not in data:
            if "what" in data:
                return log
            continue
        if type(data["seed"]) is not int or data["seed"] != seed:
            return log
        opening = {**event, "data": {k: v for k, v in data.items() if k != "seed"}}
        return [*log[:index], opening, *log[index + 1 :]]
    return log


#: The parts of a saved event compared apart (``data``) or not at all (``text``, the wording).
_WORDED = frozenset({"data", "text"})


def _older_log_matches(saved: list[Any], replayed: list[dict[str, Any]]) -> bool:
    """Whether a log saved by an older tradekit agrees with the replayed one.

    Later versions add facts to events' ``data``, may log a consequence of the rules that older
    ones left to the ledger (an ``"info"`` event), and may list the events of one phase of a
    round in another order (Medici's scripted set-up once came before the opening event). So the
    logs are cut into stretches of consecutive events of the same round and phase, which must
    come in the same order; within a stretch every saved event must pair off with a replayed one
    equal in everything but ``data`` and ``text`` (the English narration, which later versions
    may word otherwise: seats numbered from 1), where every saved key of ``data`` must hold the
    replayed value. Replayed events left over must be ``"info"`` events. A changed value, an
    extra key, a decision, chance result or reveal missing from the replay, or one the replay
    does not make is refused.
    """
    if len(saved) > len(replayed) or not all(isinstance(e, dict) for e in saved):
        return False  # older logs hold fewer events, never more (and pairing stays cheap)

    def stretches(log: Sequence[Mapping[str, Any]]) -> list[list[Mapping[str, Any]]]:
        out: list[list[Mapping[str, Any]]] = []
        for event in log:
            key = (event.get("round"), event.get("phase"))
            if out and (out[-1][0].get("round"), out[-1][0].get("phase")) == key:
                out[-1].append(event)
            else:
                out.append([event])
        return out

    def agrees(old: Mapping[str, Any], new: Mapping[str, Any]) -> bool:
        if {k: v for k, v in old.items() if k not in _WORDED} != {
            k: v for k, v in new.items() if k not in _WORDED
        }:
            return False
        data, fuller = old.get("data", {}), new.get("data", {})
        if not isinstance(data, dict):
            return False
        return all(key in fuller and fuller[key] == value for key, value in data.items())

    old_parts, new_parts = stretches(saved), stretches(replayed)
    if len(old_parts) != len(new_parts):
        return False
    for olds, news in zip(old_parts, new_parts, strict=True):
        unmatched = list(news)
        for old in olds:
            match = next((i for i, new in enumerate(unmatched) if agrees(old, new)), None)
            if match is None:
                return False
            unmatched.pop(match)
        if any(new.get("kind") != "info" for new in unmatched):
            return False
    return True
