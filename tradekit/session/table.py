"""A game at a table of humans and bots, with no drawing: the session every front end drives.

:class:`TableSession` holds everything about a table that is not a widget: the game in play, which
seats humans hold and which bots play (:mod:`tradekit.session.policy`), the view on show and the
hot-seat curtain, Back and its rules, "what if" branches, bot steps, the bots' explanations and
when a viewer may read them, typed commands (:mod:`tradekit.session.commands`), save and load,
and the language. The notebook's table widget (:class:`tradekit.widgets.table.TableWidget`) is a
thin shell on it; a web front end can drive the same session without ipywidgets.

Nothing a player does raises: a refused action, a mistyped command, a bad save or a broken bot
becomes a :class:`Notice` in words (:attr:`TableSession.notice`, and :attr:`TableSession.on_notice`
is called with each one), never a traceback. :meth:`TableSession.guard` does the same for any
other call a front end makes. A notice names actions by their labels and seats as people count
them (``P1``), in the table's language; the engine's own words stay in
:attr:`TableSession.last_error` for whoever debugs.

Every change of the game in play moves :attr:`TableSession.version` on. Controls drawn at one
version submit through :meth:`TableSession.current`: a click that arrives after the table moved
on (a double click, a button left on screen while the bots played) is not played but answered
"already done", so a stale button never plays a decision its player did not see.

Two modes decide what a table allows. A student's table (the default when a human holds a seat)
shows only the humans' own views and the public one, saves seat saves, keeps the bots' reasons
about other seats for the end of the game, and never goes back over another human's decision.
A teacher's table has every view, the full save and Back over anybody's decision.
"""

from __future__ import annotations

import bisect
import dataclasses
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import islice
from typing import Any, ParamSpec, TypeVar

import numpy as np

from tradekit.core.actions import Action
from tradekit.core.domains import Menu
from tradekit.core.errors import IllegalActionError, ReplayError, TradekitError
from tradekit.core.registry import load_game
from tradekit.core.seat_saves import Review, review
from tradekit.core.seats import seat_label
from tradekit.core.state import Game, State, Viewer, replay
from tradekit.i18n import bot_label, check_lang, reason_text, t
from tradekit.render import Context, Renderer, renderer_for, viewer_label
from tradekit.session.commands import examples, normal, parse_amount, parse_command
from tradekit.session.policy import RandomPolicy, SeatPolicy, as_policy

P = ParamSpec("P")
R = TypeVar("R")

#: Safety cap on bot decisions in one "play" (a game that never ends must not hang the kernel).
MAX_BOT_STEPS = 20_000

#: A table's modes: a student's (own views, seat saves) and a teacher's (every power).
MODES = ("student", "teacher")

#: The most out-of-turn actions offered at once (a seat rarely has more than a few).
MAX_OUT_OF_TURN = 12

#: The most kinds of action a refusal lists as what the seat may do instead.
MAX_CHOICES_SAID = 4

#: The most legal actions walked to find the action of a command example (Négoces' offers are a
#: few hundred; a rich seat's bids, never walked, are millions).
EXAMPLE_WALK = 10_000


@dataclasses.dataclass(frozen=True, slots=True)
class Notice:
    """A message for the table: what went wrong or what just happened, in words.

    Attributes:
        text: the message in the table's language (empty: nothing to show).
        kind: ``"error"``, ``"ok"`` or ``"note"``.
    """

    text: str
    kind: str = "note"


@dataclasses.dataclass(frozen=True, slots=True)
class SaveFile:
    """A saved game to hand over as a file.

    Attributes:
        text: the save (JSON).
        name: a file name for it: ``<game>-game.json`` for a full save, ``<game>-P<n>.json``
            for a seat save (``P1`` for seat 0), ``<game>-public.json`` for the public's.
        viewer: whose save it is (``"all"`` for the full save).
    """

    text: str
    name: str
    viewer: Viewer


def decision_events(state: State[Any]) -> list[int | None]:
    """For each decision, the index in ``state.log`` of the action event that records it.

    Decisions are matched in order to action events of the same seat and action; a decision whose
    event is not found (a game that logs it differently) gets ``None``.

    Example:
        >>> import tradekit
        >>> state = tradekit.load_game("turin", players=3).new_state(seed=1)
        >>> state.apply(0, state.legal_actions(0)[0])
        >>> [state.log[i].player for i in decision_events(state)]
        [0]
    """
    out: list[int | None] = []
    log = state.log
    pos = 0
    for seat, action in state.decisions:
        found = None
        for i in range(pos, len(log)):
            e = log[i]
            if e.kind == "action" and e.player == seat and e.action == action:
                found = i
                break
        out.append(found)
        if found is not None:
            pos = found + 1
    return out


def default_bot(game: Game[Any]) -> str | None:
    """The bot that plays the seats nobody chose for: the game's ``"heuristic"`` bot from
    ``tradekit.bots`` if it has one, else ``None`` (a :class:`RandomPolicy`, whose explanations
    are translated).

    Example:
        >>> import tradekit
        >>> default_bot(tradekit.load_game("turin"))
        'heuristic'
    """
    try:
        from tradekit.bots import has_bot
    except ImportError:  # pragma: no cover - bots are part of the package
        return None
    return "heuristic" if has_bot(game.name, "heuristic") else None


