"""Every refusal a player can meet is worded in French: no reason falls back to the general
"not now" sentence, and none leaves English words in.

At many positions of seeded random games of every game, at its fewest and most players (and with
the variants that open the most refusals), illegal actions are tried for every seat: each legal
action with one field changed, the actions of other moments of the game, and other seats' legal
actions. ``reason_text(reason, "fr")`` must word each refusal (not ``None``) without an English
word left in.
"""

from __future__ import annotations

import ast
import dataclasses
import random
import re
from pathlib import Path
from typing import Any

import pytest

import tradekit
from tradekit.core.actions import Action, FieldKind, field_specs
from tradekit.core.errors import ConfigError, IllegalActionError
from tradekit.core.registry import load_game
from tradekit.i18n import has_message, keys, load_messages, reason_text, refusal_key

#: English words that give away an English text left in a French refusal.
ENGLISH = re.compile(r"\b(the|must|player|card|not|only)\b")
#: A value quoted as the player gave it (a good's id, such as Négoces' tea, ``'the'``): not words.
QUOTED = re.compile(r"'[^']*'")
#: Options besides the number of players that open more refusals (loans, temple, goose, trading).
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "turin": [{"goose": "tiebreak"}],
    "negoces": [{"variants": ["bank", "temple", "treasury", "thief_guard", "misers", "face_down"]}],
    "rungis": [{"trading": True}],
}
SEEDS = (1, 2)
#: Positions looked at per game, and legal actions changed per seat and position.
POSITIONS = 10
CHANGED = 3


def player_counts(name: str) -> tuple[int, ...]:
    """The fewest and the most players ``name`` is played with."""
    counts = []
    for n in range(1, 13):
        try:
            load_game(name, players=n)
        except ConfigError:
            continue
        counts.append(n)
    return (counts[0], counts[-1]) if counts else ()


def tables(name: str) -> list[dict[str, Any]]:
    """The option sets a game is tried with: fewest and most players, then its variants."""
    out: list[dict[str, Any]] = [{"players": n} for n in player_counts(name)] or [{}]
    return out + VARIANTS.get(name, [])


def changed(action: Action, state: Any, rng: random.Random) -> list[Action]:
    """``action`` with one field changed, field by field, to values of the right kind (a number
    nearby or far, another card of the game, another seat, the other flag, nothing)."""
    out = []
    seats = state.game.num_players
    cards = state.all_cards()
    for spec in field_specs(type(action)):
        value = getattr(action, spec.name)
        if spec.many:  # a tuple of values: one fewer
            others: list[Any] = [value[:-1]] if isinstance(value, tuple) and value else []
        elif spec.kind is FieldKind.NUMBER:
            others = [value + 1, value - 1, value + 1000] if type(value) is int else [0]
        elif spec.kind is FieldKind.CARD:
            others = rng.sample(cards, min(3, len(cards)))
        elif spec.kind is FieldKind.SEAT:
            others = list(range(seats))
        elif spec.kind is FieldKind.FLAG:
            others = [not value]
        else:  # a name (a good, an article type): another one of the game's, or none
            others = []
        if spec.optional:
            others.append(None)
        out += [dataclasses.replace(action, **{spec.name: v}) for v in others if v != value]
    return out


def illegal(state: Any, seat: int, pool: list[Action], rng: random.Random) -> list[Action]:
    """Actions to try for ``seat`` at ``state``: legal ones changed, actions of other moments of
    the game, and the other seats' legal actions."""
    legal = list(state.legal_actions(seat))
    tries = rng.sample(pool, min(len(pool), 12))
    for action in rng.sample(legal, min(len(legal), CHANGED)):
        tries += changed(action, state, rng)
    for other in range(state.game.num_players):
        if other != seat:
            theirs = list(state.legal_actions(other))
            tries += rng.sample(theirs, min(len(theirs), 2))
    # Only well-formed actions: a malformed one (no such card) is no move a table offers.
    return [a for a in tries if state._malformed_reason(seat, a) is None]


def refusal(state: Any, player: object, action: object) -> str | None:
    """Why ``state`` refuses ``action`` by ``player`` (its ``Reason``), or ``None`` if allowed."""
    try:
        state.check(player, action)
    except IllegalActionError as exc:
        return exc.reason
    return None


def ids(name: str, text: str) -> bool:
    """Whether ``text`` is an id the game names in words (a good: ``'vegetables'``)."""
    from tradekit.render import Context, renderer_for

    return renderer_for(name).text_value(text, Context(load_game(name), "fr")) is not None


@pytest.mark.parametrize("name", tradekit.GAMES)
def test_every_refusal_is_worded_in_french(corpus: Any, name: str) -> None:
    bad: list[str] = []
    keys: set[str] = set()
    said = 0
    for options in tables(name):
        for seed in SEEDS:
            finished = corpus.game(name, seed, **options)
            pool = sorted({a for _, a in finished.decisions}, key=repr)
            rng = random.Random(seed)
            steps = len(finished.decisions)
            # Positions along the game, and its end (where every action is refused).
            positions = [*sorted(rng.sample(range(steps), min(steps, POSITIONS - 1))), steps]
            for k in positions:
                state = finished.branch(k) if k < steps else finished
                for seat in range(state.game.num_players):
                    for action in illegal(state, seat, pool, rng):
                        reason = refusal(state, seat, action)
                        if reason is None:
                            continue
                        said += 1
                        keys.add(getattr(reason, "key", ""))
                        text = reason_text(reason, "fr", game=name)
                        if text is None:
                            bad.append(f"{options} {action!r}: no French for {reason!r}")
                        elif ENGLISH.search(QUOTED.sub("", text).lower()):
                            bad.append(f"{options} {action!r}: English left in {text!r}")
                        elif any(ids(name, q[1:-1]) for q in QUOTED.findall(text)):
                            bad.append(f"{options} {action!r}: an id, not a name, in {text!r}")
    assert said > 200, f"only {said} refusals were tried"
    assert not bad, f"{len(bad)} of {said}:\n" + "\n".join(sorted(set(bad))[:30])
    assert len(keys) >= 6, keys  # many kinds of refusal, not one over and over


