"""Conformance: every registered game, thousands of seeded random games, the protocol's invariants.

The only game-specific part is :data:`CONFIGS` (which option sets to cover). Everything else uses
the turn protocol of ``tradekit.core.state.State`` and runs over every name in ``tradekit.GAMES``;
a game without a ``CONFIGS`` entry is played with its default options.

Per (game, player count) the big test plays :func:`games_per_count` games, rotating the option
sets across seeds. A random player (a numpy Generator seeded per game) picks a random seat among
``to_move`` and a random legal action: uniformly over the legal list on one pass through the option
sets, uniformly over the action *types* and then within the type on the next pass (so rare types
such as ``EndTurn`` or goose moves are played too, with every option set).

After every step of every game: money conserved against the ledger, every card in exactly one
place, no negative (unlocked) money before the end, the step bound. On every
:data:`SAMPLE_STEP`-th step: no view shows another seat's sealed choice (one viewer in turn; every
seat and the public in expensive games), a pending sealed choice is logged visible to its actor
only, seats not to move have no legal action. After every game: the end state, scores, visible
logs, the log's actions are the decisions, frozen views; replay from JSON on every
:data:`REPLAY_EVERY`-th game. On every :data:`EXPENSIVE_EVERY`-th game (every game of the quick
test): replay, duplicate-free legal lists, a pool of every action offered during the run from which
illegal actions are tried on every seat at sampled steps (refused with ``IllegalActionError``,
state and ``to_json`` unchanged; ``can`` agrees with ``legal_actions``), every kind of legal
action of every seat at both ends of its domains sent with each field of a wrong type or out of
range (``2.0``, ``True``, ``"3"``, ``None``, ``10**30``, a seat or card that does not exist:
refused as malformed, naming the field; a junk value the type gate already refused in the same
field of the same class, seat, phase and turn of that game is not sent again, since the gate reads
each field on its own and never the position), views equal to those of a
copy whose hidden information was resampled (:data:`RESAMPLE_STEP`), and undo/re-apply of the
last decision. Counters make sure these checks really bit: resampling changed the teacher view,
illegal actions were tried, every kind of action offered was played.

Every failure message names the game, options, seed and step, so it can be replayed by hand:
``tradekit.load_game(name, **options).new_state(seed=seed)`` with the same action generator.
"""

from __future__ import annotations

import collections
import copy
import dataclasses
import itertools
import json
import os
import time
from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np
import pytest

import tradekit
from tests.helpers import FAST_TIER
from tradekit.core.actions import Action, FieldKind, action_from_json, field_names, field_specs
from tradekit.core.domains import Option
from tradekit.core.errors import IllegalActionError, MalformedActionError
from tradekit.core.state import Game, State
from tradekit.render import render

# ---------------------------------------------------------------- the only game-specific part

#: Option sets per game. The conformance tests group them by player count and rotate through
#: each group's option sets across seeds (game i of a count uses ``group[i % len(group)]``).
CONFIGS: dict[str, list[dict[str, Any]]] = {
    "turin": [
        {"players": n, "scoring": s, "public_money": m, "goose": g}
        for n in (2, 3, 4, 5)
        for s in ("classic", "red")
        for m in (True, False)
        for g in (None, "tiebreak", "underdog")
    ],
    "medici": [
        {"players": n, "reward_table": t} for n in (3, 4, 5, 6) for t in ("1995", "tournament")
    ],
    "negoces": [
        {
            "players": n,
            "variants": v,
            "negotiation_rounds": 1 + i % 3,
            "max_sales": 40,
            **({"opener": n - 1} if "winner_opens" in v else {}),
        }
        for n in (3, 4, 5, 6)
        for i, v in enumerate(tradekit.games.negoces.variant_sets(n, 24))
    ],
    "rungis": [
        {"players": n, "specials": s, "trading": t, "below_base": b}
        for n in (3, 4, 5, 6, 7, 8)
        for s in (True, False)
        for t in (False, True)
        for b in (False, True)
    ],
}

# ---------------------------------------------------------------- budget

#: Random games per (game, player count) in the big test: 2,000 for Turin Market and Medici.
#: Négoces and Rungis games are 5-10 times longer (up to 1,500 decisions) and Rungis has six
#: player counts, so the same count would cost over 20 CPU-minutes of CI; they play fewer games
#: of many more decisions each: 23,000 games in all. ``TRADEKIT_CONFORMANCE_GAMES=2000`` runs any
#: count for every game.
GAMES_PER_COUNT = 2000
GAMES_FOR = {"negoces": 1000, "rungis": 500}


def games_per_count(name: str) -> int:
    """How many random games the big test plays per player count of ``name``."""
    override = os.environ.get("TRADEKIT_CONFORMANCE_GAMES")
    if override:
        return int(override)
    return GAMES_FOR.get(name, GAMES_PER_COUNT)


