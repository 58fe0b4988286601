"""Every notebook runs top to bottom on a fresh kernel, and is committed without outputs."""

from __future__ import annotations

import itertools
import json
import re
import types
from pathlib import Path

import pytest

from tests.integration.voila import pages_run_here
from tradekit.sim import lessons

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def read(path: Path) -> types.SimpleNamespace:
    """A notebook's cells, each with ``cell_type``, ``source`` (one text) and ``outputs``, read as
    the JSON it is (nbformat, about a second to import in every test worker, only runs them)."""
    cells = [
        types.SimpleNamespace(
            cell_type=cell["cell_type"],
            source="".join(cell["source"]),
            outputs=cell.get("outputs", []),
        )
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]
    ]
    return types.SimpleNamespace(cells=cells)


#: Instructions for JupyterLab only ("Run → Run All Cells"): a Voilà page has run every cell.
LAB_ONLY = re.compile(r"Run All|Run →")
#: The tag of the cells a Voilà page leaves out (voila.json, and Binder's server settings).
LAB_ONLY_TAG = "lab-only"


def test_there_are_notebooks() -> None:
    assert NOTEBOOKS, "notebooks/ holds no notebook"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_committed_without_outputs(path: Path) -> None:
    nb = read(path)
    with_outputs = [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and c.outputs]
    assert not with_outputs, f"{path.name}: cells {with_outputs} have outputs; clear them"


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_executes(path: Path) -> None:
    """Every cell runs without an error. Where the Voilà page test runs (as under CI), it runs
    each notebook on a fresh kernel and fails on any error output, so the notebook is run once,
    there, rather than twice."""
    if pages_run_here():
        pytest.skip("run, and checked for errors, by tests/integration/test_voila_pages.py")
    nbformat = pytest.importorskip("nbformat", reason="needs the notebook extra")
    nbclient = pytest.importorskip("nbclient", reason="needs the notebook extra")
    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    client.execute()
    errors = [
        o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"
    ]
    assert not errors


#: A line that starts a list item: its indentation, then the marker.
LIST_ITEM = re.compile(r"(\s*)([-+*]|\d+[.)])\s")


def starts_a_list_by_accident(before: str, line: str) -> bool:
    """Whether Markdown reads ``line`` (after ``before``) as a new list item the writer did not
    mean: a sentence wrapped just before "1." or "+ 2)" turns into a list item.

    Markdown starts a numbered list at a line "1. ..." even inside a paragraph; a line starting
    with "-", "+" or "*" starts a list after a paragraph too, and inside a list item (an indented
    line) a nested list. A list the writer meant follows a blank line, or another item of it.

    Example:
        >>> starts_a_list_by_accident("  (a lone seller earns price", "  + 2). Shops keep")
        True
        >>> starts_a_list_by_accident("* **End.** the highest total wins.", "* **Special cards**")
        False
    """
    item = LIST_ITEM.match(line)
    if item is None or not before.strip():
        return False
    indented, marker = item.groups()
    in_a_list = LIST_ITEM.match(before) is not None or before[:1].isspace()
    return bool(indented) or marker == "1." or marker == "1)" or (marker in "-+*" and not in_a_list)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_line_of_text_starts_a_list_by_accident(path: Path) -> None:
    nb = read(path)
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "markdown":
            continue
        lines = cell.source.splitlines()
        for before, line in itertools.pairwise(lines):
            assert not starts_a_list_by_accident(before, line), (
                f"{path.name}, cell {index}: {line.strip()[:60]!r} starts a list inside a paragraph"
            )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_sentence_ends_twice(path: Path) -> None:
    # "... two bots.. Press": a full stop doubled where two pieces of text were joined.
    for index, cell in enumerate(read(path).cells):
        if cell.cell_type == "markdown":
            doubled = re.search(r"\w[*_]?(?<!\.)\.\.(?!\.)", cell.source)
            assert doubled is None, f"{path.name}, cell {index}: {doubled.group()!r}"


#: Seats counted from 0, as the code counts them, in text for people (who count from 1: P1, J1).
FROM_ZERO = re.compile(r"\b[PJ]0\b|\bseat 0\b|\bsiège 0\b|[\"']P\{|numbers seats from 0")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_people_read_seats_counted_from_1(path: Path) -> None:
    # Prose, comments and the labels the code writes (f"P{seat}" would print P0): code keeps
    # 0-based seats, and seat_label turns one into P1.
    nb = read(path)
    found = [
        (index, match.group(0), cell.source[max(0, match.start() - 30) : match.end() + 30])
        for index, cell in enumerate(nb.cells)
        for match in FROM_ZERO.finditer(cell.source)
    ]
    assert not found, f"{path.name}: seats counted from 0: {found}"


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(lessons.FIGURE_SETS))
def test_lesson_data_is_what_the_games_give(name: str) -> None:
    # The notebooks read these files instead of playing the games when they open: playing them
    # again must give the very same files (python -m tradekit.sim.lessons writes them).
    assert lessons.differences(name, ROOT / lessons.DATA_DIR) == []


def test_every_lesson_data_file_is_made_by_a_figure_set() -> None:
    made = {f"{stem}.csv" for stems in lessons.FILES.values() for stem in stems}
    shipped = {p.name for p in (ROOT / lessons.DATA_DIR).glob("*.csv")}
    assert shipped == made, "notebooks/data holds files no figure set makes, or lacks some"
    assert set(lessons.FILES) == set(lessons.FIGURE_SETS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_jupyterlab_instructions_are_left_out_of_voila(path: Path) -> None:
    # The Voilà page test checks the pages themselves; this says which cell is at fault.
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    untagged = [
        index
        for index, cell in enumerate(cells)
        if LAB_ONLY.search("".join(cell["source"]))
        and LAB_ONLY_TAG not in cell["metadata"].get("tags", [])
    ]
    assert not untagged, f"{path.name}, cells {untagged}: JupyterLab instructions not tagged"


def test_voila_removes_the_lab_only_cells() -> None:
    # `voila` run from the repo root (dev.py app, the page test) reads voila.json; Binder's
    # Voilà extension reads the Jupyter server's settings, which binder/postBuild writes.
    config = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    assert LAB_ONLY_TAG in config["TagRemovePreprocessor"]["remove_cell_tags"]
    post_build = (ROOT / "binder" / "postBuild").read_text(encoding="utf-8")
    # Into the Jupyter configuration folder in use (the Binder test checks the copy is made).
    assert 'cp voila.json "${config}/jupyter_server_config.json"' in post_build
    assert 'config="${JUPYTER_CONFIG_DIR:-${HOME}/.jupyter}"' in post_build


def test_readme_links_open_notebooks_that_exist() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    linked = re.findall(r"urlpath=(?:lab/tree|voila/render)/(notebooks/[\w.-]+\.ipynb)", readme)
    assert linked, "the README links no notebook"
    missing = sorted({path for path in linked if not (ROOT / path).is_file()})
    assert not missing, f"the README links notebooks that do not exist: {missing}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_readme_links_every_notebook_in_jupyterlab_and_voila(path: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for opens in ("lab/tree", "voila/render"):
        assert f"?urlpath={opens}/notebooks/{path.name})" in readme, (
            f"the README's Binder table has no {opens} link to {path.name}"
        )
