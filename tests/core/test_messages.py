"""The message catalogues: each game's ``messages.toml`` loads, passes its checks, and holds every
key the game's code asks for; a broken catalogue is refused with a message naming the key.

A missing key never crashes (``tradekit.i18n.t`` returns the key itself), so these tests look for
misses directly: the catalogue is swapped for one that records every key looked up and not
found, and seeded games are played, narrated, explained and drawn in both languages.
"""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tradekit
import tradekit.i18n as i18n
from tradekit.core.errors import DataError, TradekitError
from tradekit.i18n import LANGS, has_message, load_messages, t
from tradekit.render import Context, narrate, renderer_for
from tradekit.sim.play import resolve_bots

GAMES = ("turin", "medici", "negoces", "rungis")
PARTS = ("render", "bots", "controls")
ROOT = Path(tradekit.__file__).resolve().parent

#: Seeded games played in full: every game, with the variants that use the most messages.
PLAYED: list[tuple[str, dict[str, Any], list[str], int]] = [
    ("turin", {"players": 3}, ["heuristic", "heuristic", "random"], 1),
    ("turin", {"players": 4, "scoring": "red", "goose": "tiebreak"}, ["heuristic"] * 4, 2),
    ("medici", {"players": 4}, ["heuristic", "heuristic", "random", "random"], 3),
    ("negoces", {"players": 4}, ["heuristic", "heuristic", "random", "heuristic"], 4),
    ("negoces", {"players": 5, "variants": ["treasury", "temple", "thief_guard", "misers", "bank"]},
     ["heuristic", "random", "heuristic", "heuristic", "random"], 5),
    ("rungis", {"players": 4}, ["heuristic", "random", "heuristic", "heuristic"], 6),
    ("rungis", {"players": 3, "trading": True}, ["heuristic", "heuristic", "random"], 7),
]  # fmt: skip


def catalogue_file(package: str) -> Any:
    return resources.files(package) / i18n.CATALOGUE_FILE


class Recording(dict[str, dict[str, str]]):
    """The catalogue, noting every key looked up (``t`` uses ``get``) that it does not hold."""

    missed: set[str]

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        if key not in self:
            self.missed.add(key)
        return super().get(key, default)


@pytest.fixture
def missed(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[str]]:
    """The keys looked up and not found while the test runs."""
    for game in GAMES:
        for part in PARTS:
            importlib.import_module(f"tradekit.games.{game}.{part}")
    recording = Recording(i18n._CATALOGUE)
    recording.missed = set()
    monkeypatch.setattr(i18n, "_CATALOGUE", recording)
    yield recording.missed


# -- every catalogue loads and passes the checks


@pytest.mark.parametrize("package", ["tradekit", *(f"tradekit.games.{g}" for g in GAMES)])
def test_a_catalogue_is_in_its_package_and_loads(package: str) -> None:
    path = catalogue_file(package)
    assert path.is_file(), path
    load_messages(package)
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert len(data) > 50
    for key, entry in data.items():
        # every entry passes the loader's checks, and the catalogue serves it as written
        assert i18n._checked(path, key, entry) == {lang: entry[lang] for lang in LANGS}
        assert [t(key, lang) for lang in LANGS] == [entry[lang] for lang in LANGS], key
    load_messages(package)  # loaded already: nothing happens, nothing is raised


@pytest.mark.parametrize("game", GAMES)
def test_a_game_keeps_its_keys_under_its_name(game: str) -> None:
    data = tomllib.loads(catalogue_file(f"tradekit.games.{game}").read_text(encoding="utf-8"))
    assert all(key.startswith(f"{game}.") or key == f"game.{game}" for key in data)


def test_no_key_is_in_two_catalogues() -> None:
    seen: dict[str, str] = {}
    for package in ["tradekit", *(f"tradekit.games.{g}" for g in GAMES)]:
        data = tomllib.loads(catalogue_file(package).read_text(encoding="utf-8"))
        twice = {key: seen[key] for key in data if key in seen}
        assert not twice, (package, twice)
        seen.update(dict.fromkeys(data, package))


