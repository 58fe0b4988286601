"""Labels and narration in English and French: one message catalogue, extended by each game.

Every string the renderer and the widgets show comes from here, looked up by a key and formatted
with named fields. The messages are data, not code: the framework's own are in
``tradekit/messages.toml`` (loaded with this module), and each game's in a ``messages.toml`` of its
package, which its renderer, bots and controls load with :func:`load_messages` (Turin Market's
are ``tradekit/games/turin/messages.toml``). :func:`add_messages` adds messages from code. Names
of goods and cards come from each game's data tables (``name_en`` / ``name_fr``), not from this
catalogue. A seat is named by :func:`seat_label` (``P1`` / ``J1``: people count players from 1,
code from 0) in every text, and a bot by :func:`bot_label` (``heuristic`` / ``heuristique``).

This module is pure Python and standard library only (the engine never needs it, the renderer
and the widgets do).

Example:
    >>> t("round_of", "fr", round=2, rounds=5)
    'Manche 2 sur 5'
    >>> t("round_of", "en", round=2, rounds=5)
    'Round 2 of 5'
    >>> add_messages({"hello": {"en": "Hello {name}", "fr": "Bonjour {name}"}})
    >>> t("hello", "fr", name="Ada")
    'Bonjour Ada'
    >>> seat_label(0, "fr"), bot_label("heuristic", "fr")
    ('J1', 'heuristique')
"""

from __future__ import annotations

import functools
import re
import string
import tomllib
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any

from tradekit.core.errors import ConfigError, DataError
from tradekit.core.seats import SEAT_LETTERS, seat_label, seats_label

#: The languages every label exists in.
LANGS: tuple[str, ...] = ("en", "fr")

#: The file of a package's messages, next to its ``__init__.py``.
CATALOGUE_FILE = "messages.toml"

#: What an entry of a catalogue file may hold besides its texts: the fields that one language
#: leaves out, or shows in another form, on purpose (checked like the rest).
_ONLY = {"en_only": "en", "fr_only": "fr"}

_CATALOGUE: dict[str, dict[str, str]] = {}
_LOADED: set[str] = set()
_FORMATTER = string.Formatter()


def check_lang(lang: object) -> str:
    """Return ``lang`` if it is a supported language.

    Raises:
        ConfigError: naming the allowed languages.

    Example:
        >>> check_lang("fr")
        'fr'
        >>> check_lang("de")
        Traceback (most recent call last):
        ...
        tradekit.core.errors.ConfigError: option 'lang' = 'de' is not allowed: expected 'en' or 'fr'
    """
    if lang not in LANGS:
        raise ConfigError("lang", lang, " or ".join(repr(x) for x in LANGS))
    return str(lang)


def add_messages(messages: Mapping[str, Mapping[str, str]]) -> None:
    """Add (or replace) messages: ``{key: {"en": ..., "fr": ...}}``; every language is required.

    Raises:
        ValueError: if a message lacks a language.
    """
    for key, texts in messages.items():
        missing = [lang for lang in LANGS if lang not in texts]
        if missing:
            raise ValueError(f"message {key!r} has no text in {', '.join(missing)}")
        _CATALOGUE[key] = {lang: texts[lang] for lang in LANGS}


def load_messages(package: str) -> None:
    """Add the messages of ``package``'s ``messages.toml`` to the catalogue, once.

    The file holds one table per key with exactly ``en`` and ``fr`` strings, and optionally
    ``en_only`` / ``fr_only``: the fields that one language leaves out or shows in another form
    on purpose. Both languages must use the same ``{fields}``, a field ending in ``_en`` counting
    as the English text's own and one ending in ``_fr`` as the French text's own. Later calls for
    the same package do nothing, so every module of a game can call it at import.

    Raises:
        DataError: naming the file, the key and what is wrong, if the file is not valid TOML or
            an entry breaks these rules (nothing of the file is added then).

    Example:
        >>> load_messages("tradekit.games.turin")
        >>> t("turin.lot", "fr")
        'Lot'
        >>> load_messages("tradekit.games.turin")  # already loaded: nothing happens
    """
    if package in _LOADED:
        return
    path = resources.files(package) / CATALOGUE_FILE
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        raise DataError(path, f"cannot read the messages: {err}") from err
    messages = {key: _checked(path, key, entry) for key, entry in data.items()}
    _CATALOGUE.update(messages)
    _LOADED.add(package)


