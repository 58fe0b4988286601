"""Debian's Chromium for the real-browser tests: where it is, how it is launched, and the rule
for a missing browser (skip with the reason outside CI; with ``CI=true``, fail)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def need(what: str, ok: bool) -> None:
    """Go on if ``ok``; else skip naming ``what`` is missing, or fail under CI."""
    if ok:
        return
    if IN_CI:
        pytest.fail(f"{what} is missing, and CI=true requires the real-browser test to run")
    pytest.skip(f"{what} is missing (not CI): install chromium with apt-get to run this test")


def executable() -> str | None:
    """Chromium's executable (``None`` if there is none)."""
    return CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
