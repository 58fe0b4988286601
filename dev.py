#!/usr/bin/env python3
"""The one entry point for humans and CI (standard library only).

    python3 dev.py lab   [ARGS...]   set up .venv, then open JupyterLab on notebooks/
    python3 dev.py test  [ARGS...]   set up .venv, then ruff, ruff format, mypy and pytest: the
                                     whole suite, as CI runs it (ARGS go to pytest)
    python3 dev.py test --fast       the same checks, and the tests a developer runs while working
                                     (everything not marked slow); both print the 15 slowest
    python3 dev.py bench [ARGS...]   set up .venv, then run every bench/*.py (ARGS go to each)
    python3 dev.py app NAME [ARGS]   set up .venv, then open notebooks/NAME.ipynb as a Voilà app
                                     (e.g. turin-market; ARGS go to voila)
    python3 dev.py setup             only set up .venv

The venv is `.venv/` at the repo top, created with the Python running this script. It holds
`tradekit[dev]` installed in editable mode; the install is skipped while `.venv/.tradekit-stamp`
holds the sha256 of pyproject.toml (delete the stamp, or `.venv/`, to force a reinstall).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / "bin"
PYTHON = BIN / "python"
STAMP = VENV / ".tradekit-stamp"
PYPROJECT = ROOT / "pyproject.toml"
MIN_PYTHON = (3, 11)


def say(message: str) -> None:
    print(f"[dev] {message}", flush=True)


def fail(message: str, code: int = 1) -> None:
    say(f"FAILED: {message}")
    sys.exit(code or 1)


def run(
    argv: list[str | Path], env: dict[str, str] | None = None, drop: tuple[str, ...] = ()
) -> int:
    """Run a command from the repo root (with ``env`` added to the environment and the variables
    named in ``drop`` taken out of it) and return its exit code."""
    environ = {k: v for k, v in {**os.environ, **(env or {})}.items() if k not in drop}
    return subprocess.call([str(a) for a in argv], cwd=ROOT, env=environ)


def pyproject_hash() -> str:
    return hashlib.sha256(PYPROJECT.read_bytes()).hexdigest()


def venv_works() -> bool:
    if not PYTHON.exists():
        return False
    try:
        return (
            subprocess.call(
                [str(PYTHON), "-c", "import sys; sys.exit(sys.version_info < (3, 11))"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            == 0
        )
    except OSError:
        return False


def ensure_venv() -> None:
    """Create .venv if missing (or broken) and install tradekit[dev] if pyproject.toml changed."""
    if not venv_works():
        if sys.version_info < MIN_PYTHON:
            fail(
                f"Python {'.'.join(map(str, MIN_PYTHON))}+ is needed to create .venv; "
                f"this is {sys.version.split()[0]} ({sys.executable})"
            )
        if VENV.exists():
            say(f"{VENV} exists but its python does not run; recreating it")
        say(f"creating .venv with {sys.executable} ({sys.version.split()[0]}) ...")
        code = subprocess.call([sys.executable, "-m", "venv", "--clear", str(VENV)])
        if code != 0:
            fail("could not create .venv (on Debian: apt-get install python3-venv)", code)

    wanted = pyproject_hash()
    if STAMP.exists() and STAMP.read_text().strip() == wanted:
        say(".venv is up to date (pyproject.toml unchanged)")
        return

    STAMP.unlink(missing_ok=True)
    say("installing tradekit[dev] into .venv ...")
    start = time.monotonic()
    code = run([PYTHON, "-m", "pip", "install", "--quiet", "--editable", ".[dev]"])
    if code != 0:
        fail("pip install -e .[dev] into .venv", code)
    STAMP.write_text(wanted + "\n")
    say(f"installed tradekit[dev] into .venv in {time.monotonic() - start:.0f} s")


def cmd_setup(args: list[str]) -> int:
    ensure_venv()
    return 0


def cmd_lab(args: list[str]) -> int:
    ensure_venv()
    jupyter = BIN / "jupyter"
    argv = [str(jupyter), "lab", "notebooks/", *args]
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in args:
        argv.append("--allow-root")  # jupyter refuses to start as root without it
    say("starting: " + " ".join(argv[1:]))
    os.chdir(ROOT)
    os.execv(str(jupyter), argv)
    return 0  # not reached


def cmd_app(args: list[str]) -> int:
    names = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))
    name = Path(args[0]).name.removesuffix(".ipynb") if args else ""
    if name not in names:
        wrong = f"no notebook {args[0]!r}" if args else "which notebook?"
        say(f"{wrong}; python3 dev.py app NAME opens one of: {', '.join(names)}")
        return 2
    ensure_venv()
    voila = BIN / "voila"
    argv = [str(voila), f"notebooks/{name}.ipynb", *args[1:]]
    say("starting: " + " ".join(argv[1:]))
    os.chdir(ROOT)
    os.execv(str(voila), argv)
    return 0  # not reached


def parallel(args: list[str]) -> list[str]:
    """pytest-xdist options: one worker per core.

    Left out when the caller chose (``-n ...``) or turned xdist off (``-p no:xdist``).
    """
    if any(a == "-n" or a.startswith("-n") or a == "no:xdist" for a in args):
        return []
    # worksteal: the conformance sweeps are a few long tests; an idle worker takes queued ones.
    return ["-n", "auto", "--dist", "worksteal"]


def cmd_test(args: list[str]) -> int:
    ensure_venv()
    fast = "--fast" in args
    args = [a for a in args if a != "--fast"]
    tier = ["-m", "not slow"] if fast else []
    # The fast tier also plays fewer games in the checks that sweep many (see tests/conftest.py).
    env = {"TRADEKIT_FAST": "1"} if fast else {}
    lint_paths = [p for p in ("tradekit", "tests", "bench") if (ROOT / p).exists()]
    checks: list[tuple[str, list[str | Path]]] = [
        ("ruff", [BIN / "ruff", "check", *lint_paths]),
        ("ruff-format", [BIN / "ruff", "format", "--check", *lint_paths]),
        ("mypy", [BIN / "mypy"]),
    ]
    # --durations=15 (in pyproject.toml) prints the 15 slowest tests at the end.
    tests: list[str | Path] = [BIN / "pytest", *parallel(args), *tier, *args]
    # The checks run beside pytest, one after another, their output held until pytest is done:
    # they need one core for a few seconds while pytest's workers start and collect the tests,
    # when the cores are not yet both busy. Every step runs; the command fails if any failed.
    start = time.monotonic()
    results: list[tuple[int, float, str]] = []
    lint = threading.Thread(target=_run_checks, args=(checks, results), daemon=True)
    lint.start()
    say("step pytest: " + " ".join(["pytest", *map(str, tests[1:])]))
    # pytest may write bytecode (into the ignored __pycache__ folders) even where the shell says
    # not to: without it every test process (each worker, notebook kernel and script the tests
    # start) compiles every module it imports again, and each worker rewrites the asserts of
    # every test module again, about 10 CPU seconds a worker before the first test.
    code = run(tests, env, drop=("PYTHONDONTWRITEBYTECODE",))
    took = time.monotonic() - start
    lint.join()
    total = time.monotonic() - start
    for (name, argv), (check_code, seconds, output) in zip(checks, results, strict=True):
        say(f"step {name}: " + " ".join(map(str, argv)))
        if output:
            print(output, end="" if output.endswith("\n") else "\n", flush=True)
        verdict = "passed" if check_code == 0 else f"FAILED (exit code {check_code})"
        say(f"step {name} {verdict} in {seconds:.0f} s")
    failed = [name for (name, _), (code_, _, _) in zip(checks, results, strict=True) if code_]
    if code != 0:
        failed.append("pytest")
    say(f"step pytest {'passed' if code == 0 else f'FAILED (exit code {code})'} in {took:.0f} s")
    steps = [name for name, _ in checks] + ["pytest"]
    if failed:
        say(f"failed: {', '.join(failed)} (of {', '.join(steps)}), {total:.0f} s in all")
        return code or 1
    say(f"all steps passed: {', '.join(steps)}, {total:.0f} s in all")
    return 0


def _run_checks(
    checks: list[tuple[str, list[str | Path]]], results: list[tuple[int, float, str]]
) -> None:
    """Run the lint and type checks one after another, their exit code, seconds and output
    captured into ``results`` (in the order of ``checks``).

    They run at a lower priority than the tests (``nice`` 10, where the system has it): they only
    take what the tests leave of the cores, so the tests that time a page are not slowed by them.
    """
    for _, argv in checks:
        start = time.monotonic()
        try:
            check = subprocess.Popen(
                [str(a) for a in argv],
                cwd=ROOT,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            )
        except OSError as exc:  # not installed: a failed step, said in words
            results.append((127, time.monotonic() - start, f"could not start {argv[0]}: {exc}"))
            continue
        with check:
            # (already gone, or not allowed: it runs at the tests' priority)
            with contextlib.suppress(AttributeError, OSError):  # no setpriority on Windows
                os.setpriority(os.PRIO_PROCESS, check.pid, 10)
            output, _ = check.communicate()
        results.append((check.returncode, time.monotonic() - start, output))


def cmd_bench(args: list[str]) -> int:
    ensure_venv()
    scripts = sorted(p for p in (ROOT / "bench").glob("*.py") if not p.name.startswith("_"))
    if not scripts:
        say("no bench/*.py scripts found")
        return 0
    failed: list[str] = []
    for script in scripts:
        rel = script.relative_to(ROOT)
        say(f"bench {rel} ...")
        start = time.monotonic()
        code = run([PYTHON, rel, *args])
        took = time.monotonic() - start
        if code != 0:
            say(f"bench {rel} FAILED (exit code {code}) after {took:.0f} s")
            failed.append(str(rel))
        else:
            say(f"bench {rel} done in {took:.0f} s")
    if failed:
        say("failed benchmarks: " + ", ".join(failed))
        return 1
    return 0


COMMANDS = {
    "lab": cmd_lab,
    "test": cmd_test,
    "bench": cmd_bench,
    "app": cmd_app,
    "setup": cmd_setup,
}


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(__doc__)
        return 0 if argv else 2
    command, rest = argv[0], argv[1:]
    if command not in COMMANDS:
        print(__doc__)
        say(f"unknown command {command!r}; expected one of: {', '.join(COMMANDS)}")
        return 2
    return COMMANDS[command](rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
