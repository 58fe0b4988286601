"""What every game's table draws the same way: sizes, card pictures, card backs, the banner.

* every good of every game has a picture (its emblem in its colour, and its name), in both
  languages, and every card of every game is drawn with its goods' (or its own) names;
* a face-down card is a card back, never a face;
* every size draws the whole table in ``em`` of one font size, and the projector's smallest text
  is at least 20 px;
* a finished game's table opens with the game-over banner: the winners, every final score and,
  when the front end gives the ledger, each seat's money by kind of payment.
"""

from __future__ import annotations

import html
import re

import pytest

import tradekit
from tests.helpers import random_game
from tradekit.i18n import seat_label
from tradekit.render import Context, render, renderer_for
from tradekit.render import parts as p

#: The ids of each game's goods in its data tables.
GOOD_IDS = {
    "turin": lambda game: [g.id for g in game.tables.goods],
    "medici": lambda game: [g.id for g in game.tables.goods],
    "negoces": lambda game: list(game.tables.goods),
    "rungis": lambda game: [a.id for a in game.tables.articles],
}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", tradekit.GAMES)
def test_every_good_has_a_picture_with_its_colour_and_name(name: str, lang: str) -> None:
    game = tradekit.load_game(name)
    ctx = Context(game, lang)
    goods = renderer_for(name).goods(ctx)
    assert list(goods) == GOOD_IDS[name](game)
    for good_id, good in goods.items():
        svg = p.good_svg(good)
        assert svg.startswith("<svg") and svg.endswith("</svg>")
        assert f">{html.escape(good.name)}</text>" in svg, good_id
        assert good.colour in svg and re.fullmatch(r"#[0-9a-f]{6}", good.colour)
    # goods of one game differ by colour or by emblem, so none can be mistaken for another
    assert len({(g.colour, g.shape) for g in goods.values()}) == len(goods)


def card_ids(name: str, game: tradekit.core.state.Game) -> list[int]:  # type: ignore[name-defined]
    state = game.new_state(seed=1)
    return sorted(state.all_cards())


@pytest.mark.parametrize("name", tradekit.GAMES)
def test_every_card_is_a_picture_with_its_names(name: str) -> None:
    game = tradekit.load_game(name)
    ctx = Context(game, "fr")
    renderer = renderer_for(name)
    goods = renderer.goods(ctx)
    cards = card_ids(name, game)
    assert cards
    for card in cards:
        face = renderer.card_face(card, ctx)
        assert face is not None, card
        svg = renderer.card_picture(card, ctx)
        assert svg == p.card_svg(face) and svg != p.back_svg()
        assert f">#{card}</text>" in svg
        names = [g.name for g, _ in face.rows] or [face.good.name if face.good else face.name]
        for text in names:
            words = html.escape(text).split()
            assert all(word in svg for word in words), (card, text)
        for good, units in face.rows:
            assert good in goods.values() and 1 <= units <= 3
        assert renderer.card_picture(card, ctx, small=True).count("<svg") == 1


@pytest.mark.parametrize("name", tradekit.GAMES)
def test_a_face_down_card_is_a_card_back(name: str) -> None:
    game = tradekit.load_game(name)
    renderer = renderer_for(name)
    assert renderer.card_picture(None, Context(game)) == p.back_svg()
    assert renderer.card_picture(10**6, Context(game)) == p.back_svg()  # no such card


def test_hidden_hands_are_drawn_as_backs() -> None:
    state = tradekit.load_game("turin", players=3).new_state(
        setup={"hands": [[3, 11], [6, 12], [9, 14]]}
    )
    public = render(state, None)
    assert public.count('<span class="tk-back">') == 6 and public.count("<svg") >= 6
    assert not re.search(r'data-card="(3|11|6|12|9|14)"', public)
    mine = render(state, 0)
    assert mine.count('<span class="tk-back">') == 4
    assert 'data-card="3"' in mine and ">Coffee</text>" in mine


def font_sizes(style: str) -> list[str]:
    return re.findall(r"font-size:([^;}]+)", style)


def test_every_length_of_text_scales_with_the_size() -> None:
    sizes = font_sizes(p.STYLE)
    base = {f"{value}" for value in p.SIZES.values()} | {"var(--tk-fs,15px)"}
    for size in sizes:
        if size in base:
            continue
        assert size.endswith("em"), size
        assert float(size[:-2]) >= p.SMALLEST, size
    assert float(p.SIZES["projector"].removesuffix("px")) * p.SMALLEST >= 20
    for text in re.findall(r'font-size="(\d+)"', p.card_svg(p.Face("#1", "#000000"))):
        # 16 user units are 1 em, so a picture's text is never below the smallest either
        assert int(text) / 16 >= p.SMALLEST


@pytest.mark.parametrize("size", list(p.SIZES))
def test_each_size_is_drawn(size: str) -> None:
    state = tradekit.load_game("turin", players=3).new_state(seed=1)
    out = render(state, 0, size=size)
    assert f'class="tk-frame tk-size-{size}"' in out and 'class="tk tk-turin"' in out


def test_an_unknown_size_is_refused_in_words() -> None:
    state = tradekit.load_game("turin", players=3).new_state(seed=1)
    with pytest.raises(ValueError, match="one of auto, projector, laptop, phone; got 'huge'"):
        render(state, 0, size="huge")
    with pytest.raises(ValueError, match="got 'huge'"):
        Context(state.game, size="huge")


@pytest.mark.parametrize("name", tradekit.GAMES)
def test_a_finished_game_opens_with_the_banner(name: str) -> None:
    state = random_game(name, 4, players=3)
    assert state.is_over
    view = state.view(None)
    out = render(state, None, "fr")
    banner = out[out.index('data-section="game-over"') :]
    assert "Partie terminée" in banner
    winners = view.winners
    if winners:
        said = "Gagnant : " if len(winners) == 1 else "Gagnants (à égalité) : "
        assert said + ", ".join(seat_label(s, "fr") for s in winners) in banner
    for seat, score in enumerate(view.scores):
        assert f"{seat_label(seat, 'fr')}: {score}" in banner
    assert banner.count("tk-score tk-win") == len(winners)
    assert "tk-ledger" in banner  # the public view shows every score: the ledger is public
    ctx = Context(state.game, "en", ledger=tuple(state.ledger))
    with_ledger = renderer_for(name).table(view, ctx)
    lines = re.findall(r"<li>(P\d): ([^<]*)</li>", with_ledger)
    assert lines
    for seat, items in lines:
        signed = re.findall(r"([+−])(\d+)", items)
        net = sum(int(n) * (1 if sign == "+" else -1) for sign, n in signed)
        assert net == state.ledger.net(int(seat[1:]) - 1)  # P1 is seat 0


@pytest.mark.parametrize("name", tradekit.GAMES)
def test_no_banner_while_the_game_goes_on(name: str) -> None:
    state = tradekit.load_game(name).new_state(seed=2)
    assert 'data-section="game-over"' not in render(state, "all")
