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


def sqlite_failure(err: Exception) -> str:
    """What a SQLite failure under a write means for the user; the failed command was rolled back."""
    text = str(err)
    if "full" in text:
        return (f"the disk is full ({text}); the command was rolled back, nothing of it is written: "
                "free some space and run it again")
    if "readonly" in text or "read-only" in text:
        return f"the game file cannot be written ({text}); reading commands (log, show, verify) still work"
    return f"the game file could not be written ({text}); the command was rolled back"
