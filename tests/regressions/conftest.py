"""Regression tests kept from failing fuzz examples; they import the harness package from tests/."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
