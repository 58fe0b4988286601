"""A real browser in class mode: Debian's Chromium, driven by Playwright, plays whole games.

A class of Turin Market for 3, a match of 2 games, is served in-process
(``tradekit.classroom.start``, a free port on 127.0.0.1, a temporary file). A teacher's browser
context opens ``/teacher`` with its secret and sees the room; three students' contexts (a phone at
360x740, two laptops at 1366x768) join by typing the code and a name into the join page, and play
the whole first game through their pages, clicking an action the page draws, picked by a seeded
random number generator. Midway, one student closes the tab; the teacher's page shows them away, the
teacher clicks "Robot for ..." and the robot plays their seat; the student opens ``/play`` again in
the same context (its cookies hold the seat's token) and has the seat back, and plays on to the end
of game 1. Each page then shows the scores and a Next game button, and once each student has clicked
it, game 2 starts (its status line shown once, "Game 2 of 2" and game 1's totals above the actions);
they play its start, and the teacher ends the table. Then a class of Medici for 3 is played the same
way from start to end. Each page must announce the end and the winners, and the teacher's page must
show the table over.

Every request that does not go to 127.0.0.1 is aborted and listed (``blocked-requests.txt``);
the test asserts there were none. Screenshots of a student's page mid-game (phone and laptop,
in game 1, between the games and in game 2) and of the teacher's page (1366x768 and 1920x1080)
go under ``test-results/classroom/``
(override the root with ``TRADEKIT_ARTIFACTS``).

It skips, with the reason, only when Chromium or Playwright is genuinely missing and the run is
not CI; with ``CI=true`` it must run.
"""

from __future__ import annotations

import os
import random
import re
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

try:
    from playwright.sync_api import TimeoutError as BrowserTimeout
except ImportError:  # the browser fixture skips (or fails under CI) saying so
    BrowserTimeout = TimeoutError  # type: ignore[misc,assignment]

from tests.integration.chromium import CHROMIUM, CHROMIUM_ARGS, executable, need
from tradekit.classroom import Classroom, start
from tradekit.i18n import t

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("TRADEKIT_ARTIFACTS", ROOT / "test-results")) / "classroom"
PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1366, "height": 768}
WIDE = {"width": 1920, "height": 1080}
#: Playwright's waits: a page answers in milliseconds; this is only the bound of a failure.
WAIT_MS = 15_000
#: Seconds without a page after which a student shows as away (20 in a class; short here so
#: the test sees it without waiting).
AWAY_AFTER = 1.0
#: (Every script a test runs is a function: the pages' content security policy forbids
#: evaluating strings.)
#: The page can act: its seat is to move and the action buttons are drawn and enabled.
READY = """() => document.body.dataset.over === 'true' || (document.body.dataset.turn === 'true'
  && document.querySelector('#buttons button:not([disabled])') !== null)"""

#: What a page drew: over, its version, its action buttons or the options of its list.
LOOK = """() => ({over: document.body.dataset.over, version: document.body.dataset.version,
  buttons: document.querySelectorAll('#buttons button[id^="action-"]').length,
  options: document.querySelectorAll('#choice option').length})"""

#: What a page shows, for the message of a failure.
SHOWS = """() => ({data: Object.assign({}, document.body.dataset),
  prompt: document.getElementById('prompt').textContent,
  notice: document.getElementById('notice').textContent,
  buttons: document.getElementById('buttons').textContent})"""

pytestmark = pytest.mark.slow


@pytest.fixture
def browser() -> Iterator[Any]:
    """Chromium, with every request not to 127.0.0.1 aborted (and listed)."""
    need(f"chromium ({CHROMIUM})", executable() is not None)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        need("the playwright Python package", False)
        raise
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=executable(), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


