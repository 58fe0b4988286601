"""Binder: ``binder/`` is what repo2docker builds from, and it is enough to run every notebook.

* The files: requirements in step with the ``notebook`` extra of pyproject.toml, the widget stack
  pinned to versions that match, an executable postBuild installing tradekit, Python 3.11, and
  README badges opening the notebooks in JupyterLab and as Voilà apps.
* ``repo2docker --no-build --no-run --debug .`` (from a temporary venv; no Docker needed) prints
  the Dockerfile it would build: it must install ``binder/requirements.txt`` and run
  ``binder/postBuild`` with Python 3.11.
* Docker is not available here, so the image is emulated: a fresh venv gets only
  ``binder/requirements.txt``, then ``binder/postBuild``, then executes every notebook with nbclient
  (tradekit imported from that venv, never from this checkout).

The last two need a package index (PyPI or a mirror); without one they skip with the reason, except
under ``CI=true`` where they must run.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
import time
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BINDER = ROOT / "binder"
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
#: Versions that must be pinned exactly (the widget stack; see binder/requirements.txt).
PINNED = ("ipywidgets", "jupyterlab_widgets", "widgetsnbextension", "voila", "jupyterlab")


def _name(requirement: str) -> str:
    return re.split(r"[\s\[<>=!~;]", requirement.strip(), maxsplit=1)[0].lower().replace("-", "_")


def requirements() -> dict[str, str]:
    out = {}
    for line in (BINDER / "requirements.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            out[_name(line)] = line
    return out


def test_requirements_follow_the_notebook_extra() -> None:
    from packaging.requirements import Requirement

    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    reqs = requirements()
    for spec in extra["notebook"]:
        wanted = Requirement(spec)
        name = _name(spec)
        assert name in reqs, f"binder/requirements.txt lacks {name} (notebook extra: {spec})"
        pinned = Requirement(reqs[name])
        for version_spec in pinned.specifier:
            if version_spec.operator == "==":
                assert wanted.specifier.contains(version_spec.version), (spec, reqs[name])
    for name in PINNED:
        assert re.fullmatch(rf"{name}==[\d.]+", reqs[name]), f"pin {name} exactly: {reqs[name]}"


def test_pins_are_the_versions_tested_here() -> None:
    from importlib.metadata import PackageNotFoundError, version

    reqs = requirements()
    for name in PINNED:
        try:
            here = version(name)
        except PackageNotFoundError:
            pytest.skip(f"{name} is not installed here (needs the notebook extra)")
        assert reqs[name] == f"{name}=={here}", f"the tests run with {name} {here}"


def test_postbuild_runtime_and_badges() -> None:
    post = BINDER / "postBuild"
    assert os.access(post, os.X_OK), "binder/postBuild must be executable"
    text = post.read_text()
    assert text.startswith("#!/bin/bash") and "pip install" in text and " ." in text
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"
    readme = (ROOT / "README.md").read_text()
    for notebook in ("turin-market.ipynb", "start-here.ipynb"):
        assert f"urlpath=lab/tree/notebooks/{notebook}" in readme
        assert f"urlpath=voila/render/notebooks/{notebook}" in readme
    assert "https://mybinder.org/badge_logo.svg" in readme


def _venv(path: Path) -> Path:
    subprocess.run([sys.executable, "-m", "venv", str(path)], check=True, timeout=300)
    return path / "bin" / "python"


def _pip(python: Path, *args: str, timeout: int = 1200) -> None:
    """``pip install`` into the venv of ``python``, without byte-compiling what it installs:
    compiling every module of the notebook stack costs more than installing it, and the modules a
    notebook imports are compiled from the same files when it first imports them (and kept)."""
    result = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--no-compile", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )
    if result.returncode != 0:
        message = f"pip install {' '.join(args)} failed:\n{result.stderr[-3000:]}"
        if IN_CI:
            pytest.fail(message)
        pytest.skip("no package index reachable? " + message)


@pytest.mark.slow
def test_repo2docker_picks_up_binder(tmp_path: Path) -> None:
    python = _venv(tmp_path / "r2d")
    _pip(python, "jupyter-repo2docker")
    result = subprocess.run(
        [str(python.parent / "repo2docker"), "--no-build", "--no-run", "--debug", str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = result.stdout + result.stderr
    assert result.returncode == 0, out[-3000:]
    assert "python=3.11" in out
    assert 'pip install --no-cache-dir -r "binder/requirements.txt"' in out
    assert "./binder/postBuild" in out
    # binder/ hides the root configuration: pyproject.toml is not what repo2docker installs.
    assert "pyproject.toml" not in out


NOTEBOOKS_RUN = """
import sys
from pathlib import Path

