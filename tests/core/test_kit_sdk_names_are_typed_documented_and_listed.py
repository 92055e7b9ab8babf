"""turnlog.kit, the kind SDK, is one stable module: every name in its ``__all__`` resolves, carries a
docstring and is listed in docs/api.md (what "stable" means is said there); turnlog.testing likewise."""
from __future__ import annotations

import inspect
import re

import turnlog.kit as kit
import turnlog.testing as testing

from fixtures.backbone import ROOT

API = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")


def test_every_sdk_name_resolves_and_has_a_docstring():
    for module in (kit, testing):
        assert module.__all__ and len(set(module.__all__)) == len(module.__all__)
        for name in module.__all__:
            value = getattr(module, name)
            if inspect.ismodule(value) or inspect.isclass(value) or callable(value):
                assert (value.__doc__ or "").strip(), f"{module.__name__}.{name} has no docstring"


def test_every_sdk_name_is_listed_in_the_api_doc_with_the_semver_promise():
    listed = set(re.findall(r"`([A-Za-z_]+)`", API))
    assert not [n for n in kit.__all__ if n not in listed]
    assert not [n for n in testing.__all__ if n not in listed]
    assert "semantic versioning" in API and "## The kind SDK: `turnlog.kit`" in API

