"""The faces of turnlog: what people see and type (CLI, REPL, SVG, diff, explanations, export/import files).

Nothing in the core (engine/ outside this package, events/, projections/) imports these modules
(tests/core/test_layout_faces_apart.py): a host program embeds the core without them.
"""
