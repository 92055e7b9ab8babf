"""The registry of procedure kinds; a new combat system is one more entry."""
from __future__ import annotations

from . import turn
from .attrition import procedure as attrition

KINDS = (turn.KIND, attrition.KIND)
