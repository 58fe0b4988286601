"""Rungis's structured event data: the facts of every event are in ``data``, not only in the text.

Scripted scenarios check the exact keys of representative events (sales lines, special cards'
effects, trades, removals, purchases, taxes, bonuses, scores); a sweep of random games checks that
every event names itself in ``what``, carries the keys the state module documents, and agrees with
the ledger and the state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

# The scripted set-ups of the rules scenarios.
from tests.conftest import Corpus
from tests.core.test_event_data import blanked
from tests.games.rungis.test_rules import new, sales_game, talk_done, write
from tradekit.core.events import BANK, Event
from tradekit.games.rungis import (
    Accept,
    Bid,
    Designate,
    Done,
    Pass,
    Play,
    Propose,
    RungisState,
    Terms,
)
from tradekit.games.rungis import state as state_module
from tradekit.games.rungis.measures import game_measures, seat_measures
from tradekit.games.rungis.render import RungisRenderer
from tradekit.render import Context

FRUIT, EGGS, CHEESE, FISH, MEAT = 1, 13, 25, 37, 43

#: The keys each kind of event must carry (``what`` -> required keys), from the module docstring.
REQUIRED: dict[str, set[str]] = {
    "start": {"rounds"},
    "told": {"say", "parts", "fields"},  # an auction in short
    "setup": {"shops", "gold", "first"},
    "hand": {"hand"},
    "shuffle": {"deck"},
    "scripted_deck": {"deck"},
    "round": {"first_buyer"},
    "deck_empty": set(),
    "centre": {"centre"},
    "face_down": {"face_down"},
    "buy": {"price", "how"},
    "looks": {"special"},
    "removed": {"removed", "why"},
    "removed_unseen": {"removed", "why"},
    "removed_face_down": {"why"},
    "effect": {"card", "kind", "amount"},
    "trade": {"proposer", "to", "gold"},
    "sheet_written": set(),
    "rumour": {"sheet", "of"},
    "reveal": {"sheets"},
    "sale": {"article", "prices", "lines"},
    "strike": {"article", "lines"},
    "subsidy": {"article", "amount", "cards", "paid"},
    "score": {"gold", "shop", "articles", "score"},
    "final": {"scores", "winners"},
}
LINE_KEYS = {"player", "price", "cards", "status", "each", "paid", "bonus", "tax"}


def facts(state: RungisState, what: str) -> list[Mapping[str, Any]]:
    return [e.data for e in state.log if e.data.get("what") == what]


def one(state: RungisState, what: str) -> Mapping[str, Any]:
    found = facts(state, what)
    assert len(found) == 1, found
    return found[0]


def buy_first(state: RungisState, amount: int) -> None:
    """The designator puts centre card 0 up and bids ``amount``; everyone else passes."""
    seat = state.to_move[0]
    state.apply(seat, Designate(0))
    state.apply(seat, Bid(amount))
    while state.step == "bid":
        state.apply(state.to_move[0], Pass())


def line(
    player: int, price: int, cards: int, status: str, each: int, bonus: int = 0, tax: int = 0
) -> dict[str, Any]:
    return {
        "player": player,
        "price": price,
        "cards": cards,
        "status": status,
        "each": each,
        "paid": each * cards,
        "bonus": bonus,
        "tax": tax,
    }


# ----------------------------------------------------------------------------------------------
# scripted events
# ----------------------------------------------------------------------------------------------


def test_sale_lines_with_lowest_middle_and_highest() -> None:
    state = sales_game([[CHEESE, CHEESE + 1], [CHEESE + 2], [CHEESE + 3]])
    talk_done(state)
    write(state, {0: {"cheese": 3}, 1: {"cheese": 4}, 2: {"cheese": 6}})
    sale = one(state, "sale")
    assert sale["article"] == "cheese"
    assert sale["prices"] == {"0": 3, "1": 4, "2": 6}
    assert sale["lines"] == [
        line(0, 3, 2, "lowest", 5, bonus=2),
        line(1, 4, 1, "middle", 4),
        line(2, 6, 1, "highest", 0),
    ]
    # The lines agree with what the bank paid.
    paid = {t.payee: t.amount for t in state.ledger if t.payer == BANK}
    assert paid == {x["player"]: x["paid"] for x in sale["lines"] if x["paid"]}


def test_sale_lines_of_a_lone_seller_and_of_all_equal_prices() -> None:
    state = sales_game([[FISH, CHEESE], [CHEESE + 1], []])
    talk_done(state)
    write(state, {0: {"cheese": 4, "fish": 5}, 1: {"cheese": 4}})
    cheese, fish = facts(state, "sale")
    assert cheese["lines"] == [
        line(0, 4, 1, "lowest", 6, bonus=2),
        line(1, 4, 1, "lowest", 6, bonus=2),
    ]
    assert fish["lines"] == [line(0, 5, 1, "lowest", 7, bonus=2)]


def test_tax_is_in_the_line_and_the_effect() -> None:
    state = sales_game([[CHEESE, CHEESE + 1], [CHEESE + 2], []], hands=[[], [57], []])
    state.apply(0, Done())
    state.apply(1, Play(57, article="cheese"))
    effect = one(state, "effect")
    assert effect == {
        "what": "effect",
        "card": 57,
        "kind": "tax",
        "article": "cheese",
        "amount": 2,
    }
    talk_done(state)
    write(state, {0: {"cheese": 3}, 1: {"cheese": 4}})
    # The highest asker earns nothing, so no tax applies to them.
    assert one(state, "sale")["lines"] == [
        line(0, 3, 2, "lowest", 3, bonus=2, tax=2),
        line(1, 4, 1, "highest", 0),
    ]


def test_strike_lines_sell_nothing() -> None:
    state = sales_game([[FISH], [FISH + 1], [CHEESE]], hands=[[55], [], []])
    state.apply(0, Play(55, article="fish"))
    assert one(state, "effect") == {
        "what": "effect",
        "card": 55,
        "kind": "strike",
        "article": "fish",
        "amount": 0,
    }
    talk_done(state)
    write(state, {0: {"fish": 4}, 1: {"fish": 5}, 2: {"cheese": 3}})
    strike = one(state, "strike")
    assert strike["article"] == "fish"
    assert strike["lines"] == [line(0, 4, 1, "strike", 0), line(1, 5, 1, "strike", 0)]
    assert [s["article"] for s in facts(state, "sale")] == ["cheese"]


def test_exclusive_rights_lines_name_the_excluded_seller() -> None:
    state = sales_game([[CHEESE], [CHEESE + 1], []], hands=[[63], [], []])
    state.apply(0, Play(63, article="cheese"))
    talk_done(state)
    write(state, {0: {"cheese": 6}, 1: {"cheese": 3}})
    sale = one(state, "sale")
    assert sale["prices"] == {"0": 6}
    assert sale["lines"] == [line(1, 3, 1, "excluded", 0), line(0, 6, 1, "lowest", 8, bonus=2)]


def test_shortage_and_advertising_lines() -> None:
    state = sales_game([[CHEESE], [CHEESE + 1], [CHEESE + 2]], hands=[[], [65], [69]])
    state.apply(0, Done())
    state.apply(1, Play(65, article="cheese"))
    talk_done(state)
    write(state, {0: {"cheese": 3}, 1: {"cheese": 6}, 2: {"cheese": 5}})
    state.apply(2, Play(69, article="cheese"))
    assert one(state, "sale")["lines"] == [
        line(0, 3, 1, "lowest", 5, bonus=2),
        line(1, 6, 1, "highest", 6),  # shortage: paid its price, no bonus
        line(2, 5, 1, "middle", 7, bonus=2),  # advertising: paid as lowest
    ]
    assert [e["kind"] for e in facts(state, "effect")] == ["shortage", "advertising"]


def test_subsidy_payment_is_an_event() -> None:
    state = sales_game([[FISH, FISH + 1], [FISH + 2], []], hands=[[59], [], []])
    state.apply(0, Play(59, article="fish"))
    talk_done(state)
    write(state, {0: {"fish": 8}, 1: {"fish": 4}})
    paid = [e for e in state.log if e.data.get("what") == "subsidy"]
    assert [(e.player, e.data) for e in paid] == [
        (0, {"what": "subsidy", "article": "fish", "amount": 2, "cards": 2, "paid": 4})
    ]
    assert paid[0].text == "P1 is paid 4 gold, subsidy on Fish: 2 × 2 cards"
    # It follows the sales it comes after.
    assert state.log.index(paid[0]) > max(
        i for i, e in enumerate(state.log) if e.data.get("what") == "sale"
    )


def test_targeted_effects_name_their_target() -> None:
    state = sales_game([[CHEESE], [CHEESE + 1], [CHEESE + 2]], hands=[[67, 61], [], []])
    state.apply(0, Play(67, player=2))
    state.apply(0, Play(61, article="cheese"))
    rumour, freeze = facts(state, "effect")
    assert rumour == {"what": "effect", "card": 67, "kind": "rumour", "target": 2, "amount": 0}
    assert freeze == {
        "what": "effect",
        "card": 61,
        "kind": "price_freeze",
        "article": "cheese",
        "amount": 0,
        "top": 3,
    }
    talk_done(state)
    write(state, {1: {"cheese": 3}, 2: {"cheese": 3}})
    tip = one(state, "rumour")
    assert tip["of"] == 2 and tip["sheet"] == {"cheese": 3}
    assert [e.player for e in state.log if e.data.get("what") == "sheet_written"] == [1, 2]


def test_spoiled_goods_list_the_cards_lost() -> None:
    state = sales_game([[FISH], [FISH + 1, FISH + 2], []], hands=[[71], [], []])
    talk_done(state)
    write(state, {0: {"fish": 6}, 1: {"fish": 4}})
    state.apply(0, Play(71, player=1, article="fish"))
    assert one(state, "effect") == {
        "what": "effect",
        "card": 71,
        "kind": "spoilage",
        "target": 1,
        "article": "fish",
        "amount": 1,
        "lost": [FISH + 1],
    }
    assert state.removed == [FISH + 1]


def test_preemption_and_auction_purchases() -> None:
    state = new(deck=[FISH, FRUIT, 50], hands=[[], [53], []])
    state.apply(1, Play(53, pick=FISH))
    buy = one(state, "buy")
    assert buy == {"what": "buy", "card": FISH, "price": 4, "how": "preemption"}
    assert one(state, "effect") == {
        "what": "effect",
        "card": 53,
        "kind": "preemption",
        "amount": 0,
        "pick": FISH,
        "price": 4,
    }
    state.apply(0, Designate(0))  # fruit (the fish was pre-empted)
    designated = state.log[-1]
    assert designated.kind == "action" and designated.data == {"card": FRUIT}
    state.apply(0, Bid(1))
    state.apply(2, Pass())
    assert facts(state, "buy")[-1] == {"what": "buy", "card": FRUIT, "price": 1, "how": "auction"}
    # The face-down special: its designation and purchase name no card publicly.
    state.apply(2, Designate(0))
    assert state.log[-1].data == {}
    state.apply(2, Bid(3))
    special_buy = facts(state, "buy")[-1]
    assert special_buy == {"what": "buy", "price": 3, "how": "auction"}
    looks = one(state, "looks")
    assert looks["special"] == 50
    assert next(e for e in state.log if e.data.get("what") == "looks").visible_to == (2,)


def test_a_card_nobody_opens_is_removed_as_unopened() -> None:
    state = new(specials=False, deck=[FISH, FRUIT, EGGS])
    state.apply(0, Designate(0))
    for seat in (0, 1, 2):
        state.apply(seat, Pass())
    assert one(state, "removed") == {"what": "removed", "removed": FISH, "why": "unopened"}


def test_a_face_down_card_is_removed_publicly_without_its_identity() -> None:
    state = new(deck=[FRUIT, EGGS, 49])
    buy_first(state, 1)
    buy_first(state, 2)
    state.apply(2, Designate(0))  # the face-down card: nobody opens
    state.apply(2, Pass())
    public = [e for e in state.log if e.data.get("what") == "removed_face_down"]
    hidden = [e for e in state.log if e.data.get("what") == "removed_unseen"]
    assert [e.data for e in public] == [{"what": "removed_face_down", "why": "unopened"}]
    assert public[0].visible_to is None
    assert [e.data for e in hidden] == [
        {"what": "removed_unseen", "removed": 49, "why": "unopened"}
    ]
    assert hidden[0].visible_to == ()


def test_leftover_cards_are_removed_with_why_leftover() -> None:
    state = new(players=3, deck=[FRUIT, EGGS, FISH, MEAT], hands=[[49], [], []], rounds=1)
    state.apply(0, Play(49, player=1))  # P1 sits the auctions out
    buy_first(state, 1)
    buy_first(state, 2)
    assert facts(state, "removed") == [{"what": "removed", "removed": FISH, "why": "leftover"}]
    assert one(state, "effect") == {
        "what": "effect",
        "card": 49,
        "kind": "no_delivery",
        "target": 1,
        "amount": 0,
    }


def test_trade_names_the_cards_and_the_gold() -> None:
    state = sales_game([[FISH, CHEESE], [MEAT], []], options={"trading": True})
    state.apply(0, Propose(1, "fish", "meat"))
    state.apply(0, Terms(3))
    state.apply(1, Accept())
    assert one(state, "trade") == {
        "what": "trade",
        "proposer": 0,
        "to": 1,
        "gold": 3,
        "give_card": FISH,
        "take_card": MEAT,
    }


def test_one_way_trade_has_only_the_card_handed_over() -> None:
    state = sales_game([[FISH], [MEAT], []], options={"trading": True})
    state.apply(0, Propose(1, None, "meat"))
    state.apply(0, Terms(-2))
    state.apply(1, Accept())
    assert one(state, "trade") == {
        "what": "trade",
        "proposer": 0,
        "to": 1,
        "gold": -2,
        "take_card": MEAT,
    }


def test_scores_break_down_the_shop() -> None:
    state = sales_game([[FISH, FISH + 1, CHEESE], [], [MEAT]])
    talk_done(state)
    write(state, {0: {"cheese": 3, "fish": 4}, 2: {"meat": 5}})
    assert state.is_over
    scores = facts(state, "score")
    assert [s["articles"] for s in scores] == [{"cheese": 1, "fish": 2}, {}, {"meat": 1}]
    assert [s["score"] for s in scores] == state.scores()
    assert [s["shop"] for s in scores] == [state.shop_value(p) for p in range(3)]
    assert one(state, "final") == {
        "what": "final",
        "scores": state.scores(),
        "winners": state.winners(),
    }


# ----------------------------------------------------------------------------------------------
# every event of random games
# ----------------------------------------------------------------------------------------------


def check_event(event: Event) -> str | None:
    """The ``what`` of a non-action event, after checking its keys."""
    if event.kind == "action":
        assert set(event.data) <= {"card"}, event
        return None
    what = event.data.get("what")
    assert what in REQUIRED, event
    assert REQUIRED[what] <= set(event.data), event
    for item in event.data.get("lines", []):
        assert set(item) == LINE_KEYS, event
        assert item["paid"] == item["each"] * item["cards"], event
    return str(what)


@pytest.mark.parametrize(
    "options",
    [{"players": 4, "trading": True}, {"players": 7, "below_base": True}],
)
def test_every_event_of_random_games_carries_its_documented_facts(
    options: dict[str, Any], corpus: Corpus
) -> None:
    seen: set[str] = set()
    for seed in range(12):
        state = corpus.game("rungis", seed, numpy=True, **options)
        for event in state.log:
            what = check_event(event)
            if what is not None:
                seen.add(what)
        # Sales lines add up to what the bank paid for sales.
        lines_paid = sum(
            x["paid"] for e in state.log if e.data.get("what") == "sale" for x in e.data["lines"]
        )
        ledger_sales = sum(
            t.amount for t in state.ledger if t.payer == BANK and t.reason.startswith("sales of")
        )
        assert lines_paid == ledger_sales
        # Subsidy events add up to what the bank paid for subsidies.
        subsidies = sum(e.data["paid"] for e in state.log if e.data.get("what") == "subsidy")
        ledger_subsidies = sum(
            t.amount for t in state.ledger if t.payer == BANK and t.reason.startswith("subsidy")
        )
        assert subsidies == ledger_subsidies
        # Purchases add up to what the buyers paid the bank.
        bought = sum(e.data["price"] for e in state.log if e.data.get("what") == "buy")
        assert bought == sum(t.amount for t in state.ledger if t.payee == BANK)
        # Every card removed from a shop or the centre face up is in a removal or spoilage event.
        removed = [e.data["removed"] for e in state.log if e.data.get("what") == "removed"]
        removed += [
            c for e in state.log if e.data.get("what") == "effect" for c in e.data.get("lost", [])
        ]
        assert sorted(removed) == sorted(state.removed)
        unseen = [e.data["removed"] for e in state.log if e.data.get("what") == "removed_unseen"]
        assert unseen == state.removed_hidden
    assert {"start", "shuffle", "round", "centre", "buy", "sale", "reveal", "final"} <= seen
    assert {"effect", "removed", "score"} <= seen


def test_every_event_name_is_documented_in_the_state_module() -> None:
    doc = state_module.__doc__ or ""
    for what in REQUIRED:
        assert f"``{what}``" in doc, what


def test_narration_and_measures_read_the_data_not_the_text(corpus: Corpus) -> None:
    renderer = RungisRenderer()
    states = [corpus.game("rungis", seed, numpy=True, players=4, trading=True) for seed in range(3)]
    states += [
        corpus.bot_game("rungis", bots, seed, players=5)
        for bots in ("heuristic", "random")
        for seed in (1, 2)
    ]
    for state in states:
        bare = blanked(state)
        assert all(not e.text for e in bare.log) and all(not t.reason for t in bare.ledger)
        for lang in ("en", "fr"):
            ctx = Context(state.game, lang)
            lines = [renderer.narrate_known(e, ctx) for e in state.log]
            assert None not in lines
            assert [renderer.narrate_known(e, ctx) for e in bare.log] == lines
        assert game_measures(bare) == game_measures(state)
        seats = range(len(state.scores()))
        assert [seat_measures(bare, p) for p in seats] == [seat_measures(state, p) for p in seats]


def test_exclusive_rights_whose_holder_lost_the_last_card_log_who_was_excluded() -> None:
    # P0 takes the exclusive rights on fish, then P1's Spoiled goods takes P0's only fish: P1
    # stays excluded, nobody is paid for fish, and the sale event says so.
    state = sales_game([[FISH], [FISH + 1], []], hands=[[63], [71], []])
    state.apply(0, Play(63, article="fish"))
    talk_done(state)
    write(state, {0: {"fish": 5}, 1: {"fish": 4}})
    state.apply(1, Play(71, player=0, article="fish"))
    while not state.is_over and state.step != "sales":
        state.apply(state.to_move[0], Done())
    sale = one(state, "sale")
    assert sale["article"] == "fish" and sale["prices"] == {}
    assert [(line["player"], line["status"], line["paid"]) for line in sale["lines"]] == [
        (1, "excluded", 0)
    ]
    event = next(e for e in state.log if e.data.get("what") == "sale")
    assert event.text == "Fish: P1 has the exclusive rights and none left, P2 excluded 0"
    assert not [t for t in state.ledger if t.reason.startswith("sales of")]
    for lang in ("en", "fr"):
        context = Context(state.game, lang)
        assert context.name(1) in RungisRenderer().narrate(event, context)
    game_measures(state)
    seat_measures(state, 1)
