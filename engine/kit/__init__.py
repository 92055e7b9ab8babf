"""The shared procedure kit: pieces every combat system uses (docs/design.md, "The procedure kit").

``tables``: combat-table files a user supplies (docs/tables.md); ``cells``: the grammars that read a cell;
``sequence``: the turn sequence as data; ``choices``: what every kind's ``legal()`` lists.
"""
