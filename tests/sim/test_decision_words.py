"""A played game's decisions read as sentences a student understands: the round as the game
counts it for people, the phase and the action in words, in English and in French."""

from __future__ import annotations

import re

import pytest

import tradekit
from tests.session.test_words import internal_ids_in, problems
from tradekit.i18n import LANGS
from tradekit.render import Context, renderer_for
from tradekit.sim import play


@pytest.mark.parametrize("name", sorted(tradekit.GAMES))
@pytest.mark.parametrize("lang", LANGS)
def test_decisions_read_as_sentences(name: str, lang: str) -> None:
    played = play(name, "heuristic", seed=3, lang=lang)
    ctx = Context(played.state.game, lang)
    renderer = renderer_for(name)
    goods = {g: good.name for g, good in renderer.goods(ctx).items()}
    phases = {d.phase for d in played.decisions}
    bad = []
    for d in played.decisions[:60]:
        text = str(d)
        found = problems(text, lang) + (internal_ids_in(text, goods) if lang == "en" else [])
        found += [f"round 0 in {text!r}" for _ in re.findall(r"\b(round|manche) 0\b", text, re.I)]
        # The phase's id (tiebreak, cac40) is not shown; its name is.
        found += [
            f"phase id {p!r}"
            for p in phases
            if re.search(rf"\b{p}\b", text) is not None
            and p not in renderer.phase_name(p, ctx).lower()
        ]
        assert renderer.phase_name(d.phase, ctx) in text
        assert renderer.action_label(d.action, d.view, ctx) in text and d.why in text
        bad += [f"{text!r}: {f}" for f in found]
    assert not bad, "\n".join(bad[:10])


def test_a_decision_reads_as_a_sentence() -> None:
    played = play("turin", ["heuristic", "random", "random"], seed=11)
    first = played.decisions[0]
    assert str(first).startswith("Round 1, Offers (sealed): P1 (heuristic) chose “Offer #")
    assert repr(first).startswith("Decision(step=0, round=1, phase='offer', seat=0, ")
    french = play("turin", ["heuristic", "random", "random"], seed=11, lang="fr").decisions[0]
    assert str(french).startswith(
        "Manche 1, Offres (sous pli) : J1 (heuristique) a choisi « Offrir #"
    )
    negoces = play("negoces", "heuristic", seed=3).decisions[0]
    assert negoces.round == 0 and str(negoces).startswith("Before the first sale, Open auction: P")
