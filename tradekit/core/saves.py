"""Reading a saved game safely: bounded size, depth, numbers and counts before any replay.

A saved game is hostile input (a student may edit one, a file may be truncated), so
:func:`parse_save` reads it under limits that keep every later step small: a save of 1 KB can
never make the engine allocate more than a few MB or run for more than a moment. Everything that
breaks a limit, or is not JSON, raises :class:`~tradekit.core.errors.ReplayError` with one
sentence saying what is wrong.

Example:
    >>> parse_save('{"format": "tradekit-game"}')
    {'format': 'tradekit-game'}
    >>> parse_save('[' * 100 + ']' * 100)
    Traceback (most recent call last):
    ...
    tradekit.core.errors.ReplayError: the saved game nests lists or objects more than 16 deep
    >>> parse_save('{"seed": ' + '9' * 5000 + '}')
    Traceback (most recent call last):
    ...
    tradekit.core.errors.ReplayError: This file is not a tradekit save.
    the saved game holds a number of more than 30 digits
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from tradekit.core.data import MAX_FILE_BYTES
from tradekit.core.errors import ReplayError

#: The largest save read, in characters (the longest games save well under 1 MB).
MAX_CHARS = 32 * 2**20
#: How deeply lists and objects may nest (a save nests 6 deep).
MAX_DEPTH = 16
#: The most digits a number may have (seeds are below 2**64, which has 20).
MAX_DIGITS = 30
#: The longest text a save may hold in one string (event texts are a line), but for the tables.
MAX_STRING = 20_000
#: The longest text of a data table a save embeds: a table file's largest size.
MAX_TABLE_TEXT = MAX_FILE_BYTES
#: The most data tables a save may embed (a game reads a handful).
MAX_TABLES = 32
#: The most decisions a save may hold (no game of these rules comes near 100,000).
MAX_DECISIONS = 100_000
#: The most values (numbers, strings, lists, objects) a save may hold in all.
MAX_VALUES = 5_000_000


class CheckedSave(dict[str, Any]):
    """A save :func:`parse_save` has read and checked: reading it again checks nothing twice.

    ``log_checked`` is false when the log was left to the caller (``defer_log=True``).
    """

    log_checked: bool = True


def read_json(
    text: str, subject: str, max_depth: int = MAX_DEPTH, hint: str = "", save: bool = False
) -> Any:
    """``json.loads`` of hostile text: ``NaN`` and ``Infinity`` refused, numbers of more than
    :data:`MAX_DIGITS` digits refused before ``int()`` converts them, and every refusal a
    :class:`~tradekit.core.errors.ReplayError` in one sentence about ``subject``.

    The text is parsed first as it is: a number too long for ``int()`` raises ``ValueError``, and
    the text is then parsed again with a check on every number, which words the refusal
    (checking every number costs a third of the parse, so it is left to the rare text that needs
    it). A shorter number of too many digits, and nesting within the parser's reach but deeper
    than ``max_depth``, are for the caller's walk to refuse.

    Args:
        text: the JSON text.
        subject: what it is, for the messages (``"the saved game"``, ``"the request"``).
        max_depth: the nesting the caller allows, for the message when the parser gives up.
        hint: added to the message for text that is not JSON.
        save: the text is a saved game: every refusal then says what is wrong in a sentence
            first (a :class:`~tradekit.core.errors.ReplayError` with a ``problem``): text that
            stops in the middle of its JSON was cut off, any other is not a save.

    Example:
        >>> read_json('{"a": NaN}', "the request")
        Traceback (most recent call last):
        ...
        tradekit.core.errors.ReplayError: the request holds NaN, which is not a number JSON allows
    """

    problem = "not_a_save" if save else None

    def constant(name: str) -> Any:
        raise ReplayError(f"{subject} holds {name}, which is not a number JSON allows", problem)

    def integer(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_DIGITS:
            raise ReplayError(f"{subject} holds a number of more than {MAX_DIGITS} digits", problem)
        return int(digits)

    try:
        try:
            return json.loads(text, parse_constant=constant)
        except json.JSONDecodeError:
            raise
        except ValueError:
            return json.loads(text, parse_constant=constant, parse_int=integer)
    except ReplayError:
        raise
    except RecursionError:
        raise ReplayError(
            f"{subject} nests lists or objects more than {max_depth} deep", problem
        ) from None
    except json.JSONDecodeError as exc:
        # JSON that breaks off where the text ends was a whole save once, cut short in a copy.
        cut = save and bool(text.strip()) and exc.pos >= len(text.rstrip())
        raise ReplayError(
            f"{subject} is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
            + hint,
            "cut_off" if cut else problem,
        ) from None
    except ValueError as exc:
        raise ReplayError(f"{subject} is not valid JSON: {exc}", problem) from None


def parse_save(saved: str | bytes | Mapping[str, Any], defer_log: bool = False) -> CheckedSave:
    """Read a saved game's JSON text (or an already parsed object) under the limits above.

    Args:
        saved: the save's text, its bytes, or a parsed object.
        defer_log: leave the top-level ``"log"`` unchecked (the returned save's ``log_checked``
            is false). For a caller that compares it with a log the engine made, and calls
            :func:`check_log` before it reads the log in any other way: a log equal to the
            engine's own is within every limit, so the replay of an untouched save, which is most
            of them, never walks its biggest part.

    Returns:
        the top-level object, checked for size, depth, number length and string length. A
        :class:`CheckedSave` given back is returned as it is (its log checked if it was not).

    Raises:
        ReplayError: not JSON, not an object, or over a limit; the message names which.
    """
    if type(saved) is CheckedSave:
        if not defer_log and not saved.log_checked:
            check_log(saved)
        return saved
    if isinstance(saved, bytes):
        if len(saved) > MAX_CHARS:
            raise ReplayError(_too_big(len(saved)), "too_big")
        try:
            saved = saved.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ReplayError(
                "the saved game is not valid JSON: a saved game is UTF-8 text, and this file is "
                f"not text ({exc.reason} at byte {exc.start})",
                "not_a_save",
            ) from None
    if isinstance(saved, str):
        if len(saved) > MAX_CHARS:
            raise ReplayError(_too_big(len(saved)), "too_big")
        doc = read_json(
            saved.lstrip("\ufeff"),
            "the saved game",
            hint="; it may have been cut short or edited by hand",
            save=True,
        )
    elif isinstance(saved, Mapping):
        doc = saved
    else:
        raise ReplayError(
            f"a saved game is JSON text or a dict, got a {type(saved).__name__}", "not_a_save"
        )
    log: Any = None
    if defer_log and type(doc) is dict and "log" in doc:
        log = doc["log"]
        _check_shape({**doc, "log": None})
    else:
        _check_shape(doc)
    if not isinstance(doc, Mapping):
        kind = "a list" if isinstance(doc, list) else "a single value"
        raise ReplayError(
            "not a saved tradekit game (format must be 'tradekit-game'): a saved game is a JSON "
            f"object, and this is {kind}",
            "not_a_save",
        )
    decisions = doc.get("decisions")
    if isinstance(decisions, list) and len(decisions) > MAX_DECISIONS:
        raise ReplayError(
            f"the saved game holds {len(decisions):,} decisions; at most {MAX_DECISIONS:,} are read"
        )
    checked = CheckedSave(doc)
    checked.log_checked = log is None
    return checked


def check_log(doc: CheckedSave) -> None:
    """Check the log :func:`parse_save` left unchecked (``defer_log=True``) under its limits.

    Raises:
        ReplayError: the log is over a limit; the message names which.

    Example:
        >>> doc = parse_save('{"log": [[[[[[[[[[[[[[[[[[0]]]]]]]]]]]]]]]]]]}', defer_log=True)
        >>> doc.log_checked
        False
        >>> check_log(doc)
        Traceback (most recent call last):
        ...
        tradekit.core.errors.ReplayError: the saved game nests lists or objects more than 16 deep
    """
    if not doc.log_checked:
        # One level down, as the whole save's walk would see it.
        _walk([doc.get("log")])
        doc.log_checked = True


def _too_big(size: int) -> str:
    return (
        f"the saved game is {size / 2**20:.1f} MB; at most {MAX_CHARS // 2**20} MB is read "
        "(a whole game saves well under 1 MB)"
    )


#: Whole numbers a save may hold lie strictly between minus this and this.
_NUMBER_LIMIT = 10**MAX_DIGITS
#: JSON's own containers, recognised by exact type before the slower abstract checks.
_CONTAINERS = (dict, list)


def _check_shape(doc: object) -> None:
    """Depth, string length and value count; the embedded tables' texts may be longer."""
    tables = doc.get("tables") if type(doc) is dict else None
    if type(tables) is not dict:
        _walk(doc)
        return
    if len(tables) > MAX_TABLES:
        raise ReplayError(f"the saved game embeds more than {MAX_TABLES} tables")
    for text in tables.values():
        if type(text) is str and len(text) > MAX_TABLE_TEXT:
            raise ReplayError(
                f"the saved game embeds a table of {len(text):,} characters; at most "
                f"{MAX_TABLE_TEXT:,} are read"
            )
    assert isinstance(doc, dict)
    shortened = {k: "" if type(v) is str else v for k, v in tables.items()}
    _walk({**doc, "tables": shortened})


