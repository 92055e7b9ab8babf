"""The debug REPL: the shell (shell.py), its command mixins and the short form of a command.

shell.py holds the shell and gathers the mixins: cursor.py (the cursor and acting), board.py, rules.py,
breakpoints.py and due.py (`status`: whose move at the cursor); shortform.py parses ``move A1 B2``.
``Shell`` and ``parse_short`` are read here by tests and hosts.
"""
from .shell import Shell
from .shortform import parse_short

__all__ = ["Shell", "parse_short"]
