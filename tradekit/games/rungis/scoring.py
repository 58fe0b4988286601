"""The end of a Rungis game: each score is gold plus the base values of one's shop."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tradekit.core.seats import seat_label, seats_label
from tradekit.core.words import plural

if TYPE_CHECKING:
    from tradekit.games.rungis.state import RungisState


def end_game(state: RungisState) -> None:
    """Score every seat (gold plus the base values of their shop) and end the game."""
    state.phase = "scoring"
    state.step = ""
    scores = []
    for p in range(state.n):
        value = state.shop_value(p)
        scores.append(state.gold[p] + value)
        have = state._counts(p)
        articles = {a.id: have[a.id] for a in state.tables.articles if a.id in have}
        parts = ", ".join(
            f"{articles[a.id]} {a.name_en} × {a.base}"
            for a in state.tables.articles
            if a.id in articles
        )
        state._event(
            "info",
            f"{seat_label(p)}: {state.gold[p]} gold + shop {value} ({parts or 'empty'}) = "
            f"{scores[-1]}",
            player=p,
            data={
                "what": "score",
                "gold": state.gold[p],
                "shop": value,
                "articles": articles,
                "score": scores[-1],
            },
        )
    state.final_scores = scores
    state.phase = "over"
    state._event(
        "info",
        f"final scores {scores}; "
        + plural(len(state.winners()), "winner ", "winners ")
        + seats_label(state.winners()),
        data={"what": "final", "scores": scores, "winners": state.winners()},
    )