def _checked(path: object, key: str, entry: object) -> dict[str, str]:
    """The texts of one catalogue entry, after checking it (see :func:`load_messages`)."""

    def bad(what: str) -> DataError:
        return DataError(path, f"message {key!r}: {what}")

    if not isinstance(entry, dict):
        raise bad(f"is not a table of texts by language but {type(entry).__name__} {entry!r}")
    unknown = sorted(set(entry) - set(LANGS) - set(_ONLY))
    if unknown:
        expected = " and ".join(LANGS) + ", and optionally " + " or ".join(_ONLY)
        raise bad(f"unknown entry {', '.join(unknown)} (expected {expected})")
    fields: dict[str, set[str]] = {}
    for lang in LANGS:
        text = entry.get(lang)
        if not isinstance(text, str):
            raise bad(f"no text in {lang}" if text is None else f"the {lang} text is not a string")
        try:
            fields[lang] = _fields(text, lang)
        except ValueError as err:
            raise bad(f"the {lang} text is not a valid format string ({err})") from err
    for name, lang in _ONLY.items():
        only = entry.get(name, [])
        if not isinstance(only, list) or not all(isinstance(f, str) for f in only):
            raise bad(f"{name} is not a list of field names")
        unused = sorted(set(only) - fields[lang])
        if unused:
            raise bad(f"{name} names {', '.join(unused)}, which the {lang} text does not use")
        fields[lang] -= set(only)
    if fields["en"] != fields["fr"]:
        mismatch = "; ".join(
            f"only the {lang} text uses {', '.join(sorted(fields[lang] - fields[other]))}"
            for lang, other in (("en", "fr"), ("fr", "en"))
            if fields[lang] - fields[other]
        )
        raise bad(f"the languages use different fields: {mismatch}")
    return {lang: entry[lang] for lang in LANGS}


def _fields(text: str, lang: str) -> set[str]:
    """The fields ``text`` is formatted with, a language's own (``good_fr``) counted as shared."""
    names = set()
    for _, field, _, _ in _FORMATTER.parse(text):
        if field is not None:
            name = re.split(r"[.\[]", field, maxsplit=1)[0]
            names.add(name.removesuffix(f"_{lang}"))
    return names


def has_message(key: str) -> bool:
    """Whether ``key`` is in the catalogue."""
    return key in _CATALOGUE


def t(key: str, lang: str = "en", /, **fields: Any) -> str:
    """The message ``key`` in ``lang``, formatted with ``fields``.

    An unknown key returns the key itself (so a missing label shows up plainly, never crashes).
    """
    texts = _CATALOGUE.get(key)
    if texts is None:
        return key
    text = texts.get(lang) or texts["en"]
    return text.format(**fields) if fields else text


def bot_label(name: str, lang: str = "en") -> str:
    """A bot's name as the table shows it in ``lang``: ``bot_name.<name>`` from the catalogue, its
    parameters kept (``heuristic(aggression=0.9)`` reads ``heuristique(aggression=0.9)``); a name
    the catalogue does not know (a notebook's own function) is shown as it is.

    Example:
        >>> bot_label("random", "fr"), bot_label("heuristic(aggression=0.9)", "fr")
        ('aléatoire', 'heuristique(aggression=0.9)')
        >>> bot_label("my_bot", "fr")
        'my_bot'
    """
    base = re.split(r"[(:]", name, maxsplit=1)[0]
    key = f"bot_name.{base}"
    return t(key, lang) + name[len(base) :] if key in _CATALOGUE else name


def tell(
    data: Mapping[str, Any], lang: str = "en", name: Callable[[int], str] | None = None
) -> str:
    """The words of a told event's ``data`` (:func:`tradekit.core.events.told`) in ``lang``:
    each part's message, joined by ``"; "``, as the ``{parts}`` of the whole message. Seats
    (fields named ``seat`` or ending in ``_seat``) are written by ``name`` (default:
    :func:`seat_label` in ``lang``).

    Example:
        >>> add_messages({
        ...     "demo.sum": {"en": "Round {round}: {parts}.", "fr": "Manche {round} : {parts}."},
        ...     "demo.bid": {"en": "{seat} bid {n}", "fr": "{seat} a misé {n}"},
        ... })
        >>> from tradekit.core.events import told
        >>> bids = [("demo.bid", {"seat": 0, "n": 3}), ("demo.bid", {"seat": 2, "n": 1})]
        >>> data = told("demo.sum", bids, round=1)
        >>> tell(data, "fr")
        'Manche 1 : J1 a misé 3 ; J3 a misé 1.'
    """

    def named(fields: Mapping[str, Any]) -> dict[str, Any]:
        return {
            k: (name(v) if name is not None else seat_label(v, lang))
            if k == "seat" or k.endswith("_seat")
            else v
            for k, v in fields.items()
        }

    sep = " ; " if lang == "fr" else "; "
    parts = sep.join(t(part["say"], lang, **named(part["fields"])) for part in data["parts"])
    return t(data["say"], lang, parts=parts, **named(data.get("fields", {})))


