"""The run order tests/conftest.py gives by path (which modules go first, which share a page) names files that
exist: a file moved or renamed without its entry would silently lose its place (and its shared page)."""

from __future__ import annotations

import pytest

from tests.conftest import LONG_FIRST, ONE_PAGE_MODULES, ROOT, WHILE_THE_SITE_BUILDS


@pytest.mark.parametrize("path", sorted({*LONG_FIRST, *WHILE_THE_SITE_BUILDS, *ONE_PAGE_MODULES}))
def test_every_scheduled_module_exists(path):
    assert (ROOT / path).is_file(), f"{path} no existe: actualiza su lista en tests/conftest.py"


def test_the_modules_that_run_while_the_site_builds_do_not_need_it():
    assert not [p for p in WHILE_THE_SITE_BUILDS if p.startswith(("tests/browser/", "tests/site/"))]
