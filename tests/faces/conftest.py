"""Fixtures the face tests share."""
from __future__ import annotations

import io
from contextlib import redirect_stdout

import pytest

from turnlog.engine.faces.cli import main


@pytest.fixture(scope="module")
def demos(tmp_path_factory):
    """A folder of the demo games as `turnlog demo` writes them (once per test module)."""
    d = tmp_path_factory.mktemp("demo")
    with redirect_stdout(io.StringIO()):
        assert main(["demo", "--dir", str(d)]) == 0
    return d