#: Random games per (game, player count) in the quick test (every check on every game): 4 in
#: the whole suite, 2 in the fast tier a developer runs while working (``dev.py test --fast``,
#: which sets ``TRADEKIT_FAST``), where the big sweep below does not run. In the whole suite the
#: big sweep runs every check on 100 more games per count (every :data:`EXPENSIVE_EVERY`-th), so
#: the quick test is there to fail fast, not for its numbers.
QUICK_GAMES = 2 if FAST_TIER else 4
#: No game may take more decisions than this.
MAX_STEPS = 20_000
#: Views, sealed-choice and legal-list checks on every SAMPLE_STEP-th step.
SAMPLE_STEP = 7
#: Resampling, illegal-action and undo checks on every EXPENSIVE_EVERY-th game of the big test.
EXPENSIVE_EVERY = 20
#: Replay from JSON on every REPLAY_EVERY-th game of the big test (1 = every game).
REPLAY_EVERY = 2
#: Resampling checks on every RESAMPLE_STEP-th step of an expensive game (resample_hidden
#: deep-copies the state, about 8 ms).
RESAMPLE_STEP = 23
#: Seeds given to ``resample_hidden`` at each resampling step.
RESAMPLE_SEEDS = (0, 1)
#: Pool actions tried per seat at each sampled step of an expensive game.
POOL_TRIES = 4
#: How often the random player lets a seat that is not to move try an out-of-turn action.
OUT_OF_TURN_SHARE = 0.05


def _option_groups(name: str) -> dict[int, list[dict[str, Any]]]:
    """The configured option sets of ``name`` grouped by the number of seats they make."""
    groups: dict[int, list[dict[str, Any]]] = collections.defaultdict(list)
    for options in CONFIGS.get(name, [{}]):
        groups[tradekit.load_game(name, **options).num_players].append(dict(options))
    return dict(sorted(groups.items()))


PARAMS = [
    pytest.param(name, players, id=f"{name}-{players}p")
    for name in tradekit.GAMES
    for players in _option_groups(name)
]

#: Into how many runs of consecutive games the quick and the big test of a game split each
#: player count: the same games (seeds, option sets, policies and checks follow a game's index),
#: in cases short enough for the test workers to finish together. Each part checks that its
#: checks bit; the pool of illegal actions a part tries is gathered from that part's games.
QUICK_PARTS: dict[str, int] = {}
BIG_PARTS = {"turin": 2, "medici": 4, "negoces": 6, "rungis": 4}


