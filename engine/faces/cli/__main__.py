"""``python -m turnlog.engine.faces.cli``: the command line, in process (app.py's ``main``)."""
import sys

from .app import main

sys.exit(main())
