"""The shared procedure kit: pieces every combat system uses (docs/design.md, "The procedure kit").

``machine``: a phase table built into a Machine, with roles and diagrams; ``kind``: MachineKind, the generic
half of a kind; ``choices``: what every kind's ``legal()`` lists; ``tables``: combat-table files a
user supplies (docs/tables.md); ``cells``: the grammars that read a cell; ``odds``: attack against defence,
rounded, read to a column and shifted; ``losses``: a loss list against a result, with its shortfall;
``retreat``: one retreat command shape, its checker with a per-system hook, simultaneous events;
``modifiers``, ``sequence``: exact modifiers, the turn sequence as data.
"""