def _parts(total: int, parts: int) -> list[tuple[int, int]]:
    """``parts`` runs of consecutive game indices covering ``range(total)``: (first, count)."""
    bounds = [total * k // parts for k in range(parts + 1)]
    return [(a, b - a) for a, b in itertools.pairwise(bounds) if b > a]


def _split(parts: dict[str, int]) -> list[Any]:
    """:data:`PARAMS` with each case cut into ``parts[name]`` parts: (name, players, part, of)."""
    out = []
    for param in PARAMS:
        name, players = param.values
        of = parts.get(str(name), 1)
        for part in range(of):
            suffix = f"-{part + 1}of{of}" if of > 1 else ""
            out.append(pytest.param(name, players, part, of, id=f"{name}-{players}p{suffix}"))
    return out


# ---------------------------------------------------------------- the random player and checks


@dataclasses.dataclass
class Stats:
    """What a run exercised, so the tests can check that their checks really bit."""

    games: int = 0
    steps: int = 0
    replays: int = 0
    resamples: int = 0
    resamples_changed: int = 0
    illegal_tried: int = 0
    can_checked: int = 0
    undos: int = 0
    out_of_turn: int = 0
    widget_checks: int = 0
    applied_types: collections.Counter[str] = dataclasses.field(default_factory=collections.Counter)
    pool: set[Action] = dataclasses.field(default_factory=set)
    pool_list: list[Action] = dataclasses.field(default_factory=list)
    #: What each menu option already added to the pool lists (see :func:`_gather`).
    pooled_options: set[Hashable] = dataclasses.field(default_factory=set)
    #: The malformed actions of this game refused by the type gate (see :func:`_check_malformed`).
    malformed_seen: set[Hashable] = dataclasses.field(default_factory=set)
    #: Malformed actions not sent again: the gate had refused the same one in the same game.
    malformed_repeats: int = 0


def _where(game: Game, seed: int) -> str:
    return f"[{game.name} {game.options()} seed={seed}]"


def _viewers(state: State) -> list[int | None]:
    return [*range(state.game.num_players), None]


def _choose(rng: np.random.Generator, legal: Sequence[Action], by_type: bool) -> Action:
    if by_type:
        options = getattr(legal, "options", None)
        if options is not None:
            return _choose_in_options(rng, options)
        types = sorted({type(a).__name__ for a in legal})
        chosen = types[int(rng.integers(len(types)))]
        legal = [a for a in legal if type(a).__name__ == chosen]
    return legal[int(rng.integers(len(legal)))]


def _choose_in_options(rng: np.random.Generator, options: Sequence[Option]) -> Action:
    """:func:`_choose` by type on a menu, from its options: a menu lists its options' actions in
    turn, each option of one class, so the actions of the chosen type are those of its options
    in order, and the pick is made without building every action of the menu (a Négoces menu
    lists thousands). The same draws pick the same action as from the whole list."""
    sizes = [(option, len(option)) for option in options]
    types = sorted({option.cls.__name__ for option, size in sizes if size})
    chosen = types[int(rng.integers(len(types)))]
    mine = [(option, size) for option, size in sizes if size and option.cls.__name__ == chosen]
    index = int(rng.integers(sum(size for _, size in mine)))
    for option, size in mine:
        if index < size:
            return option[index]
        index -= size
    raise AssertionError("unreachable: the index is below the options' total")


def _option_key(option: Option) -> Hashable | None:
    """What decides the actions ``option`` lists, or ``None`` when that cannot be told without
    listing them (an option with a rule across fields, ``where``).

    Without ``where`` an option lists every combination of its domains' values, built with its
    fixed fields (``Option._all``): the class, those values (with their types: ``1 == True``)
    and the fixed fields decide the list. Reading the values costs their sum, listing the
    actions their product (a Négoces offer menu: thousands of actions from a few dozen values).
    """
    if option.where is not None:
        return None
    fixed = getattr(option, "_fixed", None) or {}
    return (
        option.cls,
        tuple((name, tuple((type(v), v) for v in domain)) for name, domain in option.domains),
        tuple((name, type(v), v) for name, v in fixed.items()),
    )


def _gather(stats: Stats, menu: Sequence[Action]) -> None:
    """Add every action of ``menu`` to the pool. An option whose actions the pool already took
    (same :func:`_option_key`) is not listed again: the same pool, without rebuilding the big
    menus that recur at every step."""
    options = getattr(menu, "options", None)
    if options is None:
        stats.pool.update(menu)
        return
    seen = stats.pooled_options
    for option in options:
        key = _option_key(option)
        if key is None:
            stats.pool.update(option)
        elif key not in seen:
            stats.pool.update(option)
            seen.add(key)


def _refusal(state: State, player: Any, action: Any, where: str) -> IllegalActionError:
    """The refusal ``state.apply(player, action)`` raises (what ``pytest.raises`` checks, without
    its context manager around each of the thousands of refused actions); any other exception
    propagates, and an accepted action fails the test."""
    try:
        state.apply(player, action)
    except IllegalActionError as error:
        return error
    pytest.fail(f"{where} apply(P{player}, {action!r}) was accepted; it must be refused")


def _fingerprint(state: State) -> tuple[Any, ...]:
    """A cheap summary that changes whenever an apply records anything (to_json is checked
    around each batch of refused actions as well)."""
    return (
        len(state.log),
        len(state.ledger),
        len(state.decisions),
        state.to_move,
        tuple(state.money()),
        state.phase,
        state.round,
    )


def _check_money(state: State, where: str) -> None:
    money = state.money()
    initial = state.initial_money
    seats = state.game.num_players
    assert len(money) == len(initial) == seats, where
    for p in range(seats):
        net = state.ledger.net(p)
        assert money[p] == initial[p] + net, (
            f"{where} money not conserved for P{p}: holds {money[p]}, started with {initial[p]}, "
            f"ledger net {net}"
        )
    if not state.is_over:
        assert min(money) >= 0, f"{where} negative money before the end: {money}"
        available = getattr(state, "available", None)
        if callable(available):
            unlocked = [available(p) for p in range(seats)]
            assert min(unlocked) >= 0, f"{where} negative unlocked money: {unlocked}"


def _check_cards(state: State, where: str, everything: list[int] | None = None) -> None:
    """Every card in exactly one place; ``everything``: ``sorted(state.all_cards())``, which
    a game never changes (checked at its end), when the caller has it."""
    placed = sorted(itertools.chain.from_iterable(state.card_locations().values()))
    if everything is None:
        everything = sorted(state.all_cards())
    if placed != everything:
        missing = sorted((collections.Counter(everything) - collections.Counter(placed)).elements())
        extra = sorted((collections.Counter(placed) - collections.Counter(everything)).elements())
        pytest.fail(
            f"{where} cards not accounted for exactly once: missing {missing}, extra {extra}; "
            f"locations {state.card_locations()}"
        )


def _check_views(state: State, where: str, deep: bool, turn: int) -> None:
    """Sealed choices of other seats are hidden; seats not to move have no legal action.

    ``deep``: every viewer and the visible logs; otherwise one viewer, chosen by ``turn``.
    """
    teacher = state.view("all")
    moving = set(state.to_move)
    viewers = _viewers(state)
    for viewer in viewers if deep else [viewers[turn % len(viewers)]]:
        view = state.view(viewer)
        sealed = getattr(view, "sealed", None)
        if sealed is not None:
            for q, choice in enumerate(sealed):
                if q != viewer:
                    assert choice is None, (
                        f"{where} view({viewer!r}) shows P{q}'s sealed choice {choice!r}"
                    )
                else:
                    assert choice == teacher.sealed[q], f"{where} P{q} does not see own choice"
        if viewer is not None and viewer not in moving:
            off_turn = [a for a in state.legal_actions(viewer) if type(a) not in state.out_of_turn]
            assert off_turn == [], (
                f"{where} P{viewer} is not to move but has legal actions {off_turn[:3]} that are "
                "not out-of-turn actions"
            )
    sealed_all = getattr(teacher, "sealed", None)
    if sealed_all is None:
        return
    for q, choice in enumerate(sealed_all):
        if choice is None:
            continue
        event = next(
            (
                e
                for e in reversed(state.log)
                if e.kind == "action" and e.player == q and e.action == choice
            ),
            None,
        )
        assert event is not None, f"{where} P{q}'s pending sealed choice {choice!r} is not logged"
        assert event.visible_to is not None and set(event.visible_to) <= {q}, (
            f"{where} P{q}'s pending sealed choice is logged visible to {event.visible_to}"
        )
        for viewer in _viewers(state):
            if viewer != q:
                assert not event.visible(viewer), where
                if deep:
                    assert all(e is not event for e in state.visible_log(viewer)), (
                        f"{where} visible_log({viewer!r}) shows P{q}'s pending sealed choice"
                    )


def _check_resample(state: State, where: str, viewer: int | None, stats: Stats) -> None:
    resample = getattr(state, "resample_hidden", None)
    assert callable(resample), (
        f"{where} {type(state).__name__} has no resample_hidden(viewer, seed): the conformance "
        "test needs it to check that views hide hidden information"
    )
    before = state.view("all")
    mine = state.view(viewer)
    outputs = _seat_outputs(state, viewer, stats)
    widget = stats.resamples % WIDGET_EVERY == 0
    text = _student_text(state, viewer) if widget else None
    for k in RESAMPLE_SEEDS:
        other = resample(viewer, seed=k)
        assert other is not state, where
        assert other.view(viewer) == mine, (
            f"{where} view({viewer!r}) changes when hidden information is resampled "
            f"(seed {k}): it leaks something {viewer!r} may not know"
        )
        for (what, ours), (_, theirs) in zip(
            outputs, _seat_outputs(other, viewer, stats), strict=True
        ):
            assert ours == theirs, (
                f"{where} {what} for {viewer!r} changes when hidden information is resampled "
                f"(seed {k}): it leaks something {viewer!r} may not know"
            )
        if text is not None:
            assert _student_text(other, viewer) == text, (
                f"{where} the student table of {viewer!r} changes when hidden information is "
                f"resampled (seed {k})"
            )
            stats.widget_checks += 1
        stats.resamples += 1
        if other.view("all") != before:
            stats.resamples_changed += 1
    assert state.view("all") == before, f"{where} resample_hidden changed the original state"


#: The student widget's text is compared on every WIDGET_EVERY-th resampling (a table widget
#: costs about 120 ms to build and draw).
WIDGET_EVERY = 25
#: How many actions of the pool each resampling tries for their refusals.
REFUSALS_TRIED = 24


def _seat_outputs(state: State, viewer: int | None, stats: Stats) -> list[tuple[str, object]]:
    """Everything ``viewer`` reads of ``state`` besides the view: the visible log (the narrated
    log is drawn from it alone, and is compared in the student table's text), the rendered table
    (in French: the words differ from the English ones, what they say does not), and for a seat
    its legal actions and the refusal of each of some pool actions, as text."""
    out: list[tuple[str, object]] = [
        ("visible_log", state.visible_log(viewer)),
        ("rendered table", render(state, viewer, lang="fr")),
    ]
    if viewer is not None:
        legal = state.legal_actions(viewer)
        out.append(("legal_actions", repr(list(legal))))
        refusals = []
        pool = stats.pool_list
        for action in pool[:: max(1, len(pool) // REFUSALS_TRIED)]:
            try:
                state.check(viewer, action)
                refusals.append("legal")
            except IllegalActionError as error:
                refusals.append(str(error))
        out.append(("refusals", json.dumps(refusals)))
    return out


def _student_text(state: State, viewer: int | None) -> str:
    """Every text of a student's table showing ``viewer``'s seat (or the public view): header,
    table, controls, log, bots, what-if list. Every seat is human, so building the table plays
    nobody's move."""
    from tradekit.widgets import TableWidget

    seats = range(state.game.num_players)
    w = TableWidget(
        copy.deepcopy(state), humans=seats, hotseat=False, mode="student", autoplay=False
    )
    w.set_view(viewer)
    return json.dumps(_widget_texts(w.ui))


def _widget_texts(widget: Any) -> list[Any]:
    """The texts a widget tree shows: descriptions, values, options, bounds, placeholders."""
    out: list[Any] = []
    for name in ("description", "tooltip", "placeholder", "value", "min", "max"):
        value = getattr(widget, name, None)
        if isinstance(value, (str, int, float)) and not isinstance(value, bool):
            out.append(value)
    options = getattr(widget, "_options_labels", None)
    if options:
        out.append(list(options))
    if hasattr(widget, "titles"):
        out.append(list(widget.titles))
    for child in getattr(widget, "children", ()):
        out.extend(_widget_texts(child))
    return out


def _save_parts(state: State) -> tuple[Any, ...]:
    """What ``to_json`` is made of, without serialising it: the options, seed and set-up, the
    decisions and the log's events themselves. Comparing two of these compares the events by
    identity first (tuple equality does), so an unchanged log costs a pointer per event, and an
    event replaced, added or dropped is seen; an event changed in place (they are frozen, only a
    ``data`` dict could be) is seen by the replay at the end of every game that runs this check."""
    return (state.game, state.seed, state.setup, state.decisions, tuple(state.log))


def _check_illegal(
    state: State,
    where: str,
    rng: np.random.Generator,
    stats: Stats,
    saved: str | None = None,
) -> None:
    """Pool actions: ``can`` agrees with ``legal_actions``; illegal ones raise, change nothing.

    ``saved``: the state's ``to_json()``, to compare the whole save after the refused actions
    (at the end of a game, where the undo and replay checks reuse it); without it the parts the
    save is made of are compared (:func:`_save_parts`), which costs no serialisation."""
    if not stats.pool:
        return
    if len(stats.pool_list) != len(stats.pool):
        stats.pool_list = sorted(stats.pool, key=repr)
    pool = stats.pool_list
    parts = _save_parts(state)
    teacher = state.view("all")
    seats = state.game.num_players
    # Each seat's menu listed once: the refused actions leave the state (so its menus) unchanged.
    menus = {p: list(state.legal_actions(p)) for p in range(seats)}
    for p in range(seats):
        legal = set(menus[p])
        picks = rng.choice(len(pool), size=min(POOL_TRIES * 3, len(pool)), replace=False)
        tried = 0
        for i in picks:
            action = pool[int(i)]
            is_legal = action in legal
            assert state.can(p, action) == is_legal, (
                f"{where} can(P{p}, {action!r}) = {not is_legal} but legal_actions says {is_legal}"
            )
            stats.can_checked += 1
            if is_legal or tried >= POOL_TRIES:
                continue
            tried += 1
            before = _fingerprint(state)
            refused = _refusal(state, p, action, where)
            assert refused.player == p and refused.action == action, where
            assert refused.reason and refused.reason in str(refused), where
            try:
                state.check(p, action)
            except IllegalActionError:
                pass
            else:
                pytest.fail(f"{where} check(P{p}, {action!r}) passed an action apply refused")
            assert _fingerprint(state) == before, (
                f"{where} refused {action!r} by P{p} but the state changed"
            )
            stats.illegal_tried += 1
    # A seat not to move may not take an in-turn action that is legal for a seat to move.
    for mover in state.to_move:
        mine = [a for a in menus[mover] if type(a) not in state.out_of_turn]
        for p in range(seats):
            if p not in state.to_move and mine:
                action = mine[int(rng.integers(len(mine)))]
                _refusal(state, p, action, where)
                stats.illegal_tried += 1
    # Seats that do not exist, and things that are not actions.
    some = menus[state.to_move[0]][0] if state.to_move else pool[0]
    for bad_seat in (-1, seats, True):
        with pytest.raises(IllegalActionError):
            state.apply(bad_seat, some)  # type: ignore[arg-type]
    if state.to_move:
        with pytest.raises(IllegalActionError):
            state.apply(state.to_move[0], "pass")  # type: ignore[arg-type]
        _check_malformed(state, where, stats)
    assert _save_parts(state) == parts, f"{where} refused actions changed what to_json() saves"
    if saved is not None:
        assert state.to_json() == saved, f"{where} refused actions changed to_json()"
    assert state.view("all") == teacher, f"{where} refused actions changed the teacher view"


def _check_malformed(state: State, where: str, stats: Stats) -> None:
    """Every kind of action each seat may take now, at both ends of its domains, sent with each
    field of a wrong type or out of range: refused as malformed, naming the field, never a crash
    (a student's bot may send Bid("3") or Offer(2.0))."""
    seats = state.game.num_players
    seen = stats.malformed_seen
    for mover, action in _probe_actions(state):
        specs = {spec.name: spec for spec in field_specs(type(action))}
        in_turn = mover in state.to_move
        for name in field_names(type(action)):
            junks = _junk(getattr(action, name), specs[name].optional)
            if specs[name].kind is FieldKind.SEAT:
                junks += [-1, seats]  # seats that do not exist
            elif specs[name].kind is FieldKind.CARD:
                junks += [max(state.all_cards()) + 1, -1]  # card ids of no card of this game
            for junk in junks:
                bad = dataclasses.replace(action, **{name: junk})
                # The type gate reads the seat, the class and each field on its own, never
                # the game's position, and the other fields hold legal values: a junk value
                # it refused in a field of this class, in this game, phase and turn, it
                # refuses again the same way (refusals by the rules are always sent again).
                key = (state.phase, in_turn, mover, type(bad), name, type(junk), repr(junk))
                if key in seen:
                    stats.malformed_repeats += 1
                    continue
                assert not state.can(mover, bad), f"{where} can() accepts {bad!r}"
                stats.can_checked += 1
                refused = _refusal(state, mover, bad, where)
                if type(junk) is not type(getattr(action, name)) or specs[name].kind in (
                    FieldKind.SEAT,
                    FieldKind.CARD,
                ):
                    assert isinstance(refused, MalformedActionError), (
                        f"{where} {bad!r} refused but not as malformed: {refused}"
                    )
                    assert repr(name) in refused.reason, (
                        f"{where} the refusal of {bad!r} does not name the field {name!r}"
                    )
                if isinstance(refused, MalformedActionError):
                    seen.add(key)
                stats.illegal_tried += 1


def _probe_actions(state: State) -> list[tuple[int, Action]]:
    """Every seat that may act now with the first and the last action of each option of its
    menu (one of each kind of legal action, every field at both ends of its domain)."""
    out: list[tuple[int, Action]] = []
    for seat in range(state.game.num_players):
        legal = state.legal_actions(seat)
        options = getattr(legal, "options", None)
        if options is None:  # a plain list: its ends
            ends = [legal[0], legal[-1]] if len(legal) else []
        else:
            ends = [a for option in options if len(option) for a in (option[0], option[-1])]
        out += [(seat, a) for a in dict.fromkeys(ends)]
    return out


def _junk(value: object, optional: bool) -> list[object]:
    """Wrong values for a field that holds ``value`` in a legal action: other types (``None``
    too, unless the field may be ``None``), and for a whole number a float of the same value, a
    bool, strings, 10**30 and -10**30."""
    return [v for v in _wrong(value) if not (optional and v is None)]


def _wrong(value: object) -> list[object]:
    if type(value) is int:
        junk: list[object] = [float(value), "3", str(value), None, 10**30, -(10**30)]
        junk.append(value == 1 if value in (0, 1) else True)
        return junk
    if type(value) is str:
        return [3, None, 2.5, value.encode(), (value,)]
    if type(value) is bool:
        return [int(value), "True", None]
    if value is None:
        return [2.5, ()]
    return [None]


def _check_end(state: State, where: str, initial: list[int]) -> None:
    seats = state.game.num_players
    assert state.is_over, where
    assert state.initial_money == initial, f"{where} initial_money changed during the game"
    # The log alone replays the game: its action events are the decisions, in order, and only
    # action events carry an action; rounds never go back.
    logged = [(e.player, e.action) for e in state.log if e.kind == "action"]
    assert logged == list(state.decisions), f"{where} the log's actions are not the decisions"
    assert all(e.action is None for e in state.log if e.kind != "action"), where
    rounds = [e.round for e in state.log]
    assert rounds == sorted(rounds), f"{where} log rounds go back: {rounds}"
    assert state.to_move == (), f"{where} over but {state.to_move} still to move"
    for p in range(seats):
        assert list(state.legal_actions(p)) == [], f"{where} over but P{p} has legal actions"
    scores = state.scores()
    assert len(scores) == seats, f"{where} scores {scores} for {seats} seats"
    assert all(isinstance(s, int) and not isinstance(s, bool) for s in scores), where
    for viewer in [*_viewers(state), "all"]:
        for event in state.visible_log(viewer):
            assert event.visible_to is None or (
                viewer == "all" or (viewer is not None and viewer in event.visible_to)
            ), f"{where} visible_log({viewer!r}) holds an event hidden from it: {event}"
    for viewer in _viewers(state):
        hidden = [
            e
            for e in state.log
            if e.visible_to is not None and (viewer is None or viewer not in e.visible_to)
        ]
        shown = state.visible_log(viewer)
        assert len(shown) + len(hidden) == len(state.log), where
    view = state.view(None)
    field = dataclasses.fields(view)[0].name if dataclasses.is_dataclass(view) else "x"
    with pytest.raises(AttributeError):
        setattr(view, field, None)  # views are frozen


def _check_replay(state: State, where: str, from_dict: bool, saved: str | None = None) -> None:
    """Replay from the JSON text, or from its parsed dict; ``saved`` is ``state.to_json()`` when
    the caller already made it."""
    if saved is None:
        saved = state.to_json()
    # Replayed from the text, replay's own parser (stricter than json.loads: no NaN) proves it is
    # plain JSON; from the dict, json.loads does.
    assert not saved.startswith("\ufeff"), where  # which replay's parser would skip
    copy = tradekit.replay(json.loads(saved) if from_dict else saved)
    # What to_json() is made of, compared without serialising it again: equal parts make equal
    # saves (and a part that differs only in a way JSON hides is caught as well).
    assert _save_parts(copy) == _save_parts(state), f"{where} replay does not reproduce the save"
    if from_dict:
        assert copy.to_json() == saved, f"{where} replay does not reproduce to_json()"
    assert copy.scores() == state.scores(), f"{where} replay changes the scores"
    assert copy.view("all") == state.view("all"), f"{where} replay changes the teacher view"
    assert copy.is_over == state.is_over, where


def _check_undo(state: State, where: str, saved: str) -> None:
    """Undo then re-apply the last decision; ``saved`` is ``state.to_json()`` now."""
    decisions = len(state.decisions)
    seat, last = state.decisions[-1]
    assert state.undo() == last, where
    assert len(state.decisions) == decisions - 1, where
    assert state.can(seat, last), f"{where} after undo the undone action is not legal again"
    state.apply(seat, last)
    assert state.to_json() == saved, f"{where} undo then re-apply does not restore the game"


def play_one(
    game: Game, seed: int, stats: Stats, *, expensive: bool, replay: bool, by_type: bool
) -> State:
    """Play one random game with every check; returns the finished state."""
    rng = np.random.default_rng([seed, 20_240_601])
    state = game.new_state(seed=seed)
    stats.malformed_seen.clear()
    seats = game.num_players
    prefix = _where(game, seed)
    where = f"{prefix} step=0"
    initial = list(state.initial_money)
    cards = state.all_cards()
    assert len(set(cards)) == len(cards), f"{where} all_cards() repeats a card: {cards}"
    everything = sorted(cards)
    _check_money(state, where)
    _check_cards(state, where, everything)
    step = 0
    while not state.is_over:
        assert step < MAX_STEPS, f"{where} not over after {MAX_STEPS} decisions"
        moving = state.to_move
        assert moving, f"{where} the game is not over but nobody is to move"
        assert all(0 <= p < seats for p in moving), where
        seat = moving[int(rng.integers(len(moving)))]
        if state.out_of_turn and rng.random() < OUT_OF_TURN_SHARE:
            # Now and then a seat that is not to move acts out of turn, if it may.
            other = int(rng.integers(seats))
            if other not in moving and len(state.legal_actions(other)):
                seat = other
                stats.out_of_turn += 1
        legal = state.legal_actions(seat)
        assert legal, f"{where} P{seat} is to move but has no legal action"
        if expensive:
            # One pass over the mover's menu serves the duplicate check and the pool.
            offered = list(legal)
            assert len(set(offered)) == len(offered), f"{where} duplicate legal actions for P{seat}"
            for p in range(seats) if state.out_of_turn else moving:
                _gather(stats, legal if p == seat else state.legal_actions(p))
        action = _choose(rng, legal, by_type)
        state.apply(seat, action)
        step += 1
        where = f"{prefix} step={step}"
        stats.applied_types[type(action).__name__] += 1
        assert state.decisions[-1] == (seat, action), where
        _check_money(state, where)
        _check_cards(state, where, everything)
        if step % SAMPLE_STEP == 0:
            _check_views(state, where, deep=expensive, turn=step // SAMPLE_STEP)
            if expensive:
                _check_illegal(state, where, rng, stats)
        if expensive and step % RESAMPLE_STEP == 0:
            viewers = _viewers(state)
            _check_resample(state, where, viewers[(step // RESAMPLE_STEP) % len(viewers)], stats)
    stats.games += 1
    stats.steps += step
    assert sorted(state.all_cards()) == everything, f"{where} all_cards() changed during the game"
    _check_end(state, where, initial)
    # One save of the finished game serves the refusals, undo and replay checks: each of them
    # proves the state's to_json() equals it again.
    saved = state.to_json() if replay or expensive else None
    if expensive and state.decisions and saved is not None:
        _check_illegal(state, where, rng, stats, saved)
        _check_undo(state, where, saved)
        stats.undos += 1
    if replay:
        _check_replay(state, where, from_dict=expensive, saved=saved)
        stats.replays += 1
    return state


def run_many(
    name: str, players: int, games: int, *, offset: int, all_expensive: bool, first: int = 0
) -> Stats:
    """Play ``games`` seeded random games of ``name`` with ``players`` seats from game index
    ``first`` on, rotating the configured option sets; game ``i`` has seed
    ``offset + players * 1_000_000 + i``."""
    group = [tradekit.load_game(name, **options) for options in _option_groups(name)[players]]
    stats = Stats()
    for index in range(first, first + games):
        expensive = all_expensive or index % EXPENSIVE_EVERY == 0
        play_one(
            group[index % len(group)],
            offset + players * 1_000_000 + index,
            stats,
            expensive=expensive,
            replay=expensive or index % REPLAY_EVERY == 0,
            # Both policies for every option set (even when the group length is even).
            by_type=(index // len(group)) % 2 == 1,
        )
    return stats


def _assert_checks_bit(stats: Stats, games: int) -> None:
    assert stats.games == games
    assert stats.replays > 0
    assert stats.resamples > 0
    assert stats.widget_checks > 0
    # The hidden-information check can only fail if resampling really changes hidden things.
    assert stats.resamples_changed > stats.resamples // 4, (
        f"resample_hidden changed the teacher view in only {stats.resamples_changed} of "
        f"{stats.resamples} resamples"
    )
    assert stats.illegal_tried > 0 and stats.can_checked > stats.illegal_tried
    assert stats.undos > 0


# ---------------------------------------------------------------- the tests


def test_every_game_has_configs_and_games_are_registered() -> None:
    assert tradekit.GAMES, "no game is registered"
    for name in CONFIGS:
        assert name in tradekit.GAMES, f"CONFIGS names {name!r}, which is not registered"
    for name in tradekit.GAMES:
        groups = _option_groups(name)
        assert groups, name
        for options in (o for group in groups.values() for o in group):
            game = tradekit.load_game(name, **options)
            assert tradekit.load_game(name, **game.options()) == game


@pytest.mark.parametrize(("name", "players", "part", "of"), _split(QUICK_PARTS))
def test_conformance_quick(name: str, players: int, part: int, of: int) -> None:
    """Every check on every game, few games: fails fast before the big run."""
    first, games = _parts(QUICK_GAMES, of)[part]
    stats = run_many(name, players, games, offset=500_000, all_expensive=True, first=first)
    _assert_checks_bit(stats, games)
    _check_pool_round_trip(name, stats)


def _check_pool_round_trip(name: str, stats: Stats) -> None:
    """Every action met during the run survives JSON and ``repr`` round trips."""
    classes = tradekit.load_game(name).action_types
    namespace = dict(classes)
    for action in stats.pool:
        assert action_from_json(json.loads(json.dumps(action.to_json())), classes) == action
        assert eval(repr(action), {}, namespace) == action  # repr pastes back as code
        assert str(action) and hash(action) == hash(type(action)(**dataclasses.asdict(action)))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "part", "of"), _split(BIG_PARTS))
def test_conformance_random_games(name: str, players: int, part: int, of: int) -> None:
    """games_per_count(name) seeded random games per player count, every invariant (this part's
    share of them)."""
    start = time.perf_counter()
    first, games = _parts(games_per_count(name), of)[part]
    stats = run_many(name, players, games, offset=0, all_expensive=False, first=first)
    elapsed = time.perf_counter() - start
    _assert_checks_bit(stats, games)
    # Random play takes every kind of decision it was offered (the pool holds every action
    # offered to a seat to move in the expensive games).
    offered = {type(a).__name__ for a in stats.pool}
    never = sorted(offered - set(stats.applied_types))
    assert not never, (
        f"{games} random {players}-player games of {name} never played {never}; "
        f"played {dict(stats.applied_types)}"
    )
    PLAYED.setdefault(name, {}).setdefault(players, {})[part] = set(stats.applied_types)
    print(
        f"\n{name} {players}p: {stats.games} games, {stats.steps} decisions, "
        f"{stats.replays} replays, {stats.resamples} resamples "
        f"({stats.resamples_changed} changed), {stats.illegal_tried} illegal tries "
        f"({stats.malformed_repeats} malformed repeats not sent again), "
        f"{stats.can_checked} can/legal checks, {elapsed:.1f} s"
    )


#: Action types applied by the big test, per game, player count and part (for the test below).
PLAYED: dict[str, dict[int, dict[int, set[str]]]] = {}


#: Games per player count played by the test below for counts the big test did not run in this
#: process (under pytest-xdist the big runs of one game are spread over workers).
META_GAMES = 40


def _types_played(name: str, players: int, games: int, *, offset: int) -> set[str]:
    """The action types random play applies in ``games`` games of ``name`` with ``players``
    seats, chosen as :func:`run_many` chooses them (option sets rotated, both policies), without
    the checks: the big test checks every game it plays, and this only asks what was played."""
    group = [tradekit.load_game(name, **options) for options in _option_groups(name)[players]]
    played: set[str] = set()
    for index in range(games):
        game, seed = group[index % len(group)], offset + players * 1_000_000 + index
        rng = np.random.default_rng([seed, 20_240_601])
        state = game.new_state(seed=seed)
        by_type = (index // len(group)) % 2 == 1
        while not state.is_over:
            moving = state.to_move
            seat = moving[int(rng.integers(len(moving)))]
            action = _choose(rng, state.legal_actions(seat), by_type)
            state.apply(seat, action)
            played.add(type(action).__name__)
    return played


@pytest.mark.slow
@pytest.mark.parametrize("name", tradekit.GAMES)
def test_every_action_type_is_played_at_some_player_count(name: str) -> None:
    """Across all player counts, random play takes every kind of decision each game has."""
    of = BIG_PARTS.get(name, 1)
    # A count counts when every part of its big run ran in this process.
    played = {
        players: set().union(*parts.values())
        for players, parts in PLAYED.get(name, {}).items()
        if len(parts) == of
    }
    for players in _option_groups(name):
        if players not in played:
            played[players] = _types_played(name, players, META_GAMES, offset=900_000)
    every = set().union(*played.values())
    never = sorted(set(tradekit.load_game(name).action_types) - every)
    assert not never, f"random games of {name} never played {never}"
