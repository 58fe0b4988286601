"""The engine must not pull in the notebook stack (pandas, altair, ipywidgets, scipy)."""

from __future__ import annotations

import subprocess
import sys

import pytest

HEAVY = ("pandas", "altair", "ipywidgets", "scipy")

CHECK = """
import sys
import {module}
loaded = sorted(name for name in {heavy!r} if name in sys.modules)
if loaded:
    sys.exit("importing {module} loaded: " + ", ".join(loaded))
print("ok")
"""


@pytest.mark.parametrize("module", ["tradekit", "tradekit.games"])
def test_engine_import_does_not_load_notebook_stack(module: str) -> None:
    # A fresh interpreter, so nothing imported by other tests or by pytest plugins leaks in.
    result = subprocess.run(
        [sys.executable, "-c", CHECK.format(module=module, heavy=HEAVY)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr or result.stdout
    assert result.stdout.strip() == "ok"
