"""Structured event data for Turin Market, Medici and Négoces (Rungis: games/rungis/test_events.py).

Every event a game logs (other than a player's decision, which carries its action) names itself in
``data["what"]`` and holds the facts of its English text as ``data`` keys, documented in the
game's ``state.py`` (the same ``what`` convention as Rungis). These tests check that:

* every ``what`` seen in play is documented, and every documented one is seen;
* the data holds every fact of the text: the English text is rebuilt from the data alone;
* the renderers and the measures read the data, not the text (blanking every text and ledger
  reason changes nothing they produce).
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import pytest

import tradekit
from tests.conftest import Corpus
from tests.helpers import negoces_options, play_at_random
from tradekit.core.events import Event, Ledger, Transfer
from tradekit.core.seats import seat_label
from tradekit.core.state import State
from tradekit.core.words import plural
from tradekit.games.medici import MediciState
from tradekit.games.medici import state as medici_module
from tradekit.games.negoces import NegocesState, variant_sets
from tradekit.games.negoces import state as negoces_module
from tradekit.games.turin import TurinState
from tradekit.games.turin import state as turin_module
from tradekit.i18n import LANGS
from tradekit.render import Context, renderer_for
from tradekit.sim.measures import measures_for

#: The state class a helper is given and returns.
S = TypeVar("S", bound=State)


def documented_events(module: Any) -> set[str]:
    """The events (``what``) listed in a game module's "Event data" section, one per bullet."""
    doc = module.__doc__ or ""
    section = doc[doc.index("Event data") :]
    return set(re.findall(r"^\* ``(\w+)``", section, re.M))


def blanked(state: State) -> State:
    """A copy of ``state`` whose events have no text and whose ledger entries no reason."""
    other = copy.deepcopy(state)
    other.log = [e._replace(text="") for e in state.log]
    ledger = Ledger()
    for t in state.ledger:
        ledger.record(Transfer(t.amount, t.payer, t.payee, "", t.round, t.phase))
    other.ledger = ledger
    return other


def check_types(states: Sequence[State], module: Any) -> None:
    """Every event but the decisions has a documented ``what``, and every documented one occurs."""
    documented = documented_events(module)
    seen = set()
    for state in states:
        for event in state.log:
            if event.kind == "action":
                assert event.action is not None and not event.data
                continue
            assert event.data.get("what") in documented, event
            seen.add(event.data["what"])
    assert seen == documented, documented - seen


def check_seats(states: Sequence[State], roles: dict[str, str]) -> None:
    """``seat`` (or the role key named in ``roles`` for a ``what``) is the event's player."""
    for state in states:
        for event in state.log:
            key = roles.get(event.data.get("what", ""), "seat")
            if key in event.data:
                assert event.data[key] == event.player, event


# ----------------------------------------------------------------------------------------------
# Medici
# ----------------------------------------------------------------------------------------------

MEDICI_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")
#: The texts made of the data's values as they are.
MEDICI_TEXTS = {
    "setup": "scripted set-up",
    "turn": "{seat}'s turn",
    "free_fill": "every other warehouse is full: {seat} fills theirs from the pile for free",
}


@functools.cache
def medici_games(corpus: Corpus) -> list[MediciState]:
    """Random games at every player count and ship table (from the corpus, passing half the
    time so that lots are discarded), and scripted games with the rare events (a move past the
    top of a ladder, a tie for poorest, a free fill, a scripted set-up)."""
    out: list[MediciState] = []
    for players in (3, 4, 5, 6):
        for table in ("1995", "tournament"):
            for seed in range(4):
                state = corpus.game(
                    "medici", seed, players=players, reward_table=table, pass_rate=0.5
                )
                assert isinstance(state, MediciState)
                out.append(state)
    game = tradekit.load_game("medici", players=3)
    for setup in (
        {"round": 3, "ladders": {"spices": [6, 0, 0]}, "warehouses": [[29, 30], [], []]},
        {"piles": [[17], [1, 2], [3, 4]]},
        {"wealth": [0, 3, 9], "piles": [[5, 6, 7, 8, 9, 10, 11, 12]]},
    ):
        state = game.new_state(seed=1, setup=setup)
        assert isinstance(state, MediciState)
        out.append(play_at_random(state, 1, pass_rate=0.8))
    return out


