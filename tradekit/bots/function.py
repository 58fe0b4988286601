"""A bot written as a plain function, for students: ``@bot`` turns it into a :class:`Bot`.

Example (one notebook cell)::

    from tradekit.bots import bot
    from tradekit.games.turin import Bid

    @bot
    def cautious(view, legal):
        bids = [a for a in legal if isinstance(a, Bid)]
        if bids:
            return min(bids, key=lambda a: a.amount), "I never bid more than I must."
        return legal[0]

    tradekit.sim.tournament(game, [cautious, "heuristic", "random"], n=200)
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pickle
import sys
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, overload

from tradekit.bots.base import Bot, BotError
from tradekit.core.actions import Action
from tradekit.core.state import Game

BotFunction = Callable[..., Any]


def _importable(fn: Any) -> bool:
    """Whether ``pickle`` can find ``fn`` again by its module and name in another process."""
    module = getattr(fn, "__module__", None)
    qualname = getattr(fn, "__qualname__", "")
    if module is None or "<" in qualname:
        return False
    if module == "__main__" and not hasattr(sys.modules.get("__main__"), "__file__"):
        return False  # defined in a notebook or the interactive prompt
    try:
        found: Any = importlib.import_module(module)
        for part in qualname.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError):
        return False
    return found is fn


def _takes_rng(fn: BotFunction) -> bool:
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return False
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) >= 3 or any(p.kind == p.VAR_POSITIONAL for p in params)


@dataclasses.dataclass(eq=False, kw_only=True)
class FunctionBot(Bot[Game[Any], Any]):
    """A bot whose decisions come from a plain function.

    The function is called as ``fn(view, legal)`` or, if it takes a third argument,
    ``fn(view, legal, rng)``. It returns an action from ``legal``, or a pair
    ``(action, "one sentence saying why")``.

    Attributes:
        fn: the function.

    Example:
        >>> from tradekit.games.turin import Bid
        >>> def stingy(view, legal):
        ...     return legal[0], "the first legal action costs least"
        >>> b = FunctionBot(fn=stingy)
        >>> b.tag, b.act(None, [Bid(0), Bid(3)]), b.explain()
        ('stingy', Bid(amount=0), 'the first legal action costs least')
    """

    name: ClassVar[str] = "function"

    fn: BotFunction

    def __post_init__(self) -> None:
        if not callable(self.fn):
            from tradekit.core.errors import ConfigError

            raise ConfigError("fn", self.fn, "a function (view, legal) -> action")
        self._with_rng = _takes_rng(self.fn)

    def params(self) -> dict[str, Any]:
        """A function bot has no parameters of its own."""
        return {}

    @property
    def tag(self) -> str:
        """The label, else the function's name."""
        return self.label or str(getattr(self.fn, "__name__", "function"))

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        """Call the function and check what it returned."""
        out = self.fn(view, legal, self.rng) if self._with_rng else self.fn(view, legal)
        why = ""
        if isinstance(out, tuple) and len(out) == 2 and isinstance(out[1], str):
            out, why = out
        if not isinstance(out, Action):
            raise BotError(
                self.tag,
                self.seat,
                f"the function returned {out!r}; it must return one of the legal actions "
                "(or a pair: action, reason)",
            )
        return self.because(out, why or f"{self.tag} chose {out}.")

    # Pickling for worker processes: a function defined in a notebook cannot be found again by
    # name in another process, so it travels by value (cloudpickle, installed with dask).
    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        if not _importable(self.fn):
            try:
                cloudpickle = importlib.import_module("cloudpickle")
            except ImportError:
                raise pickle.PicklingError(
                    f"the bot function {self.tag!r} is defined in a notebook or inside another "
                    "function, so worker processes cannot load it; install cloudpickle "
                    "(pip install 'tradekit[notebook]') or move it to a .py module"
                ) from None
            state["fn"] = ("cloudpickle", cloudpickle.dumps(self.fn))
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        fn = state.get("fn")
        if isinstance(fn, tuple) and len(fn) == 2 and fn[0] == "cloudpickle":
            state = {**state, "fn": pickle.loads(fn[1])}
        self.__dict__.update(state)


@overload
def bot(fn: BotFunction, /, *, name: str | None = None) -> FunctionBot: ...


@overload
def bot(fn: None = None, /, *, name: str | None = None) -> Callable[[BotFunction], FunctionBot]: ...


def bot(
    fn: BotFunction | None = None, /, *, name: str | None = None
) -> FunctionBot | Callable[[BotFunction], FunctionBot]:
    """Turn a plain function into a bot; use as ``@bot`` or ``@bot(name="my bot")``.

    Args:
        fn: ``fn(view, legal)`` or ``fn(view, legal, rng)`` returning an action from ``legal``
            or a pair ``(action, reason)``.
        name: the name shown in tables (default: the function's name).

    Example:
        >>> @bot(name="last resort")
        ... def last(view, legal):
        ...     return legal[-1]
        >>> last.tag
        'last resort'
    """
    if fn is None:
        return lambda f: FunctionBot(fn=f, label=name)
    return FunctionBot(fn=fn, label=name)
