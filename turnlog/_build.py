"""The build backend: setuptools', with an editable install that type checkers can read.

pyproject.toml installs the folders engine/, events/ and projections/ as turnlog.engine,
.events and .projections. setuptools' default editable install reaches such remapped packages
through an import hook, which mypy and other static checkers cannot follow, so a host program's
imports of turnlog type-checked only against a wheel. ``pip install -e .`` therefore builds
setuptools' strict editable install (a tree of links to the checkout's files, on a .pth path
line) unless ``--config-settings editable_mode=`` names another: edits to existing files are seen
at once; a module added later needs ``pip install -e .`` again, as a changed entry-point table
already does (docs/api.md).
"""
from __future__ import annotations

from setuptools import build_meta as _meta
# every hook of PEP 517 and 660 as setuptools has it; build_editable below replaces its own
from setuptools.build_meta import *  # noqa: F401,F403


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    """setuptools' editable wheel, in strict mode unless the caller chose a mode."""
    settings = dict(config_settings or {})
    settings.setdefault("editable_mode", "strict")
    return _meta.build_editable(wheel_directory, settings, metadata_directory)