class Class:
    """A class's server and the browsers around it: the teacher's page and three students'."""

    def __init__(
        self,
        chromium: Any,
        c: Classroom,
        blocked: list[str],
        errors: list[str],
        rng: random.Random,
    ) -> None:
        self.c = c
        self.blocked = blocked
        self.errors = errors
        self.rng = rng
        self.teacher = self.context(chromium, LAPTOP).new_page()
        self.teacher.on("pageerror", lambda e: self.errors.append(f"teacher: {e}"))
        self.teacher.goto(c.teacher_url)
        self.students: list[Any] = []
        self.pages: list[Any] = []

    def context(self, chromium: Any, viewport: dict[str, int], phone: bool = False) -> Any:
        context = chromium.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
        context.set_default_timeout(WAIT_MS)
        context.route("**/*", self.route)
        return context

    def route(self, r: Any) -> None:
        if urllib.parse.urlsplit(r.request.url).hostname == "127.0.0.1":
            r.continue_()
        else:
            self.blocked.append(r.request.url)
            r.abort()

    def join(self, chromium: Any, name: str, viewport: dict[str, int], phone: bool) -> Any:
        """A student opens the join page, types the code and a name, and joins."""
        context = self.context(chromium, viewport, phone)
        page = context.new_page()
        page.on("pageerror", lambda e: self.errors.append(f"{name}: {e}"))
        page.goto(self.c.url + "/")
        page.fill("#code", self.c.code.lower())  # as a student may type it
        page.fill("#name", name)
        page.click("#join-button")
        page.wait_for_url("**/play?lang=en")
        self.students.append(context)
        self.pages.append(page)
        return page

    @property
    def table(self) -> Any:
        return self.c.room.tables[1]

    def to_move(self) -> list[int]:
        """The students' seats to move now (what the server says, to know whose page to use)."""
        table = self.table
        with table.lock:
            state = table.state
            if state is None or state.is_over:
                return []
            return [s for s in state.to_move if s in table.students()]

    def step(self, seat: int) -> None:
        """The seat's page, once it can act, clicks one of the actions it draws.

        Another seat's action may end this seat's turn (the first to claim a card), and a page
        may draw a newer state between a look and a click: so it looks again, for as long as
        the server says the seat is to move.
        """
        page = self.pages[seat]
        deadline = time.monotonic() + WAIT_MS / 1000
        while seat in self.to_move():
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"seat {seat}'s page cannot act: it shows {page.evaluate(SHOWS)}; the "
                    f"server's version for it is {self.table.version(seat)}"
                )
            try:
                page.wait_for_function(READY, timeout=500)
            except BrowserTimeout:
                continue
            # One look at what the page drew (each call to the browser costs a round trip).
            drawn = page.evaluate(LOOK)
            if drawn["over"] == "true":
                return
            try:
                if drawn["options"]:
                    pick = self.rng.randrange(drawn["options"])
                    page.locator("#choice").select_option(index=pick, timeout=1000)
                    page.click("#play", timeout=1000)
                else:
                    page.click(f"#action-{self.rng.randrange(drawn['buttons'])}", timeout=1000)
            except BrowserTimeout:
                continue  # drawn again between the look and the click
            page.wait_for_function(
                "(v) => document.body.dataset.version !== v", arg=drawn["version"]
            )
            return

    def play(self, until: Any = None) -> None:
        """Play through the pages until the game ends (or ``until()`` holds)."""
        for _ in range(2000):
            movers = self.to_move()
            if not movers or (until is not None and until()):
                return
            for seat in movers:
                self.step(seat)
        raise AssertionError("the game did not end in 2000 steps")

    def decisions(self) -> int:
        state = self.table.state
        return 0 if state is None else len(state.decisions)

    def robot_moves_for(self, seat: int) -> int:
        session = self.table.session
        return sum(1 for s, bot, _ in session.explanations.values() if s == seat and bot)

    def check_between(self) -> None:
        """Game 1 of the match is over: every page shows its scores and a Next game button,
        the teacher's page the table between games."""
        for page in self.pages:
            page.wait_for_function("() => document.body.dataset.between === 'true'")
            status = page.locator("#status").inner_text()
            assert "Game over" in status and "Winner" in status, status
            assert "Game 1 of 2 is over" in page.locator("#prompt").inner_text()
            assert "Game 1 of 2" in page.locator("#series").inner_text()
            page.locator("#next-game").wait_for()
        self.teacher.locator("#table-1[data-state='between']").wait_for()
        assert "Game 1 of 2" in self.teacher.locator("#state-1").inner_text()

    def check_over(self) -> None:
        """Every page announces the end and the winners; the teacher's shows the table over."""
        for page in self.pages:
            page.wait_for_function("() => document.body.dataset.over === 'true'")
            status = page.locator("#status").inner_text()
            assert "Game over" in status and "Winner" in status, status
            assert page.locator("#buttons button").count() == 0
        self.teacher.locator("#table-1[data-state='over']").wait_for()
        row = self.teacher.locator("#table-1").inner_text()
        assert "over" in row and "Game over" in row, row

    def close(self) -> None:
        for context in self.students:
            context.close()
        self.teacher.context.close()