def _item_en(item: str) -> str:
    """An auctioned item's English name: the Diamant as the goods table names it."""
    return "Diamond" if item == "diamant" else item.capitalize()


def _labelled(data: Mapping[str, Any]) -> dict[str, Any]:
    """``data`` with its seats as every text names them (``P1`` for seat 0)."""
    seats = {"seat", "banned", "seller", "buyer"}
    return {k: seat_label(v) if k in seats else v for k, v in data.items()}


def medici_text(state: MediciState, event: Event) -> str:
    """The English text of a Medici event, rebuilt from its data (and the card table) only."""
    d = event.data
    kind = d["what"]
    if kind == "told":
        return ""  # a told event's words are the catalogue's: it has no engine text
    if kind in MEDICI_TEXTS:
        return MEDICI_TEXTS[kind].format(**_labelled(d))
    if kind not in MEDICI_BUILDERS:
        raise AssertionError(f"undocumented event {kind!r}")
    return MEDICI_BUILDERS[kind](state, event)


def _seats(ss: list[int]) -> str:
    return ", ".join(f"{seat_label(s)}" for s in ss)


def _medici_lot(state: MediciState, cards: list[int]) -> str:
    return "the lot " + ", ".join(state.card_text(c) for c in cards)


def _medici_good(state: MediciState, gid: str) -> str:
    return state.goods[state.good_index[gid]].name_en.lower()


# One text per Medici event kind, rebuilt from the event's data.
def _medici_start(state: MediciState, event: Event) -> str:
    d = event.data
    return (
        f"Medici, {d['players']} players, ship table {d['reward_table']} "
        f"{d['ship_rewards']}, {d['cards']} cards a round"
    )


def _medici_shuffle(state: MediciState, event: Event) -> str:
    return f"round {event.round}: the pile is shuffled"


def _medici_round_start(state: MediciState, event: Event) -> str:
    d = event.data
    return (
        f"round {event.round}: {d['pile_size']} cards in the pile, {d['out_of_play']} out of "
        f"play; {seat_label(d['seat'])} starts"
    )


def _medici_turn_card(state: MediciState, event: Event) -> str:
    d = event.data
    return f"{seat_label(d['seat'])} turns {state.card_text(d['turned'])}"


def _medici_auction(state: MediciState, event: Event) -> str:
    d = event.data
    text = f"auction of {_medici_lot(state, d['lot'])}; bidders in order: "
    text += _seats(d["order"]) or "none"
    return text + (f"; no room for it: {_seats(d['no_room'])}" if d["no_room"] else "")


def _medici_forced_pass(state: MediciState, event: Event) -> str:
    d = event.data
    if d["reason"] == "cannot_open":
        return f"{seat_label(d['seat'])} has no florins to open the bidding and passes"
    return (
        f"{seat_label(d['seat'])} cannot beat the high bid of {d['high_bid']} with {d['florins']} "
        "florins and passes"
    )


def _medici_discard(state: MediciState, event: Event) -> str:
    return f"nobody bids: {_medici_lot(state, event.data['lot'])} is discarded"


def _medici_sale(state: MediciState, event: Event) -> str:
    d = event.data
    return f"{seat_label(d['seat'])} buys {_medici_lot(state, d['lot'])} for {d['price']}"


def _medici_free_card(state: MediciState, event: Event) -> str:
    d = event.data
    return f"{seat_label(d['seat'])} takes {state.card_text(d['free'])} free"


def _medici_round_end(state: MediciState, event: Event) -> str:
    why = {"full": "every warehouse is full", "pile_out": "the pile has run out"}
    return f"round {event.round} ends: {why[event.data['reason']]}"


def _medici_ships(state: MediciState, event: Event) -> str:
    pairs = zip(event.data["totals"], event.data["paid"], strict=True)
    return "ships: " + ", ".join(f"{seat_label(p)} {t} → {x}" for p, (t, x) in enumerate(pairs))


def _medici_ladder_move(state: MediciState, event: Event) -> str:
    d = event.data
    top = f" (the top; {d['lost']} more lost)" if d["lost"] else ""
    good = _medici_good(state, d["good"])
    return f"{seat_label(d['seat'])} moves up the {good} ladder from {d['from']} to {d['to']}{top}"


