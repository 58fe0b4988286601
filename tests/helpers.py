"""Helpers shared by test files: paths, and playing seeded random games.

Fixtures (such as the session-wide ``corpus`` of finished games) live in ``tests/conftest.py``;
plain functions that tests call with arguments live here.
"""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent
"""The ``tests/`` folder."""
REPO = TESTS.parent
"""The top of the repository."""
DATA = REPO / "data"
"""The shipped data tables, one folder per game."""
TEST_DATA = TESTS / "data"
"""Files the tests read: recorded playthroughs, saves from the first release."""
