"""The page of a hosted game."""
from __future__ import annotations


def routes(games) -> list:
    return []