def shoot(page: Any, name: str) -> Path:
    path = ARTIFACTS / name
    page.screenshot(path=str(path))
    return path


#: The sections of a drawn table that are wider than their box (a reader would scroll sideways).
WIDE_SECTIONS = """() => [...document.querySelectorAll('.tk-section')]
  .filter(e => e.scrollWidth > e.clientWidth + 1)
  .map(e => e.dataset.section + ' ' + e.scrollWidth + '>' + e.clientWidth)"""


def fits_the_phone(page: Any, name: str) -> None:
    """The phone's page, whole, in a picture; nothing on it scrolls sideways."""
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate(WIDE_SECTIONS) == []


def test_three_students_play_turin_and_medici_in_chromium(browser: Any, tmp_path: Path) -> None:
    blocked: list[str] = []
    errors: list[str] = []  # script errors of the students' and the teacher's pages
    rng = random.Random(2027)
    with start(
        "turin", players=3, db=tmp_path / "turin.db", seed=5, rate=5000, burst=5000, show=False,
        games=2,
    ) as c:  # fmt: skip
        c.room.presence.away_after = AWAY_AFTER
        k = Class(browser, c, blocked, errors, rng)
        try:
            assert k.teacher.locator("#code").inner_text() == c.code
            assert "/teacher?lang=en" in k.teacher.url  # the secret left the address bar
            k.join(browser, "Ada", PHONE, phone=True)
            k.join(browser, "Bob", LAPTOP, phone=False)
            k.join(browser, "Cy", LAPTOP, phone=False)
            k.teacher.locator("#table-1[data-state='playing']").wait_for()
            for seat, name in enumerate(("Ada", "Bob", "Cy")):
                k.teacher.locator(f"#seat-1-{seat}[data-presence='present']").wait_for()
                assert name in k.teacher.locator(f"#seat-1-{seat}").inner_text()

            # The first decision (an offer) played by clicking a card of the table, not a button.
            k.pages[0].wait_for_function(READY)
            card = k.pages[0].locator("#table [data-playable]").first
            before = k.decisions()
            card.click()
            k.pages[0].wait_for_function("() => Number(document.body.dataset.version) > 0")
            deadline = time.monotonic() + 10
            while k.decisions() == before and time.monotonic() < deadline:
                time.sleep(0.05)
            assert k.decisions() > before  # the click played the seat's offer
            k.play(until=lambda: k.decisions() >= 12 and 0 in k.to_move())
            assert not k.table.over
            k.pages[0].wait_for_function(READY)
            shoot(k.pages[0], "turin-student-phone.png")
            fits_the_phone(k.pages[0], "turin-student-phone-whole.png")
            k.pages[1].wait_for_function("() => document.body.dataset.version !== undefined")
            shoot(k.pages[1], "turin-student-laptop.png")
            shoot(k.teacher, "turin-teacher-1366.png")
            k.teacher.set_viewport_size(WIDE)
            shoot(k.teacher, "turin-teacher-1920.png")
            k.teacher.set_viewport_size(LAPTOP)

            # Bob closes his tab: the teacher sees him away and lets a robot play for him.
            k.pages[1].close()
            k.teacher.locator("#seat-1-1[data-presence='away']").wait_for()
            k.teacher.click("#stand-in-1-1")
            k.teacher.locator("#seat-1-1[data-presence='standing_in']").wait_for()
            assert "robot standing in" in k.teacher.locator("#seat-1-1").inner_text()
            k.teacher.locator("#give-back-1-1").wait_for()
            shoot(k.teacher, "turin-teacher-standing-in.png")
            k.play(until=lambda: k.robot_moves_for(1) >= 2)
            robot_moves = k.robot_moves_for(1)
            assert robot_moves >= 2 and not k.table.over, "the robot did not play Bob's seat"

            # Bob opens the page again on the same laptop: the seat is his once more.
            page = k.students[1].new_page()
            page.on("pageerror", lambda e: k.errors.append(f"Bob again: {e}"))
            page.goto(c.url + "/play")
            page.wait_for_function("() => document.body.dataset.standingIn === 'false'")
            assert "Bob (you)" in page.locator("#who").inner_text()
            # Seats are counted from 1 on the page, as in the rulebook: Bob has the second.
            assert page.locator("#who").inner_text().endswith("Table 1, seat 2")
            assert page.locator("#take-back").count() == 0
            k.pages[1] = page
            k.teacher.locator("#seat-1-1[data-presence='present']").wait_for()
            assert 1 in k.table.students()
            # The robot's decisions stay in the log, with its reasons for Bob's own seat.
            assert "why (heuristic)" in page.locator("#log").inner_text()

            k.play()
            assert k.robot_moves_for(1) == robot_moves  # Bob played on, not the robot
            # Game 1 of the match is over: each student reads the scores, then is ready.
            k.check_between()
            shoot(k.pages[0], "turin-student-phone-between.png")
            shoot(k.teacher, "turin-teacher-between.png")
            k.pages[0].click("#next-game")
            k.pages[0].wait_for_function("() => !document.getElementById('next-game')")
            assert "1 of 3 are" in k.pages[0].locator("#prompt").inner_text()
            assert k.table.game_index == 0  # the others have not said so yet
            for page in k.pages[1:]:
                page.click("#next-game")
            for page in k.pages:
                page.wait_for_function("() => document.body.dataset.game === '2'")
            first = k.table.played[0].state
            k.teacher.locator("#table-1[data-game='2']").wait_for()
            # The start of game 2, through the pages, with game 1's totals shown.
            k.play(until=lambda: k.decisions() >= 6 and 0 in k.to_move())
            k.pages[0].wait_for_function(READY)
            series = k.pages[0].locator("#series").inner_text()
            assert "Game 2 of 2" in series and f"Ada {first.scores()[0]}" in series, series
            shoot(k.pages[0], "turin-student-phone-game2.png")
            k.pages[1].wait_for_function("() => document.body.dataset.game === '2'")
            shoot(k.pages[1], "turin-student-laptop-game2.png")
            shoot(k.teacher, "turin-teacher-game2.png")
            assert "Game 2 of 2" in k.teacher.locator("#state-1").inner_text()
            k.teacher.locator("#save-1-1").wait_for()  # game 1's own full save
            # The teacher replays game 1 of the match, step by step, while game 2 goes on.
            k.teacher.click("#replay-1")
            k.teacher.locator("#replay-game-box:not([hidden])").wait_for()
            k.teacher.select_option("#replay-game", "1")
            steps = len(first.decisions)
            k.teacher.wait_for_function(
                f"() => document.getElementById('replay-title').textContent.endsWith("
                f"'{steps} of {steps}')"
            )
            title = k.teacher.locator("#replay-title").inner_text()
            assert title.startswith("Game 1 · Replay of table 1"), title
            k.teacher.click("#replay-first")
            k.teacher.wait_for_function(
                "() => document.getElementById('replay-title').textContent.includes('decision 0 ')"
            )
            assert k.teacher.locator("#replay-title").inner_text().startswith("Game 1")
            shoot(k.teacher, "turin-teacher-replay-game1.png")
            k.teacher.click("#end-1")
            k.teacher.locator("#table-1[data-state='ended']").wait_for()
        finally:
            k.close()

    with start(
        "medici", players=3, db=tmp_path / "medici.db", seed=5, rate=5000, burst=5000, show=False
    ) as c:
        k = Class(browser, c, blocked, errors, rng)
        try:
            k.join(browser, "Ada", PHONE, phone=True)
            k.join(browser, "Bob", LAPTOP, phone=False)
            k.join(browser, "Cy", LAPTOP, phone=False)
            k.play(until=lambda: k.decisions() >= 20 and 0 in k.to_move())
            k.pages[0].wait_for_function(READY)
            shoot(k.pages[0], "medici-student-phone.png")
            fits_the_phone(k.pages[0], "medici-student-phone-whole.png")
            shoot(k.pages[1], "medici-student-laptop.png")
            shoot(k.teacher, "medici-teacher-1366.png")
            k.teacher.set_viewport_size(WIDE)
            shoot(k.teacher, "medici-teacher-1920.png")
            k.play()
            k.check_over()
            assert all(k.robot_moves_for(seat) == 0 for seat in range(3))
        finally:
            k.close()

    (ARTIFACTS / "blocked-requests.txt").write_text("".join(f"{u}\n" for u in blocked))
    assert blocked == [], blocked
    assert errors == [], errors
    for name in ("turin-student-phone.png", "turin-teacher-1920.png"):
        assert (ARTIFACTS / name).stat().st_size > 5_000


