"""Volley fire: an INVENTED combat system for turnlog, from no published game (docs/kinds.md builds it).

V.1 the active side fires at an enemy-held hex with units next to it, each once a turn; V.2 a die on the INVENTED
table (volley-crt.toml) at firing to target factors; V.3 the defender loses units totalling the result, none beyond
need; V.4 on R the survivors retreat one hex, not into an enemy's, V.5 next to a firer only if no other hex is open.
"""
