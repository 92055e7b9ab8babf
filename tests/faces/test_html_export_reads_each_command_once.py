"""The HTML replay explains every event with its command: the page reads the command rows once, not one
binary search of the log per event (a 10,000-event game made ~140,000 statements)."""
from __future__ import annotations

from turnlog.engine.commands import AddNote
from turnlog.events.logread import LogReads

from fixtures.backbone import rolled
from html_browser import export_html, page_data


def test_export_reads_no_command_row_by_id_per_event(tmp_path, monkeypatch):
    with rolled(tmp_path / "g.db") as g:
        for i in range(5):
            g.execute(AddNote(text=f"note {i}"))
        events = g.state.seq
    looked_up = []
    real = LogReads.command

    def counted(self, cid):
        looked_up.append(cid)
        return real(self, cid)
    monkeypatch.setattr(LogReads, "command", counted)
    out = tmp_path / "g.html"
    assert export_html(tmp_path / "g.db", out) == 0
    steps = page_data(out)["steps"]
    assert len(steps) == events
    assert len(looked_up) < events // 2, f"{len(looked_up)} command rows looked up for {events} events"
