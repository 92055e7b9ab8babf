"""README's command table shows every option of `reveal` the parser has, the completion and version
commands, and says that the demos roll from a published seed (their verdict says "the dice seed is public")."""
from __future__ import annotations

from turnlog.engine.faces.cli.args import build_parser

from fixtures.backbone import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def _options(command: str) -> set[str]:
    sub = next(a for a in build_parser()._actions if a.dest == "cmd").choices[command]
    return {o for a in sub._actions for o in a.option_strings if o.startswith("--") and o != "--help"}


def test_the_reveal_row_names_every_option():
    # --synchronous is every game command's (docs/reliability.md), listed once rather than in each row
    row = next(line for line in README.splitlines() if line.startswith("| `turnlog reveal"))
    assert {o for o in _options("reveal") - {"--synchronous"} if o not in row} == set(), row


def test_the_readme_names_the_completion_and_version_commands():
    assert "| `turnlog completion bash" in README and "| `turnlog --version`" in README


def test_the_readme_says_the_demos_use_a_published_seed():
    assert "published in the source" in README and "VERIFIED, but the dice seed is public" in README