def _medici_payment(state: MediciState, event: Event) -> str:
    d = event.data
    if d["source"] == "bonus":
        reason = f"ladder of {_medici_good(state, d['good'])}: monopoly bonus space {d['space']}"
    else:
        places = d["places"]
        assert places == list(range(places[0], places[0] + d["divisor"]))
        assert d["paid"] == sum(d["shares"]) // d["divisor"]
        label = "ship rank" if d["source"] == "ship" else "places"
        terms = "+".join(map(str, d["shares"]))
        tied = (
            f"{label} {places[0]}–{places[-1]} tied: ({terms})/{d['divisor']} rounded down "
            f"= {d['paid']}"
        )
        if d["source"] == "ship":
            reason = tied if d["divisor"] > 1 else f"ship rank {places[0]}: {d['paid']}"
        else:
            alone = MEDICI_ORDINALS[places[0] - 1]
            good = _medici_good(state, d["good"])
            reason = f"ladder of {good}: " + (tied if d["divisor"] > 1 else alone)
    return f"{seat_label(d['seat'])} receives {d['paid']}: {reason}"


def _medici_poorest(state: MediciState, event: Event) -> str:
    d = event.data
    text = (
        f"{seat_label(d['poorest'])} is the poorest ({d['florins']} florins) and starts "
        "the next round"
    )
    others = [s for s in d["tied"] if s != d["poorest"]]
    if others:
        text += (
            f" (tied with {_seats(others)}: first after {seat_label(d['first_player'])}, who "
            "started "
            "this round)"
        )
    return text


def _medici_game_end(state: MediciState, event: Event) -> str:
    d = event.data
    won = plural(len(d["winners"]), "winner", "winners")
    return f"final wealth {d['scores']}; {won} {_seats(d['winners'])}"


#: The texts that take more than the data's values as they are, by event kind.
MEDICI_BUILDERS: dict[str, Callable[[MediciState, Event], str]] = {
    "start": _medici_start,
    "shuffle": _medici_shuffle,
    "round_start": _medici_round_start,
    "turn_card": _medici_turn_card,
    "auction": _medici_auction,
    "forced_pass": _medici_forced_pass,
    "discard": _medici_discard,
    "sale": _medici_sale,
    "free_card": _medici_free_card,
    "round_end": _medici_round_end,
    "ships": _medici_ships,
    "ladder_move": _medici_ladder_move,
    "payment": _medici_payment,
    "poorest": _medici_poorest,
    "game_end": _medici_game_end,
}


def test_medici_payments_match_the_ledger(corpus: Corpus) -> None:
    for state in medici_games(corpus):
        paid = [
            (d["seat"], d["paid"])
            for d in (e.data for e in state.log)
            if d.get("what") == "payment"
        ]
        bank = [(t.payee, t.amount) for t in state.ledger if t.payer == "bank"]
        assert paid == bank
        bought = [(d["seat"], d["price"]) for d in (e.data for e in state.log) if "price" in d]
        assert bought == [(t.payer, t.amount) for t in state.ledger if t.payee == "bank"]


# ----------------------------------------------------------------------------------------------
# Négoces
# ----------------------------------------------------------------------------------------------

HANDS = [[0, 1, 2, 4, 5, 6, 48], [8, 9, 10, 12, 13, 14], [16, 17, 18, 20, 21, 22]]


@functools.cache
def negoces_games(corpus: Corpus) -> list[NegocesState]:
    """Random games with every variant at every player count, and scripted set-ups (coins
    announced to everyone, and to each seat alone in the blind variant)."""
    out: list[NegocesState] = []
    for players in (3, 4, 5, 6):
        for i, variants in enumerate(variant_sets(players, 14, seed=2)):
            options = negoces_options(players, variants)
            state = corpus.game("negoces", 10 * i + players, play_seed=i, pass_rate=0, **options)
            assert isinstance(state, NegocesState)
            out.append(state)
    for variants in ((), ("blind",)):
        game = tradekit.load_game("negoces", players=3, variants=variants)
        state = game.new_state(seed=1, setup={"hands": HANDS, "coins": [5, 6, 7]})
        assert isinstance(state, NegocesState)
        out.append(play_at_random(state, 1, pass_rate=0))
    return out


