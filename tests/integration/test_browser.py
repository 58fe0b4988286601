"""A real browser: Debian's Chromium, driven by Playwright, bids in the Turin Market notebook,
reads every game's table at the three sizes and plays a whole game of Turin by clicks alone.

Voilà serves ``notebooks/turin-market.ipynb`` on 127.0.0.1 (a free port, temporary Jupyter
directories); every request that does not go to 127.0.0.1 is aborted (and listed in the artefacts),
so the test is offline and shows what the page would fetch from outside. The test offers a card and
places a bid of 3 through the table widget's controls, checks that the table and the log update, and
saves screenshots under ``test-results/browser/`` (override with ``TRADEKIT_ARTIFACTS``).

The table tests draw every game's table at each size (projector 1920×1080, laptop 1366×768,
phone 360×740) straight into a page, measure the smallest text and the width, and save
screenshots under ``test-results/table/``. The game test opens a table widget in Voilà at a
laptop's viewport, checks that the acting player's controls are on the screen without scrolling,
plays a game of Turin to the end by clicking cards and buttons only, and checks the game-over
banner; it saves the widget at the three viewports too.

It skips, with the reason, only when Chromium or Playwright is genuinely missing and the run is not
CI; with ``CI=true`` it must run (``.ci/run`` installs chromium first).
"""

from __future__ import annotations

import json
import os
import shutil
import urllib.parse
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.integration.chromium import CHROMIUM, CHROMIUM_ARGS, executable
from tests.integration.chromium import need as _need
from tests.integration.voila import serve

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "turin-market.ipynb"
ARTIFACTS = Path(os.environ.get("TRADEKIT_ARTIFACTS", ROOT / "test-results")) / "browser"
#: Voilà executes the whole notebook (bot games included) before the page is complete.
PAGE_TIMEOUT_MS = 180_000

TABLE_ARTIFACTS = ARTIFACTS.parent / "table"
#: Each size the table tests draw, with the viewport it is drawn in.
VIEWPORTS = {"projector": (1920, 1080), "laptop": (1366, 768), "phone": (360, 740)}

pytestmark = pytest.mark.slow

#: The smallest text drawn inside ``root`` and where it is: ``[px, text]``. SVG text counts at
#: the size it is drawn (its font size times the picture's scale); tooltips (``<title>``) and
#: stylesheets are not drawn, so they do not count.
SMALLEST_TEXT_JS = """(root) => {
  let least = 1e9, where = '';
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode;
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || el.closest('title,style')) continue;
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    if (el.getClientRects().length === 0) continue;
    let size = parseFloat(style.fontSize);
    if (el.closest('svg')) { const m = el.getScreenCTM(); size *= Math.hypot(m.a, m.b); }
    if (size < least) { least = size; where = node.textContent.trim().slice(0, 40); }
  }
  return [least, where];
}"""


@pytest.fixture
def voila_url(tmp_path: Path) -> Iterator[str]:
    """Voilà serving the Turin notebook on 127.0.0.1; killed in the finaliser whatever happens."""
    yield from _voila(NOTEBOOK, tmp_path)


def _voila(notebook: Path, tmp_path: Path) -> Generator[str, None, None]:
    """Voilà serving ``notebook`` (or a folder of notebooks) on 127.0.0.1 until closed."""
    pytest.importorskip("voila", reason="needs the notebook extra")
    with serve(notebook, tmp_path, ARTIFACTS / "voila-server.txt") as url:
        yield url


def _playwright() -> Any:
    """Playwright's ``sync_playwright`` (skipped, or failed under CI, without a browser)."""
    _need("chromium (/usr/bin/chromium)", Path(CHROMIUM).exists() or bool(shutil.which("chromium")))
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _need("the playwright Python package", False)
        raise
    return sync_playwright


def _router(blocked: list[str]) -> Any:
    """A route handler that lets requests to 127.0.0.1 through and aborts (and lists) others."""

    def route(r: object) -> None:
        request = r.request  # type: ignore[attr-defined]
        host = urllib.parse.urlsplit(request.url).hostname
        if host == "127.0.0.1":
            r.continue_()  # type: ignore[attr-defined]
        else:
            blocked.append(request.url)
            r.abort()  # type: ignore[attr-defined]

    return route