def _walk(doc: object) -> None:
    """Depth, string length and value count, walked without recursion.

    Scalars are checked where they are found and only containers go on the stack: a save is
    mostly numbers and short texts, and every replay walks all of it.
    """
    _check_scalar(doc)
    if not _is_container(doc):
        return
    stack: list[tuple[Any, int]] = [(doc, 1)]
    count = 1
    while stack:
        value, depth = stack.pop()
        if type(value) is dict or isinstance(value, Mapping):
            children: Any = value.values()
            for key in value:
                if type(key) is not str or len(key) > MAX_STRING:
                    raise ReplayError("the saved game has an object key that is not a short text")
        else:
            children = value
        count += len(children)
        if count > MAX_VALUES:
            raise ReplayError(f"the saved game holds more than {MAX_VALUES:,} values")
        if depth >= MAX_DEPTH and children:
            raise ReplayError(f"the saved game nests lists or objects more than {MAX_DEPTH} deep")
        for child in children:
            kind = type(child)
            if kind is int:
                if not -_NUMBER_LIMIT < child < _NUMBER_LIMIT:
                    _check_scalar(child)
            elif kind is str:
                if len(child) > MAX_STRING:
                    _check_scalar(child)
            elif kind in _CONTAINERS or _is_container(child):
                stack.append((child, depth + 1))
            else:
                _check_scalar(child)


def _is_container(value: object) -> bool:
    return isinstance(value, (Mapping, list, tuple))


def _check_scalar(value: object) -> None:
    """Raise if ``value`` is a text or a number over the limits."""
    if isinstance(value, str) and len(value) > MAX_STRING:
        raise ReplayError(
            f"the saved game holds a text of {len(value):,} characters; at most "
            f"{MAX_STRING:,} are read"
        )
    if type(value) is int and not -_NUMBER_LIMIT < value < _NUMBER_LIMIT:
        raise ReplayError(f"the saved game holds a number of more than {MAX_DIGITS} digits")