import nbclient
import nbformat

import tradekit

venv = Path(sys.argv[1]).resolve()
where = Path(tradekit.__file__).resolve()
assert where.is_relative_to(venv), f"tradekit imported from {where}, not from {venv}"
failed = []
for path in sorted(Path(sys.argv[2]).glob("*.ipynb")):
    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    try:
        client.execute()
        print("OK", path.name, flush=True)
    except Exception as exc:
        failed.append(f"{path.name}: {type(exc).__name__}: {str(exc)[-1500:]}")
        print("FAILED", path.name, flush=True)
if failed:
    sys.exit("\\n".join(failed))
"""


@pytest.mark.slow
def test_fresh_venv_from_binder_files_runs_every_notebook(tmp_path: Path) -> None:
    start = time.monotonic()
    venv = tmp_path / "binder-venv"
    python = _venv(venv)
    _pip(python, "-r", str(BINDER / "requirements.txt"))
    env = dict(os.environ)
    # PYTHONDONTWRITEBYTECODE and PYTHONPYCACHEPREFIX go too: what pip installed is not compiled
    # (see _pip), so the first kernel compiles the modules it imports and leaves their bytecode in
    # the venv for the next notebooks' kernels, instead of each of them compiling the notebook
    # stack again (about 4 CPU seconds a kernel).
    for key in (
        "PYTHONPATH",
        "PYTHONHOME",
        "VIRTUAL_ENV",
        "PYTHONSAFEPATH",
        "PYTHONDONTWRITEBYTECODE",
        "PYTHONPYCACHEPREFIX",
    ):
        env.pop(key, None)
    env["PATH"] = f"{python.parent}{os.pathsep}{env.get('PATH', '')}"
    for name in ("CONFIG", "RUNTIME", "DATA"):
        env[f"JUPYTER_{name}_DIR"] = str(tmp_path / f"jupyter-{name.lower()}")
    env["IPYTHONDIR"] = str(tmp_path / "ipython")
    post = subprocess.run(
        [str(BINDER / "postBuild")], cwd=ROOT, env=env, capture_output=True, text=True, timeout=900
    )
    # The index answered for the requirements, so a failure here is postBuild's own.
    assert post.returncode == 0, (
        f"binder/postBuild failed:\n{post.stdout[-2000:]}{post.stderr[-3000:]}"
    )
    installed = time.monotonic() - start
    # Binder's Voilà links leave out the JupyterLab-only cells: postBuild set it for the server.
    server = json.loads((tmp_path / "jupyter-config" / "jupyter_server_config.json").read_text())
    assert "lab-only" in server["TagRemovePreprocessor"]["remove_cell_tags"]

    versions = subprocess.run(
        [
            str(python),
            "-c",
            "from importlib.metadata import version as v; "
            + "print(' '.join(f'{n}=={v(n)}' for n in "
            + repr(PINNED)
            + "))",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=True,
    ).stdout.split()
    assert sorted(versions) == sorted(requirements()[n] for n in PINNED)

    work = tmp_path / "cwd"
    work.mkdir()
    script = work / "run_notebooks.py"
    script.write_text(textwrap.dedent(NOTEBOOKS_RUN))
    run = subprocess.run(
        [str(python), "-I", str(script), str(venv), str(ROOT / "notebooks")],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-4000:]
    assert "OK turin-market.ipynb" in run.stdout
    took = time.monotonic() - start
    print(f"binder venv: installed in {installed:.0f} s, notebooks run, {took:.0f} s in all")