def test_bid_through_the_widget_in_chromium(voila_url: str) -> None:
    sync_playwright = _playwright()
    blocked: list[str] = []
    route = _router(blocked)

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        executable = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
        browser = pw.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            # Tall enough for the whole widget: Voilà scrolls inside a container, so a
            # "full page" screenshot would only hold the viewport.
            context = browser.new_context(viewport={"width": 1280, "height": 2200})
            context.route("**/*", route)
            page = context.new_page()
            console: list[str] = []
            page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
            page.goto(voila_url, timeout=PAGE_TIMEOUT_MS)

            widget = page.locator(".tk-table-widget").first
            widget.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
            table = widget.locator(".tk-turin").first
            assert table.get_attribute("data-phase") == "offer"
            assert table.get_attribute("data-viewer") == "0"

            # Offer the first card of the hand.
            widget.locator("[class*='tk-c-offer-']").first.click()
            bid_button = widget.locator(".tk-c-bid")
            bid_button.wait_for(state="visible", timeout=30_000)
            page.wait_for_function(
                "() => document.querySelector('.tk-table-widget .tk-turin')"
                ".getAttribute('data-phase') === 'bid'",
                timeout=30_000,
            )

            # Move the bid slider to 3 with the keyboard, as a student would, and bid.
            handle = widget.locator(".tk-c-bid-amount .noUi-handle").first
            handle.focus()
            for _ in range(3):
                handle.press("ArrowRight")
            readout = widget.locator(".tk-c-bid-amount .widget-readout").first
            page.wait_for_timeout(300)
            assert readout.inner_text().strip() == "3"
            page.screenshot(path=str(ARTIFACTS / "turin-market-before-bid.png"), full_page=False)
            bid_button.click()

            # The table updates: the bids are revealed and the round moves on.
            page.wait_for_function(
                "() => document.querySelector('.tk-table-widget .tk-turin')"
                ".getAttribute('data-phase') !== 'bid'",
                timeout=30_000,
            )
            log = widget.locator(".tk-log").first
            log.wait_for(state="attached", timeout=10_000)
            # The log is another widget: its update may reach the page just after the table's.
            page.wait_for_function(
                "() => (document.querySelector('.tk-table-widget .tk-log') || {}).innerText"
                "?.includes('Bids revealed')",
                timeout=30_000,
            )
            text = log.inner_text()
            assert "P1 (you) bids 3." in text
            assert "Bids revealed:" in text and "P1 (you) 3" in text
            assert "Error displaying widget" not in page.content()

            widget.scroll_into_view_if_needed()
            widget.screenshot(path=str(ARTIFACTS / "turin-market-voila.png"))
            page.screenshot(path=str(ARTIFACTS / "turin-market-voila-page.png"), full_page=True)
        finally:
            (ARTIFACTS / "blocked-requests.txt").write_text("\n".join(blocked) + "\n")
            browser.close()
    assert (ARTIFACTS / "turin-market-voila.png").stat().st_size > 10_000


def _tables() -> dict[str, tuple[Any, Any]]:
    """Each game's table in play (seat 0's view) and at its end, from seeded random games."""
    import tradekit
    from tests.helpers import random_game

    out = {}
    for name, steps in zip(tradekit.GAMES, (14, 25, 25, 25), strict=True):
        out[name] = (random_game(name, 3, steps, players=4), random_game(name, 3, players=4))
    return out


#: Face-down cards whose count (or some of them) went onto a line of its own: a run of card
#: backs and its "×7" stay on one line, as one picture.
SPLIT_BACKS = """[...document.querySelectorAll('.tk-backs')].filter(e => {
  const back = e.querySelector('.tk-back');
  return back && e.getBoundingClientRect().height > 1.5 * back.getBoundingClientRect().height;
}).map(e => e.textContent)"""


