"""Structured event data for Medici and Négoces.

Every event a game logs (other than a player's decision, which carries its action) has a ``type``
and the facts of its English text as ``data`` keys, documented in the game's ``state.py``. These
tests check that:

* every type seen in play is documented, and every documented type is seen;
* the data holds every fact of the text: the English text is rebuilt from the data alone;
* the renderers and the measures read the data, not the text (blanking every text and ledger
  reason changes nothing they produce).
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

import tradekit
from tradekit.core.events import Event, Ledger, Transfer
from tradekit.core.state import State
from tradekit.games.medici import MediciState
from tradekit.games.medici import state as medici_module
from tradekit.i18n import LANGS
from tradekit.render import Context, renderer_for
from tradekit.sim import play
from tradekit.sim.measures import measures_for


def documented_types(module: Any) -> set[str]:
    """The event types listed in a game module's "Event data" section (bullets ``* ``type```)."""
    doc = module.__doc__ or ""
    section = doc[doc.index("Event data") :]
    return set(re.findall(r"^\* ``(\w+)``", section, re.M))


def blanked(state: State) -> State:
    """A copy of ``state`` whose events have no text and whose ledger entries no reason."""
    import copy

    other = copy.deepcopy(state)
    other.log = [dataclasses.replace(e, text="") for e in state.log]
    ledger = Ledger()
    for t in state.ledger:
        ledger.record(Transfer(t.amount, t.payer, t.payee, "", t.round, t.phase))
    other.ledger = ledger
    return other


def random_play(state: State, seed: int, pass_rate: float = 0.5) -> State:
    """Play ``state`` to the end at random, passing often (so lots are discarded)."""
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        passes = [a for a in legal if type(a).__name__ == "Pass"]
        state.apply(seat, passes[0] if passes and rng.random() < pass_rate else rng.choice(legal))
    return state


# ----------------------------------------------------------------------------------------------
# Medici
# ----------------------------------------------------------------------------------------------

MEDICI_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def medici_games() -> list[MediciState]:
    """Random games at every player count and ship table, and scripted games with the rare
    events (a move past the top of a ladder, a tie for poorest, a free fill, a scripted set-up)."""
    out: list[MediciState] = []
    for players in (3, 4, 5, 6):
        for table in ("1995", "tournament"):
            for seed in range(4):
                game = tradekit.load_game("medici", players=players, reward_table=table)
                state = game.new_state(seed=seed)
                assert isinstance(state, MediciState)
                out.append(random_play(state, seed))
    game = tradekit.load_game("medici", players=3)
    for setup in (
        {"round": 3, "ladders": {"spices": [6, 0, 0]}, "warehouses": [[29, 30], [], []]},
        {"piles": [[17], [1, 2], [3, 4]]},
        {"wealth": [0, 3, 9], "piles": [[5, 6, 7, 8, 9, 10, 11, 12]]},
    ):
        state = game.new_state(seed=1, setup=setup)
        assert isinstance(state, MediciState)
        out.append(random_play(state, 1, pass_rate=0.8))
    return out


@pytest.fixture(scope="module")
def medici() -> list[MediciState]:
    return medici_games()


def medici_text(state: MediciState, event: Event) -> str:
    """The English text of a Medici event, rebuilt from its data (and the card table) only."""
    d = event.data
    card = state.card_text
    kind = d["type"]

    def seats(ss: list[int]) -> str:
        return ", ".join(f"P{s}" for s in ss)

    def lot(cards: list[int]) -> str:
        return "the lot " + ", ".join(card(c) for c in cards)

    def good(gid: str) -> str:
        return state.goods[state.good_index[gid]].name_en.lower()

    if kind == "start":
        return (
            f"Medici, {d['players']} players, ship table {d['reward_table']} "
            f"{d['ship_rewards']}, {d['cards']} cards a round"
        )
    if kind == "setup":
        return "scripted set-up"
    if kind == "shuffle":
        return f"round {event.round}: the pile is shuffled"
    if kind == "round_start":
        return (
            f"round {event.round}: {d['pile_size']} cards in the pile, {d['out_of_play']} out of "
            f"play; P{d['seat']} starts"
        )
    if kind == "turn":
        return f"P{d['seat']}'s turn"
    if kind == "turn_card":
        return f"P{d['seat']} turns {card(d['turned'])}"
    if kind == "auction":
        text = f"auction of {lot(d['lot'])}; bidders in order: {seats(d['order']) or 'none'}"
        return text + (f"; no room for it: {seats(d['no_room'])}" if d["no_room"] else "")
    if kind == "forced_pass":
        if d["reason"] == "cannot_open":
            return f"P{d['seat']} has no florins to open the bidding and passes"
        return (
            f"P{d['seat']} cannot beat the high bid of {d['high_bid']} with {d['florins']} "
            "florins and passes"
        )
    if kind == "discard":
        return f"nobody bids: {lot(d['lot'])} is discarded"
    if kind == "sale":
        return f"P{d['seat']} buys {lot(d['lot'])} for {d['price']}"
    if kind == "free_fill":
        return f"every other warehouse is full: P{d['seat']} fills theirs from the pile for free"
    if kind == "free_card":
        return f"P{d['seat']} takes {card(d['free'])} free"
    if kind == "round_end":
        why = {"full": "every warehouse is full", "pile_out": "the pile has run out"}
        return f"round {event.round} ends: {why[d['reason']]}"
    if kind == "ships":
        pairs = zip(d["totals"], d["paid"], strict=True)
        return "ships: " + ", ".join(f"P{p} {t} → {x}" for p, (t, x) in enumerate(pairs))
    if kind == "ladder_move":
        top = f" (the top; {d['lost']} more lost)" if d["lost"] else ""
        return (
            f"P{d['seat']} moves up the {good(d['good'])} ladder from {d['from']} to {d['to']}{top}"
        )
    if kind == "payment":
        if d["source"] == "bonus":
            reason = f"ladder of {good(d['good'])}: monopoly bonus space {d['space']}"
        else:
            places = d["places"]
            assert places == list(range(places[0], places[0] + d["divisor"]))
            assert d["amount"] == sum(d["shares"]) // d["divisor"]
            label = "ship rank" if d["source"] == "ship" else "places"
            terms = "+".join(map(str, d["shares"]))
            tied = (
                f"{label} {places[0]}–{places[-1]} tied: ({terms})/{d['divisor']} rounded down "
                f"= {d['amount']}"
            )
            if d["source"] == "ship":
                reason = tied if d["divisor"] > 1 else f"ship rank {places[0]}: {d['amount']}"
            else:
                alone = MEDICI_ORDINALS[places[0] - 1]
                reason = f"ladder of {good(d['good'])}: " + (tied if d["divisor"] > 1 else alone)
        return f"P{d['seat']} receives {d['amount']}: {reason}"
    if kind == "poorest":
        text = f"P{d['poorest']} is the poorest ({d['florins']} florins) and starts the next round"
        others = [s for s in d["tied"] if s != d["poorest"]]
        if others:
            text += (
                f" (tied with {seats(others)}: first after P{d['first_player']}, who started "
                "this round)"
            )
        return text
    if kind == "game_end":
        return f"final wealth {d['scores']}; winner(s) {seats(d['winners'])}"
    raise AssertionError(f"undocumented type {kind!r}")