#: The refusal a page shows, once it shows one.
NOTICE = "() => !document.getElementById('notice').hidden"


def test_french_pages_say_refusals_in_french_words(browser: Any, tmp_path: Path) -> None:
    # The server words its errors in English (for the API's users): a French page must say
    # each refusal in French, without the server's words (such as a version number).
    blocked: list[str] = []
    errors: list[str] = []
    with start(
        "turin", players=3, db=tmp_path / "fr.db", seed=5, rate=5000, burst=5000, show=False
    ) as c:
        k = Class(browser, c, blocked, errors, random.Random(1))
        try:
            k.teacher.goto(c.teacher_url + "&lang=fr")
            k.teacher.wait_for_url("**/teacher?lang=fr")
            page = k.context(browser, PHONE, phone=True).new_page()
            page.on("pageerror", lambda e: errors.append(f"Zoé: {e}"))
            page.goto(c.url + "/?lang=fr")
            page.fill("#code", "ZZZZZZ")
            page.fill("#name", "Zoé")
            page.click("#join-button")
            page.wait_for_function(NOTICE)
            refusals = {"join, a wrong code": page.locator("#notice").inner_text()}
            page.fill("#code", c.code)
            page.click("#join-button")
            page.wait_for_url("**/play?lang=fr")
            k.teacher.click("#start-1")  # robots take the two empty seats
            page.wait_for_function(READY)

            # A move chosen on a screen the table has changed since (another version).
            page.evaluate("() => { version -= 1; document.getElementById('action-0').click(); }")
            page.wait_for_function(NOTICE)
            refusals["a move on an old screen"] = page.locator("#notice").inner_text()
            page.wait_for_function(READY)
            shoot(page, "fr-student-phone-refused.png")
            page.set_viewport_size(LAPTOP)
            shoot(page, "fr-student-laptop-refused.png")
            # A move the game does not know (a page never offers one: the engine refuses it).
            page.evaluate("() => { say(''); act({type: 'NoSuchMove'}); }")
            page.wait_for_function(NOTICE)
            refusals["a move the rules refuse"] = page.locator("#notice").inner_text()
            # The teacher starts a table that has started already.
            k.teacher.evaluate("() => post('start', {table: 1})")
            k.teacher.wait_for_function(NOTICE)
            refusals["the teacher, not now"] = k.teacher.locator("#notice").inner_text()
            shoot(k.teacher, "fr-teacher-refused.png")
        finally:
            k.close()
    assert blocked == [] and errors == [], (blocked, errors)
    english = re.compile(r"\b(the|version|table changed|got|must|join code|check)\b", re.I)
    for what, text in refusals.items():
        assert text.strip(), f"{what}: nothing said"
        assert not english.search(text), f"{what}: English words in French: {text!r}"
    assert refusals["a move on an old screen"] == t("classroom.problem_not_played", "fr")
    assert refusals["a move the rules refuse"] == t("classroom.problem_not_allowed", "fr")