#: Listings side by side that come closer than 8 px (a caption running into the next one's).
CROWDED_LISTINGS = """(() => {
  const boxes = [...document.querySelectorAll('[data-section=listings] > div')]
    .map(e => e.getBoundingClientRect()).filter(r => r.width > 0);
  const out = [];
  for (let i = 0; i + 1 < boxes.length; i++) {
    const a = boxes[i], b = boxes[i + 1];
    if (b.top < a.bottom && a.top < b.bottom && b.left - a.right < 8) out.push([a.right, b.left]);
  }
  return out;
})()"""


def test_every_table_at_every_size_in_chromium() -> None:
    """Projector: fills the width, no text under 20 px; phone: one column, no sideways scroll;
    in French, no English word of the list the words tests use."""
    from tests.session.test_words import problems
    from tradekit.render import render

    sync_playwright = _playwright()
    TABLE_ARTIFACTS.mkdir(parents=True, exist_ok=True)
    figures: dict[str, Any] = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=executable(), args=CHROMIUM_ARGS)
        try:
            for name, (playing, over) in _tables().items():
                for size, (width, height) in VIEWPORTS.items():
                    page = browser.new_page(viewport={"width": width, "height": height})
                    for which, state in (("play", playing), ("over", over)):
                        html = render(state, 0 if which == "play" else None, size=size)
                        page.set_content(f"<!doctype html><body style='margin:8px'>{html}</body>")
                        table = page.locator(".tk").first
                        least, where = page.evaluate(SMALLEST_TEXT_JS, table.element_handle())
                        box = table.bounding_box()
                        assert box is not None
                        scroll = page.evaluate("document.documentElement.scrollWidth")
                        figures[f"{name}-{size}-{which}"] = {
                            "smallest_px": round(least, 1),
                            "smallest_text": where,
                            "width_share": round(box["width"] / width, 3),
                            "scroll_width": scroll,
                        }
                        shot = TABLE_ARTIFACTS / f"{name}-{size}-{which}.png"
                        page.screenshot(path=str(shot), full_page=True)
                        assert box["width"] >= width - 16 - 1, (name, size, box)  # the whole width
                        if size == "projector":
                            assert least >= 20, (name, which, least, where)
                        if size == "phone":
                            assert scroll <= width, (name, which, scroll)
                            lefts = page.evaluate(
                                "[...document.querySelectorAll('.tk-seat')]"
                                ".map(e => Math.round(e.getBoundingClientRect().left))"
                            )
                            assert len(set(lefts)) == 1, (name, lefts)  # stacked
                        if which == "over":
                            assert page.locator("[data-section=game-over]").is_visible()
                        assert page.evaluate(SPLIT_BACKS) == [], (name, size, which)
                        assert page.evaluate(CROWDED_LISTINGS) == [], (name, size, which)
                    page.close()
            # The French tables as drawn: the words a person reads (no English word of the
            # list, seats from 1, no class name), at the phone's size, where the most is drawn.
            page = browser.new_page(viewport={"width": 360, "height": 740})
            for name, (playing, over) in _tables().items():
                for which, state in (("play", playing), ("over", over)):
                    for viewer in (0, None):
                        html = render(state, viewer, size="phone", lang="fr")
                        page.set_content(f"<!doctype html><body style='margin:8px'>{html}</body>")
                        text = page.locator(".tk").first.inner_text()
                        assert text.strip(), (name, which)
                        assert problems(text, "fr") == [], (name, which, viewer, text)
                    shot = TABLE_ARTIFACTS / f"{name}-phone-{which}-fr.png"
                    page.screenshot(path=str(shot), full_page=True)
            page.close()
        finally:
            (TABLE_ARTIFACTS / "figures.json").write_text(json.dumps(figures, indent=1) + "\n")
            browser.close()


#: The notebook each widget test opens: one table widget and nothing else.
WIDGET_NOTEBOOK = """from tradekit.widgets import table
w = table({game!r}, players=3, humans=[0], seed={seed})
w"""