FIRST_IMPORT = """
import sys, tomllib
import {module}
from importlib import resources
from tradekit.i18n import has_message
text = (resources.files("tradekit.games.{game}") / "messages.toml").read_text(encoding="utf-8")
missing = [key for key in tomllib.loads(text) if not has_message(key)]
sys.exit(f"{{len(missing)}} missing: {{missing[:5]}}" if missing else 0)
"""


@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("game", GAMES)
def test_whichever_part_is_imported_first_loads_the_whole_catalogue(game: str, part: str) -> None:
    # A fresh interpreter, so that this part is the first of the game to be imported.
    code = FIRST_IMPORT.format(module=f"tradekit.games.{game}.{part}", game=game)
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr or result.stdout


# -- every key the code asks for exists


def literal_keys(game: str) -> set[str]:
    """The whole keys written as string literals in the game's modules (not f-string pieces)."""
    pattern = re.compile(rf"(?:{game}|game)\.[a-z0-9_]+(?:\.[a-z0-9_]+)*")
    found = set()
    for part in PARTS:
        tree = ast.parse((ROOT / "games" / game / f"{part}.py").read_text(encoding="utf-8"))
        in_fstrings = {
            id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in in_fstrings
                and pattern.fullmatch(node.value)
            ):
                found.add(node.value)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_key_written_in_a_game_module_is_in_the_catalogue(game: str) -> None:
    importlib.import_module(f"tradekit.games.{game}.render")
    keys = literal_keys(game)
    assert len(keys) > 20, keys  # the scan finds the keys at all
    assert sorted(k for k in keys if not has_message(k)) == []


def test_a_missing_key_shows_as_itself_and_is_recorded(missed: set[str]) -> None:
    assert t("turin.no_such_message", "fr") == "turin.no_such_message"
    assert missed == {"turin.no_such_message"}


def play_everything(game: str, options: dict[str, Any], bots: list[str], seed: int) -> list[str]:
    """Play a seeded game; every bot reason, action label, log line and table, in both languages."""
    g = tradekit.load_game(game, **options)
    renderer = renderer_for(game)
    contexts = [Context(g, lang) for lang in LANGS]
    lineup = resolve_bots(g, bots)
    seats = [
        bot.for_game(g, s, np.random.default_rng(seed * 10 + s)) for s, bot in enumerate(lineup)
    ]
    state = g.new_state(seed=seed)
    texts: list[str] = []
    step = 0
    while not state.is_over:
        seat = state.to_move[0]
        bot = seats[seat]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        action = bot.act(view if bot.uses_view else None, legal)
        texts += [bot.explain(lang) for lang in LANGS]
        if step % 7 == 0:
            for ctx in contexts:
                texts += [renderer.action_label(a, view, ctx) for a in legal]
                texts.append(renderer.table(view, ctx))
                texts.append(renderer.table(state.view("all"), ctx))
        state.apply(seat, action)
        step += 1
    for ctx in contexts:
        texts += [narrate(e, ctx) for e in state.log]
        texts += [renderer.table(state.view(v), ctx) for v in (None, "all", 0)]
    return texts


@pytest.mark.parametrize(("game", "options", "bots", "seed"), PLAYED)
def test_a_seeded_game_asks_for_no_missing_key(
    missed: set[str], game: str, options: dict[str, Any], bots: list[str], seed: int
) -> None:
    texts = play_everything(game, options, bots, seed)
    assert len(texts) > 100
    assert sorted(missed) == []
    # and no text shows a key instead of words (a key looked up some other way)
    shown = re.compile(rf"\b(?:{game}|game)\.[a-z_]+\.[a-z0-9_.]+")
    assert [m.group() for text in texts for m in shown.finditer(text)] == []


# -- a broken catalogue is refused


def write_package(root: Path, name: str, text: str) -> str:
    package = root / name
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / i18n.CATALOGUE_FILE).write_text(text, encoding="utf-8")
    return name


