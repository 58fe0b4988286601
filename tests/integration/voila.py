"""Voilà for the real-browser tests: served on 127.0.0.1 from a free port, with temporary Jupyter
directories (nothing read from or written to the user's), stopped whatever happens."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def pages_run_here() -> bool:
    """Whether the Voilà page test can run here (Voilà, Playwright and Chromium installed, as
    under CI): it runs every notebook on a fresh kernel and fails on any error output."""
    import importlib.util

    from tests.integration.chromium import executable

    return (
        importlib.util.find_spec("voila") is not None
        and importlib.util.find_spec("playwright") is not None
        and executable() is not None
    )


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_port(port: int, proc: subprocess.Popen[bytes], log: Path, timeout: float) -> None:
    """Return once ``port`` accepts connections; raise with the log's end if ``proc`` exits or
    ``timeout`` seconds pass (Voilà has no status page to ask)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"voila exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"voila did not listen on port {port}:\n{log.read_text()[-3000:]}")


@contextmanager
def serve(target: Path, scratch: Path, log: Path) -> Iterator[str]:
    """Voilà serving ``target`` (a notebook, or a folder of notebooks under
    ``voila/render/NAME.ipynb``) on 127.0.0.1; yields its base URL.

    Args:
        target: what to serve.
        scratch: an empty folder for the temporary Jupyter directories.
        log: where the server's output goes.
    """
    port = free_port()
    env = dict(os.environ)
    for name in ("CONFIG", "RUNTIME", "DATA"):
        (scratch / name.lower()).mkdir()
        env[f"JUPYTER_{name}_DIR"] = str(scratch / name.lower())
    env["IPYTHONDIR"] = str(scratch / "ipython")
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    log.parent.mkdir(parents=True, exist_ok=True)
    argv = [
        sys.executable,
        "-m",
        "voila",
        str(target),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        "--show_tracebacks=True",
    ]
    with log.open("wb") as out:
        proc = subprocess.Popen(
            argv, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        wait_for_port(port, proc, log, timeout=90)
        yield f"http://127.0.0.1:{port}/"
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, 15)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, 9)
                proc.wait(timeout=15)
