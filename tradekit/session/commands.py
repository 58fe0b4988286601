"""Typed commands: what a line a player types (``bid 5``, ``Miser 5``) asks for.

A command names a legal action by its text (``str(action)``: ``bid 5``), its label in the table's
language (``Miser 5``) or its ``repr`` (``Bid(amount=5)``), in any case and spacing. A command of
the shape ``<word> <number>`` that names no legal action but whose word starts a legal action's
text or label, an action with one ``amount`` field, is read as that action with the number given
(``bid 400``, ``miser 400``), so an out-of-range bid is refused with its reason ("the bid must be
a whole number from 0 to 15; got 400") rather than "not understood".

This module only reads; the table session (:class:`~tradekit.session.table.TableSession`) decides
who may act and plays the action.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence

from tradekit.core.actions import Action


@dataclasses.dataclass(frozen=True, slots=True)
class Command:
    """What a typed command asks for.

    Attributes:
        action: the action to play (``None``: the text names none).
        named: the text named a legal action as it stands (a front end clears its text box then);
            ``False`` for an amount read off ``<word> <number>``, which may still be refused.
    """

    action: Action | None
    named: bool = False


def normal(text: str) -> str:
    """``text`` as commands are compared: lower case, brackets and runs of spaces as one space.

    Example:
        >>> normal("  Offer (card)   3 ")
        'offer card 3'
    """
    return " ".join(text.strip().lower().replace("(", " ").replace(")", " ").split())


def parse_command(
    text: str, legal: Iterable[Action], label: Callable[[Action], str] = str
) -> Command:
    """Read ``text`` as one of ``legal`` (see the module's docstring).

    Args:
        text: what the player typed.
        legal: the legal actions of the seat that types (in menu order: the first match wins).
        label: an action's label in the table's language (the renderer's ``action_label``).

    Example:
        >>> from tradekit.games.turin.actions import Bid, TakeLoan
        >>> legal = [Bid(0), Bid(1), TakeLoan()]
        >>> parse_command("BID 1", legal)
        Command(action=Bid(amount=1), named=True)
        >>> parse_command("bid 400", legal)
        Command(action=Bid(amount=400), named=False)
        >>> parse_command("blah", legal)
        Command(action=None, named=False)
    """
    legal = list(legal) if not isinstance(legal, Sequence) else legal
    wanted = normal(text)
    for action in legal:
        if wanted in (normal(str(action)), normal(label(action)), normal(repr(action))):
            return Command(action, named=True)
    return Command(parse_amount(wanted, legal, label))


def parse_amount(
    wanted: str, legal: Iterable[Action], label: Callable[[Action], str] = str
) -> Action | None:
    """``<word> <number>`` (already :func:`normal`) as an action of that word that takes an
    amount, whether or not the amount is legal; ``None`` if no legal action fits the shape. The
    word is the first of the action's text or of its ``label``.

    Example:
        >>> from tradekit.games.turin.actions import Bid, TakeLoan
        >>> parse_amount("bid 400", [Bid(0), TakeLoan()])
        Bid(amount=400)
        >>> parse_amount("miser 400", [Bid(0)], lambda a: f"Miser {a.amount}")
        Bid(amount=400)
        >>> parse_amount("take 4", [Bid(0), TakeLoan()]) is None  # a loan takes no amount
        True
    """
    parts = wanted.split()
    if len(parts) != 2:
        return None
    word, number = parts
    try:
        amount = int(number)
    except ValueError:
        return None
    for action in legal:
        fields = [f.name for f in dataclasses.fields(action)]
        if fields != ["amount"]:
            continue
        for shown in (normal(str(action)).split(), normal(label(action)).split()):
            if shown and shown[0] == word:
                return type(action)(amount)  # type: ignore[call-arg]
    return None


def examples(
    legal: Sequence[Action],
    example: str = "",
    label: Callable[[Action], str] = str,
    quotes: tuple[str, str] = ("“", "”"),
) -> str:
    """Commands to suggest after one that was not understood: the first and last legal actions
    as ``label`` names them (their texts, or their labels in the table's language) and the
    ``example``, each in ``quotes``.

    Example:
        >>> from tradekit.games.turin.actions import Bid, TakeLoan
        >>> examples([Bid(0), Bid(1), TakeLoan()], "bid 1")
        '“bid 0”, “bid 1”, “take a loan”'
        >>> french = {Bid(0): "Miser 0", TakeLoan(): "Emprunter"}
        >>> examples([Bid(0), TakeLoan()], label=french.get, quotes=("« ", " »"))
        '« Emprunter », « Miser 0 »'
    """
    shown = sorted({label(a) for a in [*legal[:1], *legal[-1:]]})
    if example:
        shown = sorted({example, *shown})
    return ", ".join(f"{quotes[0]}{e}{quotes[1]}" for e in shown)