def test_medici_every_event_has_a_documented_type_and_every_type_occurs(
    medici: list[MediciState],
) -> None:
    documented = documented_types(medici_module)
    seen = set()
    for state in medici:
        for event in state.log:
            if event.kind == "action":
                assert event.action is not None and not event.data
                continue
            assert event.data.get("type") in documented, event
            seen.add(event.data["type"])
    assert seen == documented


def test_medici_text_is_rebuilt_from_the_data_alone(medici: list[MediciState]) -> None:
    for state in medici:
        for event in state.log:
            if event.kind != "action":
                assert medici_text(state, event) == event.text


def test_medici_event_seats_match_the_events_player(medici: list[MediciState]) -> None:
    for state in medici:
        for event in state.log:
            if "seat" in event.data:
                assert event.data["seat"] == event.player, event
            if event.data.get("type") == "poorest":
                assert event.data["poorest"] == event.player


def test_medici_payments_match_the_ledger(medici: list[MediciState]) -> None:
    for state in medici:
        paid = [
            (d["seat"], d["amount"])
            for d in (e.data for e in state.log)
            if d.get("type") == "payment"
        ]
        bank = [(t.payee, t.amount) for t in state.ledger if t.payer == "bank"]
        assert paid == bank
        bought = [(d["seat"], d["price"]) for d in (e.data for e in state.log) if "price" in d]
        assert bought == [(t.payer, t.amount) for t in state.ledger if t.payee == "bank"]


# ----------------------------------------------------------------------------------------------
# both games: the renderers and the measures do not read the text
# ----------------------------------------------------------------------------------------------


def _narrations(state: State) -> list[str | None]:
    renderer = renderer_for(state.game.name)
    return [
        renderer.narrate_known(e, Context(state.game, lang)) for lang in LANGS for e in state.log
    ]


def _measures(state: State) -> str:
    """Every measure of a finished game, and the outcome columns of its decision rows."""
    hooks = measures_for(state.game.name)
    assert hooks.game is not None and hooks.seat is not None and hooks.finish is not None
    seats = [hooks.seat(state, s) for s in range(state.game.num_players)]
    replayed = state.game.new_state(seed=state.seed, setup=state.setup)
    rows = []
    for step, (seat, action) in enumerate(state.decisions):
        row = {"step": step, "round": replayed.round, "seat": seat, "kind": type(action).__name__}
        if hooks.decision is not None:
            row.update(hooks.decision(replayed.view(seat), seat, action))
        rows.append(row)
        replayed.apply(seat, action)
    hooks.finish(state, rows)
    return repr((hooks.game(state), seats, rows))


GAMES: dict[str, Callable[[], list[Any]]] = {"medici": medici_games}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_narration_does_not_read_the_text(name: str) -> None:
    for state in GAMES[name]():
        lines = _narrations(state)
        assert None not in lines
        assert _narrations(blanked(state)) == lines


@pytest.mark.parametrize("name", sorted(GAMES))
def test_measures_do_not_read_the_text_or_the_ledger_reasons(name: str) -> None:
    game = tradekit.load_game(name)
    states = [play(game, bots, seed=s).state for bots in ("random", "heuristic") for s in range(4)]
    states += GAMES[name]()[-3:]
    for state in states:
        assert _measures(blanked(state)) == _measures(state)