class TableSession:
    """A game at a table: humans act through :meth:`submit`, bots play the other seats.

    Args:
        game: a :class:`State` (played on), a :class:`Game` (dealt), or a game name.
        humans: the seats humans hold (``()`` for a table of bots).
        bots: who plays the other seats: one spec for all of them, or specs by seat (a mapping)
            or in seat order for the non-human seats (a sequence). A spec is a bot name of
            ``tradekit.bots`` (``"heuristic"``, ``"random"``, ``"heuristic:aggression=0.9"``), a
            bot, a seat policy or a function (see :func:`~tradekit.session.policy.as_policy`),
            or ``"random-policy"`` for :class:`~tradekit.session.policy.RandomPolicy`. Seats not
            given get :func:`default_bot` (the game's heuristic bot, else RandomPolicy).
        lang: ``"en"`` or ``"fr"``.
        names: display names per seat (default ``P1 (you), P2 ...``: people count from 1).
        hotseat: hide private information between human turns (default: more than one human).
        mode: ``"student"`` (the default when a human holds a seat) or ``"teacher"`` (the
            default for a table of bots); see the module's docstring.
        autoplay: bots play on by themselves after a human acts. (The bots always play up to
            the first human's turn when the session starts and after a new deal.)
        seed: seeds the deal (when ``game`` is not a state), new games and the bots.
        robot_seed: seeds each bot decision by where it is made instead: decision ``i`` of seat
            ``p`` in the game dealt from ``s`` draws from a stream started from
            ``(robot_seed, s, i, p)``, so that a session
            built again on the same game midway (a class's server started again, a robot
            standing in for a student) makes the same bot moves as one that never stopped.
            Bots that remember earlier decisions keep their memory only within one session.
        **options: the game's options when ``game`` is a name.

    Raises:
        TradekitError: a human seat that does not exist, or an unknown mode.
        ConfigError: an unknown language or game option.
        TypeError: options given with a game or a state.

    Example:
        >>> s = TableSession("turin", players=3, humans=[0], seed=5)
        >>> s.state.phase, s.acting_human()     # the bots have sealed their offers
        ('offer', 0)
        >>> s.type_command("offer card 99")     # no such card: the reply gives examples
        False
        >>> s.notice.kind, "is not an action you can take now" in s.notice.text
        ('error', True)
        >>> s.submit(s.state.legal_actions(0)[0])
        >>> s.state.phase, s.acting_human()
        ('bid', 0)
        >>> s.type_command("bid 400")           # understood, refused in words
        False
        >>> print(s.notice.text)  # doctest: +NORMALIZE_WHITESPACE
        “Bid 400” is not allowed now: P1's bid must be a whole number from 0 to 15; got 400.
        You may: Bid 0 … Bid 15, Take a loan (+10 now, repay 15).
        >>> s.set_lang("fr")
        >>> s.type_command("miser 400")
        False
        >>> print(s.notice.text)  # doctest: +NORMALIZE_WHITESPACE
        « Miser 400 » n'est pas possible maintenant : la mise de J1 doit être un nombre entier
        de 0 à 15 ; reçu : 400. Vous pouvez : Miser 0 … Miser 15, Emprunter (+10 maintenant,
        rembourser 15).
    """

    def __init__(
        self,
        game: State[Any] | Game[Any] | str,
        *,
        humans: Iterable[int] = (0,),
        bots: str | Mapping[int, Any] | Sequence[Any] | None = None,
        lang: str = "en",
        names: Sequence[str] | None = None,
        hotseat: bool | None = None,
        mode: str | None = None,
        autoplay: bool = True,
        seed: int | None = None,
        robot_seed: int | None = None,
        **options: Any,
    ) -> None:
        # A local generator, never the global one: with a seed it makes the same bots and the
        # same new deals every time (lessons depend on it); without one it is seeded from the
        # operating system's entropy.
        self._rng = random.Random(seed)
        if isinstance(game, str):
            game = load_game(game, **options)
        elif options:
            raise TypeError(f"options {sorted(options)} need a game name, not a {type(game)}")
        state: State[Any] = (
            game if isinstance(game, State) else game.new_state(seed=self._new_seed(seed))
        )
        self.lang = check_lang(lang)
        self.humans: tuple[int, ...] = tuple(sorted(set(humans)))
        n = state.game.num_players
        for seat in self.humans:
            if not isinstance(seat, int) or not 0 <= seat < n:
                raise TradekitError(f"humans must be seats 0..{n - 1}, got {seat!r}")
        self.hotseat = len(self.humans) > 1 if hotseat is None else bool(hotseat)
        if mode is None:
            mode = "student" if self.humans else "teacher"
        if mode not in MODES:
            raise TradekitError(f"mode must be 'student' or 'teacher', got {mode!r}")
        self.mode: str = mode
        self.autoplay = bool(autoplay)
        if robot_seed is not None and type(robot_seed) is not int:
            raise TradekitError(f"robot_seed must be a whole number, got {robot_seed!r:.40}")
        self.robot_seed = robot_seed
        self._custom_names = tuple(names) if names else None
        self.policies: dict[int, SeatPolicy] = self._make_policies(state.game, bots)
        self.state: State[Any] = state
        #: The game a "what if" branch left (``None``: no branch is open).
        self.main_state: State[Any] | None = None
        #: Each bot decision's explanation by decision index: ``(seat, bot name, reason)``.
        self.explanations: dict[int, tuple[int, str, str]] = {}
        self._main_explanations: dict[int, tuple[int, str, str]] = {}
        self._revealed: int | None = None
        #: The latest message (``None`` until something is said).
        self.notice: Notice | None = None
        #: Called with every message as it is said (a front end shows it).
        self.on_notice: Callable[[Notice], None] | None = None
        #: The last exception a guard turned into a message (for a teacher to inspect).
        self.last_error: BaseException | None = None
        #: A seat save :meth:`load` opened read-only (``None``: none is open); a front end shows
        #: it step by step, as its seat saw the game.
        self.opened_review: Review | None = None
        #: Moves on with every change of the game in play (see :attr:`version`).
        self._version = 0
        self._label_cache: tuple[object, dict[tuple[int, Viewer], str]] = (None, {})
        self._index_cache: tuple[State[Any], int, int, list[int | None], list[int]] | None = None
        #: The view chosen: ``"seat:<n>"``, ``"public"`` or ``"teacher"`` (see :attr:`viewer`).
        self.view_choice = f"seat:{self.humans[0]}" if self.humans else "teacher"
        self._keep_view_on_offer()
        self.guard(self._bots_play_on)()

    # -- set-up ------------------------------------------------------------------------------------
    def _new_seed(self, seed: int | None = None) -> int:
        # 63 bits: a deal seed small enough to try one by one would let a student re-deal the
        # hidden cards from their own hand.
        return seed if seed is not None else self._rng.getrandbits(63)

    def _make_policies(
        self, game: Game[Any], bots: str | Mapping[int, Any] | Sequence[Any] | None
    ) -> dict[int, SeatPolicy]:
        n = game.num_players
        others = [s for s in range(n) if s not in self.humans]
        given: dict[int, Any] = {}
        if isinstance(bots, str):
            given = dict.fromkeys(others, bots)
        elif isinstance(bots, Mapping):
            given = dict(bots)
        elif bots is not None:
            given = dict(zip(others, bots, strict=False))
        default = default_bot(game)
        out: dict[int, SeatPolicy] = {}
        for seat in others:
            seed = self._rng.randrange(2**31)
            spec = given.get(seat, default)
            if spec is None or spec == "random-policy":
                out[seat] = RandomPolicy(seed=seed, lang=self.lang)
            else:
                out[seat] = as_policy(spec, game=game, seat=seat, seed=seed)
                if hasattr(out[seat], "lang"):
                    out[seat].lang = self.lang  # type: ignore[attr-defined]
        return out

    @property
    def game(self) -> Game[Any]:
        """The game's options."""
        return self.state.game

    @property
    def version(self) -> int:
        """A number that grows with every change of the game in play: each decision, Back, a
        "what if" branch and the return from it, a load and a new deal. Controls drawn at one
        version are stale at the next (see :meth:`current`)."""
        return self._version

    def _moved(self) -> None:
        self._version += 1

    @property
    def renderer(self) -> Renderer[Any]:
        """The game's renderer (labels and narration; it draws nothing here)."""
        return renderer_for(self.game.name)

    @property
    def names(self) -> tuple[str, ...]:
        """Display names per seat in the current language."""
        n = self.game.num_players
        if self._custom_names is not None and len(self._custom_names) == n:
            return self._custom_names
        out = []
        for seat in range(n):
            name = seat_label(seat, self.lang)
            if seat in self.humans and len(self.humans) == 1:
                name += f" ({t('you', self.lang)})"
            out.append(name)
        return tuple(out)

    @property
    def ctx(self) -> Context:
        """Game, language and names for the renderer."""
        return Context(self.game, self.lang, self.names)

    # -- messages and safety -----------------------------------------------------------------------
    def say(self, text: str, kind: str = "note") -> None:
        """Say ``text`` to the table (``kind``: ``error``, ``ok`` or ``note``; ``""`` clears)."""
        self.notice = Notice(text, kind)
        if self.on_notice is not None:
            self.on_notice(self.notice)

    def guard(self, func: Callable[P, R]) -> Callable[P, R | None]:
        """``func`` made safe for a lesson: an exception becomes a message, never a traceback.

        A :class:`TradekitError` (an action the rules refuse) is said as "Not allowed: <reason>";
        anything else as an error naming it. The wrapped call then returns ``None``.

        Example:
            >>> s = TableSession("turin", players=3, humans=[], seed=1)
            >>> s.guard(s.state.apply)(0, None) is None
            True
            >>> s.notice
            Notice(text='Not allowed: None is not an action of this game', kind='error')

        A human's refused action is said by :meth:`refusal` instead (in the table's words).
        """

        def run(*args: P.args, **kwargs: P.kwargs) -> R | None:
            try:
                return func(*args, **kwargs)
            except TradekitError as exc:
                self.last_error = exc
                reason = getattr(exc, "reason", None) or str(exc)
                # In another language than English, the reason in its words, or the rules'
                # plain "not now" rather than an English sentence.
                said = reason_text(reason, self.lang, game=self.state.game.name) or t(
                    "not_allowed_now", self.lang
                )
                self.say(t("illegal", self.lang, reason=said), "error")
            except Exception as exc:
                self.last_error = exc
                self.say(t("error", self.lang, error=f"{type(exc).__name__}: {exc}"), "error")
            return None

        return run

    # -- who acts, who looks -----------------------------------------------------------------------
    def acting_human(self) -> int | None:
        """The first human seat that must act now, if any."""
        if self.state.is_over:
            return None
        for seat in self.state.to_move:
            if seat in self.humans:
                return seat
        return None

    def bot_to_act(self) -> int | None:
        """The first bot seat that must act now, if any."""
        if self.state.is_over:
            return None
        for seat in self.state.to_move:
            if seat not in self.humans:
                return seat
        return None

    @property
    def viewer(self) -> Viewer:
        """The view the table shows now (a seat, ``None`` for public, ``"all"`` for teacher).

        In hot-seat mode it is the acting human's once they have revealed, else the public's.
        """
        if self.hotseat:
            human = self.acting_human()
            if human is not None and self._revealed == human:
                return human
            return None
        choice = self.view_choice
        if choice == "public":
            return None
        if choice == "teacher":
            return "all"
        return int(choice.split(":")[1])

    def curtain_down(self) -> bool:
        """Whether hot-seat mode is hiding the table until the next human reveals it."""
        human = self.acting_human()
        return self.hotseat and human is not None and self._revealed != human

    def _seats_on_offer(self) -> list[int]:
        """The seats whose view may be shown: a student's table offers the humans' own."""
        if self.mode == "teacher":
            return list(range(self.game.num_players))
        return list(self.humans)

    def offered_views(self) -> list[tuple[str, str]]:
        """The views the table may show, as ``(label, choice)`` for a view switch: the seats on
        offer, the public and (at a teacher's table) the teacher's."""
        options = [(viewer_label(s, self.ctx), f"seat:{s}") for s in self._seats_on_offer()]
        options.append((t("view_public", self.lang), "public"))
        if self.mode == "teacher":
            options.append((t("view_teacher", self.lang), "teacher"))
        return options

    def _keep_view_on_offer(self) -> None:
        """Choose the first view on offer if the chosen one is not (a table with no human seat
        at a student's table, or fewer seats after a load)."""
        keys = [key for _, key in self.offered_views()]
        if self.view_choice not in keys:
            self.view_choice = keys[0]

    def set_view(self, viewer: Viewer) -> bool:
        """Show a seat's view, the public view (``None``) or the teacher's (``"all"``); a
        student's table shows only its humans' own views and the public one (another is refused
        with a message). Returns whether the view was chosen."""
        choice = "public" if viewer is None else "teacher" if viewer == "all" else f"seat:{viewer}"
        if choice not in [key for _, key in self.offered_views()]:
            self.say(t("student_view_refused", self.lang), "error")
            return False
        self.view_choice = choice
        return True

    def set_lang(self, lang: str) -> None:
        """Switch the labels, the messages and the bots' explanations to ``lang``."""
        self.lang = check_lang(lang)
        for policy in self.policies.values():
            if hasattr(policy, "lang"):
                policy.lang = self.lang  # random and bot policies explain in the table's language

    # -- playing -----------------------------------------------------------------------------------
    def submit(self, action: Action, version: int | None = None) -> None:
        """Play ``action`` for the human who must act (a refused action is said, never raised).

        Args:
            action: the action.
            version: the :attr:`version` the player's screen showed: if the table has moved on
                since, the action is not played and the player is told it was already done.
        """
        if version is not None and version != self._version:
            self._stale()
            return
        self.guard(self._submit)(action)

    def current(self, func: Callable[P, None]) -> Callable[P, None]:
        """``func`` (a control's submit) tied to the table as it is now: called after the table
        has moved on, it does nothing but say the choice was already made. A front end wraps
        the submit of the controls it draws, so a double click or a button left on screen never
        plays a decision its player did not see.

        Example:
            >>> s = TableSession("turin", players=3, humans=[0], seed=5)
            >>> offer = s.current(s.submit)
            >>> offer(s.state.legal_actions(0)[0])       # the click plays: the bots move on
            >>> offer(s.state.legal_actions(0)[0])       # a second click on the same button
            >>> s.notice.text, len(s.state.decisions)
            ('Already done: the table has moved on since this choice was shown.', 5)
        """
        version = self._version

        def run(*args: P.args, **kwargs: P.kwargs) -> None:
            if version != self._version:
                self._stale()
                return
            func(*args, **kwargs)

        return run

    def _stale(self) -> None:
        self.say(t("already_done", self.lang), "note")

    def _submit(self, action: Action) -> None:
        seat = self.acting_human()
        if self.state.is_over:
            self.say(t("game_is_over", self.lang), "error")
            return
        if seat is None or self.curtain_down():
            who = self.ctx.who(self.state.to_move)
            self.say(t("not_your_turn", self.lang, who=who), "error")
            return
        if self._apply_human(seat, action) and self.autoplay:
            self._bots_play_on()

    def _apply_human(self, seat: int, action: Action) -> bool:
        """Apply a human's action; a refusal is said in words (:meth:`refusal`). Returns whether
        it was played."""
        try:
            self.state.apply(seat, action)  # checked: an illegal action raises, changes nothing
        except IllegalActionError as exc:
            self.last_error = exc
            self.say(self.refusal(seat, action, exc.reason), "error")
            return False
        self._moved()
        self.say("")
        return True

    def refusal(self, seat: int, action: Action, reason: str = "") -> str:
        """Why ``seat`` may not play ``action`` now, in the table's language: the action's label,
        the engine's reason (in English, its own words; in another language worded by
        :func:`~tradekit.i18n.reason_text`, or left out when it cannot be), and what the seat may
        do instead,
        each kind of action once (a range of amounts as its two ends). Nothing in it is hidden
        from the seat: it names the seat's own choices only.
        """
        view = self.state.view(seat)
        try:
            label = self.renderer.action_label(action, view, self.ctx)
        except Exception:  # an action no renderer can name (a card of no game, a wrong type)
            label = t("that_action", self.lang)
        choices = self._choices_said(seat, view)
        if not reason.strip():
            reason = t("not_allowed_now", "en")
        said = reason_text(
            reason,
            self.lang,
            lambda a: self.renderer.action_label(a, view, self.ctx),
            self.state.game.name,
        )
        if said is None:  # a reason the table's language cannot say whole: none rather than English
            return t("refused", self.lang, action=label, reason=reason, choices=choices)
        return t("refused_because", self.lang, action=label, reason=said, choices=choices)

    def _choices_said(self, seat: int, view: Any) -> str:
        """What ``seat`` may do now, in words: one label per kind of action (``Bid 0 … Bid 15``
        for a range), at most :data:`MAX_CHOICES_SAID` kinds."""
        legal = self.state.legal_actions(seat)
        firsts: dict[type, Action] = {}
        lasts: dict[type, Action] = {}
        options = legal.options if isinstance(legal, Menu) else [[a] for a in legal]
        for option in options:
            if not len(option):
                continue
            kind = type(option[0])
            firsts.setdefault(kind, option[0])
            lasts[kind] = option[-1]
        label = self.renderer.action_label
        said = []
        for kind, first in list(firsts.items())[:MAX_CHOICES_SAID]:
            last = lasts[kind]
            text = label(first, view, self.ctx)
            if last != first:
                text += " … " + label(last, view, self.ctx)
            said.append(text)
        if len(firsts) > MAX_CHOICES_SAID:
            said.append("…")
        return ", ".join(said) if said else t("nobody", self.lang)

    def out_of_turn_actions(self, viewer: Viewer) -> list[Action]:
        """The out-of-turn actions (a purchase, a loan "at any time") to offer the human seat on
        view when it is not the one to act (at most :data:`MAX_OUT_OF_TURN`). In hot-seat mode
        only the acting student sits at the screen, so nobody else is offered anything."""
        if self.hotseat or self.state.is_over or type(viewer) is not int:
            return []
        acting = self.acting_human()
        if viewer not in self.humans or viewer == acting or viewer in self.state.to_move:
            return []
        legal = self.state.legal_actions(viewer)  # a seat not to move: its out-of-turn actions
        return list(legal[:MAX_OUT_OF_TURN])

    def submit_out_of_turn(self, seat: int, action: Action) -> None:
        """Play an out-of-turn ``action`` (a purchase, a loan) for human ``seat``, whether or not
        it is to move (a refused action is said, never raised)."""
        self.guard(self._submit_out_of_turn)(seat, action)

    def _submit_out_of_turn(self, seat: int, action: Action) -> None:
        if seat not in self.humans or self.hotseat:
            self.say(t("not_your_turn", self.lang, who=self.ctx.who(self.state.to_move)), "error")
            return
        if self._apply_human(seat, action) and self.autoplay:
            self._bots_play_on()

    def _bots_play_on(self) -> None:
        if self.humans:
            self.play_bots()

    def _bot_decide(self, seat: int) -> None:
        policy = self.policies[seat]
        view = self.state.view(seat)
        legal = self.state.legal_actions(seat)
        index = len(self.state.decisions)
        reseed = getattr(policy, "reseed", None)
        if self.robot_seed is not None and reseed is not None:
            entropy = (self.robot_seed % 2**63, self.state.seed % 2**63, index, seat)
            reseed(int(np.random.SeedSequence(entropy).generate_state(1, np.uint64)[0]))
        try:
            decision = policy.decide(view, legal)
            action, why = decision.action, decision.explanation
            if not self.state.can(seat, action):
                raise TradekitError(f"{action!r} is not legal now")
        except Exception as exc:  # a broken bot must not stop the lesson
            # Said without the error's words: they name the bot's choice and, for a refused
            # one, the cards it was refused against (its hidden hand). A teacher reads them in
            # last_error.
            self.last_error = exc
            action = legal[0]
            name, bot = self.ctx.name(seat), bot_label(policy.name, self.lang)
            why = t("bot_fell_back", self.lang)
            self.say(t("bot_broke", self.lang, name=name, bot=bot), "error")
        self.state.apply(seat, action)
        self._moved()
        self.explanations[index] = (seat, policy.name, why)

    def play_bots(self, limit: int = MAX_BOT_STEPS) -> int:
        """Bots act while any bot must act, at most ``limit`` decisions: in a simultaneous step
        they all choose (sealed), then play stops at the first step where only humans must act
        (or at the end). Returns the number of bot decisions made."""
        steps = 0
        while steps < limit:
            seat = self.bot_to_act()
            if seat is None:
                break
            self._bot_decide(seat)
            steps += 1
        return steps

    def step(self) -> None:
        """Let one bot make one decision."""
        self.say("")
        if self.state.is_over:
            self.say(t("game_is_over", self.lang), "note")
            return
        seat = self.bot_to_act()
        if seat is None:
            self.say(t("your_turn", self.lang, name=self.ctx.who(self.state.to_move)), "note")
            return
        self._bot_decide(seat)

    def play_to_turn(self) -> None:
        """Bots play until a human must act (or to the end when every seat is a bot)."""
        self.say("")
        if self.state.is_over:
            self.say(t("game_is_over", self.lang), "note")
            return
        self.play_bots()

    def new_game(self) -> None:
        """Deal a new game with the same options (the bots play up to the first human turn)."""
        self.state = self.game.new_state(seed=self._new_seed())
        self._moved()
        self.explanations = {}
        self.main_state = None
        self._revealed = None
        self.say("")
        self._bots_play_on()

    # -- typed commands ----------------------------------------------------------------------------
    def type_command(self, text: str) -> bool:
        """Play a typed action for the human who must act: a legal action's text (``bid 5``) or
        its label (``Miser 5``); see :mod:`tradekit.session.commands`. A command that is not
        understood or not allowed is said, never raised.

        Returns:
            Whether the text named a legal action (a front end clears its text box then).
        """
        return bool(self.guard(self._command)(text))

    def _command(self, text: str) -> bool:
        seat = self.acting_human()
        if seat is None or self.curtain_down():
            if self.state.is_over:
                self.say(t("game_is_over", self.lang), "error")
            else:
                who = self.ctx.who(self.state.to_move)
                self.say(t("not_your_turn", self.lang, who=who), "error")
            return False
        legal = self.state.legal_actions(seat)
        view = self.state.view(seat)
        command = parse_command(
            text, legal, lambda a: self.renderer.action_label(a, view, self.ctx)
        )
        if command.action is not None:
            # A named action was understood even if what follows it fails: the box is cleared.
            self.guard(self._submit)(command.action)  # illegal: the engine's reason is said
            return command.named
        shown = self.command_hint(seat)
        self.say(t("not_understood", self.lang, text=text.strip(), examples=shown), "error")
        return False

    def command_hint(self, seat: int) -> str:
        """The commands suggested to ``seat`` after one that was not understood, quoted in the
        table's language: the first and last legal actions and :meth:`command_example`."""
        legal = self.state.legal_actions(seat)
        quotes = ("« ", " »") if self.lang == "fr" else ("“", "”")
        label = self._label_of(self.state.view(seat))
        return examples(legal, self.command_example(seat), label, quotes)

    def _label_of(self, view: Any) -> Callable[[Action], str]:
        """How a command names an action in the table's language: its label as the table shows
        it (``Sell Tea``, ``Miser 5``), which :meth:`type_command` reads back. Never the action's
        text (``put the on the market``): it names goods and cards by their ids in the data."""
        return lambda action: self.renderer.action_label(action, view, self.ctx)

    def command_example(self, seat: int) -> str:
        """A typed command ``seat`` could type now, in the table's language: the renderer's
        example (``bid 3``) as its label (``Bid 3``, ``Miser 3``); ``""`` when the seat has no
        legal action.

        Example:
            >>> s = TableSession("turin", players=3, humans=[0], seed=5, lang="fr")
            >>> s.command_example(0)
            'Offrir #2 : 3 Chocolat, 2 Blé, 1 Riz'
        """
        legal = self.state.legal_actions(seat)
        view = self.state.view(seat)
        example = self.renderer.command_example(legal, view, self.ctx)
        if not legal:
            return ""
        # The example's action, found among the first action of each option (a menu of a rich
        # seat holds millions of bids: it is never listed whole), read as "<word> <number>", or
        # among the first actions of the menu (Négoces' offers of a card and a coin).
        firsts = [o[0] for o in legal.options if len(o)] if isinstance(legal, Menu) else legal
        action = next((a for a in firsts if str(a) == example), None)
        if action is None:
            action = parse_amount(normal(example), firsts)
        if action is None or str(action) != example:
            action = next((a for a in islice(legal, EXAMPLE_WALK) if str(a) == example), None)
        # The example's text names goods and cards by their ids: never shown, even when its
        # action is not found (then the first legal action is the example).
        return self._label_of(view)(legal[0] if action is None else action)

    # -- hot-seat ----------------------------------------------------------------------------------
    def reveal(self) -> None:
        """Hot-seat: the human who must act shows their cards."""
        self._revealed = self.acting_human()
        self.say("")

    def hide(self) -> None:
        """Hot-seat: cover the table again."""
        self._revealed = None

    # -- back and "what if" ------------------------------------------------------------------------
    def back(self) -> None:
        """Undo back to just before the last human decision (or one decision with no human).

        At a student's table it goes back to before the last decision of the human at the
        screen, and never over another human's decision (that is refused with a message).
        """
        decisions = self.state.decisions
        if not decisions:
            self.say(t("nothing_to_undo", self.lang), "note")
            return
        if self.mode == "student":
            k_or_none = self._student_back_point()
            if k_or_none is None:
                return
            k = k_or_none
        else:
            mine = [k for k, (seat, _) in enumerate(decisions) if seat in self.humans]
            k = mine[-1] if mine else len(decisions) - 1
        seat, action = decisions[k]
        what = self.renderer.action_label(action, self.state.view(seat), self.ctx)
        if self.hotseat:  # the next player at the screen must not read a sealed choice
            what = t("hidden_decision", self.lang, name=self.ctx.name(seat))
        else:
            what = f"{self.ctx.name(seat)}: {what}"
        self._go_to(k)
        self.say(t("undone", self.lang, what=what), "ok")
        if self.autoplay:
            self._bots_play_on()

    def _student_back_point(self) -> int | None:
        """Where Back goes at a student's table: to before the last decision of the human at the
        screen, if no other human has decided since (else a message, and ``None``)."""
        decisions = self.state.decisions
        me = self.humans[0] if len(self.humans) == 1 and not self.hotseat else self.viewer
        if type(me) is not int or me not in self.humans:
            key = "back_reveal_first" if self.curtain_down() else "back_no_seat"
            self.say(t(key, self.lang), "note")
            return None
        mine = [k for k, (seat, _) in enumerate(decisions) if seat == me]
        if not mine:
            self.say(t("nothing_to_undo", self.lang), "note")
            return None
        k = mine[-1]
        return None if self._another_human_since(k, me) else k

    def _another_human_since(self, k: int, me: int | None) -> bool:
        """Whether a human other than ``me`` decided at or after decision ``k`` (said, naming
        them: going back to ``k`` would undo their decision)."""
        for seat, _ in self.state.decisions[k:]:
            if seat in self.humans and seat != me:
                self.say(t("back_other_human", self.lang, name=self.ctx.name(seat)), "error")
                return True
        return False

    def _go_to(self, k: int) -> None:
        self.state = self.state.branch(k)
        self._moved()
        self.explanations = {i: e for i, e in self.explanations.items() if i < k}

    def branch(self, k: int) -> None:
        """Go back to just before decision ``k`` (0-based) in a "what if" copy of the game; the
        original is kept for :meth:`return_to_main`. At a student's table with several humans,
        a branch that would undo another human's decision is refused with a message."""
        self.guard(self._branch)(k)

    def _branch(self, k: int) -> None:
        if self.mode == "student" and len(self.humans) > 1:
            me = self.viewer if type(self.viewer) is int else None
            if self._another_human_since(k, me):
                return
        if self.main_state is None:
            self.main_state = self.state
            self._main_explanations = dict(self.explanations)
        self._go_to(k)
        self._revealed = None
        self.say(t("branched", self.lang, n=k + 1), "ok")

    def return_to_main(self) -> None:
        """Leave the "what if" copy and go back to the original game."""
        if self.main_state is None:
            return
        self.state = self.main_state
        self._moved()
        self.explanations = self._main_explanations
        self.main_state = None
        self.say(t("returned", self.lang), "ok")

    # -- save and load -----------------------------------------------------------------------------
    def save_viewer(self) -> Viewer:
        """Whose save :meth:`save` writes: ``"all"`` (the full save) at a teacher's table;
        at a student's, the seat on view (the public's with the hot-seat curtain down)."""
        if self.mode == "teacher":
            return "all"
        viewer = self.viewer
        return viewer if type(viewer) is int and viewer in self.humans else None

    def save(self) -> str:
        """The game as JSON: the full save at a teacher's table (``tradekit.replay`` reads it
        back), a seat save at a student's (:meth:`load` and ``tradekit.review`` open it
        read-only); see :meth:`save_viewer`."""
        return self.state.to_json(indent=1, viewer=self.save_viewer())

    def save_file(self) -> SaveFile:
        """The save as a file to hand over, and a message saying what it holds."""
        viewer = self.save_viewer()
        text = self.save()
        part = "game" if viewer == "all" else "public" if viewer is None else seat_label(viewer)
        if viewer == "all":
            self.say(t("saved", self.lang, n=len(self.state.decisions)), "ok")
        else:
            who = (
                viewer_label(viewer, self.ctx)
                if viewer is not None
                else t("view_public", self.lang)
            )
            self.say(t("saved_seat", self.lang, view=who), "ok")
        return SaveFile(text, f"{self.game.name}-{part}.json", viewer)

    def load(self, text: str | bytes) -> bool:
        """Replay a full save of this game and play on from it. A seat save of this game (what
        one player saw: a student's Save) cannot be played on: it is opened read-only as
        :attr:`opened_review`, and said so. A bad save (empty, not JSON, tampered with, another
        game) is refused with a message, never raised; a save with another number of players
        keeps the humans that still have a seat.

        Returns:
            Whether the save was loaded to play on.
        """
        self.opened_review = None
        return bool(self.guard(self._load)(text))

    def _load(self, text: str | bytes) -> bool:
        if not text.strip():
            self.say(t("load_empty", self.lang), "error")
            return False
        try:
            state = replay(text)
        except ReplayError as exc:
            # The sentence in the table's language; the detail (which line, which decision) is
            # the developer's, in last_error.
            self.last_error = exc
            if exc.problem == "seat_save":
                self._open_seat_save(text)
                return False
            said = t(f"save.{exc.problem}", self.lang) if exc.problem else ""
            self.say(said or t("load_failed", self.lang, reason=exc.detail), "error")
            return False
        if state.game.name != self.game.name:
            self._say_wrong_game(state.game)
            return False
        n = state.game.num_players
        if n != self.game.num_players:
            self.humans = tuple(s for s in self.humans if s < n) or (0,)
            self.policies = self._make_policies(state.game, None)
            if not self.view_choice.startswith("seat:") or int(self.view_choice[5:]) >= n:
                self.view_choice = f"seat:{self.humans[0]}"
        self.state = state
        self._moved()
        self.explanations = {}
        self.main_state = None
        self._revealed = None
        self._keep_view_on_offer()
        self.say(t("loaded", self.lang, n=len(state.decisions)), "ok")
        return True

    def _say_wrong_game(self, saved: Game[Any]) -> None:
        """Say that a save of game ``saved`` is not of this table's game."""
        title = renderer_for(saved.name).title(Context(saved, self.lang))
        game = self.renderer.title(self.ctx)
        self.say(t("wrong_game", self.lang, saved=title, game=game), "error")

    def _open_seat_save(self, text: str | bytes) -> None:
        """Open a seat save of this game read-only (:attr:`opened_review`) and say whose it is,
        or say why it cannot be opened (never with a function's name: a student in a Voilà app
        cannot call one)."""
        try:
            opened = review(text)
        except ReplayError as exc:
            self.last_error = exc
            # What is wrong with the seat save itself (another version, changed); a seat save
            # that does not read as one was changed after it was made.
            problem = exc.problem if exc.problem not in (None, "seat_save") else "changed"
            self.say(t(f"save.{problem}", self.lang), "error")
            return
        if opened.game.name != self.game.name:
            self._say_wrong_game(opened.game)
            return
        viewer = opened.viewer
        if type(viewer) is int:
            seat = seat_label(viewer, self.lang)
            self.say(t("seat_save_opened", self.lang, seat=seat), "note")
        else:
            self.say(t("public_save_opened", self.lang), "note")
        self.opened_review = opened

    # -- what each viewer may know -----------------------------------------------------------------
    def _decision_index(self) -> tuple[list[int | None], list[int]]:
        """Each decision's log index and the log indices of the reveals, cached per state and
        length (a refresh asks for them often; recomputing made long games slow)."""
        state = self.state
        cache = self._index_cache
        # Every decision logs an event, so the log's length tells whether the state moved on.
        if cache is not None and cache[0] is state and cache[1] == len(state.log):
            return cache[3], cache[4]
        events = decision_events(state)
        reveals = [i for i, e in enumerate(state.log) if e.kind == "reveal"]
        self._index_cache = (state, len(state.log), len(state.decisions), events, reveals)
        return events, reveals

    def decision_label(self, index: int, viewer: Viewer) -> tuple[str, bool] | None:
        """What ``viewer`` may know of decision ``index``: ``(label, whole)``, where ``whole``
        says the label names the whole action; ``None`` while it is hidden from them.

        A decision is known whole to whoever could see its event (the teacher sees all). A hidden
        one (a sealed bid) is known as far as the first reveal the viewer sees after it shows it:
        the game's renderer says what that reveal turned up (:meth:`Renderer.revealed_label`), so
        a card offered face down is never named.
        """
        state = self.state
        seat, action = state.decisions[index]
        events, reveals = self._decision_index()
        event = events[index] if index < len(events) else None
        ctx = self.ctx
        if (
            viewer == "all"
            or viewer == seat
            or (event is not None and state.log[event].visible(viewer))
        ):
            return self.renderer.action_label(action, None, ctx), True
        if event is None:
            return None
        for at in reveals[bisect.bisect_right(reveals, event) :]:
            reveal = state.log[at]
            if reveal.visible(viewer):
                return self.renderer.revealed_label(action, seat, reveal, ctx)
        return None

    def reasons_wait_for_end(self, viewer: Viewer) -> bool:
        """Whether ``viewer`` must wait for the end of the game to read other seats' reasons: at
        a student's table, a bot reasons from its own hand ("I hold 2 of them"), which the
        student may not know while the game is played. The teacher never waits."""
        return self.mode == "student" and not self.state.is_over and viewer != "all"

    def explanation_visible(self, index: int, viewer: Viewer) -> bool:
        """Whether a bot's explanation of decision ``index`` may be shown to ``viewer``: only once
        the viewer knows the whole decision (a reason names what was chosen), and at a student's
        table, another seat's reasons only at the end (:meth:`reasons_wait_for_end`)."""
        if viewer == "all":
            return True
        if self.reasons_wait_for_end(viewer) and self.state.decisions[index][0] != viewer:
            return False
        known = self.decision_label(index, viewer)
        return known is not None and known[1]

    def reasons(self, viewer: Viewer) -> list[tuple[int, str, str]]:
        """The bots' reasons ``viewer`` may read, in decision order: ``(log index of the
        decision's event, bot name in the table's language, reason)``."""
        events, _ = self._decision_index()
        out = []
        for index, (_, bot, why) in sorted(self.explanations.items()):
            at = events[index] if index < len(events) else None
            if at is None or not why or not self.explanation_visible(index, viewer):
                continue
            out.append((at, bot_label(bot, self.lang), why))
        return out

    def latest_bot_decisions(self, viewer: Viewer) -> dict[int, tuple[str, str | None]]:
        """Each bot seat's latest decision that ``viewer`` knows of: ``seat -> (label, reason)``,
        the reason ``None`` while the viewer may not read it."""
        # Most recent first, stopping early: a long game has thousands of decisions.
        latest: dict[int, tuple[str, str | None]] = {}
        for index in sorted(self.explanations, reverse=True):
            seat, _, why = self.explanations[index]
            if seat in latest:
                continue
            known = self.decision_label(index, viewer)
            if known is not None:
                latest[seat] = (known[0], why if self.explanation_visible(index, viewer) else None)
            if len(latest) == len(self.policies):
                break
        return latest

    def decision_choices(self, viewer: Viewer) -> list[tuple[str, int]]:
        """Every decision so far as ``(label, index)`` for a "what if" list, each labelled as far
        as ``viewer`` knows it (a hidden one says only who decided)."""
        events, _ = self._decision_index()
        log = self.state.log
        ctx = self.ctx
        # Labels are kept per (decision, viewer) for this state, language and names: after each
        # click only the new decisions (and newly revealed ones) are written again.
        key = (self.state, self.lang, ctx.names)
        if self._label_cache[0] != key:
            self._label_cache = (key, {})
        cache = self._label_cache[1]
        options = []
        for k, (seat, _) in enumerate(self.state.decisions):
            label = cache.get((k, viewer))
            if label is None:
                at = events[k]
                heading = t(
                    "round_heading", self.lang, round=log[at].round if at is not None else 0
                )
                known = self.decision_label(k, viewer)
                if known is not None:
                    label = f"{k + 1}. {heading} · {ctx.name(seat)}: {known[0]}"
                    cache[(k, viewer)] = label  # known stays known
                else:
                    hidden = t("hidden_decision", self.lang, name=ctx.name(seat))
                    label = f"{k + 1}. {heading} · {hidden}"
            options.append((label, k))
        return options