#: What the Turin game clicks, in this order of preference: the first shown and enabled is
#: clicked. Cards first (a card click is the action: pick, list at the price slider's price, buy,
#: offer), then the step's buttons; the bid is placed after a click on its slider's track. Never
#: a loan: the game ends sooner without one.
TURIN_CLICKS = (
    "[class*='tk-c-pick-']",
    "[class*='tk-c-buy-']",
    "[class*='tk-c-list-']:not(.tk-c-list-card):not(.tk-c-list-price)",
    "[class*='tk-c-sell-to-']",
    ".tk-c-pass-claim",
    ".tk-c-end-turn",
    "[class*='tk-c-offer-']",
    ".tk-c-bid",
    ".tk-c-add",
    ".tk-c-decline-goose",
    ".tk-c-take-goose",
    ".tk-play-button",
)
#: The kinds of decision the clicks must have made by the end of the game (seed 11).
TURIN_CLICKED = ("pick", "list", "end-turn", "offer", "bid")


def _notebook(path: Path, source: str) -> None:
    """Write a notebook of one code cell holding ``source``."""
    cell: dict[str, Any] = {
        "cell_type": "code",
        "metadata": {},
        "execution_count": None,
        "outputs": [],
        "source": source,
    }
    kernel = {"name": "python3", "language": "python", "display_name": "Python 3"}
    nb = {"cells": [cell], "metadata": {"kernelspec": kernel}, "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(nb))


def test_a_game_of_turin_by_clicks_alone_in_chromium(tmp_path: Path) -> None:
    """The acting player's controls fit a laptop's screen; cards and buttons play to the end."""
    import tradekit

    sync_playwright = _playwright()
    folder = tmp_path / "notebooks"
    folder.mkdir()
    for game in tradekit.GAMES:
        _notebook(folder / f"{game}.ipynb", WIDGET_NOTEBOOK.format(game=game, seed=11))
    TABLE_ARTIFACTS.mkdir(parents=True, exist_ok=True)
    blocked: list[str] = []
    server = _voila(folder, tmp_path)  # a generator: closing it stops Voilà
    url = next(server)
    figures: dict[str, Any] = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=executable(), args=CHROMIUM_ARGS)
            try:
                context = browser.new_context(viewport={"width": 1366, "height": 768})
                context.route("**/*", _router(blocked))
                page = context.new_page()
                errors: list[str] = []
                page.on("pageerror", lambda e: errors.append(str(e)))
                for game in tradekit.GAMES:
                    page.set_viewport_size({"width": 1366, "height": 768})
                    page.goto(f"{url}voila/render/{game}.ipynb", timeout=PAGE_TIMEOUT_MS)
                    widget = page.locator(".tk-table-widget").first
                    widget.wait_for(state="visible", timeout=PAGE_TIMEOUT_MS)
                    page.wait_for_timeout(500)
                    _check_controls_on_screen(page, figures, game)
                    page.screenshot(path=str(TABLE_ARTIFACTS / f"widget-{game}-1366x768.png"))
                    if game != "turin":
                        continue
                    kinds = _play_by_clicks(page, figures)
                    figures["turin-clicks"] = kinds
                    missing = [k for k in TURIN_CLICKED if not kinds.get(k)]
                    assert not missing, f"no {missing} by a click in the game: {kinds}"
                    banner = widget.locator("[data-section=game-over]")
                    banner.wait_for(state="visible", timeout=30_000)
                    words = banner.inner_text()
                    assert "Game over" in words and "Winner" in words, words
                    # The final scores of every seat, counted from 1.
                    assert all(f"P{seat}" in words for seat in (1, 2, 3)), words
                    assert "P0" not in words, words
                    banner.scroll_into_view_if_needed()
                    for width, height in VIEWPORTS.values():
                        page.set_viewport_size({"width": width, "height": height})
                        page.wait_for_timeout(300)
                        least, where = page.evaluate(
                            SMALLEST_TEXT_JS, widget.locator(".tk-frame").first.element_handle()
                        )
                        figures[f"turin-over-{width}"] = [round(least, 1), where]
                        # At the auto size the toolbar follows the table's size.
                        toolbar, drawn = page.evaluate(FONT_SIZES)
                        figures[f"turin-toolbar-{width}"] = [toolbar, drawn]
                        assert abs(toolbar - drawn) <= 1, (width, toolbar, drawn)
                        shot = TABLE_ARTIFACTS / f"widget-turin-over-{width}x{height}.png"
                        page.screenshot(path=str(shot))
                    page.set_viewport_size({"width": 1366, "height": 768})
                assert not errors, errors
            finally:
                browser.close()
    finally:
        (TABLE_ARTIFACTS / "widget-figures.json").write_text(json.dumps(figures, indent=1) + "\n")
        (TABLE_ARTIFACTS / "blocked-requests.txt").write_text("\n".join(blocked) + "\n")
        server.close()


