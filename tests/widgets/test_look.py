"""How the table widget looks, headless: its size, card buttons drawn as their cards, disabled
buttons that look disabled, the main action as the eye-catching one, and the game-over banner.

The browser test (``tests/integration/test_browser.py``) checks the same in Chromium: fonts,
what a laptop's screen shows without scrolling, and a game played by clicks alone.
"""

from __future__ import annotations

import re

import pytest

widgets = pytest.importorskip("ipywidgets", reason="needs the notebook extra")

from tradekit.games.turin.actions import Offer  # noqa: E402
from tradekit.i18n import seat_label  # noqa: E402
from tradekit.render import parts as p  # noqa: E402
from tradekit.widgets import table  # noqa: E402
from tradekit.widgets.review import ReviewWidget  # noqa: E402
from tradekit.widgets.table import WIDGET_STYLE  # noqa: E402


def test_the_size_reaches_the_table_and_the_widget() -> None:
    w = table("turin", players=3, humans=[0], seed=5, size="projector")
    assert "tk-w-projector" in w.ui._dom_classes
    assert 'class="tk-frame tk-size-projector"' in w.table.value
    assert ".tk-table-widget.tk-w-projector{--jp-widgets-font-size:20px" in WIDGET_STYLE
    with pytest.raises(ValueError, match="got 'wall'"):
        table("turin", players=3, humans=[0], seed=5, size="wall")


def test_the_headers_follow_the_size() -> None:
    # The table widget's header and the review widget's are drawn at the widget's size (its
    # --tk-fs: projector, laptop, phone), never at a fixed one.
    w = table("turin", players=3, humans=[0], seed=5, size="projector")
    review = ReviewWidget(w.state.to_json(viewer=0))
    for header in (w.header.value, review.header.value):
        assert header.startswith(p.STYLE)
        sizes = re.findall(r"font-size:([^;\"]+)", header.removeprefix(p.STYLE))
        assert sizes and all(size.startswith("var(--tk-fs,") for size in sizes), sizes


def test_the_controls_come_before_the_table() -> None:
    w = table("turin", players=3, humans=[0], seed=5)
    children = list(w.ui.children)
    assert children.index(w.controls) < children.index(w.table)
    assert children[0] is w.style and w.style.value.startswith(WIDGET_STYLE)


def test_offers_are_cards_and_clicking_one_offers_it() -> None:
    w = table("turin", players=3, humans=[0], seed=5)
    offers = {k: h for k, h in w.handles.items() if k.startswith("offer-")}
    assert offers
    for key, button in offers.items():
        card = int(key.split("-")[1])
        classes = button._dom_classes
        assert "tk-card-btn" in classes
        picture = next(c for c in classes if c.startswith("tk-pic-"))
        rule = re.search(rf"\.{picture}\{{background-image:url\(([^)]+)\)", w.style.value)
        assert rule is not None, picture
        expected = p.data_uri(w.renderer.card_picture(card, w.ctx))
        assert rule.group(1) == expected
        assert button.description == w.renderer.card_label(card, w.ctx)  # type: ignore[attr-defined]
    key = sorted(offers)[0]
    w.handles[key].click()
    mine = [a for seat, a in w.state.decisions if seat == 0]
    assert mine == [Offer(int(key.split("-")[1]))]
    assert w.state.phase == "bid"


def test_a_disabled_button_looks_disabled() -> None:
    w = table("turin", players=3, humans=[0], seed=5)
    assert w.play_button.disabled  # the human must act: no bot to play
    assert w.play_button.button_style == ""  # so it is not the blue main button either
    rule = re.search(r"\.jupyter-button:disabled[^{]*\{([^}]*)\}", WIDGET_STYLE)
    assert rule is not None
    assert "cursor:not-allowed" in rule.group(1) and "background:#eef0f3" in rule.group(1)
    bots = table("turin", players=3, humans=[], seed=5)
    assert not bots.play_button.disabled and bots.play_button.button_style == "primary"


def test_the_loan_is_not_the_eye_catching_button() -> None:
    w = table("turin", players=3, humans=[0], seed=5)
    w.handles[sorted(k for k in w.handles if k.startswith("offer-"))[0]].click()
    assert "loan" in w.handles and "bid" in w.handles
    assert w.handles["loan"].button_style == ""
    assert w.handles["bid"].button_style == "primary"


def test_the_end_shows_the_banner_with_the_ledger() -> None:
    w = table("turin", players=3, humans=[], seed=5)
    w.play_button.click()
    assert w.state.is_over
    out = w.table.value
    assert 'data-section="game-over"' in out and "Game over" in out
    for seat, score in enumerate(w.state.scores()):
        assert f"{seat_label(seat)}: {score}" in out
    ledger = re.findall(r"<li>(P\d): ([^<]*)</li>", out)
    assert [seat for seat, _ in ledger] == ["P1", "P2", "P3"]
    assert all("majorities and payouts" in items for _, items in ledger)
    for seat, items in ledger:
        p = int(seat[1:]) - 1  # P1 is seat 0
        start, end = w.state.initial_money[p], w.state.money()[p]
        assert items.startswith(f"started with {start} · ")
        assert items.endswith(f"→ {end}".replace("-", "−"))
        signed = re.findall(r"([+−])(\d+)", items.rsplit("→", 1)[0])
        net = sum(int(n) * (1 if sign == "+" else -1) for sign, n in signed)
        assert net == w.state.ledger.net(p) == end - start
    assert w.play_button.disabled and w.play_button.button_style == ""


def test_hot_seat_reveal_is_the_main_action() -> None:
    w = table("turin", players=3, humans=[0, 1], seed=7)
    assert w.handles["reveal"].button_style == "primary"