#: Wrong values for a field holding ``value`` (as a bot or a notebook cell may send them).
def junk(value: object, kind: FieldKind, state: Any) -> list[object]:
    """Values of the wrong type or out of any range for a field of ``kind`` now holding
    ``value``: a float, a bool, a string, ``None``, a huge number, a seat or card of no game."""
    out: list[object] = [2.0, True, "3", None, b"x", 10**30]
    if kind is FieldKind.SEAT:
        out += [-1, state.game.num_players]
    elif kind is FieldKind.CARD:
        out += [-1, max(state.all_cards()) + 1]
    elif kind is FieldKind.TEXT:
        out = [3, None, 2.5, "x" * 300]
    elif kind is FieldKind.FLAG:
        out = [1, "True", None]
    return [v for v in out if v is not value]


@pytest.mark.parametrize("name", tradekit.GAMES)
def test_every_malformed_action_is_refused_in_french(corpus: Any, name: str) -> None:
    """A malformed action (a field of the wrong type, a seat or card that does not exist, a
    seat that is no seat, something that is no action) is refused with its reason in French:
    the action and the value are quoted as code, the rest is French."""
    bad: list[str] = []
    keys: set[str] = set()
    said = 0
    finished = corpus.game(name, 1)
    steps = len(finished.decisions)
    for k in range(0, steps, max(1, steps // 8)):
        state = finished.branch(k)
        seat = state.to_move[0]
        legal = list(state.legal_actions(seat))
        first = legal[0]
        tries: list[tuple[object, object]] = [(-1, first), (state.game.num_players, first)]
        tries += [("0", first), (1.0, first), (seat, "pass"), (seat, ("Bid", 3))]
        # one action of each kind the seat may take now
        for action in dict((type(a), a) for a in legal).values():
            for spec in field_specs(type(action)):
                value = getattr(action, spec.name)
                kinds = [3, (2.0,), ("x",)] if spec.many else junk(value, spec.kind, state)
                for wrong in kinds:
                    if wrong is None and spec.optional:
                        continue
                    tries.append((seat, dataclasses.replace(action, **{spec.name: wrong})))
        for player, action in tries:
            reason = refusal(state, player, action)
            if reason is None:
                bad.append(f"{action!r} by {player!r} was not refused")
                continue
            said += 1
            keys.add(getattr(reason, "key", ""))
            text = reason_text(reason, "fr", game=name)
            if text is None:
                bad.append(f"{action!r} by {player!r}: no French for {reason!r}")
                continue
            # What the player typed is quoted as it was typed: the rest must be French.
            words = text
            for code in (repr(action), repr(player)):
                words = words.replace(code[:57], "")
            if ENGLISH.search(QUOTED.sub("", words).lower()):
                bad.append(f"{action!r} by {player!r}: English left in {text!r}")
    assert said > 40, f"only {said} malformed actions were tried"
    assert not bad, f"{len(bad)} of {said}:\n" + "\n".join(sorted(set(bad))[:30])
    assert {"malformed", "no_seat", "seat_type", "not_an_action"} <= keys, keys


# -- every key the code gives a refusal has its words ------------------------------------------
ROOT = Path(tradekit.__file__).resolve().parent


def keys_in_code() -> dict[str, str]:
    """The message keys the engine's modules give their refusals (``Reason(text, key, ...)`` and
    Négoces' ``refused(cls, why, player, key)``), with where each is written; a key built by an
    f-string is listed as such, to be refused (the catalogue could not be checked)."""
    found: dict[str, str] = {}
    for path in sorted([*(ROOT / "core").glob("*.py"), *(ROOT / "games").rglob("*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            place = f"{path.relative_to(ROOT)}:{node.lineno}"
            args = {"Reason": node.args[1:2], "refused": node.args[3:4]}.get(called, [])
            for arg in args:
                # a key is written whole (``"a" if x else "b"``: both), never built
                for part in ast.walk(arg):
                    if isinstance(part, ast.JoinedStr):
                        found[f"<f-string at {place}>"] = place
                    elif isinstance(part, ast.Constant) and isinstance(part.value, str):
                        found[part.value] = place
    return found


def test_every_refusal_key_in_the_code_has_its_words_and_no_words_are_left_over() -> None:
    for name in tradekit.GAMES:
        load_messages(f"tradekit.games.{name}")
    found = keys_in_code()
    assert len(found) > 100, len(found)
    missing = {key: place for key, place in found.items() if not has_message(refusal_key(key))}
    assert not missing, missing
    # every refusal a game's catalogue words is one its code gives
    written = {refusal_key(key) for key in found}
    games = tuple(f"{name}.refusal." for name in tradekit.GAMES)
    unused = [key for key in keys() if key.startswith(games) and key not in written]
    assert not unused, unused
