"""A toy kind, "skirmish", laid out as a built-in one (INVENTED rules, from no game).

An attacker names an enemy unit; a die (the scenario's named d6 ``hit``) decides; on a hit the unit
is removed. The folder is the whole kind: commands.py, events.py, projection.py (the fold),
machine.py, narrative.py, view.py (what it shows on the board) and procedure.py (the kind object).
Nothing in turnlog names it: registering it (``turnlog.register_kind``, or an entry point of the
group ``turnlog.kinds``) teaches the parser, the log, the fold, snapshots, verify, the CLI and
every face (tests/kit/test_kit_toy_procedure_plugs_in.py,
tests/kit/test_a_kind_installed_as_a_distribution_plugs_in.py).
"""
