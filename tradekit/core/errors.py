"""The error family every part of tradekit raises.

All errors derive from :class:`TradekitError`, itself a :class:`ValueError`, so a caller can catch
one class for "the user asked for something the rules or the data do not allow".
"""

from __future__ import annotations

from typing import Any

from tradekit.core.seats import seat_label


class TradekitError(ValueError):
    """Base class of every error tradekit raises on purpose."""


class ConfigError(TradekitError):
    """A game option is not allowed.

    Example:
        >>> raise ConfigError("players", 7, "2, 3, 4 or 5")
        Traceback (most recent call last):
        ...
        tradekit.core.errors.ConfigError: option 'players' = 7 is not allowed: expected 2, 3, 4 or 5
    """

    def __init__(self, option: str, value: Any, allowed: str) -> None:
        self.option = option
        self.value = value
        self.allowed = allowed
        super().__init__(f"option {option!r} = {value!r} is not allowed: expected {allowed}")


class Reason(str):
    """Why an action is refused: the English sentence (the string itself, the engine's words),
    with a message ``key`` and the ``fields`` that word it in another language.

    It is a ``str`` everywhere a reason is one; a front end that speaks another language looks
    the key up (``tradekit/messages.toml`` holds ``refusal.<key>``) and words the fields
    itself, and falls back to a reason-less refusal when it cannot. The fields are raw values
    (a label such as "the bid" is the key of its own translation, ``field.<label>``).

    Example:
        >>> why = Reason("the bid must be a whole number from 0 to 15; got 16", "range",
        ...              label="the bid", lo=0, hi=15, value=16)
        >>> why == "the bid must be a whole number from 0 to 15; got 16", why.key, why.fields["hi"]
        (True, 'range', 15)
    """

    key: str
    fields: dict[str, Any]

    def __new__(cls, text: str, key: str = "", /, **fields: Any) -> Reason:
        reason = super().__new__(cls, text)
        reason.key = key
        reason.fields = fields
        return reason


class IllegalActionError(TradekitError):
    """An action the rules do not allow; the state is left exactly as it was.

    Attributes:
        reason: why the action is refused, in one sentence.
        player: the seat that tried it.
        action: the action tried.
        summary: a short description of the state when it was tried.
    """

    def __init__(self, reason: str, player: object, action: object, summary: str = "") -> None:
        self.reason = reason
        self.player = player
        self.action = action
        self.summary = summary
        text = f"illegal action {action!r} by {seat_label(player)}: {reason}"
        if summary:
            text += f" [{summary}]"
        super().__init__(text)


class MalformedActionError(IllegalActionError):
    """An action that is not even well formed: a field of the wrong type (``Bid(2.0)``,
    ``Bid(True)``, ``Bid("3")``), a seat that does not exist, a card id of no card of the game.

    It is an :class:`IllegalActionError` (callers catching that catch this too); the state is left
    exactly as it was.
    """


class DataError(TradekitError):
    """A data table is malformed; names the file, and the row and column where known."""

    def __init__(
        self, file: object, message: str, row: int | None = None, column: str | None = None
    ) -> None:
        self.file = str(file)
        self.row = row
        self.column = column
        where = self.file
        if row is not None:
            where += f", row {row}"
        if column is not None:
            where += f", column {column!r}"
        super().__init__(f"{where}: {message}")


#: What a person is told about a save that cannot be read, by kind of problem (``problem`` of a
#: :class:`ReplayError`). The engine's words are English; ``tradekit/messages.toml`` holds each
#: sentence in every language as ``save.<problem>``.
SAVE_PROBLEMS: dict[str, str] = {
    "not_a_save": "This file is not a tradekit save.",
    "cut_off": "This save was cut off — load the whole file.",
    "seat_save": (
        "This is a seat save: it holds only what one player saw, so it cannot be played on; "
        "open it with tradekit.review."
    ),
    "too_big": "This file is too big to be a tradekit save.",
    "version": "This save was made by another version of tradekit, which this one cannot read.",
    "tables": (
        "This game was played with other data tables than today's, so the same decisions could "
        "end differently."
    ),
    "changed": "This save was changed or damaged after it was made: it cannot be replayed.",
}


class ReplayError(TradekitError):
    """A saved game cannot be replayed: malformed, from another version, or tampered with.

    A refusal of a save says what is wrong in a sentence first (:attr:`sentence`, one of
    :data:`SAVE_PROBLEMS`), then, on a second line, the details a developer needs
    (:attr:`detail`: which line of the JSON, which decision, which event). Other refusals (an
    action or a view that cannot be read back) have no sentence: their message is the detail.

    Attributes:
        detail: what exactly is wrong, in the engine's words.
        problem: the kind of problem, a key of :data:`SAVE_PROBLEMS` (``None``: no sentence).
        sentence: the sentence for ``problem`` (``""`` when there is none).

    Example:
        >>> err = ReplayError("the saved game is not valid JSON (line 3, column 1)", "cut_off")
        >>> print(err)
        This save was cut off — load the whole file.
        the saved game is not valid JSON (line 3, column 1)
        >>> err.problem, str(ReplayError("no such action"))
        ('cut_off', 'no such action')
    """

    def __init__(self, detail: str, problem: str | None = None) -> None:
        if problem is not None and problem not in SAVE_PROBLEMS:
            raise ValueError(f"unknown save problem {problem!r}; known: {sorted(SAVE_PROBLEMS)}")
        self.detail = detail
        self.problem = problem
        self.sentence = SAVE_PROBLEMS[problem] if problem is not None else ""
        super().__init__(f"{self.sentence}\n{detail}" if self.sentence else detail)

    def as_problem(self, problem: str) -> ReplayError:
        """This error with ``problem`` as its kind if it has none yet (else itself).

        Example:
            >>> ReplayError("decision 3 is illegal").as_problem("changed").problem
            'changed'
        """
        if self.problem is not None:
            return self
        return ReplayError(self.detail, problem)
