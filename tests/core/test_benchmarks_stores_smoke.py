"""benchmarks/stores.py runs end to end at a trivial size (both stores, writers, replay); it asserts no time."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # benchmarks/ is not an installed package
    sys.path.insert(0, str(ROOT))

from benchmarks import stores  # noqa: E402
from store_backends import cluster  # noqa: E402


def test_the_store_benchmark_runs(tmp_path, monkeypatch):
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    (tmp_path / "work").mkdir()
    monkeypatch.chdir(cwd)
    c = cluster()
    fig = stores.run(games=3, m=2, k=4, r=5, pg_base=f"postgresql:///turnlog_tests?host={c.socket}&user=postgres",
                     work=tmp_path / "work")
    for name in ("sqlite", "postgres"):
        assert fig[name]["commands"] == 8
        assert fig["replay"][name]["events"] == fig["replay"]["sqlite"]["events"]
    assert list(cwd.iterdir()) == []  # the copied game's seed sidecar stays in the work folder
