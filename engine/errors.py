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
