"""Who plays the seats that no human holds: the seat-policy protocol and a random policy.

A seat policy gets what a bot may get — the seat's view and its legal actions, never the state —
and returns a :class:`Decision`: the action and a one-line explanation shown in the table's log.
:func:`as_policy` adapts the shapes a policy may come in:

* an object with ``decide(view, legal) -> Decision`` (this protocol, :class:`SeatPolicy`);
* a bot from ``tradekit.bots`` (or its name, e.g. ``"heuristic"``): an object with
  ``act(view, legal) -> Action``, ``explain() -> str`` (called after ``act``; see
  :func:`explain_with` for the other signatures accepted) and ``tag`` or ``name``;
* a plain function ``f(view, legal) -> Action`` or ``-> (Action, explanation)``.

This module imports no widget library, so the table session, bots and tests can use it on their
own. (It used to live in ``tradekit.widgets.policy``, which still re-exports it.)

Example:
    >>> import tradekit
    >>> state = tradekit.load_game("turin", players=3).new_state(seed=1)
    >>> policy = RandomPolicy(seed=3)
    >>> decision = policy.decide(state.view(1), state.legal_actions(1))
    >>> state.can(1, decision.action), decision.explanation
    (True, 'picked at random among 7 legal actions')
    >>> as_policy(lambda view, legal: legal[0]).decide(None, state.legal_actions(1)).action
    Offer(card=4)
"""

from __future__ import annotations

import dataclasses
import inspect
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np

from tradekit.core.actions import Action
from tradekit.core.state import Game
from tradekit.i18n import check_lang, t


@dataclasses.dataclass(frozen=True, slots=True)
class Decision:
    """A seat policy's choice: the action and why, in one line."""

    action: Action
    explanation: str = ""


@runtime_checkable
class SeatPolicy(Protocol):
    """Plays one seat: ``decide`` sees the seat's view and legal actions, returns a Decision."""

    name: str

    def decide(self, view: Any, legal: Sequence[Action]) -> Decision:
        """Choose one of ``legal`` (never empty) for the seat that sees ``view``."""
        ...


class RandomPolicy:
    """Picks uniformly among the legal actions (the fallback until real bots are wired in).

    Args:
        seed: seeds its own generator (decisions are reproducible for a given seed).
        lang: the language of its explanations (the table session keeps it in step).
        name: its display name.
    """

    def __init__(self, seed: int | None = None, lang: str = "en", name: str = "random") -> None:
        self.rng = random.Random(seed)
        self.lang = check_lang(lang)
        self.name = name

    def reseed(self, seed: int) -> None:
        """Start its random stream again from ``seed`` (see ``TableSession(robot_seed=...)``)."""
        self.rng = random.Random(seed)

    def decide(self, view: Any, legal: Sequence[Action]) -> Decision:
        """A uniformly random legal action."""
        if len(legal) == 1:
            return Decision(legal[0], t("only_choice", self.lang))
        action = legal[self.rng.randrange(len(legal))]
        return Decision(action, t("random_why", self.lang, n=len(legal)))


class _BotPolicy:
    """Adapts a bot with ``act`` (and optionally ``explain``) to :class:`SeatPolicy`.

    A :class:`tradekit.bots.Bot` is first copied for this game and seat with ``for_game`` (its own
    random stream, seeded from ``seed``); its display name is its ``tag``.
    """

    def __init__(
        self,
        bot: Any,
        game: Game[Any] | None = None,
        seat: int | None = None,
        seed: int | None = None,
    ) -> None:
        if game is not None and seat is not None and callable(getattr(bot, "for_game", None)):
            bot = bot.for_game(game, seat, np.random.default_rng(seed))
        self.bot = bot
        self.name = str(getattr(bot, "tag", None) or getattr(bot, "name", type(bot).__name__))
        self.lang = "en"  # the table session keeps it in step with its language

    def reseed(self, seed: int) -> None:
        """Give the bot a random stream started from ``seed`` (see
        ``TableSession(robot_seed=...)``); a bot with no ``rng`` has nothing to reseed."""
        if hasattr(self.bot, "rng"):
            self.bot.rng = np.random.default_rng(seed)

    def decide(self, view: Any, legal: Sequence[Action]) -> Decision:
        action = self.bot.act(view, list(legal))
        return Decision(action, explain_with(self.bot, view, legal, action, lang=self.lang))


class _FunctionPolicy:
    """Adapts ``f(view, legal) -> Action | (Action, str)`` to :class:`SeatPolicy`."""

    def __init__(self, func: Callable[..., Any], name: str | None = None) -> None:
        self.func = func
        self.name = str(name or getattr(func, "__name__", "policy"))

    def decide(self, view: Any, legal: Sequence[Action]) -> Decision:
        out = self.func(view, list(legal))
        if isinstance(out, Decision):
            return out
        if isinstance(out, tuple) and len(out) == 2:
            return Decision(out[0], str(out[1]))
        return Decision(out, "")


def explain_with(
    bot: Any, view: Any, legal: Sequence[Action], action: Action, lang: str = "en"
) -> str:
    """Ask ``bot.explain`` why it chose ``action`` (empty if it cannot say).

    ``explain`` may take no argument (it explains its last decision), one (the action), two
    (view and action) or three (view, legal actions and action); it returns a string. If it
    also takes a ``lang`` keyword (as :meth:`tradekit.bots.Bot.explain` does), it is asked in
    ``lang``.
    """
    explain = getattr(bot, "explain", None)
    if not callable(explain):
        return ""
    signature: Mapping[str, inspect.Parameter]
    try:
        signature = inspect.signature(explain).parameters
    except (TypeError, ValueError):
        signature = {}
    params = [
        p
        for p in signature.values()
        if p.default is inspect.Parameter.empty
        and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    args: tuple[Any, ...] = ((), (action,), (view, action), (view, list(legal), action))[
        min(len(params), 3)
    ]
    if "lang" in signature and signature["lang"].default is not inspect.Parameter.empty:
        return str(explain(*args, lang=lang) or "")
    return str(explain(*args) or "")


def as_policy(
    obj: Any,
    name: str | None = None,
    *,
    game: Game[Any] | None = None,
    seat: int | None = None,
    seed: int | None = None,
) -> SeatPolicy:
    """Turn a policy, a bot, a bot's name or a function into a :class:`SeatPolicy`.

    Args:
        obj: a :class:`SeatPolicy`; a bot (``act`` and ``explain``); a bot name for
            ``tradekit.bots.make_bot`` such as ``"heuristic"`` or ``"heuristic:aggression=0.9"``
            (needs ``game``); or a function ``(view, legal) -> action | (action, why)``.
        name: a display name for a function.
        game: the game the seat belongs to (bots are copied for it with ``for_game``).
        seat: the seat the policy plays.
        seed: seeds a bot's random stream.

    Raises:
        TypeError: if ``obj`` is none of these.
        ConfigError: an unknown bot name.
    """
    if isinstance(obj, str):
        if game is None:
            raise TypeError(f"a bot name ({obj!r}) needs the game")
        from tradekit.bots import make_bot

        obj = make_bot(game.name, obj)
    if callable(getattr(obj, "decide", None)) and hasattr(obj, "name"):
        return obj  # type: ignore[no-any-return]
    if callable(getattr(obj, "act", None)):
        return _BotPolicy(obj, game, seat, seed)
    if callable(obj):
        return _FunctionPolicy(obj, name)
    raise TypeError(
        f"a seat policy needs decide(view, legal), act(view, legal) or to be callable: {obj!r}"
    )
