"""Every file README.md and docs/*.md point a reader to exists in the repository: a markdown link's
relative target (from the document's folder) and a repository path that names a file (`engine/x.py`,
backticked or not, from the root). A path with a wildcard or a placeholder (`*`, `<kind>`) is a
pattern, not a file. docs/design.md's count of the toy kind's lines is the count of its files."""
from __future__ import annotations

import re

from fixtures.backbone import ROOT

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")
FOLDERS = "engine|events|projections|turnlog|tests|docs|benchmarks|\\.ci"
EXTENSIONS = "py|md|toml|json|jsonl|txt|html|js|css|sh"
FILE = re.compile(rf"(?<![\w./-])((?:{FOLDERS})/[\w./<>*-]*\.(?:{EXTENSIONS}))\b")


def _links(doc) -> list[str]:
    out = []
    for target in LINK.findall(doc.read_text(encoding="utf-8")):
        path = target.split("#")[0]
        url = re.match(r"[a-z][a-z0-9+.-]*:", target)
        if path and not url and not (doc.parent / path).exists():
            out.append(target)
    return out


def _paths(doc) -> list[str]:
    text = doc.read_text(encoding="utf-8")
    named = {p for p in FILE.findall(text) if not re.search(r"[*<>]", p)}
    return sorted(p for p in named if not (ROOT / p).exists())


def test_every_relative_link_in_the_docs_names_a_file_that_exists():
    missing = {doc.name: got for doc in DOCS if (got := _links(doc))}
    assert missing == {}


def test_every_repository_file_the_docs_name_exists():
    missing = {doc.name: got for doc in DOCS if (got := _paths(doc))}
    assert missing == {}


def test_the_checks_find_a_missing_file(tmp_path):
    doc = tmp_path / "x.md"
    doc.write_text("see [it](gone.md), [the tables](#tables), `engine/gone.py`, engine/kinds.py\n")
    assert _links(doc) == ["gone.md"] and _paths(doc) == ["engine/gone.py"]


def test_design_md_counts_the_toy_kinds_lines_as_they_are():
    files = sorted((ROOT / "tests" / "support" / "skirmish").glob("*.py"))
    lines = sum(len(f.read_text(encoding="utf-8").splitlines()) for f in files)
    design = " ".join((ROOT / "docs" / "design.md").read_text(encoding="utf-8").split())
    assert f"(INVENTED rules, {lines} lines in {len(files)} files" in design