#: The texts made of the data's values as they are.
NEGOCES_TEXTS = {
    "setup": "scripted set-up",
    "scripted_coins": "scripted coins {coins}",
    "starting_coins": "{seat} starts with {coins} coins",
    "drop_out": "{seat} cannot raise and drops out",
    "gift": "{seat} shares out {gift} coins among the others",
    "sale_start": "sale {sale}: {seat} is the seller ({cards} cards)",
    "treasurer": "{seat}'s Treasurer card leaves the game",
    "chosen": "{seat} has chosen",
    "no_offer": "no offer stands: the negotiation continues",
    "ban": "{seat} plays the Miser: {banned} may offer nothing in this sale",
    "accept": "{seller} accepts {buyer}'s offer",
    "coins_total": "the players hold {coins} coins in all",
    "swindle": "{seat} plays the Swindler: the card paid is swapped, unseen",
}


def negoces_text(state: NegocesState, event: Event) -> str:
    """The English text of a Négoces event, rebuilt from its data (and the card table) only."""
    d = event.data
    kind = d["what"]
    good = state.tables.good_of.__getitem__
    if kind == "told":
        return ""  # a told event's words are the catalogue's: it has no engine text
    if kind in NEGOCES_TEXTS:
        return NEGOCES_TEXTS[kind].format(**_labelled(d))
    if kind not in NEGOCES_BUILDERS:
        raise AssertionError(f"undocumented event {kind!r}")
    return NEGOCES_BUILDERS[kind](good, d)


# One text per Négoces event kind, rebuilt from the event's data; ``good`` names a card's good.
def _negoces_in_play(good: Callable[[int], str], d: Mapping[str, Any]) -> str:
    return "goods in play: " + ", ".join(d["in_play"])


def _negoces_deal(good: Callable[[int], str], d: Mapping[str, Any]) -> str:
    if d["scripted"]:
        return f"{seat_label(d['seat'])} is given a scripted hand"
    return f"{seat_label(d['seat'])} is dealt {len(d['deal'])} cards"


def _negoces_inactive(good: Callable[[int], str], d: Mapping[str, Any]) -> str:
    fronts = (
        f"{seat_label(p)} {', '.join(map(good, cards))}" for p, cards in enumerate(d["inactive"])
    )
    return "inactive cards laid face up: " + "; ".join(fronts)


def _negoces_start(good: Callable[[int], str], d: Mapping[str, Any]) -> str:
    variants = f", variants {', '.join(d['variants'])}" if d["variants"] else ""
    goods, coins = d["goal"]
    return (
        f"Négoces, {d['players']} players{variants}; to win: {goods} different goods and "
        f"{coins} coins"
    )


def _negoces_auction(good: Callable[[int], str], d: Mapping[str, Any]) -> str:
    return f"auction of the {_item_en(d['item'])}: {seat_label(d['opener'])} opens at 0"


def _negoces_auction_won(good: Callable[[int], str], d: Mapping[str, Any]) -> str:
    return f"{seat_label(d['winner'])} wins the {_item_en(d['item'])} for {d['price']}"


def _negoces_temple(good: Callable[[int], str], d: Mapping[str, Any]) -> str:
    return f"{seat_label(d['seat'])} gives up {good(d['removed'])} at the temple for sacred texts"


def _negoces_market(good: Callable[[int], str], d: Mapping[str, Any]) -> str:
    coins_only = " (an inactive card: coins only)" if d["inactive"] else ""
    return f"{seat_label(d['seat'])} puts {good(d['market'])} on the market{coins_only}"


def _negoces_offers(good: Callable[[int], str], d: Mapping[str, Any]) -> str:
    items = []
    for buyer, offer in d["offers"].items():
        card = offer["card"]
        words = [f"{seat_label(buyer)}"] + ([good(card)] if isinstance(card, int) else [])
        words += [card] if isinstance(card, str) else []
        words.append(f"{offer['coins']:+d} coins")
        words += ["a loan card"] if offer["loan"] else []
        items.append(" ".join(words))
    return f"round {d['round']} offers: {'; '.join(items) or 'none'}"


def _negoces_theft(good: Callable[[int], str], d: Mapping[str, Any]) -> str:
    return (
        f"{seat_label(d['seat'])} plays the Thief and takes {good(d['card'])} from "
        f"{seat_label(d['seller'])}"
    )


