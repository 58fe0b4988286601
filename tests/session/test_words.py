"""Plain words in both languages: what a person reads names no class and no internal id, counts
seats from 1, and reads in French without English left in.

Three sources of text are walked: every message of the catalogue (the framework's and every
game's), the refusals a table says for actions the rules refuse (many illegal actions at many
positions of the seeded games of the corpus), and the bots' reasons of whole games played in
French.
"""

from __future__ import annotations

import dataclasses
import importlib
import random
import re
import string
import tomllib
from functools import partial
from importlib import resources
from typing import Any

import pytest

import tradekit
from tradekit.core.actions import Action
from tradekit.core.errors import IllegalActionError
from tradekit.core.registry import plugin
from tradekit.i18n import _CATALOGUE as CATALOGUE
from tradekit.i18n import CATALOGUE_FILE, LANGS, add_messages, format_text, keys, load_messages
from tradekit.session import TableSession
from tradekit.session.commands import parse_command

#: English words that give away an English text left in a French one.
ENGLISH = [
    "the",
    "and",
    "bid",
    "bids",
    "player",
    "players",
    "cannot",
    "with",
    "your",
    "you",
    "is",
    "are",
    "was",
    "not",
    "this",
    "that",
    "for",
    "card",
    "cards",
    "round",
    "turn",
    "gold",
    "coins",
    "pays",
    "wins",
    "takes",
    "offer",
    "offers",
    "must",
    "only",
    "already",
    "none",
]
_ENGLISH = re.compile(r"\b(" + "|".join(ENGLISH) + r")\b")
#: A seat numbered from 0 (people count from 1: the first player is P1, J1).
_SEAT_ZERO = re.compile(r"\b[PJ]0\b")


def action_class_names() -> set[str]:
    """The names of every action class of every game."""
    names = set()
    for name in tradekit.GAMES:
        game = tradekit.load_game(name)
        names |= set(game.action_types)
    return names


CLASSES = action_class_names()
#: Class names that are also plain words of a label ("Bid 3", "Pass", "Temple : céder"): they are
#: looked for as code only (``Bid(amount=3)``, "Bid is not Pick").
WORDS = {n for n in CLASSES if re.fullmatch(r"[A-Z][a-z]+", n)}
COMPOUND = CLASSES - WORDS


def class_names_in(text: str) -> list[str]:
    """The action class names ``text`` shows as a class would be shown."""
    found = [n for n in COMPOUND if re.search(rf"\b{n}\b", text)]
    return found + [n for n in WORDS if re.search(rf"\b{n}(\(| is not\b| takes no\b)", text)]


def problems(text: str, lang: str) -> list[str]:
    """What is wrong with ``text`` as words a person reads in ``lang``."""
    out = [f"class name {n}" for n in class_names_in(text)]
    out += [f"seat from 0 {m}" for m in _SEAT_ZERO.findall(text)]
    if lang == "fr":
        out += [f"English word {w!r}" for w in _ENGLISH.findall(text.lower())]
    return out


def test_the_checks_catch_what_they_look_for() -> None:
    assert problems("in the bid step the actions are Bid (or TakeLoan)", "en") == [
        "class name TakeLoan"
    ]
    assert problems("Action refusée : the bid must be a whole number", "fr")
    assert problems("J0 mise 3", "fr") == ["seat from 0 J0"]
    assert problems("Bid 3", "en") == [] and problems("Miser 3", "fr") == []
    assert problems("Offer(card=3) is illegal", "en") == ["class name Offer"]


#: The theory explorers' messages: read from the file, as importing ``tradekit.theory`` (which
#: :func:`load_messages` does) needs scipy, which only the notebook extra installs.
THEORY_MESSAGES = resources.files("tradekit") / "theory" / CATALOGUE_FILE


def _catalogue() -> dict[str, dict[str, str]]:
    for name in tradekit.GAMES:
        load_messages(f"tradekit.games.{name}")
    add_messages(tomllib.loads(THEORY_MESSAGES.read_text(encoding="utf-8")))
    return {key: CATALOGUE[key] for key in keys()}


def test_the_catalogue_walked_holds_the_theory_explorers_messages() -> None:
    catalogue = _catalogue()
    for key in ("explorer.check", "explorer.err.below", "explorer.sealed.all_zero"):
        assert key in catalogue, key


def _sample(text: str, lang: str) -> str:
    """``text`` with its fields filled with neutral values (a field may hold a seat: 1-based)."""
    fields = {}
    for _, field, spec, _ in string.Formatter().parse(text):
        if field is not None:
            base = re.split(r"[.\[]", field, maxsplit=1)[0]
            fields[base] = 0.5 if spec and ("f" in spec or "%" in spec) else 1
    return format_text(text, lang, **fields)


def test_every_message_reads_plainly_in_both_languages() -> None:
    bad = []
    for key, texts in _catalogue().items():
        for lang in LANGS:
            text = texts[lang]
            # Formatted, so that a field's name ({round}) is not read as a word of the text.
            for what in problems(_sample(text, lang), lang):
                bad.append(f"{key} ({lang}): {what}: {text!r}")
    assert not bad, "\n".join(sorted(set(bad)))


# -- refusals ----------------------------------------------------------------------------------
#: (game, options): every game, and one with variants.
TABLES = [
    ("turin", {"players": 3}),
    ("turin", {"players": 4, "goose": "tiebreak"}),
    ("medici", {"players": 4}),
    ("negoces", {"players": 4}),
    ("negoces", {"players": 5, "variants": ["treasury", "temple", "thief_guard", "misers"]}),
    ("rungis", {"players": 4}),
    ("rungis", {"players": 3, "trading": True}),
]


