"""The peer's aggregate, in its own module so eventsourcing can name it by topic (imported lazily)."""
from __future__ import annotations

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event


class Board(Aggregate):
    """The board as facts: one simple event type whose apply stores into a plain dict."""

    def __init__(self, name: str):
        self.name = name
        self.facts: dict[str, str] = {}

    @event("Changed")
    def change(self, kind: str, key: str, value: str) -> None:
        self.facts[kind + "/" + key] = value


__all__ = ["Application", "Board"]