def _negoces_turn_up(good: Callable[[int], str], d: Mapping[str, Any]) -> str:
    return f"{seat_label(d['seat'])} turns up the offered card: {good(d['card'])}"


def _negoces_swap(good: Callable[[int], str], d: Mapping[str, Any]) -> str:
    return f"{seat_label(d['seat'])} pays with {good(d['paid'])} instead of {good(d['offered'])}"


def _negoces_sale(good: Callable[[int], str], d: Mapping[str, Any]) -> str:
    card = d["card"]
    parts = [] if card is None else ["a card unseen" if card == "hidden" else good(card)]
    parts += [f"{d['coins']} coins"] if d["coins"] else []
    parts += ["a loan card"] if d["loan"] else []
    paid = " and ".join(parts) or "nothing"
    return (
        f"{seat_label(d['buyer'])} buys {good(d['market'])} from {seat_label(d['seller'])} "
        f"for {paid}"
    )


def _negoces_paid_with(good: Callable[[int], str], d: Mapping[str, Any]) -> str:
    return f"{seat_label(d['seat'])} paid with {good(d['paid'])}"


def _negoces_void_offer(good: Callable[[int], str], d: Mapping[str, Any]) -> str:
    return (
        f"{seat_label(d['seller'])} cannot pay the {-d['coins']} coins {seat_label(d['buyer'])} "
        "asked: "
        f"{seat_label(d['buyer'])} takes the card for nothing"
    )


def _negoces_tax_unpaid(good: Callable[[int], str], d: Mapping[str, Any]) -> str:
    then = "loses their Treasurer card" if d["treasurer"] else "pays nothing"
    return f"{seat_label(d['seat'])} cannot pay the tax and {then}"


def _negoces_show(good: Callable[[int], str], d: Mapping[str, Any]) -> str:
    return f"{seat_label(d['seat'])} shows {len(d['hand'])} cards and {d['coins']} coins"


def _negoces_game_end(good: Callable[[int], str], d: Mapping[str, Any]) -> str:
    if d["winner"] is None:
        return f"{d['sales']} sales without a winner: the game ends with no winner"
    w = d["winner"]
    return (
        f"{seat_label(w)} holds {d['goods']} different goods and {d['coins']} coins: "
        f"{seat_label(w)} wins"
    )


#: The texts that take more than the data's values as they are, by event kind.
NEGOCES_BUILDERS: dict[str, Callable[[Callable[[int], str], Mapping[str, Any]], str]] = {
    "in_play": _negoces_in_play,
    "deal": _negoces_deal,
    "inactive": _negoces_inactive,
    "start": _negoces_start,
    "auction": _negoces_auction,
    "auction_won": _negoces_auction_won,
    "temple": _negoces_temple,
    "market": _negoces_market,
    "offers": _negoces_offers,
    "theft": _negoces_theft,
    "turn_up": _negoces_turn_up,
    "swap": _negoces_swap,
    "sale": _negoces_sale,
    "paid_with": _negoces_paid_with,
    "void_offer": _negoces_void_offer,
    "tax_unpaid": _negoces_tax_unpaid,
    "show": _negoces_show,
    "game_end": _negoces_game_end,
}


@pytest.mark.slow
def test_negoces_sales_match_the_ledger(corpus: Corpus) -> None:
    for state in negoces_games(corpus):
        coins = [
            (d["buyer"], d["seller"], d["coins"])
            for d in (e.data for e in state.log)
            if d.get("what") == "sale" and d["coins"]
        ]
        paid = [
            (t.payer, t.payee, t.amount) if t.reason.startswith("bought ") else
            (t.payee, t.payer, -t.amount)
            for t in state.ledger
            if t.reason.startswith(("bought ", "sold "))
        ]  # fmt: skip
        assert coins == paid


@pytest.mark.slow
def test_negoces_hidden_facts_stay_in_hidden_events(corpus: Corpus) -> None:
    # Event data is shown to whoever sees the event: a card paid unseen is "hidden" in the
    # public sale, named only in the event the buyer and the seller see.
    found = 0
    for state in negoces_games(corpus):
        for event in state.log:
            if event.data.get("what") in ("swap", "paid_with"):
                found += 1
                assert event.visible_to is not None and len(event.visible_to) == 2
            if event.data.get("what") == "starting_coins":
                assert event.visible_to == (event.data["seat"],)
    assert found


