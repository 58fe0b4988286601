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
    >>> add_messages({"deck": {"en": "Deck: {n:card|cards}", "fr": "Pioche : {n:carte|cartes}"}})
    >>> t("deck", "en", n=1), t("deck", "fr", n=0), t("deck", "fr", n=3)
    ('Deck: 1 card', 'Pioche : 0 carte', 'Pioche : 3 cartes')
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import re
import string
import tomllib
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from typing import Any

from tradekit.core.errors import ConfigError, DataError, Reason
from tradekit.core.seats import SEAT_LETTERS, seat_label, seats_label
from tradekit.core.words import counted

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


class _Counting(string.Formatter):
    """``str.format`` that also writes ``{n:card|cards}``: the number, then the word for that
    many in the formatter's language ("1 card", "2 cards"; "0 carte", "2 cartes")."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" not in format_spec:
            return str(super().format_field(value, format_spec))
        one, many = format_spec.split("|", 1)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return counted(value, one, many, self.lang)
        return f"{value} {many}"  # a count already written out: said as many


_COUNTING = {lang: _Counting(lang) for lang in LANGS}


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
    return format_text(text, lang, **fields) if fields else text


def format_text(text: str, lang: str = "en", /, **fields: Any) -> str:
    """``text.format(**fields)``, where a field written ``{n:card|cards}`` is the number and the
    word for that many in ``lang`` (see :func:`tradekit.core.words.counted`).

    Example:
        >>> format_text("{n:carte|cartes} et {m:carte|cartes}", "fr", n=1, m=2)
        '1 carte et 2 cartes'
    """
    # Only a text that counts something needs the slower formatter.
    return _COUNTING[lang].vformat(text, (), fields) if "|" in text else text.format(**fields)


#: How each language other than English writes a number's marks: the decimal mark, the mark
#: between groups of thousands, and the percent sign (French: ``1 234,5`` and ``12,5 %``). The one
#: rule for every number a reader sees: :func:`number_text` for the numbers tradekit writes,
#: :data:`tradekit.charts.NUMBER_LOCALES` for those a chart writes itself.
NUMBER_MARKS: dict[str, dict[str, str]] = {
    "fr": {"decimal": ",", "thousands": " ", "percent": " %"},
}


def number_text(text: str, lang: str) -> str:
    """A number formatted the English way (``1,234.5``, ``12.5%``), written as ``lang`` writes
    it (:data:`NUMBER_MARKS`): French groups thousands with a space, writes a decimal comma and a
    space before ``%``. The one rule for every number a French reader sees (bots' reasons,
    explorers, charts).

    Example:
        >>> number_text("1,234.5", "fr"), number_text("-12.5%", "fr"), number_text("1,234.5", "en")
        ('1 234,5', '-12,5 %', '1,234.5')
    """
    marks = NUMBER_MARKS.get(lang)
    if marks is None:
        return text
    # Each English mark read once: a French decimal comma is not then read as a thousands mark.
    return text.translate(
        {ord(","): marks["thousands"], ord("."): marks["decimal"], ord("%"): marks["percent"]}
    )


def formatted(x: float, spec: str, lang: str) -> str:
    """``x`` formatted with ``spec`` (``".3f"``, ``".1%"``, ``"+,.0f"``), as ``lang`` writes it.

    Example:
        >>> formatted(0.125, ".1%", "fr"), formatted(1234.5, ",.1f", "en")
        ('12,5 %', '1,234.5')
    """
    return number_text(format(x, spec), lang)


def numbers_listed(numbers: Sequence[float], lang: str = "en") -> str:
    """``30, 20, 10``: numbers in a list for a sentence (never a raw tuple), as ``lang`` writes
    them; a decimal comma would run into the commas between them, so French then uses " ; ".

    Example:
        >>> numbers_listed([30, 20, 10]), numbers_listed([2.5, 1], "fr")
        ('30, 20, 10', '2,5 ; 1')
    """
    sep = " ; " if lang == "fr" and any(not float(x).is_integer() for x in numbers) else ", "
    return sep.join(number_text(f"{x:g}", lang) for x in numbers)


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


def round_heading(game: str, round: int, lang: str = "en") -> str:
    """Round ``round`` of ``game`` as the game counts it for people: ``Round 2`` (``Manche 2``),
    ``Set-up`` before the first round, unless the game words its rounds itself (messages
    ``<game>.round_heading`` and ``<game>.setup_heading``: Négoces counts sales).

    Example:
        >>> round_heading("turin", 2, "fr"), round_heading("turin", 0)
        ('Manche 2', 'Set-up')
    """
    key = "round_heading" if round else "setup_heading"
    own = f"{game}.{key}"
    return t(own if own in _CATALOGUE else key, lang, round=round)


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


def refusal_key(key: str) -> str:
    """The catalogue key of a refusal's message key (:class:`tradekit.core.errors.Reason`): a
    core key (``range``) is ``refusal.<key>`` in ``tradekit/messages.toml``; a game's key
    (``turin.no_loan_left``) is ``<game>.refusal.<rest>`` in the game's own catalogue, under the
    game's name like the rest of its messages.

    Example:
        >>> refusal_key("range"), refusal_key("turin.no_loan_left")
        ('refusal.range', 'turin.refusal.no_loan_left')
    """
    game, dot, rest = key.partition(".")
    return f"{game}.refusal.{rest}" if dot else f"refusal.{key}"


def reason_text(
    reason: str,
    lang: str = "en",
    action_words: Callable[[Any], str] | None = None,
    game: str | None = None,
) -> str | None:
    """A refusal's reason in ``lang``: the engine's own sentence in English (or, given a
    ``game`` or ``action_words``, the catalogue's English sentence, which names goods and
    actions as the table does); in another language the sentence of its message key
    (:func:`refusal_key`, see :class:`tradekit.core.errors.Reason`) with its fields worded
    there, or ``None`` when that cannot be done whole (a reason without a key, or a label the
    catalogue does not translate: ``field.<label>``), so that no English is left in another
    language's sentence.

    How the fields are worded, by name: ``label``, ``what`` and ``step`` by the catalogue's
    ``field.<English words>``, and so is any ``*_words``; ``values`` as a list; ``value`` (the
    value given) as ``{got}``, and ``default`` and any ``*_value`` alike (``None``, ``True``
    and ``False`` in words; a text the game names, such as a good's id, by its name in ``lang``,
    from the game's renderer: the game of a game's key, else ``game``);
    ``seat``, ``*_seat`` as a seat's label and ``*_seats`` as several, ``*_by_seat`` as one
    number per seat (``J1 2, J2 3``); ``action`` as an action's label, quoted, and ``choices``
    as pairs of actions (the first and last of a kind; the last ``None`` for one action),
    both by ``action_words`` (an action's label in ``lang``; by default the game's renderer
    words it); a field that is itself a reason with a key, by its own message; any other as it
    is (a number).

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

    A game's own reasons, and an action the step does not offer (its actions worded by the
    game's renderer):

        >>> import tradekit
        >>> from tradekit.games.turin.actions import Bid, TakeLoan
        >>> state = tradekit.load_game("turin", players=3).new_state(seed=1)
        >>> state.apply(0, TakeLoan())
        >>> reason_text(state.legal_actions(0).reason(TakeLoan()), "fr")
        'un joueur a au plus un emprunt'
        >>> print(reason_text(state.legal_actions(0).reason(Bid(3)), "fr"))
        pendant les offres, les choix sont « Offrir #2 : ... » à « Offrir #16 : ... »,
        pas « Miser 3 »
    """
    if lang == "en":
        if action_words is None and game is None:
            return str(reason)
        # With a table's words at hand, the catalogue's English names goods and actions as the
        # table shows them ("Fish", “Sell #8 ...”) rather than by their ids.
        return _worded(reason, lang, action_words, game) or str(reason)
    return _worded(reason, lang, action_words, game)


def _worded(
    reason: object, lang: str, say: Callable[[Any], str] | None, game: str | None = None
) -> str | None:
    """:func:`reason_text` in a language other than English (``say``: its ``action_words``)."""
    key = getattr(reason, "key", "")
    if not key or not isinstance(reason, str):
        return None
    if key == "malformed" and say is not None:
        return _plain_malformed(reason, lang)
    prefix, dot, _ = key.partition(".")
    game = prefix if dot else game
    entry = refusal_key(key)
    if not has_message(entry):
        _load_game_messages(key)
        if not has_message(entry):
            return None
    fields: Mapping[str, Any] = getattr(reason, "fields", {})
    words: dict[str, Any] = {}
    for name, value in fields.items():
        said: Any = value
        if isinstance(value, Reason) and value.key:  # a reason of its own
            said = _worded(value, lang, say, game)
        elif name in ("label", "what", "step") or name.endswith("_words"):
            if not value:
                continue
            said = _field_words(str(value), lang)
        elif name == "values":
            said = _values_said(value, lang, game)
        elif name == "value":
            name = "got"
            said = _value_said(value, lang, game)
        elif name == "default" or name.endswith("_value"):
            said = _value_said(value, lang, game)
        elif name == "action":
            said = _action_said(value, lang, say)
        elif name == "choices":
            said = _choices_said(value, lang, say)
        elif name.endswith("_by_seat"):
            said = ", ".join(f"{seat_label(p, lang)} {n}" for p, n in enumerate(value))
        elif name == "seat" or name.endswith("_seat"):
            said = seat_label(value, lang)
        elif name == "among_seats":
            said = _among_said(value, lang)
        elif name.endswith("_seats"):
            said = seats_label(value, lang)
        if said is None:
            return None
        words[name] = said
    if key == "one_of" and "what" not in words:
        entry = refusal_key("one_of_any")
    return t(entry, lang, **words)


def _among_said(seats: Sequence[int], lang: str) -> str:
    """The seats one may choose, in words: ``J1, J2 ou J3``."""
    return _said_list([seat_label(v, lang) for v in seats], len(seats), lang)


def _plain_malformed(reason: object, lang: str) -> str:
    """A malformed action's refusal at a table, where the action is shown by its words (a typed
    command such as "take 1005"): what is wrong in plain words, with no field name or code."""
    why = getattr(reason, "fields", {}).get("why")
    plain = f"refusal.plain_{getattr(why, 'key', '')}"  # field_card, field_huge, field_seat
    if has_message(plain):
        return t(plain, lang, given=getattr(why, "fields", {}).get("given", ""))
    return t("refusal.plain_malformed", lang)


def _value_said(value: object, lang: str, game: str | None = None) -> str:
    """A value of a field as a refusal quotes it: a number as it is, ``None`` and the flags in
    words, a text ``game`` names (a good's id) by its name, anything else as its ``repr``."""
    if value is None:
        return t("refusal.nothing", lang)
    if type(value) is bool:
        return t("refusal.yes" if value else "refusal.no", lang)
    if type(value) is str and game is not None:
        named = _text_named(game, value, lang)
        if named is not None:
            return named
    return str(value) if type(value) is int else repr(value)[:60]


def _text_named(game: str, value: str, lang: str) -> str | None:
    """``value`` (a good's id) as ``game``'s renderer names it in ``lang``, or ``None``."""
    try:
        render = importlib.import_module("tradekit.render")
        named = render.renderer_for(game).text_value(value, _context(game, lang))
    except Exception:  # no such game, or a renderer that cannot load its tables
        return None
    return None if named is None else str(named)


def _values_said(
    values: Sequence[object], lang: str, game: str | None = None, most: int = 12
) -> str:
    """The values a field may take, as a refusal lists them (the first ``most`` of many)."""
    shown = [
        _value_said(v, lang, game) if v is None or isinstance(v, str) else str(v)
        for v in values[:most]
    ]
    return _said_list(shown, len(values), lang)


def _said_list(shown: list[str], total: int, lang: str) -> str:
    """Values already worded, as a refusal lists them: ``a, b ou c``, "none now" for none, and
    the count when ``shown`` is the first of ``total``."""
    if not shown:
        return t("refusal.none_now", lang)
    if total > len(shown):
        return ", ".join(shown) + t("refusal.more", lang, n=total)
    return shown[0] if len(shown) == 1 else _listed(shown, lang)


def _listed(shown: list[str], lang: str) -> str:
    """Several things in words: ``a, b or c``."""
    return ", ".join(shown[:-1]) + t("refusal.or", lang) + shown[-1]


def _load_game_messages(key: str) -> None:
    """Load the catalogue of the game a refusal's key names (``turin.…``), if it is a game's:
    the engine refuses actions without loading any message (its renderer loads them)."""
    game, dot, _ = key.partition(".")
    if not dot:
        return
    from tradekit.core.registry import import_part, registered_games

    if game in registered_games():
        with contextlib.suppress(Exception):
            import_part(game, "renderer")


def _action_said(action: object, lang: str, say: Callable[[Any], str] | None) -> str | None:
    """An action of a refusal, quoted, in ``lang``: by ``say``, else by its game's renderer."""
    try:
        label = say(action) if say is not None else _action_label(action, lang)
    except Exception:  # an action no renderer can name
        return None
    return None if label is None else t("refusal.quoted", lang, action=label)


def _choices_said(choices: object, lang: str, say: Callable[[Any], str] | None) -> str | None:
    """What a step offers, in ``lang``: pairs of actions (the first and the last of a kind; the
    last ``None`` for a kind of one action), each quoted; ``nothing`` for none."""
    said = []
    for first, last in choices:  # type: ignore[attr-defined]
        one = _action_said(first, lang, say)
        other = _action_said(last, lang, say) if last is not None else None
        if one is None or (last is not None and other is None):
            return None
        said.append(one if other is None else t("refusal.span", lang, first=one, last=other))
    if not said:
        return t("refusal.nothing", lang)
    return said[0] if len(said) == 1 else _listed(said, lang)


def _action_label(action: object, lang: str) -> str | None:
    """An action's label in ``lang`` as its game's renderer words it with no view of the table
    (the game's options by default; ``None`` for an action of no registered game)."""
    game = _game_of(type(action).__module__)
    if game is None:
        return None
    # The presentation layer, imported by name: the engine and this module never need it.
    render = importlib.import_module("tradekit.render")
    return str(render.renderer_for(game).action_label(action, None, _context(game, lang)))


@functools.cache
def _game_of(module: str) -> str | None:
    """The registered game whose package holds ``module`` (an action class's module)."""
    from tradekit.core.registry import game_class, registered_games

    for name in registered_games():
        package = game_class(name).__module__.rpartition(".")[0]
        if package and module.startswith(package + "."):
            return name
    return None


@functools.cache
def _context(game: str, lang: str) -> Any:
    """The renderer's context of ``game`` with its default options, in ``lang`` (made once)."""
    from tradekit.core.registry import load_game

    render = importlib.import_module("tradekit.render")
    return render.Context(load_game(game), lang)


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
    "refusal_key",
    "seat_label",
    "seats_label",
    "t",
    "tell",
]

load_messages("tradekit")
# "seat" for a text that formats a seat's label itself ({seat}: the number shown, from 1); the
# letters are seat_label's, so both name a seat alike.
add_messages({"seat": {lang: f"{SEAT_LETTERS[lang]}{{seat}}" for lang in LANGS}})
