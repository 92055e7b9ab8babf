"""The replay page's HTML, with its script and style (engine/faces/html/replay.py fills in the data and the board).

The script and the style are files shipped with the package (engine/faces/html/assets/replay.js, replay.css):
this page inlines their text, a served page links them (engine/faces/serve/page.py). The script reads
the data from ``<script type="application/json" id="turnlog-data">``, rebuilds the board at a step from
the per-event deltas (a keyframe every ``KEY`` steps), and writes every text with ``textContent``:
nothing of the log is parsed as markup. The page's Content-Security-Policy allows only
this script and this style (by their SHA-256) and no network at all.
"""
from __future__ import annotations

import base64
import hashlib
from functools import cache
from html import escape
from pathlib import Path

#: The folder of the page's scripts and styles, shipped as package data (pyproject.toml).
ASSETS = Path(__file__).resolve().parent / "assets"


@cache
def asset(name: str) -> str:
    """The text of the asset file ``name`` (read once per process: the files do not change under it)."""
    return (ASSETS / name).read_text(encoding="utf-8")


_BODY = """<header><h1 id="game-name"></h1><span id="verdict"></span>
<span>head anchor <code id="head"></code> (compare it with the one you kept)</span></header>
<nav><button id="first" title="Home">|&lt;</button>\
<button id="prev-command" title="Up / Page Up">&lt;&lt; command</button>
<button id="prev" title="Left arrow">&lt;</button><span id="position"></span>\
<button id="next" title="Right arrow">&gt;</button>
<button id="next-command" title="Down / Page Down">command &gt;&gt;</button><button id="last" title="End">&gt;|</button>
<input id="slider" type="range" min="0" max="0" value="0" aria-label="seq">
<span class="keys">keys: &larr; &rarr; event, &uarr; &darr; command, Home / End</span></nav>
<main><div id="board-pane">{board}</div>
<aside>{box}<div id="command"></div><div id="actor"></div><div id="command-flags"></div>
<div id="event"></div><div id="flags"></div><pre id="detail"></pre>
<h3>Board</h3><div id="turn"></div><ul id="procedures"></ul><h3>Off the map</h3><ul id="off-map"></ul>
<h3>Changed by this command so far (yellow on the board)</h3><ul id="changes"></ul></aside></main>
<section><h2>Timeline</h2><ol id="timeline"></ol></section>
<section><h2>Verify report</h2><pre id="verify"></pre>
<p>How a die is derived: a seeded roll is HMAC-SHA256 of the game's committed seed and the roll's key, sampled
into a face without bias; joint dice mix every holder's share for the key; a die entered by hand is logged as
entered. <code>turnlog verify</code> re-derives every seeded roll once the seed is revealed (or beside the file) and
re-executes every command on the board of its time. Compare the head anchor above with the one a player kept:
if they differ, the log was cut or rewritten.</p></section>
<noscript><p>This replay needs JavaScript to draw the board; the verify report above is plain text.</p></noscript>
"""


def _sha(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def page(data_json: str, board_svg: str, name: str) -> str:
    """The whole document: ``data_json`` must already be escaped for a script element (html.data_json)."""
    script, style = asset("replay.js"), asset("replay.css")
    policy = (f"default-src 'none'; script-src {_sha(script)}; style-src {_sha(style)}; img-src data:; "
              "base-uri 'none'; form-action 'none'")
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">\n'
            f'<meta http-equiv="Content-Security-Policy" content="{policy}">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(name)} — turnlog replay</title>\n<style>{style}</style></head>\n<body>\n"
            + body(data_json, board_svg)
            + f"<script>{script}</script>\n</body></html>\n")


def body(data_json: str, board_svg: str, box: str = "") -> str:
    """The page's body up to its script: the panels, the board, the data; ``box``: markup at the top of the
    panel beside the board (a hosted game's seat and command box)."""
    return (_BODY.replace("{box}", box).replace("{board}", board_svg)
            + f'<script type="application/json" id="turnlog-data">{data_json}</script>\n')