# ----------------------------------------------------------------------------------------------
# Turin Market
# ----------------------------------------------------------------------------------------------


@functools.cache
def turin_games(corpus: Corpus) -> list[TurinState]:
    """Games that log every kind of event: all options, random and heuristic bots, scripted
    set-ups with public and secret money, and goods that nobody holds."""
    out: list[TurinState] = []
    for players in (2, 3, 4, 5):
        for goose in (None, "tiebreak", "underdog"):
            for seed in range(6):
                lineup = ["heuristic:borrow=true", *["random"] * (players - 1)]
                out.append(
                    corpus.bot_game(
                        "turin",
                        lineup,
                        seed,
                        players=players,
                        goose=goose,
                        public_money=players != 3,
                    )
                )
    for public in (True, False):
        game = tradekit.load_game("turin", players=3, public_money=public)
        setup = {"hands": [[1, 2], [3, 4], [5, 6]], "scudo": [9, 9, 9]}
        out.append(play_at_random(game.new_state(seed=1, setup=setup), 1))  # type: ignore[arg-type]
    # one card each and no auction round: three goods are held by nobody
    game = tradekit.load_game("turin", players=2)
    out.append(game.new_state(seed=1, setup={"hands": [[1], [2]]}))  # type: ignore[arg-type]
    return out


# ----------------------------------------------------------------------------------------------
# every game above
# ----------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Spec:
    """What the shared tests need of a game."""

    games: Callable[[Corpus], Sequence[Any]]  # the games, some from the shared corpus
    module: Any  # the state module, whose docstring documents the event data
    text: Callable[[Any, Event], str] | None  # the English text rebuilt from an event's data
    roles: dict[str, str]  # types whose player is named by another key than ``seat``


SPECS = {
    "turin": Spec(turin_games, turin_module, None, {}),
    "medici": Spec(medici_games, medici_module, medici_text, {"poorest": "poorest"}),
    "negoces": Spec(
        negoces_games,
        negoces_module,
        negoces_text,
        {
            "auction": "opener",
            "auction_won": "winner",
            "accept": "buyer",
            "void_offer": "buyer",
            "sale": "buyer",
            "game_end": "winner",
        },
    ),
}

#: The games of :data:`SPECS`; Négoces' 56 variant games are the heaviest to play, so the fast
#: tier leaves them out (the whole suite checks every game).
SPEC_NAMES = [
    pytest.param(name, marks=pytest.mark.slow) if name == "negoces" else name
    for name in sorted(SPECS)
]
#: Those whose narration is rebuilt from the event data alone.
TEXT_NAMES = [
    case for case, name in zip(SPEC_NAMES, sorted(SPECS), strict=True) if SPECS[name].text
]


@pytest.mark.parametrize("name", SPEC_NAMES)
def test_every_event_has_a_documented_type_and_every_type_occurs(name: str, corpus: Corpus) -> None:
    check_types(SPECS[name].games(corpus), SPECS[name].module)


@pytest.mark.parametrize("name", TEXT_NAMES)
def test_the_text_is_rebuilt_from_the_data_alone(name: str, corpus: Corpus) -> None:
    spec = SPECS[name]
    assert spec.text is not None
    for state in spec.games(corpus):
        for event in state.log:
            if event.kind != "action":
                assert spec.text(state, event) == event.text


@pytest.mark.parametrize("name", SPEC_NAMES)
def test_the_seat_in_the_data_is_the_events_player(name: str, corpus: Corpus) -> None:
    check_seats(SPECS[name].games(corpus), SPECS[name].roles)


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


@pytest.mark.parametrize("name", SPEC_NAMES)
def test_narration_does_not_read_the_text(name: str, corpus: Corpus) -> None:
    for state in SPECS[name].games(corpus):
        lines = _narrations(state)
        assert None not in lines
        assert _narrations(blanked(state)) == lines


@pytest.mark.parametrize("name", SPEC_NAMES)
def test_measures_do_not_read_the_text_or_the_ledger_reasons(name: str, corpus: Corpus) -> None:
    states = [corpus.bot_game(name, bots, s) for bots in ("random", "heuristic") for s in range(4)]
    states += SPECS[name].games(corpus)[::4]
    for state in states:
        assert _measures(blanked(state)) == _measures(state)
