"""A real browser: Debian's Chromium, driven by Playwright, bids in the Turin Market notebook.

Voilà serves ``notebooks/turin-market.ipynb`` on 127.0.0.1 (a free port, temporary Jupyter
directories); every request that does not go to 127.0.0.1 is aborted (and listed in the artefacts),
so the test is offline and shows what the page would fetch from outside. The test offers a card and
places a bid of 3 through the table widget's controls, checks that the table and the log update, and
saves screenshots under ``test-results/browser/`` (override with ``TRADEKIT_ARTIFACTS``).

It skips, with the reason, only when Chromium or Playwright is genuinely missing and the run is not
CI; with ``CI=true`` it must run (``.ci/run`` installs chromium first).
"""

from __future__ import annotations

import os
import shutil
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.integration.chromium import CHROMIUM, CHROMIUM_ARGS
from tests.integration.chromium import need as _need
from tests.integration.voila import serve

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "turin-market.ipynb"
ARTIFACTS = Path(os.environ.get("TRADEKIT_ARTIFACTS", ROOT / "test-results")) / "browser"
#: Voilà executes the whole notebook (bot games included) before the page is complete.
PAGE_TIMEOUT_MS = 180_000

pytestmark = pytest.mark.slow


@pytest.fixture
def voila_url(tmp_path: Path) -> Iterator[str]:
    """Voilà serving the Turin notebook on 127.0.0.1; killed in the finaliser whatever happens."""
    pytest.importorskip("voila", reason="needs the notebook extra")
    with serve(NOTEBOOK, tmp_path, ARTIFACTS / "voila-server.txt") as url:
        yield url


def test_bid_through_the_widget_in_chromium(voila_url: str) -> None:
    _need("chromium (/usr/bin/chromium)", Path(CHROMIUM).exists() or bool(shutil.which("chromium")))
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _need("the playwright Python package", False)
        raise
    blocked: list[str] = []

    def route(r: object) -> None:
        request = r.request  # type: ignore[attr-defined]
        host = urllib.parse.urlsplit(request.url).hostname
        if host == "127.0.0.1":
            r.continue_()  # type: ignore[attr-defined]
        else:
            blocked.append(request.url)
            r.abort()  # type: ignore[attr-defined]

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
            assert "P0 (you) bids 3." in text
            assert "Bids revealed:" in text and "P0 (you) 3" in text
            assert "Error displaying widget" not in page.content()

            widget.scroll_into_view_if_needed()
            widget.screenshot(path=str(ARTIFACTS / "turin-market-voila.png"))
            page.screenshot(path=str(ARTIFACTS / "turin-market-voila-page.png"), full_page=True)
        finally:
            (ARTIFACTS / "blocked-requests.txt").write_text("\n".join(blocked) + "\n")
            browser.close()
    assert (ARTIFACTS / "turin-market-voila.png").stat().st_size > 10_000