@pytest.fixture
def packages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


GOOD = '["demo.fine"]\nen = "fine"\nfr = "bien"\n\n'

BROKEN = [
    ("no_fr", '["demo.bad"]\nen = "Hello"\n', "message 'demo.bad': no text in fr"),
    ("no_en", '["demo.bad"]\nfr = "Bonjour"\n', "message 'demo.bad': no text in en"),
    (
        "fields",
        '["demo.bad"]\nen = "Hello {name}"\nfr = "Bonjour {nom}"\n',
        "message 'demo.bad': the languages use different fields: only the en text uses name; "
        "only the fr text uses nom",
    ),
    (
        "one_field",
        '["demo.bad"]\nen = "{n} cards"\nfr = "des cartes"\n',
        "message 'demo.bad': the languages use different fields: only the en text uses n",
    ),
    (
        "wrong_lang",
        '["demo.bad"]\nen = "{good_fr}"\nfr = "{good_fr}"\n',
        "only the en text uses good_fr; only the fr text uses good",
    ),
    ("dotted", 'demo.bad = "Hello"\n', "message 'demo': unknown entry bad"),
    ("bare", '"demo.bad" = "Hello"\n', "message 'demo.bad': is not a table of texts by language"),
    ("number", '["demo.bad"]\nen = "Hello"\nfr = 3\n', "message 'demo.bad': the fr text is not"),
    (
        "extra",
        '["demo.bad"]\nen = "Hello"\nfr = "Bonjour"\nde = "Hallo"\n',
        "message 'demo.bad': unknown entry de",
    ),
    (
        "format",
        '["demo.bad"]\nen = "Hello {name"\nfr = "Bonjour {name}"\n',
        "message 'demo.bad': the en text is not a valid format string",
    ),
    (
        "stale_only",
        '["demo.bad"]\nen = "Hello"\nfr = "Bonjour"\nen_only = ["name"]\n',
        "message 'demo.bad': en_only names name, which the en text does not use",
    ),
    ("toml", '["demo.bad"]\nen = "Hello\n', "cannot read the messages"),
]


@pytest.mark.parametrize(("name", "text", "error"), BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_catalogue_is_refused_naming_the_file_and_the_key(
    packages: Path, name: str, text: str, error: str
) -> None:
    package = write_package(packages, f"broken_{name}", text + "\n" + GOOD)
    with pytest.raises(DataError) as caught:
        load_messages(package)
    message = str(caught.value)
    assert error in message
    assert message.startswith(str(packages / package / i18n.CATALOGUE_FILE))
    assert isinstance(caught.value, TradekitError) and isinstance(caught.value, ValueError)
    assert not has_message("demo.fine")  # nothing of a refused file is added
    with pytest.raises(DataError):
        load_messages(package)  # and it is not taken as loaded


def test_a_package_without_a_catalogue_is_refused(packages: Path) -> None:
    (packages / "no_messages").mkdir()
    (packages / "no_messages" / "__init__.py").write_text("", encoding="utf-8")
    with pytest.raises(DataError, match="cannot read the messages"):
        load_messages("no_messages")


def test_a_catalogue_loads_once(packages: Path) -> None:
    text = (
        GOOD + '["demo.only"]\nen = "Chose {action} among {count}"\nfr = "Parmi {count}"\n'
        'en_only = ["action"]\n\n["demo.own"]\nen = "{good_en}: {n}"\nfr = "{good_fr} : {n}"\n'
    )
    package = write_package(packages, "demo_once", text)
    load_messages(package)
    assert t("demo.fine", "fr") == "bien"
    assert t("demo.only", "fr", action="x", count=2) == "Parmi 2"
    assert t("demo.own", "en", good_en="Fish", good_fr="Poisson", n=2) == "Fish: 2"
    i18n.add_messages({"demo.fine": {"en": "changed", "fr": "changé"}})
    load_messages(package)  # loaded already: what code added since stays
    assert t("demo.fine", "fr") == "changé"
