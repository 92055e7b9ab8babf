"""docs/api.md: the embedding example on the page runs as written (in a fresh folder)."""
from __future__ import annotations

import contextlib
import io
import os
import re

from fixtures.imports import ROOT


def test_the_example_in_docs_api_runs(tmp_path):
    text = (ROOT / "docs" / "api.md").read_text()
    code = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        with contextlib.redirect_stdout(io.StringIO()) as out:
            exec(compile(code, "docs/api.md", "exec"), {})
    finally:
        os.chdir(here)
    assert "14.51 3 units offered but the result calls for 2" in out.getvalue()
