"""``python -m turnlog``: the turnlog command line (the same as the installed ``turnlog`` script)."""
import sys

from .engine.faces.cli import main

sys.exit(main())
