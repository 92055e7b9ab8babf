"""Where the kinds are found: the entry points of the group ``turnlog.kinds``, turnlog's own first.

turnlog's own kinds are the table ``[project.entry-points."turnlog.kinds"]`` of its
pyproject.toml. An installed wheel carries that table in its metadata; a source checkout
(uninstalled, ``PYTHONPATH=.``, or installed editable) reads it from the checkout's pyproject.toml
itself, so the code and its table never disagree, even where the editable install's metadata
predates a change to the table. Other
distributions' entry points of the group are plugins, found through their metadata only (their
``*.dist-info/entry_points.txt``), after turnlog's own in the order Python finds them.

importlib.metadata is imported only when the metadata is read (an installed wheel's own table, the
plugins' scan): a game that names only turnlog's kinds, run from a checkout, never pays for it (it
costs about as much as the interpreter's own start).
"""
from __future__ import annotations

import re
from functools import cache, reduce
from importlib import import_module
from pathlib import Path

GROUP = "turnlog.kinds"
OWN = "turnlog"


class KindTableError(RuntimeError):
    """turnlog's own table of kinds cannot be found: a broken or out-of-date installation."""


class KindNotInstalled(RuntimeError):
    """A game names a kind this installation lacks (or cannot import): the environment, not the log.

    ``name`` is the kind; the message says which entry point a distribution must provide."""

    def __init__(self, name: str, broken: str = ""):
        self.name = name
        if broken:
            text = (f"this game uses kind {name!r}, which is installed but failed to import ({broken}): "
                    f"repair the distribution that provides the {GROUP} entry point {name!r}")
        else:
            text = (f"this game uses kind {name!r}, which is not installed (pip install the distribution "
                    f"that provides the {GROUP} entry point {name!r})")
        super().__init__(text)


def _checkout_pyproject() -> Path | None:
    """The pyproject.toml of the source checkout this turnlog runs from, or None when installed."""
    import turnlog
    root = Path(turnlog.__file__).resolve().parent.parent
    path = root / "pyproject.toml"
    if not (root / "engine" / "__init__.py").is_file() or not path.is_file():
        return None
    return path if f'name = "{OWN}"' in path.read_text(encoding="utf-8") else None


#: A line of the kinds' table as pyproject.toml writes it: ``name = "module:attribute"``.
_ENTRY = re.compile(r'([A-Za-z0-9_-]+) = "([A-Za-z0-9_.:]+)"')


def _from_pyproject(path: Path) -> dict[str, str]:
    text = path.read_text(encoding="utf-8")
    quick = _table_lines(text)
    if quick:  # every command reads it: TOML's parser (ms of a process's start) only if it must
        return quick
    import tomllib
    project = tomllib.loads(text).get("project", {})
    if project.get("name") != OWN:
        raise KindTableError(f"{path}: not turnlog's pyproject.toml")
    table = project.get("entry-points", {}).get(GROUP)
    if not table:
        raise KindTableError(f'{path}: no table [project.entry-points."{GROUP}"] names '
                             "turnlog's own kinds")
    return dict(table)


def _table_lines(text: str) -> dict[str, str] | None:
    """The kinds' table when its section holds only plain ``name = "module:attribute"`` lines (and
    blank lines or comments) and ``[project]`` begins with turnlog's name; else None (tomllib reads
    the file)."""
    head = f'[project.entry-points."{GROUP}"]\n'
    start = text.find(head)
    if start < 0 or text.count(head) != 1 or f'\n[project]\nname = "{OWN}"\n' not in f"\n{text}":
        return None
    table: dict[str, str] = {}
    for line in text[start + len(head):].split("\n"):
        line = line.strip()
        if line.startswith("["):
            break
        if not line or line.startswith("#"):
            continue
        found = _ENTRY.fullmatch(line)
        if found is None or found[1] in table:
            return None
        table[found[1]] = found[2]
    return table or None


def distribution(name: str):
    """importlib.metadata's distribution called ``name`` (imported on first use)."""
    from importlib.metadata import distribution as found
    return found(name)


def _from_metadata() -> dict[str, str]:
    from importlib.metadata import PackageNotFoundError
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
    from importlib.metadata import entry_points
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
    """Import what the entry point ``name`` names: a kind, or a module whose import registers.

    Resolved as importlib.metadata's EntryPoint.load resolves ``module[:attr[.attr]] [extras]``, without
    importing importlib.metadata."""
    module, _colon, attr = value.split("[", 1)[0].partition(":")
    if not module.strip():
        raise ValueError(f"entry point {name} = {value!r}: not module or module:attribute")
    attrs = filter(None, attr.strip().split("."))
    return reduce(getattr, attrs, import_module(module.strip()))
