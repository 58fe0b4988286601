"""Hostile saved games: every one is refused with ReplayError, quickly and in little memory.

A saved game may be edited by hand, cut short, or written to hurt. The corpus below (nested,
huge, truncated, reordered, wrongly typed, 10**9 money in a scripted set-up, ...) is replayed in
a child process whose address space is capped, so that a regression that tries to allocate
gigabytes fails there instead of exhausting the machine. Each case must raise ``ReplayError`` (and
nothing else) in under a second, with a bounded peak of Python memory.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from typing import Any

import pytest

import tradekit

#: Address-space cap of the child process (numpy and the engine need a few hundred MB).
MEMORY_CAP = 3 * 2**30
#: Each case must be refused within this many seconds, plus SECONDS_PER_MB for each MB of text
#: (reading JSON takes time in proportion to its size; a save under 1 MB must still be refused in
#: about a second).
SECONDS = 1.0
SECONDS_PER_MB = 1.0
#: Peak Python memory a case of under 2 KB may allocate while being refused.
SMALL_PEAK = 8 * 2**20


def _real_save(name: str, steps: int = 12, **options: Any) -> dict[str, Any]:
    state = tradekit.load_game(name, **options).new_state(seed=7)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])
    doc: dict[str, Any] = json.loads(state.to_json())
    return doc


def _setup_save(name: str, setup: dict[str, Any], decisions: list[Any]) -> str:
    game = tradekit.load_game(name, players=3)
    return json.dumps(
        {
            "format": "tradekit-game",
            "version": 1,
            "game": name,
            "options": game.options(),
            "seed": 1,
            "setup": setup,
            "decisions": decisions,
            "log": [],
        }
    )


def corpus() -> dict[str, str]:
    """Every hostile save by name (JSON text)."""
    out: dict[str, str] = {}
    turin = _real_save("turin", players=3)
    text = json.dumps(turin)
    nested: Any = 1
    for _ in range(600):
        nested = [nested]
    doc = json.loads(text)
    doc["decisions"][0][1]["card"] = nested
    out["nested-600-in-action"] = json.dumps(doc)
    out["nested-100000"] = "[" * 100_000 + "]" * 100_000
    out["nested-objects"] = '{"a":' * 5_000 + "1" + "}" * 5_000
    out["digits-5000-seed"] = text.replace(f'"seed": {turin["seed"]}', '"seed": ' + "7" * 5000, 1)
    doc = json.loads(text)
    doc["decisions"][0][1]["card"] = "9" * 5000
    out["digits-5000-string-card"] = json.dumps(doc)
    out["digits-5000-in-action"] = json.dumps(doc).replace('"' + "9" * 5000 + '"', "9" * 5000)
    out["nan-seed"] = text.replace(f'"seed": {turin["seed"]}', '"seed": NaN', 1)
    out["infinity-amount"] = '{"format": "tradekit-game", "decisions": [[0, {"amount": Infinity}]]}'
    for cut in (1, len(text) // 3, len(text) // 2, len(text) - 2):
        out[f"truncated-at-{cut}"] = text[:cut]
    doc = json.loads(text)
    doc["decisions"] = doc["decisions"][::-1]
    out["reordered-decisions"] = json.dumps(doc)
    doc = json.loads(text)
    doc["log"] = doc["log"][::-1]
    out["reordered-log"] = json.dumps(doc)
    doc = json.loads(text)
    doc["decisions"] = {"0": doc["decisions"]}
    out["decisions-object"] = json.dumps(doc)
    doc = json.loads(text)
    doc["decisions"][0][0] = "0"
    out["seat-string"] = json.dumps(doc)
    doc = json.loads(text)
    doc["decisions"][0][0] = True
    out["seat-bool"] = json.dumps(doc)
    doc = json.loads(text)
    doc["decisions"][0][1] = ["Offer", 3]
    out["action-list"] = json.dumps(doc)
    doc = json.loads(text)
    doc["decisions"][0][1]["card"] = 10**30
    out["card-10e30"] = json.dumps(doc)
    doc = json.loads(text)
    doc["decisions"][0][1]["card"] = float(doc["decisions"][0][1]["card"])
    out["card-float"] = json.dumps(doc)
    doc = json.loads(text)
    doc["decisions"][0][1]["extra"] = 1
    out["unknown-field"] = json.dumps(doc)
    doc = json.loads(text)
    doc["options"]["players"] = 10**9
    out["players-10e9"] = json.dumps(doc)
    doc = json.loads(text)
    doc["options"]["players"] = "3"
    out["players-string"] = json.dumps(doc)
    doc = json.loads(text)
    doc["game"] = "chess"
    out["unknown-game"] = json.dumps(doc)
    doc = json.loads(text)
    doc["log"][0]["text"] = "x" * 100_000
    out["huge-text"] = json.dumps(doc)
    doc = json.loads(text)
    doc["decisions"] = [doc["decisions"][0]] * 200_000
    out["decisions-200000"] = json.dumps(doc)
    # The log is checked only when it differs from the replayed one: these must still be refused
    # for what they are.
    doc = json.loads(text)
    doc["log"][0]["data"] = {"deep": nested}
    out["nested-600-in-log"] = json.dumps(doc)
    doc = json.loads(text)
    doc["log"][-1]["data"] = {"amount": 10**40}
    out["digits-41-in-log"] = json.dumps(doc)
    doc = json.loads(text)
    doc["log"] = doc["log"] * 2_000
    out["log-copied-2000-times"] = json.dumps(doc)
    out["bytes-not-json"] = "\x00\x01\x02 not a save"
    out["empty"] = ""
    out["a-list"] = "[1, 2, 3]"
    # 10**9 money in a scripted set-up, then decisions that would make the engine list or loop
    # over every amount.
    out["turin-scudo-10e9"] = _setup_save(
        "turin", {"scudo": [10**9] * 3}, [[0, {"type": "Offer", "card": 1}]]
    )
    out["turin-scudo-10e9-bid"] = _setup_save(
        "turin",
        {"hands": [[1, 2], [3, 4], [5, 6]], "scudo": [10**9] * 3},
        [[p, {"type": "Offer", "card": c}] for p, c in ((0, 1), (1, 3), (2, 5))]
        + [[p, {"type": "Bid", "amount": 10**9 - p}] for p in range(3)],
    )
    out["medici-wealth-10e9"] = _setup_save(
        "medici", {"wealth": [10**9] * 3}, [[0, {"type": "Pass"}]] * 3
    )
    out["rungis-gold-10e9"] = _setup_save(
        "rungis", {"gold": [10**9] * 3}, [[0, {"type": "Done"}]] * 3
    )
    out["negoces-coins-10e9"] = _setup_save(
        "negoces", {"coins": [10**9] * 3}, [[0, {"type": "Pass"}]] * 3
    )
    return out


_CHILD = textwrap.dedent(
    """
    import json, resource, sys, time, tracemalloc
    resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))
    import tradekit
    from tradekit.core.errors import ReplayError
    cases = json.loads(sys.stdin.read())
    results = {{}}
    for name, text in cases.items():
        small = len(text) < 2048
        if small:  # tracing slows big cases down many times over; their time is what counts
            tracemalloc.start()
        start = time.perf_counter()
        try:
            tradekit.replay(text)
            outcome = "accepted"
        except ReplayError as exc:
            outcome = "ReplayError: " + str(exc)[:300]
        except BaseException as exc:
            outcome = "CRASH " + type(exc).__name__ + ": " + str(exc)[:300]
        seconds = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1] if small else -1
        tracemalloc.stop()
        results[name] = [outcome, seconds, peak, len(text) / 2**20]
    from tradekit.core.errors import ConfigError
    for name, key in {money}:
        start = time.perf_counter()
        game = tradekit.load_game(name, players=3)
        try:
            state = game.new_state(seed=1, setup={{key: [10**9] * 3}})
            outcome = "played"
        except ConfigError as exc:
            state, outcome = None, "ConfigError: " + str(exc)[:300]
        except BaseException as exc:
            state, outcome = None, "CRASH " + type(exc).__name__ + ": " + str(exc)[:300]
        try:
            for _ in range(40 if state is not None else 0):
                if state.is_over:
                    break
                seat = state.to_move[0]
                legal = state.legal_actions(seat)
                action = legal[len(legal) - 1]  # the largest bid or price where there is one
                state.check(seat, action)
                state.apply(seat, action)
                tradekit.replay(state.to_json())
        except BaseException as exc:
            outcome = "CRASH " + type(exc).__name__ + ": " + str(exc)[:300]
        results["setup-money-" + name] = [outcome, time.perf_counter() - start, -1, 0]
    print(json.dumps(results))
    """
)

#: The scripted set-up key that gives money in each game.
MONEY_KEYS = (("turin", "scudo"), ("medici", "wealth"), ("rungis", "gold"), ("negoces", "coins"))


@pytest.fixture(scope="module")
def outcomes() -> dict[str, tuple[str, float, int]]:
    cases = corpus()
    child = subprocess.run(
        [sys.executable, "-c", _CHILD.format(cap=MEMORY_CAP, money=MONEY_KEYS)],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert child.returncode == 0, child.stderr[-3000:]
    results: dict[str, tuple[str, float, int]] = {
        name: (o, s - SECONDS_PER_MB * mb, p)
        for name, (o, s, p, mb) in json.loads(child.stdout).items()
    }
    return results


@pytest.mark.parametrize("name", sorted(corpus()))
def test_hostile_save_is_refused_quickly(
    name: str, outcomes: dict[str, tuple[str, float, int]]
) -> None:
    outcome, seconds, peak = outcomes[name]
    assert outcome.startswith("ReplayError: "), f"{name}: {outcome}"
    assert seconds < SECONDS, f"{name}: refused {seconds:.2f} s too late ({outcome})"
    if peak >= 0:
        assert peak < SMALL_PEAK, f"{name}: a small save allocated {peak / 2**20:.1f} MB"


@pytest.mark.parametrize("name", [name for name, _ in MONEY_KEYS])
def test_a_set_up_with_huge_money_is_refused_or_costs_nothing(
    name: str, outcomes: dict[str, tuple[str, float, int]]
) -> None:
    # 10**9 money either is refused at once as a set-up (ConfigError naming the key), or plays
    # 40 decisions taking the last legal action (the largest bid or price) without listing any
    # range, each replayed from its save.
    outcome, seconds, _ = outcomes["setup-money-" + name]
    assert outcome == "played" or outcome.startswith("ConfigError: "), f"{name}: {outcome}"
    assert seconds < 40 * SECONDS, f"{name}: {seconds:.1f} s"


def test_the_refusals_say_what_is_wrong(outcomes: dict[str, tuple[str, float, int]]) -> None:
    expected = {
        "nested-100000": "nests lists or objects more than 16 deep",
        "nested-objects": "nests lists or objects more than 16 deep",
        "digits-5000-seed": "a number of more than 30 digits",
        "digits-5000-in-action": "a number of more than 30 digits",
        "nan-seed": "NaN",
        "truncated-at-1": "not valid JSON",
        "decisions-200000": "at most 100,000 are read",
        "huge-text": "a text of 100,000 characters",
        "nested-600-in-log": "nests lists or objects more than 16 deep",
        "digits-41-in-log": "a number of more than 30 digits",
        "seat-bool": "seat number",
        "card-float": "must be a card id of this game",
        "unknown-field": "bad fields for action Offer",
        "players-10e9": "option 'players'",
        "a-list": "not a saved tradekit game",
    }
    for name, fragment in expected.items():
        assert fragment in outcomes[name][0], f"{name}: {outcomes[name][0]}"
