"""The peer: the ``eventsourcing`` library with its SQLite persistence, on the same events.

One aggregate (the board) with one simple event type, ``Changed(kind, key,
value)``, whose apply stores into a plain dict: the least a board needs.
Each generated event becomes one ``Changed``; the generated commands become
the saves, so the peer writes and reads the same number of events.
Benchmark-only dependency (the ``bench`` extra), imported lazily.
"""
from __future__ import annotations

from pathlib import Path

from turnlog.events.codec import decode_current

Fact = tuple[str, str, str]


def facts(raw_rows) -> list[Fact]:
    """(kind, key, value) of each event: what the peer's board keeps."""
    out = []
    for _seq, type_, data in raw_rows:
        ev = decode_current(data)
        if type_ == "UnitMoved":
            out.append(("where", ev.unit, ev.to_hex))
        elif type_ == "SupplyChanged":
            out.append(("supply", ev.unit, ev.supply))
        elif type_ == "ControlChanged":
            out.append(("control", ev.hex, ev.faction))
        elif type_ == "DieRolled":
            out.append(("roll", ev.key, str(ev.value)))
        elif type_ == "NoteAdded":
            out.append(("note", str(ev.at_seq), ev.text))
        else:
            out.append(("other", type_, data if len(data) < 200 else data[:200]))
    return out


def available() -> bool:
    try:
        import eventsourcing  # noqa: F401
    except ImportError:
        return False
    return True


def version() -> str:
    from importlib.metadata import version as v
    return v("eventsourcing")


class Peer:
    """An eventsourcing application on one SQLite file."""

    def __init__(self, path: Path):
        for suffix in ("", "-wal", "-shm"):
            Path(str(path) + suffix).unlink(missing_ok=True)
        from ._es import Application, Board
        self.Board = Board
        self.app = Application(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path)})
        self.board = None

    def append_bulk(self, items: list[Fact]) -> object:
        """Every event in one save (one transaction): the peer's bulk import."""
        board = self.Board(name="bench")
        change = board.change
        for kind, key, value in items:
            change(kind, key, value)
        self.app.save(board)
        self.board = board
        return board.id

    def append_per_command(self, items: list[Fact], sizes: list[int]) -> object:
        """One save (one transaction) per command of ``sizes[i]`` events."""
        board = self.Board(name="bench")
        self.app.save(board)
        change, save, it = board.change, self.app.save, iter(items)
        for n in sizes:
            for _ in range(n):
                change(*next(it))
            save(board)
        self.board = board
        return board.id

    def replay(self, aggregate_id) -> dict:
        """Rebuild the board from every stored event (no snapshots)."""
        return self.app.repository.get(aggregate_id).facts

    def close(self) -> None:
        self.app.close()
