"""The game-agnostic rendering framework: parts, registry, generic renderer, catalogue."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest

import tradekit
from tradekit.core.errors import ConfigError
from tradekit.i18n import add_messages, check_lang, t
from tradekit.render import Context, Renderer, register_renderer, render, renderer_for
from tradekit.render import parts as p


def test_parts_escape_text() -> None:
    html = p.card("<x>", [("#fff", "a & b", 2)], corner='"c"', data_card=3)
    assert "&lt;x&gt;" in html and "a &amp; b" in html and "&quot;c&quot;" in html
    assert html.count('class="tk-dot"') == 2
    assert 'data-card="3"' in html
    assert p.seat_panel("<P0>", [], "", active=True, seat=0).count("tk-active") == 1
    assert p.message("") == ""
    assert "tk-error" in p.message("bad", "error")


def test_grid_highlights_and_escapes_header() -> None:
    html = p.grid(["<h>", "x"], [["a", "!1"], ["b", "2"]])
    assert "&lt;h&gt;" in html
    assert html.count("tk-major") == 1


def test_style_is_scoped() -> None:
    for line in p.STYLE.splitlines():
        if line.startswith("@container"):  # its rules are the stacked ones, each under .tk-…
            inner = line[line.index("{") + 1 :]
            assert re.fullmatch(r"(\.tk-[^{}]*\{[^{}]*\})+\}", inner), line
        elif "{" in line and not line.startswith("<"):
            assert line.startswith(".tk"), line


def test_unknown_game_gets_the_generic_renderer() -> None:
    assert type(renderer_for("no_such_game")) is Renderer
    assert type(renderer_for("not an identifier")) is Renderer


def test_generic_renderer_draws_any_view() -> None:
    @dataclasses.dataclass(frozen=True)
    class FakeView:
        round: int = 1
        rounds: int = 2
        phase: str = "bid"
        to_move: tuple[int, ...] = (1,)
        secret: str = "<b>"

    game = tradekit.load_game("turin", players=3)
    ctx = Context(game, "fr")
    generic: Renderer[Any] = Renderer()
    html = generic.table(FakeView(), ctx)
    assert "Manche 1 sur 2" in html and "J2" in html and "&lt;b&gt;" in html
    assert generic.status(FakeView(phase="over"), ctx).startswith("Manche 1 sur 2 · Partie")


def test_register_a_renderer_for_a_new_game() -> None:
    @register_renderer("fake_game_for_test")
    class FakeRenderer(Renderer):
        def table(self, view: object, ctx: Context) -> str:
            return "fake"

    assert isinstance(renderer_for("fake_game_for_test"), FakeRenderer)
    assert FakeRenderer.game_name == "fake_game_for_test"


def test_every_registered_game_renders_three_views_in_two_languages() -> None:
    for name in tradekit.GAMES:
        state = tradekit.load_game(name).new_state(seed=1)
        for viewer in (0, None, "all"):
            for lang in ("en", "fr"):
                html = render(state, viewer, lang)
                assert html.startswith("<style>") and f"tk-{name}" in html


def test_languages() -> None:
    assert check_lang("en") == "en"
    with pytest.raises(ConfigError):
        check_lang("de")
    with pytest.raises(ConfigError):
        Context(tradekit.load_game("turin"), "de")
    with pytest.raises(ValueError, match="no text in fr"):
        add_messages({"only_en": {"en": "x"}})
    assert t("no-such-key", "fr") == "no-such-key"


def test_the_stacking_rules_touch_only_a_stacked_table() -> None:
    # A phone's table (and a narrow "auto" one) shows each grid row as a line; every selector of
    # those rules must name that scope, or a projector's grids lose their columns too.
    bodies = {rule.split("{", 1)[1].rstrip("}") for rule in p._STACKED}
    seen = 0
    for selectors, body in re.findall(r"([^{}]*)\{([^{}]*)\}", p.STYLE):
        if body in bodies:
            seen += 1
            for selector in selectors.split(","):
                assert selector.strip().startswith((".tk-size-phone ", ".tk-size-auto ")), (
                    f"{selector.strip()!r} applies at every size"
                )
    assert seen == 2 * len(p._STACKED)
