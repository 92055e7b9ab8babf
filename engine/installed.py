"""Where the kinds are found: the entry points of the group ``turnlog.kinds``, turnlog's own first.

turnlog's own kinds are the table ``[project.entry-points."turnlog.kinds"]`` of its
pyproject.toml. An installed wheel carries that table in its metadata; a source checkout
(uninstalled, ``PYTHONPATH=.``, or installed editable) reads it from the checkout's pyproject.toml
itself, so the code and its table never disagree, even where the editable install's metadata
predates a change to the table. Other
distributions' entry points of the group are plugins, found through their metadata only (their
``*.dist-info/entry_points.txt``), after turnlog's own in the order Python finds them.
"""
from __future__ import annotations

import tomllib
from functools import cache
from importlib.metadata import EntryPoint, PackageNotFoundError, distribution, entry_points
from pathlib import Path

GROUP = "turnlog.kinds"
OWN = "turnlog"


class KindTableError(RuntimeError):
    """turnlog's own table of kinds cannot be found: a broken or out-of-date installation."""


def _checkout_pyproject() -> Path | None:
    """The pyproject.toml of the source checkout this turnlog runs from, or None when installed."""
    import turnlog
    root = Path(turnlog.__file__).resolve().parent.parent
    path = root / "pyproject.toml"
    if not (root / "engine" / "__init__.py").is_file() or not path.is_file():
        return None
    return path if f'name = "{OWN}"' in path.read_text(encoding="utf-8") else None


def _from_pyproject(path: Path) -> dict[str, str]:
    with path.open("rb") as f:
        project = tomllib.load(f).get("project", {})
    if project.get("name") != OWN:
        raise KindTableError(f"{path}: not turnlog's pyproject.toml")
    table = project.get("entry-points", {}).get(GROUP)
    if not table:
        raise KindTableError(f'{path}: no table [project.entry-points."{GROUP}"] names '
                             "turnlog's own kinds")
    return dict(table)


def _from_metadata() -> dict[str, str]:
    try:
        found = distribution(OWN).entry_points
    except PackageNotFoundError:
        found = ()
    table = {ep.name: ep.value for ep in found if ep.group == GROUP}
    if not table:
        raise KindTableError(f"the installed turnlog's metadata names no kinds (entry-point group "
                             f"{GROUP}): it was installed before the kinds were entry points; install "
                             "it again (`pip install -e .` in a checkout, `pip install "
                             "--force-reinstall turnlog` otherwise)")
    return table


@cache
def own() -> dict[str, str]:
    """turnlog's own kinds: name -> ``module:attribute`` of the kind object, in table order."""
    path = _checkout_pyproject()
    return _from_pyproject(path) if path is not None else _from_metadata()


def plugins() -> dict[str, str]:
    """Other distributions' kinds of the group: name -> ``module:attribute`` (or a module)."""
    mine = own()
    out: dict[str, str] = {}
    for ep in entry_points(group=GROUP):
        dist = getattr(ep, "dist", None)
        if dist is not None and (dist.metadata["Name"] or "").lower() == OWN:
            continue  # turnlog's own, read from its table above
        if ep.name not in mine:
            out.setdefault(ep.name, ep.value)
    return out


@cache
def table() -> dict[str, str]:
    """Every installed kind, turnlog's own first: name -> what its entry point names (read once)."""
    return {**own(), **plugins()}


def load(name: str, value: str):
    """Import what the entry point ``name`` names: a kind, or a module whose import registers."""
    return EntryPoint(name=name, value=value, group=GROUP).load()
