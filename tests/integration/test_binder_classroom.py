"""Binder runs ``notebooks/classroom.ipynb``, which serves a class: ``binder/requirements.txt``
holds the ``classroom`` extra of pyproject.toml, with the same bounds."""

from __future__ import annotations

import tomllib

from tests.integration.test_binder import ROOT, _name, requirements


def test_requirements_hold_the_classroom_extra() -> None:
    from packaging.requirements import Requirement

    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    reqs = requirements()
    for spec in extra["classroom"]:
        name = _name(spec)
        assert name in reqs, f"binder/requirements.txt lacks {name} (classroom extra: {spec})"
        assert Requirement(reqs[name]).specifier == Requirement(spec).specifier, (spec, reqs[name])
