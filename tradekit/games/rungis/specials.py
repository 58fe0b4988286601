"""The special cards: what each does when it is played."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tradekit.core.seats import seat_label
from tradekit.core.words import counted
from tradekit.games.rungis.actions import Play
from tradekit.games.rungis.auction import buy_card
from tradekit.games.rungis.view import Effect

if TYPE_CHECKING:
    from tradekit.games.rungis.state import RungisState


def play_special(state: RungisState, player: int, action: Play) -> None:
    """Carry out a special card ``player`` plays, and log its effect."""
    special = state.kind_of[action.card]
    state.hands[player].remove(action.card)
    state.played.append(action.card)
    kind, amount = special.kind, special.amount
    state.effects.append(Effect(action.card, kind, player, action.player, action.article, amount))
    target = action.player
    article = action.article
    what = special.name_en
    data: dict[str, Any] = {"what": "effect", "card": action.card, "kind": kind}
    if target is not None:
        data["target"] = target
    if article is not None:
        data["article"] = article
    data["amount"] = amount
    if kind == "no_delivery":
        assert target is not None
        state.barred.add(target)
        text = f"{seat_label(target)} takes no part in this round's Rungis phase"
    elif kind == "double_order":
        state.limits[player] = amount
        text = f"{seat_label(player)} may buy up to {amount} cards this phase"
    elif kind == "preemption":
        assert action.pick is not None
        state.centre.remove(action.pick)
        base = state.tables.base(action.pick)
        buy_card(state, player, action.pick, base + amount, "preemption")
        data.update(pick=action.pick, price=base + amount)
        text = f"{seat_label(player)} pre-empts {state.tables.describe(action.pick)}"
    elif kind == "strike":
        assert article is not None
        state.strikes.add(article)
        text = f"nobody sells {state._name(article)} this round"
    elif kind == "tax":
        assert article is not None
        state.taxes[article] = amount
        text = f"every {state._name(article)} card earns {amount} gold less this round"
    elif kind == "subsidy":
        assert article is not None
        state.subsidies.append((player, article, amount))
        text = (
            f"the bank will pay {seat_label(player)} {amount} gold per {state._name(article)} card"
        )
    elif kind == "price_freeze":
        assert article is not None
        state.freezes[article] = amount
        top = state.price_range(article).stop - 1
        data["top"] = top
        text = f"no price for {state._name(article)} may exceed {top} this round"
    elif kind == "exclusivity":
        assert article is not None
        state.exclusive[article] = player
        text = f"only {seat_label(player)} sells {state._name(article)} this round"
    elif kind == "shortage":
        assert article is not None
        state.shortages.add(article)
        text = f"the highest askers for {state._name(article)} are paid their price this round"
    elif kind == "rumour":
        assert target is not None
        state.rumour = (player, target)
        text = (
            f"{seat_label(player)} will see {seat_label(target)}'s price sheet and write after them"
        )
    elif kind == "advertising":
        assert article is not None
        state.adverts.add((player, article))
        text = (
            f"{seat_label(player)} is paid as a lowest asker for {state._name(article)} this round"
        )
    elif kind == "spoilage":
        assert target is not None and article is not None
        lost = [c for c in state.shops[target] if state.type_of[c] == article][:amount]
        for card in lost:
            state.shops[target].remove(card)
            state.removed.append(card)
        data["lost"] = lost
        text = (
            f"{seat_label(target)} loses {counted(len(lost), 'card', 'cards')}"
            f" of {state._name(article)}"
            " from their shop"
        )
    else:  # pragma: no cover (tables are checked)
        raise AssertionError(kind)
    state._event(
        "info",
        f"{seat_label(player)} plays {what} ({special.name_fr}): {text}",
        player=player,
        data=data,
    )