#: The placeholders of a field's words (``field.<English words>``) that stand for a part of the
#: label the rules fill in: a seat as people read it (P1; written back in the language) or a
#: number.
_FIELD_PARTS = {"seat": r"(?P<seat>P\d+)", "other": r"(?P<other>P\d+)", "n": r"(?P<n>-?\d+)"}


@functools.cache
def _field_patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    """The field keys with placeholders, as patterns of the English words (made once the
    catalogue is loaded)."""
    patterns = []
    for key in _CATALOGUE:
        if key.startswith("field.") and "{" in key:
            words = re.escape(key.removeprefix("field."))
            for part, pattern in _FIELD_PARTS.items():
                words = words.replace(re.escape("{" + part + "}"), pattern)
            patterns.append((re.compile(words), key))
    return tuple(patterns)


def _field_words(words: str, lang: str) -> str | None:
    """A field's English words (a label, or what its values are) in ``lang``: the catalogue's
    ``field.<words>``, or a key with placeholders that the words match ("a card in P1's hand"
    matches ``field.a card in {seat}'s hand``); ``None`` when none does."""
    if has_message(f"field.{words}"):
        return t(f"field.{words}", lang)
    for pattern, key in _field_patterns():
        found = pattern.fullmatch(words)
        if found is not None:
            parts = {
                name: value if name == "n" else seat_label(int(value[1:]) - 1, lang)
                for name, value in found.groupdict().items()
            }
            return t(key, lang, **parts)
    return None


def reason_text(reason: str, lang: str = "en") -> str | None:
    """A refusal's reason in ``lang``: the engine's own sentence in English; in another
    language the sentence of its message key (``refusal.<key>``, see
    :class:`tradekit.core.errors.Reason`) with its fields worded there, or ``None`` when that
    cannot be done whole (a reason without a key, or a label the catalogue does not translate:
    ``field.<label>``), so that no English is left in another language's sentence.

    Example:
        >>> from tradekit.core.domains import OneOf, Range
        >>> reason_text(Range(0, 15, "the bid").reason(16), "fr")
        "l'enchère doit être un nombre entier de 0 à 15 ; reçu : 16"
        >>> reason_text(OneOf((4, 9, 12), "the card", "a card in the lot").reason(5), "fr")
        'la carte doit être une carte du lot (4, 9 ou 12) ; reçu : 5'
        >>> hand = OneOf((4, 9), "the card", "a card in P2's hand", secret=True)
        >>> reason_text(hand.reason(5), "fr")
        'la carte doit être une carte de la main de J2 ; reçu : 5'
        >>> reason_text("the seller has not put a card up", "fr") is None
        True
    """
    if lang == "en":
        return str(reason)
    key = getattr(reason, "key", "")
    fields: Mapping[str, Any] = getattr(reason, "fields", {})
    if not key or not has_message(f"refusal.{key}"):
        return None
    words: dict[str, Any] = {}
    for name, value in fields.items():
        if name in ("label", "what"):
            if not value:
                continue
            said = _field_words(str(value), lang)
            if said is None:
                return None
            words[name] = said
        elif name == "values":
            shown = [repr(v) if isinstance(v, str) else str(v) for v in value]
            if not shown or len(shown) > 12:
                return None
            words[name] = (
                shown[0]
                if len(shown) == 1
                else ", ".join(shown[:-1]) + t("refusal.or", lang) + shown[-1]
            )
        elif name == "value":
            words["got"] = (
                t("refusal.nothing", lang)
                if value is None
                else str(value)
                if type(value) is int
                else repr(value)[:60]
            )
        else:
            words[name] = value
    if key == "one_of" and "what" not in words:
        key = "one_of_any"
    return t(f"refusal.{key}", lang, **words)


def keys() -> list[str]:
    """Every key in the catalogue (for tests)."""
    return sorted(_CATALOGUE)


__all__ = [
    "LANGS",
    "SEAT_LETTERS",
    "add_messages",
    "bot_label",
    "check_lang",
    "has_message",
    "keys",
    "load_messages",
    "reason_text",
    "seat_label",
    "seats_label",
    "t",
    "tell",
]

load_messages("tradekit")
# "seat" for a text that formats a seat's label itself ({seat}: the number shown, from 1); the
# letters are seat_label's, so both name a seat alike.
add_messages({"seat": {lang: f"{SEAT_LETTERS[lang]}{{seat}}" for lang in LANGS}})
