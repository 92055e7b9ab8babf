"""The `turnlog` console script: parse the arguments first, import the engine only for a command that runs.

pyproject's entry point. ``turnlog --help`` and a usage error end in the parser (engine/faces/cli/args.py),
so they cost little more than the interpreter's start; engine/faces/cli/app.py ``main`` does the same in one
step for a caller that has the engine imported already (the tests, a host).
"""
from __future__ import annotations

import sys

from .args import build_parser, completion


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.fn == "cmd_completion":  # no game and no engine: the script is the parser's
        sys.stdout.write(completion(args.shell))
        return 0
    from . import app
    return app.run(args)


if __name__ == "__main__":
    sys.exit(main())