#: The font size (px) of the widget's Step button and of its drawn table.
FONT_SIZES = """() => [
  '.tk-table-widget .tk-step-button', '.tk-table-widget .tk-frame > .tk'
].map(sel => parseFloat(getComputedStyle(document.querySelector(sel)).fontSize))"""


def _check_controls_on_screen(page: Any, figures: dict[str, Any], game: str) -> None:
    """Every control of the acting player is inside the viewport without scrolling."""
    boxes = page.evaluate(
        "[...document.querySelectorAll('.tk-table-widget .tk-controls button,"
        ".tk-table-widget .tk-controls .widget-slider')].map(e => {"
        "const r = e.getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]})"
    )
    assert boxes, f"{game}: no control to act with"
    bottom = max(b[1] for b in boxes)
    figures[f"{game}-controls-bottom"] = round(bottom)
    assert all(b[0] >= 0 and b[1] <= 768 and b[3] <= 1366 for b in boxes), (game, boxes)


def _play_by_clicks(page: Any, figures: dict[str, Any]) -> dict[str, int]:
    """Click the first shown and enabled control of :data:`TURIN_CLICKS` until the game ends;
    before each click the acting player's controls must be on the screen (the widget's top
    scrolled to the top of the laptop's viewport). How many clicks of each kind were made."""
    find = (
        "(choices) => { for (const sel of choices) {"
        " for (const e of document.querySelectorAll('.tk-table-widget ' + sel)) {"
        "  if (!e.disabled && e.getClientRects().length) {"
        "   e.setAttribute('data-next', '1'); return [sel, [...e.classList].find("
        "    c => c.startsWith('tk-c-')) || sel]; } } } return null; }"
    )
    log = "() => (document.querySelector('.tk-table-widget .tk-log') || {}).innerHTML || ''"
    over = "() => !!document.querySelector('.tk-table-widget [data-section=game-over]')"
    kinds: dict[str, int] = {}
    clicks = 0
    while not page.evaluate(over):
        assert clicks < 300, "the game does not end"
        page.evaluate("document.querySelector('.tk-table-widget').scrollIntoView()")
        _check_controls_on_screen(page, figures, f"turin-click-{clicks}")
        chosen = page.evaluate(find, list(TURIN_CLICKS))
        assert chosen is not None, "no control to click"
        selector, handle = chosen
        # tk-c-offer-12 -> offer; tk-c-sell-to-1 -> sell-to; tk-c-end-turn -> end-turn
        kind = handle.removeprefix("tk-c-").rstrip("0123456789").rstrip("-")
        if selector == ".tk-c-bid":
            # A bid of 0 never wins a place: the bid is set on its slider by a click on the
            # track, at three fifths of its length.
            track = page.locator(".tk-table-widget .tk-c-bid-amount .noUi-target").first
            box = track.bounding_box()
            assert box is not None, "the bid slider is not drawn"
            track.click(position={"x": box["width"] * 0.6, "y": box["height"] / 2})
            page.wait_for_timeout(150)
        before = page.evaluate(log)
        page.locator("[data-next='1']").first.click()
        page.evaluate("document.querySelector('[data-next]')?.removeAttribute('data-next')")
        clicks += 1
        kinds[kind] = kinds.get(kind, 0) + 1
        page.wait_for_function(
            f"(before) => ({log})() !== before || ({over})()", arg=before, timeout=30_000
        )
        page.wait_for_timeout(150)  # the other widgets' updates land just after the log's
    return kinds
