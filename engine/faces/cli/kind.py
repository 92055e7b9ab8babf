"""`turnlog kind new NAME`: write a working kind's skeleton into a new folder (engine/faces/cli/kind_templates.py).

The skeleton is a distribution of its own (``turnlog-NAME/``: pyproject.toml with its entry point, the
package, a scenario and tests) written against ``turnlog.kit`` alone; as written it passes the conformance
kit (``turnlog.testing``). Nothing that exists is overwritten: the folder must be new.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path
from string import Template

from turnlog import __version__

from ...errors import CommandError
from . import kind_templates as K

#: A kind's name: it names a Python package, an entry point and its state's key.
NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")


def camel(name: str) -> str:
    """The stem of the kind's commands and events: ``river_fire`` -> ``RiverFire``."""
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


def write(name: str, where: Path) -> Path:
    """Write ``turnlog-NAME/`` under ``where``; CommandError naming the field when it cannot, nothing written."""
    if not NAME.fullmatch(name) or name in sys.stdlib_module_names or name in ("turnlog", "test", "tests"):
        raise CommandError(f"name: {name!r} is not a kind name: lower-case letters, digits and _, starting "
                           "with a letter, at most 32, and not a module Python or turnlog already has")
    root = where / f"turnlog-{name}"
    if root.exists():
        raise CommandError(f"dir: {root} already exists; `turnlog kind new` writes only into a new folder")
    if not where.is_dir():
        raise CommandError(f"dir: {where} is not a folder")
    words = {"name": name, "Camel": camel(name), "first": name[:1].upper(), "version": __version__}
    texts = {Template(path).substitute(words): Template(text).substitute(words) for path, text in K.FILES.items()}
    root.mkdir()
    for path, text in texts.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target, "x", encoding="utf-8") as out:
            out.write(text)
    return root


def cmd_kind_new(args) -> int:
    """Write the skeleton and say what to do next."""
    root = write(args.name, Path(args.dir))
    print(f"wrote {root}: install it with `pip install -e {root}`, run its tests with `pytest {root}`, "
          f"then replace the INVENTED placeholder rules in {root / args.name / 'kind.py'}")
    return 0