def illegal_actions(state: Any, seat: int, pool: list[Action], rng: random.Random) -> list[Action]:
    """Actions ``seat`` may not take at ``state``: actions of other moments of the game, and
    legal ones with a number pushed out of range."""
    out = [a for a in rng.sample(pool, min(len(pool), 40)) if not state.can(seat, a)]
    legal = state.legal_actions(seat)
    for action in [legal[i] for i in range(min(len(legal), 3))]:
        for f in dataclasses.fields(action):
            value = getattr(action, f.name)
            if type(value) is int:
                pushed = dataclasses.replace(action, **{f.name: value + 1000})
                if not state.can(seat, pushed):
                    out.append(pushed)
    return out


@pytest.mark.parametrize(("name", "options"), TABLES)
def test_refusals_of_illegal_actions_read_plainly(
    corpus: Any, name: str, options: dict[str, Any]
) -> None:
    finished = corpus.game(name, 7, **options)
    pool = sorted({a for _, a in finished.decisions}, key=repr)
    rng = random.Random(7)
    bad: list[str] = []
    said = 0
    steps = len(finished.decisions)
    for k in sorted(rng.sample(range(steps), min(steps, 6))):
        state = finished.branch(k)  # a copy at decision k: the corpus' game is not changed
        session = TableSession(state, humans=[], seed=1)
        for seat in range(state.game.num_players):
            for action in illegal_actions(state, seat, pool, rng):
                try:
                    state.check(seat, action)
                except IllegalActionError as exc:
                    reason = exc.reason
                for lang in LANGS:
                    session.set_lang(lang)
                    text = session.refusal(seat, action, reason)
                    said += 1
                    bad += [f"{lang} {action!r}: {p}: {text!r}" for p in problems(text, lang)]
    assert said > 50, f"only {said} refusals were said"
    assert not bad, "\n".join(bad[:20])


# -- the bots' reasons -------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(tradekit.GAMES))
def test_the_bots_reasons_read_plainly_in_french(name: str) -> None:
    session = TableSession(name, humans=[], seed=2026, lang="fr")
    session.play_bots()
    assert session.state.is_over
    bad = []
    for _, bot, why in session.explanations.values():
        bad += [f"{bot}: {p}: {why!r}" for p in problems(why, "fr")]
        assert not why.startswith(("Bid ", "Miser ", "Offered ", "J'ai ")), why
    assert session.explanations and not bad, "\n".join(bad[:20])


def test_every_game_is_walked() -> None:
    assert {name for name, _ in TABLES} == set(tradekit.GAMES)
    for name in tradekit.GAMES:  # its bots' module loads its messages
        importlib.import_module(str(plugin(name).bots))
    assert {"Bid", "TakeLoan", "GiveGoose"} <= CLASSES and "TakeLoan" in COMPOUND


# -- typed commands: examples and hints --------------------------------------------------------
#: A card named by its number in the game's data (``card 0``, ``special card 61``), not as a
#: person finds it on the table (``#29 Cheese``).
_CARD_ID = re.compile(r"\bcard \d+\b")


def internal_ids_in(text: str, goods: dict[str, str]) -> list[str]:
    """The internal ids ``text`` shows: a good's id where its name belongs (Négoces' ``cigares``
    for Cigars; an id that is also an English word, ``the`` for Tea, cannot be told from the
    word), and a card by its number in the data."""
    found = [
        f"good id {g!r}"
        for g, name in goods.items()
        if g != name.lower() and g not in ENGLISH and re.search(rf"\b{g}\b", text.lower())
    ]
    return found + [f"card id {m!r}" for m in _CARD_ID.findall(text)]


@pytest.mark.parametrize(("name", "options"), TABLES)
def test_command_examples_and_hints_read_plainly_and_are_typed_back(
    corpus: Any, name: str, options: dict[str, Any]
) -> None:
    finished = corpus.game(name, 11, **options)
    steps = len(finished.decisions)
    rng = random.Random(11)
    bad: list[str] = []
    checked = 0
    for k in sorted(rng.sample(range(steps), min(steps, 25))):
        state = finished.branch(k)  # a copy: the corpus' game is not changed
        session = TableSession(state, humans=[], seed=1)
        for seat in state.to_move:
            legal = state.legal_actions(seat)
            view = state.view(seat)
            for lang in LANGS:
                session.set_lang(lang)
                goods = {g: good.name for g, good in session.renderer.goods(session.ctx).items()}
                example = session.command_example(seat)
                hint = session.command_hint(seat)
                for text in (example, hint):
                    found = problems(text, lang)
                    if lang == "en":
                        found += internal_ids_in(text, goods)
                    bad += [f"{lang} {text!r}: {p}" for p in found]
                label = partial(session.renderer.action_label, view=view, ctx=session.ctx)
                command = parse_command(example, legal, label)
                if command.action is None or not state.can(seat, command.action):
                    bad.append(f"{lang} {example!r} typed back is not a legal action")
                checked += 1
    assert checked > 40, f"only {checked} examples were looked at"
    assert not bad, "\n".join(sorted(set(bad))[:20])


def test_the_internal_id_check_catches_what_it_looks_for() -> None:
    goods = {"cigares": "Cigars", "the": "Tea", "eggs": "Eggs"}
    assert internal_ids_in("offer cigares and 1 coin", goods) == ["good id 'cigares'"]
    assert internal_ids_in("designate centre card 0", goods) == ["card id 'card 0'"]
    assert internal_ids_in("Price Eggs at 2, Sell Tea, Offer #2", goods) == []
