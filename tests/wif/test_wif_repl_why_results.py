"""The REPL's `why` and `legal` answer for a combat's results (11.16.5-R3, R4e, K1a, K2a, K2b): the casualty points
of each loss, the type the defender named, the kampfgruppe and its build. INVENTED position, SYNTHETIC table."""
from __future__ import annotations

import io

from turnlog import commands as c
from turnlog.engine.faces.repl import Shell

from test_wif_ex_r_ex_k_through_the_game import game


def run(g, *lines: str) -> str:
    out = io.StringIO()
    Shell(g, stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out, history=None).cmdloop()
    return out.getvalue()


def _seq_of(g, type_name: str) -> int:
    return max(s for s, _cid, ev, _a in g.rows(1, g.log.last()[0]) if type(ev).__name__ == type_name)


def test_why_and_legal_for_losses_and_kampfgruppen(tmp_path):
    """11.16.5-R3, 11.16.5-R4e, 11.16.5-K1a, 11.16.5-K2b: each line names its clause."""
    g = game(tmp_path)
    assert "DesignateFirstLossType procedure=L1 kind: one of arm, invasion (11.16.5-R4e)" in run(g, "legal")
    g.execute(c.DesignateFirstLossType(procedure="L1", kind="arm"))
    g.execute(c.TakeLandCombatLosses(procedure="L1", side="attacker", units=["mech1"]))
    g.execute(c.TakeLandCombatLosses(procedure="L1", side="defender", units=["einf"]))
    g.execute(c.StartPhase(phase="production"))
    g.execute(c.BuildWithKampfgruppe(credit="KG1", unit_class="INF"))
    text = run(g, f"why {_seq_of(g, 'FirstLossTypeDesignated')}", f"why {_seq_of(g, 'LandCombatLossesTaken')}",
               f"why {_seq_of(g, 'KampfgruppeFormed')}", f"why {_seq_of(g, 'KampfgruppeBuildRecorded')}")
    assert "11.16.5-R4a: arm would take one of mech1" in text
    assert "11.16.5-R3: a corps pays 1, a division or gun 1/2" in text
    assert "11.16.5-K1a: a corps, not HQ-A, HQ-I or MIL; white print" in text
    assert "11.16.5-K2b: its own class, INF or MIL" in text
    g.close()
