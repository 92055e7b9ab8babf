"""Refusals: a rule forbids the command, or the input itself is bad."""
from __future__ import annotations


class RuleViolation(Exception):
    """A command the rules refuse; ``rule`` is the rule number that forbids it."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"rule {rule}: {message}")
        self.rule = rule
        self.message = message


class CommandError(ValueError):
    """A command that cannot be read: unknown id, wrong type, missing field."""


class ScenarioError(ValueError):
    """A scenario file refused before anything is written; names the field path."""


#: SQLite's primary result codes that say the disk, not the file's content, failed.
SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN = 8, 10, 13, 14


def sqlite_code(err: Exception) -> int | None:
    """SQLite's primary result code of ``err`` (None when the error carries none)."""
    code = getattr(err, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


ROLLED_BACK = "the command was rolled back, nothing of it is written"


def not_text(err: Exception) -> bool:
    """Whether ``err`` is Python's reader meeting bytes that are no UTF-8 in a text column.

    Python's own error carries no SQLite result code, so no file's trigger can pass for it (a trigger's
    ABORT carries its code, whatever its words)."""
    return sqlite_code(err) is None and "Could not decode to UTF-8" in str(err)


def sqlite_failure(err: Exception, undone: str = ROLLED_BACK) -> str:
    """What a SQLite failure under a write means for the user; the failed command was rolled back.

    Judged by SQLite's result code, never by the message's words: a trigger of a hostile file may
    ABORT with any text ("the disk is full"), and its text is quoted escaped, as the file's.
    """
    from turnlog.projections.narrative import printable
    code, text = sqlite_code(err), printable(str(err))
    if not_text(err):
        return (f"the game file holds a row that is no UTF-8 text ({text}): it was edited outside "
                f"turnlog, and `turnlog verify` names it; {undone}")
    if code is None:  # an error made by hand (a proxy in the tests): its words are all there is
        code = SQLITE_FULL if "full" in text else SQLITE_READONLY if "readonly" in text else 0
    if code == SQLITE_FULL:
        return f"the disk is full ({text}); {undone}: free some space and run it again"
    if code == SQLITE_IOERR:
        return (f"a disk I/O error ({text}): is the disk full or failing? "
                f"{undone[0].upper()}{undone[1:]}")
    if code == SQLITE_READONLY:
        return f"the game file cannot be written ({text}); reading commands (log, show, verify) still work"
    return f"the game file refused the write ({text}); {undone}"
